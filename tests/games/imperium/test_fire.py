"""Rules 12.6 (beams), 12.7 (torpedoes and countermeasures), 12.8 (damage) and 12.3's end of a
battle as soon as a side is gone, with the dice fixed."""

from __future__ import annotations

from games.imperium.helpers import C, begun, fight
from support.dice import script_game
from wartable.engine import Game
from wartable.games.imperium import beams, damage, fire, torpedoes
from wartable.games.imperium.flow import settled

BEAMS, TORPEDOES = 2, 3  # indexes of 12.3's steps 4 and 5 in battle.ROUND


def start(g: Game, weapon: str, faces: list[int]) -> None:
    script_game(g, faces)
    begun(g, fire.begin(g._ctx, g.state, weapon))


def test_12_6_beams_hit_on_4_to_6_in_the_area_on_6_beside_it_capital_ships_2_away() -> None:
    cl, bb = C.ship("terran", "CL"), C.ship("terran", "BB")
    assert [beams.to_hit(cl, d) for d in range(4)] == [4, 6, None, None]
    assert [beams.to_hit(bb, d) for d in range(4)] == [4, 6, 6, None]


def test_12_7_torpedoes_hit_on_5_6_up_to_1_area_on_6_at_2_or_3() -> None:
    tb = C.ship("terran", "TB")
    assert [torpedoes.to_hit(tb, d) for d in range(5)] == [5, 5, 6, 6, None]


def test_12_6_the_player_without_the_initiative_fires_first_and_the_damage_is_simultaneous() -> (
    None
):
    g = fight(("terran", "terran_cl", "224"), ("imperial", "imperial_dd", "224"), at=BEAMS)
    start(g, "beams", [4, 1, 2, 3, 4])
    assert g.state["step"] == {"kind": "fire", "side": "imperial", "weapon": "beams"}
    assert g.legal_actions("imperial") == [{"fire": "I1", "at": "T1"}, {"done": True}]
    g.apply("imperial", {"fire": "I1", "at": "T1"})  # its one die: a 4 hits in the area
    assert g.state["battle"]["fire"]["hits"] == {"T1": 1}
    assert not g.state["units"]["T1"]["damaged"]  # not yet: fire is simultaneous
    g.apply("terran", {"fire": "T1", "at": "I1"})  # the CL's 4 dice, one 4
    assert g.state["units"]["T1"]["damaged"] and g.state["units"]["I1"]["damaged"]
    rolls = [(e["by"], e["dice"], e["rule"]) for e in g.events if e["kind"] == "roll"]
    assert rolls[-2:] == [("imperial", [4], "12.6"), ("terran", [1, 2, 3, 4], "12.6")]
    assert g.state["step"]["weapon"] == "torpedoes"  # the battle goes on to step 5


def test_12_6_i25_one_target_a_ship_a_capital_ship_may_split_its_dice_between_two() -> None:
    g = fight(
        ("terran", "terran_bb", "224"),
        ("terran", "terran_cl", "224"),
        ("imperial", "imperial_dd", "224"),
        ("imperial", "imperial_dd", "234"),
        initiative="imperial",
        at=BEAMS,
    )
    start(g, "beams", [])
    legal = g.legal_actions("terran")
    assert {"fire": "T1", "at": "I1", "dice": 8} in legal and {"fire": "T1", "at": "I2"} in legal
    assert not any(a.get("fire") == "T2" and "dice" in a for a in legal)  # a CL cannot split
    g.apply("terran", {"fire": "T1", "at": "I1", "dice": 3})
    assert [a for a in g.legal_actions("terran") if a.get("fire") == "T1"] == [
        {"fire": "T1", "at": "I2"}  # the other 6 dice, at another target only
    ]
    assert g.describe("terran", {"fire": "T1", "at": "I2"})["en"] == "BB T1 fires beams at DD I2"


def test_12_7_i26_each_6_of_the_targets_countermeasures_cancels_a_torpedo_hit() -> None:
    g = fight(
        ("terran", "terran_tb", "224"),
        ("imperial", "imperial_ca", "244"),
        initiative="imperial",
        at=TORPEDOES,
    )
    # the TB's 5 torpedoes at 2 areas hit on a 6: three hits; the CA's 3 CM dice save two
    start(g, "torpedoes", [6, 6, 6, 5, 1, 6, 2, 6])
    g.apply("terran", {"fire": "T1", "at": "I1"})
    assert g.state["battle"]["fire"]["hits"] == {"I1": 1}
    cm = [e for e in g.events if e["kind"] == "roll"][-1]
    assert (cm["by"], cm["dice"], cm["rule"]) == ("imperial", [6, 2, 6], "12.7")
    g.apply("imperial", {"done": True})  # the CA holds its fire
    assert not g.state["units"]["I1"]["damaged"]  # 1 hit against a defence of 2


def test_12_8_hits_against_the_defence_and_massive_damage() -> None:
    g = fight(("terran", "terran_bb", "224"), ("imperial", "imperial_tr", "224"))
    state = g.state
    assert [damage.result(state, "T1", h) for h in (2, 3, 6, 8, 9)] == [
        None,
        "damaged",
        "damaged",  # 12.8's example: 6 hits on the BB (defence 3) only damage it
        "damaged",
        "destroyed",  # three times its defence: massive damage
    ]
    assert damage.result(state, "I1", 1) == "destroyed"  # a TR has no damaged side
    state["units"]["T1"]["damaged"] = True
    assert [damage.result(state, "T1", h) for h in (1, 2)] == [None, "destroyed"]  # I27


def test_12_8_beam_and_torpedo_hits_never_add_up() -> None:
    g = fight(("terran", "terran_bb", "224"), ("imperial", "imperial_dd", "224"))
    damage.apply(g._ctx, g.state, {"T1": 2}, "12.6")
    damage.apply(g._ctx, g.state, {"T1": 2}, "12.7")
    assert not g.state["units"]["T1"]["damaged"]  # 12.8's example: 2 + 2 against 3


def test_12_8_11_5_i28_a_destroyed_ship_leaves_the_game_with_what_it_carries() -> None:
    g = fight(
        ("terran", "terran_cv", "224"),
        ("terran", "terran_f", None),
        ("imperial", "imperial_dd", "224"),
    )
    damage.apply(g._ctx, g.state, {"T1": 6}, "12.7")
    assert set(g.state["units"]) == {"I1"}  # both counters are back in the mix
    assert g.state["battle"]["destroyed"]["terran"] == ["terran_cv", "terran_f"]
    assert g.events[-1]["msg"]["en"] == "CV T1 takes 6 hits: destroyed"


def test_12_3_i31_the_battle_ends_as_soon_as_a_side_has_no_ship_left() -> None:
    g = fight(("terran", "terran_cl", "224"), ("imperial", "imperial_dd", "224"), at=BEAMS)
    start(g, "beams", [1, 4, 4, 4, 1])
    g.apply("imperial", {"fire": "I1", "at": "T1"})
    g.apply("terran", {"fire": "T1", "at": "I1"})  # 3 hits: three times the DD's defence
    assert g.state["battle"]["outcome"]["rounds"] == 1
    assert g.state["battle"]["outcome"]["destroyed"]["imperial"] == ["imperial_dd"]
    # the winner scores its enemy ships destroyed (12.3): one DD
    assert g.result == {"winners": ["terran"], "scores": {"terran": 1, "imperial": 0}}


def test_sc4_i31_the_imperium_wins_as_soon_as_both_carriers_are_gone() -> None:
    g = fight(
        ("terran", "terran_cv", "224"),
        ("terran", "terran_cv", "224"),
        ("terran", "terran_dd", "224"),
        ("imperial", "imperial_ca", "244"),
    )
    g.state["scenario"] = "s4"
    assert not settled(g.state)
    damage.destroy(g.state, "T1")
    assert not settled(g.state)
    damage.destroy(g.state, "T2")
    assert settled(g.state)  # "play until one side wins" (Sc4): no need to wait for the end
    g.state["scenario"] = "s2"
    assert not settled(g.state)  # scenario 2 waits until a side is gone
