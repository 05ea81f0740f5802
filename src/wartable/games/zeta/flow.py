"""The turn sequence (rule 3) and the decision points (steps) that every phase stops at.

The state's ``step`` names the decision the game waits for: ``{"kind": ..., ...}``. Each phase
module registers its start with `phase` and its kinds of decision with `step`, and calls
`next_phase` when its phase is done, so a turn reads top to bottom like rule 3.1. A phase that no
module has registered yet is passed over (docs/rules-coverage/zeta.md says which are written).
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State
from wartable.engine.steps import Steps

# Rule 3.1: the phases of a turn, in order; "action" holds action phases 1-9 (rule 11).
PHASES = ("character", "armament", "deployment", "card", "action")

Start = Callable[[Context, State], None]

STEPS = Steps()
step = STEPS.register  # each rules module registers the decisions it owns
wait = STEPS.wait
PHASE_START: dict[str, Start] = {}
TURN_END: list[Start] = []  # rule 11.5, 37: what happens when the action deck is empty


def phase(name: str) -> Callable[[Start], Start]:
    """Register the function that starts a phase of rule 3.1."""

    def register(start: Start) -> Start:
        PHASE_START[name] = start
        return start

    return register


def turn_end(end: Start) -> Start:
    """Register something done at the end of every turn."""
    TURN_END.append(end)
    return end


def begin_turn(ctx: Context, state: State) -> None:
    begin_phase(ctx, state, PHASES[0])


def begin_phase(ctx: Context, state: State, name: str) -> None:
    state["phase"] = name
    state["step"] = None
    start = PHASE_START.get(name)
    if start is None:
        next_phase(ctx, state)
    else:
        start(ctx, state)


def next_phase(ctx: Context, state: State) -> None:
    """The current phase is done: start the next one, or end the turn (rule 3.1)."""
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
