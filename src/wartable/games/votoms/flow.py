"""The turn sequence (rule 3) and the decision points (steps) that every phase stops at.

The state's ``step`` names the decision the game waits for: ``{"kind": ..., ...}``. Each rules
module registers the kinds it owns with `step`; the phase modules call `next_phase` when their
phase is done, so a turn reads top to bottom like rule 3.1.
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State
from wartable.engine.steps import Steps

MERC, BIELER = "merc", "bieler"
SIDES = (MERC, BIELER)

# Rule 3.1: the eight phases of a turn, in order.
PHASES = (
    "reinforcement",
    "bieler_movement",
    "response_1",
    "combat_1",
    "merc_movement",
    "investigation",
    "response_2",
    "combat_2",
)

Start = Callable[[Context, State], None]

STEPS = Steps()
step = STEPS.register  # each rules module registers the decisions it owns
wait = STEPS.wait
PHASE_START: dict[str, Start] = {}
TURN_START: list[Start] = []  # rule 12: stage business at the start of a turn
TURN_END: list[Start] = []  # rule 14.1.2: the offensive turn


def phase(name: str) -> Callable[[Start], Start]:
    """Register the function that starts a phase of rule 3.1."""

    def register(start: Start) -> Start:
        PHASE_START[name] = start
        return start

    return register


def other(side: str) -> str:
    return BIELER if side == MERC else MERC


def begin_turn(ctx: Context, state: State) -> None:
    """The start of a turn: stage business (rule 12), then the reinforcement phase."""
    for start in TURN_START:
        start(ctx, state)
        if state["end"] is not None:
            return
    begin_phase(ctx, state, PHASES[0])


def begin_phase(ctx: Context, state: State, name: str) -> None:
    state["phase"] = name
    state["step"] = None
    PHASE_START[name](ctx, state)


def next_phase(ctx: Context, state: State) -> None:
    """The current phase is done: start the next one, or end the turn (rule 3.1)."""
    if state["end"] is not None:
        state["step"] = None
        return
    index = PHASES.index(state["phase"])
    if index + 1 < len(PHASES):
        begin_phase(ctx, state, PHASES[index + 1])
        return
    for end in TURN_END:
        end(ctx, state)
        if state["end"] is not None:
            state["step"] = None
            return
    state["turn"] += 1
    begin_turn(ctx, state)
