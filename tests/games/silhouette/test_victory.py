"""The end of the battle: S1.1 (versus and team end conditions, the winning side), S1.2 (solo
and co-op), S8 (six rounds: a draw), S10 (surrender), rulings G2, G4, G5, G29, G31, G32."""

from __future__ import annotations

from typing import Any

import pytest

from support.dice import script_game
from wartable.engine import Game, IllegalAction

from .helpers import (
    MINE,
    act,
    answer,
    attack,
    cell,
    coop_at_raiden,
    destroyed,
    end_turn,
    machine,
    new,
    said,
    set_sp,
)


def team_of_three(**options: Any) -> Game:
    """Team play, three a side: Hien a1 and a3 tie at 21 (1 beats 2), Tsurugi b1 and b3 at 22
    (1 beats 2); Kagerou a2 (15) acts first, Raiden b2 (24) last."""
    game = new(mode="team", team_size=3, faces=[1, 2, 1, 2], **options)
    assert game.state["order"] == ["a2", "a1", "a3", "b1", "b3", "b2"]
    return game


def test_s1_1_versus_ends_when_one_side_is_out_of_action_and_the_survivor_wins() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    set_sp(game, "p1", 6)
    act(game, "p1", {"do": "double"})
    attack(game, "5-2", "p2", [4, 3])  # the core's first damage: a cut
    assert game.result is None
    events = attack(game, "4-5", "p2", [4, 3])
    assert said(events, "S1.1") == ["the battle ends (a side is out of action): winners: p1"]
    assert game.result == {
        "winners": ["p1"],
        "scores": {"p1": 1, "p2": 0},
        "reason": {"en": "a side is out of action", "ja": "一方が戦闘不能"},
        "round": 1,
    }
    assert game.to_act == ()
    with pytest.raises(IllegalAction):
        game.apply("p2", {"do": "pass"})


def test_s1_1_g31_team_play_ends_when_more_than_half_of_a_side_is_out_of_action() -> None:
    game = team_of_three()
    machine(game, "b3")["out"] = "fallen"  # one of three: not a majority
    set_sp(game, "a2", 6)
    act(game, "a2", {"do": "double"})
    attack(game, "5-2", "b1", [5, 3])  # Tsurugi's core: cut
    assert game.result is None
    attack(game, "4-5", "b1", [5, 3])  # destroyed: two of three are out
    assert machine(game, "b1")["out"] == "core"
    assert game.result is not None
    assert game.result["winners"] == ["a1", "a2", "a3"]
    assert game.result["scores"] == {"a1": 3, "b1": 1, "a2": 3, "b2": 1, "a3": 3, "b3": 1}


def test_g31_with_two_a_side_one_out_of_action_is_not_a_majority() -> None:
    game = new(mode="team")
    machine(game, "b1")["out"] = "fallen"
    attack(game, "5-2", "b2", [6, 6])  # an attack: the end is checked (G5)
    assert game.result is None and game.to_act == ("a1",)


def test_s8_after_six_rounds_without_a_decision_the_battle_is_a_draw() -> None:
    game = new()
    for _ in range(11):
        end_turn(game)
    assert game.state["round"] == 6 and game.result is None
    events = end_turn(game)
    assert said(events, "S1.1") == ["the battle ends (6 rounds have passed): a draw"]
    assert game.result is not None
    assert (game.result["winners"], game.result["round"]) == ([], 6)


def play_out(game: Game) -> None:
    while game.result is None:
        end_turn(game)


def test_g2_team_play_at_the_end_of_round_6_is_a_draw_by_default() -> None:
    game = team_of_three()
    machine(game, "b3")["out"] = "fallen"
    play_out(game)
    assert game.result is not None and game.result["winners"] == []


def test_g2_with_round_limit_survivors_the_side_with_more_in_action_wins_g32() -> None:
    game = team_of_three(round_limit="survivors")
    machine(game, "b3")["out"] = "fallen"
    play_out(game)
    assert game.result is not None and game.result["winners"] == ["a1", "a2", "a3"]
    even = team_of_three(round_limit="survivors")  # G32: equal survivors are a draw
    play_out(even)
    assert even.result is not None and even.result["winners"] == []


def test_s10_surrender_is_offered_once_every_cell_around_the_core_is_gone_g29() -> None:
    """Squat's core is glued to the base (row 1): it can lose the three cells beside and above
    it and still stand; then, able to do nothing, it may surrender. The cells at its corners
    do not count (G29: コアの隣接枠 are the cells sharing a side)."""
    game = new(data=MINE, robots={"p1": "squat", "p2": "kagerou"})
    assert {"do": "surrender"} not in game.legal_actions("p1")
    destroyed(game, "p1", "1-2", "1-4")
    assert {"do": "surrender"} not in game.legal_actions("p1")  # 2-3 still touches it
    destroyed(game, "p1", "2-3")
    assert machine(game, "p1")["cells"]["2-2"]["gone"] is None  # a corner cell is left
    assert {"do": "surrender"} in game.legal_actions("p1")
    events = act(game, "p1", {"do": "surrender"})
    assert said(events, "S10") == ["Squat (p1) is out of action: it surrendered"]
    assert game.result is not None and game.result["winners"] == ["p2"]  # G5: checked at once


def duel(enemy: str, rounds: int = 6, faces: list[int] | None = None) -> Game:
    """Solo against one enemy piece of the players' own scenario (Hien is pilot1)."""
    data = {
        **MINE,
        "scenarios": {
            "duel": {
                "name": {"ja": "決闘", "en": "Duel"},
                "players": 1,
                "enemies": [enemy],
                "escorts": [],
                "rounds": rounds,
                "source": "reconstructed: a test scenario",
            }
        },
    }
    return new(mode="solo", scenario="duel", data=data, faces=faces)


def test_s1_2_g4_the_pilots_win_when_every_enemy_piece_is_out_of_action() -> None:
    # Squat (6 cells) acts first and misses; Hien's machine gun cuts, then destroys its core
    game = duel("squat", faces=[6, 6])
    answer(game)
    attack(game, "6-3", "e1", [1, 3, 6, 6])  # round 2: Squat misses again
    assert cell(game, "e1", "1-3")["cut"] and game.result is None
    assert game.state["round"] == 2 and game.to_act == ("pilot1",)
    events = attack(game, "6-3", "e1", [1, 3])
    assert said(events, "S1.1") == [
        "the battle ends (every enemy is out of action): winners: pilot1"
    ]
    assert game.result is not None and game.result["winners"] == ["pilot1"]


def test_s1_2_g4_the_mission_fails_when_every_pilot_is_out_of_action() -> None:
    game = duel("squat", faces=[4, 3])  # at Hien's core
    answer(game)
    assert cell(game, "pilot1", "4-3")["cut"]
    script_game(game, [4, 3])
    events = end_turn(game) + answer(game)
    assert machine(game, "pilot1")["out"] == "core"
    assert said(events, "S1.1") == [
        "the battle ends (every pilot is out of action): the mission failed"
    ]
    assert game.result is not None and game.result["winners"] == []


def test_g4_the_mission_fails_when_the_scenarios_rounds_pass() -> None:
    game = duel("squat", rounds=1, faces=[6, 6])
    answer(game)
    events = end_turn(game)
    assert said(events, "S1.1") == ["the battle ends (1 rounds have passed): the mission failed"]
    assert game.result is not None and game.result["winners"] == []


def test_s1_2_g4_in_coop_the_escorts_must_be_out_of_action_too() -> None:
    game = coop_at_raiden()
    for mid in ("e1", "e2", "e3"):
        machine(game, mid)["out"] = "core"
    cell(game, "e4", "4-4")["cut"] = True  # its vernier is spent
    cell(game, "e4", "3-3")["cut"] = True  # and its core already cut
    game._legal = {}
    assert game.result is None
    events = attack(game, "4-5", "e4", [3, 3])
    assert "Fly Watch (e4) is out of action: its core is destroyed" in said(events, "S10")
    assert game.result is not None and game.result["winners"] == ["pilot1", "pilot2"]
