"""VOTOMS, Kummen campaign, on the engine's Rules contract."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path as FilePath
from typing import Any

from wartable.engine import Action, Context, IllegalAction, Msg, Rules, State, msg
from wartable.engine.data import Schema
from wartable.engine.errors import OptionError
from wartable.engine.rules import Path
from wartable.games.votoms import components, odds_query, text, view
from wartable.games.votoms.flow import SIDES, STEPS, begin_turn
from wartable.games.votoms.state import new_state

# Options for rulings with two reasonable readings (docs/rulings/votoms.md).
OPTIONS: dict[str, tuple[Any, ...]] = {
    "merc_base_vp": ("always", "supplied_only"),  # R11
    "kiriko_destroyed": ("removed", "cup"),  # R28
    "check_modifiers": ("persist", "per_combat"),  # R34
    "kiriko_check": ("as_written", "corrected"),  # R36
}


class Votoms(Rules):
    id = "votoms"
    version = "1"
    title = msg("Armored Trooper VOTOMS: Kummen", "装甲騎兵ボトムズ クメン編")

    def default_options(self) -> dict[str, Any]:
        return {"data": {}, **{name: choices[0] for name, choices in OPTIONS.items()}}

    def check_options(self, options: dict[str, Any]) -> None:
        super().check_options(options)
        for name, choices in OPTIONS.items():
            if name in options and options[name] not in choices:
                raise OptionError(f"option {name!r} must be one of {', '.join(choices)}")
        components.components(options.get("data", {}))  # a bad overlay is refused here

    def data_schema(self) -> Schema:
        return components.SCHEMA

    def data_file(self) -> FilePath:
        return components.DATA_FILE

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return SIDES

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = new_state(ctx, options)
        begin_turn(ctx, state)
        return state

    def to_act(self, state: State) -> tuple[str, ...]:
        if state["end"] is not None or state["step"] is None:
            return ()
        return STEPS[state["step"]["kind"]].actors(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if player not in self.to_act(state):
            return []
        return STEPS[state["step"]["kind"]].legal(state, player)

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        kind = STEPS[state["step"]["kind"]]
        kind.apply(ctx, state, player, action)

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return view.hidden_paths(state, player)

    def result(self, state: State) -> dict[str, Any] | None:
        return state["end"]  # type: ignore[no-any-return]

    def describe(self, state: State, player: str, action: Action) -> Msg:
        return text.describe(state, player, action)

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
