"""Maintenance, scrapping and repair (rule 14), with the dice fixed."""

from __future__ import annotations

from games.imperium.war.helpers import act, empty, fleet_in, land, legal, mark, war
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.state import add_unit
from wartable.games.imperium.war import maintenance, repair, scrap
from wartable.games.imperium.war.maintenance import bill, support
from wartable.games.imperium.war.repair import price
from wartable.games.imperium.war.state import OUTPOST, WORLD

CTX = scripted([])


def first(state: State, side: str, type_id: str) -> str:
    return next(
        uid for uid, u in state["units"].items() if (u["side"], u["type"]) == (side, type_id)
    )


def test_14_1_i114_worlds_give_20_outposts_6_the_stockpile_pays_the_rest() -> None:
    """Scenario 6's Earth: every ship at Sol (27 of maintenance) against Earth and Mars (26),
    and five ground units at 1 each."""
    state = war("s6")
    assert support(state, TERRAN, "sol") == 20 + 6
    assert bill(state, TERRAN) == (27 - 26) + 5


def upkeep(faces: list[int], state: State) -> tuple[object, State]:
    ctx = scripted(faces)
    state["war"]["phase"] = "maintenance"
    state["war"]["resources"] = {TERRAN: 50, IMPERIAL: 50}
    maintenance.begin(ctx, state)
    return ctx, state


def test_14_1_an_unpaid_ship_rolls_plus_1_where_its_side_has_a_world() -> None:
    ctx, state = upkeep([1, 1], war("s6"))
    dd, sc = first(state, TERRAN, "terran_dd"), first(state, TERRAN, "terran_sc")
    act(ctx, state, TERRAN, {"unpaid": dd})
    act(ctx, state, TERRAN, {"unpaid": sc})
    act(ctx, state, TERRAN, {"pay": True})
    assert state["units"][dd]["damaged"]  # 1 + 1 = 2, not above its maintenance of 2
    assert not state["units"][sc]["damaged"]  # 1 + 1 = 2, above its maintenance of 1
    assert state["war"]["resources"][TERRAN] == 50 - 5  # the ground units; the ships are free
    assert state["step"] == {"kind": "upkeep", "side": IMPERIAL}


def test_14_1_an_unpaid_ship_without_a_damaged_side_is_removed() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    number = fleet_in(state, TERRAN, "sirius", "terran_tr")
    ctx, state = upkeep([1], state)
    tr = first(state, TERRAN, "terran_tr")
    act(ctx, state, TERRAN, {"unpaid": tr})
    act(ctx, state, TERRAN, {"pay": True})
    assert tr not in state["units"] and number == "TF1"


def test_14_1_out_of_supply_ships_cannot_draw_on_the_stockpile() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    fleet_in(state, TERRAN, "altair", "terran_ca")
    fleet_in(state, IMPERIAL, "tau_ceti", "imperial_dd")
    fleet_in(state, IMPERIAL, "karkhar", "imperial_dd")
    ctx, state = upkeep([6], state)
    ca = first(state, TERRAN, "terran_ca")
    assert legal(state, TERRAN) == [{"unpaid": ca}]
    act(ctx, state, TERRAN, {"unpaid": ca})
    assert {"pay": True} in legal(state, TERRAN)


def test_14_1_an_unpaid_ground_unit_is_reduced_on_2_or_less() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "junction", OUTPOST, TERRAN)
    on_world = land(state, TERRAN, "sol_1", "terran_infantry_4")
    on_outpost = land(state, TERRAN, "junction", "terran_drop_5")
    ctx, state = upkeep([2, 2], state)
    act(ctx, state, TERRAN, {"unpaid": on_world})
    act(ctx, state, TERRAN, {"unpaid": on_outpost})
    act(ctx, state, TERRAN, {"pay": True})
    assert not state["units"][on_world]["damaged"]  # 2 + 1 on its World
    assert state["units"][on_outpost]["damaged"]  # 2, no World there


def test_16_0_maintenance_doubles_in_peace() -> None:
    state = war("s6")
    state["war"]["peace"] = 4
    assert bill(state, TERRAN) == (2 * 27 - 26) + 2 * 5


def test_4_0_maintenance_then_scrapping() -> None:
    ctx, state = upkeep([], war("s6"))
    act(ctx, state, TERRAN, {"pay": True})
    act(ctx, state, IMPERIAL, {"pay": True})
    assert state["war"]["phase"] == "scrapping" and state["step"]["kind"] == "scrap"


def scrapping(state: State) -> State:
    state["war"]["phase"] = "scrapping"
    scrap.begin(CTX, state)
    return state


def test_14_2_damaged_ships_and_any_monitor_are_scrapped_for_half_their_maintenance() -> None:
    state = war("s6")
    dd, other, monitor = [
        u for u, x in state["units"].items() if x["type"] in ("terran_dd", "terran_m")
    ]
    state["units"][dd]["damaged"] = True
    scrapping(state)
    assert {a.get("scrap") for a in legal(state, TERRAN)} == {dd, monitor, None}
    act(CTX, state, TERRAN, {"scrap": dd})  # damaged DD: maintenance 3, half rounded down
    act(CTX, state, TERRAN, {"scrap": monitor})
    assert state["war"]["resources"][TERRAN] == 10 + 1 + 1  # ruling I102: 10 in stock at the start
    assert dd not in state["units"] and other in state["units"]


def test_14_2_only_where_its_side_has_a_world_or_outpost() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    fleet_in(state, TERRAN, "sirius", "terran_dd")
    state["units"][first(state, TERRAN, "terran_dd")]["damaged"] = True
    scrapping(state)
    assert legal(state, TERRAN) == [{"done": True}]


def repairing(state: State, money: int = 50) -> State:
    state["war"].update(phase="repair", resources={TERRAN: money, IMPERIAL: money})
    repair.begin(CTX, state)
    return state


def test_14_3_a_damaged_ship_is_repaired_at_home_or_beside_an_ar() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    fleet_in(state, TERRAN, "sol", "terran_ca")
    fleet_in(state, TERRAN, "sirius", "terran_cl", "terran_ar")
    fleet_in(state, TERRAN, "altair", "terran_dd")
    for uid in list(state["units"]):
        state["units"][uid]["damaged"] = state["units"][uid]["type"] != "terran_ar"
    repairing(state)
    ca, cl = first(state, TERRAN, "terran_ca"), first(state, TERRAN, "terran_cl")
    assert legal(state, TERRAN) == [{"repair": ca}, {"repair": cl}, {"done": True}]
    assert price(state, ca) == 4  # the maintenance of its damaged side
    act(CTX, state, TERRAN, {"repair": ca})
    assert not state["units"][ca]["damaged"] and state["war"]["resources"][TERRAN] == 46


def test_14_3_a_reduced_ground_unit_for_half_its_cost_on_its_own_planet() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    battery = land(state, TERRAN, "sol_1", "terran_battery")
    drop = land(state, TERRAN, "alpha_centauri_a", "terran_drop_5")  # no marker there
    for uid in (battery, drop):
        state["units"][uid]["damaged"] = True
    repairing(state)
    assert legal(state, TERRAN) == [{"repair": battery}, {"done": True}]
    assert price(state, battery) == 5
    land(state, IMPERIAL, "sol_1", "imperial_infantry_5")  # contested now
    assert legal(state, TERRAN) == [{"done": True}]


def test_14_3_i114_two_damaged_fighters_in_one_system_consolidate_for_nothing() -> None:
    state = empty()
    mark(state, "sol_1", WORLD, TERRAN)
    a = add_unit(state, TERRAN, "terran_f", "box:sol_1")
    b = add_unit(state, TERRAN, "terran_f", "box:sol_2")
    for uid in (a, b):
        state["units"][uid]["damaged"] = True
    repairing(state, money=0)
    assert {"merge": b, "into": a} in legal(state, TERRAN)
    act(CTX, state, TERRAN, {"merge": b, "into": a})
    assert b not in state["units"] and not state["units"][a]["damaged"]


def test_16_0_repair_doubles_in_peace() -> None:
    state = war("s6")
    state["war"]["peace"] = 2
    assert price(state, first(state, TERRAN, "terran_battery")) == 10
