"""The Zeta Gundam / ZZ card game on the engine's Rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.engine.rules import Path
from wartable.engine.steps import StepRules
from wartable.games.zeta_cards import determinize, text, view
from wartable.games.zeta_cards.components import COMPONENTS
from wartable.games.zeta_cards.flow import FACTIONS, STEPS
from wartable.games.zeta_cards.setup import new_state
from wartable.games.zeta_cards.turn import start_turn

# Options for rulings with two reasonable readings (docs/rulings/zeta-cards.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "actions": ("distinct", "any"),  # Z7: rule 2.2
    "first_strikers": ("stand_down", "attack_again"),  # Z14: rule 6.9
    "suppression": ("each_level", "fight_start"),  # Z15: rule 6.16
    "seating": ("drawn", "aeug_titans_neo_zeon", "aeug_neo_zeon_titans"),  # Z1: rules 1.6, 2.1
}


class ZetaCards(StepRules):
    id = "zeta-cards"
    version = "3"
    title = msg("Zeta Gundam / ZZ: the card game", "機動戦士Ζガンダム／ΖΖ カードゲーム")
    steps = STEPS
    components = COMPONENTS
    ruling_options = OPTIONS

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return FACTIONS

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = new_state(ctx, options)
        start_turn(ctx, state, state["first"])
        return state

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return view.hidden_paths(state, player)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        return determinize.determinize(state, player, rng)

    def describe(self, state: State, player: str, action: Action) -> Msg:
        return text.describe(state, player, action)

    def render_text(self, board: dict[str, Any], lang: str) -> str:
        return text.render(board, lang)

    def max_actions(self, options: dict[str, Any]) -> int:
        return 30_000
