"""The engine's conformance kit on Mechanical Silhouette, in every mode of play (S1) and with
the rulings' options: random games to the end, with views, records, secrets and illegal input
probed along the way (docs/architecture.md, "Conformance kit")."""

from __future__ import annotations

from typing import Any

import pytest

from wartable.engine.conformance import check_game
from wartable.games.silhouette import RULES


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "versus"},
        {"mode": "team"},
        {"mode": "solo"},
        {"mode": "coop"},
        {"mode": "versus", "physics": "manual"},
        {"mode": "versus", "physics": "strict", "grey": "fallen"},
        {"mode": "team", "physics": "quick", "core_part": "same_part"},
    ],
    ids=["versus", "team", "solo", "coop", "manual", "strict-grey-fallen", "team-quick"],
)
def test_every_mode_passes_the_conformance_kit(options: dict[str, Any]) -> None:
    # 40 games a mode (20 for the second team run), secrets and illegal input probed every
    # 5 steps: the whole file stays under a minute on one core
    games = 20 if options.get("physics") == "quick" else 40
    report = check_game(RULES, games=games, check_every=5, options=options)
    assert report.games == games and report.view_checks >= games


def test_three_a_side_team_play_with_the_survivors_round_limit() -> None:
    options = {"mode": "team", "team_size": 3, "round_limit": "survivors"}
    report = check_game(RULES, games=8, check_every=5, options=options)
    assert report.games == 8


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        # 37 actions: a double attack, SP skills, interrupts, defences, a self-destruction
        (38, {"mode": "versus", "grey": "fallen"}),
        # 68 actions: every kind of decision, a missile pod split among the escorts included
        (39, {"mode": "coop", "robots": {"pilot1": "raiden"}}),
    ],
    ids=["versus", "coop"],
)
def test_every_step_of_a_whole_game_keeps_its_secrets(seed: int, options: dict[str, Any]) -> None:
    report = check_game(RULES, games=1, seed=seed, check_every=1, probes=1, options=options)
    assert report.view_checks == report.actions + 1 and report.actions > 30
