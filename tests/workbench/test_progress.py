"""Scores over turns, read from each game's public board as it goes on: a game's last noted
scores are its result's."""

from __future__ import annotations

import pytest

from wartable.workbench.runner import Task, derive, play
from wartable.workbench.simulation import plan


@pytest.mark.parametrize("game_id", ["votoms", "zeta-cards", "silhouette"])
def test_the_last_turns_scores_are_the_results(game_id: str) -> None:
    chosen = plan(game_id, 1, 2, [], {}, {})
    randomly = {seat: "random" for seat in chosen.agents}
    game = play(Task(game_id, 0, {}, 0, derive(2, 0), randomly, {}, {}, ""))
    turns = game.timeline
    assert game.over
    assert turns[-1]["scores"] == game.scores
    assert [t["turn"] for t in turns] == sorted({t["turn"] for t in turns})
    assert game.turns == turns[-1]["turn"] >= 1
