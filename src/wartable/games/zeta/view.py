"""What each faction sees. Nothing the phases written so far hold is secret (the kept action
cards and the nuclear-bomb base come with the card phase and rule 36), so every player sees the
same board."""

from __future__ import annotations

from typing import Any

from wartable.engine import State
from wartable.engine.plain import copy_plain

PUBLIC = ("turn", "phase", "bases", "units", "characters", "permitted", "hand")


def view(state: State, player: str | None) -> dict[str, Any]:
    board = {key: copy_plain(state[key]) for key in PUBLIC}
    if state["armament"] is not None:  # armament points are kept in halves (8.3)
        board["ap"] = {f: halves / 2 for f, halves in state["armament"]["ap"].items()}
    return board
