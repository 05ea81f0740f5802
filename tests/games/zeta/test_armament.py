"""Rules 5-8: the armament phase: income (5.4, 30.2), reinforcements (5.2), spending (5.3, 5.5),
production (6), mass-production (7), refit (8) and voluntary destruction (5.6, 5.7)."""

from __future__ import annotations

import pytest

from games.zeta.helpers import FIRST_FLEET, at, finish_turn, game, restart
from wartable.engine import Game, IllegalAction
from wartable.games.zeta.state import stock


def ap(g: Game, faction: str) -> float:
    return g.view(faction)["board"]["ap"][faction]  # type: ignore[no-any-return]


def factory(g: Game, faction: str) -> dict[str, int]:
    return at(g.state, "factory", faction)


def test_5_4_10_ap_plus_the_bases_and_30_2_plus_6_for_axis_in_the_belt() -> None:
    g = game()
    assert (ap(g, "aeug"), ap(g, "titans"), ap(g, "neo_zeon")) == (26, 32, 22)


def test_30_2_no_belt_bonus_once_axis_has_left() -> None:
    g = game()
    g.state["bases"]["axis"]["at"] = "space:O5"
    g.state["bases"]["dakar"].update(owner="neo_zeon", level=2)  # and 5.4: a base's AP
    restart(g, turn=2)
    assert ap(g, "neo_zeon") == 10 + 6 + 1


def test_5_2_the_track_unlocks_messala_for_the_titans_on_turn_3() -> None:
    g = game()
    assert {"mass_produce": "messala"} not in g.legal_actions("titans")
    restart(g, turn=3)
    assert "messala" in g.state["permitted"]["titans"]
    assert {"mass_produce": "messala"} in g.legal_actions("titans")


def test_7_2_mass_production_costs_2_ap_and_adds_a_counter_to_the_factory() -> None:
    g = game()
    before = stock(g.state, "titans", "hizack")
    g.apply("titans", {"mass_produce": "hizack"})
    assert factory(g, "titans") == {"hizack": 1} and ap(g, "titans") == 30
    assert stock(g.state, "titans", "hizack") == before - 1


def test_7_3_only_permitted_types_may_be_mass_produced() -> None:
    g = game()
    with pytest.raises(IllegalAction):
        g.apply("aeug", {"mass_produce": "hizack"})
    assert {"mass_produce": "qubeley"} not in g.legal_actions("aeug")


def test_7_4_mass_production_stops_when_the_counters_run_out() -> None:
    g = game()
    assert stock(g.state, "neo_zeon", "qubeley") == 0  # Haman's one Qubeley is at Axis
    assert {"mass_produce": "qubeley"} not in g.legal_actions("neo_zeon")
    for _ in range(stock(g.state, "neo_zeon", "gwadan")):
        g.apply("neo_zeon", {"mass_produce": "gwadan"})
    assert {"mass_produce": "gwadan"} not in g.legal_actions("neo_zeon")


def test_6_2_production_costs_its_points_and_the_unit_waits_for_deployment() -> None:
    g = game()
    g.apply("neo_zeon", {"mass_produce": "gwadan"})
    g.apply("neo_zeon", {"produce": "gwadan"})
    assert ap(g, "neo_zeon") == 22 - 2 - 2 and factory(g, "neo_zeon") == {}
    assert at(g.state, "pending", "neo_zeon") == {"gwadan": 1}  # 9.1


def test_8_2_8_3_8_5_refit_swaps_a_factory_unit_for_a_stock_unit_at_half_a_point() -> None:
    g = game()
    g.apply("aeug", {"mass_produce": "gm2"})
    g.apply("aeug", {"refit": "gm2", "for": "salamis_kai"})  # an MS for a ship (8.5)
    assert factory(g, "aeug") == {"salamis_kai": 1} and ap(g, "aeug") == 23.5
    assert stock(g.state, "aeug", "gm2") == 12 - 5  # the GM II went back to the stock


def test_8_4_refit_takes_only_permitted_types() -> None:
    g = game()
    g.apply("titans", {"mass_produce": "gm2"})
    refits = [a["for"] for a in g.legal_actions("titans") if "refit" in a]
    assert sorted(refits) == ["alexandria", "galbaldy_beta", "garuda", "hizack", "salamis_kai"]


def test_5_3_5_5_spending_stops_at_the_points_and_what_is_left_is_lost() -> None:
    g = game()
    for type_id in ["nemo"] * 9 + ["gm2"] * 4:  # 26 AP
        g.apply("aeug", {"mass_produce": type_id})
    assert ap(g, "aeug") == 0
    spending = [a for a in g.legal_actions("aeug") if {"mass_produce", "produce", "refit"} & set(a)]
    assert spending == []
    with pytest.raises(IllegalAction):
        g.apply("aeug", {"produce": "nemo"})
    finish_turn(g)
    assert ap(g, "aeug") == 26  # turn 2: a fresh 26, nothing carried over


def test_5_6_a_destroyed_unit_goes_to_the_factory_and_may_be_produced_at_once() -> None:
    g = game()
    granada_gm = next(
        uid for uid, u in g.state["units"].items() if u["type"] == "gm2" and u["faction"] == "aeug"
    )
    g.apply("aeug", {"destroy": granada_gm})
    assert g.state["units"][granada_gm]["at"] == "factory" and ap(g, "aeug") == 26
    g.apply("aeug", {"produce": "gm2"})
    assert g.state["units"][granada_gm]["at"] == "pending"


def test_5_7_15_7_destroying_the_argama_in_space_strands_its_fleet() -> None:
    """C5 is a space hex without a base: the four MS cannot stand alone (15.4, 15.7, ruling
    S16), and the seven characters have no unit left to board (5.7)."""
    g = game()
    argama = next(uid for uid, u in g.state["units"].items() if u["type"] == "argama")
    g.apply("aeug", {"destroy": argama})
    assert at(g.state, "space:C5", "aeug") == {}
    assert factory(g, "aeug") == {"argama": 1, "gundam_mk2": 1, "rick_dias": 3}
    assert all(g.state["characters"][c]["at"] == "wounded:L" for c in FIRST_FLEET)


def test_5_7_a_character_reboards_another_own_unit_in_its_hex() -> None:
    """Ruling S16: first an own ship; without one, an MS it may board with no one aboard."""
    g = game()
    gm2 = [
        uid
        for uid, u in g.state["units"].items()
        if u["at"] == "space:C5" and u["type"] != "argama"
    ]
    g.state["characters"]["kamille_1"]["on"] = gm2[0]
    g.state["characters"]["blex"]["on"] = gm2[1]  # (Blex could not pilot it, 20.5)
    g._legal = {}
    g.apply("aeug", {"destroy": gm2[0]})
    argama = g.state["characters"]["quattro"]["on"]
    assert g.state["characters"]["kamille_1"]["on"] == argama


def test_5_7_a_character_alone_at_a_base_is_wounded_when_its_last_unit_goes() -> None:
    g = game()
    hickory = [uid for uid, u in g.state["units"].items() if u["at"] == "ground:E3"]
    for uid in hickory[:-1]:
        g.apply("aeug", {"destroy": uid})
        assert g.state["characters"]["hayato"]["at"] == "ground:E3"  # 15.6: he may stand alone
    g.apply("aeug", {"destroy": hickory[-1]})
    assert g.state["characters"]["hayato"]["at"] == "wounded:L"


def gm_aboard_salamis_at_granada(g: Game) -> tuple[str, str]:
    """A GM II carried by the Salamis Kai at Granada (space hex M5): (ship, MS)."""
    here = [uid for uid, u in g.state["units"].items() if u["at"] == "space:M5"]
    salamis = next(uid for uid in here if g.state["units"][uid]["type"] == "salamis_kai")
    gm = next(uid for uid in here if g.state["units"][uid]["type"] == "gm2")
    g.state["units"][gm]["carrier"] = salamis
    g._legal = {}
    return salamis, gm


def test_15_6_ms_carried_in_space_stay_at_an_own_base_when_their_ship_goes() -> None:
    g = game()
    salamis, gm = gm_aboard_salamis_at_granada(g)
    g.apply("aeug", {"destroy": salamis})
    assert g.state["units"][gm]["at"] == "space:M5" and g.state["units"][gm]["carrier"] is None


def test_15_6_not_while_enemy_units_are_in_the_hex() -> None:
    """Ruling S13: the enemy clause of 15.6 applies whenever existence is checked."""
    g = game()
    hizack = next(uid for uid, u in g.state["units"].items() if u["type"] == "hizack")
    g.state["units"][hizack]["at"] = "space:M5"
    salamis, gm = gm_aboard_salamis_at_granada(g)
    g.apply("aeug", {"destroy": salamis})
    assert g.state["units"][gm]["at"] == "factory"


def test_the_factions_arm_at_the_same_time_and_each_says_when_it_is_done() -> None:
    g = game()
    g.apply("titans", {"done": True})
    assert g.to_act == ("aeug", "neo_zeon") and not g.legal_actions("titans")
    g.apply("neo_zeon", {"done": True})
    g.apply("aeug", {"done": True})
    assert g.state["phase"] == "card"


def test_actions_are_said_in_both_languages() -> None:
    g = game()
    assert g.describe("titans", {"mass_produce": "hizack"}) == {
        "en": "mass-produce Hizack (2 AP)",
        "ja": "ハイザックを増産(2P)",
    }
    assert g.describe("aeug", {"refit": "gm2", "for": "nemo"})["en"] == (
        "refit GM II into Nemo (0.5 AP)"
    )
