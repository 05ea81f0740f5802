"""IMPERIUM 3rd Millennium on the engine's Rules contract, registered as `imperium`."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wartable.engine import Context, OptionError, State, msg
from wartable.engine.rules import Path
from wartable.engine.steps import StepRules
from wartable.games.imperium import battle, odds, planetary, text, view
from wartable.games.imperium.components import COMPONENTS, SIDES
from wartable.games.imperium.flow import STEPS
from wartable.games.imperium.setup import new_game_state, scenario_of


class Imperium(StepRules):
    id = "imperium"
    version = "0"
    title = msg("IMPERIUM 3rd Millennium", "インペリウム第3版")
    steps = STEPS
    components = COMPONENTS

    def default_options(self) -> dict[str, Any]:
        # "simplified": the optional simplified combat resolution of rule 17.4
        return {**super().default_options(), "scenario": "s1", "simplified": False}

    def check_options(self, options: dict[str, Any]) -> None:
        # the scenario is named by its id ("s2") or its number in the book (2: --option
        # scenario=2 on the command line), so it is not held to the default's type
        super().check_options({k: v for k, v in options.items() if k != "scenario"})
        scenarios = self.components.get(options.get("data", {})).scenarios
        if scenario_of(scenarios, options.get("scenario", "s1")) is None:
            numbers = ", ".join(str(s.number) for s in scenarios.values())
            raise OptionError(
                f"option 'scenario' must be one of {', '.join(scenarios)} (or {numbers})"
            )

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

    def odds(
        self, state: State | None, player: str | None, query: dict[str, str]
    ) -> dict[str, Any] | None:
        """Exact odds of one attack (12.6, 12.7, 13.4, with 12.8's results): by its values,
        or `shooter=T1` (and `target=I3`) in a game; everything asked about is public."""
        return odds.answer(state, query)

    def render_text(self, board: dict[str, Any], lang: str) -> str:
        return text.render(board, lang)

    def max_actions(self, options: dict[str, Any]) -> int:
        return 20_000
