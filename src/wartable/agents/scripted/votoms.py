"""The scripted VOTOMS player: each side plays for the victory points the rules give it.

Merc (rules 4.4.4, 14.2) scores every turn for the bases it holds, so it keeps its three bases
garrisoned, takes the open Nuba Highland and any weakly held Bieler base, and fights only at
good odds. Bieler (rules 10.1, 14.2.4) scores for its own ATs destroyed, for the kills of its PS
and, when the offensive ends the game, for every AT in and around the Palace; so it throws its
stacks at the Merc bases it can take (each taken base also cuts the Merc income), and brings
its ATs home to the Palace before the offensive can fall.

Every decision is made from the seat's view alone, in under a millisecond on average: the map
is read once per printed map, battles are judged by a Lanchester estimate calibrated against
the game's exact odds (`wartable.games.votoms.odds`, too slow to ask at every decision), and
each kind of decision of the rules has its own short handler below.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in, printed_values
from wartable.engine.game import Game
from wartable.engine.hexmap import distance, neighbours, offset_to_axial
from wartable.games.votoms.combat import hit_chance
from wartable.games.votoms.components import Components, components
from wartable.games.votoms.reinforcement import SUPPLY_ROUTE
from wartable.games.votoms.stages import BLUE_AT, KAN_YU, PROTO_ONE, STRIKE_DOG
from wartable.games.votoms.state import comp

MERC, BIELER = "merc", "bieler"
Action = dict[str, Any]
Stats = tuple[int, int]  # (attack, defence), rule 9.9.3

HIT = tuple(float(hit_chance(n)) for n in range(13))
COST = {"clear": 1, "forest": 3, "river": 2, "highland": 3}  # rule 5.4, ruling R5
ALONG_RIVER = 1  # rule 5.6
GROUND_MP, HELI_MP = 5, 9  # rule 5.3
PS_VP = 5  # rule 10.2
FIRST_OFFENSIVE = 8  # rule 14.1.2: the game may end at the end of turn 8
SEARCH_SETTINGS = {"rollout_horizon": 100}  # about a side's turn of moves and fights


def other(side: str) -> str:
    return BIELER if side == MERC else MERC


def hit(n: int) -> float:
    """P(2D <= n): the chance that an attack with hit number n destroys its target (9.9.3)."""
    return HIT[0] if n < 0 else HIT[12] if n > 12 else HIT[n]  # (min/max calls cost more)


# ------------------------------------------------------------------------------ the map


@dataclass(frozen=True)
class Base:
    id: str
    hex: str
    points: int
    attack: tuple[int, int] | None  # (strength, attacks), rule 9.12.1
    home: str | None


@dataclass(frozen=True)
class Geo:
    """The printed map as movement sees it, read from a view once."""

    near: dict[str, tuple[str, ...]]
    mp: dict[str, dict[str, int]]  # cheapest ground MP from a hex to another (5.4, 5.6)
    hops: dict[str, dict[str, int]]  # hex distance
    bases: dict[str, Base]
    base_at: dict[str, Base]
    home: dict[str, str]


_GEOS: dict[tuple[Any, ...], Geo] = {}
_LAST: list[Any] = [None, None]  # the map dict seen last and its Geo (views share it)


def geo(board: dict[str, Any]) -> Geo:
    m = board["map"]
    if m is _LAST[0]:
        return _LAST[1]  # type: ignore[no-any-return]
    key = (
        tuple(sorted((h, v["terrain"], tuple(v["offset"])) for h, v in m["hexes"].items())),
        tuple(m["river"]),
        tuple(sorted((pid, p["hex"], p["base_points"]) for pid, p in m["places"].items())),
    )
    found = _GEOS.get(key)
    if found is None:
        found = _GEOS[key] = _build_geo(m)
    _LAST[:] = [m, found]
    return found


def _build_geo(m: dict[str, Any]) -> Geo:
    axial = {
        h: offset_to_axial(v["offset"][0], v["offset"][1], m["orientation"], m["parity"])
        for h, v in m["hexes"].items()
    }
    label = {a: h for h, a in axial.items()}
    near = {h: tuple(label[n] for n in neighbours(a) if n in label) for h, a in axial.items()}
    course = {h: i for i, h in enumerate(m["river"])}

    def cost(a: str, b: str) -> int:
        if a in course and b in course and abs(course[a] - course[b]) == 1:
            return ALONG_RIVER
        return COST.get(m["hexes"][b]["terrain"], 1)

    mp: dict[str, dict[str, int]] = {}
    for start in near:
        best = {start: 0}
        queue = [(0, start)]
        while queue:
            d, h = heapq.heappop(queue)
            if d > best[h]:
                continue
            for n in near[h]:
                nd = d + cost(h, n)
                if nd < best.get(n, 1 << 30):
                    best[n] = nd
                    heapq.heappush(queue, (nd, n))
        mp[start] = best
    hops = {a: {b: distance(axial[a], axial[b]) for b in axial} for a in axial}
    bases = {
        pid: Base(
            pid,
            p["hex"],
            p["base_points"],
            tuple(p["base_attack"]) if p["base_attack"] else None,
            p["home"],
        )
        for pid, p in m["places"].items()
        if p["base"]
    }
    home = {b.home: b.hex for b in bases.values() if b.home}
    return Geo(near, mp, hops, bases, {b.hex: b for b in bases.values()}, home)


# ---------------------------------------------------------------------------- the units


def typical(c: Components, side: str) -> Stats:
    """The values of an unseen counter of `side`: the mean of its cup, counter by counter."""
    cup = [c.units[t] for t in c.setup[side]["cup"]]
    n = sum(t.count for t in cup)
    return (
        round(sum(t.attack * t.count for t in cup) / n),
        round(sum(t.defence * t.count for t in cup) / n),
    )


@dataclass(eq=False, slots=True)  # a unit is itself: `free.remove(u)` needs no field compares
class Unit:
    id: str
    side: str
    hex: str
    up: bool
    ready: bool  # face-up and, for a heli, not acted: a fighter (9.5)
    started: bool  # has begun or ended its move this phase (R13)
    mp: int  # the MP it has left if it is on its way
    type: str | None  # None: an enemy face-down counter
    kind: str | None
    stats: Stats
    ps: bool


def read_unit(u: dict[str, Any], unseen: dict[str, Stats]) -> Unit:
    """A counter of the view; `unseen`: each side's `typical` values, for a face-down one."""
    known = "type" in u
    return Unit(
        id=u["id"],
        side=u["side"],
        hex=u["hex"],
        up=u["up"],
        ready=u["up"] and not u["acted"],
        started="mp" in u,
        mp=u.get("mp", 0),
        type=u.get("type"),
        kind=u.get("kind"),
        stats=(u["attack"], u["defence"]) if known else unseen[u["side"]],
        ps=bool(u.get("ps")),
    )


def number(uid: str) -> int:
    return int(uid[1:])


# --------------------------------------------------------------------------- battles


def win_chance(mine: Sequence[Stats], theirs: Sequence[Stats]) -> float:
    """The chance that `mine` wipes out `theirs` in a fight to the end (9.7), by a Lanchester
    estimate (see `lanchester`)."""
    if not theirs:
        return 1.0
    if not mine:
        return 0.0
    pairs = len(mine) * len(theirs)
    rate_mine = sum(hit(a - d) for a, _ in mine for _, d in theirs) / pairs
    rate_theirs = sum(hit(a - d) for a, _ in theirs for _, d in mine) / pairs
    return lanchester(len(mine), len(theirs), rate_mine, rate_theirs)


def lanchester(mine: float, theirs: float, rate_mine: float, rate_theirs: float) -> float:
    """Each side's strength is its mean kill chance per round times its number squared; the
    chance of winning is the square of a side's strength over the sum of both squares. Checked
    against `odds.battle_odds_for` on a hundred small battles: within 5 points on average."""
    if theirs <= 0:
        return 1.0
    if mine <= 0:
        return 0.0
    s_mine, s_theirs = rate_mine * mine**2, rate_theirs * theirs**2
    if s_mine + s_theirs <= 0:
        return 0.5
    return s_mine**2 / (s_mine**2 + s_theirs**2)


def base_losses(strength: int, attacks: int, targets: Sequence[Stats]) -> float:
    """Expected units destroyed by a base attack spread evenly over `targets` (9.12)."""
    if not targets:
        return 0.0
    each = attacks / len(targets)
    return sum(_loss(strength, each, d) for _, d in targets)


_LOSSES: dict[tuple[int, float, int], float] = {}  # a plan asks for the same few many times


def _loss(strength: int, attacks: float, defence: int) -> float:
    """The chance that `attacks` base attacks (on average) destroy a unit of `defence`."""
    key = (strength, attacks, defence)
    loss = _LOSSES.get(key)
    if loss is None:
        loss = _LOSSES[key] = 1 - math.pow(1 - hit(strength - defence), attacks)
    return loss


# -------------------------------------------------------------------------- a position


class Position:
    """What the seat sees now, read from its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        board = view["board"]
        self.me: str = view["you"]
        self.foe = other(self.me)
        self.geo = geo(board)
        self.board = board
        self.step: dict[str, Any] = board["step"] or {}
        self.turn: int = board["turn"]
        self.stage: int = board["stage"]
        self.rp: int = board["rp"]
        self.vp: dict[str, int] = board["vp"]
        self.control: dict[str, str | None] = board["control"]
        c = components(printed_values(view))
        unseen = {side: typical(c, side) for side in (MERC, BIELER)}
        self.units = [read_unit(u, unseen) for u in board["units"]]
        self.by_id = {u.id: u for u in self.units}
        self.at: dict[str, list[Unit]] = {}
        for u in self.units:
            self.at.setdefault(u.hex, []).append(u)

    def side_at(self, hex_label: str, side: str) -> list[Unit]:
        return [u for u in self.at.get(hex_label, ()) if u.side == side]

    def of(self, side: str) -> list[Unit]:
        return [u for u in self.units if u.side == side]

    def holder(self, hex_label: str) -> str | None:
        base = self.geo.base_at.get(hex_label)
        return None if base is None else self.control.get(base.id)


# --------------------------------------------------------------------------- targets


@dataclass
class Target:
    """A hex a side wants units in: to hold its base, to take one, or to fight a stack."""

    hex: str
    worth: float
    foes: list[Stats]  # what must be beaten there
    need: float  # the chance of winning that is enough (Merc's losses score nothing: 0.65)
    fire_on_us: tuple[int, int] | None = None  # the enemy's base attack there (9.12)
    fire_on_them: tuple[int, int] | None = None  # ours
    least: int = 1  # units wanted even with no enemy in sight
    fights: bool = False  # entering brings a combat: go in only all together
    reach: int = 3 * GROUND_MP  # units farther (in MP) are not sent: three moves, or one to
    # hold a base against an enemy one move away
    kan_yu: bool = False  # only with Kan Yu squad in the force (the story of rule 12)
    _exchange: dict[Stats, tuple[float, float]] = field(default_factory=dict)
    _standing: float | None = None

    def standing(self) -> float:
        """The foes expected to stand after our base's fire (9.12), worked out once."""
        if self._standing is None:
            fire = self.fire_on_them
            self._standing = len(self.foes) - (base_losses(*fire, self.foes) if fire else 0)
        return self._standing

    def exchange(self, stats: Stats) -> tuple[float, float]:
        """A unit's hit chances summed over the foes, and theirs on it."""
        found = self._exchange.get(stats)
        if found is None:
            a, d = stats
            found = (
                sum(hit(a - fd) for _, fd in self.foes),
                sum(hit(fa - d) for fa, _ in self.foes),
            )
            self._exchange[stats] = found
        return found


class Force:
    """Units gathered for a target, with the estimate of `win_chance` kept up as they come."""

    def __init__(self, target: Target) -> None:
        self.t = target
        self.units: list[Unit] = []
        self.kill = 0.0  # sum of hit chances of ours on theirs, over all pairs
        self.suffer = 0.0  # and of theirs on ours

    def add(self, unit: Unit) -> None:
        self.units.append(unit)
        kill, suffer = self.t.exchange(unit.stats)
        self.kill += kill
        self.suffer += suffer

    def chance(self) -> float:
        t, n = self.t, len(self.units)
        if not t.foes:
            return 1.0 if n >= t.least else 0.0
        lost = base_losses(*t.fire_on_us, [u.stats for u in self.units]) if t.fire_on_us else 0
        them = t.standing()
        pairs = n * len(t.foes)
        return lanchester(n - lost, them, self.kill / pairs, self.suffer / pairs)

    def enough(self) -> bool:
        return bool(self.units) and len(self.units) >= self.t.least and self.chance() >= self.t.need


REACH = GROUND_MP + 1  # an enemy this many MP away may be in the hex after its next move


def threat(pos: Position, hex_label: str) -> list[Unit]:
    """The enemy units that could fight in `hex_label` after their next move."""
    mp = pos.geo.mp
    return [u for u in pos.of(pos.foe) if u.kind != "heli" and mp[u.hex][hex_label] <= REACH]


def merc_targets(pos: Position) -> list[Target]:
    """Rule 4.4.4: hold the Merc bases (EX-10 above all, 14.1.1), take the open and the weakly
    held Bieler bases, fight the face-up Bieler stacks the Merc can beat (a PS is 5 VP, 10.2)."""
    targets = []
    for base in pos.geo.bases.values():
        foes_here = pos.side_at(base.hex, BIELER)
        if pos.control.get(base.id) == MERC:
            near = threat(pos, base.hex)
            worth = 50.0 if base.home else 2.0 * base.points + 2
            least = 2 if base.home else 1
            targets.append(
                Target(
                    base.hex,
                    worth if near else 1.0,
                    [u.stats for u in near],
                    0.5,
                    fire_on_them=base.attack,
                    least=least,
                    reach=REACH,
                )
            )
        else:
            fire = base.attack if pos.control.get(base.id) == BIELER else None
            worth = 30.0 if base.home else base.points + 1.0
            targets.append(
                Target(
                    base.hex,
                    worth,
                    [u.stats for u in foes_here],
                    0.65,
                    fire_on_us=fire,
                    fights=bool(foes_here) or fire is not None,
                )
            )
    for hex_label, here in pos.at.items():
        bieler = [u for u in here if u.side == BIELER]
        shown = [u for u in bieler if u.up]
        foes = [u.stats for u in bieler]
        if shown and hex_label not in pos.geo.base_at:
            worth = sum(1 + PS_VP * u.ps for u in shown)
            blue = pos.stage in (0, 1) and any(u.type == BLUE_AT for u in shown)
            if blue:  # 12.4, 12.5: Kan Yu meeting Blue AT moves the story toward Merc's VP
                targets.append(Target(hex_label, worth + 4, foes, 0.5, fights=True, kan_yu=True))
            targets.append(Target(hex_label, worth, foes, 0.65, fights=True))
        hidden = len(bieler) - len(shown)
        if hidden and pos.stage in (3, 4) and hex_label != pos.geo.home[BIELER]:
            # 12.7, 12.8: 3 VP for each unit turned face-up by investigation in Kan Yu's hex
            worth = 3.0 * min(hidden, 3)
            targets.append(Target(hex_label, worth, foes, 0.5, fights=True, kan_yu=True))
    return targets


def bieler_targets(pos: Position) -> list[Target]:
    """Rules 10.1 and 14.1.1: take the Merc bases (EX-10 only when ahead: taking it ends the
    game), cut the supply line (4.4.2), fight Merc stacks (every Bieler AT lost is a VP)."""
    targets = []
    ahead = pos.vp[BIELER] > pos.vp[MERC]  # 14.2.5: equal VP would be a draw
    for base in pos.geo.bases.values():
        if pos.control.get(base.id) == BIELER:
            near = threat(pos, base.hex)
            if near:
                worth = 50.0 if base.home else float(base.points)
                foes = [u.stats for u in near]
                targets.append(
                    Target(base.hex, worth, foes, 0.5, fire_on_them=base.attack, reach=REACH)
                )
            continue
        if base.home == MERC and not ahead:
            continue
        foes = [u.stats for u in pos.side_at(base.hex, MERC)]
        fire = base.attack if pos.control.get(base.id) == MERC else None
        worth = 40.0 if base.home else base.points + (2.0 if fire else 1.0)
        targets.append(
            Target(base.hex, worth, foes, 0.5, fire_on_us=fire, fights=bool(foes) or bool(fire))
        )
    if pos.holder(pos.geo.home[MERC]) == MERC:
        for hex_label in SUPPLY_ROUTE:
            foes = [u.stats for u in pos.side_at(hex_label, MERC)]
            targets.append(Target(hex_label, 1.5, foes, 0.5, fights=bool(foes)))
    for hex_label, here in pos.at.items():
        merc = [u for u in here if u.side == MERC and u.kind != "heli"]
        if merc and hex_label not in pos.geo.base_at and hex_label not in SUPPLY_ROUTE:
            worth = 0.6 * len(merc)
            targets.append(Target(hex_label, worth, [u.stats for u in merc], 0.5, fights=True))
    return targets


# ----------------------------------------------------------------------------- plans


@dataclass
class Plan:
    """Where each of the seat's units should go, which it turns over (5.2), and which
    targets may be entered now (their whole force can be there this phase)."""

    goal: dict[str, str]
    reveal: set[str]
    closed: set[str]  # target hexes not to be entered yet


def movable(pos: Position) -> Callable[[Unit], bool]:
    """The units that may still be sent somewhere in this step."""
    kind = pos.step.get("kind")
    home = pos.geo.home[pos.me]
    mover = pos.step.get("mover")
    going = {mover, pos.step.get("loads", {}).get(mover)}  # on its way: keeps its goal (R13)
    if kind == "heli_response":  # 7.2.2: only what a heli can carry from EX-10
        return lambda u: u.id in going or (u.hex == home and not u.started)
    if kind == "bieler_response":  # 7.3.3: face-up units, one RP each
        return lambda u: u.id in going or (u.up and not u.started)
    return lambda u: u.id in going or (not u.started and u.type != PROTO_ONE)


def make_plan(pos: Position) -> Plan:
    """Targets by worth per turn of marching; each takes the nearest free units until its
    estimated chance of winning is enough (units already there count first)."""
    g = pos.geo
    mine = [u for u in pos.of(pos.me) if u.kind in ("at", "soldier")]
    free_now = movable(pos)
    goal: dict[str, str] = {}
    late = set()
    if pos.me == BIELER:
        palace = g.home[BIELER]
        for u in mine:  # 14.2.4: the ATs home before the offensive can fall
            turns = math.ceil(g.mp[u.hex][palace] / (GROUND_MP - 1))
            if u.kind == "at" and not u.ps and pos.turn + turns >= FIRST_OFFENSIVE:
                late.add(u.id)
    targets = (merc_targets if pos.me == MERC else bieler_targets)(pos)
    free = [u for u in mine if free_now(u)]
    fixed = [u for u in mine if not free_now(u)]

    def nearest(t: Target) -> int:
        return min((g.mp[u.hex][t.hex] for u in free), default=t.reach)

    targets.sort(key=lambda t: (-t.worth / (1 + nearest(t) / GROUND_MP), t.hex))
    closed: set[str] = set()
    attacks: list[Target] = []
    for t in targets:
        force = Force(t)
        for u in fixed:
            if u.hex == t.hex:
                force.add(u)
        if force.enough():
            continue
        chosen = []
        pool = sorted(
            (u for u in free if g.mp[u.hex][t.hex] <= t.reach and allowed(pos, u, t)),
            key=lambda u: (
                t.kan_yu and u.type != KAN_YU,
                g.mp[u.hex][t.hex],
                u.id in late,
                number(u.id),
            ),
        )
        if t.kan_yu and not (pool and pool[0].type == KAN_YU):
            continue
        for u in pool:
            if u.id in late and t.worth < 20:
                continue
            force.add(u)
            chosen.append(u)
            if force.enough():
                break
        if not force.enough():
            continue
        for u in chosen:
            goal[u.id] = t.hex
            free.remove(u)
        if t.fights:
            attacks.append(t)
            if not all(arrives(pos, u, t.hex) for u in force.units):
                closed.add(t.hex)
    for u in free:
        if u.id in late:
            goal[u.id] = g.home[BIELER]
            continue
        near = [t for t in attacks if g.mp[u.hex][t.hex] <= t.reach and allowed(pos, u, t)]
        if pos.me == BIELER and near:  # the spare units follow the attacks (10.1: more VP)
            goal[u.id] = max(near, key=lambda t: (t.worth / (1 + g.mp[u.hex][t.hex]), t.hex)).hex
        elif u.hex not in g.base_at:
            goal[u.id] = fallback(pos, u)
    reveal = {
        u.id
        for u in mine
        if not u.up and goal.get(u.id, u.hex) == u.hex and wants_face_up(pos, u.hex)
    }
    return Plan(goal, reveal, closed)


def allowed(pos: Position, unit: Unit, t: Target) -> bool:
    """Strike Dog stays within 3 hexes of the Palace (12.10); Blue AT keeps away from a Kan Yu
    it can see (meeting him moves the story on, which pays Merc: 12.4-12.7)."""
    if unit.type == STRIKE_DOG:
        return pos.geo.hops[pos.geo.home[BIELER]][t.hex] <= 3
    if unit.type == BLUE_AT and pos.stage in (0, 1, 4):
        return not any(u.type == KAN_YU for u in pos.side_at(t.hex, MERC))
    return True


def arrives(pos: Position, unit: Unit, hex_label: str) -> bool:
    """Whether `unit` is in `hex_label` or can still reach it this phase (+1 to enter, 5.7):
    a unit that has not moved yet, or the one on its way (the others have finished, R13)."""
    if unit.hex == hex_label:
        return True
    left = unit.mp if unit.id == pos.step.get("mover") else 0 if unit.started else GROUND_MP
    return pos.geo.mp[unit.hex][hex_label] + 1 <= left


def fallback(pos: Position, unit: Unit) -> str:
    """A unit with nothing to do goes to the nearest base of its side (or home)."""
    g = pos.geo
    own = [b.hex for b in g.bases.values() if pos.control.get(b.id) == pos.me]
    return min(own or [g.home[pos.me]], key=lambda h: (g.mp[unit.hex][h], h))


def wants_face_up(pos: Position, hex_label: str) -> bool:
    """Turn face-up (5.2) where it pays: Merc in a base held or contested by face-down Bieler
    counters only (2.3.3 case 2 gives it to the face-up side); Bieler on a Merc stack it came
    to fight (9.1 then turns the Merc counters up for the combat)."""
    foes = pos.side_at(hex_label, pos.foe)
    if not foes:
        return False
    if pos.me == MERC:
        base = pos.geo.base_at.get(hex_label)
        return base is not None and pos.control.get(base.id) != MERC and not any(u.up for u in foes)
    return hex_label not in pos.geo.base_at and pos.step.get("kind") == "movement"


# ------------------------------------------------------------------------- handlers


def step_toward(
    pos: Position, unit: Unit, dests: list[str], target: str, closed: set[str]
) -> str | None:
    """The legal step that brings `unit` nearest `target`, if one brings it nearer; never into
    an enemy hex on the way (5.9.2, 5.10.1, 5.11.4 would stop it) nor into a closed target."""
    table = pos.geo.hops if unit.kind == "heli" else pos.geo.mp
    now = table[unit.hex][target]

    def open_(d: str) -> bool:
        if d in closed:
            return False
        return d == target or not pos.side_at(d, pos.foe)

    steps = [d for d in dests if open_(d) and table[d][target] < now]
    return min(steps, key=lambda d: (table[d][target], d)) if steps else None


def movement(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rules 5 and 7: one unit at a time along its path (R13), helis carrying units that are
    far from their goal (5.11.5), then the flips (5.2), then the end."""
    moves: dict[str, list[str]] = {}
    for a in options:
        if "move" in a:
            moves.setdefault(a["move"], []).append(a["to"])
    plan = make_plan(pos)
    goal = dict(plan.goal)
    for heli, cargo in pos.step.get("loads", {}).items():
        if cargo in goal:
            goal[heli] = goal[cargo]
    mover = pos.step.get("mover")
    if mover in moves:
        target = goal.get(mover)
        to = target and step_toward(pos, pos.by_id[mover], moves[mover], target, plan.closed)
        if to:
            return {"move": mover, "to": to}
        if not any("end" in a for a in options):  # a loaded heli must fly on (R45)
            return {"move": mover, "to": min(moves[mover])}
    for a in options:
        if a.get("reveal") in plan.reveal:
            return a
    for a in options:
        if "load" in a and carry(pos, pos.by_id[a["load"]], goal.get(a["load"])):
            return a
    response = pos.step.get("kind") != "movement"
    for uid in sorted(moves, key=number):
        unit = pos.by_id[uid]
        if unit.started or uid not in goal or unit.kind == "heli":
            continue
        if response and not urgent(pos, unit, goal[uid]):
            continue
        to = step_toward(pos, unit, moves[uid], goal[uid], plan.closed)
        if to is not None:
            return {"move": uid, "to": to}
    return end_of(options)


def carry(pos: Position, unit: Unit, goal: str | None) -> bool:
    """5.11.5: a heli takes a unit whose goal is far, a base of ours or an empty hex."""
    if goal is None:
        return False
    g = pos.geo
    far = g.mp[unit.hex][goal] > (GROUND_MP if pos.step.get("kind") == "movement" else 0)
    safe = pos.holder(goal) == MERC or not pos.side_at(goal, BIELER)
    return far and safe and g.hops[unit.hex][goal] <= HELI_MP


def urgent(pos: Position, unit: Unit, goal: str) -> bool:
    """A Bieler response move (1 RP, 7.3.3) is paid only to reach a fight this phase."""
    return pos.geo.mp[unit.hex][goal] <= 3 and bool(pos.side_at(goal, MERC))


def end_of(options: list[Action]) -> Action:
    for a in options:
        if a.get("end") or a.get("done"):
            return a
    return options[0]


def reinforce(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 4.3.2: the base points buy units (the cup permitting, 4.2); while the track is
    low one of them buys 2 RP for the response moves of 7.3."""
    points = pos.step["points"]
    wanted = points - (1 if pos.rp < 4 and points >= 3 else 0)
    return max((a for a in options if a["units"] <= wanted), key=lambda a: a["units"])


def hide(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 5.9.1: turn face-down the face-up units that a stronger Merc force could reach."""
    for a in options:
        if "hide" in a:
            here = pos.by_id[a["hide"]].hex
            ours = [u.stats for u in pos.side_at(here, BIELER) if u.up]
            near = [u.stats for u in threat(pos, here)]
            if near and win_chance(ours, near) < 0.35:
                return a
    return end_of(options)


def show(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 7.3.2: turn face-up the units sharing a hex with a Merc stack they can beat: the
    combat follows (9.1, 9.2), and every Bieler AT lost there is a VP (10.1)."""
    for a in options:
        if "reveal" in a:
            here = pos.by_id[a["reveal"]].hex
            merc = [u.stats for u in pos.side_at(here, MERC) if u.kind != "heli" or u.ready]
            ours = [u.stats for u in pos.side_at(here, BIELER)]
            if merc and win_chance(ours, merc) >= 0.5:
                return a
    return end_of(options)


def heli_return(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 9.13.4: a returning heli takes home a unit whose place is at home."""
    plan = make_plan(pos)
    home = pos.geo.home[MERC]
    for a in options:
        if "carry" in a and plan.goal.get(a["carry"]) == home:
            return a
    return end_of(options)


def combat_hex(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 9.4: fight first where the odds are best."""

    def odds(a: Action) -> tuple[float, str]:
        here = a["combat"]
        mine = [u.stats for u in pos.side_at(here, pos.me) if u.ready]
        theirs = [u.stats for u in pos.side_at(here, pos.foe) if u.ready]
        return win_chance(mine, theirs), here

    return max(options, key=odds)


def investigate(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 8: look where the Merc units there would win the fight that the units turned
    face-up bring (9.1, 9.2), and always in Kan Yu's hex in stages 3 and 4 (3 VP a unit
    turned, 12.7, 12.8)."""
    for a in options:
        if "investigate" in a:
            here = a["investigate"]
            merc = [u for u in pos.side_at(here, MERC) if u.kind != "heli" or u.ready]
            theirs = [u.stats for u in pos.side_at(here, BIELER)]
            bonus = pos.stage in (3, 4) and any(u.type == KAN_YU for u in merc)
            if bonus or win_chance([u.stats for u in merc], theirs) >= 0.5:
                return a
    return end_of(options)


def value(unit: Unit) -> float:
    """What a unit is worth to its side: its attack, and the VP a PS kill gives Merc (10.2)."""
    return unit.stats[0] / 4 + (PS_VP if unit.ps else 0)


def kill_gain(attacker: Unit, target: Unit) -> float:
    """The worth of `target` times the chance that `attacker` destroys it (9.9.3)."""
    return hit(attacker.stats[0] - target.stats[1]) * value(target)


def combat_choice(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rules 9.8 and 9.12.3: pair, share out and aim where the kills are worth most."""
    u = pos.by_id

    def score(a: Action) -> float:
        if "base_target" in a:
            t = u[a["base_target"]]
            return hit(7 - t.stats[1]) * value(t)
        if "target" in a:
            return kill_gain(u[a["target"]], u[a["at"]])
        if "pair" in a:
            x, y = u[a["pair"]], u[a["with"]]
            mine, theirs = (x, y) if x.side == pos.me else (y, x)
            return kill_gain(mine, theirs) - kill_gain(theirs, mine)
        if "join" in a:
            unit = u[a["join"]]
            group = pos.board["combat"]["groups"][a["group"]]
            foes = [u[f] for f in group[other(unit.side)]]
            return max(kill_gain(unit, f) for f in foes) if foes else 0.0
        return 0.0

    return max(options, key=score)


def retreat(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 9.11.1: fight on while the odds are good enough for the side."""
    cb = pos.board["combat"]
    mine = [pos.by_id[x].stats for x in cb["units"][pos.me]]
    theirs = [pos.by_id[x].stats for x in cb["units"][pos.foe]]
    base = pos.geo.base_at.get(cb["hex"])
    holding = base is not None and pos.control.get(base.id) == pos.me
    if holding and base is not None and base.home:
        # 14.1.1: losing the home ends the game; Merc gives EX-10 up only when that wins it
        fight_on = pos.me == BIELER or pos.vp[MERC] < pos.vp[BIELER] + 4
    else:
        need = 0.2 if pos.me == BIELER else 0.35  # a Bieler AT lost is a VP (10.1)
        fight_on = win_chance(mine, theirs) >= (need / 2 if holding else need)
    for a in options:
        if a.get("retreat") is (not fight_on):
            return a
    return options[0]


def retreat_move(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 9.11.9: back toward the home, all together when possible."""
    home = pos.geo.home[pos.me]

    def score(a: Action) -> tuple[int, int]:
        to = a.get("retreat_all") or a["to"]
        return (0 if "retreat_all" in a else 1, pos.geo.mp[to][home])

    return min(options, key=score)


def first(pos: Position, options: list[Action], rng: random.Random) -> Action:
    return options[0]


def any_of(pos: Position, options: list[Action], rng: random.Random) -> Action:
    """Rule 8.5: the face-down counters of a hex look alike; turn any one."""
    return rng.choice(options)


Handler = Callable[[Position, list[Action], random.Random], Action]
HANDLERS: dict[str, Handler] = {
    "bieler_reinforce": reinforce,
    "bieler_hide": hide,
    "movement": movement,
    "heli_response": movement,
    "response_reveal": show,
    "bieler_response": movement,
    "investigation": investigate,
    "investigation_flip": any_of,
    "combat_hex": combat_hex,
    "combat_base": combat_choice,
    "combat_ps": combat_choice,
    "combat_pair": combat_choice,
    "combat_join": combat_choice,
    "combat_balance": combat_choice,
    "combat_target": combat_choice,
    "combat_retreat": retreat,
    "combat_retreat_move": retreat_move,
    "heli_return": heli_return,
}


class Scripted(Agent):
    """The VOTOMS player of this module, for either side."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        options: list[Action] = legal_in(view)
        if len(options) == 1:
            return options[0]
        pos = Position(view)
        handler = HANDLERS.get(pos.step.get("kind", ""), first)
        return handler(pos, options, self.random)


# ------------------------------------------------------------------------- evaluation


def evaluate(game: Game) -> dict[str, float]:
    """Each side's chance to win, from the VP each has and the VP each is set to gain by the
    offensive turn (the drawn one if the copy holds it): Merc its base income (4.4.4), Bieler a
    VP for each AT that can be by the Palace then (14.2.4). A logistic of the difference, the
    wider the more turns are left."""
    state = game.state
    if state["end"] is not None:
        winners = state["end"]["winners"]
        if not winners:
            return {MERC: 0.5, BIELER: 0.5}
        return {side: float(side in winners) for side in (MERC, BIELER)}
    c = comp(state)
    offensive = state["offensive"]["turn"] or sum(c.offensive_turns) / len(c.offensive_turns)
    left = max(0.0, offensive - state["turn"])
    points = sum(c.places[p].base_points for p, who in state["control"].items() if who == MERC)
    merc = state["vp"][MERC] + left * (points // 2)
    palace = c.home(BIELER).hex
    home_by_then = 1 + 3 * left  # hexes an AT can still cover, about three a turn
    ats = 0
    for u in state["units"].values():
        t = c.units[u["type"]]
        if u["side"] == BIELER and t.kind == "at" and not t.ps:
            ats += c.grid.distance(u["hex"], palace) <= home_by_then
    bieler = state["vp"][BIELER] + 0.8 * ats
    p = 1 / (1 + math.exp(-(merc - bieler) / (3 + left)))
    return {MERC: p, BIELER: 1 - p}
