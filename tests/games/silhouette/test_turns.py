"""Rounds and turns: S2 (+1 SP at the start of a round), S4 (the attack order, fixed in round 1),
S5 (one attack a turn, optional), S3 (6 SP: attack twice), S7 (the next machine) and S8 (+3 SP
to a machine no one attacked)."""

from __future__ import annotations

from support.dice import script_game

from .helpers import act, attack, end_turn, machine, new, rolls, said, set_sp, step


def sps(game: object) -> dict[str, int]:
    return {mid: m["sp"] for mid, m in game.state["machines"].items()}  # type: ignore[attr-defined]


def test_s2_s8_each_round_every_machine_gains_1_sp_and_3_more_when_no_one_attacked_it() -> None:
    game = new()
    assert game.state["round"] == 1 and sps(game) == {"p1": 1, "p2": 1}
    end_turn(game)
    events = end_turn(game)
    assert said(events, "S8") == [
        "Hien (p1): +3 SP, no one attacked it",
        "Tsurugi (p2): +3 SP, no one attacked it",
    ]
    assert said(events, "S2") == ["round 2"]
    assert game.state["round"] == 2 and sps(game) == {"p1": 5, "p2": 5}
    end_turn(game)
    end_turn(game)
    assert sps(game) == {"p1": 9, "p2": 9}


def test_s8_a_target_that_was_missed_was_attacked_and_gains_no_3_sp_g25() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [6, 6])  # Hien has no cell at 6-6: a miss
    assert machine(game, "p2")["attacked"] is True
    assert machine(game, "p1")["attacked"] is False
    end_turn(game)
    assert sps(game) == {"p1": 1 + 3 + 1, "p2": 1 + 1}
    assert not machine(game, "p1")["attacked"] and not machine(game, "p2")["attacked"]


def test_s2_a_machine_out_of_action_gains_no_sp_and_s7_its_turn_is_skipped() -> None:
    game = new(mode="team")
    assert game.state["order"] == ["a2", "a1", "b1", "b2"]
    machine(game, "b1")["out"] = "fallen"
    end_turn(game)  # a2
    end_turn(game)  # a1
    assert game.to_act == ("b2",)  # S7: b1 is out of action
    end_turn(game)
    assert game.state["round"] == 2
    assert machine(game, "b1")["sp"] == 1
    assert machine(game, "b2")["sp"] == 1 + 3 + 1
    assert game.to_act == ("a2",)


def test_g26_enemy_pieces_gain_sp_like_everyone_but_never_spend_it() -> None:
    # the Guard (weight 15) acts before Hien (21): it fires at 6-6, where Hien has no cell;
    # in round 2 at 4-3
    game = new(mode="solo", faces=[6, 6, 4, 3])
    assert step(game) == {"kind": "interrupt", "machine": "pilot1"}
    act(game, "pilot1", {"do": "done"})
    set_sp(game, "e1", 10)
    end_turn(game)
    assert machine(game, "e1")["sp"] == 10 + 3 + 1
    # round 2: the Guard attacks at once; with 14 SP it still keeps the dice as they fell
    assert step(game)["kind"] == "interrupt"
    assert game.state["attack"]["roll"] == game.state["attack"]["at"] == [4, 3]
    assert machine(game, "e1")["sp"] == 14


def test_s4_the_lightest_machine_goes_first() -> None:
    game = new(robots={"p1": "raiden", "p2": "kagerou"})  # weights 24 and 15
    assert game.state["order"] == ["p2", "p1"]
    assert game.to_act == ("p2",)
    assert said(game.log(None), "S4") == ["attack order: Kagerou (p2), Raiden (p1)"]
    team = new(mode="team")  # Hien 21, Tsurugi 22, Kagerou 15, Raiden 24
    assert team.state["order"] == ["a2", "a1", "b1", "b2"]


def test_s4_machines_of_equal_weight_each_roll_one_die_and_the_lower_goes_first() -> None:
    low_second = new(robots={"p1": "hien", "p2": "hien"}, faces=[5, 2])
    assert rolls(low_second.log(None)) == [[5], [2]]
    assert low_second.state["order"] == ["p2", "p1"]
    low_first = new(robots={"p1": "hien", "p2": "hien"}, faces=[2, 5])
    assert low_first.state["order"] == ["p1", "p2"]


def test_g9_machines_still_tied_roll_again_until_the_order_is_settled() -> None:
    game = new(robots={"p1": "hien", "p2": "hien"}, faces=[4, 4, 6, 3])
    assert rolls(game.log(None)) == [[4], [4], [6], [3]]
    assert game.state["order"] == ["p2", "p1"]
    # three of weight 21: a2 rolls lowest; a1 and b1 tie on 3 and roll again
    robots = {"a1": "hien", "b1": "hien", "a2": "hien", "b2": "kagerou"}
    team = new(mode="team", robots=robots, faces=[3, 3, 1, 5, 2])
    assert team.state["order"] == ["b2", "a2", "b1", "a1"]


def test_s4_the_order_fixed_in_round_1_holds_in_every_later_round() -> None:
    game = new(robots={"p1": "raiden", "p2": "kagerou"})
    attack(game, "5-2", "p1", [4, 1])  # Kagerou's machine gun tears Raiden's armour at 4-1
    assert machine(game, "p1")["cells"]["4-1"]["gone"] == "destroyed"
    end_turn(game)
    assert machine(game, "p1")["weight"] == 24  # the initial count, not what is left
    assert game.state["order"] == ["p2", "p1"] and game.to_act == ("p2",)
    tied = new(robots={"p1": "hien", "p2": "hien"}, faces=[5, 2])
    script_game(tied, [])  # no die may be rolled again for the order
    end_turn(tied)
    end_turn(tied)
    assert tied.state["round"] == 2 and tied.state["order"] == ["p2", "p1"]
    assert said(tied.log(None), "S4") == ["attack order: Hien (p2), Hien (p1)"]


def test_s5_a_turn_gives_one_attack_then_s7_the_next_machine_acts() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [6, 6])
    assert game.to_act == ("p2",)
    assert step(game) == {"kind": "turn", "machine": "p2", "attacks": 1, "fresh": True}


def test_g10_attacking_is_optional() -> None:
    game = new()
    assert {"do": "pass"} in game.legal_actions("p1")
    events = end_turn(game)
    assert said(events, "S5") == ["Hien (p1) does not attack", "Tsurugi (p2)'s turn"]
    assert rolls(events) == []


def test_s3_6_sp_spent_at_the_start_of_the_turn_buys_a_second_attack_g33() -> None:
    game = new(mode="team")  # a2 Kagerou acts first; b1 Tsurugi and b2 Raiden have no 6-6
    set_sp(game, "a2", 5)
    assert {"do": "double"} not in game.legal_actions("a2")
    set_sp(game, "a2", 12)
    events = act(game, "a2", {"do": "double"})
    assert said(events, "S3") == ["Kagerou (a2) spends 6 SP to attack twice this turn"]
    assert machine(game, "a2")["sp"] == 6
    assert {"do": "double"} not in game.legal_actions("a2")  # declared at the start only
    first = attack(game, "5-2", "b1", [6, 6])
    assert game.to_act == ("a2",)
    assert step(game) == {"kind": "turn", "machine": "a2", "attacks": 1, "fresh": False}
    assert {"do": "double"} not in game.legal_actions("a2")
    second = attack(game, "4-5", "b2", [6, 6])  # another weapon, another target
    assert [e["data"]["target"] for e in first + second if e.get("data", {}).get("by")] == [
        "b1",
        "b2",
    ]
    assert game.to_act == ("a1",)


def test_s3_a_double_turn_may_still_end_without_its_second_attack_g10() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    set_sp(game, "p1", 6)
    act(game, "p1", {"do": "double"})
    attack(game, "5-2", "p2", [6, 6])
    end_turn(game)
    assert game.to_act == ("p2",)
