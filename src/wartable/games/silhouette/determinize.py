"""A seat's belief about the sheets it cannot see, re-drawn for a search (`Rules.determinize`).

A seat sees its own side's sheets whole and, of the other side's, the outline, the damage and
the cells revealed so far (view.py, S1.1 "the Target", rulings G17 and G22); the printed links
of the other side's sheets are hidden. The game's view hides the unrevealed cells of a shipped
design too (the Target sheet is how the rulebook plays: what the other side carries is learnt
in the battle), so the copy treats every design the seat's side does not play as unknown:

- a design its own side also plays is the same sheet: the seat knows it whole, and it is kept;
- any other design (one robot id: every machine of it has the same sheet, so what one of them
  revealed is known of all) keeps its outline, its revealed cells, its cuts and tears, and is
  re-drawn: printed links only where the outline (or what still stands) needs them to hang
  together, since nothing else would have held those cells; the core ☆ where it stands intact
  (S10 ③) and holds what is left (S10 ②), likelier in the middle of the body than in the legs
  (`core_weights`); parts grown from the revealed ones, none of them a part already removed
  whole (S6.5) and each part still on the machine given a cell; a several-cell item revealed
  in part completed by touching cells of its part; every other cell an item drawn as often as
  the shipped sheets of that kind carry it, legs and wheels below, weapons above.

What the copy leaves out, as the state does not keep it: what the log says of the hit cell
behind an armour or arm substitution (its part), what the scenario pieces' fixed procedure
(G21) lets one infer from what they did not do, and the leans reported at earlier
checkpoints (S10 ③; the core is only drawn where the intact sheet stands). The copy's
``data`` keeps the seat's own drawings and the public file; a design drawn only in the other
side's file is replaced by its re-drawing (a legal sheet, so the rules that read it work).

A search makes thousands of copies of one position: what the seat knows of a design is worked
out once (`plan_of`, kept for what it sees), and a copy only makes its draws (`Drawer`).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeVar

from wartable.engine import Msg, State
from wartable.games.silhouette.components import SHIPPED, Components, Robot, components
from wartable.games.silhouette.grid import (
    AROUND_CELL,
    SIZE,
    Cell,
    Link,
    cell_key,
    joined,
    parse_key,
)
from wartable.games.silhouette.physics import STANDS_BELOW, CellState, Profile, lean
from wartable.games.silhouette.state import Machine, comp, in_action

Drawn = dict[str, tuple[str, str, str]]  # "row-col" -> (item, part, instance)
T = TypeVar("T")
NEW_PART = 0.2  # the chance that a cell grown from a part starts a part of its own
LEGS_ROWS = 2  # rows 1-2: where the shipped silhouettes stand on legs or wheels
LETTERS = "abcdefghijklmnopqrstuvwxyz"

# The drawing numbers the sheet's cells in the order of (row, column), so that a sorted list of
# numbers is the sorted list of cells it stands for: a draw picks from the same lists either way.
CELLS: list[Cell] = [(row, col) for row in range(1, SIZE + 1) for col in range(1, SIZE + 1)]
KEYS = [cell_key(cell) for cell in CELLS]
NUMBER = {key: n for n, key in enumerate(KEYS)}
TOUCHING = [tuple(NUMBER[cell_key(t)] for t in AROUND_CELL[cell]) for cell in CELLS]


def determinize(state: State, player: str, rng: random.Random) -> State:
    """`state` (a copy) with the other side's unknown designs re-drawn for `player`."""
    side = state["machines"][player]["side"]
    mine = {m["robot"]: m for m in state["machines"].values() if m["side"] == side}
    designs: dict[str, list[Machine]] = {}
    for mid in sorted(state["machines"]):
        m = state["machines"][mid]
        if m["side"] != side:
            designs.setdefault(m["robot"], []).append(m)
    names = comp(state)  # only the names of revealed parts are read from it
    redrawn = sorted(rid for rid in designs if rid not in mine)
    data = public_data(state["data"], redrawn)
    base = components(data)
    sheets: dict[str, Any] = {}
    for rid in sorted(designs):
        if rid not in mine:
            sheet = redraw(base, names, rid, designs[rid], rng)
            if sheet is not None:
                sheets[rid] = sheet
            continue
        template = mine[rid]
        for m in designs[rid]:
            for key, cell in m["cells"].items():
                if not cell["shown"]:
                    cell["item"], cell["part"], cell["inst"] = FIELDS(template["cells"][key])
            m["links"] = [list(link) for link in template["links"]]
    if sheets:
        data = {**data, "robots": {**data.get("robots", {}), **sheets}}
    state["data"] = data
    return state


def public_data(data: dict[str, Any], hidden: list[str]) -> dict[str, Any]:
    """The ``data`` option without the drawings of the designs hidden from the seat (G22)."""
    robots = {rid: sheet for rid, sheet in data.get("robots", {}).items() if rid not in hidden}
    rest = {k: v for k, v in data.items() if k != "robots"}
    return {**rest, "robots": robots} if robots else rest


# --- one design -------------------------------------------------------------------------


def redraw(
    base: Components, names: Components, rid: str, machines: list[Machine], rng: random.Random
) -> dict[str, Any] | None:
    """The design `rid` re-drawn on `machines` around what is known of it, its cells and its
    links; returns the sheet to put in the copy's data (None when the public file's serves)."""
    first = machines[0]
    plan = plan_of(base, names, rid, first["unit"], tuple(map(seen, machines)))
    drawer = Drawer(plan, rng)
    drawer.complete_items()
    drawer.seed_parts()
    if not plan.core_known:
        drawer.place_core()
    drawer.grow_parts()
    drawer.fill_items()
    item, part, inst = drawer.item, drawer.part, drawer.inst
    for m, hidden in zip(machines, plan.hidden, strict=True):
        cells = m["cells"]
        for key, n in hidden:
            cell = cells[key]
            cell["item"], cell["part"], cell["inst"] = item[n], part[n], inst[n]
        m["links"] = [list(link) for link in plan.links]
    if plan.public:
        return None
    drawn = drawer.drawn()
    return {
        "name": first["name"],
        "kind": "unit" if first["unit"] else "silhouette",
        "layout": layout(base, drawn),
        "parts": {
            p: plan.names.get(p) or {"ja": f"パーツ{p}", "en": f"part {p}"}
            for p in sorted({part for _, part, _ in drawn.values()})
        },
        "links": [" ".join(pair) for pair in plan.links],
        "source": "reconstructed: a determinized copy's belief of a sheet it cannot see",
    }


Seen = tuple[str, bool, tuple[str, ...], tuple[str, ...], tuple[Any, ...], tuple[Any, ...]]
FIELDS = itemgetter("item", "part", "inst")  # what a cell carries
SEEN = itemgetter("shown", "gone")
SHOWN = itemgetter("shown")


def seen(m: Machine) -> Seen:
    """What the seat sees of a machine of the other side: whether it is in action, the parts
    it lost whole, its cells, whether each is revealed and its damage, and what the revealed
    ones carry."""
    cells = m["cells"]
    return (
        m["id"],
        in_action(m),
        tuple(m.get("parts_gone", ())),
        tuple(cells),
        tuple(map(SEEN, cells.values())),
        tuple(map(FIELDS, filter(SHOWN, cells.values()))),
    )


@dataclass(frozen=True)
class Growth:
    """Where `Drawer.grow_parts` starts from, found once for each set of parts it is handed
    (most copies of a position hand it the same ones)."""

    todo: list[int]  # the cells without a part, in order
    frontier: list[int]  # those touching a cell with a part, in order
    edge: list[bool]  # by cell, whether it is on the frontier
    used: frozenset[str]  # the parts on the sheet
    free: frozenset[str]  # the parts a cell may take
    unused: list[str]  # the free parts not on the sheet, in order


@dataclass(frozen=True)
class Plan:
    """What the seat knows of a design, worked out once for all the copies of a position.
    The drawing numbers the cells (`CELLS`); a list indexed by number has one entry a cell."""

    base: Components  # the public file's components
    unit: bool
    outline: frozenset[Cell]
    inside: list[bool]  # whether a cell is on the sheet
    cells: list[int]  # the cells of the sheet, in order
    touching: list[tuple[int, ...]]  # the cells of the sheet touching a cell
    part: list[str | None]  # the part of a revealed cell
    item: list[str | None]  # the item of a revealed cell
    inst: list[str | None]  # the item instance of a revealed cell
    unknown: list[int]  # the cells not revealed, in order
    free: list[str]  # the part letters an unknown cell may take
    groups: list[tuple[str, list[int]]]  # several-cell items revealed, by instance
    machines: list[tuple[frozenset[int], tuple[str, ...]]]  # each: its live cells, parts lost
    hidden: list[list[tuple[str, int]]]  # each machine's cells it has not revealed
    core_known: bool
    core_weight: list[float]  # `core_weights`
    stands: dict[int, bool]  # a cell where the core lets the intact sheet stand: kept as asked
    growth: dict[tuple[str | None, ...], Growth]  # `Growth` from the parts drawn: kept as asked
    prior: list[tuple[list[str], list[float]]]  # the items a cell may draw (`prior_table`)
    links: list[list[str]]  # the printed links the sheet needs
    names: dict[str, Msg]  # the revealed parts' names
    public: bool  # the public file's sheet of the design serves (its part names fit)


@functools.lru_cache(maxsize=256)  # a plan is some 20 kB; a search needs a few at a time
def plan_of(
    base: Components, names: Components, rid: str, unit: bool, machines: tuple[Seen, ...]
) -> Plan:
    """The plan of the design `rid` from what the seat sees of its machines (`seen`)."""
    known: dict[int, tuple[str, str, str]] = {}
    for _, _, _, keys, marks, shown in machines:
        revealed = iter(shown)
        for key, (is_shown, _) in zip(keys, marks, strict=True):
            if is_shown:
                known[NUMBER[key]] = next(revealed)
    known_names = {part: names.robots[rid].parts[part] for _, part, _ in known.values()}
    entry = base.robots.get(rid)
    gone_parts = {p for _, _, lost, _, _, _ in machines for p in lost}
    letters = list(LETTERS)
    public = entry is not None and all(entry.parts.get(p) == n for p, n in known_names.items())
    if entry is not None and public:
        letters = sorted(entry.parts)
    outline = frozenset(parse_key(key) for key in machines[0][3])
    inside = [cell in outline for cell in CELLS]
    part: list[str | None] = [None] * len(CELLS)
    item: list[str | None] = [None] * len(CELLS)
    inst: list[str | None] = [None] * len(CELLS)
    groups: dict[str, list[int]] = {}
    for n, (iid, p, i) in sorted(known.items()):
        item[n], part[n], inst[n] = iid, p, i
        if base.items[iid].cells > 1:
            groups.setdefault(i, []).append(n)
    live = [
        [key for key, (_, gone) in zip(keys, marks, strict=True) if gone is None]
        for _, _, _, keys, marks, _ in machines
    ]
    standing = tuple(
        frozenset(map(parse_key, keys))
        for keys, (_, active, *_) in zip(live, machines, strict=True)
        if active
    )
    weights = core_weights(outline, not unit)
    return Plan(
        base=base,
        unit=unit,
        outline=outline,
        inside=inside,
        cells=[n for n in range(len(CELLS)) if inside[n]],
        touching=[tuple(t for t in TOUCHING[n] if inside[t]) for n in range(len(CELLS))],
        part=part,
        item=item,
        inst=inst,
        unknown=[n for n in range(len(CELLS)) if inside[n] and n not in known],
        free=[p for p in letters if p not in gone_parts],
        groups=sorted(groups.items()),
        machines=[
            (frozenset(NUMBER[key] for key in keys), lost)
            for keys, (_, _, lost, *_) in zip(live, machines, strict=True)
        ],
        hidden=[
            [
                (key, NUMBER[key])
                for key, (is_shown, _) in zip(keys, marks, strict=True)
                if not is_shown
            ]
            for _, _, _, keys, marks, _ in machines
        ],
        core_known=any(iid == "core" for iid, _, _ in known.values()),
        core_weight=[weights.get(cell, 0.0) for cell in CELLS],
        stands={},
        growth={},
        prior=[prior_table(base, unit, row <= LEGS_ROWS, False) for row, _ in CELLS],
        links=[[cell_key(a), cell_key(b)] for a, b in links_for(outline, standing, unit)],
        names=known_names,
        public=public,
    )


def layout(base: Components, drawn: Drawn) -> list[str]:
    """The sheet as the data file draws it: row 6 first, a token per cell (components.py)."""
    rows = []
    for row in range(SIZE, 0, -1):
        tokens = []
        for col in range(1, SIZE + 1):
            found = drawn.get(cell_key((row, col)))
            if found is None:
                tokens.append(". ")
                continue
            item, part, inst = found
            it = base.items[item]
            tokens.append(inst if it.cells > 1 else f"{part}{it.key}")
        rows.append(" ".join(f"{t:<2}" for t in tokens))
    return rows


class Drawer:
    """Fills in the unknown cells of one design: parts first, then the items on them. Its
    lists have an entry a cell, by number (`CELLS`), None until drawn."""

    def __init__(self, plan: Plan, rng: random.Random) -> None:
        self.plan = plan
        self.items = plan.base.items
        self.rng = rng
        self.bits = rng.getrandbits
        self.part = list(plan.part)
        self.item = list(plan.item)
        self.inst = list(plan.inst)

    def drawn(self) -> Drawn:
        drawn: Drawn = {}
        for n in self.plan.cells:
            item, part, inst = self.item[n], self.part[n], self.inst[n]
            assert item is not None and part is not None and inst is not None
            drawn[KEYS[n]] = (item, part, inst)
        return drawn

    def grow(self, group: list[int], size: int, part: str) -> list[int] | None:
        """`group` grown by touching unknown cells without an item to `size` cells, all of
        `part` (or of no part yet); None when there is no room."""
        group = list(group)
        touching, item_at, part_at = self.plan.touching, self.item, self.part
        while len(group) < size:
            frontier = sorted(
                {
                    nxt
                    for n in group
                    for nxt in touching[n]
                    if item_at[nxt] is None and nxt not in group and part_at[nxt] in (None, part)
                }
            )
            if not frontier:
                return None
            group.append(frontier[below(self.bits, len(frontier))])
        return group

    def complete_items(self) -> None:
        """A several-cell item seen in part (one cell destroyed, say) has its other cells
        among the unknown ones touching it, in its part (S6.1: one item, touching cells)."""
        for inst, group in self.plan.groups:
            item, part = self.item[group[0]], self.part[group[0]]
            assert item is not None and part is not None
            grown = self.grow(group, self.items[item].cells, part) or group
            for n in grown[len(group) :]:
                self.item[n], self.part[n], self.inst[n] = item, part, inst

    def seed_parts(self) -> None:
        """A part whose revealed cells are all gone from a machine, yet which has not come off
        whole (S6.5), still has a cell there: one of the unknown cells."""
        parts = {p for p in self.part if p is not None}
        needed = sorted(
            {
                part
                for live, lost in self.plan.machines
                for part in parts - {self.part[n] for n in live}
                if part not in lost
            }
        )
        for part in needed:
            free = [n for n in self.plan.unknown if self.part[n] is None]
            near = [n for n in free if any(self.part[t] == part for t in self.plan.touching[n])]
            if near or free:
                cells = near or free
                self.part[cells[below(self.bits, len(cells))]] = part

    def place_core(self) -> None:
        """The unknown core on an unknown cell, drawn by `core_weights` among the cells where
        the intact sheet stands (S10 ③: a legal sheet stands intact); what still stands holds
        it wherever it is, by `links_for`."""
        plan = self.plan
        cells = [n for n in plan.unknown if self.item[n] is None]
        while cells:
            cum = list(itertools.accumulate(map(plan.core_weight.__getitem__, cells)))
            core = weighted(self.rng.random, cells, cum)
            if plan.unit or len(cells) == 1 or self.stands(core):
                self.item[core], self.inst[core] = "core", KEYS[core]
                return
            cells.remove(core)

    def stands(self, core: int) -> bool:
        found = self.plan.stands.get(core)
        if found is None:
            links = tuple((parse_key(a), parse_key(b)) for a, b in self.plan.links)
            profiles = profiles_of(self.plan.base)
            found = self.plan.stands[core] = stands(self.plan.outline, links, CELLS[core], profiles)
        return found

    def grow_parts(self) -> None:
        """Parts grow from the known ones into the unknown cells; now and then, or where
        nothing touches, a cell starts a part of its own."""
        bits, random_, insort = self.bits, self.rng.random, bisect.insort
        part, free_list, touching = self.part, self.plan.free, self.plan.touching
        start = self.plan.growth.get(key := tuple(part))
        if start is None:
            start = self.plan.growth[key] = self.growth()
        todo, free = start.todo, start.free
        frontier = list(start.frontier)  # kept in order
        edge = list(start.edge)  # each cell ever on the frontier
        used = set(start.used)
        unused = list(start.unused)
        for _ in range(len(todo)):
            if frontier:
                n = frontier.pop(below(bits, len(frontier)))
            else:  # nothing left touches a part: any cell left
                todo = [n for n in todo if part[n] is None]
                n = todo[below(bits, len(todo))]
            parts = []  # the free parts touching the cell, in order
            for t in touching[n]:
                if (p := part[t]) is None:  # a cell left (every other cell has its part)
                    if not edge[t]:
                        edge[t] = True
                        insort(frontier, t)
                elif p not in parts and p in free:
                    parts.append(p)
            parts.sort()
            if parts and not (unused and random_() < NEW_PART):
                chosen = parts[below(bits, len(parts))]
            else:
                choices = unused or free_list or sorted(used)
                chosen = choices[below(bits, len(choices))]
            part[n] = chosen
            if chosen not in used:
                used.add(chosen)
                if chosen in unused:
                    unused.remove(chosen)

    def growth(self) -> Growth:
        """Where `grow_parts` starts from the parts drawn so far."""
        part, touching = self.part, self.plan.touching
        todo = [n for n in self.plan.unknown if part[n] is None]
        parted = {n for n, p in enumerate(part) if p is not None}
        frontier = [n for n in todo if not parted.isdisjoint(touching[n])]
        used = frozenset(p for p in part if p is not None)
        return Growth(
            todo=todo,
            frontier=frontier,
            edge=[n in frontier for n in range(len(CELLS))],
            used=used,
            free=frozenset(self.plan.free),
            unused=[p for p in self.plan.free if p not in used],
        )

    def fill_items(self) -> None:
        """Every cell left gets an item drawn as the shipped sheets of its kind carry them."""
        random_, items, plan = self.rng.random, self.items, self.plan
        item_at, part_at, inst_at = self.item, self.part, self.inst
        insts = {inst for inst in inst_at if inst is not None}
        for n in plan.unknown:
            if item_at[n] is not None:
                continue
            ids, cum = plan.prior[n]
            while True:
                item = weighted(random_, ids, cum)
                size = items[item].cells
                if size == 1:
                    item_at[n], inst_at[n] = item, KEYS[n]
                    break
                part = part_at[n]
                assert part is not None
                group = self.grow([n], size, part)
                if group is not None:
                    token = f"{part}{items[item].key}"
                    inst = next(
                        t for t in (token, *(f"{token}{k}" for k in range(10))) if t not in insts
                    )
                    insts.add(inst)
                    for member in group:
                        item_at[member], part_at[member], inst_at[member] = item, part, inst
                    break
                ids, cum = prior_table(plan.base, plan.unit, CELLS[n][0] <= LEGS_ROWS, True)


def weighted(random_: Callable[[], float], items: list[T], cum: list[float]) -> T:
    """One of `items` by their cumulative weights `cum`, drawn from `random_` (a generator's
    `random`) as `random.Random.choices` draws it, without its checks."""
    return items[bisect.bisect(cum, random_() * cum[-1], 0, len(items) - 1)]


def below(bits: Callable[[int], int], count: int) -> int:
    """A number from 0 to `count` - 1 at random, drawn from `bits` (a generator's
    `getrandbits`) as `random.Random.choice` draws an index, without its two calls (a copy
    draws some forty)."""
    width = count.bit_length()
    found = bits(width)
    while found >= count:
        found = bits(width)
    return found


# --- links and the core ----------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def links_for(
    outline: frozenset[Cell], standing: tuple[frozenset[Cell], ...], unit: bool
) -> tuple[Link, ...]:
    """The fewest printed links that hold the sheet together: the intact outline in one
    piece (every cell is joined to the core, S6.1), and on each machine in action what still
    stands (`standing`) held (a silhouette's by the base, a unit's in one piece: G18, else it
    had fallen)."""
    links: list[Link] = []
    join(outline, links, first)
    for alive in standing:
        join(alive, links, first if unit else on_base)
    return tuple(sorted(links))


def first(pieces: list[list[Cell]]) -> list[list[Cell]]:
    return pieces[:1]


def on_base(pieces: list[list[Cell]]) -> list[list[Cell]]:
    return [p for p in pieces if any(row == 1 for row, _ in p)]


def join(
    cells: frozenset[Cell],
    links: list[Link],
    held: Callable[[list[list[Cell]]], list[list[Cell]]],
) -> None:
    """Add a link from each piece of `cells` not among `held(pieces)` to the nearest held
    cell, until every piece is held."""
    while True:
        pieces = sorted((sorted(p) for p in pieces_of(set(cells), links)), key=lambda p: p[0])
        anchors = {c for piece in held(pieces) for c in piece}
        loose = [p for p in pieces if p[0] not in anchors]
        if not loose or not anchors:
            return
        _, a, b = min(
            (distance(a, b), a, b) for piece in loose for a in piece for b in sorted(anchors)
        )
        links.append((min(a, b), max(a, b)))


def pieces_of(cells: set[Cell], links: list[Link]) -> list[set[Cell]]:
    left = set(cells)
    pieces = []
    while left:
        piece = joined(cells, min(left), links)
        pieces.append(piece)
        left -= piece
    return pieces


def distance(a: Cell, b: Cell) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


@functools.lru_cache(maxsize=1024)
def core_weights(outline: frozenset[Cell], silhouette: bool) -> dict[Cell, float]:
    """How likely each cell of an outline is to hold the core, before anything is revealed:
    a designer puts it in the thick of the body (four times as likely for each touching cell)
    and, on a silhouette, seldom in the two rows of legs."""
    legs = 0.2 if silhouette else 1.0
    return {
        c: 4.0 ** sum(n in outline for n in AROUND_CELL[c]) * (legs if c[0] <= LEGS_ROWS else 1.0)
        for c in outline
    }


@functools.cache
def profiles_of(base: Components) -> tuple[Profile, ...]:
    return tuple(Profile(**values) for _, values in sorted(base.physics.items()))


@functools.lru_cache(maxsize=4096)
def stands(
    outline: frozenset[Cell], links: tuple[Link, ...], core: Cell, profiles: tuple[Profile, ...]
) -> bool:
    """Whether the intact sheet stands under every profile (the data schema's check)."""
    intact = {c: CellState() for c in outline}
    return all(lean(intact, links, core, p).theta < STANDS_BELOW for p in profiles)


# --- the prior over items ----------------------------------------------------------------


@functools.cache
def item_prior(unit: bool, low: bool) -> dict[str, float]:
    """How often the shipped sheets of a kind carry each item (per item, not per cell), in the
    rows of legs or above them; never the core (one a sheet) nor the body slam (not printed)."""
    counts: dict[str, float] = {}
    for robot in shipped_robots(unit):
        for key, placed in robot.cells.items():
            it = SHIPPED.items[placed.item]
            if it.kind in ("core", "ram") or (parse_key(key)[0] <= LEGS_ROWS) != low:
                continue
            counts[it.id] = counts.get(it.id, 0.0) + 1 / it.cells
    if not counts:  # a band the shipped sheets leave empty: any item they carry
        return item_prior(unit, not low)
    return counts


@functools.cache
def prior_table(
    base: Components, unit: bool, low: bool, single: bool
) -> tuple[list[str], list[float]]:
    """`item_prior` as the draw reads it: the items in order and their cumulative weights;
    with `single`, only the items of one cell."""
    prior = item_prior(unit, low)
    ids = sorted(i for i in prior if not single or base.items[i].cells == 1)
    return ids, list(itertools.accumulate(prior[i] for i in ids))


def shipped_robots(unit: bool) -> list[Robot]:
    return [r for r in SHIPPED.robots.values() if (r.kind == "unit") == unit]
