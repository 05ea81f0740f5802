"""Rule 17.4, the optional simplified combat resolution (option ``simplified``), with the dice
fixed: beams and torpedoes resolved together, area against area, the firing side giving the
hits (ruling I41)."""

from __future__ import annotations

from games.imperium.helpers import begun, fight
from support.dice import script_game
from wartable.engine import Game
from wartable.engine.conformance import check_game
from wartable.games.imperium import RULES, simplified

BEAMS = 2  # index of 12.3's step 4 in battle.ROUND


def start(g: Game, faces: list[int]) -> None:
    g.state["options"]["simplified"] = True
    script_game(g, faces)
    begun(g, simplified.begin(g._ctx, g.state))


def test_17_4_beams_and_torpedoes_fire_together_and_the_torpedo_step_is_skipped() -> None:
    g = fight(("terran", "terran_cl", "224"), ("imperial", "imperial_dd", "224"), at=BEAMS)
    start(g, [4, 3, 6, 1, 1, 1, 1, 1, 4])
    assert g.state["step"] == {"kind": "volley", "side": "imperial", "weapon": "simplified"}
    assert g.legal_actions("imperial") == [{"volley": "224", "at": "224"}, {"done": True}]
    g.apply("imperial", {"volley": "224", "at": "224"})  # the DD's beam 1 + torpedo 2: 4, 3, 6
    assert g.legal_actions("imperial") == [{"hit": "T1"}]
    g.apply("imperial", {"hit": "T1"})
    g.apply("imperial", {"hit": "T1"})
    assert not g.state["units"]["T1"]["damaged"]  # fire is simultaneous (12.3, 17.4)
    g.apply("terran", {"volley": "224", "at": "224"})  # the CL's 4 + 2 dice: one 4
    g.apply("terran", {"hit": "I1"})
    assert g.state["units"]["T1"]["damaged"] and g.state["units"]["I1"]["damaged"]  # 12.8
    rolls = [(e["by"], e["count"], e["rule"]) for e in g.events if e["kind"] == "roll"]
    assert rolls[-2:] == [("imperial", 3, "17.4"), ("terran", 6, "17.4")]  # no countermeasures
    assert g.state["battle"]["step"] > BEAMS + 1  # step 5, the torpedoes, is skipped
    assert g.state["step"]["kind"] == "move"


def test_17_4_i41_each_weapon_counts_where_its_range_reaches_hits_by_distance() -> None:
    g = fight(
        ("terran", "terran_cl", "224"),  # beams 4 (range 1), torpedoes 2
        ("terran", "terran_bb", "224"),  # beams 9 (range 2, a capital ship), torpedoes 8
        ("imperial", "imperial_dd", "244"),
    )
    dice = [simplified.dice(g.state, "terran", "224", t) for t in ("224", "234", "244", "254")]
    assert dice == [23, 23, 2 + 17, 2 + 8]
    assert simplified.dice(g.state, "terran", "224", "255") == 0  # 4 areas: out of range
    assert simplified.HIT_ON == {0: 4, 1: 5, 2: 5, 3: 6}


def test_17_4_i41_a_capital_ship_takes_at_most_half_the_hits_the_rest_are_lost() -> None:
    g = fight(
        ("terran", "terran_tb", "224"),
        ("imperial", "imperial_bb", "224"),
        ("imperial", "imperial_dd", "224"),
        initiative="imperial",
        at=BEAMS,
    )
    start(g, [6, 6, 6, 6, 6])
    g.apply("terran", {"volley": "224", "at": "224"})  # 5 hits: the BB takes 3 at most
    for _ in range(3):
        assert g.legal_actions("terran") == [{"hit": "I1"}, {"hit": "I2"}]
        g.apply("terran", {"hit": "I1"})
    assert g.legal_actions("terran") == [{"hit": "I2"}]
    g.apply("terran", {"hit": "I2"})
    g.apply("terran", {"hit": "I2"})
    assert g.state["battle"]["fire"]["hits"] == {"I1": 3, "I2": 2}

    lone = fight(
        ("terran", "terran_tb", "224"),
        ("imperial", "imperial_bb", "224"),
        initiative="imperial",
        at=BEAMS,
    )
    start(lone, [6, 6, 6, 6, 6, 1])
    lone.apply("terran", {"volley": "224", "at": "224"})
    for _ in range(3):
        lone.apply("terran", {"hit": "I1"})
    assert lone.state["step"]["side"] == "imperial"  # two hits no ship may take: lost
    assert lone.state["battle"]["fire"]["hits"] == {"I1": 3}


def test_17_4_is_an_option_both_players_agree_to() -> None:
    assert RULES.default_options()["simplified"] is False
    for scenario in ("s2", "s4", "s5"):
        options = {"scenario": scenario, "simplified": True}
        assert check_game(RULES, games=1, check_every=50, options=options).games == 1
