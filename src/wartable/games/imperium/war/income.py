"""Income (rule 7.0-7.2): the resources each side receives in the administrative segment's
income step, and the stockpile on the resource track.

Earth takes 10 from Sol (Sol 1, the Earth World, ruling I104), 8 from each other connected
World, 6 from each unconnected one, 1 from each connected Outpost. The Imperium takes its
provincial budget (10, or the scenario's; raised by Prosperity and financial appeals), 1 from
each World, connected or not, 1 from each connected Outpost. A contested planet gives nothing
(7.4). A Recession takes 10 from the Imperial income, never below 1 (B.2, ruling I107).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.imperium.components import IMPERIAL
from wartable.games.imperium.war.connection import Board, connected
from wartable.games.imperium.war.control import held
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.state import OUTPOST, WORLD, battles, gal


def income(state: State, side: str) -> int:
    """This turn's income of a side (7.1, 7.2), with the Recession's cut (B.2)."""
    g, war = gal(state), state["war"]
    rates = g.income[side]
    total = war["budget"] if side == IMPERIAL else rates.base
    board = Board(state, side)  # every planet's question asked of the one state
    for planet in held(state, side, WORLD):
        if planet == rates.capital:
            total += rates.capital_income
        elif connected(state, planet, board=board):
            total += rates.world_connected
        else:
            total += rates.world_unconnected
    for planet in held(state, side, OUTPOST):
        linked = connected(state, planet, board=board)
        total += rates.outpost_connected if linked else rates.outpost_unconnected
    if side == IMPERIAL and war["recession"] > 0:
        recession = g.events["recession"].figures
        total = max(recession["floor"], total + recession["income"])
    return total


def gain(state: State, side: str, amount: int) -> int:
    """Add resources to a side's stockpile, up to the track's top (7.0, ruling I103); returns
    what was added."""
    war = state["war"]
    before = war["resources"][side]
    war["resources"][side] = min(gal(state).resources_max, before + amount)
    return int(war["resources"][side] - before)


def collect(state: State) -> dict[str, int]:
    """The income step (4.0 B): each side's income onto its stockpile; a Recession has one turn
    less to run. Returns what each side received."""
    war = state["war"]
    received = {side: gain(state, side, income(state, side)) for side in war["resources"]}
    if war["recession"] > 0:
        war["recession"] -= 1
    return received


@phase("income")
def begin(ctx: Context, state: State) -> None:
    """The income step (4.0 B), said to both players: the stockpiles are public (D.1)."""
    received = collect(state)
    names = battles(state).sides
    ctx.say(
        msg(
            "; ".join(f"{names[s]['en']} receives {n}" for s, n in received.items()),
            "、".join(f"{names[s]['ja']}は{n}リソースを得る" for s, n in received.items()),
        ),
        rule="7.0",
    )
    done(ctx, state)
