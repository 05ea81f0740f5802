"""Rule 20 with 29.1.2: the preparation step, the first step of a battle.

Each faction of the battle prepares in turn, the attacker's first (20.1), one piece at a time
(ruling S49): first where each of its characters taking part is (20.5, 20.7), then each of its MS
(20.3, 20.4, 20.6, 20.9), each of its ships where it governs a military base in the hex (20.4),
then the captain of each of its ships with more than one character able to command it (20.8).
A choice with only one answer is made for the faction and said in the log.

- a character stays aboard what it is on, or boards an own ship or an own MS taking part that it
  may pilot and that no one decided before it sits in (20.5, 29.6.2): ``{"place": cid, "on": uid}``
  (one not yet decided whose MS it takes must go elsewhere, ruling S49); aboard nothing
  (``"on": None``) it is housed in its own military base (20.7), or stands where 15.6 lets it;
  AEUG's Quattro may go aboard a ship as the speaker of the phase (29.1.2): ``"speech": True``;
- an MS sorties (``{"sortie": uid}``) if its aptitude fits the map (20.9) and, NT-only, it has an
  NT pilot or is a Mass-production Qubeley (20.6, 29.6.1); or it stays aboard an own ship in the
  hex with room (``{"stow": uid, "on": ship}``, 20.3); or it is housed in its own military base
  (``{"house": uid}``, 20.4);
- a ship fights (``{"engage": uid}``) or is housed in its own military base (``{"house": uid}``);
- ``{"captain": cid, "of": ship}`` names a captain among those aboard able to be one (20.8); a
  ship with one such character has him as its captain.

The battle keeps what is decided: ``sortie``, ``housed``, ``captains``, and ``silent`` (the
speaker, who takes no part in the fighting, 29.1.2); ``prep`` lists the pieces decided so far.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import current
from wartable.games.zeta.battle import battle, proceed
from wartable.games.zeta.carrying import room
from wartable.games.zeta.combat import combat_step, following
from wartable.games.zeta.components import MASS_QUBELEY, QUATTRO, fits
from wartable.games.zeta.existence import character_may_stand
from wartable.games.zeta.flow import step, wait
from wartable.games.zeta.state import bases_at, comp, map_of, unit_name

NAME = "preparation"
AEUG = "aeug"
PLEDGED, BARRED = "pledged", "barred"  # Quattro's speech this phase (29.1.2)


def own_base(state: State, faction: str) -> bool:
    """Whether `faction` governs a military base in the battle's hex (20.4)."""
    c = comp(state)
    return any(
        c.bases[bid].military and state["bases"][bid]["owner"] == faction
        for bid in bases_at(state, battle(state)["at"])
    )


def sides(state: State) -> list[str]:
    """The factions of the battle, the attacker's first (20.1)."""
    fight = battle(state)
    return [*fight["attacker"], *fight["defender"]]


def pieces(state: State, faction: str) -> list[str]:
    """A faction's pieces taking part, in the order they are prepared: characters, MS, then
    ships (only where a base may house them)."""
    c = comp(state)
    part = battle(state)["taking_part"]
    people = [
        k for k in part if k in state["characters"] and state["characters"][k]["faction"] == faction
    ]
    units = [k for k in part if k in state["units"] and state["units"][k]["faction"] == faction]
    ms = [k for k in units if state["units"][k]["type"] in c.ms]
    ships = (
        [k for k in units if state["units"][k]["type"] in c.ships]
        if own_base(state, faction)
        else []
    )
    return [*people, *ms, *ships]


def fighting_ships(state: State, faction: str) -> list[str]:
    c = comp(state)
    fight = battle(state)
    return [
        k
        for k in fight["taking_part"]
        if k in state["units"]
        and state["units"][k]["faction"] == faction
        and state["units"][k]["type"] in c.ships
        and k not in fight["housed"]
    ]


def may_captain(state: State, ship: str) -> list[str]:
    """20.8: the characters aboard a ship able to be its captain (the speaker is not)."""
    c = comp(state)
    silent = battle(state)["silent"]
    return [
        cid
        for cid, ch in state["characters"].items()
        if ch["on"] == ship and c.characters[cid].can_captain and cid not in silent
    ]


def pending(state: State) -> tuple[str, str] | None:
    """The next piece to decide and its faction ("captain:<ship>" for a captain), or None."""
    done = battle(state)["prep"]
    for faction in sides(state):
        for key in pieces(state, faction):
            if key not in done:
                return faction, key
        for ship in fighting_ships(state, faction):
            if "captain:" + ship not in done and may_captain(state, ship):
                return faction, "captain:" + ship
    return None


def own_ships(state: State, faction: str) -> list[str]:
    c = comp(state)
    at = battle(state)["at"]
    return [
        uid
        for uid, u in state["units"].items()
        if u["at"] == at and u["faction"] == faction and u["type"] in c.ships
    ]


def settled(state: State, cid: str) -> bool:
    """Whether a character's seat is fixed: decided in this preparation, or not taking part."""
    fight = battle(state)
    return cid in fight["prep"] or cid not in fight["taking_part"]


def character_options(state: State, faction: str, cid: str) -> list[Action]:
    """20.5, 20.7 (ruling S49): an MS is free to a character unless one decided before him sits
    in it; one not yet decided, whose seat he takes, must then go elsewhere, so he may take it
    only where that one can go aboard an own ship taking part or be aboard nothing."""
    fight = battle(state)
    c = comp(state)
    character = state["characters"][cid]
    actions: list[Action] = []
    seat = character["on"]
    if (
        seat is None
        or state["units"][seat]["type"] in c.ships
        or not any(  # his MS, unless one decided before him now sits in it
            k != cid and ch["on"] == seat and settled(state, k)
            for k, ch in state["characters"].items()
        )
    ):
        actions.append({"place": cid, "on": seat})
    if character["on"] is not None and (
        own_base(state, faction) or character_may_stand(state, fight["at"], faction)
    ):
        actions.append({"place": cid, "on": None})  # 20.7, 15.6
    for uid in fight["taking_part"]:
        if uid == character["on"] or uid not in state["units"]:
            continue
        if state["units"][uid]["faction"] != faction:
            continue
        if state["units"][uid]["type"] in c.ships:
            actions.append({"place": cid, "on": uid})  # 20.7
        elif may_pilot(state, faction, cid, uid):
            actions.append({"place": cid, "on": uid})  # 20.5
    if may_pledge(state, cid):
        actions += [{"place": cid, "on": sid, "speech": True} for sid in own_ships(state, faction)]
    return actions


def may_pilot(state: State, faction: str, cid: str, uid: str) -> bool:
    """20.5, 29.6.2 (ruling S49): whether `cid` may board the MS `uid` now."""
    seated = [k for k, ch in state["characters"].items() if ch["on"] == uid and k != cid]
    if any(settled(state, k) for k in seated):
        return False
    c = comp(state)
    character = c.characters[cid]
    if not character.can_pilot or (
        state["units"][uid]["type"] == MASS_QUBELEY and not character.nt
    ):
        return False
    return all(refuge(state, faction) for _ in seated)  # the one he displaces has somewhere


def refuge(state: State, faction: str) -> bool:
    """Whether a character of `faction` put out of his MS still has a place: an own ship taking
    part (20.7), or aboard nothing at an own military base or where he may stand (20.7, 15.6)."""
    fight = battle(state)
    c = comp(state)
    return (
        own_base(state, faction)
        or character_may_stand(state, fight["at"], faction)
        or any(
            uid in state["units"]
            and state["units"][uid]["faction"] == faction
            and state["units"][uid]["type"] in c.ships
            for uid in fight["taking_part"]
        )
    )


def may_pledge(state: State, cid: str) -> bool:
    """29.1.2: in an AEUG phase, Quattro may take no part in the battle so as to speak."""
    act = current(state)
    return cid == QUATTRO and act["faction"] == AEUG and act.get("speech") is None


def ms_options(state: State, faction: str, uid: str) -> list[Action]:
    c = comp(state)
    fight = battle(state)
    unit = state["units"][uid]
    kind = c.ms[unit["type"]]
    actions: list[Action] = []
    flyer = next((cid for cid, ch in state["characters"].items() if ch["on"] == uid), None)
    nt = flyer is not None and c.characters[flyer].nt
    if fits(kind.aptitude, map_of(fight["at"])) and (
        not kind.nt_only or nt or unit["type"] == MASS_QUBELEY
    ):
        actions.append({"sortie": uid})  # 20.3, 20.6, 20.9, 29.6.1
    actions += [
        {"stow": uid, "on": sid}
        for sid in own_ships(state, faction)
        if sid == unit["carrier"] or room(state, sid) > 0
    ]  # 20.3
    if own_base(state, faction):
        actions.append({"house": uid})  # 20.4
    return actions or [{"stow": uid, "on": None}]  # ruling S49: nowhere to go, it stays out


def options(state: State) -> list[Action]:
    found = pending(state)
    assert found is not None
    faction, key = found
    if key.startswith("captain:"):
        ship = key.split(":")[1]
        return [{"captain": cid, "of": ship} for cid in may_captain(state, ship)]
    if key in state["characters"]:
        return character_options(state, faction, key)
    if state["units"][key]["type"] in comp(state).ms:
        return ms_options(state, faction, key)
    return [{"engage": key}, {"house": key}]


@combat_step(NAME)
def prepare(ctx: Context, state: State) -> str | None:
    fight = battle(state)
    if fight.get("prep") is None:
        fight.update(prep=[], silent=[])
    while pending(state) is not None:
        choices = options(state)
        if len(choices) > 1:
            wait(state, "prepare")
            return None
        decide(ctx, state, choices[0])
    return following(NAME)


def key_of(action: Action) -> str:
    if "captain" in action:
        return "captain:" + str(action["of"])
    return str(
        next(action[k] for k in ("place", "sortie", "stow", "house", "engage") if k in action)
    )


def decide(ctx: Context, state: State, action: Action) -> None:
    fight = battle(state)
    faction, _ = pending(state) or ("", "")
    ctx.say(describe(state, faction, action), rule=RULE[next(k for k in RULE if k in action)])
    fight["prep"].append(key_of(action))
    if "place" in action:
        place(state, faction, action)
    elif "sortie" in action:
        fight["sortie"].append(action["sortie"])
    elif "stow" in action:
        state["units"][action["stow"]]["carrier"] = action["on"]
    elif "house" in action:
        key = action["house"]
        state["units"][key]["carrier"] = None
        fight["housed"].append(key)
    elif "captain" in action:
        fight["captains"][action["of"]] = action["captain"]


def place(state: State, faction: str, action: Action) -> None:
    fight = battle(state)
    cid = action["place"]
    state["characters"][cid]["on"] = action["on"]
    if action["on"] is None and own_base(state, faction):
        fight["housed"].append(cid)  # 20.7
    if action.get("speech"):
        fight["silent"].append(cid)
        current(state)["speech"] = PLEDGED
    elif may_pledge(state, cid):
        current(state)["speech"] = BARRED  # 29.1.2: he fights, so he will not speak


RULE = {
    "place": "20.5",
    "sortie": "20.3",
    "stow": "20.3",
    "house": "20.4",
    "engage": "20.4",
    "captain": "20.8",
}


def actors(state: State) -> tuple[str, ...]:
    found = pending(state)
    assert found is not None
    return (found[0],)


def legal(state: State, faction: str) -> list[Action]:
    return options(state)


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    decide(ctx, state, action)
    proceed(ctx, state, NAME)


def describe(state: State, faction: str, action: Action) -> Msg:
    if "captain" in action:
        who, ship = unit_name(state, action["captain"]), unit_name(state, action["of"])
        return msg(f"{who['en']} captains {ship['en']}", f"{who['ja']}が{ship['ja']}の艦長")
    key = key_of(action)
    who = unit_name(state, key)
    if "sortie" in action:
        return msg(f"{who['en']} sorties", f"{who['ja']}が出撃")
    if "engage" in action:
        return msg(f"{who['en']} fights", f"{who['ja']}が戦闘に参加")
    if "house" in action:
        return msg(f"{who['en']} is housed in the base", f"{who['ja']}を基地に収容")
    target: Any = action["on"]
    if target is None:
        if "place" in action:
            return msg(f"{who['en']} boards nothing", f"{who['ja']}は搭乗しない")
        return msg(f"{who['en']} stays out of the battle", f"{who['ja']}は戦闘に参加しない")
    ship = unit_name(state, target)
    if action.get("speech"):
        return msg(
            f"{who['en']} stays aboard {ship['en']} to speak",
            f"{who['ja']}は演説のため{ship['ja']}に収容",
        )
    return msg(f"{who['en']} is aboard {ship['en']}", f"{who['ja']}が{ship['ja']}に搭乗")


step("prepare", actors, legal, apply, describe)
