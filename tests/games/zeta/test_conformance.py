"""The engine's conformance kit on the Zeta game (every phase, every combat step and the special
rules): replays, clones, views, logs and records that keep each faction's secrets (the cards, the
deck, the nuclear-bomb base), determinized copies, and illegal input: 100 seeded random games to
the end, in four runs of 25 so that the test workers share them."""

from __future__ import annotations

import pytest

from wartable.engine.conformance import check_game
from wartable.games.zeta import RULES

CHUNK = 25


@pytest.mark.parametrize("first", range(0, 100, CHUNK))
def test_zeta_passes_the_conformance_kit_over_100_games(first: int) -> None:
    """Whole ten-turn games of some 1,300 random decisions each, probed every 100th decision;
    every game is replayed, cloned and ended."""
    report = check_game(RULES, games=CHUNK, seed=first, check_every=100, probes=1)
    assert report.games == CHUNK and report.actions > CHUNK * 1000
    assert report.hidden_positions > CHUNK * 5 and report.varied_positions > 0


def test_every_step_of_a_whole_game_keeps_its_secrets() -> None:
    report = check_game(RULES, games=1, seed=11, check_every=1, probes=1)
    assert report.view_checks == report.actions + 1
