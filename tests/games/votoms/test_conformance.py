"""VOTOMS passes the engine's conformance kit: 200 seeded random games to the end."""

from __future__ import annotations

from wartable.engine.conformance import check_game
from wartable.games.votoms import RULES


def test_votoms_passes_the_conformance_kit_over_200_games() -> None:
    """Secrets and bad input are probed every 40th decision; every game is replayed, cloned
    and ended (a game is about a thousand decisions)."""
    report = check_game(RULES, games=200, check_every=40, probes=2)
    assert report.games == 200 and report.actions > 100_000
    assert report.view_checks > 2_000 and report.illegal_probes > 5_000
