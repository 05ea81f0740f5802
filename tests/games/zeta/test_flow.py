"""Rule 3.1 (the turn sequence) and rule 37 (victory): the phases in order, the turn counter,
sudden death and the end after turn 10."""

from __future__ import annotations

import pytest

from games.zeta.helpers import finish_armament, finish_turn, game
from wartable.engine import OptionError
from wartable.games.zeta.flow import PHASES


def test_3_1_the_phases_of_a_turn_in_order() -> None:
    assert PHASES == ("character", "armament", "deployment", "card", "action")


def test_3_1_a_game_starts_with_the_character_phase_of_turn_1_and_waits_in_armament() -> None:
    g = game()
    kinds = [e["rule"] for e in g.events if e["kind"] == "say"]
    assert kinds[:5] == ["38", "38", "38", "36.3", "36.3"] and "5.4" in kinds
    assert g.state["turn"] == 1 and g.state["phase"] == "armament"
    assert g.to_act == ("aeug", "titans", "neo_zeon")


def test_3_1_with_nothing_to_deploy_the_card_phase_follows_the_armament_phase() -> None:
    g = game()
    finish_armament(g)
    assert g.state["turn"] == 1 and g.state["phase"] == "card"
    assert g.to_act == ("aeug", "titans", "neo_zeon")


def test_3_1_11_4_when_the_ninth_action_phase_ends_the_next_turn_begins() -> None:
    g = game()
    finish_armament(g)
    for faction in g.to_act:
        g.apply(faction, g.legal_actions(faction)[0])
    for n in range(1, 10):
        assert g.state["phase"] == "action" and g.state["action"]["n"] == n
        g.apply(g.to_act[0], {"end": True})
    assert g.state["turn"] == 2 and g.state["phase"] == "armament"


def test_37_3_the_game_ends_after_turn_10_with_the_most_vp_first() -> None:
    """No orders all game: the Titans lead by Gryps 2, placed at Green Noa's level 3 (31.2)."""
    g = game()
    for _ in range(10):
        finish_turn(g)
    assert g.over and g.state["turn"] == 10
    assert g.result == {
        "winners": ["titans"],
        "scores": {"aeug": 14, "titans": 16, "neo_zeon": 3},
        "how": "turn 10",
    }
    assert not g.to_act


def test_s17_equal_first_places_share_the_win_and_the_ties_option_makes_a_draw() -> None:
    for ties, winners in (("shared", ["aeug", "titans"]), ("draw", [])):
        g = game(ties=ties)
        g.state["bases"]["dakar"].update(owner="aeug", level=1)  # 2 VP: 16 each
        for _ in range(10):
            finish_turn(g)
        assert g.result is not None and g.result["winners"] == winners
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
    finish_turn(g)
    assert g.result is not None and g.result["winners"] == ["titans"]
    assert g.result["how"] == "sudden death" and g.result["scores"]["titans"] == 24


def test_37_2_sudden_death_needs_a_full_10_vp_lead() -> None:
    g = game()
    g.state["bases"]["dakar"].update(owner="titans", level=3)  # Titans 18 vs 14 + 3
    g._legal = {}
    finish_turn(g)
    assert not g.over
