"""The engine's conformance kit on the Zeta game as written so far (every phase but the combat
preparation step and the special rules; battles are chosen, joined and fought): replays,
clones, views, logs and records that keep each faction's secrets (the cards, the deck, the
nuclear-bomb base), determinized copies, and illegal input. The full kit with 100 games comes
when every rule is in."""

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
