"""Rule S6 ①-③: which weapon may attack (S6.1), the target (S6.2), the hit dice, the
attacker's SP skills (S3) and the defender's interrupts (S6.3), and what a miss is (P.7)."""

from __future__ import annotations

import pytest

from support.dice import script_game
from wartable.engine import IllegalAction

from .helpers import (
    MINE,
    act,
    answer,
    attack,
    cell,
    coop_at_raiden,
    end_turn,
    machine,
    new,
    rolls,
    said,
    set_sp,
    step,
)


def weapons(game: object, player: str) -> set[str]:
    """The weapons `player` may attack with now (any target)."""
    return {
        a["weapon"]
        for a in game.legal_actions(player)  # type: ignore[attr-defined]
        if a["do"] == "attack"
    }


# --- ① the weapon (S6.1) -------------------------------------------------------------------


def test_s6_1_a_a_two_cell_ranged_weapon_with_one_cell_destroyed_cannot_fire() -> None:
    assert weapons(new(), "p1") == {"6-3", "rB", "ram"}  # Hien: machine gun, beam rifle
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "4-5", "p2", [5, 6])  # the heat knife cuts out one cell of the beam rifle
    assert cell(game, "p2", "5-6")["gone"] == "destroyed"
    assert cell(game, "p2", "4-6")["gone"] is None
    assert weapons(game, "p2") == {"6-3", "ram"}


def test_s6_1_a_a_weapon_of_the_cores_part_cut_off_from_the_core_cannot_fire_g8() -> None:
    """Forked: the core stands on one leg, the machine gun of the same part on another; once
    3-2 between them is gone, the gun has no path to the core: with `core_part=path` it
    cannot fire; by default (`same_part`, the text's コアと同じパーツ, G8) it still fires."""
    for option, expected in (("path", {"ram"}), ("same_part", {"3-3", "ram"})):
        game = new(data=MINE, robots={"p1": "forked", "p2": "kagerou"}, core_part=option)
        assert weapons(game, "p1") == {"3-3", "ram"}
        end_turn(game)
        attack(game, "4-5", "p1", [3, 2])
        assert cell(game, "p1", "3-3")["gone"] is None  # on the base: it stays
        assert weapons(game, "p1") == expected, option


def test_s6_1_connection_runs_through_corners_and_ends_when_no_path_is_left() -> None:
    """Hien's head (machine gun 6-3, hollow 6-4) sits on 5-2 to 5-5. With 5-3, 5-4 and 5-5
    gone it still touches 5-2 at a corner and the gun fires; with 5-2 gone too, the head is
    held by nothing and falls away (P.3, G18) with its gun, and the whole part is off."""
    game = new(robots={"p1": "raiden", "p2": "hien"})  # Hien (21) acts before Raiden (24)
    end_turn(game)
    attack(game, "tS", "p2", [5, 3, 5, 4, 5, 5])  # the missile pod: three attacks
    assert {"5-3", "5-4", "5-5"} == {
        k for k, c in machine(game, "p2")["cells"].items() if c["gone"]
    }
    assert weapons(game, "p2") == {"6-3", "rB", "ram"}
    end_turn(game)  # round 2: Hien passes again
    events = attack(game, "tN", "p2", [5, 2])  # the cannon tears out 5-2
    assert said(events, "S6.5") == [
        "Hien (p2): the Armour at 5-2 is destroyed and torn off",
        "Hien (p2): held by nothing, 6-3, 6-4 fall away",
        "Hien (p2): every cell of part h is gone: the whole part comes off",
    ]
    assert cell(game, "p2", "6-3")["gone"] == cell(game, "p2", "6-4")["gone"] == "fell"
    assert weapons(game, "p2") == {"rB", "ram"}


def test_s6_1_a_printed_line_joins_cells_like_paper() -> None:
    """Kite's antenna gun (6-1) touches no cell: a printed line holds it to 4-2. It fires
    while 4-2 is there; when 4-2 is cut out, the antenna falls away."""
    game = new(data=MINE, robots={"p1": "kite", "p2": "kagerou"})
    assert weapons(game, "p1") == {"6-1", "ram"}
    end_turn(game)
    attack(game, "4-5", "p1", [4, 2])
    assert cell(game, "p1", "6-1")["gone"] == "fell"
    assert weapons(game, "p1") == {"ram"}


def test_s6_1_b_every_silhouette_can_always_body_slam_and_it_tears_g15() -> None:
    for robot in ("hien", "tsurugi", "kagerou"):  # each lighter than Raiden: it acts first
        assert "ram" in weapons(new(robots={"p1": robot, "p2": "raiden"}), "p1")
    raiden = new(robots={"p1": "raiden", "p2": "hien"})
    end_turn(raiden)
    assert "ram" in weapons(raiden, "p1")
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    events = attack(game, "ram", "p2", [3, 3])
    assert said(events, "S6.1") == ["Kagerou (p1) attacks Hien (p2) with the Body slam"]
    assert said(events, "S6.5")[0] == "Hien (p2): the Hollow at 3-3 is destroyed and torn off"


def test_s6_1_b_body_slam_needs_no_legs_g15() -> None:
    game = new(data=MINE, robots={"p1": "brawler", "p2": "kagerou"})
    end_turn(game)
    attack(game, "4-5", "p1", [1, 2])  # one of Brawler's two one-cell legs
    assert "3-1" not in weapons(game, "p1") and "ram" in weapons(game, "p1")


def test_s6_1_b_melee_needs_two_leg_cells_or_a_vehicle_cell_joined_to_the_core_g14() -> None:
    """Brawler's heat knife (3-1) strikes while both one-cell legs are there; with one leg cut
    out it cannot, though its machine gun (3-5) still fires. Cart has one vehicle-body cell:
    enough for melee until it is cut out."""
    brawler = new(data=MINE, robots={"p1": "brawler", "p2": "kagerou"})
    assert weapons(brawler, "p1") == {"3-1", "3-5", "ram"}
    end_turn(brawler)
    attack(brawler, "4-5", "p1", [1, 2])
    assert cell(brawler, "p1", "1-2")["gone"] == "destroyed"
    assert weapons(brawler, "p1") == {"3-5", "ram"}
    cart = new(data=MINE, robots={"p1": "cart", "p2": "kagerou"})
    assert weapons(cart, "p1") == {"3-1", "ram"}
    end_turn(cart)
    attack(cart, "4-5", "p1", [1, 2])
    assert weapons(cart, "p1") == {"ram"}


def test_s6_1_a_scissors_weapon_is_used_once_by_making_its_cuts_in_its_own_cells_g11() -> None:
    game = new(robots={"p1": "raiden", "p2": "hien"})
    end_turn(game)
    assert "tS" in weapons(game, "p1")
    events = attack(game, "tS", "p2", [6, 6, 6, 6, 6, 6])  # missile pod: ✂2 on its 2 cells
    assert said(events, "S6.1")[1:] == ["a cut is made at 4-1", "a cut is made at 4-2"]
    assert cell(game, "p1", "4-1")["cut"] and cell(game, "p1", "4-2")["cut"]
    assert cell(game, "p1", "4-1")["gone"] is None  # cut, not destroyed
    end_turn(game)
    assert weapons(game, "p1") == {"tN", "4-5", "ram"}  # cannon and machine gun still fire


def test_s6_1_the_pile_bunker_is_driven_once() -> None:
    game = new(robots={"p1": "tsurugi", "p2": "hien"})  # Hien (21) acts first
    end_turn(game)
    assert {"5-6", "4-1"} <= weapons(game, "p1")  # the pile bunker and the heat knife
    attack(game, "5-6", "p2", [6, 6])
    assert cell(game, "p1", "5-6")["cut"]
    end_turn(game)
    assert weapons(game, "p1") == {"4-1", "ram"}


def test_s1_1_the_weapon_is_declared_by_its_position_and_name() -> None:
    game = new()
    assert "item" not in game.view("p2")["board"]["machines"]["p1"]["cells"]["6-3"]
    events = attack(game, "6-3", "p2", [6, 6])
    assert said(events, "S6.1") == ["Hien (p1) attacks Tsurugi (p2) with the Machine gun at 6-3"]
    seen = game.view("p2")["board"]["machines"]["p1"]["cells"]["6-3"]
    assert (seen["item"], seen["part"], seen["shown"]) == ("machine_gun", "h", True)
    end_turn(game)
    events = attack(game, "rB", "p2", [6, 6])
    assert said(events, "S6.1")[0].endswith("with the Beam rifle at 5-6/4-6")
    cells = game.view("p2")["board"]["machines"]["p1"]["cells"]
    assert cells["5-6"]["item"] == cells["4-6"]["item"] == "beam_rifle"


# --- ② the target (S6.2) -------------------------------------------------------------------


def test_s6_2_one_enemy_machine_is_the_target_at_any_range() -> None:
    game = new(mode="team")
    targets = {a["target"] for a in game.legal_actions("a2") if a["do"] == "attack"}
    assert targets == {"b1", "b2"}  # never a team-mate, no range or facing
    machine(game, "b1")["out"] = "core"
    game._legal = {}
    targets = {a["target"] for a in game.legal_actions("a2") if a["do"] == "attack"}
    assert targets == {"b2"}
    with pytest.raises(IllegalAction):
        game.apply("a2", {"do": "attack", "weapon": "5-2", "target": "a1"})


def test_s6_2_every_attack_of_a_several_attack_weapon_goes_at_the_same_silhouette_g27() -> None:
    game = new(mode="team")  # b2 Raiden acts last
    for _ in range(3):
        end_turn(game)
    events = attack(game, "tS", "a1", [6, 6, 6, 6, 6, 6])
    whys = [e["why"]["en"] for e in events if e["kind"] == "roll"]
    assert whys == ["hit cell on Hien (a1) (row, column)"] * 3


def test_g27_the_attacks_left_are_lost_when_the_silhouette_is_out_of_action() -> None:
    game = new(mode="team")
    for _ in range(3):
        end_turn(game)
    events = attack(game, "tS", "a1", [4, 3, 4, 3])  # the core: cut, then destroyed
    assert machine(game, "a1")["out"] == "core"
    assert rolls(events) == [[4, 3], [4, 3]]  # no third roll at anyone
    assert game.state["end"] is None and game.state["round"] == 2


def test_s6_2_a_several_attack_weapon_may_split_its_attacks_among_unit_machines_g27() -> None:
    game = coop_at_raiden()
    script_game(game, [6, 6] * 6)  # three attacks; then the War Train fires its missile pod
    act(game, "pilot1", {"do": "attack", "weapon": "tS", "target": "e2"})
    assert step(game)["kind"] == "retarget"
    options = game.legal_actions("pilot1")
    # the units and the silhouette they follow, the War Train (G27)
    assert options == [{"do": "target", "target": u} for u in ("e1", "e2", "e3", "e4")]
    act(game, "pilot1", {"do": "target", "target": "e3"})
    act(game, "pilot1", {"do": "target", "target": "e4"})
    whys = [e["why"]["en"] for e in game.log(None) if e["kind"] == "roll"]
    assert [w for w in whys if "Fly Watch" in w][-3:] == [
        f"hit cell on Fly Watch ({u}) (row, column)" for u in ("e2", "e3", "e4")
    ]


def test_s6_2_attacks_may_go_from_a_silhouette_to_its_escorts_but_to_no_other_silhouette_g27() -> (
    None
):
    game = coop_at_raiden()
    script_game(game, [6, 6] * 9)
    act(game, "pilot1", {"do": "attack", "weapon": "tS", "target": "e1"})
    assert step(game)["kind"] == "retarget"
    targets = [a["target"] for a in game.legal_actions("pilot1")]
    assert targets == ["e1", "e2", "e3", "e4"]  # pilot2's partner side has no silhouette here
    act(game, "pilot1", {"do": "target", "target": "e2"})
    assert [a["target"] for a in game.legal_actions("pilot1")] == ["e1", "e2", "e3", "e4"]


# --- ③ the hit (S6.3, S3) ------------------------------------------------------------------


@pytest.mark.parametrize(("faces", "hit"), [([2, 4], "2-4"), ([4, 2], "4-2")])
def test_s6_3_two_dice_the_first_white_for_the_row_the_second_black_for_the_column(
    faces: list[int], hit: str
) -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    events = attack(game, "5-2", "p2", faces)
    assert rolls(events) == [faces]
    assert f"hit at {hit}" in said(events, "S6.3")
    assert cell(game, "p2", hit)["gone"] == "destroyed"


def test_s3_after_the_roll_the_attacker_may_shift_a_die_for_2_sp_or_set_it_for_4_g7() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    set_sp(game, "p1", 10)
    script_game(game, [1, 6])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    assert step(game) == {"kind": "boost", "machine": "p1"}
    # G7: a die stays 1-6, so the row (1) may go up only and the column (6) down only
    assert game.legal_actions("p1") == [
        {"do": "shift", "axis": "row", "by": 1},
        *({"do": "set", "axis": "row", "face": f} for f in (2, 3, 4, 5, 6)),
        {"do": "shift", "axis": "col", "by": -1},
        *({"do": "set", "axis": "col", "face": f} for f in (1, 2, 3, 4, 5)),
        {"do": "done"},
    ]
    events = act(game, "p1", {"do": "shift", "axis": "row", "by": 1})
    assert said(events, "S3") == ["Kagerou (p1) spends 2 SP: row 1 -> 2"]
    act(game, "p1", {"do": "set", "axis": "col", "face": 3})
    assert machine(game, "p1")["sp"] == 4 and game.state["attack"]["at"] == [2, 3]
    act(game, "p1", {"do": "shift", "axis": "col", "by": -1})  # G7: skills one after another
    assert machine(game, "p1")["sp"] == 2
    assert {"do": "set", "axis": "row", "face": 1} not in game.legal_actions("p1")
    act(game, "p1", {"do": "done"})
    assert step(game) == {"kind": "interrupt", "machine": "p2"}
    assert game.state["attack"]["roll"] == [1, 6] and game.state["attack"]["at"] == [2, 2]
    events = answer(game)
    assert "hit at 2-2" in said(events, "S6.3")


def test_s3_the_skills_stop_when_the_sp_runs_out_and_are_not_offered_below_2_sp() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    set_sp(game, "p1", 3)
    script_game(game, [3, 3])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    act(game, "p1", {"do": "shift", "axis": "col", "by": 1})
    assert step(game) == {"kind": "interrupt", "machine": "p2"}  # 1 SP left: no question
    assert game.state["attack"]["at"] == [3, 4]
    answer(game)
    end_turn(game)
    assert machine(game, "p1")["sp"] == 1 + 3 + 1  # no one attacked it: +3, then +1
    game = new(robots={"p1": "kagerou", "p2": "hien"})  # round 1: 1 SP
    script_game(game, [3, 3])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    assert step(game) == {"kind": "interrupt", "machine": "p2"}


def test_s6_3_then_the_defender_may_use_several_interrupts_at_once_g12() -> None:
    """The rulebook's example: the verniers at two cells each move the row down one, and
    together the hit goes down two rows and misses."""
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    script_game(game, [4, 3])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    assert step(game) == {"kind": "interrupt", "machine": "p2"}  # Hien's core is at 4-3
    offered = [(a["inst"], a["axis"], a["by"]) for a in game.legal_actions("p2") if "inst" in a]
    assert sorted(offered) == sorted(
        (inst, axis, by) for inst in ("5-3", "4-4") for axis in ("row", "col") for by in (-1, 1)
    )
    events = act(game, "p2", {"do": "interrupt", "inst": "5-3", "axis": "row", "by": -1})
    assert said(events, "S6.3") == ["Hien (p2) uses the Vernier at 5-3: row 4 -> 3"]
    assert cell(game, "p2", "5-3")["cut"]  # ✂1: cut when used (G11)
    assert {a.get("inst") for a in game.legal_actions("p2")} == {"4-4", None}
    act(game, "p2", {"do": "interrupt", "inst": "4-4", "axis": "row", "by": -1})
    assert game.legal_actions("p2") == [{"do": "done"}]
    events = act(game, "p2", {"do": "done"})
    assert said(events, "S6.3") == ["2-3: no cell there, the attack misses"]
    assert game.state["machines"]["p2"]["cells"]["4-3"]["cut"] is False
    seen = game.view("p1")["board"]["machines"]["p2"]["cells"]
    assert seen["5-3"]["item"] == seen["4-4"]["item"] == "vernier"  # declared (S6.3)
    assert "item" not in seen["4-3"]
    # each vernier works once: at the next attack there is nothing to interrupt with, and
    # Hien is asked all the same (G13)
    end_turn(game)
    script_game(game, [4, 3])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    act(game, "p1", {"do": "done"})
    assert game.legal_actions("p2") == [{"do": "done"}]


def test_s6_3_p7_a_hit_where_the_defender_has_no_live_cell_misses() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    events = attack(game, "5-2", "p2", [6, 6])  # never a cell of Hien
    assert said(events, "S6.3") == ["6-6: no cell there, the attack misses"]
    assert all(e.get("data", {}).get("machine") != "p2" for e in events)  # no ④, no ⑤
    end_turn(game)
    attack(game, "5-2", "p2", [3, 3])
    end_turn(game)
    events = attack(game, "5-2", "p2", [3, 3])  # already torn out
    assert said(events, "S6.3") == ["3-3: no cell there, the attack misses"]


def test_s6_3_g7_an_interrupt_may_move_the_hit_off_the_sheet_a_miss() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    script_game(game, [1, 2])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    act(game, "p2", {"do": "interrupt", "inst": "5-3", "axis": "row", "by": -1})
    events = act(game, "p2", {"do": "done"})
    assert said(events, "S6.3") == ["0-2: no cell there, the attack misses"]
    assert cell(game, "p2", "1-2")["gone"] is None
