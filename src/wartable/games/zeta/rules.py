"""The Zeta Gundam strategic game on the engine's Rules contract (every rule is written,
docs/rules-coverage/zeta.md)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wartable.engine import Context, State, msg
from wartable.engine.rules import Path
from wartable.engine.steps import StepRules
from wartable.games.zeta import determinize, nuke, view
from wartable.games.zeta import odds as zeta_odds
from wartable.games.zeta.components import COMPONENTS, FACTIONS
from wartable.games.zeta.flow import STEPS
from wartable.games.zeta.setup import NZ_START, new_state
from wartable.games.zeta.stations import CARRY

# Options for rulings with two reasonable readings (docs/rulings/zeta.md).
OPTIONS: dict[str, tuple[str, ...]] = {
    "nz_start": NZ_START,  # S1
    "ties": ("shared", "draw"),  # S17
    "station_carry": CARRY,  # S50
}


class Zeta(StepRules):
    id = "zeta"
    version = "1"  # 1: ruling S58 (32.1.3, 32.2.1 on entering and descending, not presence)
    title = msg("Zeta Gundam / Gundam ZZ: the strategic game", "機動戦士Zガンダム・ZZ 戦略級ゲーム")
    steps = STEPS
    components = COMPONENTS
    ruling_options = OPTIONS

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return FACTIONS

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = new_state(ctx, options)
        nuke.start(state)  # 36.3: before the game starts; then turn 1 begins
        return state

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return view.hidden_paths(state, player)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        return determinize.determinize(state, player, rng)

    def odds(
        self, state: State | None, player: str | None, query: dict[str, str]
    ) -> dict[str, Any]:
        """Exact hits of a combat step (rules 21-24): `step=air units=...`, or `step=aa
        at=space:D4 faction=titans` in a game. Every unit on the maps is public."""
        return zeta_odds.answer(state, player, query)

    def render_text(self, board: dict[str, Any], lang: str) -> str:
        return view.render_text(board, lang)

    def max_actions(self, options: dict[str, Any]) -> int:
        return 20_000  # about 1,200 in a game of ten turns
