"""VOTOMS, Kummen campaign, on the engine's Rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wartable.engine import Context, IllegalAction, State, msg
from wartable.engine.rules import Path
from wartable.engine.steps import StepRules
from wartable.games.votoms import determinize, odds_query, text, view
from wartable.games.votoms.components import COMPONENTS
from wartable.games.votoms.flow import SIDES, STEPS, begin_turn
from wartable.games.votoms.state import new_state

# Options for rulings with two reasonable readings (docs/rulings/votoms.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "merc_base_vp": ("always", "supplied_only"),  # R11
    "kiriko_destroyed": ("removed", "cup"),  # R28
    "check_modifiers": ("persist", "per_combat"),  # R34
    "kiriko_check": ("as_written", "corrected"),  # R36
}


class Votoms(StepRules):
    id = "votoms"
    version = "3"
    title = msg("Armored Trooper VOTOMS: Kummen", "装甲騎兵ボトムズ クメン編")
    steps = STEPS
    components = COMPONENTS
    ruling_options = OPTIONS

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return SIDES

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = new_state(ctx, options)
        begin_turn(ctx, state)
        return state

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return view.hidden_paths(state, player)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """The enemy's face-down counters, the cups and the offensive markers re-drawn
        (`wartable.games.votoms.determinize`)."""
        return determinize.determinize(state, player, rng)

    def odds(
        self, state: State | None, player: str | None, query: dict[str, str]
    ) -> dict[str, Any]:
        """Exact battle odds (rule 9.9.3): `hex=C08` as it stands, or `merc=8-3 bieler=8-3`.
        Only face-up units take part in a combat (9.5), so the answer is public."""
        return odds_query.answer(state, query)

    def render_text(self, board: dict[str, Any], lang: str) -> str:
        return text.render(board, lang)

    def max_actions(self, options: dict[str, Any]) -> int:
        return 20_000


def refuse(rule: str, message: str) -> IllegalAction:
    """An IllegalAction that names the rule: ``rule 5.9.3: Proto One never leaves the Palace``."""
    return IllegalAction(f"rule {rule}: {message}")
