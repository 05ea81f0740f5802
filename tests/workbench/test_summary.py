"""What a results table says: sides, seats, first player, configurations, with intervals."""

from __future__ import annotations

from typing import Any

from wartable.agents.ladder import wilson
from wartable.workbench.results import Row
from wartable.workbench.summary import Rate, first_player, groups, seats, sides, sweep_text, text


def game(winners: list[str], first: str = "merc", **changes: Any) -> Row:
    values: dict[str, Any] = {
        "game": "votoms",
        "index": 0,
        "seed": 1,
        "seats": ["merc", "bieler"],
        "agents": {"merc": "scripted", "bieler": "random"},
        "winners": winners,
        "scores": {"merc": 10, "bieler": 5},
        "turns": 8,
        "decisions": 700,
        "seconds": 0.5,
        "options": {},
        "data_digest": "ab" * 32,
        "point_no": 0,
        "point": {},
        "first": first,
        "over": True,
        "data": {},
        "timeline": [],
        "record": "records/p000-g00000.json",
    }
    return Row(**{**values, **changes})


ROWS = [game(["merc"])] * 6 + [game(["bieler"], first="bieler")] * 3 + [game([])]


def test_a_side_is_who_won_together_and_draws_come_last() -> None:
    assert sides(ROWS) == {"merc": Rate(6, 10), "bieler": Rate(3, 10), "draw": Rate(1, 10)}
    team = [game(["p1", "p3"], seats=["p1", "p2", "p3", "p4"]), game(["p2", "p4"])]
    assert list(sides(team)) == ["p1 p3", "p2 p4"]


def test_a_seats_rate_is_how_often_it_was_among_the_winners() -> None:
    assert seats(ROWS) == {"merc": Rate(6, 10), "bieler": Rate(3, 10)}


def test_a_rate_says_its_wilson_interval() -> None:
    low, high = wilson(6, 10)
    assert Rate(6, 10).interval == (low, high)
    assert str(Rate(6, 10)) == f"60% [{low:.0%}, {high:.0%}] (6/10)"


def test_the_first_player_is_set_beside_each_other_seat() -> None:
    first, others = first_player(ROWS)
    # merc first in 7 games (won 6), bieler first in 3 (won 3): first players won 9 of 10
    assert first == Rate(9, 10)
    assert others == Rate(0, 10)


def test_configurations_are_told_apart_by_what_varies() -> None:
    rows = [game(["merc"]), game(["bieler"], agents={"merc": "random", "bieler": "random"})]
    assert [g.label for g in groups(rows)] == [
        "merc=scripted bieler=random",
        "merc=random bieler=random",
    ]
    swept = [game(["merc"], point={"units.scopedog.attack": a}, data_digest=str(a)) for a in (8, 9)]
    # the printed values differ with the point: the point alone names them
    assert [g.label for g in groups(swept)] == [
        "units.scopedog.attack=8",
        "units.scopedog.attack=9",
    ]
    assert "units.scopedog.attack=9: 1 games: merc 100%" in sweep_text(swept)
    assert [g.label for g in groups(swept[:1])] == ["units.scopedog.attack=8"]  # one point


def test_the_text_gives_sides_seats_length_and_first_player() -> None:
    said = text(ROWS)
    assert "votoms: merc=scripted bieler=random: 10 games" in said
    assert f"    merc         {Rate(6, 10)}" in said
    assert "game length: 8.0 turns (8 to 8), 700 decisions (700 to 700)" in said
    assert f"first player (bieler merc): won {Rate(9, 10)}" in said
    assert "cut off" not in said
    assert "1 games cut off" in text([*ROWS, game([], over=False)])
