"""The engine's conformance kit on the card game: 200 random games to the end."""

from __future__ import annotations

import pytest

from wartable.engine.conformance import check_game
from wartable.games.zeta_cards import RULES


@pytest.mark.parametrize("first", range(0, 200, 50))
def test_the_card_game_passes_the_conformance_kit_for_200_games(first: int) -> None:
    # Views, records, secrets, determinized copies and illegal input are probed every 400
    # steps (a random game is some 750 actions), in four runs of 50 games that the test
    # workers share.
    report = check_game(RULES, games=50, seed=first, check_every=400)
    assert report.games == 50 and report.view_checks > 50


def test_every_step_of_a_whole_game_keeps_its_secrets() -> None:
    # seed 31: a short game (some 300 actions) that passes every kind of decision
    report = check_game(RULES, games=1, seed=31, check_every=1, probes=1)
    assert report.view_checks == report.actions + 1
