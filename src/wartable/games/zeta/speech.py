"""Rule 29.1: Quattro Bajeena's speech, at the end of an AEUG action phase.

Once the phase's battles and laser are over, the AEUG may have Quattro speak (29.1.1) if he is in
the hex of a political base (29.1.3; ruling S55: not Side 6, which no one governs, 34.2) and has
done nothing this phase but move: not governed, nor been aboard a unit that recovered or
governed, nor fought (29.1.2; a battle's preparation records a Quattro who stays aboard a ship to
speak, `preparation`): ``{"speech": base}``, or ``{"speech": None}``. With no other faction's unit
or character there the base becomes an AEUG base at level 3 (29.1.4); otherwise two dice less the
governance of the other factions' units and characters there (ruling S55) give the AEUG's level,
at most 3, or neutral at 0 or less (29.1.5). Then Quattro's counter is swapped for Char's
(29.1.6), so there is one speech a game.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import current, optional_step
from wartable.games.zeta.components import CHAR, QUATTRO, SIDE6
from wartable.games.zeta.governance import TOP, power
from wartable.games.zeta.preparation import BARRED
from wartable.games.zeta.state import bases_at, comp, on_map

NAME = "speech"
AEUG = "aeug"


def podiums(state: State) -> list[str]:
    """The political bases where Quattro may speak now."""
    act = current(state)
    quattro = state["characters"].get(QUATTRO)
    if act["faction"] != AEUG or quattro is None or not on_map(quattro["at"]):
        return []
    ordered = {*act["govern"], *act["recover"], *act.get("docked", {})}  # docked: recovered
    if act.get("speech") == BARRED or QUATTRO in ordered or quattro["on"] in ordered:
        return []  # 29.1.2
    c = comp(state)
    return [
        bid for bid in bases_at(state, quattro["at"]) if not c.bases[bid].military and bid != SIDE6
    ]


def speak(ctx: Context, state: State, faction: str, bid: str) -> None:
    """29.1.4-29.1.6: Quattro speaks at `bid` (`faction` is the AEUG, whose phase it is)."""
    at = state["bases"][bid]["at"]
    others = [
        key
        for key, piece in [*state["units"].items(), *state["characters"].items()]
        if piece["at"] == at and piece["faction"] != AEUG
    ]
    level = TOP  # 29.1.4
    if others:  # 29.1.5
        total = sum(power(state, key) for key in others if key in state["units"])
        total += sum(
            comp(state).characters[key].gov
            for key in others
            if key in state["characters"] and state["characters"][key]["on"] is None
        )
        dice = ctx.roll(AEUG, 2, "29.1.5", msg(f"the speech (less {total})", f"演説(-{total})"))
        level = min(sum(dice) - total, TOP)
    bases.set_level(ctx, state, bid, AEUG, level)
    name = comp(state).bases[bid].name
    now = state["bases"][bid]["level"]
    ctx.say(
        msg(f"{name['en']}: AEUG, level {now}", f"{name['ja']}: エウーゴ レベル{now}")
        if now
        else msg(f"{name['en']} becomes neutral", f"{name['ja']}は中立"),
        rule="29.1.5" if others else "29.1.4",
    )
    state["characters"][CHAR] = state["characters"].pop(QUATTRO)  # 29.1.6
    ctx.say(msg("Quattro is Char Aznable", "クワトロをシャアに交換"), rule="29.1.6")


def describe(state: State, faction: str, action: Action) -> Msg:
    if action[NAME] is None:
        return msg("Quattro does not speak", "クワトロは演説しない")
    name = comp(state).bases[action[NAME]].name
    return msg(f"Quattro speaks at {name['en']}", f"クワトロが{name['ja']}で演説")


optional_step(NAME, "29.1.1", podiums, speak, describe)
