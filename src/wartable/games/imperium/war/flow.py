"""The war's phases as procedures: each phase module registers what starts it with `phase`,
and calls `done` when its decisions are over; `done` moves the war to its next phase (4.0,
`sequence.advance`) and starts it. A phase nobody has registered yet leaves the war waiting
there with no decision (``state["step"]`` None): the code of that phase is still to come.

The decisions themselves are step kinds of the game's one registry
(`wartable.games.imperium.flow.step`), next to the battles'.
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State
from wartable.games.imperium.components import SIDES
from wartable.games.imperium.flow import wait
from wartable.games.imperium.war.sequence import advance

Start = Callable[[Context, State], None]
_STARTS: dict[str, Start] = {}


def phase(name: str) -> Callable[[Start], Start]:
    """Register what starts the phase `name` of the sequence of play."""

    def register(start: Start) -> Start:
        _STARTS[name] = start
        return start

    return register


def done(ctx: Context, state: State) -> None:
    """The phase under way is over: go on to the next and start it."""
    state["step"] = None
    start = _STARTS.get(advance(state))
    if start is not None:
        start(ctx, state)


def pass_on(ctx: Context, state: State, side: str) -> None:
    """`side` has made this phase's decisions: the next side makes them (Earth first, then the
    Imperium), or the phase is over."""
    later = SIDES.index(side) + 1
    if later < len(SIDES):
        wait(state, state["step"]["kind"], side=SIDES[later])
    else:
        done(ctx, state)
