"""The scripted player of the Zeta Gundam strategic game, deciding from its seat's view alone.

How it plays (rule numbers of rules/ja/zeta-strategic.txt):
- Cards (10.2): it keeps the types its units can use: Space for its ships and MS in space, Ground
  for its units on the Earth, Atmosphere when it has units on a drop point or able to launch.
- Armament (5-8): it first re-produces what waits in its factory (6), best first, then
  mass-produces (7) the strongest permitted type for the points, ships while its MS in space
  outnumber the room its ships have (15.3), and never spends on more than its bases can deploy
  next phase (9.4). It never refits or destroys its own units.
- Deployment (9): each unit goes to the base nearest the bases it wants (neutral or enemy ones,
  weighted by VP), characters to its strongest stack.
- Orders (12-17): a damaged unit at an own base recovers (16); units at a base it can govern
  (neutral, its own below level 3, an enemy political base) govern it (17), no more than make the
  roll sure (6, 17.6); the rest move (13):
  each unit heads for the target worth most for its distance: bases to take (VP and armament
  points of the next level), and enemy stacks or military bases its stack outweighs; it stays out
  of hexes where the enemy is much stronger. In space its MS ride its ships (15), loaded before
  they leave. In an Atmosphere phase units on a drop point descend next to the best target of
  their area (14). Characters board its best MS or ship (13.10). Neo Zeon's ship with Haman or
  Mineva makes for Side 3 first (32.1.3); Axis moves with the army (30.3) and rams a base only
  where another faction loses more than Axis does (30.4; never Granada or Von Braun, 30.4.7).
- Whom to hurt (37.2): another faction's bases count more when it leads on VP; when it has as many
  VP as the other two together it is the only enemy fought and its losses count three times.
- Combat (18-27): it fights a battle only when its forces there outweigh the enemy's by a margin
  (expected hits times staying power, the Lanchester square law); it fights the weaker of two
  factions in a three-faction hex, and a third faction stays out. It bombs (22.1) when its
  bombing outweighs the enemy's AA, wants a bombardment (24.1) when its guns outweigh the
  enemy's. Allotting hits on the enemy (25.3) it takes the most worth per hit, eliminating before
  flipping; allotting on its own side (26.3) it puts hits where they cost the least. Gryps 2's
  laser (31.5) fires where the others lose more than its own side; Quattro speaks (29.1) where
  the AEUG gains at least 1.5 VP-worth.
- A decision it does not know: the legal action that ends or passes the step (``{step: None}``
  for an optional step), else the first. A handler's error is not caught: it is a bug.

`evaluate(game)` is a softmax of each faction's VP plus a share of the VP its income may buy in
the turns left, sharper near the end (37).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in, printed_values
from wartable.engine.game import Game
from wartable.games.zeta.axis import AXIS_LOSS, TARGET_LOSS
from wartable.games.zeta.components import (
    AXIS,
    AXIS_ATTACK_WORSE,
    CARD_TYPES,
    FACTIONS,
    GRYPS2,
    MS,
    SIDE3,
    SIDE6,
    Components,
    Ship,
    components,
    fits,
)
from wartable.games.zeta.laser import BASE_LOSS, KILL

Action = dict[str, Any]
Handler = Callable[["Table", list[Action], random.Random], Action]
SEARCH_SETTINGS = {"horizon": 40, "playout": "scripted"}

# Worth of things (tuned against the random player)
ATTACK_MARGIN = 1.3  # fight when our strength is this many times theirs
AVOID_MARGIN = 1.5  # do not step where the enemy's strength is this many times ours
NEUTRAL_WORTH = 2.0  # a neutral base: its level-1 VP and AP
ENEMY_POLITICAL = 1.5  # an enemy political base: governed down (17.7)
OWN_LEVEL_UP = 0.8  # raising an own base a level
CROWD = 0.5  # each unit already heading for a target halves its draw
ENDING_KEYS = ("end", "done", "end_combat", "pass")
SHIP_TARGET_RATIO = 1.0  # room on ships per MS in space wanted
SURE_GOVERNANCE = 6  # 17.6: a die never beats 6, so more governance than this is wasted
LEADER_WEIGHT = 1.5  # a loss to the faction ahead on VP is worth more (37.2)
THREAT_MARGIN = 0  # one ahead of the other two together (37.2: by 10, it wins) is the only enemy...
THREAT_WEIGHT = 3.0  # ... whose losses count three times
BYSTANDER_WEIGHT = 0.3  # ... and the other one's hardly at all
NEO_ZEON = "neo_zeon"
ZEON_LEADERS = ("haman", "mineva")  # rule 32.1.3
SIDE3_ARMY = 6.0  # the Zeon Republic Army joining (32.1.4): four counters for nothing
AXIS_HOME = 6.0  # Axis lost to neutral (30.4.6, 2.6): the army's home, open to the others
SPEECH_GAIN = 1.5  # Quattro speaks once (29.1.6): only where it gains this much


def dice_worth(values: Iterable[int]) -> float:
    """Expected hits of one roll against a value list (0.2: each value >= the roll hits)."""
    return sum(min(v, 6) for v in values) / 6


# ----------------------------------------------------------------------------- the table


class Table:
    """What the seat's view says, with the measures a player takes at the table."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.c = components(printed_values(view))
        board = view["board"]
        self.board = board
        self.me: str = view["you"]
        self.step: dict[str, Any] = board.get("step") or {}
        self.units: dict[str, dict[str, Any]] = board["units"]
        self.characters: dict[str, dict[str, Any]] = board["characters"]
        self.bases: dict[str, dict[str, Any]] = board["bases"]
        self.action: dict[str, Any] | None = board.get("action")
        self.turn: int = board["turn"]
        self._stacks: dict[str, dict[str, float]] | None = None
        self._targets: dict[str, list[tuple[str, float]]] = {}
        self._vp: dict[str, int] | None = None

    # -- pieces ---------------------------------------------------------------------------------

    def kind(self, uid: str) -> MS | Ship:
        return self.c.unit(self.units[uid]["type"])

    def pilot_of(self, uid: str) -> str | None:
        return next((cid for cid, ch in self.characters.items() if ch["on"] == uid), None)

    def firepower(self, uid: str) -> float:
        """Expected hits a unit deals in a battle: air combat and bombing for an MS (21, 23),
        AA and guns for a ship (22, 24), with its character's extra rolls (21.6, 24.6)."""
        unit = self.units[uid]
        kind = self.kind(uid)
        cid = self.pilot_of(uid)
        char = self.c.characters.get(cid) if cid else None
        if isinstance(kind, MS):
            face = kind.face(unit["back"])
            rolls = 1 + (char.ms_attack if char else 0)
            return rolls * (dice_worth(face.air) + 0.5 * dice_worth(face.bomb))
        ship_face = kind.face(unit["back"])
        extra = char.ship_attack if char else 0
        return (ship_face.guns + extra) * dice_worth(kind.gun) + 0.3 * ship_face.aa_guns

    def toughness(self, uid: str) -> float:
        """Hits that eliminate a unit (25.4), with its character's defence (25.6, 25.7)."""
        unit = self.units[uid]
        kind = self.kind(uid)
        cid = self.pilot_of(uid)
        char = self.c.characters.get(cid) if cid else None
        extra = (
            0 if char is None else (char.ms_defence if isinstance(kind, MS) else char.ship_defence)
        )
        back = kind.back.defence + extra
        return back if unit["back"] else kind.front.defence + extra + back

    def governance(self, key: str) -> int:
        """A unit's governance with the characters aboard it, or a character's (17.6, S4)."""
        if key in self.characters:
            return self.c.characters[key].gov
        aboard = sum(
            self.c.characters[cid].gov
            for cid, ch in self.characters.items()
            if ch["on"] == key and cid in self.c.characters
        )
        return self.kind(key).gov + aboard

    def level_value(self, bid: str, level: int) -> float:
        """What a base is worth to its governor at a level: VP and half its armament points."""
        if level <= 0:
            return 0.0
        values = self.c.bases[bid].level(min(level, 3))
        return values.vp + 0.5 * values.ap

    def expected_loss(self, bid: str, losses: Iterable[int]) -> float:
        """The value a base's governor loses, on average, to the levels lost on one die (the
        faces of `losses`); below level 0 it is destroyed (30.4.6, 31.5.6)."""
        level = self.bases[bid]["level"]
        faces = list(losses)
        now = self.level_value(bid, level)
        return sum(now - self.level_value(bid, level - lost) for lost in faces) / len(faces)

    def side_of(self, owner: str | None) -> float:
        """How a loss to `owner` counts for me: against me, for me (more against the VP leader
        among the others, 37.2), or not at all for a neutral base."""
        if owner is None:
            return 0.0
        if owner == self.me:
            return -1.0
        threat = self.threat()
        if threat is not None:
            return THREAT_WEIGHT if owner == threat else BYSTANDER_WEIGHT
        vp = self.vp()
        leader = max((f for f in vp if f != self.me), key=lambda f: vp[f])
        return LEADER_WEIGHT if owner == leader else 1.0

    def threat(self) -> str | None:
        """Another faction with at least as many VP as the other two together, on its way to a
        sudden-death win (37.2: 10 VP more), which the two others must stop together."""
        vp = self.vp()
        top = max(FACTIONS, key=lambda f: vp[f])
        margin = vp[top] - sum(vp[f] for f in FACTIONS if f != top)
        return top if top != self.me and margin >= THREAT_MARGIN else None

    def vp(self) -> dict[str, int]:
        """Each faction's VP at its bases' levels now (37.1)."""
        if self._vp is None:
            found = dict.fromkeys(FACTIONS, 0)
            for bid, b in self.bases.items():
                if b["owner"] in found and b["level"] >= 1 and bid in self.c.bases:
                    found[b["owner"]] += self.c.bases[bid].level(b["level"]).vp
            self._vp = found
        return self._vp

    def worth(self, uid: str) -> float:
        kind = self.kind(uid)
        carried = sum(self.worth(m) for m, u in self.units.items() if u["carrier"] == uid)
        return kind.pp + 0.5 * self.firepower(uid) + carried + (2 if self.pilot_of(uid) else 0)

    def stacks(self) -> dict[str, dict[str, float]]:
        """At each location, each faction's strength: firepower times staying power, with a
        military base's guns and defence for its owner (22.6, 24.7, 25.8)."""
        if self._stacks is None:
            fire: dict[str, dict[str, float]] = {}
            hold: dict[str, dict[str, float]] = {}
            for uid, u in self.units.items():
                if not on_map(u["at"]):
                    continue
                f = u["faction"]
                fire.setdefault(u["at"], {}).setdefault(f, 0.0)
                hold.setdefault(u["at"], {}).setdefault(f, 0.0)
                fire[u["at"]][f] += self.firepower(uid)
                hold[u["at"]][f] += self.toughness(uid)
            for bid, b in self.bases.items():
                base = self.c.bases.get(bid)
                if base is None or not base.military or b["owner"] is None or b["level"] < 1:
                    continue
                level = base.level(b["level"])
                at, f = b["at"], b["owner"]
                fire.setdefault(at, {}).setdefault(f, 0.0)
                hold.setdefault(at, {}).setdefault(f, 0.0)
                fire[at][f] += level.attack * dice_worth((3, 1))
                hold[at][f] += sum(base.level(n).defence for n in range(1, b["level"] + 1))
            self._stacks = {at: {f: fire[at][f] * hold[at][f] for f in fire[at]} for at in fire}
        return self._stacks

    def strength(self, at: str, faction: str) -> float:
        return self.stacks().get(at, {}).get(faction, 0.0)

    def enemies(self, at: str) -> float:
        return sum(s for f, s in self.stacks().get(at, {}).items() if f != self.me)

    # -- places ---------------------------------------------------------------------------------

    def base_worth(self, bid: str, governs: bool) -> float:
        """What taking or raising a base is worth to me now (17.7)."""
        b = self.bases[bid]
        base = self.c.bases.get(bid)
        if base is None or bid == SIDE6:
            return 0.0
        owner, level = b["owner"], b["level"]
        if owner == self.me:
            if level >= 3 or not governs:
                return 0.0
            nxt, now = base.level(level + 1), base.level(level)
            return OWN_LEVEL_UP * (nxt.vp - now.vp + 0.5 * (nxt.ap - now.ap)) + 0.2
        first = base.level(1)
        if bid == SIDE3 and not self.board.get("side3_open") and self.me != NEO_ZEON:
            return 0.0  # 32.1.2: closed to the AEUG and the Titans
        if owner is None:
            return (NEUTRAL_WORTH + first.vp + 0.5 * first.ap) if governs else 0.0
        taken = base.level(level)
        weight = self.side_of(owner)  # the VP leader's bases first (37.2)
        if base.military:  # taken in battle (25.10), then governed
            return weight * 0.5 * (taken.vp + 0.5 * taken.ap)
        return weight * (ENEMY_POLITICAL + taken.vp) if governs else 0.0

    def leads_zeon(self, uid: str) -> bool:
        """Whether Haman or Mineva rides this unit, or an MS it carries (32.1.3)."""
        aboard = {uid, *(m for m, u in self.units.items() if u["carrier"] == uid)}
        return any(self.characters.get(cid, {}).get("on") in aboard for cid in ZEON_LEADERS)

    def side3_draw(self, uid: str) -> tuple[str, float] | None:
        """32.1.3: Neo Zeon's ship with Haman or Mineva aboard entering Side 3 makes it a level 3
        Neo Zeon base at once, and the first time brings the Zeon Republic Army (32.1.4)."""
        side3 = self.bases.get(SIDE3)
        if self.me != NEO_ZEON or side3 is None or not self.leads_zeon(uid):
            return None
        if (side3["owner"], side3["level"]) == (NEO_ZEON, 3):
            return None
        army = 0.0 if self.board.get("zeon", {}).get("republic") else SIDE3_ARMY
        return side3["at"], self.level_value(SIDE3, 3) - self.level_value(
            SIDE3, side3["level"] if side3["owner"] == NEO_ZEON else 0
        ) + army

    def targets(self, uid: str) -> list[tuple[str, float]]:
        """Places worth heading for, with what each is worth to this unit."""
        u = self.units[uid]
        governs = self.kind(uid).gov > 0 or self.pilot_of(uid) is not None
        mine = map_of(u["at"])
        found: dict[str, float] = {}
        for bid, b in self.bases.items():
            at = b["at"]
            if at is None or map_of(at) != mine or not at.startswith(mine):
                continue
            value = self.base_worth(bid, governs)
            if value <= 0:
                continue
            base = self.c.bases[bid]
            if b["owner"] not in (None, self.me) and base.military:
                # a military base is taken by fighting: only where we outweigh it
                if self.enemies(at) * ATTACK_MARGIN > self.strength(u["at"], self.me):
                    continue
            elif self.enemies(at) * AVOID_MARGIN > self.strength(u["at"], self.me) + 1:
                continue
            found[at] = found.get(at, 0.0) + value
        draw = self.side3_draw(uid)
        if draw is not None:
            found[draw[0]] = found.get(draw[0], 0.0) + draw[1]
        mine_here = self.strength(u["at"], self.me)
        for at, sides in self.stacks().items():
            theirs = sum(s for f, s in sides.items() if f != self.me)
            if at.startswith(mine) and 0 < theirs * ATTACK_MARGIN <= mine_here:
                weight = max(self.side_of(f) for f in sides if f != self.me)
                found[at] = found.get(at, 0.0) + weight
        return list(found.items())

    def map_targets(self, at: str) -> list[tuple[str, float]]:
        """The bases worth taking or raising on the map of `at` (for deployment)."""
        key = map_of(at)
        if key not in self._targets:
            found: dict[str, float] = {}
            for bid, b in self.bases.items():
                where = b["at"]
                if where is None or map_of(where) != key or where.startswith("box:"):
                    continue
                value = self.base_worth(bid, True)
                if value > 0:
                    found[where] = found.get(where, 0.0) + value
            self._targets[key] = list(found.items())
        return self._targets[key]

    # -- distances ------------------------------------------------------------------------------

    def distance(self, a: str, b: str, ms_on_ground: bool) -> int:
        return self.c.hops[ms_on_ground].get(a, {}).get(b, 99)


def on_map(at: str) -> bool:
    return at.startswith(("space:", "ground:", "box:"))


def map_of(at: str) -> str:
    return "ground" if at.startswith("ground:") else "space"


# ----------------------------------------------------------------------------- decisions


def ending(options: list[Action]) -> Action:
    """The action that ends or passes the step, else the first (a decision not known here).
    An optional step's pass is ``{name: None}`` (the Axis attack, the laser, the speech)."""
    for key in ENDING_KEYS:
        for action in options:
            if action.get(key) is True:
                return action
    for action in options:
        if len(action) == 1 and next(iter(action.values())) is None:
            return action
    return options[0]


def best_taken(
    options: list[Action], key: str, gain: Callable[[Action], float]
) -> tuple[float, Action] | None:
    """An optional step's action (not its pass, ``{key: None}``) with the most `gain`, and that
    gain; None when there is only the pass."""
    scored = [(gain(a), a) for a in options if a.get(key) is not None]
    return max(scored, key=lambda pair: pair[0], default=None)  # the first of equal gains


def choose_nuke(t: Table, options: list[Action], rng: random.Random) -> Action:
    """36.3: any base will do; which one is the Titans' secret."""
    return rng.choice(options)


def choose_keep(t: Table, options: list[Action], rng: random.Random) -> Action:
    """10.2: keep the types the units can use, the most used twice."""
    use = {kind: 0.1 for kind in CARD_TYPES}
    drops = set(t.c.drop_points.values())
    for u in t.units.values():
        if u["faction"] != t.me or not on_map(u["at"]):
            continue
        weight = 1.0
        use["ground" if u["at"].startswith("ground:") else "space"] += weight
        if u["at"] in drops:
            use["atmosphere"] += 2 * weight
    for b in t.bases.values():
        if b["owner"] == t.me and b["at"] and b["at"].startswith("ground:"):
            use["atmosphere"] += 0.2

    def score(action: Action) -> float:
        kept = action["keep"]
        total = 0.0
        for kind in CARD_TYPES:
            n = kept.count(kind)
            total += use[kind] * (1 - 0.5**n) * 2  # a second card of a type is worth half
        return total

    return max(options, key=score)


def unit_value(c: Components, type_id: str) -> float:
    """What a type brings for its cost in a battle: expected hits times staying power."""
    kind = c.unit(type_id)
    if isinstance(kind, MS):
        fire = dice_worth(kind.front.air) + 0.5 * dice_worth(kind.front.bomb)
        hold = kind.front.defence + kind.back.defence
        return fire * hold * (0.6 if kind.nt_only else 1.0)
    fire = kind.front.guns * dice_worth(kind.gun) + 0.3 * kind.front.aa_guns
    return fire * (kind.front.defence + kind.back.defence) + 1.5 * kind.capacity


def choose_arm(t: Table, options: list[Action], rng: random.Random) -> Action:
    """5-8: produce from the factory, then mass-produce, within what the bases can deploy."""
    c = t.c
    me = t.me
    dp = 0
    for bid, b in t.bases.items():
        if b["owner"] == me and b["level"] >= 1 and bid in c.bases:
            dp += c.bases[bid].level(b["level"]).dp
    pending_points = sum(
        2 if u["type"] in c.ships else 1
        for u in t.units.values()
        if u["faction"] == me and u["at"] == "pending"
    )
    room = dp - pending_points
    need_ships = ships_wanted(t)
    produce = [a for a in options if "produce" in a]
    mass = [a for a in options if "mass_produce" in a]

    def value(type_id: str) -> float:
        kind = c.unit(type_id)
        bonus = 3.0 if need_ships and type_id in c.ships else 0.0
        if isinstance(kind, MS) and kind.nt_only and not has_nt(t):
            return -1.0
        return unit_value(c, type_id) / (2 * kind.pp) + bonus

    def points(type_id: str) -> int:
        return 2 if type_id in c.ships else 1

    produce = [a for a in produce if points(a["produce"]) <= room and value(a["produce"]) > 0]
    if produce:
        return max(produce, key=lambda a: value(a["produce"]))
    mass = [a for a in mass if points(a["mass_produce"]) <= room and value(a["mass_produce"]) > 0]
    if mass:
        return max(mass, key=lambda a: value(a["mass_produce"]))
    return ending(options)


def has_nt(t: Table) -> bool:
    return any(
        ch["faction"] == t.me and t.c.characters[cid].nt
        for cid, ch in t.characters.items()
        if cid in t.c.characters and ch["at"] not in ("dead",)
    )


def ships_wanted(t: Table) -> bool:
    """Whether the MS in space outnumber the room on the ships (15.3)."""
    c = t.c
    ms = room = 0
    for u in t.units.values():
        if u["faction"] != t.me or u["at"] == "out":
            continue
        kind = c.unit(u["type"])
        if isinstance(kind, Ship) and fits(kind.aptitude, "space"):
            room += kind.capacity
        elif isinstance(kind, MS) and kind.aptitude == "S":
            ms += 1
    return ms > room * SHIP_TARGET_RATIO


def goal_value(t: Table, at: str, ms_on_ground: bool) -> float:
    """How much the targets of the map draw a unit standing at `at`."""
    return (
        0.0
        if not at
        else sum(
            value / (1 + t.distance(at, where, ms_on_ground)) for where, value in t.map_targets(at)
        )
    )


def choose_deploy(t: Table, options: list[Action], rng: random.Random) -> Action:
    """9: each unit where its targets are nearest, characters with the strongest stack."""

    def score(action: Action) -> float:
        if "place" in action:
            return t.strength(action["to"], t.me) + (1 if action["to"].startswith("space:") else 0)
        to = action["to"]
        at = t.bases[to]["at"] if to in t.bases else t.units[to]["at"]
        ms_ground = action["deploy"] in t.c.ms and at.startswith("ground:")
        return goal_value(t, at, ms_ground) - 0.01 * t.enemies(at)

    known = [a for a in options if "place" in a or "deploy" in a]
    return max(known, key=score) if known else ending(options)


# -- orders ---------------------------------------------------------------------------------------


def choose_act(t: Table, options: list[Action], rng: random.Random) -> Action:
    """12-17: recover, govern, board, descend, shift a station, load, move, in that order."""
    act = t.action or {}
    by_key: dict[str, list[Action]] = {}
    for action in options:
        by_key.setdefault(next(iter(action)), []).append(action)
    # 16: recover a damaged unit at an own base
    if by_key.get("recover"):
        return by_key["recover"][0]
    if by_key.get("dock"):  # 29.2: La Vie en Rose repairs a damaged unit
        return by_key["dock"][0]
    # 17: govern what is worth governing, with units not needed to move on: no more than makes
    # the roll sure (17.6), so that the rest may still move and fight (17.3, 18.6)
    governing: dict[str, int] = {}
    for key, bid in act.get("govern", {}).items():
        governing[bid] = governing.get(bid, 0) + t.governance(key)
    govern = [
        a
        for a in by_key.get("govern", [])
        if t.base_worth(a["base"], True) > 0 and governing.get(a["base"], 0) < SURE_GOVERNANCE
    ]
    if govern:
        return max(govern, key=lambda a: (t.base_worth(a["base"], True), t.governance(a["govern"])))
    # 13.10, 20.5: characters standing alone board the best unit
    board = [a for a in by_key.get("board", []) if t.characters[a["board"]]["on"] is None]
    if board:
        return max(board, key=lambda a: t.worth(a["on"]))
    # 14: descend towards the best target of the area
    descend = by_key.get("descend", [])
    if descend:
        best = max(descend, key=lambda a: descent_score(t, a))
        if descent_score(t, best) > 0.3:
            return best
    # 32.1.3: Haman's or Mineva's ship heads for Side 3 before Axis can take it along (S50)
    homeward = side3_move(t, by_key.get("move", []))
    if homeward is not None:
        return homeward
    # 30.3, 31.4: a station that moves itself heads for the targets, with its units
    shifts = [a for a in by_key.get("shift", []) if shift_gain(t, a) > 0]
    if shifts:
        return max(shifts, key=lambda a: shift_gain(t, a))
    moves = by_key.get("move", [])
    chosen = best_move(t, moves, act)
    # 15: MS board the ships of their hex before those leave
    loads = [a for a in by_key.get("load", []) if t.units[a["load"]]["carrier"] is None]
    if loads and any(t.units[a["move"]]["at"] == t.units[loads[0]["on"]]["at"] for a in moves):
        return loads[0]
    if chosen is not None:
        return chosen
    return ending(options)


def side3_move(t: Table, moves: list[Action]) -> Action | None:
    """The step of a unit carrying Haman or Mineva that brings it nearest Side 3, if any does and
    the hex is not much stronger than it (32.1.3)."""
    best: tuple[int, Action] | None = None
    for action in moves:
        uid, to = action["move"], action["to"]
        draw = t.side3_draw(uid)
        if draw is None:
            continue
        here = t.units[uid]["at"]
        nearer = t.distance(here, draw[0], False) - t.distance(to, draw[0], False)
        if nearer <= 0 or t.enemies(to) * AVOID_MARGIN > t.strength(here, t.me) + 0.5:
            continue
        if best is None or nearer > best[0]:
            best = (nearer, action)
    return None if best is None else best[1]


def shift_gain(t: Table, action: Action) -> float:
    """How much nearer its targets a station's move takes it (30.3.3, 31.4.3)."""
    here, to = t.bases[action["shift"]]["at"], action["to"]
    if t.enemies(to) > t.strength(here, t.me):
        return 0.0
    targets = t.map_targets(to)
    if here.startswith("box:"):  # out of the Asteroid Belt box (30.3.3): onto the map
        return 1.0 + pull(t, to, targets, {}, False)
    return pull(t, to, targets, {}, False) - pull(t, here, targets, {}, False)


def descent_score(t: Table, action: Action) -> float:
    key, to = action["descend"], action["to"]
    if key in t.characters:
        return 0.0
    ms_ground = t.units[key]["type"] in t.c.ms
    return goal_value(t, to, ms_ground) - (1.0 if t.enemies(to) > t.strength(to, t.me) else 0.0)


def pull(
    t: Table, at: str, targets: list[tuple[str, float]], assigned: dict[str, int], ms_ground: bool
) -> float:
    """How much the targets draw a unit at `at`, each less for the units already sent there."""
    return sum(
        value * CROWD ** assigned.get(where, 0) / (1 + t.distance(at, where, ms_ground))
        for where, value in targets
    )


def best_move(t: Table, moves: list[Action], act: dict[str, Any]) -> Action | None:
    """The step that brings a unit nearest its target; none if no unit should move."""
    if not moves:
        return None
    assigned: dict[str, int] = {}
    best: tuple[float, Action] | None = None
    by_unit: dict[str, list[Action]] = {}
    for action in moves:
        by_unit.setdefault(action["move"], []).append(action)
    for uid in sorted(by_unit):
        u = t.units[uid]
        ms_ground = u["type"] in t.c.ms and u["at"].startswith("ground:")
        targets = t.targets(uid)
        if not targets:
            continue
        here = u["at"]

        stay = pull(t, here, targets, assigned, ms_ground)
        # staying at a base worth governing next phase keeps its place
        for action in by_unit[uid]:
            to = action["to"]
            if t.enemies(to) * AVOID_MARGIN > t.strength(here, t.me) + t.strength(to, t.me) + 0.5:
                continue
            gain = pull(t, to, targets, assigned, ms_ground) - stay
            if gain > 1e-6 and (best is None or gain > best[0]):
                best = (gain, action)
        goal = max(targets, key=lambda wt: wt[1] / (1 + t.distance(here, wt[0], ms_ground)))[0]
        assigned[goal] = assigned.get(goal, 0) + 1
    return None if best is None else best[1]


# -- combat ---------------------------------------------------------------------------------------


def battle_odds(t: Table, at: str, against: list[str]) -> float:
    """Our strength over theirs in a hex (the square law: firepower times staying power)."""
    ours = t.strength(at, t.me)
    theirs = sum(t.strength(at, f) for f in against)
    return ours / (theirs + 1e-9)


def choose_battle(t: Table, options: list[Action], rng: random.Random) -> Action:
    """18: fight where we outweigh them; the weaker of two factions; else no more."""
    fights = [a for a in options if "fight" in a]
    threat = t.threat()
    if threat is not None:  # 37.2: only the faction on its way to a sudden death is fought
        fights = [a for a in fights if threat in a["against"]]
    scored = [(battle_odds(t, a["fight"], a["against"]), a) for a in fights]
    good = [(odds, a) for odds, a in scored if odds >= ATTACK_MARGIN]
    if good:
        return max(good, key=lambda oa: (oa[0], -len(oa[1]["against"])))[1]
    return ending(options)


def choose_join(t: Table, options: list[Action], rng: random.Random) -> Action:
    """18.9: stay out."""
    return next((a for a in options if a.get("join") == "none"), options[-1])


def fight_sides(t: Table) -> tuple[list[str], list[str]]:
    fight = (t.action or {}).get("battle") or {}
    attacker, defender = fight.get("attacker", []), fight.get("defender", [])
    return (attacker, defender) if t.me in attacker else (defender, attacker)


def side_units(t: Table, factions: list[str]) -> list[str]:
    fight = (t.action or {}).get("battle") or {}
    part = set(fight.get("taking_part", []))
    return [uid for uid in part if uid in t.units and t.units[uid]["faction"] in factions]


def choose_wish(kind: str) -> Handler:
    """22.1 bombing, 24.1 bombardment: yes when ours outweighs theirs."""

    def handler(t: Table, options: list[Action], rng: random.Random) -> Action:
        ours, theirs = fight_sides(t)
        c = t.c
        mine = side_units(t, ours)
        enemy = side_units(t, theirs)
        if kind == "bomb":
            attack = sum(
                dice_worth(c.ms[t.units[u]["type"]].face(t.units[u]["back"]).bomb)
                for u in mine
                if t.units[u]["type"] in c.ms
            )
            aa = sum(
                c.ships[t.units[u]["type"]].face(t.units[u]["back"]).aa_guns * dice_worth((2, 1))
                for u in enemy
                if t.units[u]["type"] in c.ships
            )
            yes = attack > aa
        else:
            yes = sum(t.firepower(u) for u in mine if t.units[u]["type"] in c.ships) >= sum(
                t.firepower(u) for u in enemy if t.units[u]["type"] in c.ships
            )
        return next((a for a in options if a.get(kind) is yes), options[0])

    return handler


def choose_allocate(t: Table, options: list[Action], rng: random.Random) -> Action:
    """25.3, 26.3: on the enemy the most worth per hit; on our own the least, or pass."""
    hits = [a for a in options if "hit" in a]
    if not hits:
        return ending(options)

    def owner(target: str) -> str | None:
        piece = t.bases[target[5:]] if target.startswith("base:") else t.units.get(target, {})
        found: str | None = piece.get("owner", piece.get("faction"))
        return found

    def loss(target: str) -> float:
        if target.startswith("base:"):
            bid = target[5:]
            base, b = t.c.bases[bid], t.bases[bid]
            return base.level(b["level"]).vp + 0.5 * base.level(b["level"]).ap if b["level"] else 0
        u = t.units[target]
        flips = not u["back"]
        return t.worth(target) * (0.4 if flips else 1.0)

    own = [a for a in hits if owner(a["hit"]) == t.me]
    if own:  # our own command (26.3), or hits on our side: the cheapest loss
        return min(own, key=lambda a: loss(a["hit"]))
    return max(hits, key=lambda a: loss(a["hit"]))


def choose_prepare(t: Table, options: list[Action], rng: random.Random) -> Action:
    """20: MS sortie and ships fight; a character pilots the best MS without one, or stays where
    it is; the captain is the best at ships (20.5, 20.8). Quattro fights rather than speaks."""
    first = options[0]
    if "captain" in first:
        chars = t.c.characters
        return max(
            options,
            key=lambda a: chars[a["captain"]].ship_attack + chars[a["captain"]].ship_defence,
        )
    if "place" in first:
        cid = first["place"]
        char = t.c.characters[cid]
        plain = [a for a in options if not a.get("speech")]
        pilots = [a for a in plain if a["on"] in t.units and t.units[a["on"]]["type"] in t.c.ms]
        here = t.characters[cid]["on"]
        on_ms = here in t.units and t.units[here]["type"] in t.c.ms
        if pilots and not on_ms and char.ms_attack + char.ms_defence > 0:
            return max(pilots, key=lambda a: t.firepower(a["on"]))
        return next((a for a in plain if a["on"] == here), plain[0] if plain else first)
    for key in ("sortie", "engage"):
        found = next((a for a in options if key in a), None)
        if found is not None:
            return found
    return next((a for a in options if "stow" in a and a["on"] is not None), first)


def choose_axis_attack(t: Table, options: list[Action], rng: random.Random) -> Action:
    """30.4: ram another faction's base only when what it loses (30.4.4) outweighs what Axis
    loses (30.4.5, one step worse and stuck for ever at Granada or Von Braun City, 30.4.7): Axis
    is Neo Zeon's home, the source of most of its armament points."""
    level = t.bases[AXIS]["level"]
    falls = sum(1 for lost in AXIS_LOSS if lost >= level) / len(AXIS_LOSS)
    axis_loss = t.expected_loss(AXIS, AXIS_LOSS) + falls * AXIS_HOME  # neutral: anyone's prize

    def gain(action: Action) -> float:
        bid = action["axis_attack"]
        if bid in AXIS_ATTACK_WORSE:
            return -1.0  # Axis would never move again
        harm = t.side_of(t.bases[bid]["owner"]) * t.expected_loss(bid, TARGET_LOSS)
        return harm - axis_loss

    found = best_taken(options, "axis_attack", gain)
    if found is not None and found[0] > 0:
        return found[1]
    return ending(options)


def choose_laser(t: Table, options: list[Action], rng: random.Random) -> Action:
    """31.5: fire at the hex where the bases and units of the others lose the most against
    what our own there lose (every unit there rolls, ours too, 31.5.11)."""
    level = t.bases[GRYPS2]["level"]
    kill = KILL.get(level, 0) / 6

    def gain(action: Action) -> float:
        at = action["laser"]
        total = 0.0
        for bid, b in t.bases.items():
            if b["at"] == at and bid != GRYPS2 and bid in t.c.bases:
                total += t.side_of(b["owner"]) * t.expected_loss(bid, BASE_LOSS[level])
        for uid, u in t.units.items():
            if u["at"] == at:
                total += (1.0 if u["faction"] != t.me else -1.0) * kill * t.worth(uid)
        return total

    found = best_taken(options, "laser", gain)
    if found is not None and found[0] > 0.5:
        return found[1]
    return ending(options)


def choose_speech(t: Table, options: list[Action], rng: random.Random) -> Action:
    """29.1: Quattro speaks once (29.1.6): where the AEUG gains the most, if enough. Alone there,
    the base becomes the AEUG's at level 3 (29.1.4); with others, two dice less their governance
    give the level (29.1.5)."""

    def gain(action: Action) -> float:
        bid = action["speech"]
        b = t.bases[bid]
        pieces = [*t.units.items(), *t.characters.items()]
        others = [(k, p) for k, p in pieces if p["at"] == b["at"] and p["faction"] != t.me]
        if not others:
            after = t.level_value(bid, 3)  # 29.1.4
        else:  # 29.1.5: units with those aboard, and characters standing alone
            total = sum(t.governance(k) for k, p in others if k in t.units or p["on"] is None)
            rolls = [one + two - total for one in range(1, 7) for two in range(1, 7)]
            after = sum(t.level_value(bid, min(r, 3)) for r in rolls) / len(rolls)
        before = t.level_value(bid, b["level"])
        if b["owner"] == t.me:
            return after - before
        return after + t.side_of(b["owner"]) * before

    found = best_taken(options, "speech", gain)
    if found is not None and found[0] >= SPEECH_GAIN:
        return found[1]
    return ending(options)


HANDLERS: dict[str, Handler] = {
    "prepare": choose_prepare,
    "nuke": choose_nuke,
    "keep": choose_keep,
    "arm": choose_arm,
    "deploy": choose_deploy,
    "act": choose_act,
    "battle": choose_battle,
    "join": choose_join,
    "bomb": choose_wish("bomb"),
    "bombard": choose_wish("bombard"),
    "allocate": choose_allocate,
    "axis_attack": choose_axis_attack,
    "laser": choose_laser,
    "speech": choose_speech,
}


class Scripted(Agent):
    """The Zeta strategic game's player of this module, for any faction."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        options: list[Action] = legal_in(view)
        if len(options) == 1:
            return options[0]
        table = Table(view)
        handler = HANDLERS.get(table.step.get("kind", ""))
        if handler is None:
            return ending(options)
        rng = random.Random(f"{self.seed}:{table.turn}:{len(table.board.get('drawn', []))}")
        # No catch-all here: a handler that raises, or picks what is not offered, is a bug of this
        # player and must show (a step it does not know has no handler and ends above).
        choice = handler(table, options, rng)
        if choice not in options:
            raise RuntimeError(f"zeta scripted player: {choice!r} is not a legal action here")
        return choice


# ----------------------------------------------------------------------------- evaluation


def evaluate(game: Game) -> dict[str, float]:
    """Each faction's chance to win: a softmax of VP plus a share of what its armament points
    may still buy, sharper as turn 10 nears (37)."""
    players = game.players
    result = game.result
    if result is not None:
        winners = result["winners"] or list(players)
        return {p: 1 / len(winners) if p in winners else 0.0 for p in players}
    state = game.state
    c = components(state["data"])
    left = max(0, c.last_turn - state["turn"])
    worth: dict[str, float] = {}
    for f in FACTIONS:
        vp = ap = 0
        for bid, b in state["bases"].items():
            if b["owner"] == f and b["level"] >= 1:
                vp += c.bases[bid].level(b["level"]).vp
                ap += c.bases[bid].level(b["level"]).ap
        worth[f] = vp + 0.05 * ap * left
    heat = 1.5 + 0.4 * left
    top = max(worth.values())
    weights = {p: math.exp((worth[p] - top) / heat) for p in players}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}
