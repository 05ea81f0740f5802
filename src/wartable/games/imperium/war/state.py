"""The galactic war's state (plain data) and the helpers every war module uses to read it.

A war is the battles' state (`wartable.games.imperium.state`: ``units``, ``battle``, ...) with
the galaxy's overlay in ``state["galaxy"]`` and the strategic position in ``state["war"]``::

    {"scenario": "s6",            # a war of the book (6-8) or "campaign"
     "turn": 1,                   # the game turn, the turn record track's (9.0)
     "war_turn": 1,               # the turn of the war under way (15.0); None in peace
     "war": 1,                    # which war of the campaign (16.0)
     "peace": None,               # peace turns left in the campaign (16.0)
     "phase": "setup",            # the step of the sequence of play (4.0; `sequence`)
     "ended": None,               # the war's end once 15.0 says it: a side or "truce"
     "prestige": 5,               # the track, 0-10 (5.0)
     "net": 0,                    # this turn's net prestige change (B.2 Offensive Order)
     "resources": {"terran": 0, "imperial": 0},   # the stockpiles (7.0)
     "budget": 10,                # the Imperial provincial budget (7.1, B.2, B.3)
     "recession": 0,              # turns of Recession still to come (B.2)
     "event": None,               # this turn's Interference event (6.1, B.2)
     "civil_war": False,          # B.2 Imperial Succession: -1 to Imperial initiative
     "offensives": [],            # ship types of each Offensive Order still held (B.2)
     "temporary": [],             # the record of the ship types the Emperor sent (6.3)
     "unpaid": [],                # the units left unpaid in this maintenance (14.1)
     "upgrades": {},              # Outposts becoming Worlds: {"paid": n, "turn": t} (16.0)
     "terraforming": {},          # planets being terraformed: {"paid": n, "turn": t} (17.3)
     "terraformed": [],           # planets terraformed to type A (17.3, Sc8)
     "permissions": [],           # the ship codes the Imperium may build (9.0)
     "appeals": {"forbidden": False, "made": False},  # 6.2
     "planets": {"sol_1": {"marker": "world", "owner": "terran"}},  # World/Outpost markers
     "fleets": {"TF1": {"side": "terran", "system": "sol", "moved": False}},  # 3.2, 11.1
     "track": {"3": [{"side": "terran", "type": "terran_dd"}]}}   # arrivals by turn (9.0)

While a phase waits for decisions it keeps its working data under its own key: ``reinforce``
(8.0), ``crisis`` and ``gift`` (B.2 events), ``segment`` (10.0, `segment`), ``contact`` and
``retreats`` (a space battle of the war and the ships leaving it, `contact`). Kept from one
segment to the next: ``disclosed`` (what 11.3 made the enemy say of each fleet marker),
``seen`` (units both sides have seen in a battle, and where: `hidden`), ``earth_bb`` (9.0),
``surface`` (the hexes of the units on each contested planet's map, where the next battle
there resumes: 13.4, `attack`).

A fleet's ships are the units "at" ``"fleet:TF1"``; a monitor, ground unit or fighter in a planet
box is "at" ``"box:sol_1"`` (11.7, 11.8); a unit aboard a transport has ``"aboard"`` set
(11.5). Units not yet set up wait "at" ``"pool:terran"``.
"""

from __future__ import annotations

import functools
from typing import Any

from wartable.engine import Msg, State, msg
from wartable.games.imperium.state import FLEET_PREFIX, carried_by, comp
from wartable.games.imperium.war.galaxy import Galaxy, galaxy

WORLD, OUTPOST = "world", "outpost"
TROOPS = ("infantry", "drop")  # the ground kinds drawn at random from a cup (9.0)


def gal(state: State) -> Galaxy:
    overlay = state["galaxy"]
    return shipped_galaxy() if not overlay else galaxy(overlay)


@functools.cache
def shipped_galaxy() -> Galaxy:
    """The shipped galaxy (no `galaxy` option): asked for at every step, so kept at hand."""
    return galaxy({})


def known(state: State) -> dict[str, str]:
    """The units both sides have seen that are still where they were seen (I121, `hidden`)."""
    units = state["units"]
    return {
        uid: at
        for uid, at in state["war"].get("seen", {}).items()
        if uid in units and units[uid]["at"] == at
    }


DEEP = "deep:"  # 17.1: a fleet in an interstellar hex is "in" "deep:K05"


def deep(hex_label: str) -> str:
    """The place of a fleet in the interstellar hex `hex_label` (17.1)."""
    return f"{DEEP}{hex_label}"


def is_deep(system: str) -> bool:
    """Whether a fleet's place is an interstellar hex, not a star (17.1)."""
    return system.startswith(DEEP)


def planets_of(state: State, system: str) -> tuple[str, ...]:
    """The planet boxes of a star; none in an interstellar hex (17.1)."""
    if system.startswith(DEEP):  # is_deep, written out: asked at every turn of every loop
        return ()
    return gal(state).systems[system].planets


def hex_of(state: State, system: str) -> str:
    """The printed label of the hex a star or an interstellar place is in (3.2, 17.1)."""
    return system[len(DEEP) :] if is_deep(system) else gal(state).systems[system].hex


def links(state: State, system: str) -> frozenset[str]:
    """The stars one jump away (3.2); from an interstellar hex, which no route reaches, the
    stars of the hexes next to it (17.1, ruling I130)."""
    g = gal(state)
    if not is_deep(system):
        return g.links[system]
    around = {g.grid.label(h) for h in g.grid.neighbours(hex_of(state, system))}
    return frozenset(s.id for s in g.systems.values() if s.hex in around)


def place_name(state: State, system: str) -> Msg:
    """How a star, or an interstellar hex (17.1), is named."""
    if is_deep(system):
        label = hex_of(state, system)
        return msg(f"deep space {label}", f"深宇宙{label}")
    return gal(state).systems[system].name


def box(planet: str) -> str:
    """The location of a planet box (11.7)."""
    return f"box:{planet}"


def pool(side: str) -> str:
    """Where a side's units wait to be set up."""
    return f"pool:{side}"


def marker(state: State, planet: str) -> dict[str, str] | None:
    """A planet's World or Outpost marker: {"marker": "world" or "outpost", "owner": side}."""
    found: dict[str, str] | None = state["war"]["planets"].get(planet)
    return found


def fleets_in(state: State, system: str, side: str | None = None) -> list[str]:
    """The fleet markers (their numbers, "TF1") in a system, of one side or both."""
    return [
        number
        for number, f in state["war"]["fleets"].items()
        if f["system"] == system and (side is None or f["side"] == side)
    ]


def places_in(state: State, system: str) -> list[str]:
    """Every location a unit in `system` may be at: its fleet markers', its planet boxes."""
    fleets = [fleet_at(n) for n in fleets_in(state, system)]
    return fleets + [box(p) for p in planets_of(state, system)]


def new_fleet(state: State, side: str, system: str) -> str | None:
    """Put an unused fleet marker of `side` in `system` (Q3: it costs nothing); None when the
    side has no unused marker (Q4)."""
    used = state["war"]["fleets"]
    for n in range(1, gal(state).markers["fleets"] + 1):
        number = f"{FLEET_PREFIX[side]}{n}"
        if number not in used:
            used[number] = {"side": side, "system": system, "moved": False}
            return number
    return None


def fleet_at(number: str) -> str:
    """The location of a fleet's ships, from its marker's number ("TF1" -> "fleet:TF1")."""
    return f"fleet:{number}"


def system_of_unit(state: State, uid: str) -> str | None:
    """The system a unit is in: its fleet's, its planet box's, or its carrier's."""
    unit = state["units"][uid]
    if unit["aboard"] is not None:
        return system_of_unit(state, unit["aboard"])
    at: str = unit["at"]
    kind, _, name = at.partition(":")
    if kind == "fleet":
        system: str = state["war"]["fleets"][name]["system"]
        return system
    if kind == "box":
        return gal(state).system_of[name]
    return None


def withdraw(state: State, uid: str) -> None:
    """Take a ship out of play (B.2: to the frontier, back to the Emperor); what it carries is
    set down loose where it was, in its fleet (ruling I113)."""
    at = state["units"][uid]["at"]
    for cargo in carried_by(state, uid):
        state["units"][cargo].update(at=at, aboard=None)
    del state["units"][uid]


def lose(state: State, uid: str) -> None:
    """Remove a unit from play with everything aboard it (11.5, ruling I28); its counters are
    free to be built again (12.8)."""
    for gone in [uid, *carried_by(state, uid)]:
        del state["units"][gone]


def arrival(state: State, side: str, type_id: str, **marks: bool) -> dict[str, Any]:
    """An entry of the turn record track (9.0). Infantry and drop troops also carry their kind,
    what the enemy sees of them (a counter drawn from a cup: ruling I121)."""
    entry: dict[str, Any] = {"side": side, "type": type_id, **marks}
    ground = battles(state).ground.get(type_id)
    if ground is not None and ground.kind in TROOPS:
        entry["kind"] = ground.kind
    return entry


# The battles' components (imperium.toml) the war uses: ship and ground types, planets. `comp`
# itself rather than a call around it: it is asked in every loop over the units.
battles = comp
