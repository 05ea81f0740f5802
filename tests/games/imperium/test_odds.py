"""Exact odds of one attack: beams (12.6), torpedoes against countermeasures (12.7), surface
combat (13.4), each with what its hits do to the target (12.8). Every figure is worked out by
hand in the test's docstring or comment."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest
from typer.testing import CliRunner

from games.imperium.helpers import fight
from games.imperium.test_planetary import on_surface
from wartable.cli import app
from wartable.games.imperium import RULES

runner = CliRunner(env={"COLUMNS": "200"})


def ask(**query: Any) -> dict[str, Any]:
    answer = RULES.odds(None, None, {k: str(v) for k, v in query.items()})
    assert answer is not None
    data: dict[str, Any] = answer["data"]
    return data


def exact(data: dict[str, Any]) -> tuple[F, F, F]:
    return F(data["destroyed"]), F(data["damaged"]), F(data["unhurt"])


def test_12_6_12_8_four_beams_in_the_same_area_against_screens_1() -> None:
    """4 dice hitting on 4-6 (p = 1/2): k hits with C(4,k)/16. Screens 1: 1-2 hits damage it,
    3 (three times the screens) destroy it: 5/16 destroyed, 10/16 damaged, 1/16 unhurt."""
    data = ask(weapon="beams", dice=4, distance=0, defence=1)
    assert [F(p) for p in data["hits"]] == [F(1, 16), F(4, 16), F(6, 16), F(4, 16), F(1, 16)]
    assert data["need"] == 4
    assert exact(data) == (F(5, 16), F(10, 16), F(1, 16))


def test_12_6_beams_one_area_away_hit_only_on_a_6() -> None:
    """4 dice on a 6: none 625/1296; 1 hit 500/1296, 2 hits 150/1296 (damaged: 650/1296);
    3 or 4 hits 20/1296 + 1/1296 (destroyed: 21/1296)."""
    data = ask(weapon="beams", dice=4, distance=1, defence=1)
    assert data["need"] == 6
    assert exact(data) == (F(21, 1296), F(650, 1296), F(625, 1296))


def test_12_6_only_a_capital_ships_beams_reach_two_areas() -> None:
    """9 dice on a 6 against screens 3: 3-8 hits damage (9 would destroy): P(9) = 6^-9."""
    data = ask(weapon="beams", dice=9, distance=2, defence=3, capital=1)
    low = sum(F(1, 6) ** k * F(5, 6) ** (9 - k) * [1, 9, 36][k] for k in range(3))
    assert exact(data) == (F(1, 6**9), 1 - low - F(1, 6**9), low)
    with pytest.raises(ValueError, match="do not reach 2 areas"):
        ask(weapon="beams", dice=4, distance=2, defence=1)


def test_12_7_torpedoes_and_the_targets_countermeasures() -> None:
    """2 torpedo dice one area away hit on 5-6 (p = 1/3): 0, 1, 2 hits with 4/9, 4/9, 1/9.
    The target's 2 countermeasure dice save 0, 1, 2 with 25/36, 10/36, 1/36, each 6 cancelling
    a hit. Net 2 hits: 1/9 x 25/36 = 25/324; net 1: 4/9 x 25/36 + 1/9 x 10/36 = 110/324;
    net 0: the rest, 189/324 = 7/12. Screens 1: damaged 135/324 = 5/12 (never 3 hits)."""
    data = ask(weapon="torpedoes", dice=2, distance=1, defence=1, cm=2)
    assert [F(p) for p in data["hits"]] == [F(7, 12), F(110, 324), F(25, 324)]
    assert exact(data) == (F(0), F(5, 12), F(7, 12))


def test_12_7_torpedoes_reach_three_areas_on_a_6() -> None:
    """3 dice on a 6 at three areas, no countermeasures, screens 1: 1-2 hits (75 + 15)/216."""
    data = ask(weapon="torpedoes", dice=3, distance=3, defence=1)
    assert data["need"] == 6
    assert exact(data) == (F(1, 216), F(90, 216), F(125, 216))
    with pytest.raises(ValueError, match="do not reach 4 areas"):
        ask(weapon="torpedoes", dice=3, distance=4, defence=1)


def test_12_8_a_damaged_ship_or_one_with_no_damaged_side_is_destroyed_by_its_screens() -> None:
    """2 beams on 4-6 against screens 1: any hit (3/4) destroys a damaged ship or a TR."""
    assert exact(ask(weapon="beams", dice=2, distance=0, defence=1, damaged=1)) == (
        F(3, 4),
        F(0),
        F(1, 4),
    )
    assert exact(ask(weapon="beams", dice=2, distance=0, defence=1, flips=0))[0] == F(3, 4)


def test_13_4_a_units_fire_in_surface_combat_hits_on_a_6() -> None:
    """6 dice, each 6 a hit, against defence 2: 6 hits destroy it (6^-6); 0-1 hits leave it
    (5^6 + 6 x 5^5 = 34375 of 46656); 2-5 hits reduce it."""
    data = ask(weapon="surface", dice=6, defence=2)
    assert exact(data) == (F(1, 46656), 1 - F(34376, 46656), F(34375, 46656))


def test_odds_of_a_shot_in_a_game_as_it_stands() -> None:
    """A CL and a DD in one area (12.6): the CL's 4 beams on 4-6 against the DD's screens 1
    (5/16 destroyed), its 2 torpedoes on 5-6 against 2 countermeasure dice (5/12 damaged)."""
    g = fight(("terran", "terran_cl", "224"), ("imperial", "imperial_dd", "224"))
    answer = g.odds("terran", {"shooter": "T1"})
    assert answer is not None
    rows = answer["data"]["rows"]
    assert [(r["target"], r["exact"]["weapon"]) for r in rows] == [
        ("I1", "beams"),
        ("I1", "torpedoes"),
    ]
    assert F(rows[0]["exact"]["destroyed"]) == F(5, 16)
    assert F(rows[1]["exact"]["damaged"]) == F(5, 12)
    assert "DD I1" in answer["text"]["en"]


def test_a_bad_question_names_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="weapon must be one of beams, torpedoes, surface"):
        ask(weapon="lasers", dice=1, defence=1)
    with pytest.raises(ValueError, match="unknown odds question 'hex'"):
        ask(hex="C08")
    with pytest.raises(ValueError, match="give defence=N"):
        ask(weapon="beams", dice=1)
    with pytest.raises(ValueError, match="needs a game"):
        ask(shooter="T1")


def test_wartable_odds_imperium_at_the_command_line() -> None:
    result = runner.invoke(
        app, ["odds", "imperium", "weapon=beams", "dice=4", "distance=0", "defence=1"]
    )
    assert result.exit_code == 0, result.output
    assert "destroyed 31.2%, damaged 62.5%, unhurt 6.2%" in result.output
    result = runner.invoke(
        app,
        [
            "odds",
            "imperium",
            "weapon=torpedoes",
            "dice=2",
            "distance=1",
            "defence=1",
            "cm=2",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert '"unhurt": "7/12"' in result.output


def test_13_4_a_fighter_in_surface_combat_reduces_troops_but_never_eliminates_them() -> None:
    """Seed 1's Terran T4 is infantry (defence 2) with the Imperial fighter I1 (2 torpedo
    dice) and drop troops I15 (4 dice, 4-2) in its hex. The troops' 4 dice, each 6 a hit:
    2-3 hits reduce it (150 + 20 of 1296), 4 could not destroy it (6 needed). The fighter's 2
    dice: 2 hits (1/36) would destroy it as in 12.8, but fighters only reduce troops (13.4)."""
    state, _ = on_surface({"I1": "D2", "I15": "D2", "T4": "D2"}, [])
    troops = RULES.odds(state, "terran", {"shooter": "I15", "target": "T4"})
    fighter = RULES.odds(state, "terran", {"shooter": "I1", "target": "T4"})
    assert troops is not None and fighter is not None
    assert exact(troops["data"]["rows"][0]["exact"]) == (F(0), F(171, 1296), F(1125, 1296))
    assert exact(fighter["data"]["rows"][0]["exact"]) == (F(0), F(1, 36), F(35, 36))


def test_a_ship_with_no_enemy_in_reach_is_told_so_not_refused() -> None:
    """12.6, 12.7: beams reach 1 area (a light ship), torpedoes 3; 4 areas off, nothing."""
    g = fight(("terran", "terran_cl", "111"), ("imperial", "imperial_dd", "115"))
    answer = g.odds("terran", {"shooter": "T1"})
    assert answer is not None and answer["data"]["rows"] == []
    assert answer["text"]["en"] == "T1 has no enemy in range now"
