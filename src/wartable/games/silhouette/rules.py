"""Mechanical Silhouette on the engine's Rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wartable.engine import Context, State, msg
from wartable.engine.rules import Path
from wartable.engine.steps import StepRules
from wartable.games.silhouette import determinize, flow, odds, setup, text, view
from wartable.games.silhouette.components import COMPONENTS, components
from wartable.games.silhouette.steps import STEPS

# Options for rulings with more than one reasonable reading (docs/rulings/silhouette.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "physics": ("calibrated", "strict", "quick", "manual"),  # G20: the standing test (S10 ③)
    "grey": ("standing", "fallen"),  # G20: a lean of 70°-90°
    "round_limit": ("draw", "survivors"),  # G2: team play at the end of round 6
    "core_part": ("same_part", "path"),  # G8: a cell of the core's part cut off from the core
}


class Silhouette(StepRules):
    id = "silhouette"
    version = "1"
    title = msg("Mechanical Silhouette", "メカニカル シルエット")
    steps = STEPS
    components = COMPONENTS
    ruling_options = OPTIONS

    def default_options(self) -> dict[str, Any]:
        return {
            **super().default_options(),
            "mode": "versus",
            "robots": {},
            "scenario": "",
            "team_size": 2,
        }

    def check_options(self, options: dict[str, Any]) -> None:
        super().check_options(options)
        setup.check({**self.default_options(), **options}, components(options.get("data", {})))

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return setup.seats(options, components(options["data"]))

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = setup.new_state(ctx, options)
        flow.start(ctx, state)
        return state

    def options_for(self, options: dict[str, Any], player: str | None) -> dict[str, Any]:
        """A robot drawn in the ``data`` option is its side's secret (G22): the other side's
        record names it but holds no drawing of it."""
        return setup.options_for(options, player, components(options["data"]))

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return view.hidden_paths(state, player)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """The other side's sheets re-drawn around what `player` has seen of them (G17, G22):
        see determinize.py for what is kept and what is drawn."""
        return determinize.determinize(state, player, rng)

    def odds(
        self, state: State | None, player: str | None, query: dict[str, str]
    ) -> dict[str, Any]:
        """Exact chance to hit a target (S6.3) with the attacker's SP (S3), from public data:
        ``target=p2`` (default every enemy), ``by=p1`` (default the machine whose turn it is)."""
        return odds.answer(state, query)

    def render_text(self, board: dict[str, Any], lang: str) -> str:
        return text.render(board, lang)

    def max_actions(self, options: dict[str, Any]) -> int:
        return 5_000
