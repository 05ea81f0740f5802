"""Terraforming (optional rule 17.3, option ``terraforming``; ruling I125)."""

from __future__ import annotations

import pytest

from games.imperium.war.helpers import act, empty, fleet_in, legal, mark, war
from games.imperium.war.test_battles import activated, fight_through
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import construction
from wartable.games.imperium.war.terraform import allows, planet_type

CTX = scripted([], seed=3)


def building(money: int = 99, *, terraforming: bool = True) -> State:
    """Scenario 6 at Earth's construction step: Mars (N2) and Junction (N1) are Terran
    Outposts, Sol 1 a Terran World."""
    state = war("s6")
    state["options"]["terraforming"] = terraforming
    state["war"]["phase"] = "construction"
    state["war"]["resources"] = {TERRAN: money, IMPERIAL: money}
    construction.begin(CTX, state)
    return state


def pay_in_turns(state: State, planet: str, turns: list[int]) -> None:
    for turn in turns:
        state["war"]["turn"] = turn
        state["war"]["resources"][TERRAN] = 15
        act(CTX, state, TERRAN, {"terraform": planet})
        assert state["war"]["resources"][TERRAN] == 5  # 10 a payment
        assert {"terraform": planet} not in legal(state, TERRAN)  # once a turn


@pytest.mark.parametrize(("planet", "payments"), [("sol_2", 8), ("junction", 10)])
def test_17_3_n2_takes_8_payments_of_10_n1_takes_10_not_in_consecutive_turns(
    planet: str, payments: int
) -> None:
    state = building()
    printed = planet_type(state, planet)
    assert not allows(state, planet, "infantry")  # 11.7: no infantry on an N planet
    turns = [1 + 2 * n for n in range(payments)]  # every other turn, at war
    pay_in_turns(state, planet, turns[:-1])
    assert planet_type(state, planet) == printed
    assert state["war"]["terraforming"][planet]["paid"] == payments - 1
    pay_in_turns(state, planet, turns[-1:])
    assert planet_type(state, planet) == "A" + printed[1:]
    assert allows(state, planet, "infantry")
    assert {"terraform": planet} not in legal(state, TERRAN)  # done: nothing more to pay


def test_17_3_only_with_the_option_on_an_n1_or_n2_planet_with_a_connected_outpost() -> None:
    assert not [a for a in legal(building(terraforming=False), TERRAN) if "terraform" in a]
    state = building()
    offered = {a["terraform"] for a in legal(state, TERRAN) if "terraform" in a}
    assert offered == {"sol_2", "junction"}  # not Barnard's Star (N3), Midway (X1), Sol 1 (A2)
    assert not [a for a in legal(building(money=9), TERRAN) if "terraform" in a]


def test_17_3_7_3_an_unconnected_outpost_is_not_terraformed() -> None:
    state = empty("s6")
    state["options"]["terraforming"] = True
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "calgary", "outpost", TERRAN)  # N1, reached by Hades or Midway
    fleet_in(state, IMPERIAL, "hades", "imperial_dd")
    state["war"]["phase"] = "construction"
    state["war"]["resources"] = {TERRAN: 50, IMPERIAL: 50}
    construction.begin(CTX, state)
    assert {"terraform": "calgary"} in legal(state, TERRAN)  # by Midway
    fleet_in(state, IMPERIAL, "midway", "imperial_dd")
    assert {"terraform": "calgary"} not in legal(state, TERRAN)  # 7.3: cut both ways


def test_sc8_17_3_mars_and_procyon_are_terraformed_worlds_that_take_infantry() -> None:
    state = war("s8", deployed=False)
    assert planet_type(state, "sol_2") == "A2" and planet_type(state, "procyon") == "A2"
    assert allows(state, "procyon", "infantry")
    assert planet_type(war("s6", deployed=False), "sol_2") == "N2"


def attack_mars(state: State, *, bombard: bool) -> None:
    """An Imperial DD over Mars (a Terran Outpost or World defended by nothing) attacks it,
    bombarding it or not, and the battle is fought through."""
    fleet_in(state, IMPERIAL, "sol", "imperial_dd")
    ctx = activated(state, "sol", IMPERIAL)
    act(ctx, state, IMPERIAL, {"attack": "sol_2"})
    assert state["step"]["kind"] == "bombard"
    if bombard:
        dd = next(u for at in state["battle"]["fleets"] for u in units_at(state, at))
        act(ctx, state, IMPERIAL, {"bombard": dd})
    act(ctx, state, IMPERIAL, {"done": True})
    fight_through(state)


def test_17_3_planetary_combat_on_a_planet_being_terraformed_loses_the_payments() -> None:
    state = empty("s6")
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "sol_2", "outpost", TERRAN)
    state["war"]["terraforming"] = {"sol_2": {"paid": 5, "turn": 1}}
    attack_mars(state, bombard=False)
    assert "sol_2" not in state["war"]["terraforming"]
    assert state["battle"] is None


@pytest.mark.parametrize(("invader", "change"), [(IMPERIAL, -2), (TERRAN, +1)])
def test_17_3_15_0_bombarding_a_terraformed_planet_reverts_it_with_prestige(
    invader: str, change: int
) -> None:
    state = empty("s8")
    owner = TERRAN if invader == IMPERIAL else IMPERIAL
    mark(state, "sol_2", "world", owner)
    mark(state, "dingir", "world", IMPERIAL)
    fleet_in(state, invader, "sol", f"{invader}_dd")
    ctx = activated(state, "sol", invader)
    before = state["war"]["prestige"]
    act(ctx, state, invader, {"attack": "sol_2"})
    dd = next(u for at in state["battle"]["fleets"] for u in units_at(state, at))
    act(ctx, state, invader, {"bombard": dd})
    act(ctx, state, invader, {"done": True})
    fight_through(state)
    assert planet_type(state, "sol_2") == "N2"  # Mars again
    assert state["war"]["planets"]["sol_2"]["owner"] == owner  # nothing landed to take it
    assert state["war"]["prestige"] == before + change


def test_17_3_attacking_without_bombarding_keeps_a_terraformed_planet() -> None:
    state = empty("s8")
    mark(state, "sol_2", "world", TERRAN)
    mark(state, "dingir", "world", IMPERIAL)
    before = state["war"]["prestige"]
    attack_mars(state, bombard=False)
    assert planet_type(state, "sol_2") == "A2"
    assert state["war"]["prestige"] == before
