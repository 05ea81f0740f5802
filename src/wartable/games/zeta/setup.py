"""Rule 38: the initial position. Every base the set-up does not list starts neutral; the units
and characters start at their bases or hexes, loaded onto their stack's ships where they could not
stand alone (15.4, ruling S11)."""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.zeta.components import FACTIONS, Components, components
from wartable.games.zeta.state import add_unit, five_cards

NZ_START = ("axis", "factory")  # ruling S1: where Neo Zeon's MS and ships start


def new_state(ctx: Context, options: dict[str, Any]) -> State:
    c = components(options["data"])
    state: State = {
        "data": options["data"],
        "options": {k: v for k, v in options.items() if k != "data"},
        "turn": 1,
        "phase": None,
        "step": None,
        "end": None,
        # 38: neutral unless listed; Gryps 2 waits for turn 5 (31.1)
        "bases": {
            bid: {"owner": None, "level": 0, "at": base.at}
            for bid, base in c.bases.items()
            if base.at is not None
        },
        "units": {},
        "next_id": dict.fromkeys(FACTIONS, 1),
        "characters": {},
        "permitted": {f: list(c.permitted(f)) for f in FACTIONS},  # 7.3
        "hand": {f: five_cards(c, f) for f in FACTIONS},  # 10.2
        "kept": {f: [] for f in FACTIONS},  # 10.2, 10.4
        "deck": [],  # 10.4
        "drawn": [],  # 11.2
        "nuke": {"base": None, "revealed": False, "cleared": []},  # 36.3, 36.8
        "side3_open": False,  # 32.1.6: Neo Zeon has governed Side 3
        "colony": {"owner": None, "at": None, "back": False, "used": []},  # 35.1, 35.3
        "zeon": {"republic": False, "africa": None},  # 32.1.4, 32.2.1: placed once each
        "puru": None,  # 29.4.1: after Neo Zeon's Puru has died, who is still to come
        "armament": None,  # the armament phase's points and who is done (rules 5-8)
        "deployment": None,  # the deployment points used and what is placed (rule 9)
        "action": None,  # the action phase under way (rules 11-17)
    }
    for faction in FACTIONS:
        plan = c.setup[faction]
        for bid, level in plan.bases.items():
            state["bases"][bid].update(owner=faction, level=level)
        in_factory = faction == "neo_zeon" and options["nz_start"] == "factory"
        for place, stack in plan.units.items():
            at = "factory" if in_factory else _where(c, place)
            for type_id, count in stack.items():
                for _ in range(count):
                    add_unit(state, faction, type_id, at)
        for place, names in plan.characters.items():
            at = _where(c, place)
            for cid in names:
                state["characters"][cid] = {"faction": faction, "at": at, "on": None}
        ctx.say(
            msg(
                f"{c.factions[faction]['en']} sets up (rule 38)",
                f"{c.factions[faction]['ja']}のセットアップ(ルール38)",
            ),
            rule="38",
        )
    for at in sorted({u["at"] for u in state["units"].values()}):
        if at.startswith("space:") and not any(b["at"] == at for b in state["bases"].values()):
            load_stack(state, c, at)
    return state


def _where(c: Components, place: str) -> str:
    """A set-up place: a base's location, or a location as it is."""
    base = c.bases.get(place)
    return place if base is None or base.at is None else base.at


def load_stack(state: State, c: Components, at: str) -> None:
    """Ruling S11: in a space hex without a base nothing may stand alone (15.4): each MS boards
    the first ship with room, each character the first ship (ships carry any number, 15.3)."""
    here = [uid for uid, u in state["units"].items() if u["at"] == at]
    ships = [uid for uid in here if state["units"][uid]["type"] in c.ships]
    room = {uid: c.ships[state["units"][uid]["type"]].capacity for uid in ships}
    for uid in here:
        unit = state["units"][uid]
        if unit["type"] in c.ms:
            ship = next(s for s in ships if room[s] > 0)  # the data check keeps room (15.3)
            unit["carrier"] = ship
            room[ship] -= 1
    for character in state["characters"].values():
        if character["at"] == at:
            character["on"] = ships[0]
