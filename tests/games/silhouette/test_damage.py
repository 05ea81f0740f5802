"""Rule S6 ④ and ⑤: the defender's choices when a live cell is hit (sturdy cut, armour, arm,
the core's first hit), destruction by the weapon's attribute, whole parts, and what the paper
does afterwards (P.3: pieces that fall away, the core's piece off the base, S10 ① and ②)."""

from __future__ import annotations

import pytest

from support.dice import script_game

from .helpers import act, answer, attack, cell, end_turn, gone, machine, new, said, step

ARMS = [{"do": "arm", "cell": key} for key in ("5-1", "5-5", "4-5")]  # Hien's, joined to 4-3


def hit(game: object, faces: list[int], weapon: str = "5-2") -> None:
    """Kagerou (p1) attacks Hien (p2) and the hit lands: Hien is asked how to take it."""
    script_game(game, faces)
    act(game, "p1", {"do": "attack", "weapon": weapon, "target": "p2"})  # type: ignore[arg-type]
    while step(game)["kind"] in ("boost", "interrupt"):  # type: ignore[arg-type]
        act(game, game.to_act[0], {"do": "done"})  # type: ignore[attr-defined]
    assert step(game) == {"kind": "defend", "machine": "p2", "cell": f"{faces[0]}-{faces[1]}"}  # type: ignore[arg-type]


def kagerou_vs_hien(**options: object) -> object:
    return new(robots={"p1": "kagerou", "p2": "hien"}, **options)


def next_round(game: object) -> None:
    """Hien ends its turn; the next round begins with Kagerou's turn."""
    end_turn(game)  # type: ignore[arg-type]
    assert game.to_act == ("p1",)  # type: ignore[attr-defined]


def test_s6_4_a_sturdy_cell_may_be_cut_once_instead_of_destroyed() -> None:
    game = kagerou_vs_hien()
    hit(game, [2, 2])  # Hien's left leg: legs are sturdy
    assert game.legal_actions("p2") == [{"do": "take"}, {"do": "sturdy"}]
    events = act(game, "p2", {"do": "sturdy"})
    assert said(events, "S6.4") == [
        "Hien (p2): cut in the Legs at 2-2, sturdy: it is not destroyed"
    ]
    assert (cell(game, "p2", "2-2")["cut"], cell(game, "p2", "2-2")["gone"]) == (True, None)
    next_round(game)
    hit(game, [2, 2])
    assert game.legal_actions("p2") == [{"do": "take"}]  # S6.1: never a second cut
    act(game, "p2", {"do": "take"})
    assert cell(game, "p2", "2-2")["gone"] == "destroyed"


def test_s6_4_a_cell_that_is_not_sturdy_has_no_sturdy_cut() -> None:
    game = kagerou_vs_hien()
    hit(game, [3, 3])  # a hollow of the core's part: only the arms can help
    assert game.legal_actions("p2") == [{"do": "take"}, *ARMS]


def test_s10_1_the_cores_first_damage_only_cuts_it_and_the_second_destroys_it_g24() -> None:
    game = kagerou_vs_hien()
    hit(game, [4, 3])
    armour = [{"do": "armour", "cell": key} for key in ("5-2", "5-4")]
    assert game.legal_actions("p2") == [{"do": "take"}, *armour, *ARMS]
    events = act(game, "p2", {"do": "take"})
    assert said(events, "S6.4") == [
        "Hien (p2): cut in the Core at 4-3, sturdy: it is not destroyed"
    ]
    assert cell(game, "p2", "4-3")["cut"] and machine(game, "p2")["out"] is None
    next_round(game)
    hit(game, [4, 3])
    events = act(game, "p2", {"do": "take"})
    assert "Hien (p2) is out of action: its core is destroyed" in said(events, "S10")
    assert machine(game, "p2")["out"] == "core"
    assert game.result is not None and game.result["winners"] == ["p1"]


def test_s6_4_an_adjacent_uncut_armour_cell_of_the_same_part_may_take_the_damage_g23() -> None:
    """The rulebook's example: "I cut the armour at 3-2 and it takes the damage for 2-2". Hien's
    4-2 touches the armour at 5-2 (same part) and at 4-1 (the shield arm, another part)."""
    game = kagerou_vs_hien()
    hit(game, [4, 2])
    assert game.legal_actions("p2") == [{"do": "take"}, {"do": "armour", "cell": "5-2"}, *ARMS]
    events = act(game, "p2", {"do": "armour", "cell": "5-2"})
    assert said(events, "S6.4") == [
        "Hien (p2): cut in the Armour at 5-2, it takes the damage for 4-2"
    ]
    assert (cell(game, "p2", "5-2")["cut"], cell(game, "p2", "5-2")["gone"]) == (True, None)
    assert cell(game, "p2", "4-2") == {**cell(game, "p2", "4-2"), "gone": None, "cut": False}
    next_round(game)
    hit(game, [4, 2])
    assert game.legal_actions("p2") == [{"do": "take"}, *ARMS]  # the armour did it once


def test_s6_4_an_arm_joined_to_the_core_folds_over_a_hit_on_the_cores_part_g19() -> None:
    game = kagerou_vs_hien()
    hit(game, [4, 2])
    events = act(game, "p2", {"do": "arm", "cell": "5-5"})
    assert said(events, "S6.4") == ["Hien (p2): the arm at 5-5 folds over 4-2"]
    assert said(events, "S6.5")[0] == "Hien (p2): the Arm at 5-5 is destroyed and torn off"
    assert cell(game, "p2", "5-5")["gone"] == "destroyed"
    assert cell(game, "p2", "4-2")["gone"] is None


def test_s6_4_no_arm_or_armour_of_another_part_helps_a_hit_outside_the_cores_part_g19() -> None:
    """The beam rifle's cell, on the right arm: no arm may fold over it; Hien is asked all the
    same, so the question tells the attacker nothing of the cell (G13)."""
    game = kagerou_vs_hien()
    hit(game, [5, 6])  # the beam rifle, on the right arm
    assert game.legal_actions("p2") == [{"do": "take"}]


def test_s6_4_the_armour_or_arm_used_is_declared_the_hit_cell_stays_secret_g17() -> None:
    game = kagerou_vs_hien()
    hit(game, [4, 2])
    act(game, "p2", {"do": "armour", "cell": "5-2"})
    seen = game.view("p1")["board"]["machines"]["p2"]["cells"]
    assert (seen["5-2"]["item"], seen["5-2"]["cut"]) == ("armour", True)
    assert "item" not in seen["4-2"]
    next_round(game)
    hit(game, [3, 3])
    act(game, "p2", {"do": "arm", "cell": "4-5"})
    seen = game.view("p1")["board"]["machines"]["p2"]["cells"]
    assert seen["4-5"]["item"] == "arm" and "item" not in seen["3-3"]


@pytest.mark.parametrize(
    ("weapon", "attr", "said_as", "frays"),
    [("5-2", "tear", "torn off", True), ("4-5", "cut", "cut off", False)],
)
def test_s6_5_a_destroyed_cell_is_torn_or_cut_out_by_the_weapons_attribute_p4(
    weapon: str, attr: str, said_as: str, frays: bool
) -> None:
    """Kagerou's machine gun tears, its heat knife cuts: a torn hole leaves ragged edges on
    the cells around it (P.4), a cut one does not."""
    game = kagerou_vs_hien()
    hit(game, [3, 3], weapon)
    events = act(game, "p2", {"do": "take"})
    done = [e for e in events if e.get("data", {}).get("destroyed") == "3-3"]
    assert done[0]["data"]["attr"] == attr
    assert done[0]["msg"]["en"] == f"Hien (p2): the Hollow at 3-3 is destroyed and {said_as}"
    around = ("4-2", "4-3", "4-4", "3-2", "3-4", "2-2", "2-4")
    assert {cell(game, "p2", k)["frayed"] for k in around} == {frays}
    assert cell(game, "p2", "1-2")["frayed"] is False


def test_s6_4_taking_the_damage_destroys_the_hit_cell() -> None:
    game = kagerou_vs_hien()
    hit(game, [6, 3])
    act(game, "p2", {"do": "take"})
    assert gone(game, "p2") == {"6-3"}


def test_s6_5_when_every_cell_of_a_part_is_destroyed_the_whole_part_comes_off() -> None:
    game = kagerou_vs_hien()
    hit(game, [5, 1])  # the shield arm: 5-1 and 4-1
    events = act(game, "p2", {"do": "take"})
    assert not any("whole part" in text for text in said(events))
    next_round(game)
    hit(game, [4, 1])
    events = act(game, "p2", {"do": "take"})
    assert "Hien (p2): every cell of part l is gone: the whole part comes off" in said(events)


def test_s6_5_a_part_whose_cells_fall_away_comes_off_with_them() -> None:
    game = new(robots={"p1": "raiden", "p2": "hien"})
    end_turn(game)
    events = attack(game, "tS", "p2", [5, 5, 4, 5, 6, 6])  # the right arm's joints
    assert gone(game, "p2") == {"5-5", "4-5", "5-6", "4-6"}
    assert "Hien (p2): every cell of part r is gone: the whole part comes off" in said(events)
    end_turn(game)
    events = attack(game, "4-5", "p2", [3, 3])
    assert not any("part r" in text for text in said(events))


def test_s6_5_g16_the_pile_bunker_cuts_off_the_rest_of_the_row_within_the_parts_row() -> None:
    game = new(robots={"p1": "tsurugi", "p2": "hien"})  # Hien (21) acts first
    end_turn(game)
    events = attack(game, "5-6", "p2", [5, 3])
    assert [e["data"]["destroyed"] for e in events if "destroyed" in e.get("data", {})] == ["5-3"]
    # the rest of row 5 in the body is damaged too: its two armour cells are sturdy (G16)
    assert [e["data"]["cut"] for e in events if "cut" in e.get("data", {})][-2:] == ["5-2", "5-4"]
    assert gone(game, "p2") == {"5-3"}  # 5-1, 5-5, 5-6 are other parts


def test_s10_1_g16_the_pile_bunkers_row_cut_only_cuts_an_uncut_core() -> None:
    game = new(robots={"p1": "tsurugi", "p2": "hien"})
    end_turn(game)
    attack(game, "5-6", "p2", [4, 2])  # 4-2 hollow destroyed; the row reaches the core at 4-3
    core = game.state["machines"]["p2"]["cells"]["4-3"]
    assert core["gone"] is None and core["cut"]
    assert game.state["machines"]["p2"]["out"] is None


def test_s6_5_g16_nothing_more_is_cut_when_the_pile_bunker_is_absorbed() -> None:
    game = new(robots={"p1": "tsurugi", "p2": "hien"})
    end_turn(game)
    attack(game, "5-6", "p2", [5, 3], defend={"do": "armour", "cell": "5-2"})
    assert gone(game, "p2") == set()


def test_s10_2_the_cores_piece_cut_off_from_the_base_is_out_of_action() -> None:
    """The pile bunker through Hien's waist (row 3) leaves nothing between the legs and the
    body: the core's piece is off the base."""
    game = new(robots={"p1": "tsurugi", "p2": "hien"})
    end_turn(game)
    events = attack(game, "5-6", "p2", [3, 3])
    assert gone(game, "p2") == {"3-2", "3-3", "3-4"}
    assert said(events, "S10") == ["Hien (p2) is out of action: its core came off the base"]
    assert machine(game, "p2")["out"] == "base"
    assert game.result is not None and game.result["winners"] == ["p1"]


def test_p3_a_piece_held_by_neither_the_base_nor_the_core_falls_away_and_is_no_target_g18() -> None:
    game = new(robots={"p1": "raiden", "p2": "hien"})
    end_turn(game)
    events = attack(game, "tS", "p2", [5, 5, 4, 5, 6, 6])
    assert "Hien (p2): held by nothing, 4-6, 5-6 fall away" in said(events, "S6.5")
    assert cell(game, "p2", "5-6")["gone"] == "fell"
    assert game.view("p1")["board"]["machines"]["p2"]["cells"]["5-6"]["item"] == "beam_rifle"
    end_turn(game)
    events = attack(game, "4-5", "p2", [5, 6])
    assert said(events, "S6.3") == ["5-6: no cell there, the attack misses"]


def test_p3_a_piece_still_glued_to_the_base_stays_though_cut_off_from_the_core() -> None:
    game = kagerou_vs_hien()
    hit(game, [2, 2], "4-5")
    act(game, "p2", {"do": "take"})
    assert gone(game, "p2") == {"2-2"}  # 1-2 is glued to the base: it stays, and is a target
    next_round(game)
    hit(game, [1, 2])
    assert step(game)["cell"] == "1-2"
    answer(game)
