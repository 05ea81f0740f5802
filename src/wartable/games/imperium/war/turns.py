"""Whose turn it is in an action segment (rule 10.0), and its end: shared by the segment's
decisions (`segment`) and the activations that hand back to it (`activation`)."""

from __future__ import annotations

from wartable.engine import Context, State
from wartable.games.imperium.flow import other, wait
from wartable.games.imperium.war.flow import done


def next_turn(ctx: Context, state: State, side: str) -> None:
    """`side` has taken an action or passed: the other side's turn if it has an action left,
    else `side` goes on alone while it has one; else the segment is over."""
    segment = state["war"]["segment"]
    for turn in (other(side), side):
        if segment["actions"][turn] > 0:
            segment["turn"] = turn
            wait(state, "segment", side=turn)
            return
    end(ctx, state)


def end(ctx: Context, state: State) -> None:
    """Rule 10.0: the segment is over; the fleet markers stand up again at the next (11.1)."""
    del state["war"]["segment"]
    done(ctx, state)


def resume(ctx: Context, state: State) -> None:
    """A battle an activation started is over: its player gives his next order (10.0)."""
    segment = state["war"]["segment"]
    segment["moving"] = None
    state["battle"] = None
    wait(state, "orders", side=segment["turn"])
