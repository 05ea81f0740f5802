"""Rules 13.8-13.10 and 15.4-15.7: where an MS or a character may be without a ship carrying it,
and what a character boards.

On the space map and in ocean hexes an uncarried MS exists only at an own or neutral military
base or at a political base, and even there not while units of another faction are in the hex
(15.6). A character is never alone on the map (13.10) except at those same bases (15.6). The
enemy clause applies whenever this is asked (ruling S13), and a character counts as a unit for it
(ruling S34). An own action never leaves an own unit where it may not be (ruling S32): these
checks decide what is legal; the eliminations of 15.7 and 25.11 come with combat.
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.zeta.components import MASS_QUBELEY
from wartable.games.zeta.state import comp, on_map, units_at

Presence = dict[str, set[str]]  # location -> the factions with a unit or character there


def presence(state: State) -> Presence:
    """The factions with a unit or character at each location of the maps (ruling S34)."""
    found: Presence = {}
    for unit in state["units"].values():
        if on_map(unit["at"]):
            found.setdefault(unit["at"], set()).add(unit["faction"])
    for character in state["characters"].values():
        if on_map(character["at"]):
            found.setdefault(character["at"], set()).add(character["faction"])
    return found


def others_here(state: State, at: str, faction: str, here: Presence | None = None) -> bool:
    """Whether a unit or character of another faction is at `at` (13.5, 15.6, 16.3; S34).
    A caller asking about many hexes passes `presence` once as `here`."""
    if here is not None:
        return bool(here.get(at, set()) - {faction})
    for pieces in (state["units"], state["characters"]):
        for piece in pieces.values():
            if piece["at"] == at and piece["faction"] != faction:
                return True
    return False


def _base_shelters(state: State, at: str, faction: str, here: Presence | None) -> bool:
    """15.6: an own or neutral military base or a political base, and no one else there."""
    if others_here(state, at, faction, here):
        return False  # 15.6, last sentence
    c = comp(state)
    for bid, base in state["bases"].items():  # (`bases_at`, stopping at the first that shelters)
        if base["at"] == at and (not c.bases[bid].military or base["owner"] in (faction, None)):
            return True
    return False


def on_land(state: State, at: str) -> bool:
    """13.8: on land and coast an MS stands on its own, whoever is there."""
    return at.startswith("ground:") and comp(state).terrain(at) != "ocean"


def may_stand_alone(state: State, at: str, faction: str, here: Presence | None = None) -> bool:
    """Whether an MS of `faction` may be at `at` with no ship carrying it."""
    return on_land(state, at) or _base_shelters(state, at, faction, here)


def character_may_stand(state: State, at: str, faction: str, here: Presence | None = None) -> bool:
    """Whether a character of `faction` may be at `at` aboard nothing (13.10, 15.6)."""
    return _base_shelters(state, at, faction, here)


def may_board(state: State, cid: str, uid: str, occupied: set[str | None] | None = None) -> bool:
    """Whether a character may go aboard a unit: any own ship (15.3, 20.7); an own MS it may
    pilot (20.5, 29.6.2) with no one else aboard (20.5). A caller asking about many units
    passes `occupied` (what the characters are aboard) once."""
    c = comp(state)
    character = c.characters[cid]
    unit = state["units"][uid]
    if unit["faction"] != character.faction:
        return False
    if unit["type"] in c.ships:
        return True
    if not character.can_pilot or (unit["type"] == MASS_QUBELEY and not character.nt):
        return False
    if occupied is None:
        occupied = aboard(state)
    return uid not in occupied


def aboard(state: State) -> set[str | None]:
    """The units the characters are aboard (and None, for one aboard nothing)."""
    return {ch["on"] for ch in state["characters"].values()}


def boardable(state: State, cid: str, at: str, own: list[str] | None = None) -> str | None:
    """Ruling S16: the first own ship at `at`, else the first own MS there it may board. A
    caller asking about many places passes the own units at `at` (`units_at`) as `own`."""
    c = comp(state)
    here = units_at(state, at, c.characters[cid].faction) if own is None else own
    ships = [uid for uid in here if state["units"][uid]["type"] in c.ships]
    if ships:
        return ships[0]
    return next((uid for uid in here if may_board(state, cid, uid)), None)


def may_settle(state: State, cid: str, at: str, here: Presence | None = None) -> bool:
    """Whether a character may be put at `at`: alone (15.6) or aboard an own unit there."""
    faction = state["characters"][cid]["faction"]
    alone = character_may_stand(state, at, faction, here)
    return alone or boardable(state, cid, at) is not None


def settle(state: State, cid: str, at: str) -> None:
    """Put a character at `at` (where `may_settle`): alone where it may be, else aboard
    (ruling S29)."""
    alone = character_may_stand(state, at, state["characters"][cid]["faction"])
    state["characters"][cid].update(at=at, on=None if alone else boardable(state, cid, at))
