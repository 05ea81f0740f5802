"""The Zeta Gundam strategic game on the engine's Rules contract (not registered yet: the phases
after armament are still to be written, docs/rules-coverage/zeta.md)."""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.engine.steps import StepRules
from wartable.games.zeta import view
from wartable.games.zeta.components import COMPONENTS, FACTIONS
from wartable.games.zeta.flow import STEPS, begin_turn
from wartable.games.zeta.setup import NZ_START, new_state

# Options for rulings with two reasonable readings (docs/rulings/zeta.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "nz_start": NZ_START,  # S1
    "ties": ("shared", "draw"),  # S17
}


class Zeta(StepRules):
    id = "zeta"
    version = "0"
    title = msg("Zeta Gundam / Gundam ZZ: the strategic game", "機動戦士Zガンダム・ZZ 戦略級ゲーム")
    steps = STEPS
    components = COMPONENTS
    ruling_options = OPTIONS

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return FACTIONS

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = new_state(ctx, options)
        begin_turn(ctx, state)
        return state

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)
