"""IMPERIUM 3rd Millennium on the engine's Rules contract (not registered yet)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wartable.engine import Context, OptionError, State, msg
from wartable.engine.rules import Path
from wartable.engine.steps import StepRules
from wartable.games.imperium import battle, planetary, view
from wartable.games.imperium.components import COMPONENTS, SIDES
from wartable.games.imperium.flow import STEPS
from wartable.games.imperium.setup import new_game_state


class Imperium(StepRules):
    id = "imperium"
    version = "0"
    title = msg("IMPERIUM 3rd Millennium", "インペリウム第3版")
    steps = STEPS
    components = COMPONENTS

    def default_options(self) -> dict[str, Any]:
        # "simplified": the optional simplified combat resolution of rule 17.4
        return {**super().default_options(), "scenario": "s2", "simplified": False}

    def check_options(self, options: dict[str, Any]) -> None:
        super().check_options(options)
        scenarios = self.components.get(options.get("data", {})).scenarios
        chosen = options.get("scenario", "s2")
        if chosen not in scenarios:
            raise OptionError(f"option 'scenario' must be one of {', '.join(scenarios)}")

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return SIDES

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = new_game_state(ctx, options)
        begin = planetary.start if state["battle"]["kind"] == "planetary" else battle.start
        begin(ctx, state, then="scenario")
        return state

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return view.hidden_paths(state, player)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        return view.determinize(state, player, rng)

    def max_actions(self, options: dict[str, Any]) -> int:
        return 20_000
