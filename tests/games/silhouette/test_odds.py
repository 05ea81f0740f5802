"""Exact hit odds (S6.3 two dice, S3 SP skills), checked against counting the 36 rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest

import wartable
from wartable.games.silhouette.odds import hit_chance


def test_s6_3_one_cell_is_hit_by_one_roll_in_36() -> None:
    assert hit_chance({(1, 1)}, 0, 2, 4) == Fraction(1, 36)


def test_s3_two_sp_moves_one_die_by_one_and_never_off_the_sheet() -> None:
    # rolls 1-1, 2-1 and 1-2 reach the cell at 1-1; 0 is no face (G7)
    assert hit_chance({(1, 1)}, 2, 2, 4) == Fraction(3, 36)


def test_s3_four_sp_sets_one_die_or_moves_both() -> None:
    # row 1 (6 rolls) or column 1 (6 rolls), one counted twice, plus 2-2 moved on both dice
    assert hit_chance({(1, 1)}, 4, 2, 4) == Fraction(12, 36)


def test_s6_3_the_odds_count_the_targets_live_cells_from_the_public_outline() -> None:
    game = wartable.new_game("silhouette", seed=1)
    target = game.state["machines"]["p2"]
    cells = len(target["cells"])
    answer = game.rules.odds(game.state, "p1", {"target": "p2"})
    assert answer["data"]["rows"][0]["exact"]["dice"] == str(Fraction(cells, 36))
    target["cells"]["1-1"]["gone"] = "destroyed"
    answer = game.rules.odds(game.state, "p1", {"target": "p2"})
    assert answer["data"]["rows"][0]["exact"]["dice"] == str(Fraction(cells - 1, 36))


def test_s6_3_the_odds_agree_with_rolling_every_pair_of_dice() -> None:
    game = wartable.new_game("silhouette", seed=1)
    target = game.state["machines"]["p2"]
    live = {key for key, cell in target["cells"].items() if cell["gone"] is None}
    hits = sum(f"{r}-{c}" in live for r in range(1, 7) for c in range(1, 7))
    row = game.rules.odds(game.state, "p1", {"target": "p2"})["data"]["rows"][0]
    assert Fraction(row["exact"]["dice"]) == Fraction(hits, 36)


def test_a_bad_odds_question_is_refused_by_name() -> None:
    game = wartable.new_game("silhouette", seed=1)
    with pytest.raises(ValueError, match="no machine 'p9'"):
        game.rules.odds(game.state, "p1", {"target": "p9"})
    with pytest.raises(ValueError, match="unknown odds question 'hex'"):
        game.rules.odds(game.state, "p1", {"hex": "C08"})
