"""The engine's conformance kit on the Zeta game (every phase, every combat step and the special
rules): replays, clones, views, logs and records that keep each faction's secrets (the cards, the
deck, the nuclear-bomb base), determinized copies, and illegal input. The full kit with 100 games
comes with the game's registration."""

from __future__ import annotations

from wartable.engine.conformance import check_game
from wartable.games.zeta import RULES


def test_zeta_passes_the_conformance_kit() -> None:
    # whole ten-turn games, some 1,300 random decisions each; probed every 10th decision
    report = check_game(RULES, games=4, check_every=10)
    assert report.games == 4 and report.actions > 4 * 1000
    assert report.hidden_positions > 100 and report.varied_positions > 0


def test_every_step_of_a_whole_game_keeps_its_secrets() -> None:
    report = check_game(RULES, games=1, seed=11, check_every=1, probes=1)
    assert report.view_checks == report.actions + 1
