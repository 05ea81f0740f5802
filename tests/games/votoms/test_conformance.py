"""VOTOMS passes the engine's conformance kit: 200 seeded random games to the end, in eight
runs of 25 so that the test workers share them."""

from __future__ import annotations

import pytest

from wartable.engine.conformance import check_game
from wartable.games.votoms import RULES

CHUNK = 25


@pytest.mark.parametrize("first", range(0, 200, CHUNK))
def test_votoms_passes_the_conformance_kit_over_200_games(first: int) -> None:
    """Secrets, determinized copies and bad input are probed every 40th decision; every game
    is replayed, cloned and ended (a game is about a thousand decisions)."""
    report = check_game(RULES, games=CHUNK, seed=first, check_every=40, probes=2)
    assert report.games == CHUNK and report.actions > CHUNK * 500
    assert report.view_checks > CHUNK * 10 and report.illegal_probes > CHUNK * 25
    assert report.varied_positions > 0
