"""The scripted player of IMPERIUM's battles (scenarios 1-5, and those the galactic war starts),
and the evaluation of a position.

It plays as a good player at the table, from its seat's view only:

- it values each ship by its firepower and screens, and more where the scenario's victory
  turns on it: the Imperial transports for Earth in scenario 3, the Terran carriers for the
  Imperium in scenario 4 (victory.py);
- fire (12.6, 12.7): each ship in turn puts its dice where they add most to the expected
  damage, counting the dice already declared at the same target, the distance's hit number and
  the target's countermeasures against torpedoes: fire is focused until a target is likely
  flipped or destroyed (12.8), then moves on;
- movement (12.5): each ship weighs every area it may reach by the damage it can deal there
  against the damage the enemy can deal it there (beams want the same area, torpedoes one area
  off), boldly when its side is the stronger or must attack (the moving player must win before
  the last round, 12.3), warily otherwise; ships with nothing in range close on the enemy;
  fighters launch at once (12.9); damaged ships retreat off the board (12.5) when the side can
  spare them and the scenario does not count them as lost (scenario 4's carriers), and
  scenario 3's Imperials leave with their transports, which is their victory;
- a planetary battle (13): the invader loads drop troops on the assault transports (13.3),
  bombards with what can (13.1), lands its troops in stacks of five next to the weakest enemy
  hex; the defender places its units in full stacks and shoots at the transports that carry
  troops; on the surface each side attacks a hex where its dice are enough against the dice
  there (13.4) and fires at the enemy it can reduce or eliminate.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from wartable.agents.base import printed_values
from wartable.engine.game import Game
from wartable.engine.hexmap import HexGrid
from wartable.games.imperium.components import (
    ASSAULT,
    CARRIER,
    SIDES,
    TRANSPORT,
    components,
)
from wartable.games.imperium.fire import WEAPONS
from wartable.games.imperium.flow import other
from wartable.games.imperium.simplified import HIT_ON

Action = dict[str, Any]
SIX = 1 / 6
BOLD, WARY = 1.6, 0.7  # how much damage dealt is worth against damage taken
GOAL = 4.0  # the worth of a ship the scenario's victory turns on, against an ordinary one
CLOSE = 0.05  # the pull toward the enemy of a ship with nothing in range, per area
ATTACK_ODDS = 1.1  # surface combat: our dice against theirs before going into a hex


@functools.cache
def _distances() -> dict[tuple[str, str], int]:
    """Rule 12.1's distance between every two areas of the board, worked out once (the
    board's areas are its geometry, the same under any printed values)."""
    board = components({}).board
    return {(a, b): board.distance(a, b) for a in board.areas for b in board.areas}


# --- dice ---------------------------------------------------------------------------------


def binomial(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def cancelled(dist: list[float], cm: int) -> list[float]:
    """Rule 12.7: each 6 of the target's countermeasure dice cancels one hit."""
    out = [0.0] * len(dist)
    saves = binomial(cm, SIX)
    for hits, p in enumerate(dist):
        for saved, q in enumerate(saves):
            out[max(0, hits - saved)] += p * q
    return out


# --- the table as one side sees it --------------------------------------------------------


@dataclass
class Table:
    view: dict[str, Any]

    def __post_init__(self) -> None:
        self.board = self.view["board"]
        self.me: str = self.view["you"]
        self.c = components(printed_values(self.view))
        self.units: dict[str, dict[str, Any]] = self.board["units"]
        self.battle: dict[str, Any] = self.board["battle"]
        self.step: dict[str, Any] = self.board["step"] or {}
        self.scenario = self.c.scenarios[self.board["scenario"]]
        self.scores: dict[tuple[str, str], float] = {}  # area_score, worked out once
        self._values: dict[str, float] = {}
        self._bold: bool | None = None

    # ships and ground units

    def ship(self, uid: str) -> Any:
        return self.c.ships.get(self.units[uid]["type"])

    def face(self, uid: str) -> Any:
        unit = self.units[uid]
        kind = self.c.ships.get(unit["type"]) or self.c.ground[unit["type"]]
        return kind.face(unit["damaged"])

    def defence(self, uid: str) -> int:
        """The screens (12.8) or the defence (13.4) on the face now up."""
        return int(self.face(uid).defence)

    def flips(self, uid: str) -> bool:
        ship = self.ship(uid)
        return not self.units[uid]["damaged"] and (ship is None or ship.back is not None)

    def goal(self, uid: str) -> bool:
        """A ship the scenario's victory turns on (victory.py: Sc3's TR, Sc4's CV)."""
        ship = self.ship(uid)
        code = ship.code if ship is not None else ""
        victory = self.scenario.victory
        return (victory == "raid" and code == TRANSPORT) or (
            victory == "carriers" and code == CARRIER and self.units[uid]["side"] == SIDES[0]
        )

    def value(self, uid: str) -> float:
        found = self._values.get(uid)
        if found is None:
            found = self._values[uid] = self._value(uid)
        return found

    def _value(self, uid: str) -> float:
        face = self.face(uid)
        worth: float
        if self.ship(uid) is None:
            worth = face.combat + 2.0 * face.defence
        else:
            worth = 1.0 + face.beam + face.torpedo + 2.0 * face.defence + 2.0 * face.fighters
        return worth * (GOAL if self.goal(uid) else 1.0)

    # the space board

    def area(self, uid: str) -> str | None:
        found: str | None = self.battle.get("areas", {}).get(uid)
        return found

    def on_board(self, side: str) -> list[str]:
        return [u for u in self.battle.get("areas", {}) if self.units[u]["side"] == side]

    def distance(self, a: str, b: str) -> int:
        return _distances()[a, b]

    def strength(self, side: str) -> float:
        total = 0.0
        for uid in self.on_board(side):
            face = self.face(uid)
            total += (face.beam + face.torpedo + 1) * face.defence
        return total

    def bold(self) -> bool:
        """Whether this side seeks the fight: it is stronger, it moved in and must win before
        the last round (12.3), or its victory needs the enemy destroyed (Sc3's Earth)."""
        if self._bold is None:
            self._bold = self._seeks_fight()
        return self._bold

    def _seeks_fight(self) -> bool:
        battle = self.battle
        if self.scenario.victory == "raid":
            return self.me == SIDES[0]
        if self.scenario.victory == "carriers" and self.me == SIDES[1]:
            return True
        mine, theirs = self.strength(self.me), self.strength(other(self.me))
        return mine >= theirs or battle.get("mover") == self.me

    def leaving(self) -> bool:
        """Scenario 3's Imperials: taking the transports off the board is their victory."""
        return self.scenario.victory == "raid" and self.me == SIDES[1]


# --- fire -----------------------------------------------------------------------------------


def expected_damage(table: Table, target: str, shots: list[tuple[int, float, bool]]) -> float:
    """The expected worth of what `shots` (dice, hit chance, torpedo) do to `target` in one step
    (12.8: its defence flips it, three times destroys it)."""
    beams, torps = [1.0], [1.0]
    for dice, p, torpedo in shots:
        if torpedo:
            torps = convolve(torps, binomial(dice, p))
        else:
            beams = convolve(beams, binomial(dice, p))
    face = table.face(target)
    cm = getattr(face, "cm", 0)
    dist = convolve(beams, cancelled(torps, cm) if len(torps) > 1 else torps)
    return worth(table, target, dist)


def worth(table: Table, target: str, dist: list[float]) -> float:
    defence = table.defence(target)
    value = table.value(target)
    kill = sum(p for hits, p in enumerate(dist) if hits >= 3 * defence)
    hurt = sum(p for hits, p in enumerate(dist) if defence <= hits < 3 * defence)
    if not table.flips(target):
        return value * (kill + hurt)
    return value * (kill + 0.5 * hurt)


def shot(table: Table, shooter: str, target: str, weapon: str) -> tuple[int, float, bool] | None:
    w = WEAPONS[weapon]
    kind = table.ship(shooter)
    a, b = table.area(shooter), table.area(target)
    if kind is None or a is None or b is None:
        return None
    need = w.to_hit(kind, table.distance(a, b))
    dice = w.factor(table.face(shooter))
    if need is None or not dice:
        return None
    return dice, (7 - need) / 6, w.countermeasures


def decide_fire(table: Table, legal: list[Action]) -> Action:
    """Focus fire: the declaration that adds most expected damage to what is declared."""
    fire = table.battle["fire"]
    weapon = fire["weapon"]
    planned: dict[str, list[tuple[int, float, bool]]] = {}
    for shooter, target, dice in fire["shots"]:
        found = shot(table, shooter, target, weapon)
        if found is not None:
            planned.setdefault(target, []).append((dice, found[1], found[2]))
    best, gain = None, -1.0
    for action in legal:
        if "fire" not in action or "dice" in action:
            continue
        found = shot(table, action["fire"], action["at"], weapon)
        if found is None:
            continue
        before = planned.get(action["at"], [])
        added = expected_damage(table, action["at"], [*before, found])
        added -= expected_damage(table, action["at"], before)
        if added > gain:
            best, gain = action, added
    return best or {"done": True}


def decide_volley(table: Table, legal: list[Action]) -> Action:
    """17.4: each area fires at the enemy area where its dice are worth most."""
    areas = table.battle["areas"]

    def score(action: Action) -> float:
        if "volley" not in action:
            return -1.0
        need = HIT_ON[table.distance(action["volley"], action["at"])]
        dice = sum(
            sum(w.factor(table.face(u)) for w in WEAPONS.values())
            for u in table.on_board(table.me)
            if areas[u] == action["volley"]
        )
        targets = [u for u in table.on_board(other(table.me)) if areas[u] == action["at"]]
        worth_there = max((table.value(u) / table.defence(u) for u in targets), default=0)
        return dice * (7 - need) / 6 * worth_there

    return max(legal, key=score)


def decide_allot(table: Table, legal: list[Action]) -> Action:
    """17.4: give the hit where it completes a flip or a kill, the most valuable first."""
    return give_hit(table, legal, table.battle["fire"]["hits"])


def give_hit(table: Table, legal: list[Action], hits: dict[str, int]) -> Action:
    """The hit where it brings a unit nearest to a flip or a kill (12.8), given `hits` so far."""

    def score(action: Action) -> float:
        uid = action["hit"]
        now, defence = hits.get(uid, 0) + 1, table.defence(uid)
        steps = [defence, 3 * defence] if table.flips(uid) else [defence]
        ahead = [s for s in steps if s >= now]
        if not ahead:
            return 0.0
        return table.value(uid) / (1 + ahead[0] - now)

    return max(legal, key=score)


# --- movement -------------------------------------------------------------------------------


def dealt(table: Table, uid: str, at: str, enemies: dict[str, str]) -> float:
    """What a ship in area `at` can expect to do in a fire step: its best target's worth per
    hit it needs, beams and torpedoes together."""
    face, kind = table.face(uid), table.ship(uid)
    best = 0.0
    for enemy, where in enemies.items():
        d = table.distance(at, where)
        hits = 0.0
        for w in WEAPONS.values():
            need = w.to_hit(kind, d)
            if need is not None:
                p = (7 - need) / 6
                if w.countermeasures:
                    p *= 1 - getattr(table.face(enemy), "cm", 0) * SIX / 3
                hits += w.factor(face) * p
        best = max(best, hits * table.value(enemy) / table.defence(enemy))
    return best


def taken(table: Table, uid: str, at: str, enemies: dict[str, str], crowd: int) -> float:
    """What the enemy can expect to do to a ship in area `at`, its fire shared among our
    ships in reach (`crowd`)."""
    face = table.face(uid)
    total = 0.0
    for enemy, where in enemies.items():
        kind, f = table.ship(enemy), table.face(enemy)
        d = table.distance(at, where)
        for w in WEAPONS.values():
            need = w.to_hit(kind, d)
            if need is not None:
                p = (7 - need) / 6
                if w.countermeasures:
                    p *= 1 - face.cm * SIX / 3
                total += w.factor(f) * p
    return total * table.value(uid) / table.defence(uid) / max(1, crowd)


def area_score(table: Table, uid: str, at: str) -> float:
    """How good area `at` is for ship `uid` this step (higher is better)."""
    found = table.scores.get((uid, at))
    if found is None:
        found = table.scores[uid, at] = _area_score(table, uid, at)
    return found


def _area_score(table: Table, uid: str, at: str) -> float:
    enemies = {u: table.battle["areas"][u] for u in table.on_board(other(table.me))}
    if not enemies:
        return 0.0
    mine = table.on_board(table.me)
    crowd = sum(1 for u in mine if table.distance(table.battle["areas"][u], at) <= 1)
    nearest = min(table.distance(at, a) for a in enemies.values())
    if table.leaving() or (table.goal(uid) and table.units[uid]["side"] == table.me):
        # keep out of reach, and near an edge to leave by (12.5)
        return nearest + table.distance(at, table.c.board.planet) * 0.1
    boldness = BOLD if table.bold() else WARY
    score = boldness * dealt(table, uid, at, enemies) - taken(table, uid, at, enemies, crowd)
    return score - (CLOSE * nearest if table.bold() else 0.0)


def decide_move(table: Table, legal: list[Action]) -> Action:
    retreats = [a for a in legal if "retreat" in a and should_retreat(table, a["retreat"])]
    if retreats:
        return retreats[0]
    launches = [a for a in legal if "launch" in a]
    if launches:
        return launches[0]
    best, gain = None, 1e-6
    for action in legal:
        if "enter" in action:
            return max(
                (a for a in legal if "enter" in a),
                key=lambda a: area_score(table, a["enter"], a["to"]),
            )
        if "move" not in action:
            continue
        uid = action["move"]
        here = area_score(table, uid, table.battle["areas"][uid])
        better = area_score(table, uid, action["to"]) - here
        if better > gain:
            best, gain = action, better
    if best is not None:
        return best
    return {"done": True} if {"done": True} in legal else legal[0]


def should_retreat(table: Table, uid: str) -> bool:
    """Scenario 3's Imperials leave at once; otherwise a damaged ship leaves when the enemy can
    reach it, its side keeps ships enough, and leaving does not lose the scenario."""
    if table.leaving():
        return True
    if not table.units[uid]["damaged"] or table.goal(uid):
        return False
    if table.scenario.victory == "carriers" and table.me == SIDES[1]:
        return False  # Sc4: the Imperium must stay to get at the carriers
    mine = [u for u in table.on_board(table.me) if u != uid]
    if not mine:
        return False
    enemies = {u: table.battle["areas"][u] for u in table.on_board(other(table.me))}
    at = table.battle["areas"][uid]
    threat = taken(table, uid, at, enemies, 1)
    rest = sum(1 for u in mine if not table.units[u]["damaged"])
    return threat > table.value(uid) * 0.3 and rest >= 2


def decide_place(table: Table, legal: list[Action]) -> Action:
    """Set-up (12.2, the scenarios): all together where the fight will be; the side that
    leaves (Sc3's Imperials) as far from the centre as it may."""
    planet = table.c.board.planet
    enemies = table.on_board(other(table.me))
    placed = {table.battle["areas"][u] for u in table.on_board(table.me)}

    def score(action: Action) -> float:
        at = action["area"]
        together = 2.0 if at in placed else 0.0
        if table.leaving():
            return table.distance(at, planet) + together
        if enemies:
            return area_score(table, action["place"], at) + together
        return together - table.distance(at, planet)

    return max(legal, key=score)


# --- a planetary battle ---------------------------------------------------------------------


def decide_load(table: Table, legal: list[Action]) -> Action:
    """Drop troops aboard the assault transports (they may land among the enemy, 13.3)."""
    for action in legal:
        unit, ship = table.units[action["load"]], table.ship(action["onto"])
        kind = table.c.ground[unit["type"]].kind
        if (kind == "drop") == (ship.code == ASSAULT):
            return action
    return legal[0]


def decide_bombard(table: Table, legal: list[Action]) -> Action:
    """13.1: every ship that can bombards (the defence's fighters are the prize)."""
    return next((a for a in legal if "bombard" in a), legal[-1])


def decide_hit(table: Table, legal: list[Action]) -> Action:
    """A bombardment hit (13.1): on the defender it brings nearest to a flip or a kill."""
    return give_hit(table, legal, table.battle["bombard"]["on"])


def decide_intercept(table: Table, legal: list[Action]) -> Action:
    """13.1, 13.3: every fighter and battery fires, at the exposed ship worth most per hit
    it needs, carrying troops first (a transport destroyed takes them with it)."""
    defence = table.battle["defence"]
    aimed = defence["against"]

    def score(action: Action) -> float:
        ship = action["at"]
        cargo = [u for u, x in table.units.items() if x["aboard"] == ship]
        already = sum(1 for s in aimed.values() if s == ship)
        worth_it = table.value(ship) + sum(table.value(u) for u in cargo)
        return worth_it / table.defence(ship) / (1 + already)

    shots = [a for a in legal if "intercept" in a]
    return max(shots, key=score) if shots else legal[-1]


def planet_grid(table: Table) -> HexGrid:
    return table.c.planets[table.battle["planet"]].map.grid


def hex_units(table: Table, side: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for uid, where in table.battle["hexes"].items():
        if table.units[uid]["side"] == side:
            found.setdefault(where, []).append(uid)
    return found


def dice_of(table: Table, uids: list[str]) -> float:
    total = 0.0
    for uid in uids:
        face = table.face(uid)
        total += face.combat if table.ship(uid) is None else face.beam + face.torpedo
    return total


def hunting(table: Table) -> bool:
    """Whether this side must wipe the other off the planet to win (Sc1: the side left with
    troops wins, both: a draw), being the stronger; the weaker plays for the draw."""
    ours = dice_of(table, [u for u, x in table.units.items() if x["side"] == table.me])
    theirs = dice_of(table, [u for u, x in table.units.items() if x["side"] != table.me])
    return ours >= theirs


def decide_deploy(table: Table, legal: list[Action]) -> Action:
    """13.2: the weaker defender spreads its troops over the map, far apart, so that some
    survive (Sc1); the stronger stacks them in full hexes, side by side."""
    mine = hex_units(table, table.me)
    grid = planet_grid(table)
    unit = max({a["deploy"] for a in legal}, key=lambda u: (dice_of(table, [u]), u))
    spread = not hunting(table)

    def score(action: Action) -> float:
        h = action["hex"]
        filling = len(mine.get(h, []))
        near = min((grid.distance(h, there) for there in mine), default=0)
        return near - 10 * filling if spread else filling * 10 - near

    return max((a for a in legal if a["deploy"] == unit), key=score)


def surface_dice(table: Table, uid: str) -> float:
    return dice_of(table, [uid])


def decide_land(table: Table, legal: list[Action]) -> Action:
    """13.3: every unit lands, next to the enemy hex our landing presses least against its
    dice (drop troops from an AT and fighters upon it, 13.3), in stacks of up to five."""
    landing = [a for a in legal if "land" in a]
    if not landing:
        return {"done": True}
    grid = planet_grid(table)
    enemy = hex_units(table, other(table.me))
    plan: dict[str, str] = table.battle["landing"] or {}
    uid = max({a["land"] for a in landing}, key=lambda u: (surface_dice(table, u), u))
    mine = [a for a in landing if a["land"] == uid]
    if not enemy:
        return mine[0]
    counts: dict[str, int] = {}
    for h in plan.values():
        counts[h] = counts.get(h, 0) + 1

    def pressure(e: str) -> float:
        near = sum(surface_dice(table, u) for u, h in plan.items() if grid.distance(h, e) <= 1)
        return near / max(1.0, dice_of(table, enemy[e]))

    target = min(enemy, key=lambda e: (pressure(e), e))

    def score(action: Action) -> float:
        h = action["hex"]
        d = grid.distance(h, target)
        return -2.0 * d + (0.5 if d == 0 else 0.0) + 0.1 * counts.get(h, 0)

    return max(mine, key=score)


def pressure(
    table: Table, mine: dict[str, list[str]], enemy: dict[str, list[str]], e: str, here: str
) -> float:
    """How well an enemy hex is already attacked, against its dice, and how far it is."""
    ours = dice_of(table, mine.get(e, []))
    return ours / max(1.0, dice_of(table, enemy[e])) + 0.3 * planet_grid(table).distance(here, e)


def decide_surface_move(table: Table, legal: list[Action]) -> Action:
    """13.4: the stronger side goes into the enemy hexes, each where its dice press least
    against the enemy's; the weaker keeps its troops out of reach (Sc1: survivors draw) and
    fights only at good odds."""
    grid = planet_grid(table)
    enemy = hex_units(table, other(table.me))
    mine = hex_units(table, table.me)
    hunt = hunting(table)
    best, gain = None, 0.0
    for action in legal:
        if "move" not in action:
            continue
        uid, to = action["move"], action["to"]
        here = table.battle["hexes"][uid]
        if not enemy:
            continue
        if hunt:
            if here in enemy:
                continue  # already fighting: stay

            goal = min(enemy, key=lambda e: (pressure(table, mine, enemy, e, here), e))
            closer = grid.distance(here, goal) - grid.distance(to, goal)
            score = closer + (1.0 if to == goal else 0.0)
        else:
            # keep away: the distance to the nearest enemy, unless the odds there are good
            def gap(h: str) -> int:
                return min(grid.distance(h, e) for e in enemy)

            score = gap(to) - gap(here) - 0.5 * len(mine.get(to, []))
            if to in enemy:
                odds = dice_of(table, [*mine.get(to, []), uid]) / dice_of(table, enemy[to])
                score = 2.0 if odds >= 2 * ATTACK_ODDS else -1.0
        if score > gain:
            best, gain = action, score
    return best or {"done": True}


def decide_surface_fire(table: Table, legal: list[Action]) -> Action:
    """13.4: each unit fires at the enemy in its hex where its dice add most to the expected
    damage (each 6 a hit, 12.8's thresholds), counting the dice already declared at it."""
    shots = table.battle["surface"]["shots"]
    fire = [a for a in legal if "fire" in a]
    if not fire:
        return legal[-1]

    def score(action: Action) -> float:
        target = action["at"]
        before = [
            (int(surface_dice(table, u)), SIX, False) for u, t in shots.items() if t == target
        ]
        now = [*before, (int(surface_dice(table, action["fire"])), SIX, False)]
        return expected_damage(table, target, now) - expected_damage(table, target, before)

    return max(fire, key=score)


def decide_initiative(table: Table, legal: list[Action]) -> Action:
    """12.4: keep it, and declare fire after seeing the enemy's dice."""
    return {"initiative": "keep"}


DECIDE = {
    "place": decide_place,
    "initiative": decide_initiative,
    "move": decide_move,
    "fire": decide_fire,
    "volley": decide_volley,
    "allot": decide_allot,
    "load": decide_load,
    "bombard": decide_bombard,
    "allocate": decide_hit,
    "intercept": decide_intercept,
    "deploy": decide_deploy,
    "land": decide_land,
    "surface_move": decide_surface_move,
    "surface_fire": decide_surface_fire,
}


def choose(view: dict[str, Any], legal: list[Action]) -> Action:
    """A battle's decision, by the plan for its step (the first legal action for a step that
    has none)."""
    table = Table(view)
    decide = DECIDE.get(table.step.get("kind", ""))
    if decide is None:
        return legal[0]
    choice = decide(table, legal)
    return choice if choice in legal else legal[0]


# --- the evaluation of a position -----------------------------------------------------------


def evaluate(game: Game) -> dict[str, float]:
    """Each side's chance to win: the result once over; otherwise a logistic of the strength
    each side has left in the battle (ships on the board, troops on the planet)."""
    state = game.state
    if state["end"] is not None:
        winners = state["end"]["winners"]
        if not winners:
            return dict.fromkeys(SIDES, 0.5)
        return {side: float(side in winners) for side in SIDES}
    view = {"board": game.rules.view(state, None), "you": SIDES[0], "options": game.options}
    table = Table(view)
    strength = {}
    for side in SIDES:
        mine = [u for u, x in table.units.items() if x["side"] == side]
        strength[side] = sum(table.value(u) for u in mine)
    total = sum(strength.values()) or 1.0
    p = 1 / (1 + math.exp(-4 * (strength[SIDES[0]] - strength[SIDES[1]]) / total))
    return {SIDES[0]: p, SIDES[1]: 1 - p}
