"""Construction (rule 9.0) as decisions: what each side may buy, what it costs, and when it
arrives."""

from __future__ import annotations

import pytest

from games.imperium.war.helpers import act, legal, war
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war import construction
from wartable.games.imperium.war.construction import buildable, cost

CTX = scripted([], seed=3)


def building(scenario: str = "s6", money: int = 60) -> State:
    state = war(scenario)
    state["war"]["phase"] = "construction"
    state["war"]["resources"] = {TERRAN: money, IMPERIAL: money}
    construction.begin(CTX, state)
    return state


def test_9_0_the_example_dd_next_turn_ca_the_turn_after() -> None:
    state = building()
    state["war"]["turn"] = 4
    act(CTX, state, TERRAN, {"build": "terran_dd"})
    act(CTX, state, TERRAN, {"build": "terran_dd"})
    act(CTX, state, TERRAN, {"build": "terran_ca"})
    dd, ca = ({"side": TERRAN, "type": t, "built": True} for t in ("terran_dd", "terran_ca"))
    assert state["war"]["track"] == {"5": [dd, dd], "6": [ca]}
    assert state["war"]["resources"][TERRAN] == 60 - 5 - 5 - 15


def test_9_0_the_production_chart() -> None:
    state = building()
    prices = {
        item: cost(state, item)
        for item in ("terran_b", "imperial_b1", "terran_bb", "imperial_bb", "terran_m")
    }
    assert prices == {
        "terran_b": 20,
        "imperial_b1": 16,
        "terran_bb": 24,
        "imperial_bb": 23,
        "terran_m": 8,
    }
    assert [cost(state, k) for k in ("outpost", "infantry", "drop", "terran_battery")] == [
        4,
        2,
        4,
        10,
    ]


def test_16_0_construction_costs_double_in_peace() -> None:
    state = building()
    state["war"]["peace"] = 5
    assert cost(state, "terran_dd") == 10 and cost(state, "outpost") == 8


def test_9_0_only_what_the_stockpile_pays_for() -> None:
    state = building(money=5)
    builds = {a["build"] for a in legal(state, TERRAN) if "build" in a}
    assert "terran_dd" in builds and "terran_cl" not in builds
    assert {"done": True} in legal(state, TERRAN)


def test_9_0_the_imperium_builds_cr_ca_b1_b2_bb_only_with_permission() -> None:
    state = building()
    codes = {t.split("_")[1] for t in buildable(state, IMPERIAL) if t.startswith("imperial_")}
    assert not codes & {"cr", "ca", "b1", "b2", "bb"} and {"dd", "cv", "f"} <= codes
    state["war"]["permissions"] = ["CR", "CA"]  # a military appeal's 8
    assert {"imperial_cr", "imperial_ca"} <= set(buildable(state, IMPERIAL))
    assert set(buildable(building("s7"), IMPERIAL)) >= {"imperial_cr", "imperial_bb"}


def test_9_0_i110_no_earth_bb_before_a_battleship_is_destroyed() -> None:
    state = building()
    assert "terran_bb" not in buildable(state, TERRAN)
    state["war"]["earth_bb"] = True
    assert "terran_bb" in buildable(state, TERRAN)


def test_9_0_the_production_chart_s_none() -> None:
    state = building()
    assert not {"terran_cr", "terran_b2", "imperial_tb"} & set(
        buildable(state, TERRAN) + buildable(state, IMPERIAL)
    )


def test_9_0_the_counter_mix_caps_building() -> None:
    state = building("s8")
    state["war"]["earth_bb"] = True
    earth = buildable(state, TERRAN)
    assert "terran_bb" not in earth and "terran_ca" not in earth  # all in play
    assert "infantry" not in earth and "drop" not in earth and "terran_battery" not in earth
    assert "terran_dd" not in earth and "terran_f" in earth  # 16 of 21 fighters


def test_9_0_infantry_is_drawn_at_random_and_told_to_its_owner() -> None:
    ctx = scripted([], seed=11)
    state = building()
    act(ctx, state, TERRAN, {"build": "infantry"})
    (arrival,) = state["war"]["track"]["2"]
    assert arrival["type"].startswith("terran_infantry_")
    said = [e for e in ctx.events if e.get("rule") == "9.0"]
    assert said[-1]["to"] == [TERRAN]


def test_9_0_i101_outposts_need_a_free_marker() -> None:
    state = building()
    assert "outpost" in buildable(state, TERRAN)
    for n in range(26 - 13):
        state["war"]["planets"][f"p{n}"] = {"marker": "outpost", "owner": TERRAN}
    assert "outpost" not in buildable(state, TERRAN)


@pytest.mark.parametrize("money", [0, 60])
def test_4_0_earth_builds_first_then_the_imperium_then_the_first_action_segment(
    money: int,
) -> None:
    state = building(money=money)
    assert legal(state, IMPERIAL) == []
    act(CTX, state, TERRAN, {"done": True})
    assert legal(state, TERRAN) == []
    act(scripted([5, 2]), state, IMPERIAL, {"done": True})  # 10.0: the initiative dice
    assert state["war"]["phase"] == "segment_1"
    assert state["step"] == {"kind": "segment", "side": TERRAN}


def test_16_0_i115_an_outpost_on_a_type_a_planet_becomes_a_world_after_4_payments() -> None:
    state = building(money=60)
    state["war"]["peace"] = 6
    state["war"]["planets"]["lagash"] = {"marker": "outpost", "owner": IMPERIAL}  # A3
    assert [a for a in legal(state, IMPERIAL) if "upgrade" in a] == []  # Earth's turn
    assert {"upgrade": "nusku"} not in legal(state, TERRAN)
    act(CTX, state, TERRAN, {"done": True})
    assert {"upgrade": "lagash"} in legal(state, IMPERIAL)
    assert {"upgrade": "apishal"} not in legal(state, IMPERIAL)  # N1: never a World
    for turn in range(1, 5):
        state["war"]["turn"] = turn
        act(CTX, state, IMPERIAL, {"upgrade": "lagash"})
        assert {"upgrade": "lagash"} not in legal(state, IMPERIAL)  # once a turn
    assert state["war"]["planets"]["lagash"] == {"marker": "world", "owner": IMPERIAL}
    assert state["war"]["resources"][IMPERIAL] == 60 - 4 * 10  # not doubled in peace


def test_16_0_no_upgrade_at_war() -> None:
    state = building()
    state["war"]["planets"]["lagash"] = {"marker": "outpost", "owner": IMPERIAL}
    act(CTX, state, TERRAN, {"done": True})
    assert [a for a in legal(state, IMPERIAL) if "upgrade" in a] == []
