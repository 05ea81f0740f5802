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
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from wartable.engine import State
from wartable.games.silhouette.components import Components, Robot, components
from wartable.games.silhouette.grid import AROUND, SIZE, Cell, Link, cell_key, joined, parse_key
from wartable.games.silhouette.physics import STANDS_BELOW, CellState, Profile, lean
from wartable.games.silhouette.state import Machine, comp, in_action

Drawn = dict[str, tuple[str, str, str]]  # "row-col" -> (item, part, instance)
NEW_PART = 0.2  # the chance that a cell grown from a part starts a part of its own
LEGS_ROWS = 2  # rows 1-2: where the shipped silhouettes stand on legs or wheels
LETTERS = "abcdefghijklmnopqrstuvwxyz"


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
        if rid in mine:
            template = mine[rid]
            drawn = {key: fields(cell) for key, cell in template["cells"].items()}
            links = [list(link) for link in template["links"]]
        else:
            drawn, links, sheet = redraw(base, names, rid, designs[rid], rng)
            if sheet is not None:
                sheets[rid] = sheet
        for m in designs[rid]:
            for key, cell in m["cells"].items():
                if not cell["shown"]:
                    cell["item"], cell["part"], cell["inst"] = drawn[key]
            m["links"] = [list(link) for link in links]
    if sheets:
        data = {**data, "robots": {**data.get("robots", {}), **sheets}}
    state["data"] = data
    return state


def fields(cell: dict[str, Any]) -> tuple[str, str, str]:
    return cell["item"], cell["part"], cell["inst"]


def public_data(data: dict[str, Any], hidden: list[str]) -> dict[str, Any]:
    """The ``data`` option without the drawings of the designs hidden from the seat (G22)."""
    robots = {rid: sheet for rid, sheet in data.get("robots", {}).items() if rid not in hidden}
    rest = {k: v for k, v in data.items() if k != "robots"}
    return {**rest, "robots": robots} if robots else rest


# --- one design -------------------------------------------------------------------------


def redraw(
    base: Components, names: Components, rid: str, machines: list[Machine], rng: random.Random
) -> tuple[Drawn, list[list[str]], dict[str, Any] | None]:
    """The design `rid` of `machines` re-drawn around what is known of it: its cells, its
    links, and the sheet to put in the copy's data (None when the public file's serves)."""
    first = machines[0]
    known: Drawn = {}
    for m in machines:
        known.update({key: fields(c) for key, c in m["cells"].items() if c["shown"]})
    known_names = {part: names.robots[rid].parts[part] for _, part, _ in known.values()}
    entry = base.robots.get(rid)
    gone_parts = {p for m in machines for p in m.get("parts_gone", [])}
    letters = list(LETTERS)
    if entry is not None and all(entry.parts.get(p) == n for p, n in known_names.items()):
        letters = sorted(entry.parts)
    else:
        entry = None
    free = [p for p in letters if p not in gone_parts]
    outline = {parse_key(key) for key in first["cells"]}
    links = needed_links(outline, machines)
    drawer = Drawer(base, outline, known, free, rng)
    drawer.complete_items()
    drawer.seed_parts(machines)
    if all(item != "core" for item, _, _ in known.values()):
        place_core(base, outline, links, drawer, first["unit"])
    drawer.grow_parts()
    drawer.fill_items(first["unit"])
    link_keys = [[cell_key(a), cell_key(b)] for a, b in links]
    if entry is not None:
        return drawer.drawn, link_keys, None
    parts = {
        p: known_names.get(p) or {"ja": f"パーツ{p}", "en": f"part {p}"} for p in drawer.parts()
    }
    sheet = {
        "name": first["name"],
        "kind": "unit" if first["unit"] else "silhouette",
        "layout": layout(base, drawer.drawn),
        "parts": parts,
        "links": [" ".join(pair) for pair in link_keys],
        "source": "reconstructed: a determinized copy's belief of a sheet it cannot see",
    }
    return drawer.drawn, link_keys, sheet


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
    """Fills in the unknown cells of one design: parts first, then the items on them."""

    def __init__(
        self,
        base: Components,
        outline: set[Cell],
        known: Drawn,
        free: list[str],
        rng: random.Random,
    ) -> None:
        self.items = base.items
        self.outline = outline
        self.rng = rng
        self.free = free  # the part letters an unknown cell may take
        self.part: dict[Cell, str] = {parse_key(k): p for k, (_, p, _) in known.items()}
        self.item: dict[Cell, tuple[str, str]] = {
            parse_key(k): (i, inst) for k, (i, _, inst) in known.items()
        }
        self.unknown = sorted(outline - {parse_key(k) for k in known})

    @property
    def drawn(self) -> Drawn:
        return {cell_key(c): (self.item[c][0], self.part[c], self.item[c][1]) for c in self.outline}

    def parts(self) -> list[str]:
        return sorted(set(self.part.values()))

    def open(self, cell: Cell) -> bool:
        return cell in self.outline and cell not in self.item

    def grow(self, group: list[Cell], size: int, part: str) -> list[Cell] | None:
        """`group` grown by touching unknown cells without an item to `size` cells, all of
        `part` (or of no part yet); None when there is no room."""
        group = list(group)
        while len(group) < size:
            frontier = sorted(
                {
                    nxt
                    for row, col in group
                    for dr, dc in AROUND
                    if self.open(nxt := (row + dr, col + dc))
                    and nxt not in group
                    and self.part.get(nxt, part) == part
                }
            )
            if not frontier:
                return None
            group.append(self.rng.choice(frontier))
        return group

    def complete_items(self) -> None:
        """A several-cell item seen in part (one cell destroyed, say) has its other cells
        among the unknown ones touching it, in its part (S6.1: one item, touching cells)."""
        groups: dict[str, list[Cell]] = {}
        for cell, (item, inst) in sorted(self.item.items()):
            if self.items[item].cells > 1:
                groups.setdefault(inst, []).append(cell)
        for inst, group in sorted(groups.items()):
            item = self.item[group[0]][0]
            part = self.part[group[0]]
            grown = self.grow(group, self.items[item].cells, part) or group
            for cell in grown[len(group) :]:
                self.item[cell] = (item, inst)
                self.part[cell] = part

    def seed_parts(self, machines: list[Machine]) -> None:
        """A part whose revealed cells are all gone from a machine, yet which has not come off
        whole (S6.5), still has a cell there: one of the unknown cells."""
        live: dict[str, set[str]] = {p: set() for p in self.part.values()}
        for m in machines:
            for c, p in self.part.items():
                if m["cells"][cell_key(c)]["gone"] is None:
                    live[p].add(m["id"])
        needed = sorted(
            {
                part
                for m in machines
                for part, holders in live.items()
                if m["id"] not in holders and part not in m.get("parts_gone", [])
            }
        )
        for part in needed:
            free = [c for c in self.unknown if c not in self.part]
            near = [c for c in free if any(self.part.get(n) == part for n in around(c))]
            if near or free:
                self.part[self.rng.choice(near or free)] = part

    def grow_parts(self) -> None:
        """Parts grow from the known ones into the unknown cells; now and then, or where
        nothing touches, a cell starts a part of its own."""
        todo = {c for c in self.unknown if c not in self.part}
        frontier = {c for c in todo if any(n in self.part for n in around(c))}
        used = set(self.part.values())
        free = set(self.free)
        while todo:
            cell = self.rng.choice(sorted(frontier or todo))
            todo.discard(cell)
            frontier.discard(cell)
            frontier |= todo.intersection(around(cell))
            near = sorted({self.part[n] for n in around(cell) if n in self.part} & free)
            unused = [p for p in self.free if p not in used]
            if near and not (unused and self.rng.random() < NEW_PART):
                part = self.rng.choice(near)
            else:
                part = self.rng.choice(unused or self.free or sorted(used))
            self.part[cell] = part
            used.add(part)

    def fill_items(self, unit: bool) -> None:
        """Every cell left gets an item drawn as the shipped sheets of its kind carry them."""
        insts = {inst for _, inst in self.item.values()}
        for cell in self.unknown:
            if cell in self.item:
                continue
            weights = item_prior(unit, cell[0] <= LEGS_ROWS)
            while True:
                ids = sorted(weights)
                item = self.rng.choices(ids, [weights[i] for i in ids])[0]
                size = self.items[item].cells
                group = self.grow([cell], size, self.part[cell]) if size > 1 else [cell]
                if group is not None:
                    break
                weights = {i: w for i, w in weights.items() if self.items[i].cells == 1}
            inst = cell_key(cell)
            if size > 1:
                token = f"{self.part[cell]}{self.items[item].key}"
                inst = next(
                    t for t in (token, *(f"{token}{n}" for n in range(10))) if t not in insts
                )
                insts.add(inst)
            for member in group:
                self.item[member] = (item, inst)
                self.part[member] = self.part[cell]


def around(cell: Cell) -> tuple[Cell, ...]:
    """The cells touching `cell` (sides and corners) on the sheet."""
    return AROUND_CELL[cell]


AROUND_CELL = {
    (row, col): tuple(
        (row + dr, col + dc) for dr, dc in AROUND if 1 <= row + dr <= SIZE and 1 <= col + dc <= SIZE
    )
    for row in range(1, SIZE + 1)
    for col in range(1, SIZE + 1)
}


# --- links and the core ----------------------------------------------------------------


def needed_links(outline: set[Cell], machines: list[Machine]) -> list[Link]:
    """The fewest printed links that hold the sheet together: the intact outline in one
    piece (every cell is joined to the core, S6.1), and on each machine in action what still
    stands held (a silhouette's by the base, a unit's in one piece: G18, else it had fallen)."""
    standing = tuple(
        frozenset(parse_key(k) for k, c in m["cells"].items() if c["gone"] is None)
        for m in machines
        if in_action(m)
    )
    return list(links_for(frozenset(outline), standing, machines[0]["unit"]))


@functools.lru_cache(maxsize=4096)
def links_for(
    outline: frozenset[Cell], standing: tuple[frozenset[Cell], ...], unit: bool
) -> tuple[Link, ...]:
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
        c: 4.0 ** sum(n in outline for n in around(c)) * (legs if c[0] <= LEGS_ROWS else 1.0)
        for c in outline
    }


def place_core(
    base: Components, outline: set[Cell], links: list[Link], drawer: Drawer, unit: bool
) -> None:
    """The unknown core on an unknown cell, drawn by `core_weights` among the cells where the
    intact sheet stands (S10 ③: a legal sheet stands intact); what still stands holds it
    wherever it is, by `needed_links`."""
    cells = sorted(c for c in drawer.unknown if drawer.open(c))
    weights = core_weights(frozenset(outline), not unit)
    profiles = tuple(Profile(**values) for _, values in sorted(base.physics.items()))
    while cells:
        core = drawer.rng.choices(cells, [weights[c] for c in cells])[0]
        if unit or stands(frozenset(outline), tuple(links), core, profiles) or len(cells) == 1:
            drawer.item[core] = ("core", cell_key(core))
            return
        cells.remove(core)


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


def shipped_robots(unit: bool) -> list[Robot]:
    return [r for r in SHIPPED.robots.values() if (r.kind == "unit") == unit]


SHIPPED = components({})
