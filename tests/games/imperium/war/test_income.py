"""Income, connection and control (rules 7.0-7.4) as a player counts them at the table."""

from __future__ import annotations

from games.imperium.war.helpers import empty, fleet_in, land, mark, war
from support.dice import scripted
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war.connection import connected
from wartable.games.imperium.war.control import contested, controller, held
from wartable.games.imperium.war.income import begin as income_step
from wartable.games.imperium.war.income import collect, gain, income
from wartable.games.imperium.war.state import OUTPOST, WORLD


def test_7_2_sc6_earth_income() -> None:
    """10 from Sol, 8 from each of Alpha Centauri A and B, 1 from each of six outposts."""
    assert income(war("s6"), TERRAN) == 10 + 8 + 8 + 6


def test_7_1_sc6_imperial_income() -> None:
    """The budget of 10, 1 from each of six Worlds and seven connected outposts."""
    assert income(war("s6"), IMPERIAL) == 10 + 6 + 7


def test_7_1_sc7_sc8_the_scenario_s_budget() -> None:
    assert income(war("s7"), IMPERIAL) == 14 + 9 + 12
    assert income(war("s8"), IMPERIAL) == 22 + 3 + 3


def test_7_2_a_connected_world_gives_8_an_unconnected_one_6() -> None:
    """Tau Ceti's four routes lead to Imperial outposts and an Imperial fleet."""
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    mark(state, "tau_ceti", WORLD, TERRAN)
    for outpost in ("agidda", "epsilon_indi", "zaggisi"):
        mark(state, outpost, OUTPOST, IMPERIAL)
    fleet_in(state, IMPERIAL, "altair", "imperial_dd")
    assert connected(state, "alpha_centauri_a") and not connected(state, "tau_ceti")
    assert income(state, TERRAN) == 10 + 8 + 6


def test_7_2_sol_gives_10_connected_or_not() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    assert not connected(state, "sol_1")
    assert income(state, TERRAN) == 10


def test_7_1_imperial_worlds_give_1_connected_or_not_outposts_only_connected() -> None:
    """Tau Ceti is cut off by Terran outposts and a Terran fleet; Forlorn by a Terran outpost at
    Hades; Kinunir is next to Dingir."""
    state = empty()
    mark(state, "tau_ceti", WORLD, IMPERIAL)
    mark(state, "forlorn", OUTPOST, IMPERIAL)
    mark(state, "dingir", WORLD, IMPERIAL)
    mark(state, "kinunir", OUTPOST, IMPERIAL)
    for outpost in ("agidda", "epsilon_indi", "zaggisi", "hades"):
        mark(state, outpost, OUTPOST, TERRAN)
    fleet_in(state, TERRAN, "altair", "terran_dd")
    assert not connected(state, "tau_ceti") and not connected(state, "forlorn")
    assert connected(state, "kinunir")
    assert income(state, IMPERIAL) == 10 + 1 + 1 + 1


def test_7_3_connection_is_cut_by_an_enemy_outpost_on_the_way() -> None:
    """Forlorn's only route is to Hades."""
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "forlorn", OUTPOST, TERRAN)
    assert connected(state, "forlorn")
    mark(state, "hades", OUTPOST, IMPERIAL)
    assert not connected(state, "forlorn")
    assert income(state, TERRAN) == 10


def test_7_3_connection_is_cut_by_an_enemy_world_or_outpost_in_either_planet_box() -> None:
    """From Remulak every path runs through Sol or Procyon; Sol's Earth box is empty, its Mars
    box an Imperial outpost."""
    state = empty()
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    mark(state, "remulak", OUTPOST, TERRAN)
    mark(state, "procyon", OUTPOST, IMPERIAL)
    mark(state, "sol_2", OUTPOST, IMPERIAL)
    assert not connected(state, "remulak")
    del state["war"]["planets"]["sol_2"]
    assert connected(state, "remulak")


def test_7_3_connection_is_cut_by_an_enemy_fleet_but_not_in_peace() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "forlorn", OUTPOST, TERRAN)
    fleet_in(state, IMPERIAL, "hades", "imperial_sc")
    assert not connected(state, "forlorn")
    assert connected(state, "forlorn", fleets=False)  # 16.0: enemy fleets are ignored


def test_7_3_q7_a_lone_monitor_is_a_fleet_that_cuts_connection() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "forlorn", OUTPOST, TERRAN)
    land(state, IMPERIAL, "hades", "imperial_m")
    assert not connected(state, "forlorn")


def test_7_3_14_1_only_fleets_block_the_stockpile_s_route() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "forlorn", OUTPOST, TERRAN)
    mark(state, "hades", OUTPOST, IMPERIAL)
    assert connected(state, "forlorn", markers=False)


def test_7_3_i104_the_ends_of_the_path_are_not_checked() -> None:
    """Enemy fleets over the outpost itself and over the World it reaches do not cut it."""
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "junction", OUTPOST, TERRAN)
    fleet_in(state, IMPERIAL, "junction", "imperial_ca")
    fleet_in(state, IMPERIAL, "sol", "imperial_ca")
    assert connected(state, "junction")


def test_7_3_i104_an_outpost_beside_a_friendly_world_is_connected() -> None:
    """Mars shares Sol with Earth: connected whatever stands around Sol."""
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "sol_2", OUTPOST, TERRAN)
    for system in ("alpha_centauri_a", "barnards_star", "sirius", "junction"):
        fleet_in(state, IMPERIAL, system, "imperial_dd")
    assert connected(state, "sol_2")
    assert income(state, TERRAN) == 10 + 1


def test_7_3_i104_a_world_needs_another_world() -> None:
    state = empty()
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    assert not connected(state, "alpha_centauri_a")
    assert income(state, TERRAN) == 6


def test_7_3_i104_two_stars_of_one_hex_are_connected_to_each_other() -> None:
    state = empty()
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    mark(state, "alpha_centauri_b", WORLD, TERRAN)
    fleet_in(state, IMPERIAL, "sol", "imperial_dd")
    assert connected(state, "alpha_centauri_a") and connected(state, "alpha_centauri_b")
    assert income(state, TERRAN) == 8 + 8


def test_7_4_i105_control_follows_the_marker() -> None:
    """Scenario 6's outposts hold no unit; each is its marker's owner's."""
    state = war("s6")
    assert controller(state, "midway") == TERRAN and controller(state, "shruppak") == IMPERIAL
    assert controller(state, "procyon") is None  # no marker: nobody's
    assert held(state, TERRAN, WORLD) == ["sol_1", "alpha_centauri_a", "alpha_centauri_b"]


def test_7_4_a_contested_planet_gives_nothing_and_is_nobody_s() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    land(state, TERRAN, "alpha_centauri_a", "terran_infantry_4")
    land(state, IMPERIAL, "alpha_centauri_a", "imperial_drop_5")
    assert contested(state, "alpha_centauri_a")
    assert controller(state, "alpha_centauri_a") is None
    assert income(state, TERRAN) == 10


def test_7_4_i105_fighters_do_not_contest_a_planet() -> None:
    state = empty()
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    land(state, TERRAN, "alpha_centauri_a", "terran_battery")
    land(state, IMPERIAL, "alpha_centauri_a", "imperial_f")
    assert not contested(state, "alpha_centauri_a")
    assert controller(state, "alpha_centauri_a") == TERRAN


def test_7_3_i105_a_contested_planet_neither_blocks_nor_connects() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "forlorn", OUTPOST, TERRAN)
    mark(state, "hades", OUTPOST, IMPERIAL)
    land(state, IMPERIAL, "hades", "imperial_battery")
    land(state, TERRAN, "hades", "terran_drop_4")
    assert connected(state, "forlorn")


def test_b_2_i107_a_recession_takes_10_never_below_1_for_3_turns() -> None:
    state = empty()
    mark(state, "dingir", WORLD, IMPERIAL)
    state["war"]["recession"] = 3
    assert income(state, IMPERIAL) == 1  # 10 + 1 - 10
    state["war"]["budget"] = 5
    assert income(state, IMPERIAL) == 1  # never below 1
    state["war"]["budget"] = 22
    for _ in range(3):
        assert collect(state)[IMPERIAL] == 13
    assert state["war"]["recession"] == 0
    assert collect(state)[IMPERIAL] == 23


def test_7_0_i103_the_stockpile_stops_at_99() -> None:
    state = empty()
    state["war"]["resources"][TERRAN] = 95
    assert gain(state, TERRAN, 10) == 4
    assert state["war"]["resources"][TERRAN] == 99


def test_4_0_the_income_step_fills_the_stockpiles_and_reinforcements_follow() -> None:
    ctx, state = scripted([]), war("s6")
    state["war"]["phase"] = "income"
    income_step(ctx, state)
    assert state["war"]["resources"] == {TERRAN: 10 + 32, IMPERIAL: 23}  # I102: Earth's 10 in stock
    said = [e for e in ctx.events if e.get("rule") == "7.0"]
    assert (
        "to" not in said[0] and said[0]["msg"]["en"] == "Terran receives 32; Imperial receives 23"
    )
    assert state["war"]["phase"] == "construction"  # no reinforcements due: on to building
