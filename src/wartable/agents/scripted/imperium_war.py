"""The scripted player of IMPERIUM's galactic war (scenarios 6-8 and the campaign game).

It decides from its seat's view only: the fleet markers, the World and Outpost markers, the
tracks and its own units, with the enemy units it has seen where they were seen. What it cannot
see of the enemy it guesses from the scenario's printed forces (galaxy.toml), never from the
state.

A war is won on the prestige track (15.0): taking the enemy's Worlds and Outposts moves it most,
so the plan is to carry troops to the enemy planets it can take, with the warships as escort:

- set-up and reinforcements: ships gather in one fleet at the staging World (its World nearest
  the enemy's planets), troops go aboard the transports, batteries and monitors to the Worlds
  nearest the enemy;
- construction (9.0): keeps what the next maintenance will cost, then buys the transports and
  drop troops (they land on any planet, 11.7) its strike force lacks, then the warships that
  give most strength for their price;
- appeals (6.2) only when the prestige they cost does not put the war at risk, and financial
  ones (a lasting budget); the Emperor's gifts are the strongest ships a point buys; a crisis
  takes its cheapest ships;
- action segments (10.0): it activates the system where its best order is, else passes; orders
  are, best first, attacking an enemy planet its troops can take, loading troops, combining
  fleets, moving a fleet along the shortest route toward its goal (a weak enemy fleet within
  reach; the target planet for the fleet with troops, once the fleets on their way to it have
  joined; the most threatened World, else the strike fleet, for the others), never into a
  system where the enemy's guessed strength is close to its own;
- maintenance, repair, scrapping (14): pays when it can, leaves its least useful units unpaid
  when it cannot, repairs its warships, merges damaged fighters;
- the battles the war starts are played by part 1's player (`imperium_battle`), shown only the
  battle's units and a scenario of plain battle.

Any decision this module does not know (a rule added later) gets the action that ends or
passes the step, else the first legal one.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from wartable.agents.base import printed_values
from wartable.agents.scripted import imperium_battle as battle
from wartable.games.imperium.components import SIDES, Components, components
from wartable.games.imperium.flow import other
from wartable.games.imperium.war.galaxy import HOMES, Galaxy, galaxy

Action = dict[str, Any]
TROOPS = ("infantry", "drop")
BATTLE_SCENARIO = "s2"  # part 1's player reads a scenario: one whose victory is plain battle
ATTACK_ODDS = 1.5  # space strength against the enemy's guess before seeking a battle
RISK_ODDS = 1.1  # below this, a fleet keeps out of a system holding enemy fleets
WORLD_VALUE, OUTPOST_VALUE = 3.0, 1.0  # 15.0: the prestige a World and an Outpost move
WANTED_DROPS = 4  # the drop troops the strike force wants aboard
GROWTH = 0.2  # how much the enemy's unseen force is guessed to grow each turn
CONCENTRATION = 0.6  # the least share of the enemy's unseen force guessed in one fleet
FAR = 99


def type_strength(c: Components, type_id: str) -> tuple[float, float]:
    """The fire and staying power of an undamaged ship of a type (none for a monitor, which
    never leaves its planet box, or a type not in the data)."""
    ship = c.ships.get(type_id)
    if ship is None or not ship.ftl:
        return 0.0, 0.0
    face = ship.front
    back = ship.back.defence if ship.back is not None else 0
    return float(face.beam + face.torpedo + 2 * face.fighters), float(face.defence + back)


def jumps(g: Galaxy, a: str, b: str) -> int:
    """Jumps from star `a` to star `b` by the routes of the map played (FAR: none)."""
    return g.hops.get(a, {}).get(b, FAR)  # a place off the routes: deep space (17.1)


def next_hop(g: Galaxy, a: str, b: str) -> str | None:
    """The star one jump from `a` on a shortest route to `b`."""
    if a == b or jumps(g, a, b) >= FAR:
        return None
    near = g.hops[b]
    steps = [s for s in sorted(g.links[a]) if near.get(s, FAR) == near[a] - 1]
    return steps[0] if steps else None


# --- what one side sees of the war ------------------------------------------------------------


@dataclass
class Front:
    view: dict[str, Any]
    board: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.board = self.view["board"]
        self.me: str = self.view["you"]
        self.foe = other(self.me)
        self.war: dict[str, Any] = self.board["war"]
        self.units: dict[str, dict[str, Any]] = self.board["units"]
        self.fleets: dict[str, dict[str, Any]] = self.war["fleets"]
        self.markers: dict[str, dict[str, str]] = self.war["planets"]
        self.c = components(printed_values(self.view))
        self.g = galaxy(printed_values(self.view, "galaxy"))
        self.step: dict[str, Any] = self.board["step"] or {}

    # units

    def ship(self, uid: str) -> Any:
        return self.c.ships.get(self.units[uid]["type"])

    def ground_kind(self, uid: str) -> str | None:
        unit = self.c.ground.get(self.units[uid]["type"])
        return unit.kind if unit is not None else None

    def is_troop(self, uid: str) -> bool:
        return self.ground_kind(uid) in TROOPS

    def code(self, uid: str) -> str:
        ship = self.ship(uid)
        return str(ship.code) if ship is not None else ""

    def fire(self, uid: str) -> float:
        ship = self.ship(uid)
        if ship is None:
            return 0.0
        face = ship.face(self.units[uid]["damaged"])
        return float(face.beam + face.torpedo + 2 * face.fighters)

    def hp(self, uid: str) -> float:
        ship = self.ship(uid)
        if ship is None:
            return 0.0
        face = ship.face(self.units[uid]["damaged"])
        back = ship.back.defence if ship.back is not None and not self.units[uid]["damaged"] else 0
        return float(face.defence + back)

    def value(self, uid: str) -> float:
        """A unit's worth to its side: its firepower and staying power, troops a little more
        (they take planets)."""
        if self.is_troop(uid):
            return 4.0
        if self.ship(uid) is None:
            return 2.0
        return 1.0 + self.fire(uid) + 2.0 * self.hp(uid)

    def at(self, place: str, side: str | None = None) -> list[str]:
        return [
            u
            for u, x in self.units.items()
            if x["at"] == place and (side is None or x["side"] == side)
        ]

    def aboard(self, ship: str) -> list[str]:
        return [u for u, x in self.units.items() if x["aboard"] == ship]

    # fleets

    def mine(self) -> dict[str, str]:
        """My fleets and the system each is in."""
        return {n: f["system"] for n, f in self.fleets.items() if f["side"] == self.me}

    def ships_of(self, number: str) -> list[str]:
        ships = [u for u in self.at(f"fleet:{number}") if self.ship(u) is not None]
        return ships + [c for s in ships for c in self.aboard(s) if self.ship(c) is not None]

    def troops_of(self, number: str) -> list[str]:
        return [c for s in self.at(f"fleet:{number}") for c in self.aboard(s) if self.is_troop(c)]

    def room_of(self, number: str) -> int:
        """Empty places aboard the fleet's transports (11.5)."""
        free = 0
        for s in self.at(f"fleet:{number}"):
            ship = self.ship(s)
            if ship is not None and ship.cargo:
                free += max(0, ship.cargo - len(self.aboard(s)))
        return free

    def mobile(self, number: str) -> bool:
        """Whether the fleet can jump (11.0, 11.6: only FTL ships, no loose cargo)."""
        units = self.at(f"fleet:{number}")
        return bool(units) and all(self.ship(u) is not None and self.ship(u).ftl for u in units)

    def strength(self, ships: list[str]) -> tuple[float, float]:
        return sum(self.fire(u) for u in ships), sum(self.hp(u) for u in ships)

    def power(self, number: str) -> float:
        fire, hp = self.strength(self.ships_of(number))
        return fire * hp

    @functools.cached_property
    def guess(self) -> tuple[float, float]:
        """The fire and staying power of one enemy fleet the side has not seen: the enemy's
        printed starting ships (monitors aside: they keep to planet boxes) grown a little each
        turn, with the ships of the Offensive Orders still held (B.2: public), less what has
        been seen; a fleet may hold most of that, so each unseen fleet is guessed at the larger
        of its even share and 60% of it."""
        war = self.g.wars.get(self.war["scenario"])
        fire = hp = 0.0
        types: list[str] = []
        if war is not None:
            types = [t for t, n in war.forces[self.foe].ships.items() for _ in range(n)]
        grow = 1 + GROWTH * (self.war["turn"] - 1)
        for type_id in types:
            f, h = type_strength(self.c, type_id)
            fire, hp = fire + f * grow, hp + h * grow
        if self.foe == SIDES[1]:  # B.2: the Offensive Orders' ships the Imperium still holds
            for type_id in [t for order in self.war.get("offensives", []) for t in order]:
                f, h = type_strength(self.c, type_id)
                fire, hp = fire + f, hp + h
        seen = [u for u, x in self.units.items() if x["side"] == self.foe and self.ship(u)]
        seen_fire, seen_hp = self.strength(seen)
        unseen = [n for n, f in self.fleets.items() if f["side"] == self.foe and not self.seen(n)]
        share = max(1 / max(1, len(unseen)), CONCENTRATION)
        return max(1.0, fire - seen_fire) * share, max(1.0, hp - seen_hp) * share

    def seen(self, number: str) -> list[str]:
        return [u for u in self.at(f"fleet:{number}", self.foe) if self.ship(u) is not None]

    def enemy_power(self, number: str) -> float:
        """What an enemy fleet is guessed to hold: what was seen of it, or the share of the
        enemy's force; a fleet that said it holds no warship (11.3) only a little."""
        ships = self.seen(number)
        if ships:
            fire, hp = self.strength(ships)
            return fire * hp * 1.2
        if self.war.get("disclosed", {}).get(number) is False:
            return 2.0
        fire, hp = self.guess
        return fire * hp

    def enemy_in(self, system: str) -> float:
        """The enemy's guessed strength in a system: its fleets there and its monitors (a
        monitor in a planet box fights as a fleet, Q7), seen or likely at its Worlds."""
        total = sum(
            self.enemy_power(n)
            for n, f in self.fleets.items()
            if f["side"] == self.foe and f["system"] == system
        )
        fire = hp = 0.0
        for planet in self.planets(system):
            monitors = [u for u in self.at(f"box:{planet}", self.foe) if self.code(u) == "M"]
            if monitors:
                f, h = self.strength(monitors)
                fire, hp = fire + f, hp + h
            elif self.owner(planet) == self.foe and self.markers[planet]["marker"] == "world":
                fire, hp = fire + 8.0, hp + 5.0  # a monitor likely (Sc6-8 set them up there)
        return total + fire * hp

    # the map

    def planets(self, system: str) -> tuple[str, ...]:
        found = self.g.systems.get(system)
        return found.planets if found is not None else ()

    def owner(self, planet: str) -> str | None:
        marker = self.markers.get(planet)
        return marker["owner"] if marker is not None else None

    def my_systems(self) -> list[str]:
        return [s for s in self.g.systems if any(self.owner(p) == self.me for p in self.planets(s))]

    def targets(self) -> dict[str, float]:
        """The enemy planets worth taking and their prestige worth (15.0)."""
        return {
            p: WORLD_VALUE if m["marker"] == "world" else OUTPOST_VALUE
            for p, m in self.markers.items()
            if m["owner"] == self.foe
        }

    def defenders(self, planet: str) -> float:
        """The ground units guessed to hold an enemy planet: those seen there, else the
        enemy's printed ground force shared among its planets, more on a World."""
        seen = [u for u in self.at(f"box:{planet}", self.foe) if self.ship(u) is None]
        if seen or f"box:{planet}" in self.war.get("seen", {}).values():
            return float(len(seen))
        war = self.g.wars.get(self.war["scenario"])
        ground = 0
        if war is not None:
            force = war.forces[self.foe]
            ground = force.batteries + sum(force.draw.values())
        held = max(1, sum(1 for m in self.markers.values() if m["owner"] == self.foe))
        share = ground / held
        return share * (3.0 if self.markers[planet]["marker"] == "world" else 0.7)

    def staging(self) -> str:
        """The system of my Worlds nearest the enemy's planets, where the strike force gathers;
        a home of mine when I hold no World."""
        worlds = [
            s
            for s in self.g.systems
            if any(
                self.owner(p) == self.me and self.markers[p]["marker"] == "world"
                for p in self.planets(s)
            )
        ]
        enemy = {self.g.system_of[p] for p in self.targets()}
        if not worlds:
            return HOMES[self.me][0]
        return min(worlds, key=lambda s: min((jumps(self.g, s, e) for e in enemy), default=FAR))

    def landable(self, troop: str, planet: str) -> bool:
        """11.7: infantry only on type A planets, drop troops anywhere."""
        kind = self.ground_kind(troop)
        planet_type = self.c.planets[planet].type
        terraformed = planet in self.war.get("terraformed", [])
        return kind == "drop" or planet_type.startswith("A") or terraformed

    def landers(self, troops: list[str], planet: str) -> int:
        return sum(1 for t in troops if self.landable(t, planet))

    def at_peace(self) -> bool:
        return self.war.get("peace") is not None or self.war.get("event") == "peace_negotiations"


# --- fleet plans ------------------------------------------------------------------------------


def strike_fleet(front: Front) -> str | None:
    """The fleet that carries the attack: the one with most troops aboard, then most power."""
    mine = [n for n in front.mine() if front.ships_of(n)]
    if not mine:
        return None
    return max(mine, key=lambda n: (len(front.troops_of(n)), front.power(n), n))


def target_for(front: Front, number: str) -> str | None:
    """The enemy planet the fleet's troops should take: the most prestige for the jumps, among
    those its troops can hold against the guessed defenders."""
    here = front.fleets[number]["system"]
    troops = front.troops_of(number)
    best, best_score = None, 0.0
    for planet, worth in front.targets().items():
        system = front.g.system_of[planet]
        landing = front.landers(troops, planet)
        if landing < front.defenders(planet) + 0.5:
            continue
        if front.power(number) < ATTACK_ODDS * front.enemy_in(system):
            continue  # 13.0: the enemy's fleets there are fought first
        score = worth / (1 + jumps(front.g, here, system))
        if score > best_score:
            best, best_score = planet, score
    return best


def goal_of(front: Front, number: str) -> str | None:
    """Where a fleet of mine should go: the strike fleet to its target, a fleet with room for
    troops to where they wait, the others to the strike fleet, or to a weak enemy fleet."""
    here = front.fleets[number]["system"]
    power = front.power(number)
    # a weak enemy fleet near: a battle at good odds (and a major victory, 15.0)
    prey = [
        f["system"]
        for n, f in front.fleets.items()
        if f["side"] == front.foe
        and jumps(front.g, here, f["system"]) <= 3
        and power >= ATTACK_ODDS * front.enemy_in(f["system"])
    ]
    if prey:
        return str(min(prey, key=lambda s: (jumps(front.g, here, s), s)))
    if front.troops_of(number):
        target = target_for(front, number)
        if target is not None:
            return here if joining(front, number) else front.g.system_of[target]
    if front.room_of(number):
        waiting = [
            s
            for s in front.my_systems()
            if any(front.is_troop(u) for p in front.planets(s) for u in front.at(f"box:{p}"))
        ]
        if waiting:
            return min(waiting, key=lambda s: (jumps(front.g, here, s), s))
    strike = strike_fleet(front)
    guard = threatened(front)
    if guard is not None and number != strike and not front.troops_of(number):
        return guard
    if strike is not None and strike != number:
        return str(front.fleets[strike]["system"])
    return front.staging()


def threatened(front: Front) -> str | None:
    """The system of my Worlds most in danger: enemy fleets within two jumps (what they may
    reach in one move, 11.1), weighed by their guessed strength; None when none is near."""
    worst, worst_threat = None, 0.0
    for system in front.my_systems():
        worlds = [
            p
            for p in front.planets(system)
            if front.owner(p) == front.me and front.markers[p]["marker"] == "world"
        ]
        if not worlds:
            continue
        threat = sum(
            front.enemy_power(n)
            for n, f in front.fleets.items()
            if f["side"] == front.foe and jumps(front.g, f["system"], system) <= 2
        )
        if threat > worst_threat:
            worst, worst_threat = system, threat
    return worst


def joining(front: Front, number: str) -> bool:
    """Whether fleets of mine on their way to this one would add much to it: it waits for
    them, since only the moving fleet fights (11.4). They are not on their way while a World
    of mine is threatened (they guard it), and the Imperium does not wait while it holds an
    Offensive Order (B.2: its ships go back, or cost prestige, in a turn prestige does not
    rise)."""
    if threatened(front) is not None or (front.me == SIDES[1] and front.war.get("offensives")):
        return False
    here = front.fleets[number]["system"]
    power = front.power(number)
    coming = 0.0
    for other_number, system in front.mine().items():
        if other_number == number or not 0 < jumps(front.g, system, here) <= 3:
            continue
        if not front.mobile(other_number) or front.troops_of(other_number):
            continue
        if front.power(other_number) > 0.3 * power:
            coming += front.power(other_number)
    return coming > 0


def safe(front: Front, number: str, system: str) -> bool:
    """Whether the fleet may enter `system`: no enemy there, or one it outguns."""
    enemy = front.enemy_in(system)
    return enemy == 0 or front.power(number) >= RISK_ODDS * enemy


# --- the decisions ------------------------------------------------------------------------------


def fallback(legal: list[Action]) -> Action:
    """A step this player does not know: end or pass it, else the first legal action."""
    for key in ("done", "pass", "halt"):
        for action in legal:
            if key in action:
                return action
    return legal[0]


def decide_setup(front: Front, legal: list[Action]) -> Action:
    """The war's set-up: ships together at the staging World, troops aboard the transports,
    batteries and monitors on the Worlds nearest the enemy, fighters aboard carriers."""
    places = [a for a in legal if "place" in a]
    if not places:
        return fallback(legal)
    uid = places[0]["place"]
    staging = front.staging()

    def score(action: Action) -> float:
        kind, _, name = str(action["at"]).partition(":")
        if kind == "aboard":
            cargo = front.is_troop(uid) or front.code(uid) == "F"
            return 10.0 + (front.ground_kind(uid) == "drop") if cargo else -10.0
        system = name if kind == "system" else front.g.system_of.get(name, "")
        near = jumps(front.g, system, staging)
        if front.code(uid) == "F":
            return 5.0 - near  # no carrier: into a box (loose, it would pin its fleet, 11.6)
        if front.ship(uid) is not None and front.code(uid) != "M":
            return 10.0 - near if kind == "system" else -5.0
        return guard_score(front, name) if kind == "box" else -5.0

    return max(places, key=score)


def guard_score(front: Front, planet: str) -> float:
    """Where a defender does most good: a World of mine near the enemy, not yet guarded."""
    system = front.g.system_of.get(planet, "")
    enemy = [front.g.system_of[p] for p in front.targets()]
    near = min((jumps(front.g, system, e) for e in enemy), default=FAR)
    world = front.markers.get(planet, {}).get("marker") == "world"
    guards = len(front.at(f"box:{planet}", front.me))
    return (3.0 if world else 1.0) - 0.5 * near - 1.5 * guards


def decide_reinforce(front: Front, legal: list[Action]) -> Action:
    """8.0: troops aboard a transport that came with them, ships to the World nearest the
    staging one, defenders where guard_score says, fighters never loose in a fleet."""
    staging = front.staging()

    def score(action: Action) -> float:
        uid = action["place"]
        kind, _, name = str(action["at"]).partition(":")
        if kind == "aboard":
            return 20.0 if front.is_troop(uid) or front.code(uid) == "F" else -10.0
        system = front.g.system_of.get(name, "")
        if kind == "fleet":
            if front.code(uid) == "F":
                return -10.0
            return 10.0 - jumps(front.g, system, staging)
        return guard_score(front, name)

    return max(legal, key=score)


def reserve(front: Front) -> float:
    """What the next maintenance (14.1) is likely to take from the stockpile: the ships'
    upkeep beyond what the Worlds and Outposts of their systems give, the ground units'."""
    factor = 2 if front.war.get("peace") is not None else 1
    owed: dict[str, float] = {}
    ground = 0.0
    for uid, unit in front.units.items():
        if unit["side"] != front.me or unit["type"] == "outpost":
            continue
        ship = front.ship(uid)
        if ship is None:
            ground += 1
            continue
        system = system_of(front, uid)
        if system is None:
            continue
        owed[system] = owed.get(system, 0.0) + ship.face(unit["damaged"]).maintenance
    total = ground
    for system, cost in owed.items():
        support = 0
        for p in front.planets(system):
            marker = front.markers.get(p)
            if marker is not None and marker["owner"] == front.me:
                support += 20 if marker["marker"] == "world" else 6
        # fleets leave their Worlds in the segments: count half the support
        total += max(0.0, cost - support / 2)
    return total * factor


def system_of(front: Front, uid: str) -> str | None:
    unit = front.units[uid]
    if unit["aboard"] is not None:
        return system_of(front, unit["aboard"]) if unit["aboard"] in front.units else None
    kind, _, name = str(unit["at"]).partition(":")
    if kind == "fleet" and name in front.fleets:
        return str(front.fleets[name]["system"])
    if kind == "box":
        return front.g.system_of.get(name)
    return None


def decide_build(front: Front, legal: list[Action]) -> Action:
    """9.0: keep the next maintenance, then transports and troops the strike force lacks,
    then the warships with most strength for their price."""
    money = front.war["resources"][front.me]
    spare = money - reserve(front)
    builds = [a for a in legal if "build" in a]
    if front.war.get("peace") is not None:
        upgrades = [a for a in legal if "upgrade" in a]
        if upgrades and spare >= 10:
            return upgrades[0]  # 16.0: an Outpost becomes a World
        if spare < 40:
            return {"done": True}  # building costs double in peace (16.0)
    troops, drops, room = count_troops(front)
    c = front.c

    def price(item: str) -> int:
        if item in c.ships:
            return int(c.ships[item].cost)
        if item in c.ground:
            return int(c.ground[item].cost)
        if item in TROOPS:
            return int(next(g.cost for g in c.ground.values() if g.kind == item))
        return 4  # an Outpost

    affordable = [a for a in builds if price(a["build"]) <= spare]
    if not affordable:
        return {"done": True} if {"done": True} in legal else fallback(legal)
    if drops < WANTED_DROPS:  # drop troops land on any planet (11.7), infantry on A only
        if room <= troops:
            transports = [
                a for a in affordable if a["build"] in c.ships and c.ships[a["build"]].code == "TR"
            ]
            if transports:
                return transports[0]
        if {"build": "drop"} in affordable:
            return {"build": "drop"}

    def worth(action: Action) -> float:
        item = action["build"]
        ship = c.ships.get(item)
        if ship is None or not ship.ftl or ship.cls == "auxiliary" or ship.code == "SC":
            return 0.0
        back = ship.back.defence if ship.back is not None else 0
        face = ship.front
        strength = (face.beam + face.torpedo + 2 * face.fighters) * (face.defence + back)
        return strength / (ship.cost + 3 * face.maintenance)  # upkeep for three turns

    best = max(affordable, key=worth)
    if worth(best) <= 0:
        return {"done": True} if {"done": True} in legal else fallback(legal)
    return best


def count_troops(front: Front) -> tuple[int, int, int]:
    """My troops and drop troops in play and on the track, and my transports' places
    (11.5)."""
    troops = drops = room = 0
    for uid, unit in front.units.items():
        if unit["side"] != front.me:
            continue
        if front.is_troop(uid):
            troops += 1
            drops += front.ground_kind(uid) == "drop"
        ship = front.ship(uid)
        if ship is not None:
            room += ship.cargo
    for arrivals in front.war["track"].values():
        for entry in arrivals:
            if entry["side"] != front.me:
                continue
            kind = entry.get("kind")
            ship = front.c.ships.get(entry.get("type", ""))
            troops += kind in TROOPS
            drops += kind == "drop"
            room += ship.cargo if ship is not None else 0
    return troops, drops, room


def decide_appeal(front: Front, legal: list[Action]) -> Action:
    """6.2: an appeal costs prestige at once, which is the war itself; a financial one (a
    lasting budget) only while the track stands well on the Imperial side early in the war."""
    prestige = front.war["prestige"]
    early = (front.war.get("war_turn") or 99) <= 4
    if prestige >= 7 and early and {"appeal": "financial"} in legal:
        return {"appeal": "financial"}
    return {"pass": True} if {"pass": True} in legal else fallback(legal)


def decide_crisis(front: Front, legal: list[Action]) -> Action:
    """B.2 Frontier Crisis: the ships the war misses least go."""
    return min(legal, key=lambda a: (front.value(a["remove"]), a["remove"]))


def decide_gift(front: Front, legal: list[Action]) -> Action:
    """B.2 Reinforcements: the strongest ship for the points it takes (a capital counts 2)."""

    def worth(action: Action) -> float:
        ship = front.c.ship(front.me, action["ship"])
        weight = 2 if ship.cls == "capital" else 1
        face = ship.front
        return (face.beam + face.torpedo + 2 * face.fighters) * (face.defence + 1) / weight

    return max(legal, key=worth)


def decide_upkeep(front: Front, legal: list[Action]) -> Action:
    """14.1: pay when the stockpile can; else leave unpaid the unit worth least for its
    upkeep."""
    if {"pay": True} in legal:
        return {"pay": True}
    unpaid = [a for a in legal if "unpaid" in a]
    if not unpaid:
        return fallback(legal)

    def keep(action: Action) -> float:
        uid = action["unpaid"]
        ship = front.ship(uid)
        cost = ship.face(front.units[uid]["damaged"]).maintenance if ship is not None else 1
        return front.value(uid) / max(1, cost)

    return min(unpaid, key=keep)


def decide_repair(front: Front, legal: list[Action]) -> Action:
    """14.3: merge damaged fighters and monitors (free), repair the most valuable warships
    while the stockpile keeps a little for the next turn."""
    for action in legal:
        if "merge" in action:
            return action
    money = front.war["resources"][front.me]
    fixes = [a for a in legal if "repair" in a and front.ship(a["repair"]) is not None]
    if fixes and money >= 8:
        return max(fixes, key=lambda a: front.value(a["repair"]))
    return fallback(legal)


def decide_retreat(front: Front, legal: list[Action]) -> Action:
    """12.3, Q8: to a system of mine, with my fleets, away from the enemy."""
    mine = set(front.my_systems())
    fleets = set(front.mine().values())

    def score(action: Action) -> float:
        there = action["to"]
        return 2.0 * (there in mine) + (there in fleets) - front.enemy_in(there) / 100

    return max(legal, key=score)


def decide_reorganise(front: Front, legal: list[Action]) -> Action:
    """12.3: after a battle the fleets left in the system become one (it costs nothing), the
    fighters kept out of fleets that can jump."""
    moves = [a for a in legal if "regroup" in a and a["to"] != "new"]
    if moves:
        best = max({a["to"] for a in moves}, key=lambda n: (front.power(n), front.mobile(n), n))
        joining = [
            a
            for a in moves
            if a["to"] == best
            and front.code(a["regroup"]) != "F"
            and front.units[a["regroup"]]["at"] != f"fleet:{best}"
        ]
        if joining:
            return joining[0]
    return fallback(legal)


# --- the action segments --------------------------------------------------------------------


def score_order(front: Front, action: Action) -> float:
    """How much an order of an activation is worth (0: not worth an action)."""
    if "attack" in action:
        return score_attack(front, action)
    if "load" in action:
        uid, ship = action["load"], action["onto"]
        if front.code(uid) == "F":
            return 3.0 if front.ship(ship) and front.ship(ship).front.fighters else 0.0
        if not front.is_troop(uid):
            return 0.0
        kind, _, planet = str(front.units[uid]["at"]).partition(":")
        if kind == "box" and last_guard(front, planet, uid):
            return 0.0
        return 6.0
    if "unload" in action:
        uid = action["unload"]
        if front.units[uid]["type"] == "outpost":
            return 4.0  # a new Outpost (9.0)
        loose = front.units[uid]["aboard"] is None
        return 5.0 if loose else 0.0  # loose cargo pins its fleet (11.0)
    if "regroup" in action:
        return score_regroup(front, action)
    if "jump" in action:
        return score_jump(front, action)
    if "contact" in action:
        return 0.0
    return 0.0


def last_guard(front: Front, planet: str, uid: str) -> bool:
    """Whether `uid` is the last ground unit holding a World of mine."""
    if front.markers.get(planet, {}).get("marker") != "world":
        return False
    others = [u for u in front.at(f"box:{planet}", front.me) if u != uid and front.ship(u) is None]
    return not others


def score_attack(front: Front, action: Action) -> float:
    planet = action["attack"]
    system = front.g.system_of[planet]
    fleets = [action["with"]] if "with" in action else unmoved(front, system)
    troops = [t for n in fleets for t in front.troops_of(n)]
    landing = front.landers(troops, planet)
    if landing == 0 or landing < front.defenders(planet) + 0.5:
        return 0.0
    worth = front.targets().get(planet, 0.5)
    # every fleet together lands the most: prefer the plain attack to one fleet alone
    return 20.0 + 5.0 * worth + landing - (0.5 if "with" in action else 0.0)


def unmoved(front: Front, system: str) -> list[str]:
    return [
        n
        for n, f in front.fleets.items()
        if f["side"] == front.me and f["system"] == system and not f["moved"]
    ]


def score_regroup(front: Front, action: Action) -> float:
    """Fleets in one system become one, the strike fleet's, so that it fights and lands as one
    (only the moving fleet fights, 11.4); fighters stay out of fleets that jump."""
    uid, to = action["regroup"], action["to"]
    if to == "new" or front.code(uid) == "F" or front.ship(uid) is None:
        return 0.0
    source = str(front.units[uid]["at"]).partition(":")[2]
    if source not in front.fleets or to not in front.fleets:
        return 0.0
    if not front.mobile(to):
        return 0.0
    rank = (len(front.troops_of(to)), front.power(to), to)
    if rank <= (len(front.troops_of(source)), front.power(source), source):
        return 0.0
    return 8.0


def score_jump(front: Front, action: Action) -> float:
    """A fleet's first jump, worth the goal it brings it nearer."""
    number, there = action["jump"], action["to"]
    here = front.fleets[number]["system"]
    goal = goal_of(front, number)
    if goal is None or goal == here or next_hop(front.g, here, goal) != there:
        return 0.0
    if not safe(front, number, there):
        return 0.0
    troops = len(front.troops_of(number))
    return 2.0 + troops + front.power(number) / 200


def decide_orders(front: Front, legal: list[Action]) -> Action:
    segment = front.war.get("segment") or {}
    moving = segment.get("moving")
    if moving:
        return decide_moving(front, legal, moving)
    best = max(legal, key=lambda a: score_order(front, a))
    if score_order(front, best) <= 0:
        return {"done": True} if {"done": True} in legal else fallback(legal)
    return best


def decide_moving(front: Front, legal: list[Action], moving: dict[str, Any]) -> Action:
    """A fleet under way: on along its route while it is safe, else it stops; on contact with
    fleets of fighters, scouts and auxiliaries only (11.3) it fights when it outguns them."""
    number = moving["fleet"]
    if {"contact": "fight"} in legal:
        here = front.fleets[number]["system"]
        strong = front.power(number) >= ATTACK_ODDS * front.enemy_in(here)
        return {"contact": "fight" if strong else "ignore"}
    if {"recon": "try"} in legal:
        return {"recon": "try"}
    here = front.fleets.get(number, {}).get("system")
    goal = goal_of(front, number) if here is not None else None
    if goal is not None and here is not None and goal != here:
        hop = next_hop(front.g, here, goal)
        action = {"jump": number, "to": hop}
        if hop is not None and action in legal and safe(front, number, hop):
            return action
    halt = {"halt": number}
    return halt if halt in legal else fallback(legal)


def decide_segment(front: Front, legal: list[Action]) -> Action:
    """10.0: activate the system with the best order, else pass (the actions keep)."""
    best, best_score = None, 0.0
    for action in legal:
        if "activate" not in action:
            continue
        score = system_worth(front, action["activate"])
        if score > best_score:
            best, best_score = action, score
    if best is None:
        return {"pass": True} if {"pass": True} in legal else fallback(legal)
    return best


def system_worth(front: Front, system: str) -> float:
    """The best order open in a system, as `score_order` values it (the orders the rules will
    offer, rebuilt from the view for this side's own units)."""
    best = 0.0
    for number in unmoved(front, system):
        if front.mobile(number):
            goal = goal_of(front, number)
            if goal is not None and goal != system:
                hop = next_hop(front.g, system, goal)
                if hop is not None:
                    best = max(best, score_jump(front, {"jump": number, "to": hop}))
        for planet in front.planets(system):
            held = front.owner(planet) == front.foe or any(
                front.ship(u) is None for u in front.at(f"box:{planet}", front.foe)
            )
            known = any(
                f["side"] == front.foe and f["system"] == system for f in front.fleets.values()
            )
            if held and not known and not front.at_peace():
                best = max(best, score_attack(front, {"attack": planet}))
        if front.room_of(number):
            for planet in front.planets(system):
                for uid in front.at(f"box:{planet}", front.me):
                    if front.is_troop(uid) and not last_guard(front, planet, uid):
                        best = max(best, 6.0)
        others = [n for n in unmoved(front, system) if n != number]
        if others and front.mobile(number):
            best = max(best, 8.0)
        if not front.mobile(number) and front.ships_of(number):
            best = max(best, 5.0)  # loose cargo to put down or load
    return best


def decide_scrap(front: Front, legal: list[Action]) -> Action:
    """14.2: scrapping gives half the upkeep of one turn; repairing keeps the ship."""
    return fallback(legal)


def in_battle(board: dict[str, Any], legal: list[Action]) -> dict[str, Any]:
    """The units of the battle under way (the ships of its groups, the fleets in orbit, the
    attacked planet's box, the units its decision names — a transport leaving a contested
    planet, 13.4 —, what they carry): part 1's player weighs the sides by them, not by
    everything in the galaxy. Outpost counters carried aboard are no battle units."""
    battle, units = board["battle"] or {}, board["units"]
    keep = {v for action in legal for v in action.values() if isinstance(v, str) and v in units}
    for group in battle.get("groups", []):
        keep.update(group.get("units", []))
    keep.update(battle.get("areas", {}), battle.get("hexes", {}))
    places = set(battle.get("fleets", [])) | {battle.get("box")}
    keep.update(u for u, x in units.items() if x["at"] in places)
    keep.update(u for u, x in units.items() if x["aboard"] in keep)
    return {u: x for u, x in units.items() if u in keep and x["type"] != "outpost"}


def choose(view: dict[str, Any], legal: list[Action]) -> Action:
    """The decision of a war: a battle's by part 1's player (on a scenario of plain battle,
    so none of its ships counts as a scenario's goal), the war's by this module."""
    kind = (view["board"]["step"] or {}).get("kind", "")
    if kind in battle.DECIDE:
        board = {
            **view["board"],
            "scenario": BATTLE_SCENARIO,
            "units": in_battle(view["board"], legal),
        }
        return battle.choose({**view, "board": board}, legal)
    return decide_war(view, legal)


def decide_war(view: dict[str, Any], legal: list[Action]) -> Action:
    """A decision of the war itself (not of a battle)."""
    front = Front(view)
    decide = DECIDE.get(front.step.get("kind", ""))
    if decide is None:
        return fallback(legal)
    choice = decide(front, legal)
    return choice if choice in legal else fallback(legal)


DECIDE = {
    "setup": decide_setup,
    "appeal": decide_appeal,
    "crisis": decide_crisis,
    "gift": decide_gift,
    "reinforce": decide_reinforce,
    "build": decide_build,
    "segment": decide_segment,
    "orders": decide_orders,
    "retreat": decide_retreat,
    "reorganise": decide_reorganise,
    "upkeep": decide_upkeep,
    "scrap": decide_scrap,
    "repair": decide_repair,
}
