"""The initial position of scenarios 6-8 and the campaign game, and their set-up (the scenario
book: forces in systems with their own Worlds or Outposts, monitors where their own Worlds are,
ground units in the planet boxes of their Worlds and Outposts or aboard transports)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.imperium.war.helpers import act, legal, war
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, SIDES, TERRAN, components
from wartable.games.imperium.war.setup import begin as setup_begin
from wartable.games.imperium.war.setup import new_war_state, place, places, waiting
from wartable.games.imperium.war.state import pool

C = components({})


def types_in_pool(state: State, side: str) -> Counter[str]:
    return Counter(state["units"][uid]["type"] for uid in waiting(state, side))


def kinds(state: State, side: str) -> Counter[str]:
    return Counter(C.ground[t].kind for t in types_in_pool(state, side).elements() if t in C.ground)


def test_sc6_the_markers_of_each_side() -> None:
    planets = war("s6", deployed=False)["war"]["planets"]
    worlds = {p for p, m in planets.items() if m["marker"] == "world"}
    assert {p for p in worlds if planets[p]["owner"] == TERRAN} == {
        "sol_1",
        "alpha_centauri_a",
        "alpha_centauri_b",
    }
    assert planets["sol_2"] == {"marker": "outpost", "owner": TERRAN}  # errata: Mars
    assert planets["nusku"] == {"marker": "outpost", "owner": IMPERIAL}
    assert len(planets) == 9 + 13


def test_sc6_15_0_prestige_5_the_budget_of_7_1_no_permission_i102_earth_s_stockpile() -> None:
    """Ruling I102: Earth starts with 10 resources in stock, the Imperium with none."""
    w = war("s6", deployed=False)["war"]
    assert (w["prestige"], w["budget"], w["permissions"]) == (5, 10, [])
    assert w["resources"] == {TERRAN: 10, IMPERIAL: 0}
    assert (w["turn"], w["war_turn"], w["phase"]) == (1, 1, "setup")


@pytest.mark.parametrize(("scenario", "budget"), [("s7", 14), ("s8", 22)])
def test_sc7_sc8_special_rules(scenario: str, budget: int) -> None:
    w = war(scenario, deployed=False)["war"]
    assert (w["prestige"], w["budget"]) == (4, budget)
    assert w["permissions"] == ["CR", "CA", "B1", "B2", "BB"]


def test_campaign_is_set_up_as_scenario_6() -> None:
    campaign, s6 = war("campaign", deployed=False), war("s6", deployed=False)
    assert campaign["war"]["planets"] == s6["war"]["planets"]
    assert campaign["war"]["resources"] == s6["war"]["resources"]
    assert campaign["units"] == s6["units"]  # the same seed draws the same troops
    assert campaign["war"]["prestige"] == 5


def test_sc6_the_forces_come_out_of_the_counter_mix() -> None:
    state = war("s6", deployed=False)
    imperial = types_in_pool(state, IMPERIAL)
    assert {t: n for t, n in imperial.items() if t in C.ships} == {
        "imperial_cr": 1,
        "imperial_cl": 2,
        "imperial_dd": 4,
        "imperial_sc": 2,
        "imperial_m": 1,
        "imperial_tr": 5,
    }
    assert kinds(state, IMPERIAL) == {"battery": 3, "infantry": 3, "drop": 1}
    assert kinds(state, TERRAN) == {"battery": 2, "infantry": 2, "drop": 1}


def test_sc7_9_0_ten_troops_drawn_from_every_infantry_and_drop_troops_counter() -> None:
    seen: set[str] = set()
    for seed in range(8):
        state = war("s7", seed, deployed=False)
        troops = kinds(state, TERRAN)
        assert troops["infantry"] + troops["drop"] == 10 and troops["battery"] == 6
        seen |= {k for k in troops if troops[k] and k != "battery"}
    assert seen == {"infantry", "drop"}


def test_sc8_every_troop_counter_is_in_play() -> None:
    state = war("s8", deployed=False)
    for side in SIDES:
        drawn = Counter(t for t in types_in_pool(state, side).elements() if t in C.ground)
        cup = Counter(C.counters(side, "infantry") + C.counters(side, "drop"))
        assert {t: n for t, n in drawn.items() if C.ground[t].kind != "battery"} == cup


def test_9_0_d_1_the_draw_is_said_to_its_owner_only() -> None:
    ctx = scripted([], seed=5)
    new_war_state(ctx, {"data": {}, "scenario": "s6"})
    draws = [e for e in ctx.events if e.get("rule") == "9.0"]
    assert sorted(e["to"][0] for e in draws) == [IMPERIAL, IMPERIAL, TERRAN, TERRAN]


def first(state: State, side: str, type_id: str) -> str:
    return next(uid for uid in waiting(state, side) if state["units"][uid]["type"] == type_id)


def test_sc6_ships_set_up_in_systems_with_their_own_worlds_or_outposts() -> None:
    state = war("s6", deployed=False)
    assert places(state, first(state, TERRAN, "terran_dd")) == [
        "system:sol",
        "system:alpha_centauri_a",
        "system:alpha_centauri_b",
        "system:proxima_centauri",
        "system:barnards_star",
        "system:hades",
        "system:junction",
        "system:midway",
    ]


def test_sc6_11_8_monitors_only_in_the_planet_boxes_of_systems_with_own_worlds() -> None:
    state = war("s6", deployed=False)
    assert places(state, first(state, TERRAN, "terran_m")) == [
        "box:sol_1",
        "box:sol_2",
        "box:alpha_centauri_a",
        "box:alpha_centauri_b",
    ]


def test_sc7_e_4_imperial_monitors_where_imperial_worlds_are() -> None:
    state = war("s7", deployed=False)
    boxes = places(state, first(state, IMPERIAL, "imperial_m"))
    assert "box:dingir" in boxes and "box:nusku" in boxes
    assert "box:sol_1" not in boxes and "box:procyon" not in boxes  # an Imperial outpost


def test_sc6_11_7_ground_units_only_in_boxes_that_take_them() -> None:
    state = war("s6", deployed=False)
    battery = places(state, first(state, TERRAN, "terran_battery"))
    assert "box:sol_1" in battery and "box:hades" in battery
    assert "box:midway" not in battery and "box:proxima_centauri" not in battery  # X1
    infantry = next(
        u for u in waiting(state, TERRAN) if state["units"][u]["type"].startswith("terran_inf")
    )
    assert [p for p in places(state, infantry) if p.startswith("box:")] == [
        "box:sol_1",
        "box:alpha_centauri_a",
        "box:alpha_centauri_b",
    ]  # type A only


def test_11_7_i8_midway_holds_5_units() -> None:
    state = war("s7", deployed=False)
    fighters = [u for u in waiting(state, TERRAN) if state["units"][u]["type"] == "terran_f"]
    for uid in fighters[:5]:
        place(state, uid, "box:midway")
    assert "box:midway" not in places(state, fighters[5])


def test_11_5_ground_units_go_aboard_transports_already_set_up_one_each() -> None:
    state = war("s6", deployed=False)
    tr = first(state, TERRAN, "terran_tr")
    battery = first(state, TERRAN, "terran_battery")
    assert f"aboard:{tr}" not in places(state, battery)
    place(state, tr, "system:junction")
    assert f"aboard:{tr}" in places(state, battery)
    place(state, battery, f"aboard:{tr}")
    assert state["units"][battery] == {
        "type": "terran_battery",
        "side": TERRAN,
        "damaged": False,
        "at": None,
        "aboard": tr,
    }
    other = first(state, TERRAN, "terran_battery")
    assert f"aboard:{tr}" not in places(state, other)


def test_q3_a_new_fleet_marker_in_each_system_a_ship_is_set_up_in() -> None:
    state = war("s6", deployed=False)
    for system in ("sol", "sol", "midway"):
        place(state, first(state, TERRAN, "terran_sc"), f"system:{system}")
    assert state["war"]["fleets"] == {
        "TF1": {"side": TERRAN, "system": "sol", "moved": False},
        "TF2": {"side": TERRAN, "system": "midway", "moved": False},
    }


def test_q4_no_new_fleet_without_an_unused_marker() -> None:
    """Scenario 8's Earth holds 29 systems; its 12 fleet markers are soon all out."""
    state = war("s8", deployed=False)
    systems = places(state, first(state, TERRAN, "terran_dd"))
    assert len(systems) == 29
    for system in systems[:12]:
        place(state, first(state, TERRAN, "terran_dd"), system)
    assert places(state, first(state, TERRAN, "terran_sc")) == systems[:12]


@pytest.mark.parametrize("scenario", ["s6", "s7", "s8", "campaign"])
def test_deploy_sets_up_every_unit(scenario: str) -> None:
    state = war(scenario)
    assert not [u for u in state["units"].values() if u["at"] in (pool(TERRAN), pool(IMPERIAL))]


def test_sc6_i106_the_set_up_as_decisions_earth_first_then_the_first_turn() -> None:
    ctx, state = scripted([3, 4]), war("s6", deployed=False)
    setup_begin(state)
    first_unit = waiting(state, TERRAN)[0]
    assert legal(state, IMPERIAL) == []
    assert legal(state, TERRAN)[0] == {"place": first_unit, "at": "system:sol"}
    act(ctx, state, TERRAN, {"place": first_unit, "at": "system:midway"})
    act(ctx, state, TERRAN, {"deploy": True})
    assert state["step"] == {"kind": "setup", "side": IMPERIAL}
    act(ctx, state, IMPERIAL, {"deploy": True})
    assert state["war"]["fleets"]["TF1"]["system"] == "midway"
    assert state["war"]["phase"] == "appeal"  # the first turn's Interference rolled a 7
