"""The initial positions: scenarios 1-5 of the book (their forces and set-up, Q1) and a space
battle of the galactic war (rule 12.2), with 9.0's random selection and 12.5's stacking."""

from __future__ import annotations

from collections import Counter

import pytest

from games.imperium.helpers import C, fresh, types_at
from support.dice import scripted
from wartable.engine import Context, State
from wartable.engine.dice import Dice
from wartable.games.imperium.setup import (
    galactic_battle,
    legal_areas,
    new_game_state,
    place,
    roll_entry,
)
from wartable.games.imperium.state import add_unit, new_state

AROUND_233 = {"223", "243", "232", "234", "133", "333"}


def group(state: State, side: str) -> dict:  # type: ignore[type-arg]
    return next(g for g in state["battle"]["groups"] if g["side"] == side)


def strengths(state: State, side: str, kind: str) -> list[int]:
    return sorted(
        C.ground[u["type"]].front.combat
        for u in state["units"].values()
        if u["side"] == side and u["type"] in C.ground and C.ground[u["type"]].kind == kind
    )


def test_sc1_the_battle_of_earth() -> None:
    """Sc1: the Earth defends from the planet box of Sol 1 (placed on the map by 13.2); the
    Imperials are in orbit with their transports, to land (13.3)."""
    state = fresh("s1")
    box = types_at(state, "box:sol_1")
    assert box["terran_f"] == 2 and box.total() == 8
    orbit = types_at(state, "fleet:IF1")
    assert (orbit["imperial_f"], orbit["imperial_tr"], orbit["imperial_at"]) == (2, 8, 4)
    assert orbit.total() == 14 + 4 + 7
    assert len(strengths(state, "terran", "drop")) == 1
    assert len(strengths(state, "terran", "infantry")) == 5
    assert len(strengths(state, "imperial", "drop")) == 4
    assert len(strengths(state, "imperial", "infantry")) == 7
    battle = state["battle"]
    assert battle == {
        "kind": "planetary",
        "planet": "sol_1",
        "invader": "imperial",
        "fleets": ["fleet:IF1"],
        "box": "box:sol_1",
        "world": "terran",
        "round": 0,
        "rounds": 3,
        "hexes": {},
        "destroyed": {"terran": [], "imperial": []},
    }


def test_9_0_i15_random_selection_draws_from_the_counters_of_the_mix() -> None:
    """Sc1's infantry and drop troops are drawn at random from the counters (9.0): the seed
    decides which, never more of a strength than the mix holds."""
    seen = set()
    for seed in range(20):
        state = fresh("s1", seed)
        infantry = strengths(state, "imperial", "infantry")
        assert not Counter(infantry) - Counter([3, 4, 4, 4, 5, 5, 5, 6])
        assert not Counter(strengths(state, "imperial", "drop")) - Counter([4, 4, 5, 5, 6])
        seen.add(tuple(infantry))
        assert fresh("s1", seed)["units"] == state["units"]  # the same seed, the same draw
    assert len(seen) > 1


def test_9_0_the_draw_is_said_in_the_log() -> None:
    ctx = Context(Dice(3), [])
    new_game_state(ctx, {"data": {}, "scenario": "s1"})
    said = [e for e in ctx.events if e.get("rule") == "9.0"]
    assert len(said) == 4 and "draws 5 at random" in said[1]["msg"]["en"]


def test_sc2_earth_sets_up_anywhere_within_2_areas_of_the_planet() -> None:
    state = fresh("s2")
    earth = group(state, "terran")
    within = {a for a in C.board.areas if 0 < C.board.distance(a, "233") <= 2}
    assert set(earth["zone"]) == within and len(within) == 6 + 16
    assert Counter(state["units"][u]["type"] for u in earth["units"])["terran_f"] == 1
    first, second = earth["units"][:2]
    place(state, first, "223")
    assert "253" in legal_areas(state, second)  # any area of the zone, not only the first's
    assert "113" not in legal_areas(state, second)  # 3 areas from 233
    assert state["battle"]["planet"] is True  # ruling I10: Barnard's Star fills 233


def test_q1_12_2_the_side_that_enters_sets_up_last_once_it_has_rolled() -> None:
    state = fresh("s2")
    groups = state["battle"]["groups"]
    assert [g["side"] for g in groups] == ["terran", "imperial"]
    imperial = groups[1]
    assert imperial["zone"] is None and legal_areas(state, imperial["units"][0]) == []
    assert state["battle"]["mover"] == "imperial"


def test_sc3_sc4_the_imperials_set_up_in_a_single_area() -> None:
    for scenario in ("s3", "s4"):
        state = fresh(scenario)
        imperial = group(state, "imperial")
        first, *rest = imperial["units"]
        assert "233" not in legal_areas(state, first)
        assert "212" not in legal_areas(state, first)  # 3 areas from 233
        place(state, first, "222")
        assert all(legal_areas(state, u) == ["222"] for u in rest)


def test_sc4_i17_the_fighters_start_aboard_the_carriers() -> None:
    state = fresh("s4")
    earth = group(state, "terran")
    carriers = [u for u, x in state["units"].items() if x["type"] == "terran_cv"]
    fighters = [u for u, x in state["units"].items() if x["type"] == "terran_f"]
    assert len(fighters) == 6 and not set(fighters) & set(earth["units"])
    assert Counter(state["units"][f]["aboard"] for f in fighters) == dict.fromkeys(carriers, 3)
    assert all(state["units"][f]["at"] is None for f in fighters)
    assert len(earth["units"]) == 2 + 1 + 3 + 1


def test_sc5_q2_i11_earth_sets_up_in_an_area_and_the_areas_adjacent_to_it() -> None:
    state = fresh("s5")
    assert state["battle"]["planet"] is False  # Q2: Earth may set up in 233 itself
    earth = group(state, "terran")
    ships = earth["units"]
    assert "233" in legal_areas(state, ships[0])
    place(state, ships[0], "233")
    place(state, ships[1], "223")
    # now a cluster around 233 or 223 (or an area next to both) holds them all
    assert set(legal_areas(state, ships[2])) == {
        "233",
        "223",
        "123",
        "213",
        "222",
        "224",
        "323",
        "243",
        "232",
        "234",
        "133",
        "333",
    }
    for uid in ships[2:14]:
        place(state, uid, "243")  # 243 is full (12.5) and only 233's cluster holds all three
    assert set(legal_areas(state, ships[14])) == {"233", "223", "232", "234", "133", "333"}


def test_12_5_i19_twelve_ships_of_a_side_at_most_in_one_area() -> None:
    state = fresh("s5")
    ships = group(state, "terran")["units"]
    for uid in ships[:12]:
        place(state, uid, "233")
    assert "233" not in legal_areas(state, ships[12])
    with pytest.raises(ValueError):
        place(state, ships[12], "233")


def test_12_2_the_entering_side_rolls_a_triangle_then_an_area_rolling_a_6_again() -> None:
    state = fresh("s2")
    ctx = scripted([4, 6, 6, 2])
    roll_entry(ctx, state, 1)
    imperial = state["battle"]["groups"][1]
    assert imperial["entry"] == {"triangle": 4, "area": "252"}
    assert set(imperial["zone"]) == {"252", "242", "253", "152", "352", "251"}
    rolls = [e for e in ctx.events if e["kind"] == "roll"]
    assert [e["dice"] for e in rolls] == [[4], [6], [6], [2]]
    assert all(e["rule"] == "12.2" and e["by"] == "imperial" for e in rolls)
    assert legal_areas(state, imperial["units"][0]) == imperial["zone"]


def war_table() -> State:
    """A system of the galactic war: two Terran fleets (one holding a carrier with a fighter
    aboard) against an Imperial fleet that moved in, a TR with infantry aboard among it."""
    state = new_state({"data": {}})
    for fleet, types in (
        ("fleet:TF1", ["terran_cv", "terran_dd"]),
        ("fleet:TF2", ["terran_cl"]),
        ("fleet:IF1", ["imperial_ca", "imperial_tr"]),
        ("fleet:IF2", ["imperial_dd"]),
    ):
        for type_id in types:
            add_unit(state, "terran" if fleet[6] == "T" else "imperial", type_id, fleet)
    cargo = {"T4": "T1", "I4": "I2"}  # a fighter on the carrier, infantry on the transport
    add_unit(state, "terran", "terran_f", "fleet:TF1")
    add_unit(state, "imperial", "imperial_infantry_5", "fleet:IF1")
    for uid, carrier in cargo.items():
        state["units"][uid].update(at=None, aboard=carrier)
    return state


def test_12_2_a_galactic_battle_keeps_cargo_and_carried_fighters_off_the_board() -> None:
    state = war_table()
    state["battle"] = galactic_battle(
        state, "imperial", ["fleet:IF1"], ["fleet:TF1", "fleet:TF2"], True
    )
    groups = state["battle"]["groups"]
    assert [(g["fleet"], g["units"], g["mode"]) for g in groups] == [
        ("fleet:TF1", ["T1", "T2"], "apart"),
        ("fleet:TF2", ["T3"], "apart"),
        ("fleet:IF1", ["I1", "I2"], "any"),
    ]
    assert set(groups[0]["zone"]) == AROUND_233 and groups[2]["zone"] is None
    assert state["battle"]["rounds"] == 3 and state["battle"]["mover"] == "imperial"


def test_12_2_fleets_that_did_not_move_set_up_apart() -> None:
    state = war_table()
    state["battle"] = galactic_battle(
        state, "imperial", ["fleet:IF1"], ["fleet:TF1", "fleet:TF2"], True
    )
    place(state, "T1", "223")
    assert set(legal_areas(state, "T2")) == AROUND_233  # the same fleet may share
    assert set(legal_areas(state, "T3")) == AROUND_233 - {"223"}


def test_i18_a_fleet_shares_an_area_once_every_area_holds_another_fleet() -> None:
    state = new_state({"data": {}})
    fleets = [f"fleet:TF{n}" for n in range(1, 8)]
    for f in fleets:
        add_unit(state, "terran", "terran_dd", f)
    add_unit(state, "imperial", "imperial_dd", "fleet:IF1")
    state["battle"] = galactic_battle(state, "imperial", ["fleet:IF1"], fleets, True)
    for uid, area in zip([f"T{n}" for n in range(1, 7)], sorted(AROUND_233), strict=True):
        place(state, uid, area)
    assert set(legal_areas(state, "T7")) == AROUND_233


def test_12_2_each_fleet_that_moved_in_rolls_its_own_entry() -> None:
    state = war_table()
    battle = galactic_battle(state, "imperial", ["fleet:IF1", "fleet:IF2"], ["fleet:TF2"], True)
    state["battle"] = battle
    ctx = scripted([1, 3, 6, 5])
    roll_entry(ctx, state, 1)
    roll_entry(ctx, state, 2)
    assert battle["groups"][1]["entry"] == {"triangle": 1, "area": "153"}
    assert battle["groups"][2]["entry"] == {"triangle": 6, "area": "315"}
    assert set(battle["groups"][2]["zone"]) == {"315", "314", "325", "215"}
