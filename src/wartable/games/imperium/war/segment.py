"""The action segments (rule 10.0): initiative, alternating activations, passing, the end.

At the start of each segment each player rolls a die; the higher wins the initiative and each
roll is the most actions its player may take in the segment. A tie skips the segment. In a turn
of civil war (B.2 Imperial Succession) the Imperial roll is 1 less for both: a modified 0 is no
action at all (ruling I116). Starting with the winner the players take turns: each activates one
system holding his units (``{"activate": "sol"}``; its orders are `activation`'s) or passes
(``{"pass": True}``), which keeps his actions for later. The segment ends when both have used
their actions, or at once when both pass one after the other; a player whose opponent has no
action left goes on alone, and his pass ends the segment (ruling I116).

``war["segment"]`` while a segment is under way::

    {"actions": {"terran": 5, "imperial": 2},   # left to take
     "turn": "terran",                          # whose turn to activate or pass
     "passed": None,                            # the side whose pass came last, if the last
                                                # decision was a pass
     "system": None,                            # the system activated now (`activation`)
     "moving": None,                            # the fleet moving now (`activation`):
                                                # {"fleet", "left" (jumps), "stopped",
                                                #  "contact" (11.3 choice due), "recon"}
     "shifted": [], "regrouped": [],            # box changes and regroupings this activation
     "came": {"TF1": "sol"}}                    # where each fleet entered its system from
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import IMPERIAL, SIDES
from wartable.games.imperium.flow import other, step, wait
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war.activation import activate, systems
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.sequence import ACTION
from wartable.games.imperium.war.state import battles, fleet_at, place_name
from wartable.games.imperium.war.turns import end, next_turn

CIVIL_WAR = -1  # B.2 Imperial Succession


def begin(ctx: Context, state: State) -> None:
    """Rule 10.0: the initiative of a new segment; a tie skips it."""
    war = state["war"]
    for number in [n for n in war["fleets"] if not units_at(state, fleet_at(n))]:
        del war["fleets"][number]  # emptied since (14.1, 14.2, B.2): back to the mix (I129)
    for fleet in war["fleets"].values():
        fleet["moved"] = False  # 11.1: the markers stand up again
    rolls = {}
    for side in SIDES:
        (die,) = ctx.roll(side, 1, "10.0", msg("initiative", "イニシアチブ"))
        civil = side == IMPERIAL and war["civil_war"]
        rolls[side] = max(0, die + CIVIL_WAR) if civil else die
    if rolls[SIDES[0]] == rolls[SIDES[1]]:
        ctx.say(msg("a tie: no actions this segment", "同点: このセグメントはアクションなし"))
        done(ctx, state)
        return
    first = max(SIDES, key=lambda side: rolls[side])
    war["segment"] = {
        "actions": rolls,
        "turn": first,
        "passed": None,
        "system": None,
        "moving": None,
        "came": {},
    }
    names = battles(state).sides
    ctx.say(
        msg(
            f"{names[first]['en']} has the initiative", f"{names[first]['ja']}がイニシアチブを得た"
        ),
        rule="10.0",
    )
    wait(state, "segment", side=first)


for _name in ACTION:
    phase(_name)(begin)


def _legal(state: State, side: str) -> list[Action]:
    actions: list[Action] = []
    if state["war"]["segment"]["actions"][side] > 0:
        actions = [{"activate": s} for s in systems(state, side)]
    return [*actions, {"pass": True}]


def _decide(ctx: Context, state: State, side: str, action: Action) -> None:
    segment = state["war"]["segment"]
    if "pass" in action:
        alone = segment["actions"][other(side)] == 0
        if segment["passed"] == other(side) or alone:
            end(ctx, state)  # 10.0: two passes in a row end the segment at once
            return
        segment["passed"] = side
        next_turn(ctx, state, side)
        return
    segment["passed"] = None
    segment["actions"][side] -= 1
    activate(ctx, state, side, action["activate"])


def _words(state: State, side: str, action: Action) -> Msg:
    if "pass" in action:
        return msg("pass", "パス")
    name = place_name(state, action["activate"])
    return msg(f"activate {name['en']}", f"{name['ja']}をアクティブにする")


step("segment", lambda state: (state["step"]["side"],), _legal, _decide, _words)
