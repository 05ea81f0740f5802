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
from wartable.games.imperium.war import setup as war_setup
from wartable.games.imperium.war import table
from wartable.games.imperium.war.galaxy import galaxy
from wartable.games.imperium.war.setup import new_war_state


class Imperium(StepRules):
    id = "imperium"
    version = "0"
    title = msg("IMPERIUM 3rd Millennium", "インペリウム第3版")
    steps = STEPS
    components = COMPONENTS

    def default_options(self) -> dict[str, Any]:
        # "simplified": the optional simplified combat resolution of rule 17.4; "stealth": the
        # war's optional stealth reconnaissance (17.2); "terraforming" (17.3) and "deep_space"
        # (17.1): the war's other optional rules; "galaxy": printed values laid over the
        # war's galaxy.toml, as "data" over imperium.toml; "campaign_wars": the campaign ends
        # in a draw after that many wars without a winner, 0 for no limit (ruling I123)
        return {
            **super().default_options(),
            "scenario": "s1",
            "simplified": False,
            "stealth": False,
            "terraforming": False,
            "deep_space": False,
            "galaxy": {},
            "campaign_wars": 0,
        }

    def check_options(self, options: dict[str, Any]) -> None:
        # the scenario is named by its id ("s2", "campaign") or its number in the book (2: --option
        # scenario=2 on the command line), so it is not held to the default's type
        super().check_options({k: v for k, v in options.items() if k != "scenario"})
        scenarios = self.components.get(options.get("data", {})).scenarios
        wars = galaxy(options.get("galaxy", {})).wars  # OptionError names a bad field
        chosen = options.get("scenario", "s1")
        if scenario_of(scenarios, chosen) is None and scenario_of(wars, chosen) is None:
            numbers = [str(s.number) for s in scenarios.values()]
            numbers += [str(w.number) for w in wars.values() if w.number is not None]
            raise OptionError(
                f"option 'scenario' must be one of {', '.join([*scenarios, *wars])} "
                f"(or {', '.join(numbers)})"
            )

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return SIDES

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        war = scenario_of(galaxy(options["galaxy"]).wars, options["scenario"])
        if war is not None:
            state = new_war_state(ctx, {**options, "scenario": war.id})
            war_setup.begin(state)  # 4.0: the war starts with its set-up
            return state
        state = new_game_state(ctx, options)
        begin = planetary.start if state["battle"]["kind"] == "planetary" else battle.start
        begin(ctx, state, then="scenario")
        return state

    # A war (``state["war"]``) shows and re-draws its own secrets with those of its battles.

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        if "war" in state:
            return table.view(state, player)
        return view.view(state, player)

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        if "war" in state:
            return table.hidden_paths(state, player)
        return view.hidden_paths(state, player)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        if "war" in state:
            return table.determinize(state, player, rng)
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
