"""The engine benchmark reports random-play speed and the cost of a search's copies."""

from __future__ import annotations

from wartable.bench import bench, copy_costs, midgame
from wartable.engine import get_rules


def test_bench_reports_speed_and_copy_costs() -> None:
    result = bench("skirmish", runs=1, games=2)
    assert result.actions_per_second > 0 and result.mean_actions_per_game > 0
    assert result.clone_us is not None and result.clone_us > 0
    assert result.determinize_us is not None and result.determinize_us > 0
    assert bench("skirmish", runs=1, games=1, copies=False).clone_us is None


def test_copies_are_timed_halfway_through_a_game() -> None:
    rules = get_rules("skirmish")
    game = midgame(rules, seed=3)
    assert game.actions and not game.over
    clone_us, determinize_us = copy_costs(rules, seed=3, batch=2)
    assert clone_us > 0 and determinize_us is not None
