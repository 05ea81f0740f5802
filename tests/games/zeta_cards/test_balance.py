"""The reconstructed values under simulation (ruling Z6): no faction is favoured."""

from __future__ import annotations

from .heuristic import play_out, win_rates


def test_every_faction_wins_about_a_third_of_heuristic_games() -> None:
    wins = win_rates(300)
    assert set(wins) == {"aeug", "titans", "neo_zeon"}
    for faction, won in wins.items():
        assert 0.25 <= won / 300 <= 0.42, (faction, wins)


def test_a_heuristic_game_ends_by_victory_in_some_twenty_rounds() -> None:
    turns = [play_out(seed)["turn"] for seed in range(30)]
    assert 30 <= sum(turns) / len(turns) <= 100
