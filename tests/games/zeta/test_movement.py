"""Rules 12 (who acts with a Space or Ground card, the orders), 13 (movement) and 15.1-15.3
(carrying), with 30.3.4 (the Asteroid Belt box), 32.1.2 and 32.1.6 (Side 3 closed to the AEUG
and Titans) and 33.3 (the Jupiter fleet enters); rulings S14, S31-S33, S38."""

from __future__ import annotations

import pytest

from games.zeta.helpers import FIRST_FLEET, game, legal, open_phase, put, units_of
from wartable.engine import Game, IllegalAction

FLEET = "space:C5"  # the AEUG 1st Fleet (rule 38)


def argama(g: Game) -> str:
    return units_of(g, "aeug", "argama", FLEET)[0]


def moves(g: Game, uid: str) -> dict[str, int]:
    """Where a unit may step now, with what each step leaves it (13.4-13.7)."""
    left = g.state["action"]["mp"]
    found = {}
    for action in legal(g, "move"):
        if action["move"] == uid:
            clone = g.clone()
            clone.apply(g.to_act[0], action)
            found[action["to"]] = clone.state["action"]["mp"][uid]
    assert uid not in left or all(v < left[uid] for v in found.values())
    return found


def test_12_2_12_3_a_card_moves_only_the_units_on_its_map() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    assert {g.state["units"][a["move"]]["at"] for a in legal(g, "move")} == {FLEET, "space:M5"}
    g = game()
    open_phase(g, "aeug", "ground")
    assert {g.state["units"][a["move"]]["at"] for a in legal(g, "move")} == {"ground:E3"}


def test_an_action_s_keys_may_come_in_any_order() -> None:
    g = game()
    g.apply("aeug", {"mass_produce": "gm2"})
    g.apply("aeug", {"for": "nemo", "refit": "gm2"})
    assert [u["type"] for u in g.state["units"].values() if u["at"] == "factory"] == ["nemo"]
    open_phase(g, "aeug", "space")
    ship = argama(g)
    g.apply("aeug", {"to": "space:C6", "move": ship})
    assert g.state["units"][ship]["at"] == "space:C6"


def test_13_2_13_4_a_ship_has_3_movement_points_and_each_hex_costs_1() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    ship = argama(g)
    for to in ("space:C6", "space:B6", "space:A6"):
        g.apply("aeug", {"move": ship, "to": to})
    assert g.state["action"]["mp"][ship] == 0 and moves(g, ship) == {}


def test_13_2_an_ms_has_2_and_moves_on_its_own_on_the_ground() -> None:
    g = game()
    open_phase(g, "aeug", "ground")
    gm = units_of(g, "aeug", "gm2", "ground:E3")[0]
    g.apply("aeug", {"move": gm, "to": "ground:E2"})
    g.apply("aeug", {"move": gm, "to": "ground:D2"})
    assert g.state["action"]["mp"][gm] == 0 and moves(g, gm) == {}


def test_13_5_13_7_another_faction_s_units_or_military_base_cost_one_more_never_two() -> None:
    g = game()
    put(g, "titans", "salamis_kai", "space:C4")
    open_phase(g, "aeug", "space")
    found = moves(g, argama(g))
    assert found["space:C4"] == 1  # 13.5: Titans units
    assert found["space:D4"] == 1  # 13.7: Green Noa with units: +1 only
    assert found["space:C6"] == 2


def test_13_6_only_another_faction_s_military_base_costs_more() -> None:
    g = game()
    aeug_gm = put(g, "aeug", "gm2", "ground:L2")
    titans_gm = put(g, "titans", "gm2", "ground:J2")
    open_phase(g, "aeug", "ground")
    assert moves(g, aeug_gm)["ground:K2"] == 0  # Odessa, a Titans military base: 2
    g.state["bases"]["odessa"].update(owner=None, level=0)
    g._legal = {}
    assert moves(g, aeug_gm)["ground:K2"] == 1  # a neutral military base: 1
    open_phase(g, "titans", "ground")
    assert moves(g, titans_gm)["ground:I2"] == 1  # Dublin, an AEUG political base: 1


def test_13_3_s38_points_are_the_unit_s_own_for_the_phase_and_steps_may_interleave() -> None:
    g = game()
    open_phase(g, "aeug", "ground")
    gm1, gm2 = units_of(g, "aeug", "gm2", "ground:E3")[:2]
    g.apply("aeug", {"move": gm1, "to": "ground:E2"})
    g.apply("aeug", {"move": gm2, "to": "ground:D2"})
    g.apply("aeug", {"move": gm1, "to": "ground:E1"})
    assert g.state["action"]["mp"] == {gm1: 0, gm2: 1}
    open_phase(g, "aeug", "ground")  # a new phase: full points again
    assert g.state["action"]["mp"] == {} and moves(g, gm1)


def test_13_11_no_limit_to_the_units_in_a_hex() -> None:
    g = game()
    for _ in range(20):
        put(g, "titans", "salamis_kai", "space:E5")
    open_phase(g, "titans", "space")
    alexandria = units_of(g, "titans", "alexandria", "space:D4")[0]
    g.apply("titans", {"move": alexandria, "to": "space:E5"})
    assert len([u for u in g.state["units"].values() if u["at"] == "space:E5"]) == 21


def test_13_8_in_space_an_ms_moves_only_aboard_a_ship() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    granada = {uid for uid, u in g.state["units"].items() if u["at"] == "space:M5"}
    movers = {a["move"] for a in legal(g, "move")} & granada
    assert {g.state["units"][uid]["type"] for uid in movers} == {"salamis_kai", "la_vie_en_rose"}


def test_13_9_an_ms_never_enters_the_ocean_but_a_ship_may() -> None:
    g = game()
    gm = put(g, "aeug", "gm2", "ground:F3")
    garuda = units_of(g, "aeug", "garuda", "ground:E3")[0]
    open_phase(g, "aeug", "ground")
    assert "ground:G4" not in moves(g, gm) and "ground:F4" in moves(g, gm)
    g.apply("aeug", {"move": garuda, "to": "ground:F3"})
    assert "ground:G4" in moves(g, garuda)  # no terrain bars a ship


def test_13_12_the_ground_map_s_edges_join() -> None:
    g = game()
    garuda = put(g, "aeug", "garuda", "ground:A4")
    open_phase(g, "aeug", "ground")
    assert moves(g, garuda)["ground:R4"] == 2


def test_15_2_s32_what_a_ship_carries_moves_with_it_and_its_move_is_made() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    ship = argama(g)
    g.apply("aeug", {"move": ship, "to": "space:B5"})
    riders = [uid for uid, u in g.state["units"].items() if u["carrier"] == ship]
    assert len(riders) == 4 and all(g.state["units"][u]["at"] == "space:B5" for u in riders)
    assert all(g.state["characters"][c]["at"] == "space:B5" for c in FIRST_FLEET)
    assert all(g.state["action"]["mp"][key] == 0 for key in [*riders, *FIRST_FLEET])


def test_s32_an_ms_goes_aboard_only_before_the_ship_moves() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    (salamis,) = units_of(g, "aeug", "salamis_kai", "space:M5")
    gm1, gm2 = units_of(g, "aeug", "gm2", "space:M5")
    g.apply("aeug", {"load": gm1, "on": salamis})
    g.apply("aeug", {"move": salamis, "to": "space:M4"})
    assert g.state["units"][gm1]["at"] == "space:M4"
    g.apply("aeug", {"move": salamis, "to": "space:M5"})  # back to Granada
    assert {"load": gm2, "on": salamis} not in legal(g, "load")
    g.apply("aeug", {"unload": gm1})  # at an own base it may stand alone (15.6)
    assert g.state["units"][gm1]["carrier"] is None and gm1 not in {
        a["move"] for a in legal(g, "move")
    }


def test_15_3_a_ship_carries_its_capacity_of_ms() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    (salamis,) = units_of(g, "aeug", "salamis_kai", "space:M5")  # carries 2
    gms = units_of(g, "aeug", "gm2", "space:M5") + units_of(g, "aeug", "nemo", "space:M5")
    g.apply("aeug", {"load": gms[0], "on": salamis})
    g.apply("aeug", {"load": gms[1], "on": salamis})
    assert not [a for a in legal(g, "load") if a["on"] == salamis]


def test_15_4_15_6_s32_an_ms_leaves_its_ship_only_where_it_may_stand_alone() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    assert legal(g, "unload") == []  # C5: a space hex without a base (15.4)
    (salamis,) = units_of(g, "aeug", "salamis_kai", "space:M5")
    gm = units_of(g, "aeug", "gm2", "space:M5")[0]
    g.apply("aeug", {"load": gm, "on": salamis})
    assert legal(g, "unload") == [{"unload": gm}]  # an own military base
    put(g, "titans", "hizack", "space:M5")
    assert legal(g, "unload") == []  # 15.6: not with another faction's units there


def test_13_10_characters_go_aboard_and_step_off_only_at_bases() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    assert legal(g, "alight") == []  # 13.10: C5 has no base
    boards = {a["on"] for a in legal(g, "board") if a["board"] == "blex"}
    assert boards == set()  # Blex pilots nothing (20.5); the Argama is the only ship
    mk2 = units_of(g, "aeug", "gundam_mk2", FLEET)[0]
    g.apply("aeug", {"board": "kamille_1", "on": mk2})
    assert {"board": "emma_1", "on": mk2} not in legal(g, "board")  # one per MS (20.5)
    g.apply("aeug", {"move": argama(g), "to": "space:C6"})
    assert g.state["characters"]["kamille_1"]["at"] == "space:C6"


def test_12_6_a_ship_carrying_an_ms_told_to_govern_may_not_move() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    (salamis,) = units_of(g, "aeug", "salamis_kai", "space:M5")
    gm = units_of(g, "aeug", "gm2", "space:M5")[0]
    g.state["bases"]["granada"]["level"] = 2  # (at level 3 there is nothing to govern)
    g.apply("aeug", {"load": gm, "on": salamis})
    g.apply("aeug", {"govern": gm, "base": "granada"})
    assert salamis not in {a["move"] for a in legal(g, "move")}


def test_30_3_4_no_unit_leaves_the_asteroid_belt_box() -> None:
    g = game()
    open_phase(g, "neo_zeon", "space")
    assert legal(g, "move") == []


def test_32_1_2_32_1_6_side3_is_closed_to_the_aeug_and_titans_until_neo_zeon_governs_it() -> None:
    g = game()
    ship = put(g, "aeug", "salamis_kai", "space:M4")
    zeon = put(g, "neo_zeon", "gwadan", "space:L3")
    open_phase(g, "aeug", "space")
    assert "space:M3" not in moves(g, ship)
    open_phase(g, "neo_zeon", "space")
    assert "space:M3" in moves(g, zeon)
    g.state["side3_open"] = True
    open_phase(g, "aeug", "space")
    assert "space:M3" in moves(g, ship)


def test_33_3_s14_the_jupiter_fleet_must_enter_in_a_titans_space_phase() -> None:
    g = game()
    jupitris = put(g, "titans", "jupitris", "box:jupiter")
    open_phase(g, "titans", "space")
    assert {"end": True} not in g.legal_actions("titans")
    with pytest.raises(IllegalAction):
        g.apply("titans", {"end": True})
    assert set(moves(g, jupitris)) == {"space:A4", "space:A5", "space:A6"}
    g.apply("titans", {"move": jupitris, "to": "space:A5"})
    assert "box:jupiter" not in moves(g, jupitris)  # 33.3: no way back
    assert {"end": True} in g.legal_actions("titans")
