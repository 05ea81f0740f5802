"""Interstellar movement in an activation (rules 11.0-11.8, 10.0, Q7, Q12, 16.0)."""

from __future__ import annotations

from games.imperium.war.helpers import act, activated, empty, fleet_in, land, legal, mark
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.state import add_unit, units_at
from wartable.games.imperium.war.movement import max_jumps
from wartable.games.imperium.war.state import box


def home() -> State:
    state = empty("s6")
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "sol_2", "outpost", TERRAN)
    mark(state, "dingir", "world", IMPERIAL)
    return state


def jumps_of(state: State, *types: str, damaged: bool = False) -> int:
    number = fleet_in(state, TERRAN, "sol", *types)
    if damaged:
        for uid in units_at(state, f"fleet:{number}"):
            state["units"][uid]["damaged"] = True
    return max_jumps(state, number)


def test_11_1_light_5_capital_4_non_warships_3() -> None:
    assert jumps_of(home(), "terran_dd") == 5
    assert jumps_of(home(), "terran_bb") == 4
    assert jumps_of(home(), "terran_tr") == 3


def test_11_1_a_mixed_fleet_moves_at_its_slowest_ship() -> None:
    assert jumps_of(home(), "terran_dd", "terran_bb", "terran_at") == 3


def test_11_1_a_damaged_ship_jumps_one_less() -> None:
    assert jumps_of(home(), "terran_dd", damaged=True) == 4
    assert jumps_of(home(), "terran_at", damaged=True) == 2


def test_11_0_11_6_fighters_and_monitors_do_not_jump_unless_carried() -> None:
    state = home()
    assert jumps_of(state, "terran_f") == 0
    assert jumps_of(state, "terran_m") == 0
    number = fleet_in(state, TERRAN, "sol", "terran_cv")
    carrier = units_at(state, f"fleet:{number}")[0]
    add_unit(state, TERRAN, "terran_f", f"fleet:{number}")
    assert max_jumps(state, number) == 0  # a loose fighter holds the fleet
    fighter = units_at(state, f"fleet:{number}")[1]
    state["units"][fighter].update(at=None, aboard=carrier)
    assert max_jumps(state, number) == 5


def test_11_1_a_fleet_jumps_star_by_star_along_the_routes_then_is_turned_sideways() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    ctx = activated(state, "sol")
    assert {"jump": number, "to": "barnards_star"} in legal(state, TERRAN)
    assert {"jump": number, "to": "hades"} not in legal(state, TERRAN)  # no route from Sol
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    act(ctx, state, TERRAN, {"jump": number, "to": "hades"})
    act(ctx, state, TERRAN, {"halt": number})
    fleet = state["war"]["fleets"][number]
    assert (fleet["system"], fleet["moved"]) == ("hades", True)
    assert not [a for a in legal(state, TERRAN) if a.get("jump") == number]


def test_11_1_no_more_jumps_than_the_fleet_allows() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_tr")
    ctx = activated(state, "sol")
    for there in ("alpha_centauri_a", "alpha_centauri_b", "proxima_centauri"):
        act(ctx, state, TERRAN, {"jump": number, "to": there})
    assert legal(state, TERRAN) == [{"halt": number}]


def test_11_2_a_fleet_entering_a_star_without_planets_stops() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "sirius"})
    assert legal(state, TERRAN) == [{"halt": number}]


def test_11_3_contact_reveals_warships_and_starts_a_space_battle() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    enemy = fleet_in(state, IMPERIAL, "barnards_star", "imperial_cl")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    assert state["war"]["disclosed"] == {enemy: True}
    assert state["battle"]["kind"] == "space"  # part 1's battle, set up by 12.2
    assert [g["fleet"] for g in state["battle"]["groups"]] == [f"fleet:{enemy}", f"fleet:{number}"]


def test_11_3_only_fighters_scouts_auxiliaries_the_mover_chooses_and_may_go_on() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    enemy = fleet_in(state, IMPERIAL, "barnards_star", "imperial_sc", "imperial_tr")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    assert state["war"]["disclosed"] == {enemy: False}
    assert legal(state, TERRAN) == [{"contact": "fight"}, {"contact": "ignore"}]
    act(ctx, state, TERRAN, {"contact": "ignore"})
    assert {"jump": number, "to": "hades"} in legal(state, TERRAN)  # 11.3: continue moving


def test_11_3_choosing_to_fight_the_scouts_starts_the_battle() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    fleet_in(state, IMPERIAL, "barnards_star", "imperial_sc")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    act(ctx, state, TERRAN, {"contact": "fight"})
    assert state["battle"]["kind"] == "space"


def test_11_3_q7_a_lone_monitor_in_a_planet_box_stops_a_fleet_and_fights() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    mark(state, "barnards_star", "world", IMPERIAL)
    monitor = land(state, IMPERIAL, "barnards_star", "imperial_m")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    assert monitor in state["battle"]["groups"][0]["units"]


def test_11_3_i117_a_planet_alone_does_not_stop_a_fleet() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    mark(state, "barnards_star", "outpost", IMPERIAL)
    land(state, IMPERIAL, "barnards_star", "imperial_battery")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    assert {"jump": number, "to": "hades"} in legal(state, TERRAN)


def test_11_4_the_mover_fights_every_enemy_fleet_there_in_one_battle() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    a = fleet_in(state, IMPERIAL, "barnards_star", "imperial_cl")
    b = fleet_in(state, IMPERIAL, "barnards_star", "imperial_dd")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    fleets = [g["fleet"] for g in state["battle"]["groups"]]
    assert fleets == [f"fleet:{a}", f"fleet:{b}", f"fleet:{number}"]


def test_16_0_i117_in_peace_no_fleet_enters_a_system_with_an_enemy_world() -> None:
    state = home()
    state["war"]["peace"] = 5
    mark(state, "barnards_star", "outpost", IMPERIAL)
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    ctx = activated(state, "sol")
    assert {"jump": number, "to": "barnards_star"} not in legal(state, TERRAN)
    assert {"jump": number, "to": "junction"} in legal(state, TERRAN)
    assert ctx


def test_q12_combining_or_splitting_counts_as_the_fleets_move() -> None:
    state = home()
    a = fleet_in(state, TERRAN, "sol", "terran_dd", "terran_cl")
    b = fleet_in(state, TERRAN, "sol", "terran_sc")
    ctx = activated(state, "sol")
    dd = units_at(state, f"fleet:{a}")[0]
    act(ctx, state, TERRAN, {"regroup": dd, "to": b})
    assert state["units"][dd]["at"] == f"fleet:{b}"
    assert not [x for x in legal(state, TERRAN) if "jump" in x]  # neither may move now
    cl = units_at(state, f"fleet:{a}")[0]
    act(ctx, state, TERRAN, {"regroup": cl, "to": b})  # regrouping may go on
    assert a not in state["war"]["fleets"]  # an empty fleet gives its marker back


def test_q3_splitting_off_a_new_fleet_costs_a_free_marker_only() -> None:
    state = home()
    a = fleet_in(state, TERRAN, "sol", "terran_dd", "terran_cl")
    ctx = activated(state, "sol")
    dd = units_at(state, f"fleet:{a}")[0]
    act(ctx, state, TERRAN, {"regroup": dd, "to": "new"})
    new = state["units"][dd]["at"].partition(":")[2]
    assert new != a and state["war"]["fleets"][new]["system"] == "sol"


def test_11_5_loading_is_the_fleets_action_one_unit_a_transport() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_tr")
    tr = units_at(state, f"fleet:{number}")[0]
    a = land(state, TERRAN, "sol_1", "terran_infantry_3")
    b = land(state, TERRAN, "sol_1", "terran_infantry_4")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"load": a, "onto": tr})
    assert state["units"][a]["aboard"] == tr
    assert state["war"]["fleets"][number]["moved"]  # no move after loading
    assert {"load": b, "onto": tr} not in legal(state, TERRAN)


def test_11_5_an_at_loads_drop_troops_and_moves_in_one_action() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_at")
    at = units_at(state, f"fleet:{number}")[0]
    drop = land(state, TERRAN, "sol_1", "terran_drop_4")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"load": drop, "onto": at})
    assert {"jump": number, "to": "junction"} in legal(state, TERRAN)


def test_11_5_11_7_unloading_into_a_planet_box_that_takes_the_unit() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "sol", "terran_tr")
    tr = units_at(state, f"fleet:{number}")[0]
    inf = add_unit(state, TERRAN, "terran_infantry_3", None)  # type: ignore[arg-type]
    state["units"][inf]["aboard"] = tr
    ctx = activated(state, "sol")
    assert {"unload": inf, "to": "sol_1"} in legal(state, TERRAN)
    assert {"unload": inf, "to": "sol_2"} not in legal(state, TERRAN)  # 11.7: N2, no infantry
    act(ctx, state, TERRAN, {"unload": inf, "to": "sol_1"})
    assert state["units"][inf]["at"] == box("sol_1")
    assert state["war"]["fleets"][number]["moved"]


def test_9_0_i118_an_outpost_unloaded_on_an_empty_planet_becomes_its_marker() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "junction", "terran_tr")
    tr = units_at(state, f"fleet:{number}")[0]
    outpost = add_unit(state, TERRAN, "outpost", None)  # type: ignore[arg-type]
    state["units"][outpost]["aboard"] = tr
    ctx = activated(state, "junction")
    act(ctx, state, TERRAN, {"unload": outpost, "to": "junction"})
    assert state["war"]["planets"]["junction"] == {"marker": "outpost", "owner": TERRAN}
    assert outpost not in state["units"]


def test_11_0_11_8_a_monitor_changes_planet_box_within_its_star() -> None:
    state = home()
    monitor = land(state, TERRAN, "sol_1", "terran_m")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"shift": monitor, "to": "sol_2"})
    assert state["units"][monitor]["at"] == box("sol_2")
    assert not [a for a in legal(state, TERRAN) if a.get("shift") == monitor]  # once


def test_10_0_13_0_a_fleet_that_moved_cannot_attack_a_planet_that_segment() -> None:
    state = home()
    mark(state, "barnards_star", "outpost", IMPERIAL)
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    act(ctx, state, TERRAN, {"halt": number})
    act(ctx, state, TERRAN, {"done": True})
    act(ctx, state, IMPERIAL, {"pass": True})
    assert {"activate": "barnards_star"} not in legal(state, TERRAN)


def test_11_2_e_18_the_10_0_examples_fleet_for_epsilon_eridani_stops_at_sirius() -> None:
    state = home()
    number = fleet_in(state, TERRAN, "procyon", "terran_dd")
    ctx = activated(state, "procyon")
    act(ctx, state, TERRAN, {"jump": number, "to": "sirius"})
    assert {"jump": number, "to": "epsilon_eridani"} not in legal(state, TERRAN)
