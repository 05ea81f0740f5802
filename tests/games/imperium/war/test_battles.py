"""The war's battles (rules 11.3, 12.3, 13.0, 15.0, Q8, Q9, Q11): started from an activation,
fought by part 1's space and planetary combat, their outcome applied back to the war."""

from __future__ import annotations

import random
from typing import Any

from games.imperium.war.helpers import act, activated, fleet_in, homes, land, legal, mark
from wartable.engine import Context, State
from wartable.engine.dice import Dice
from wartable.games.imperium import damage
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.flow import AFTER_BATTLE, STEPS
from wartable.games.imperium.state import add_unit, units_at
from wartable.games.imperium.war import contact
from wartable.games.imperium.war.state import box

WAR_STEPS = ("orders", "retreat", "reorganise", "segment")


def fight_through(state: State, seed: int = 3) -> None:
    """Part 1's battle decisions, taken at random with seeded dice, until the war decides
    again."""
    ctx, rng = Context(Dice(seed), []), random.Random(seed)
    while state["step"]["kind"] not in WAR_STEPS:
        kind = STEPS.kinds[state["step"]["kind"]]
        side = kind.actors(state)[0]
        kind.apply(ctx, state, side, rng.choice(kind.legal(state, side)))


def ended(state: State, ctx: Context, **outcome: Any) -> None:
    """End the battle under way with this outcome, as part 1 hands it over."""
    battle = state["battle"]
    base = {"winner": None, "left": {TERRAN: [], IMPERIAL: []}}
    base["leftover"] = {TERRAN: [], IMPERIAL: []}
    battle["outcome"] = {**base, **outcome}
    battle.update(destroyed=outcome.pop("destroyed", battle["destroyed"]))
    AFTER_BATTLE[battle["then"]](ctx, state)


def contact_at_barnards(state: State) -> tuple[Context, str, str, str]:
    """A Terran DD from Sol meets an Imperial CL at Barnard's Star."""
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    enemy = fleet_in(state, IMPERIAL, "barnards_star", "imperial_cl")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    return ctx, number, enemy, units_at(state, f"fleet:{number}")[0]


def test_12_3_a_contact_battle_is_fought_by_part_1_and_the_activation_goes_on() -> None:
    state = homes()
    contact_at_barnards(state)
    fight_through(state)
    assert state["battle"] is None or state["step"]["kind"] == "retreat"
    while state["step"]["kind"] == "retreat":
        side = state["step"]["side"]
        act(Context(Dice(1), []), state, side, legal(state, side)[0])
    assert state["step"] == {"kind": "orders", "side": TERRAN}
    assert state["battle"] is None


def test_12_3_q8_the_mover_leaves_for_the_system_it_came_from() -> None:
    state = homes()
    ctx, number, _, dd = contact_at_barnards(state)
    ended(state, ctx, left={TERRAN: [dd], IMPERIAL: []})
    assert legal(state, TERRAN) == [{"retreat": f"fleet:{number}", "to": "sol"}]
    act(ctx, state, TERRAN, {"retreat": f"fleet:{number}", "to": "sol"})
    assert state["war"]["fleets"][number]["system"] == "sol"
    assert state["step"] == {"kind": "orders", "side": TERRAN}


def test_12_3_q8_one_jump_closer_to_home_never_where_enemy_warships_are() -> None:
    state = homes()
    ours = fleet_in(state, TERRAN, "junction", "terran_dd")
    fleet_in(state, TERRAN, "sol", "terran_sc")
    raider = fleet_in(state, IMPERIAL, "procyon", "imperial_cl")
    ctx = activated(state, "procyon", IMPERIAL)
    act(ctx, state, IMPERIAL, {"jump": raider, "to": "junction"})
    dd = units_at(state, f"fleet:{ours}")[0]
    ended(state, ctx, winner=IMPERIAL, left={TERRAN: [dd], IMPERIAL: []})
    assert legal(state, TERRAN) == [{"retreat": f"fleet:{ours}", "to": "sol"}]


def raided_at_junction(state: State) -> tuple[Context, str, str]:
    """A Terran DD at Junction, one jump from Sol, loses to an Imperial raider from Procyon
    and must leave: Sol is the one system closer to home."""
    ours = fleet_in(state, TERRAN, "junction", "terran_dd")
    raider = fleet_in(state, IMPERIAL, "procyon", "imperial_cl")
    ctx = activated(state, "procyon", IMPERIAL)
    act(ctx, state, IMPERIAL, {"jump": raider, "to": "junction"})
    dd = units_at(state, f"fleet:{ours}")[0]
    ended(state, ctx, winner=IMPERIAL, left={TERRAN: [dd], IMPERIAL: []})
    return ctx, ours, dd


def test_q9_i127_with_nowhere_to_go_the_ships_are_lost() -> None:
    state = homes()
    fleet_in(state, IMPERIAL, "sol", "imperial_dd")  # an enemy warship bars the way home
    ctx, ours, dd = raided_at_junction(state)
    # Earth has not seen what the Imperial fleet at Sol holds: Sol is offered ...
    assert legal(state, TERRAN) == [{"retreat": f"fleet:{ours}", "to": "sol"}]
    act(ctx, state, TERRAN, {"retreat": f"fleet:{ours}", "to": "sol"})
    # ... and refused when the Imperium says it has ships there (Q8): nowhere is left (Q9)
    assert any(e.get("rule") == "Q8" for e in ctx.events if e["kind"] == "say")
    assert dd not in state["units"]
    assert ours not in state["war"]["fleets"]
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}


def test_q8_i127_a_system_known_to_hold_enemy_warships_is_not_offered() -> None:
    state = homes()
    there = fleet_in(state, IMPERIAL, "sol", "imperial_dd")
    state["war"]["disclosed"] = {there: True}  # said on contact earlier (11.3)
    _, ours, dd = raided_at_junction(state)
    assert dd not in state["units"]  # Q9 at once: Earth knows Sol is barred
    assert ours not in state["war"]["fleets"]


def test_q8_enemy_batteries_do_not_bar_a_retreat() -> None:
    state = homes()
    ours = fleet_in(state, TERRAN, "junction", "terran_dd")
    land(state, IMPERIAL, "sol_2", "imperial_battery")
    raider = fleet_in(state, IMPERIAL, "procyon", "imperial_cl")
    ctx = activated(state, "procyon", IMPERIAL)
    act(ctx, state, IMPERIAL, {"jump": raider, "to": "junction"})
    dd = units_at(state, f"fleet:{ours}")[0]
    ended(state, ctx, left={TERRAN: [dd], IMPERIAL: []})
    assert legal(state, TERRAN) == [{"retreat": f"fleet:{ours}", "to": "sol"}]


def test_q11_retreating_is_not_moving() -> None:
    state = homes()
    ours = fleet_in(state, TERRAN, "junction", "terran_dd")
    raider = fleet_in(state, IMPERIAL, "procyon", "imperial_cl")
    ctx = activated(state, "procyon", IMPERIAL)
    act(ctx, state, IMPERIAL, {"jump": raider, "to": "junction"})
    dd = units_at(state, f"fleet:{ours}")[0]
    ended(state, ctx, left={TERRAN: [dd], IMPERIAL: []})
    act(ctx, state, TERRAN, {"retreat": f"fleet:{ours}", "to": "sol"})
    assert state["war"]["fleets"][ours]["moved"] is False


def test_i120_ships_retreating_from_a_fleet_that_stays_take_a_new_marker() -> None:
    state = homes()
    ours = fleet_in(state, TERRAN, "junction", "terran_dd", "terran_cl")
    raider = fleet_in(state, IMPERIAL, "procyon", "imperial_cl")
    ctx = activated(state, "procyon", IMPERIAL)
    act(ctx, state, IMPERIAL, {"jump": raider, "to": "junction"})
    dd, cl = units_at(state, f"fleet:{ours}")
    ended(state, ctx, left={TERRAN: [dd], IMPERIAL: []})
    act(ctx, state, TERRAN, {"retreat": f"fleet:{ours}", "to": "sol"})
    new = state["units"][dd]["at"].partition(":")[2]
    assert state["war"]["fleets"][new]["system"] == "sol"
    assert state["units"][cl]["at"] == f"fleet:{ours}"
    assert state["war"]["fleets"][ours]["system"] == "junction"


def test_12_9_i120_leftover_fighters_of_a_fleet_that_leaves_land_in_a_box() -> None:
    state = homes()
    mark(state, "barnards_star", "outpost", TERRAN)
    fleet_in(state, TERRAN, "sol", "terran_sc")
    ctx = activated(state, "sol")
    number = fleet_in(state, TERRAN, "barnards_star", "terran_dd", "terran_f")
    fleet_in(state, IMPERIAL, "barnards_star", "imperial_cl")
    dd, fighter = units_at(state, f"fleet:{number}")
    state["war"]["fleets"][number]["moved"] = True  # it came from Sol with a carrier since lost
    state["war"]["segment"]["came"][number] = "sol"
    contact.fight(ctx, state, TERRAN, number)
    ended(state, ctx, left={TERRAN: [dd], IMPERIAL: []}, leftover={TERRAN: [fighter], IMPERIAL: []})
    assert state["units"][fighter]["at"] == box("barnards_star")
    assert legal(state, TERRAN) == [{"retreat": f"fleet:{number}", "to": "sol"}]


def test_15_0_a_major_victory_moves_prestige() -> None:
    state = homes()
    number = fleet_in(state, TERRAN, "sol", "terran_bb")
    fleet_in(state, IMPERIAL, "barnards_star", "imperial_bb")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    before = state["war"]["prestige"]
    ended(state, ctx, winner=TERRAN)
    assert state["war"]["prestige"] == before - 1  # capital ships on both sides: Earth's


def test_15_0_a_small_victory_leaves_prestige_alone() -> None:
    state = homes()
    ctx, *_ = contact_at_barnards(state)
    before = state["war"]["prestige"]
    ended(state, ctx, winner=TERRAN)
    assert state["war"]["prestige"] == before


def test_9_0_i110_a_terran_battleship_destroyed_opens_the_earth_bb() -> None:
    state = homes()
    ctx, *_ = contact_at_barnards(state)
    ended(state, ctx, destroyed={TERRAN: ["terran_b"], IMPERIAL: []})
    assert state["war"]["earth_bb"] is True


def siege(state: State) -> tuple[Context, str]:
    """An Imperial fleet with a drop troop aboard an AT over Earth's Alpha Centauri A World."""
    mark(state, "alpha_centauri_a", "world", TERRAN)
    land(state, TERRAN, "alpha_centauri_a", "terran_infantry_3")
    number = fleet_in(state, IMPERIAL, "alpha_centauri_a", "imperial_dd", "imperial_at")
    ctx = activated(state, "alpha_centauri_a", IMPERIAL)
    return ctx, number


def test_13_0_the_unmoved_fleets_attack_an_enemy_held_planet() -> None:
    state = homes()
    ctx, number = siege(state)
    assert {"attack": "alpha_centauri_a"} in legal(state, IMPERIAL)
    act(ctx, state, IMPERIAL, {"attack": "alpha_centauri_a"})
    assert state["battle"]["kind"] == "planetary"
    assert state["battle"]["fleets"] == [f"fleet:{number}"]
    assert state["battle"]["world"] == TERRAN
    assert state["war"]["fleets"][number]["moved"]  # 10.0: it may not move this segment


def test_13_0_i119_no_attack_while_an_enemy_fleet_is_in_the_system() -> None:
    state = homes()
    siege(state)
    fleet_in(state, TERRAN, "alpha_centauri_a", "terran_sc")
    assert not [a for a in legal(state, IMPERIAL) if "attack" in a]


def test_15_0_taking_an_earth_world_raises_prestige_by_3() -> None:
    state = homes()
    ctx, _ = siege(state)
    act(ctx, state, IMPERIAL, {"attack": "alpha_centauri_a"})
    before = state["war"]["prestige"]
    state["battle"]["outcome"] = {"control": IMPERIAL, "on_planet": {TERRAN: [], IMPERIAL: []}}
    AFTER_BATTLE["war_attack"](ctx, state)
    assert state["war"]["planets"]["alpha_centauri_a"] == {"marker": "world", "owner": IMPERIAL}
    assert state["war"]["prestige"] == before + 3
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}


def test_15_0_b_2_earth_taking_an_imperial_outpost_in_the_emperor_s_visit_costs_3() -> None:
    state = homes()
    mark(state, "barnards_star", "outpost", IMPERIAL)
    land(state, IMPERIAL, "barnards_star", "imperial_battery")
    fleet_in(state, TERRAN, "barnards_star", "terran_dd")
    state["war"]["event"] = "emperors_visit"
    ctx = activated(state, "barnards_star")
    act(ctx, state, TERRAN, {"attack": "barnards_star"})
    before = state["war"]["prestige"]
    state["battle"]["outcome"] = {"control": TERRAN, "on_planet": {TERRAN: [], IMPERIAL: []}}
    AFTER_BATTLE["war_attack"](ctx, state)
    assert state["war"]["planets"]["barnards_star"] == {"marker": "outpost", "owner": TERRAN}
    assert state["war"]["prestige"] == before - 3  # 15.0: -1, tripled by the visit (B.2)


def test_i105_a_contested_planet_keeps_its_marker() -> None:
    state = homes()
    ctx, _ = siege(state)
    act(ctx, state, IMPERIAL, {"attack": "alpha_centauri_a"})
    state["battle"]["outcome"] = {"control": "contested", "on_planet": {TERRAN: [], IMPERIAL: []}}
    AFTER_BATTLE["war_attack"](ctx, state)
    assert state["war"]["planets"]["alpha_centauri_a"]["owner"] == TERRAN


def test_13_0_a_planet_attack_is_fought_through_by_part_1() -> None:
    state = homes()
    ctx, _ = siege(state)
    act(ctx, state, IMPERIAL, {"attack": "alpha_centauri_a"})
    fight_through(state)
    assert state["battle"] is None
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}


def test_11_5_a_transport_destroyed_in_a_war_battle_takes_its_cargo() -> None:
    state = homes()
    number = fleet_in(state, TERRAN, "sol", "terran_dd", "terran_tr")
    tr = units_at(state, f"fleet:{number}")[1]
    inf = land(state, TERRAN, "sol_1", "terran_infantry_3")
    state["units"][inf].update(at=None, aboard=tr)
    fleet_in(state, IMPERIAL, "barnards_star", "imperial_cl")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    damage.destroy(state, tr)  # as part 1's fire does (12.8)
    assert inf not in state["units"]


def test_12_3_i120_after_a_battle_ships_are_shared_out_among_fleets_at_no_cost() -> None:
    state = homes()
    number = fleet_in(state, TERRAN, "sol", "terran_dd", "terran_cl")
    fleet_in(state, IMPERIAL, "barnards_star", "imperial_sc")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    act(ctx, state, TERRAN, {"contact": "fight"})
    ended(state, ctx, winner=TERRAN)
    assert state["step"] == {"kind": "reorganise", "side": TERRAN}
    dd = units_at(state, f"fleet:{number}")[0]
    act(ctx, state, TERRAN, {"regroup": dd, "to": "new"})
    new = state["units"][dd]["at"].partition(":")[2]
    assert state["war"]["fleets"][new]["moved"]  # its ships have moved this segment
    act(ctx, state, TERRAN, {"done": True})
    assert state["step"]["kind"] in ("reorganise", "orders")


def test_9_0_an_outpost_aboard_stays_aboard_through_a_planet_attack() -> None:
    state = homes()
    ctx, number = siege(state)
    tr = units_at(state, f"fleet:{number}")[1]
    outpost = add_unit(state, IMPERIAL, "outpost", None)  # type: ignore[arg-type]
    state["units"][outpost]["aboard"] = tr
    act(ctx, state, IMPERIAL, {"attack": "alpha_centauri_a"})
    fight_through(state)
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}
    if tr in state["units"]:
        assert state["units"][outpost]["aboard"] == tr


def test_13_0_i119_the_forces_may_be_shared_between_the_two_planets_of_a_star() -> None:
    state = homes()
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "sol_2", "outpost", TERRAN)
    a = fleet_in(state, IMPERIAL, "sol", "imperial_dd")
    b = fleet_in(state, IMPERIAL, "sol", "imperial_cl")
    ctx = activated(state, "sol", IMPERIAL)
    assert {"attack": "sol_2", "with": a} in legal(state, IMPERIAL)
    act(ctx, state, IMPERIAL, {"attack": "sol_2", "with": a})
    assert state["battle"]["fleets"] == [f"fleet:{a}"]
    fight_through(state)
    assert {"attack": "sol_1"} in legal(state, IMPERIAL)  # with the fleet still unmoved
    assert not [x for x in legal(state, IMPERIAL) if x.get("with") == a]
    assert state["war"]["fleets"][b]["moved"] is False
