"""Rule 18.4-18.10 and 20.2: choosing the battles of a phase, their sides, and who takes part.

When the active faction has ended its orders, it fights the battles it wants (18.5) one at a
time, in the order it chooses (18.7): ``{"fight": hex, "against": [factions]}`` among the hexes
of `occurrence.combat_hexes` not yet fought this phase (18.4), or ``{"end_combat": True}``. The
list is asked again after each battle, since a battle may remove the units that made a hex
eligible (ruling S39). Where two other factions are involved it declares one or both as its
opponents (18.8); an undeclared third faction then joins the attacker or the defender or stays
out (18.9): ``{"join": "attacker" | "defender" | "none"}``. The active faction's side is the
attacker, the other the defender (18.10).

``state["action"]["fought"]`` lists the hexes fought this phase; ``state["action"]["battle"]``
is the battle under way: its hex, its two sides (lists of factions, the active faction first on
the attacker's side), the faction still to say whether it joins, the step of 19.1 it is at and the
units and characters taking part (20.2), what the preparation step decides (the MS on sortie, the
units and characters housed in a base, the captains), the sides' bombing and bombardment wishes
(22.1, 24.1) and the hits being allotted (`damage.py`). When its steps are over (`combat.run`), the
next battle is chosen; when there is none, the next card is drawn.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import current, ordered, resume, settle
from wartable.games.zeta.combat import STEPS, run
from wartable.games.zeta.components import FACTIONS
from wartable.games.zeta.existence import presence
from wartable.games.zeta.flow import step, wait
from wartable.games.zeta.occurrence import combat_hexes
from wartable.games.zeta.state import bases_at, comp, place_name

SIDES = ("attacker", "defender")  # rule 18.10
WATCH = "none"  # rule 18.9: the third faction stays out


def battle(state: State) -> dict[str, Any]:
    fight: dict[str, Any] = current(state)["battle"]
    return fight


def involved(state: State, at: str) -> list[str]:
    """The factions other than the active one with a unit or character at `at` (ruling S34) or
    governing a military base there (18.1), in the order of rule 2.1 (ruling S39)."""
    faction = current(state)["faction"]
    found = presence(state).get(at, set())
    c = comp(state)
    for bid in bases_at(state, at):
        owner = state["bases"][bid]["owner"]
        if owner is not None and c.bases[bid].military:
            found = found | {owner}
    if state["colony"]["at"] == at and state["colony"]["owner"] is not None:
        found = found | {state["colony"]["owner"]}  # 35.8, ruling S54
    return [f for f in FACTIONS if f in found and f != faction]


def open_hexes(state: State) -> list[str]:
    """The hexes where a battle may still be fought this phase (18.1-18.4, 18.6, 34.3)."""
    fought = current(state)["fought"]
    return [at for at in combat_hexes(state) if at not in fought]


@settle("combat")
def choose_next(ctx: Context, state: State) -> bool:
    """Offer the next battle (18.5, 18.7): True while there is one to offer."""
    if open_hexes(state):
        wait(state, "battle")
        return True
    return False


def legal(state: State, faction: str) -> list[Action]:
    actions: list[Action] = []
    for at in open_hexes(state):
        others = involved(state, at)
        sets = [list(pair) for n in (1, 2) for pair in combinations(others, n)]  # 18.8
        actions += [{"fight": at, "against": against} for against in sets]
    return [*actions, {"end_combat": True}]


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    if "end_combat" in action:
        resume(ctx, state, "combat")
        return
    at, against = action["fight"], list(action["against"])
    third = [f for f in involved(state, at) if f not in against]
    current(state)["battle"] = {
        "at": at,
        "attacker": [faction],
        "defender": against,
        "third": third[0] if third else None,
        "step": None,
        "taking_part": [],
        "sortie": [],  # 20.3: the MS out on sortie
        "housed": [],  # 20.4: the units and characters housed in an own military base
        "captains": {},  # 20.8: ship -> its captain
        "silent": [],  # 29.1.2: Quattro keeping out of the fighting to speak
        "prep": None,  # the pieces the preparation step has decided (`preparation`)
        "bomb": {},  # 22.1: side -> whether it bombs
        "bombard": {},  # 24.1: side -> whether it wants a bombardment
        "damage": None,  # the hits being allotted (damage.py)
    }
    if third:
        wait(state, "join")  # 18.9
    else:
        begin(ctx, state)


def describe(state: State, faction: str, action: Action) -> Msg:
    if "end_combat" in action:
        return msg("fight no more battles this phase", "このフェイズの戦闘を終了")
    return fight_said(state, action["fight"], action["against"])


def fight_said(state: State, at: str, against: list[str]) -> Msg:
    where, them = place_name(state, at), names(state, against)
    return msg(
        f"battle at {where['en']} against {them['en']}", f"{where['ja']}で{them['ja']}と戦闘"
    )


def names(state: State, factions: list[str]) -> Msg:
    """The factions of a side as players say them: "AEUG and Titans"."""
    c = comp(state)
    return msg(
        " and ".join(c.factions[f]["en"] for f in factions),
        "・".join(c.factions[f]["ja"] for f in factions),
    )


step("battle", lambda state: (current(state)["faction"],), legal, apply, describe)


def join_actors(state: State) -> tuple[str, ...]:
    return (battle(state)["third"],)


def join_legal(state: State, faction: str) -> list[Action]:
    return [{"join": side} for side in (*SIDES, WATCH)]


def join_apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    fight = battle(state)
    fight["third"] = None
    if action["join"] != WATCH:
        fight[action["join"]].append(faction)
    ctx.say(join_describe(state, faction, action), rule="18.9")
    begin(ctx, state)


def join_describe(state: State, faction: str, action: Action) -> Msg:
    name = comp(state).factions[faction]
    if action["join"] == WATCH:
        return msg(f"{name['en']} stays out of the battle", f"{name['ja']}は静観")
    side = {"attacker": ("the attacker", "攻撃側"), "defender": ("the defender", "防御側")}
    en, ja = side[action["join"]]
    return msg(f"{name['en']} joins {en}", f"{name['ja']}は{ja}に加勢")


step("join", join_actors, join_legal, join_apply, join_describe)


def taking_part(state: State, fight: dict[str, Any]) -> list[str]:
    """20.2: the active faction's units and characters in the hex that chose Move (18.6); every
    unit and character in the hex of the other factions in the battle, a joining one included."""
    active = current(state)["faction"]
    sides = set(fight["attacker"]) | set(fight["defender"])
    at = fight["at"]
    pieces = [*state["units"].items(), *state["characters"].items()]
    return [
        key
        for key, piece in pieces
        if piece["at"] == at
        and piece["faction"] in sides
        and not (piece["faction"] == active and ordered(state, key))
    ]


def begin(ctx: Context, state: State) -> None:
    fight = battle(state)
    fight["taking_part"] = taking_part(state, fight)
    where = place_name(state, fight["at"])
    attackers, defenders = names(state, fight["attacker"]), names(state, fight["defender"])
    ctx.say(
        msg(
            f"Battle at {where['en']}: {attackers['en']} attack {defenders['en']}",
            f"{where['ja']}の戦闘: 攻撃側 {attackers['ja']}、防御側 {defenders['ja']}",
        ),
        rule="18.10",
        at=fight["at"],
        attacker=fight["attacker"],
        defender=fight["defender"],
        taking_part=fight["taking_part"],
    )
    proceed(ctx, state, STEPS[0])


def proceed(ctx: Context, state: State, name: str) -> None:
    """Run the battle's steps from `name` (19.1); once it is over (19.3), the next battle."""
    if not run(ctx, state, name):
        return
    act = current(state)
    act["fought"].append(act["battle"]["at"])  # 18.4
    act["battle"] = None
    if not choose_next(ctx, state):
        resume(ctx, state, "combat")
