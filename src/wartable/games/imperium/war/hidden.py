"""What each side may see of the galactic war, and the game as one side may believe it to be
(digest D.1; ruling I121). Pure functions: the Rules' view and determinizer call them.

Public: the fleet markers (number, system, turned sideways or not: 3.2, 11.1), the World and
Outpost markers, the tracks, every die, and what 11.3 makes the enemy say on contact (whether
his fleets there hold more than fighters, scouts and auxiliaries: ``war["disclosed"]``).

Secret from the other side (from both for a spectator):
- the ships in each fleet and all they carry (11.3, 11.5) — what a ship seen in a battle
  carries stays secret too, and in a battle part 1's view keeps its own secret of which
  transport carries what (I40) — and the units in the planet boxes —
  ground units, batteries, fighters, monitors (17.2 names them among what a scout reveals);
- the units not yet set up (their drawn strengths are told to their owner only, 9.0);
- which counter each infantry or drop-troop unit on the turn record track is: the other side
  sees its kind (9.0: drawn at random from a cup).
A unit stops being secret while it is in the battle under way (the space combat board and the
planet map are in plain sight, 12.2, 13.2; the attacked planet's box, whose units defend it), and
after a battle for as long as it stays where it was seen (``war["seen"]``: unit -> place).

`determinize` re-draws the secrets consistently with all that: it deals the unseen ships of each
side again among the places they are in — each place keeping its number of ships of each kind
that 11.1 and 11.3 could show (the jumps a ship allows, whether it is a warship) — and the unseen
units of each kind among the planet boxes. Cargo stays aboard its ship; monitors stay put (they
never leave their star, 11.8, and a lone one stops a fleet, Q7).
"""

from __future__ import annotations

import copy
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.rules import Path
from wartable.games.imperium.components import ShipType
from wartable.games.imperium.war.movement import jumps, warship_type
from wartable.games.imperium.war.state import OUTPOST, battles, known


def _in_battle(state: State) -> set[str]:
    """The units in plain sight in the battle under way (12.2, 13.1-13.4)."""
    battle = state["battle"]
    if battle is None:
        return set()
    if battle["kind"] == "space":
        return {u for g in battle["groups"] for u in g["units"]} | set(battle["areas"])
    places = {*battle["fleets"], battle["box"]}
    return {uid for uid, u in state["units"].items() if u["at"] in places}


def secret_units(state: State, player: str | None) -> list[str]:
    """The units `player` may not see, in id order (with what they carry: its "aboard" names
    a secret unit). Only a unit's side and what is public (the battle, `war["seen"]`) show it
    in sight: a place or a carrier this function does not know (a secret) keeps it secret."""
    seen = known(state)
    plain = _in_battle(state)
    units = state["units"]
    secret = set()
    cargo: list[tuple[str, str]] = []  # (unit, the ship it is aboard)
    for uid, unit in units.items():
        if unit["side"] == player:
            continue
        if unit["aboard"] is not None:
            cargo.append((uid, unit["aboard"]))
        if uid in plain or unit["at"] is None:
            continue  # in plain sight; or aboard: secret with its carrier
        if uid not in seen:  # every place of the war hides it, and so does a secret one
            secret.add(uid)
    for uid, carrier in cargo:
        if state["battle"] is None or _carrier(state, carrier) in secret:
            secret.add(uid)  # 11.5: cargo is a note on the fleet sheet (in battle: part 1's)
    return sorted(secret)


def _carrier(state: State, uid: str) -> str:
    """The outermost unit carrying `uid`, or itself (or the secret it is aboard)."""
    unit = state["units"].get(uid)
    if unit is None:
        return uid
    aboard = unit["aboard"]
    return uid if aboard is None else _carrier(state, aboard)


def _track(state: State, player: str | None) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """The other side's troops on the turn record track (those that show their kind only,
    `state.arrival`): (turn, index, entry)."""
    for turn, arrivals in state["war"]["track"].items():
        for i, entry in enumerate(arrivals):
            if entry["side"] != player and "kind" in entry:
                yield turn, i, entry


SECRET_FIELDS = ("type", "damaged", "at", "aboard")  # all of a unit but its side (its id's)


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    units = state["units"]
    for uid in secret_units(state, player):
        for field in SECRET_FIELDS:
            if field == "type" and units[uid]["type"] == OUTPOST:
                continue  # a marker out of the shared pile: how many are out is public (I124)
            yield ("units", uid, field)
    for turn, i, _ in _track(state, player):
        yield ("war", "track", turn, i, "type")


def view(state: State, player: str | None) -> dict[str, Any]:
    """The war as `player` sees it: ``units`` without the secret ones, ``war`` with the other
    side's troops on the track shown by kind only."""
    secret = set(secret_units(state, player))
    war = copy.deepcopy(state["war"])
    war["seen"] = known(state)
    for turn, i, entry in _track(state, player):
        war["track"][turn][i] = {k: v for k, v in entry.items() if k != "type"}
    units = {uid: dict(u) for uid, u in state["units"].items() if uid not in secret}
    return {"war": war, "units": units}


def _ship_key(kind: ShipType, damaged: bool) -> tuple[int, bool, bool]:
    """What 11.1 and 11.3 could show of a ship of this type and face: the jumps it allows,
    whether it forces a battle (11.3), whether it can jump at all."""
    if not kind.ftl:
        return (0, warship_type(kind), False)
    return (jumps(kind, damaged), warship_type(kind), True)


def reveal(state: State, uids: list[str]) -> None:
    """Both sides have seen these units where they are now (a battle, 12.2, 13.2)."""
    seen = state["war"]["seen"] = known(state)
    for uid in uids:
        at = state["units"].get(uid, {}).get("at")
        if at is not None:
            seen[uid] = at


def determinize(state: State, player: str, rng: random.Random) -> list[str]:
    """Re-deal in place what `player` cannot see (see the module's text); returns the secret
    units, the same after the deal as before: it only swaps places among them, each within
    its kind of place, none of them seen or in a battle."""
    units, c = state["units"], battles(state)
    state["war"]["seen"] = known(state)  # what has moved since it was seen is unknown again
    secret = secret_units(state, player)
    piles: dict[tuple[Any, ...], list[str]] = defaultdict(list)
    ship_keys: dict[tuple[str, bool], tuple[int, bool, bool]] = {}  # by type and face
    for uid in secret:
        unit = units[uid]
        if unit["at"] is None:
            continue
        place, type_id = unit["at"].partition(":")[0], unit["type"]
        if place == "fleet" and type_id in c.ships:
            face = (type_id, unit["damaged"])
            if face not in ship_keys:
                ship_keys[face] = _ship_key(c.ships[type_id], unit["damaged"])
            piles[("fleet", unit["side"], *ship_keys[face])].append(uid)
        elif place == "box":
            what = OUTPOST if type_id == OUTPOST else c.kinds[type_id]
            if what != "monitor":
                piles[("box", unit["side"], what)].append(uid)
    for key in sorted(piles, key=str):
        pile = piles[key]
        places = sorted([units[uid]["at"] for uid in pile])  # what is dealt, not who had it
        rng.shuffle(places)
        for uid, at in zip(pile, places, strict=True):
            units[uid]["at"] = at
    return secret
