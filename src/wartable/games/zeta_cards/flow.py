"""The turn (rule 2) as a chain of decision points, and the registry of their kinds.

The state's ``step`` names the decision the game waits for: ``{"kind": ..., ...}``. Each rules
module registers the kinds it owns with `step`, and the four actions of rule 2.2 with `action`;
a module hands control back with `action_done` (turn.py) when its action is over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wartable.engine import Context, State
from wartable.engine.steps import Steps

AEUG, TITANS, NEO_ZEON = "aeug", "titans", "neo_zeon"
FACTIONS = (AEUG, TITANS, NEO_ZEON)  # the seats, clockwise (rule 2.1)
ACTIONS = ("govern", "develop", "buy", "fight")  # rule 2.2

Start = Callable[[Context, State], None]
Offered = Callable[[State, str], bool]

STEPS = Steps()
step = STEPS.register  # each rules module registers the decisions it owns
wait = STEPS.wait


@dataclass(frozen=True)
class ActionKind:
    """One of the four actions of rule 2.2: whether it is worth offering, how it starts."""

    offered: Offered
    start: Start


ACTION_KINDS: dict[str, ActionKind] = {}


def action(name: str, offered: Offered, start: Start) -> None:
    """Register one of the actions of rule 2.2."""
    ACTION_KINDS[name] = ActionKind(offered, start)


def active(state: State) -> tuple[str, ...]:
    """The actor of a decision that belongs to the player whose turn it is."""
    return (state["active"],)


def next_seat(state: State, player: str) -> str:
    """The next player clockwise (rule 2.1)."""
    order = state["order"]
    seat: str = order[(order.index(player) + 1) % len(order)]
    return seat
