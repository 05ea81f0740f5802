"""Rule 30.4: the Axis attack, with scripted dice (ruling S51)."""

from __future__ import annotations

from games.zeta.helpers import game, open_phase, put
from support.dice import script_game
from wartable.engine import Game


def axis_at(g: Game, at: str, level: int = 3) -> None:
    g.state["bases"]["axis"].update(at=at, level=level)
    for unit in g.state["units"].values():
        if unit["at"] == "box:belt":
            unit["at"] = "factory"
    for character in g.state["characters"].values():
        if character["at"] == "box:belt":
            character["at"] = "space:O5"
    g.state["bases"]["axis"]["at"] = at


def test_30_4_1_30_4_3_the_attack_comes_after_the_orders_and_before_combat() -> None:
    g = game()
    axis_at(g, "space:K5")  # Side 5, an AEUG political base
    put(g, "aeug", "gm2", "space:K5")
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    assert g.state["step"]["kind"] == "axis_attack"
    assert g.legal_actions("neo_zeon") == [{"axis_attack": "side5"}, {"axis_attack": None}]
    g.apply("neo_zeon", {"axis_attack": None})  # 30.4.2: it may let it be
    assert g.state["step"]["kind"] != "axis_attack"


def test_30_4_4_30_4_5_30_4_6_the_target_and_axis_lose_levels() -> None:
    g = game()
    axis_at(g, "space:K5")
    g.state["bases"]["side5"]["level"] = 3
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    script_game(g, [3, 4])  # target -2 (30.4.4), Axis -1 (30.4.5)
    g.apply("neo_zeon", {"axis_attack": "side5"})
    assert g.state["bases"]["side5"]["level"] == 1
    assert g.state["bases"]["axis"]["level"] == 2


def test_30_4_6_a_base_below_level_0_is_destroyed_for_ever() -> None:
    g = game()
    axis_at(g, "space:K5")
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    script_game(g, [1, 6])  # Side 5 at level 1 loses 3; Axis unharmed
    g.apply("neo_zeon", {"axis_attack": "side5"})
    assert "side5" not in g.state["bases"]
    assert g.state["bases"]["axis"]["level"] == 3


def test_30_4_6_exactly_0_is_neutral() -> None:
    g = game()
    axis_at(g, "space:K5")
    g.state["bases"]["side5"]["level"] = 2
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    script_game(g, [4, 6])  # -2
    g.apply("neo_zeon", {"axis_attack": "side5"})
    assert g.state["bases"]["side5"] == {"owner": None, "level": 0, "at": "space:K5"}


def test_30_4_7_s51_granada_hurts_axis_one_step_more_and_pins_it() -> None:
    g = game()
    axis_at(g, "space:M5")
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    script_game(g, [6, 6])  # Granada -1; Axis -1 (a 6 is no damage, one step worse)
    g.apply("neo_zeon", {"axis_attack": "granada"})
    assert g.state["bases"]["granada"]["level"] == 2
    assert g.state["bases"]["axis"]["level"] == 2 and g.state["bases"]["axis"]["stuck"]
    open_phase(g, "neo_zeon", "space")
    assert not any("shift" in a for a in g.legal_actions("neo_zeon"))  # it never moves again


def test_30_4_1_30_4_7_s61_a_stuck_axis_still_attacks_where_it_stays() -> None:
    g = game()
    axis_at(g, "space:M5")
    g.state["bases"]["axis"]["stuck"] = True  # it attacked Granada before (30.4.7)
    open_phase(g, "neo_zeon", "space")
    assert not any("shift" in a for a in g.legal_actions("neo_zeon"))  # 30.4.7: no move
    g.apply("neo_zeon", {"end": True})
    assert g.legal_actions("neo_zeon") == [{"axis_attack": "granada"}, {"axis_attack": None}]
    script_game(g, [6, 2])  # Granada -1; Axis -3 (2 is -2, one step worse)
    g.apply("neo_zeon", {"axis_attack": "granada"})  # 30.4.1: it did not move
    assert g.state["bases"]["granada"]["level"] == 2
    assert g.state["bases"]["axis"]["level"] == 0 and g.state["bases"]["axis"]["stuck"]


def test_30_4_7_s51_a_1_against_von_braun_destroys_axis_and_strands_its_units() -> None:
    g = game()
    axis_at(g, "space:L5")
    gaza = put(g, "neo_zeon", "gaza_c", "space:L5")
    argama = put(g, "aeug", "argama", "space:L5")
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    script_game(g, [6, 1])
    g.apply("neo_zeon", {"axis_attack": "von_braun"})
    assert "axis" not in g.state["bases"]  # -4 from level 3
    # 15.7: alone in space, where another faction's units keep it from standing at Von Braun
    assert g.state["units"][gaza]["at"] == "factory"
    assert g.state["units"][argama]["at"] == "space:L5"


def test_30_4_1_no_attack_where_axis_is_alone() -> None:
    g = game()
    axis_at(g, "space:O5")
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    assert g.state["step"] is None or g.state["step"]["kind"] != "axis_attack"
