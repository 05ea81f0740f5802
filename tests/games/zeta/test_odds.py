"""Exact odds of a combat step (wartable.games.zeta.odds): the distribution of one side's hits in
air combat (21), AA fire (22), bombing (23) and bombardment (24), checked against figures worked
out by hand from the value-list rule (digest 0.2: a hit for each value at or above the die)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.zeta.helpers import game
from wartable.games.zeta.odds import Fire, answer, distribution, one_die


def exact(query: dict[str, str], state: object = None) -> dict[int, F]:
    data = answer(state, None, query)["data"]  # type: ignore[arg-type]
    return {int(n): F(p) for n, p in data["exact"].items()}


def test_0_2_21_5_one_die_against_a_value_list() -> None:
    """Rule 21.5 with the digest's example 4·2: 1-2 two hits, 3-4 one, 5-6 none; GM II's 3·1:
    a 1 two hits, 2-3 one, 4-6 none."""
    assert one_die((4, 2)) == {0: F(1, 3), 1: F(1, 3), 2: F(1, 3)}
    assert exact({"step": "air", "units": "gm2"}) == {0: F(1, 2), 1: F(1, 3), 2: F(1, 6)}


def test_21_6_a_pilot_s_ms_attack_adds_dice() -> None:
    """Rule 21.6: Kamille ① (MS attack 1) in the Gundam Mk-II (air 4·2·1) rolls 2 dice; one die
    is 0, 1, 2, 3 hits with 2/6, 2/6, 1/6, 1/6, so two dice (by hand):"""
    assert exact({"step": "air", "units": "gundam_mk2/kamille_1"}) == {
        0: F(1, 9),
        1: F(2, 9),
        2: F(2, 9),
        3: F(2, 9),
        4: F(5, 36),
        5: F(1, 18),
        6: F(1, 36),
    }
    data = answer(None, None, {"step": "air", "units": "gundam_mk2/kamille_1"})["data"]
    assert data["mean"] == pytest.approx(7 / 3)
    assert data["fires"] == [{"what": "gundam_mk2", "dice": 2, "values": [4, 2, 1]}]


def test_21_7_a_side_s_hits_are_added() -> None:
    """Rule 21.7: two GM II are two independent dice of 3·1: no hit 1/4, four hits 1/36."""
    hits = exact({"step": "air", "units": "gm2,gm2"})
    assert hits[0] == F(1, 4) and hits[4] == F(1, 36) and sum(hits.values()) == 1


def test_22_3_22_5_22_6_aa_fire_of_ships_captains_and_a_base() -> None:
    """Rules 22.3, 22.5: the Argama (3 AA guns, 2·1) with Henken (ship attack 1) as captain
    rolls 4 dice, each no hit 4/6: no hit at all (2/3)^4; 22.6: Granada at level 3 (attack 4)
    adds 4 dice of 2·1."""
    hits = exact({"step": "aa", "units": "argama/henken"})
    assert hits[0] == F(16, 81) and hits[8] == F(1, 6**4)
    with_base = exact({"step": "aa", "units": "argama/henken", "base": "granada:3"})
    assert with_base[0] == F(2, 3) ** 8
    assert answer(None, None, {"step": "aa", "units": "argama/henken"})["data"]["mean"] == 2


def test_23_4_25_4_a_damaged_ms_bombs_with_its_back_values() -> None:
    """Rules 23.4, 25.4: the Rick Dias on its back bombs with 2·1 (front 3·2)."""
    assert exact({"step": "bombing", "units": "rick_dias*"}) == {0: F(2, 3), 1: F(1, 6), 2: F(1, 6)}
    assert exact({"step": "bombing", "units": "rick_dias"}) == {0: F(1, 2), 1: F(1, 6), 2: F(1, 3)}


def test_24_4_24_7_bombardment_of_a_ship_and_a_base() -> None:
    """Rules 24.4-24.5: the Salamis Kai fires 2 guns of 3·1 (a 1 two hits, 2-3 one): no hit
    1/4, four hits 1/36, 4/3 on average; 24.7: Granada at level 3 adds 4 dice of 3·1."""
    hits = exact({"step": "bombardment", "units": "salamis_kai"})
    assert hits[0] == F(1, 4) and hits[4] == F(1, 36)
    data = answer(None, None, {"step": "bombardment", "units": "salamis_kai", "base": "granada:3"})
    assert data["data"]["mean"] == pytest.approx(4.0)
    assert [f["dice"] for f in data["data"]["fires"]] == [2, 4]
    # a political base fires nothing (22.6, 24.7 name military bases)
    assert exact({"step": "bombardment", "base": "von_braun:3"}) == {0: F(1)}


def test_odds_of_a_step_in_a_game_as_it_stands() -> None:
    """Rule 38's Titans at Green Noa (D4): six Hizack (air 3·1) in air combat, no pilots aboard
    (no hit (1/2)^6); AA from the Alexandria (3), the Salamis Kai (2) and Green Noa at level 3
    (attack 4): nine dice of 2·1, no hit (2/3)^9."""
    g = game()
    air = exact({"step": "air", "at": "space:D4", "faction": "titans"}, g.state)
    assert air[0] == F(1, 64) and air[12] == F(1, 6**6)
    aa = exact({"step": "aa", "at": "space:D4", "faction": "titans"}, g.state)
    assert aa[0] == F(2, 3) ** 9
    text = answer(g.state, "aeug", {"step": "aa", "at": "space:D4", "faction": "titans"})["text"]
    assert "rule 22.3" in text["en"] and "9 dice" in text["en"] and "ルール22.3" in text["ja"]


def test_the_distribution_of_no_dice_is_no_hit() -> None:
    assert distribution([]) == {0: F(1)}
    assert distribution([Fire("x", 0, (6, 6))]) == {0: F(1)}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"step": "melee", "units": "gm2"}, "step= must be one of"),
        ({"step": "air", "units": "zaku"}, "no unit type 'zaku'"),
        ({"step": "air", "units": "argama"}, "argama is no MS"),
        ({"step": "aa", "units": "gm2"}, "gm2 is no ship"),
        ({"step": "air", "units": "gm2/nobody"}, "no character 'nobody'"),
        ({"step": "aa", "base": "granada:5"}, "level 1-3"),
    ],
)
def test_a_question_that_is_not_one_is_refused(query: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        answer(None, None, query)
