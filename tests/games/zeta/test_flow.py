"""Rule 3.1 (the turn sequence) and rule 37 (victory): the phases written so far in order, the
turn counter, sudden death and the end after turn 10."""

from __future__ import annotations

import pytest

from games.zeta.helpers import finish_armament, game
from wartable.engine import OptionError
from wartable.engine.conformance import check_game
from wartable.games.zeta import RULES
from wartable.games.zeta.flow import PHASES


def test_3_1_the_phases_of_a_turn_in_order() -> None:
    assert PHASES == ("character", "armament", "deployment", "card", "action")


def test_3_1_a_game_starts_with_the_character_phase_of_turn_1_and_waits_in_armament() -> None:
    g = game()
    kinds = [e["rule"] for e in g.events if e["kind"] == "say"]
    assert kinds[:3] == ["38", "38", "38"] and "5.4" in kinds
    assert g.state["turn"] == 1 and g.state["phase"] == "armament"
    assert g.to_act == ("aeug", "titans", "neo_zeon")


def test_3_1_when_the_armament_phase_ends_the_next_turn_begins() -> None:
    g = game()
    finish_armament(g)
    assert g.state["turn"] == 2 and g.state["phase"] == "armament"


def test_37_3_the_game_ends_after_turn_10_with_the_most_vp_first() -> None:
    g = game()
    for _ in range(10):
        finish_armament(g)
    assert g.over and g.state["turn"] == 10
    assert g.result == {
        "winners": ["aeug", "titans"],
        "scores": {"aeug": 14, "titans": 14, "neo_zeon": 3},
        "how": "turn 10",
    }
    assert not g.to_act


def test_s17_the_ties_option_makes_equal_first_places_a_draw() -> None:
    g = game(ties="draw")
    for _ in range(10):
        finish_armament(g)
    assert g.result is not None and g.result["winners"] == []
    with pytest.raises(OptionError, match="must be one of shared, draw"):
        game(ties="coin")


def test_37_2_sudden_death_at_the_end_of_a_turn() -> None:
    """Titans 24 VP against AEUG 11 + Neo Zeon 3 = 14: 24 >= 14 + 10."""
    g = game()
    for base in ("side1", "side2", "side4"):  # AEUG 14 - 3 = 11
        g.state["bases"][base].update(owner=None, level=0)
    for base in ("dakar", "side3"):
        g.state["bases"][base].update(owner="titans", level=3)  # + 4 + 2
    for base in ("luna_two", "odessa", "new_guinea", "kilimanjaro"):
        g.state["bases"][base]["level"] = 3  # + 1 each
    g._legal = {}
    finish_armament(g)
    assert g.result is not None and g.result["winners"] == ["titans"]
    assert g.result["how"] == "sudden death" and g.result["scores"]["titans"] == 24


def test_37_2_sudden_death_needs_a_full_10_vp_lead() -> None:
    g = game()
    g.state["bases"]["dakar"].update(owner="titans", level=3)  # Titans 18 vs 14 + 3
    g._legal = {}
    finish_armament(g)
    assert not g.over


def test_zeta_so_far_passes_the_conformance_kit() -> None:
    """Replays, clones, views and illegal input over whole (10-turn) games of the phases written
    so far; the full kit with 100 games comes when every phase is in."""
    report = check_game(RULES, games=4, check_every=10)
    assert report.games == 4
