"""The galactic war through the game: `options={"scenario": 6}` (or "s6", 7, 8, "campaign")
starts a war, and every war scenario passes the conformance kit with random play — the set-up,
the administrative segment, the action segments, movement, the space battles and planet attacks
fought by part 1, the close-out — its secrets included (D.1, ruling I121: fleets, cargo, planet
boxes, the troops on the turn record track): views, logs, records and determinized copies.

A war game is long (1,000-9,000 random decisions), so each scenario plays one game (scenario 6,
the shortest, two), probed every 100th decision. The orders a player may give read only what
he knows of the enemy (`war.knowledge`: Q8's retreats, 13.0's attacks and landings, Q7's
monitors; rulings I127-I129), so other seeds pass too; one game plays the optional rules of
17.1-17.3 (options ``deep_space``, ``stealth``, ``terraforming``)."""

from __future__ import annotations

import pytest

import wartable
from wartable.engine import OptionError
from wartable.engine.conformance import check_game
from wartable.games.imperium import RULES
from wartable.games.imperium.components import SIDES


@pytest.mark.parametrize(
    ("chosen", "war"), [(6, "s6"), ("7", "s7"), ("s8", "s8"), ("campaign", "campaign")]
)
def test_sc6_sc8_the_scenario_option_starts_a_war_at_its_set_up(chosen: object, war: str) -> None:
    g = wartable.new_game("imperium", seed=1, options={"scenario": chosen})
    assert g.state["war"]["scenario"] == war and g.state["war"]["phase"] == "setup"
    assert g.to_act == (SIDES[0],)  # 4.0: Earth sets up first
    assert "war" in g.view(SIDES[1])["board"] and g.state["battle"] is None


def test_the_scenario_option_names_the_wars_among_the_choices() -> None:
    with pytest.raises(OptionError, match="campaign"):
        wartable.new_game("imperium", seed=1, options={"scenario": 9})


@pytest.mark.parametrize(("scenario", "seed", "games"), [("s6", 0, 2), ("s7", 3, 1), ("s8", 2, 1)])
def test_the_war_scenarios_pass_the_conformance_kit(scenario: str, seed: int, games: int) -> None:
    options = {"scenario": scenario}
    report = check_game(RULES, games=games, seed=seed, check_every=100, options=options)
    assert report.games == games and report.varied_positions > 0


def test_i123_the_campaign_passes_the_conformance_kit_ending_after_two_wars() -> None:
    options = {"scenario": "campaign", "campaign_wars": 2}
    report = check_game(RULES, games=1, check_every=100, options=options)
    assert report.games == 1 and report.varied_positions > 0


def test_17_1_17_2_17_3_the_optional_rules_pass_the_conformance_kit() -> None:
    options = {"scenario": "s6", "deep_space": True, "stealth": True, "terraforming": True}
    report = check_game(RULES, games=1, seed=1, check_every=100, options=options)
    assert report.games == 1 and report.varied_positions > 0
