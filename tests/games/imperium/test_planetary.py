"""Rule 13: a planetary battle on scenario 1's Earth — loading (ruling I15), bombardment
(13.1), the defender's placement (13.2), landing (13.3), surface combat (13.4) and the
scenario's end — with the dice fixed."""

from __future__ import annotations

import pytest
from tests.games.imperium.helpers import fresh
from tests.support.dice import scripted

from wartable.engine import Action, Context, State
from wartable.games.imperium import planetary, surface
from wartable.games.imperium.bombard import begin as bombard_begin
from wartable.games.imperium.flow import STEPS
from wartable.games.imperium.state import add_unit

# Scenario 1 with seed 1: T1, T2 Terran fighters in Sol 1's box, T3-T8 ground units;
# I1, I2 Imperial fighters, I3-I10 TR, I11-I14 AT in orbit in fleet IF1.
BOX = "box:sol_1"


def earth(batteries: int = 0) -> State:
    """Scenario 1's position, with Terran batteries (T9 on) added to the planet box."""
    state = fresh("s1")
    for _ in range(batteries):
        add_unit(state, "terran", "terran_battery", BOX)
    return state


def act(ctx: Context, state: State, *actions: Action) -> None:
    """Each action by the player the step waits for, checked legal first."""
    for action in actions:
        kind = STEPS.kinds[state["step"]["kind"]]
        (player,) = kind.actors(state)
        assert action in kind.legal(state, player), action
        kind.apply(ctx, state, player, action)


LOADS = [
    *({"load": f"I{15 + n}", "onto": f"I{11 + n}"} for n in range(4)),  # drop troops on ATs
    *({"load": f"I{19 + n}", "onto": f"I{3 + n}"} for n in range(7)),  # infantry on TRs
]


def loaded(state: State, faces: list[int]) -> Context:
    """The battle begun with its dice fixed, every Imperial ground unit loaded (ruling I15)."""
    ctx = scripted(faces)
    planetary.start(ctx, state, then="scenario")
    act(ctx, state, *LOADS)
    return ctx


def bombarding(state: State, faces: list[int], *ships: str) -> Context:
    """The battle begun and loaded, the invader choosing `ships` to bombard."""
    ctx = loaded(state, faces)
    act(ctx, state, *({"bombard": uid} for uid in ships), {"done": True})
    return ctx


def legal(state: State) -> list[Action]:
    kind = STEPS.kinds[state["step"]["kind"]]
    return kind.legal(state, kind.actors(state)[0])


def test_13_1_i34_bombardment_is_optional_by_ships_with_a_torpedo_factor() -> None:
    state = earth()
    loaded(state, [])
    assert state["step"]["kind"] == "bombard"
    ships = [a["bombard"] for a in legal(state) if "bombard" in a]
    assert ships == ["I1", "I2", "I11", "I12", "I13", "I14"]  # no TR: its torpedo factor is 0
    act(scripted([]), state, {"done": True})
    assert state["step"]["kind"] == "deploy"  # 13.2 follows at once
    assert all(not u["damaged"] for u in state["units"].values())


def test_13_1_i36_fighters_hit_on_5_6_the_bombardment_rolls_a_die_per_3_torpedo_factors() -> None:
    state = earth()
    ctx = bombarding(state, [5, 4, 6, 5, 6, 5], "I1", "I11", "I12")
    assert state["step"]["kind"] == "intercept"
    assert {"intercept": "T1", "at": "I11"} in legal(state)
    # T1's 2 torpedo dice at I11: 5, 4 (1 hit); T2's at I12: 6, 5 (2 hits); the bombardment:
    # (2 + 2 + 2) // 3 = 2 dice, 6 and 5: one hit.
    act(ctx, state, {"intercept": "T1", "at": "I11"}, {"intercept": "T2", "at": "I12"})
    assert state["step"]["kind"] == "allocate"
    assert legal(state) == [{"hit": "T1"}, {"hit": "T2"}]  # never a ground unit (13.1)
    act(ctx, state, {"hit": "T2"})
    units = state["units"]
    assert not units["I11"]["damaged"] and units["I12"]["damaged"]  # AT defence 2 (12.8)
    assert units["I16"]["damaged"]  # I12's drop troops reduced with it (ruling I36)
    assert units["T2"]["damaged"] and not units["T1"]["damaged"]
    assert state["step"]["kind"] == "deploy"


@pytest.mark.parametrize(("world", "hits"), [("terran", 2), (None, 1)])
def test_13_1_batteries_hit_on_5_6_or_4_6_on_their_own_world(world: str | None, hits: int) -> None:
    state = earth(1)
    state["battle"]["world"] = world
    ctx = bombarding(state, [5, 4, 3], "I11")
    # the battery (T9, combat 3) at I11: 5, 4, 3; the fighters hold fire; 0 bombardment dice
    act(ctx, state, {"intercept": "T9", "at": "I11"}, {"done": True})
    assert state["units"]["I11"]["damaged"] is (hits >= 2)  # AT defence 2


def test_13_1_i35_fighter_and_battery_hits_are_not_added_up() -> None:
    state = earth(1)
    ctx = bombarding(state, [5, 1, 4, 1, 1], "I11")
    # T1 at I11: 5, 1 (1 hit); the battery at I11 on Earth's World: 4, 1, 1 (1 hit)
    act(ctx, state, {"intercept": "T9", "at": "I11"}, {"intercept": "T1", "at": "I11"})
    act(ctx, state, {"done": True})
    assert not state["units"]["I11"]["damaged"]  # 1 + 1 would have damaged it


def test_13_1_damage_is_simultaneous_and_spread_as_the_invader_chooses() -> None:
    state = earth(1)
    ctx = bombarding(state, [6, 6, 6, 6, 6, 1], "I1", "I2", "I11", "I12", "I13", "I14")
    # T1 at I1: 6, 6 (I1, defence 1, damaged); the rest hold; 12 // 3 = 4 dice, three 6s
    act(ctx, state, {"intercept": "T1", "at": "I1"}, {"done": True})
    act(ctx, state, {"hit": "T1"}, {"hit": "T9"}, {"hit": "T9"})
    units = state["units"]
    assert units["I1"]["damaged"]  # T1 fired although it is hit in the same stage
    assert units["T1"]["damaged"] and units["T9"]["damaged"]  # battery defence 2: reduced


def test_13_1_13_4_a_contested_planet_is_not_bombarded() -> None:
    state = earth()
    state["battle"]["hexes"] = {"T3": "B2", "I15": "B2"}
    assert not bombard_begin(scripted([]), state)


def test_13_2_the_defender_places_its_units_at_most_5_in_a_hex() -> None:
    state = earth()
    ctx = bombarding(state, [])
    assert state["step"]["kind"] == "deploy"
    act(ctx, state, *({"deploy": uid, "hex": "B2"} for uid in ["T1", "T2", "T3", "T4", "T5"]))
    assert all(a["hex"] != "B2" for a in legal(state))
    act(ctx, state, {"deploy": "T6", "hex": "C2"}, {"deploy": "T7", "hex": "C2"})
    act(ctx, state, {"deploy": "T8", "hex": "A2"})
    assert state["step"]["kind"] == "land"  # 13.3 follows
    assert state["battle"]["hexes"]["T8"] == "A2" and state["units"]["T8"]["at"] == BOX


def test_i15_11_5_the_invader_loads_one_unit_aboard_each_transport() -> None:
    state = earth()
    ctx = scripted([])
    planetary.start(ctx, state, then="scenario")
    assert state["step"]["kind"] == "load"
    assert len(legal(state)) == 11 * 12  # 11 ground units, 12 transports
    act(ctx, state, {"load": "I15", "onto": "I11"})
    assert {"load": "I16", "onto": "I11"} not in legal(state)  # one unit each (ruling I7)
    assert state["units"]["I15"]["aboard"] == "I11" and state["units"]["I15"]["at"] is None


def landing(state: State, faces: list[int]) -> Context:
    """Loaded, no bombardment, Earth's units placed: T1-T3 in B2, T4-T8 in D2."""
    ctx = loaded(state, faces)
    act(ctx, state, {"done": True})
    act(ctx, state, *({"deploy": f"T{n}", "hex": "B2" if n < 4 else "D2"} for n in range(1, 9)))
    assert state["step"]["kind"] == "land"
    return ctx


def test_13_3_only_fighters_and_drop_troops_from_an_at_land_among_enemies() -> None:
    state = earth()
    landing(state, [])
    actions = legal(state)
    assert {"land": "I1", "hex": "B2"} in actions  # a fighter
    assert {"land": "I15", "hex": "B2"} in actions  # drop troops aboard the AT I11
    assert {"land": "I19", "hex": "B2"} not in actions  # infantry aboard the TR I3
    assert {"land": "I19", "hex": "C2"} in actions


def test_13_3_i38_landing_fire_a_tr_lost_with_its_cargo_a_damaged_at_reduces_it() -> None:
    state = earth()
    ctx = landing(state, [5, 1, 6, 5])
    act(ctx, state, {"land": "I15", "hex": "B2"}, {"land": "I19", "hex": "C2"}, {"done": True})
    assert state["step"]["kind"] == "intercept"
    assert {a.get("at") for a in legal(state)} == {"I11", "I3", None}  # the transports
    # T1 at the TR I3: 5, 1 (1 hit, defence 1); T2 at the AT I11: 6, 5 (2 hits, defence 2)
    act(ctx, state, {"intercept": "T1", "at": "I3"}, {"intercept": "T2", "at": "I11"})
    units, hexes = state["units"], state["battle"]["hexes"]
    assert "I3" not in units and "I19" not in units  # no damaged side: destroyed, cargo too
    assert units["I11"]["damaged"] and units["I15"]["damaged"]  # the cargo reduced
    assert hexes["I15"] == "B2" and units["I15"]["at"] == BOX and units["I15"]["aboard"] is None
    assert state["battle"]["destroyed"]["imperial"] == ["imperial_tr"]
    assert state["step"]["kind"] == "surface_move"  # 13.4 follows


def on_surface(hexes: dict[str, str], faces: list[int]) -> tuple[State, Context]:
    """Scenario 1 with only the units of `hexes`, on the map there; surface combat begun."""
    state = fresh("s1")
    state["units"] = {uid: {**state["units"][uid], "at": BOX} for uid in hexes}
    state["battle"].update(then="scenario", stage=4, hexes=dict(hexes), outcome=None)
    ctx = scripted(faces)
    assert surface.begin(ctx, state)
    return state, ctx


def moves(state: State, uid: str) -> list[str]:
    return sorted(a["to"] for a in legal(state) if a.get("move") == uid)


def test_13_4_i37_movement_allowances_and_a_stop_in_an_enemy_hex() -> None:
    # I1 fighter, I15 drop troops (3 hexes), I19 infantry (1 hex); T4 Terran infantry in D2
    state, ctx = on_surface({"I1": "A2", "I15": "A2", "I19": "B2", "T4": "D2"}, [])
    assert moves(state, "I19") == ["A2", "A3", "B1", "B3", "C2", "C3"]
    act(ctx, state, {"move": "I19", "to": "B3"})
    assert moves(state, "I19") == []  # infantry: 1 hex
    act(ctx, state, *({"move": "I15", "to": h} for h in ("B2", "C2", "C3")))
    assert moves(state, "I15") == []  # drop troops: 3 hexes
    act(ctx, state, {"move": "I1", "to": "B2"}, {"move": "I1", "to": "C2"})
    act(ctx, state, {"move": "I1", "to": "D2"})  # into the enemy's hex: it stops
    assert state["step"]["kind"] == "surface_fire"  # nothing left to move
    assert legal(state) == [{"fire": "I1", "at": "T4"}]  # i37: it must fight there


def test_13_4_batteries_do_not_move() -> None:
    state, ctx = on_surface({"I15": "A2", "T4": "E3"}, [])
    battery = add_unit(state, "terran", "terran_battery", BOX)
    state["battle"]["hexes"][battery] = "E2"
    act(ctx, state, {"done": True})  # the invader moves nothing, and has no one to fight
    assert state["step"] == {"kind": "surface_move", "side": "terran"}
    assert moves(state, battery) == [] and moves(state, "T4")


def test_13_4_i37_both_sides_fire_in_the_combat_hex_each_6_hits() -> None:
    state, ctx = on_surface({"I15": "B2", "I19": "A2", "T4": "C2"}, [6, 6, 5, 1, 6, 1, 1, 1, 1, 1])
    act(ctx, state, {"move": "I15", "to": "C2"}, {"done": True})
    act(ctx, state, {"fire": "I15", "at": "T4"})
    assert state["step"] == {"kind": "surface_fire", "side": "terran"}  # the defender follows
    assert legal(state) == [{"fire": "T4", "at": "I15"}, {"done": True}]
    # I15 (drop 4-2): 6, 6, 5, 1 -> 2 hits; T4 (infantry 6-2): 6, 1, 1, 1, 1, 1 -> 1 hit
    act(ctx, state, {"fire": "T4", "at": "I15"})
    assert state["units"]["T4"]["damaged"] and not state["units"]["I15"]["damaged"]


def test_13_4_fighters_reduce_but_never_eliminate_troops() -> None:
    state, ctx = on_surface({"I1": "C2", "I15": "A2", "T4": "C2"}, [6, 6])  # I1: torpedo 2
    state["units"]["T4"]["damaged"] = True
    act(ctx, state, {"done": True}, {"fire": "I1", "at": "T4"}, {"done": True})  # T4 holds
    assert "T4" in state["units"]  # reduced already, and only troops eliminate troops


def test_sc1_i39_the_game_ends_when_a_side_has_no_troops_left() -> None:
    # I15's 4 dice: one 6, a hit on a reduced infantry (defence 1): eliminated
    state, ctx = on_surface({"I15": "C2", "T1": "C2", "T4": "C2"}, [6, 1, 1, 1])
    state["units"]["T4"]["damaged"] = True
    act(ctx, state, {"done": True}, {"fire": "I15", "at": "T4"}, {"done": True})
    assert "T4" not in state["units"]
    assert state["end"]["winners"] == ["imperial"]
    outcome = state["battle"]["outcome"]
    assert outcome["control"] == "contested" and outcome["rounds"] == 1  # T1 still there


def test_sc1_i39_troops_on_both_sides_after_round_3_draw() -> None:
    state, ctx = on_surface({"I15": "A2", "T4": "E3"}, [])
    for _ in range(3 * 2):  # each side moves nowhere, three rounds
        act(ctx, state, {"done": True})
    assert state["end"]["winners"] == []
    assert state["battle"]["outcome"]["rounds"] == 3
