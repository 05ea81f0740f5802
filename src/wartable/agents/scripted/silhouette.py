"""The scripted player of Mechanical Silhouette, and the evaluation of a position.

It plays as a good player at the table, from its seat's view only:

- it reckons how far each machine is from being put out of action (S10) in hits: the core's
  two hits (its first damage only cuts it, S10 ①), or tearing away the cells that hold the
  core's piece on the base (S10 ②, which on a biped is also what topples it, S10 ③). On the
  other side's sheets it knows only the outline and what was revealed (G17), so it guesses
  the core where a designer puts it (`determinize.core_weights`) and a cell's sturdiness from
  the shipped sheets; its own sheet it knows whole;
- it attacks the machine and with the weapon that bring a kill nearest, by the exact odds of
  the two dice over the target's live cells with its SP (S6.3, S3: the same die costs as the
  game's odds), and after the roll spends SP to move the hit onto the cell worth most (2 SP
  ±1, 4 SP any face), keeping SP for later rounds unless it buys enough; it buys a second
  attack for 6 SP when two attacks are worth more than one well aimed;
- defending, it dodges a dangerous hit with its interrupts (S6.3), takes a hit where it costs
  least (a sturdy cut, an armour or arm substitution, S6.4) by the same reckoning and by how
  far its paper would lean (the game's standing model, S10 ③), and when it has fallen it
  detaches the part that stands it up again (S11); it never surrenders.

In solo and co-op play the same reckoning aims at the scenario's pieces.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in, printed_values
from wartable.engine.game import Game
from wartable.games.silhouette.components import SHIPPED, Components, components
from wartable.games.silhouette.determinize import core_weights, item_prior
from wartable.games.silhouette.grid import AROUND_CELL, SIZE, Cell, Link, joined, parse_key
from wartable.games.silhouette.odds import die_cost
from wartable.games.silhouette.physics import FALLS_AT, STANDS_BELOW, CellState, Profile, lean
from wartable.games.silhouette.state import comp

Action = dict[str, Any]
SEARCH = 2.0  # extra hits expected to find a core no one has seen
TEAR = 0.01  # what a hit anywhere on the sheet is worth, in hits: it tears the paper
INCOME = 1  # SP a machine gains each round (S2); the +3 of S8 is not counted on
SP_CAP = 24  # more SP than this buys nothing more: two dice set for 8
DODGE = 0.3  # an interrupt is kept unless the hit costs this share of a core hit
FALL = 10.0  # what falling over costs a defender, in hits
KEEP = 0.2  # what an uncut armour cell, a live arm or a usable weapon is worth, in hits
# What a sheet is worth is kept for the latest sheets only: each of a search's copies draws
# the enemy's sheets anew, so old entries seldom come back, and every entry kept lengthens
# Python's full garbage collections, which pause a search past its time (docs/agents.md).
SHEETS_KEPT = 1_000
STEPS_KEPT = 5_000  # the dynamic programme's steps (`chain`, `future`)


# --- a machine as one seat knows it -------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """A machine's sheet as far as a seat knows it: its outline, what is left of it, its
    cuts and tears, the items and parts of the cells it has seen, and its printed links."""

    outline: frozenset[Cell]
    live: frozenset[Cell]
    cut: frozenset[Cell]
    frayed: frozenset[Cell]
    items: tuple[tuple[Cell, str], ...]  # (cell, item id) of the cells whose item is known
    parts: tuple[tuple[Cell, str], ...]
    links: tuple[Link, ...]
    unit: bool
    whole: bool  # its owner's side: every cell known
    comp: Components  # the items it is printed with (the table's, `printed_values`)

    @staticmethod
    def of(m: Mapping[str, Any], comp: Components) -> Sheet:
        """From a machine of a view (its owner's side sees it whole) or of the state."""
        cells = {parse_key(k): c for k, c in m["cells"].items()}
        whole = m.get("mine", True)
        return Sheet(
            outline=frozenset(cells),
            live=frozenset(c for c, x in cells.items() if x["gone"] is None),
            cut=frozenset(c for c, x in cells.items() if x["cut"]),
            frayed=frozenset(c for c, x in cells.items() if x["frayed"]),
            items=tuple(sorted((c, x["item"]) for c, x in cells.items() if "item" in x)),
            parts=tuple(sorted((c, x["part"]) for c, x in cells.items() if "part" in x)),
            links=tuple(
                (parse_key(a), parse_key(b)) for a, b in (m["links"] if whole else None) or []
            ),
            unit=m["unit"],
            whole=whole,
            comp=comp,
        )

    def without(self, gone: set[Cell], cut: set[Cell] | None = None) -> Sheet:
        """The sheet with `gone` cells removed and `cut` cells slit."""
        return replace(self, live=self.live - gone, cut=self.cut | (cut or set()))

    def kind(self, item: str) -> str:
        found = self.comp.items.get(item)
        return found.kind if found is not None else "hollow"

    def sturdy(self, item: str) -> bool:
        found = self.comp.items.get(item)
        return found is not None and found.sturdy


@functools.cache
def sturdy_odds(unit: bool, low: bool) -> float:
    """The chance an unseen cell is sturdy, as the shipped sheets of its kind carry items."""
    prior = item_prior(unit, low)
    return sum(w for i, w in prior.items() if SHIPPED.items[i].sturdy) / sum(prior.values())


# --- how far a machine is from being out of action ---------------------------------------


@dataclass(frozen=True)
class Reckoning:
    """Hits still needed to put a machine out: by its core and by its base, the cells that
    hold the core's piece on the base, and where the core may be."""

    core_hits: float
    base_hits: float
    neck: frozenset[Cell]
    core: Mapping[Cell, float]

    @property
    def hits(self) -> float:
        return softmin(self.core_hits, self.base_hits)


def softmin(a: float, b: float) -> float:
    """Nearly the smaller: the other way to a kill still counts a little."""
    low = min(a, b)
    if low <= 0 or math.isinf(max(a, b)):
        return max(low, 0.0)
    return max(0.0, low - math.log1p(math.exp(low - max(a, b))))


@functools.lru_cache(maxsize=SHEETS_KEPT)
def reckon(sheet: Sheet) -> Reckoning:
    items = dict(sheet.items)
    parts = dict(sheet.parts)
    known_core = [c for c, i in items.items() if sheet.kind(i) == "core" and c in sheet.live]
    core: Cell | None
    arms = 0.0
    if known_core:
        core = known_core[0]
        odds = {core: 1.0}
        if sheet.whole:  # its owner knows what can take a hit for the core (S6.4)
            reach = joined(set(sheet.live), core, sheet.links)
            arms = float(sum(1 for c in reach if sheet.kind(items[c]) == "arm"))
        protect = guards(sheet, core, items, parts) if sheet.whole else 0.0
        core_hits = (1.0 if core in sheet.cut else 2.0) + protect + arms
    else:
        weights = core_weights(sheet.outline, not sheet.unit)
        unseen = [c for c in sorted(sheet.live) if c not in items]
        total = sum(weights[c] for c in unseen) or 1.0
        odds = {c: weights[c] / total for c in unseen}
        core = max(unseen, key=lambda c: odds[c]) if unseen else None
        core_hits = 2.0 + SEARCH
    if core is None or sheet.unit or core[0] == 1:
        return Reckoning(core_hits, math.inf, frozenset(), odds)
    caps = {c: removal(sheet, c, items, parts) for c in sheet.live if c != core}
    base_hits, neck = min_cut(sheet.live, sheet.links, core, caps)
    # an arm folds over a hit cell of the core's part (G19), once each
    in_core_part = sum(1 for c in neck if parts.get(c) == parts.get(core))
    return Reckoning(core_hits, base_hits + min(arms, in_core_part), neck, odds)


def removal(sheet: Sheet, cell: Cell, items: dict[Cell, str], parts: dict[Cell, str]) -> float:
    """Hits to tear a cell away: one, two while it is sturdy and uncut (S6.4), one more where
    an uncut armour cell of its part can take a hit for it."""
    if cell in sheet.cut:
        return 1.0
    if cell in items:
        hits = 2.0 if sheet.sturdy(items[cell]) else 1.0
        return hits + (guards(sheet, cell, items, parts) if sheet.whole else 0.0)
    return 1.0 + sturdy_odds(sheet.unit, cell[0] <= 2)


def guards(sheet: Sheet, cell: Cell, items: dict[Cell, str], parts: dict[Cell, str]) -> float:
    """Uncut armour touching `cell` in its part: each can take one hit for it (S6.4, G23)."""
    return float(
        sum(
            1
            for n in AROUND_CELL[cell]
            if n in sheet.live
            and n not in sheet.cut
            and sheet.kind(items.get(n, "")) == "armour"
            and parts.get(n) == parts.get(cell)
        )
    )


def min_cut(
    live: frozenset[Cell], links: tuple[Link, ...], core: Cell, caps: dict[Cell, float]
) -> tuple[float, frozenset[Cell]]:
    """The fewest hits that part the core from row 1 (the base, G3), and the cells to hit:
    a minimum vertex cut, by augmenting paths over the cells split in two (in, out) joined
    by their capacity `caps`; the core is the source, every row-1 cell leads to the sink."""
    Node = tuple[Cell, int]
    sink: Node = ((0, 0), 0)
    room: dict[Node, dict[Node, float]] = {}

    def edge(a: Node, b: Node, cap: float) -> None:
        room.setdefault(a, {})[b] = room.get(a, {}).get(b, 0.0) + cap
        room.setdefault(b, {}).setdefault(a, 0.0)

    near = {c: [n for n in AROUND_CELL[c] if n in live] for c in live}
    for a, b in links:
        if a in live and b in live:
            near[a].append(b)
            near[b].append(a)
    for c in sorted(live):
        if c != core:
            edge((c, 0), (c, 1), caps[c])
        for n in near[c]:
            if n != core:
                edge((c, 1), (n, 0), math.inf)
        if c[0] == 1:
            edge((c, 1), sink, math.inf)
    source: Node = (core, 1)
    total = 0.0
    while True:
        back: dict[Node, Node] = {}
        todo = [source]
        for here in todo:
            for there, left in room.get(here, {}).items():
                if left > 1e-9 and there not in back and there != source:
                    back[there] = here
                    todo.append(there)
        if sink not in back:
            break
        path = [sink]
        while path[-1] != source:
            path.append(back[path[-1]])
        push = min(room[frm][to] for to, frm in itertools.pairwise(path))
        for to, frm in itertools.pairwise(path):
            room[frm][to] -= push
            room[to][frm] += push
        total += push
    seen = {source, *todo}
    neck = frozenset(c for c in live if (c, 0) in seen and (c, 1) not in seen)
    return (total if total > 0 else math.inf), neck


@functools.lru_cache(maxsize=SHEETS_KEPT)
def gains(sheet: Sheet) -> dict[Cell, float]:
    """How many of the hits still needed a hit on each live cell is worth (a share when the
    core may or may not be there)."""
    r = reckon(sheet)
    now = r.hits
    known_core = len(r.core) == 1 and next(iter(r.core.values())) == 1.0
    found = {}
    for cell in sheet.live:
        base = r.base_hits - 1.0 if cell in r.neck else r.base_hits
        p = r.core.get(cell, 0.0)
        core_hit = r.core_hits - 1.0 if known_core else 1.0
        after = p * softmin(core_hit, base) + (1 - p) * softmin(r.core_hits, base)
        found[cell] = now - after + TEAR  # any hit tears the paper a little
    return found


@functools.lru_cache(maxsize=SHEETS_KEPT)
def attack_gains(sheet: Sheet, row_cut: bool) -> dict[Cell, float]:
    """`gains`, and for the pile bunker half the gains of the rest of the row in the hit
    cell's part (G16) where the part may be the same."""
    value = gains(sheet)
    if not row_cut:
        return value
    parts = dict(sheet.parts)
    return {
        cell: v
        + 0.5
        * sum(
            value[other]
            for other in value
            if other[0] == cell[0]
            and other != cell
            and parts.get(other, "?") in (parts.get(cell, "?"), "?")
        )
        for cell, v in value.items()
    }


# --- aiming with the dice and SP (S6.3, S3) ----------------------------------------------


@dataclass(frozen=True)
class Costs:
    """The SP skills' prices (S3): one die ±1, one die to any face."""

    shift: int
    set: int

    def move(self, frm: Cell, to: Cell) -> int:
        """SP to turn the roll `frm` into `to` (the game's odds reckon the same way)."""
        return die_cost(frm[0], to[0], self.shift, self.set) + die_cost(
            frm[1], to[1], self.shift, self.set
        )


ROLLS = tuple((row, col) for row in range(1, SIZE + 1) for col in range(1, SIZE + 1))
Front = tuple[tuple[int, float], ...]  # (SP spent, what the hit is worth), dearer is worth more


@functools.lru_cache(maxsize=SHEETS_KEPT)
def fronts(sheet: Sheet, row_cut: bool, costs: Costs) -> tuple[tuple[Front, int], ...]:
    """For each roll of the two dice (exact odds, S6.3): what moving the hit with SP can buy,
    as the cells worth more than any cheaper one; equal fronts counted together."""
    value = attack_gains(sheet, row_cut)
    counted: dict[Front, int] = {}
    for roll in ROLLS:
        best = value.get(roll, 0.0)
        front = [(0, best)]
        for cost, worth in sorted(
            (costs.move(roll, cell), -v) for cell, v in value.items() if cell != roll
        ):
            if -worth > best + 1e-12:
                best = -worth
                if front[-1][0] == cost:
                    front[-1] = (cost, best)
                else:
                    front.append((cost, best))
        counted[tuple(front)] = counted.get(tuple(front), 0) + 1
    return tuple(sorted(counted.items()))


@dataclass(frozen=True)
class Plan:
    """Attacks at one target for the rest of the battle: each attack of this turn, then
    one a round with an SP more, spending SP where the dice leave the hit near a cell
    worth it (a dynamic programme over SP and attacks left)."""

    sheet: Sheet
    row_cut: bool
    costs: Costs
    rounds: int  # rounds after this one

    def later(self, sp: int) -> float:
        """Hits to be gained in the later rounds, one attack each."""
        return future(self.sheet, self.costs, min(sp + INCOME, SP_CAP), self.rounds)

    def attacks(self, count: int, sp: int) -> float:
        """Hits to be gained by `count` attacks now, and the later rounds'."""
        return chain(self, count, max(sp, 0))

    def after(self, worth: float, cost: int, sp: int, count: int) -> float:
        """Taking a hit worth `worth` for `cost` SP, with `count` more attacks this turn."""
        return worth + chain(self, count, sp - cost)


@functools.lru_cache(maxsize=STEPS_KEPT)
def chain(plan: Plan, count: int, sp: int) -> float:
    if count == 0:
        return plan.later(sp)
    return step(
        fronts(plan.sheet, plan.row_cut, plan.costs), sp, lambda s: chain(plan, count - 1, s)
    )


@functools.lru_cache(maxsize=STEPS_KEPT)
def future(sheet: Sheet, costs: Costs, sp: int, rounds: int) -> float:
    if rounds <= 0:
        return 0.0
    return step(
        fronts(sheet, False, costs),
        sp,
        lambda s: future(sheet, costs, min(s + INCOME, SP_CAP), rounds - 1),
    )


def step(table: tuple[tuple[Front, int], ...], sp: int, then: Callable[[int], float]) -> float:
    """One attack: over the rolls, the best of keeping the hit or buying a better one."""
    total = 0.0
    for front, count in table:
        total += count * max(worth + then(sp - cost) for cost, worth in front if cost <= sp)
    return total / len(ROLLS)


# --- the player -------------------------------------------------------------------------


class Scripted(Agent):
    """Plays Mechanical Silhouette from its seat's view as described in the module."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        legal: list[Action] = legal_in(view)
        table = Table(view)
        chosen = DECIDE[table.step["kind"]](table, legal)
        return chosen if chosen in legal else self.random.choice(legal)


class Table:
    """What the seat reads off its view to decide."""

    def __init__(self, view: dict[str, Any]) -> None:
        board = view["board"]
        self.board = board
        self.comp = components(printed_values(view))
        self.step: dict[str, Any] = board["step"]
        self.machines: dict[str, Any] = board["machines"]
        self.costs = Costs(board["costs"]["shift_cost"], board["costs"]["set_cost"])
        self.sheets: dict[str, Sheet] = {}

    def sheet(self, mid: str) -> Sheet:
        if mid not in self.sheets:
            self.sheets[mid] = Sheet.of(self.machines[mid], self.comp)
        return self.sheets[mid]

    @property
    def rounds(self) -> int:
        """The rounds after this one."""
        return int(self.board["rounds"] - self.board["round"])

    def plan(self, target: str, item: str) -> Plan:
        stats = self.comp.items.get(item)
        row_cut = stats is not None and stats.row_cut
        return Plan(self.sheet(target), row_cut, self.costs, self.rounds)

    def share(self, target: str, item: str, sp: int, extra: int = 0) -> float:
        """The share of the hits still needed to put `target` out that attacking it with
        `item` (each of its attacks, S6.2; `extra` attacks more this turn) and once a round
        after brings: the machine nearest its end first."""
        stats = self.comp.items.get(item)
        attacks = (stats.attacks if stats is not None else 1) + extra
        needed = max(reckon(self.sheet(target)).hits, 1.0)
        return self.plan(target, item).attacks(attacks, sp) / needed


def item_of(table: Table, mid: str, weapon: str) -> str:
    if weapon == "ram":
        return next((i for i, x in table.board["items"].items() if x["kind"] == "ram"), "ram")
    m = table.machines[mid]
    return str(next(c["item"] for c in m["cells"].values() if c.get("inst") == weapon))


def decide_turn(table: Table, legal: list[Action]) -> Action:
    """S5: the attack worth most (a weapon that can be used again before a scissors one, the
    body slam before a weapon that would be shown, on a tie); 6 SP for two attacks when two
    are worth more (S3); never a surrender, a pass only with nothing to attack."""
    mid = table.step["machine"]
    sp = table.machines[mid]["sp"]
    attacks = [a for a in legal if a["do"] == "attack"]
    if not attacks:
        return {"do": "pass"}
    ranked = sorted(
        attacks,
        key=lambda a: (
            -round(table.share(a["target"], item_of(table, mid, a["weapon"]), sp), 9),
            single_use(table.comp, item_of(table, mid, a["weapon"])),
            a["weapon"] != "ram",
            a["weapon"],
            a["target"],
        ),
    )
    best = ranked[0]
    if {"do": "double"} in legal:
        item = item_of(table, mid, best["weapon"])
        twice = table.share(best["target"], item, sp - table.board["costs"]["double_cost"], 1)
        if twice > table.share(best["target"], item, sp) + 1e-9:
            return {"do": "double"}
    return best


def single_use(comp: Components, item: str) -> bool:
    found = comp.items.get(item)
    return found is not None and found.cuts > 0


def decide_boost(table: Table, legal: list[Action]) -> Action:
    """S3: move the hit onto the cell worth most, if that is worth more than what the SP
    would buy in the attacks still to come."""
    attack = table.board["attack"]
    at: Cell = (attack["at"][0], attack["at"][1])
    sp = table.machines[table.step["machine"]]["sp"]
    plan = table.plan(attack["target"], attack["item"])
    value = attack_gains(plan.sheet, plan.row_cut)
    more = attack["rolls_left"]
    best, cell = plan.after(value.get(at, 0.0), 0, sp, more), at
    for other, worth in sorted(value.items()):
        cost = table.costs.move(at, other)
        if 0 < cost <= sp and (score := plan.after(worth, cost, sp, more)) > best + 1e-9:
            best, cell = score, other
    for n, axis in enumerate(("row", "col")):
        by = cell[n] - at[n]
        if by and table.costs.shift * abs(by) <= table.costs.set:
            return {"do": "shift", "axis": axis, "by": 1 if by > 0 else -1}
        if by:
            return {"do": "set", "axis": axis, "face": cell[n]}
    return {"do": "done"}


def decide_retarget(table: Table, legal: list[Action]) -> Action:
    """S6.2: the next attack of the weapon at the machine it is worth most against."""
    attack = table.board["attack"]
    sp = table.machines[attack["by"]]["sp"]
    more = attack["rolls_left"]
    return max(
        legal,
        key=lambda a: (table.share(a["target"], "", sp, more), a["target"]),
    )


def decide_interrupt(table: Table, legal: list[Action]) -> Action:
    """S6.3: an interrupt moves the hit off a cell that matters (to no cell, or a cheaper
    one); kept otherwise, as it works once."""
    sheet = table.sheet(table.step["machine"])
    loss = gains(sheet)
    row, col = table.board["attack"]["at"]
    now = loss.get((row, col), 0.0)
    worst = max(loss.values(), default=0.0)
    best, choice = now - DODGE * worst, {"do": "done"}
    for action in legal:
        if action["do"] != "interrupt":
            continue
        by = action["by"]
        after = loss.get((row + by, col) if action["axis"] == "row" else (row, col + by), 0.0)
        if after < best - 1e-12:
            best, choice = after, action
    return choice


def decide_defend(table: Table, legal: list[Action]) -> Action:
    """S6.4: the way of taking the hit that leaves the machine furthest from a kill, its
    armour, arms and weapons counted, and standing (S10 ③)."""
    mid = table.step["machine"]
    m = table.machines[mid]
    key = parse_key(table.step["cell"])
    sheet = Sheet.of(m, table.comp)
    items = dict(sheet.items)
    core = next(c for c, i in sheet.items if sheet.kind(i) == "core")
    damage = table.board["items"].get(table.board["attack"]["item"], {}).get("damage", "tear")

    def score(action: Action) -> float:
        do = action["do"]
        if do == "sturdy":
            after = sheet.without(set(), {key})
        elif do == "armour":
            after = sheet.without(set(), {parse_key(action["cell"])})
        elif do == "arm":
            after = torn(sheet, {parse_key(action["cell"])}, damage)
        elif sheet.kind(items.get(key, "")) == "core" and key not in sheet.cut:
            after = sheet.without(set(), {key})  # S10 ①: the core's first damage cuts it
        else:
            after = torn(sheet, {key}, damage)
        # a slit alone seldom topples the paper, nor a cell lost above the core (it only
        # lightens its load): the standing model is asked of a cell lost at or below it
        lost = sheet.live - after.live
        return standing_score(table, after, judge=any(c[0] <= core[0] for c in lost))

    return max(legal, key=lambda a: (score(a), -legal.index(a)))


def torn(sheet: Sheet, cells: set[Cell], damage: str) -> Sheet:
    """The sheet with `cells` destroyed: a tear frays what touches them (P.4)."""
    after = sheet.without(cells)
    if damage != "tear":
        return after
    frayed = {n for c in cells for n in AROUND_CELL[c] if n in after.live}
    return replace(after, frayed=after.frayed | frayed)


def standing_score(table: Table, sheet: Sheet, judge: bool) -> float:
    """How safe one's own machine is: hits still needed to put it out, what it keeps to
    defend and fight with, less a fall (S10 ③) when `judge`."""
    items = dict(sheet.items)
    if not any(sheet.kind(i) == "core" and c in sheet.live for c, i in sheet.items):
        return -2 * FALL  # S10 ①: the core destroyed
    r = reckon(sheet)
    kept = sum(
        KEEP
        for c in sheet.live
        if c not in sheet.cut and sheet.kind(items.get(c, "")) in ("armour", "arm")
    )
    weapons = {c for c in sheet.live if sheet.kind(items.get(c, "")) in ("ranged", "melee")}
    penalty = FALL if judge and lean_of(table, sheet) == "fallen" else 0.0
    return min(r.hits, 2 * FALL) + kept + KEEP * len(weapons) - penalty


def lean_of(table: Table, sheet: Sheet) -> str:
    """The standing model's verdict (the game's profile; the hinge model when the players
    judge by hand), with the core where it is or, on a sheet not seen whole, likeliest."""
    odds = reckon(sheet).core
    if sheet.unit or not odds:
        return "standing" if sheet.unit else "fallen"
    core = max(sorted(odds), key=lambda c: odds[c])
    options = table.board["options"]
    return verdict(sheet, core, options["physics"], options["grey"])


@functools.lru_cache(maxsize=SHEETS_KEPT)
def verdict(sheet: Sheet, core: Cell, physics: str, grey: str) -> str:
    name = "calibrated" if physics == "manual" else physics
    profile = Profile(**sheet.comp.physics[name])
    held = based(sheet.live, sheet.links)
    if core not in held:
        return "fallen"  # off the base (S10 ②): as bad as a fall
    cells = {c: CellState(cut=c in sheet.cut, frayed=c in sheet.frayed) for c in held}
    theta = lean(cells, sheet.links, core, profile).theta
    if theta >= FALLS_AT or (theta >= STANDS_BELOW and grey == "fallen"):
        return "fallen"
    return "standing"


def based(live: frozenset[Cell], links: tuple[Link, ...]) -> set[Cell]:
    held: set[Cell] = set()
    for cell in sorted(c for c in live if c[0] == 1):
        if cell not in held:
            held |= joined(set(live), cell, links)
    return held


def decide_stand(table: Table, legal: list[Action]) -> Action:
    """S11: fallen, detach the part that stands the robot up again (never the core's); then
    stop, or report honestly what the paper does when the players judge (G20)."""
    m = table.machines[table.step["machine"]]
    sheet = Sheet.of(m, table.comp)
    now = lean_of(table, sheet)
    if now == "fallen":
        parts = dict(sheet.parts)
        for action in legal:
            if action["do"] != "detach":
                continue
            cells = {c for c in sheet.live if parts.get(c) == action["part"]}
            if lean_of(table, sheet.without(cells)) != "fallen":
                return action
    for answer in ("done", "stands" if now != "fallen" else "fallen"):
        if {"do": answer} in legal:
            return {"do": answer}
    return legal[-1]


DECIDE = {
    "turn": decide_turn,
    "boost": decide_boost,
    "retarget": decide_retarget,
    "interrupt": decide_interrupt,
    "defend": decide_defend,
    "stand": decide_stand,
}


# --- the evaluation of a position -------------------------------------------------------

HIT_RATE = 0.45  # hits that count, per attack at a machine


def evaluate(game: Game) -> dict[str, float]:
    """Each player's chance to win: for each side, the chance it loses (a majority of its
    machines out, S1.1) before the rounds run out, each machine's by the hits still needed
    against the attacks the other side has left; a draw when neither does."""
    players = list(game.players)
    result = game.result
    if result is not None:
        winners = [p for p in result["winners"] if p in players]
        share = 1 / len(winners) if winners else 1 / len(players)
        return {p: (share if p in winners or not winners else 0.0) for p in players}
    state = game.state
    if state["mode"] in ("solo", "coop"):
        return {p: 1 / len(players) for p in players}  # every seat wins or loses together
    rounds_left = state["rounds"] - state["round"] + 1
    printed = comp(state)
    lose: dict[str, float] = {}
    for side, mids in state["sides"].items():
        machines = [state["machines"][mid] for mid in mids]
        foes = sum(1 for m in state["machines"].values() if m["side"] != side and m["out"] is None)
        at_each = rounds_left * foes / max(1, sum(m["out"] is None for m in machines))
        outs = [1.0 if m["out"] else knocked_out(Sheet.of(m, printed), at_each) for m in machines]
        lose[side] = majority(outs)
    a, b = sorted(lose)
    win = {a: lose[b] * (1 - lose[a] / 2), b: lose[a] * (1 - lose[b] / 2)}
    draw = 1 - win[a] - win[b]
    values = {
        p: (win[state["machines"][p]["side"]] + draw / 2)
        / len(state["sides"][state["machines"][p]["side"]])
        for p in players
    }
    total = sum(values.values())
    return {p: v / total for p, v in values.items()}


def knocked_out(sheet: Sheet, attacks: float) -> float:
    """The chance a machine is put out by `attacks` more attacks (Poisson hits)."""
    need = reckon(sheet).hits
    mean = HIT_RATE * attacks
    whole = math.ceil(need - 1e-9)
    below = sum(math.exp(-mean) * mean**k / math.factorial(k) for k in range(whole))
    return max(0.0, min(1.0, 1 - below))


def majority(outs: list[float]) -> float:
    """The chance that more than half of the machines are out, each on its own."""
    counts = [1.0]
    for p in outs:
        counts = [
            (counts[k] if k < len(counts) else 0.0) * (1 - p)
            + (counts[k - 1] * p if k > 0 else 0.0)
            for k in range(len(counts) + 1)
        ]
    return sum(c for k, c in enumerate(counts) if 2 * k > len(outs))
