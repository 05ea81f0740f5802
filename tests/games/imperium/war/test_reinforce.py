"""Reinforcements (rule 8.0, Q3, Q4) as decisions: where the units due this turn come in."""

from __future__ import annotations

from games.imperium.war.helpers import act, land, legal, war
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war import reinforce
from wartable.games.imperium.war.reinforce import places
from wartable.games.imperium.war.state import new_fleet, pool

CTX = scripted([], seed=3)


def arriving(state: State, *arrivals: tuple[str, str], temporary: bool = False) -> None:
    """Turn 2's reinforcements phase with these (side, type) arrivals."""
    state["war"].update(turn=2, phase="reinforcements")
    extra = {"temporary": True} if temporary else {}
    state["war"]["track"]["2"] = [{"side": s, "type": t, **extra} for s, t in arrivals]
    reinforce.begin(CTX, state)


def waiting(state: State, side: str) -> list[str]:
    return [uid for uid, u in state["units"].items() if u["at"] == pool(side)]


def test_8_0_units_due_this_turn_arrive_on_the_worlds_of_their_side() -> None:
    state = war("s6")
    arriving(state, (TERRAN, "terran_dd"))
    (dd,) = waiting(state, TERRAN)
    assert places(state, dd) == [
        "fleet:sol_1",
        "fleet:alpha_centauri_a",
        "fleet:alpha_centauri_b",
    ]
    assert state["war"]["track"] == {}


def test_8_0_the_spread_rule_one_unit_a_world_until_each_has_one() -> None:
    state = war("s6")
    arriving(state, *[(TERRAN, "terran_dd")] * 4)
    worlds = ["sol_1", "alpha_centauri_a", "alpha_centauri_b"]
    for placed, world in enumerate(worlds):
        dd = waiting(state, TERRAN)[0]
        assert places(state, dd) == [f"fleet:{w}" for w in worlds[placed:]]
        act(CTX, state, TERRAN, {"place": dd, "at": f"fleet:{world}"})
    assert len(places(state, waiting(state, TERRAN)[0])) == 3  # every World has had one


def test_q3_a_new_fleet_marker_where_a_world_has_none() -> None:
    state = war("s6")
    arriving(state, (TERRAN, "terran_dd"))
    act(CTX, state, TERRAN, {"place": waiting(state, TERRAN)[0], "at": "fleet:alpha_centauri_b"})
    assert state["war"]["fleets"]["TF2"] == {
        "side": TERRAN,
        "system": "alpha_centauri_b",
        "moved": False,
    }


def test_q4_with_no_unused_marker_the_ships_wait_for_next_turn() -> None:
    state = war("s6")
    for _ in range(11):
        new_fleet(state, TERRAN, "midway")  # TF2-TF12: every marker in use
    arriving(state, (TERRAN, "terran_cl"))
    assert places(state, waiting(state, TERRAN)[0]) == ["fleet:sol_1"]  # TF1 is at Sol
    state = war("s6")
    state["war"]["fleets"]["TF1"]["system"] = "midway"
    for _ in range(11):
        new_fleet(state, TERRAN, "midway")
    arriving(state, (TERRAN, "terran_cl"), (IMPERIAL, "imperial_dd"))
    assert waiting(state, TERRAN) == []
    assert state["war"]["track"]["3"] == [{"side": TERRAN, "type": "terran_cl"}]
    assert legal(state, IMPERIAL)  # the Imperium places its own


def test_8_0_not_on_a_contested_world() -> None:
    state = war("s6")
    land(state, IMPERIAL, "alpha_centauri_b", "imperial_drop_5")
    arriving(state, (TERRAN, "terran_battery"))
    boxes = places(state, waiting(state, TERRAN)[0])
    assert "box:alpha_centauri_b" not in boxes and "box:sol_1" in boxes


def test_8_0_i109_cargo_arrives_aboard_an_empty_arriving_transport_outside_the_spread() -> None:
    state = war("s6")
    arriving(state, (TERRAN, "terran_tr"), (TERRAN, "terran_infantry_4"), (TERRAN, "outpost"))
    tr, infantry, outpost = waiting(state, TERRAN)
    assert places(state, outpost) == []  # no transport has arrived yet
    act(CTX, state, TERRAN, {"place": tr, "at": "fleet:sol_1"})
    assert f"aboard:{tr}" in places(state, infantry)
    assert "box:sol_1" not in places(state, infantry)  # Sol has had its unit
    act(CTX, state, TERRAN, {"place": infantry, "at": f"aboard:{tr}"})
    assert state["units"][infantry]["aboard"] == tr
    # one unit a transport (11.5): the outpost has no place left and waits for next turn (Q4)
    assert state["war"]["track"]["3"] == [{"side": TERRAN, "type": "outpost"}]
    assert state["war"]["phase"] == "construction"


def test_8_0_i109_temporary_imperial_forces_come_together_to_one_home() -> None:
    state = war("s6")
    arriving(state, (IMPERIAL, "imperial_ca"), (IMPERIAL, "imperial_ca"), temporary=True)
    first, second = waiting(state, IMPERIAL)
    assert places(state, first) == ["fleet:dingir", "fleet:gashidda", "fleet:ishkur"]
    act(CTX, state, IMPERIAL, {"place": first, "at": "fleet:ishkur"})
    assert places(state, second) == ["fleet:ishkur"]
    act(CTX, state, IMPERIAL, {"place": second, "at": "fleet:ishkur"})
    assert state["war"]["temporary"] == ["imperial_ca", "imperial_ca"]  # 6.3


def test_4_0_after_the_reinforcements_the_construction() -> None:
    state = war("s6")
    arriving(state, (IMPERIAL, "imperial_dd"))
    assert legal(state, TERRAN) == []
    act(CTX, state, IMPERIAL, {"place": waiting(state, IMPERIAL)[0], "at": "fleet:lagash"})
    assert state["war"]["phase"] == "construction"
    assert state["step"] == {"kind": "build", "side": TERRAN}
