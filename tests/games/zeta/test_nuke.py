"""Rule 36.3 (the Titans choose their nuclear-bomb base in secret before the game starts) and
36.8 (the card is shown when the AEUG or Neo Zeon comes to govern that base), ruling S25."""

from __future__ import annotations

import json

from games.zeta.helpers import game
from wartable.engine import Game
from wartable.games.zeta import RULES
from wartable.games.zeta.bases import set_level


def test_36_2_36_3_before_the_game_starts_the_titans_choose_one_of_four_bases() -> None:
    g = Game(RULES, 1)
    assert g.to_act == ("titans",) and g.state["phase"] is None
    assert g.legal_actions("titans") == [
        {"mine": "jaburo"},
        {"mine": "odessa"},
        {"mine": "hawaii"},
        {"mine": "torrington"},
    ]
    g.apply("titans", {"mine": "odessa"})
    assert g.state["nuke"]["base"] == "odessa" and g.state["phase"] == "armament"  # turn 1


def test_36_3_the_base_is_hidden_from_the_aeug_and_neo_zeon() -> None:
    g = game(nuke="hawaii")
    assert g.view("titans")["board"]["nuke"]["base"] == "hawaii"
    for player in ("aeug", "neo_zeon", None):
        nuke = g.view(player)["board"]["nuke"]
        assert nuke == {"set": True, "base": None, "revealed": False, "cleared": []}
        assert ("nuke", "base") in RULES.hidden_paths(g.state, player)
        assert all("Hawaii" not in json.dumps(e) for e in g.log(player))
    secret = next(e for e in g.events if e.get("to") == ["titans"])
    assert secret["rule"] == "36.3" and "Hawaii" in secret["msg"]["en"]


def test_36_8_the_card_is_shown_when_the_aeug_governs_the_mined_base() -> None:
    g = game(nuke="jaburo")
    set_level(g._ctx, g.state, "jaburo", None, 0)  # neutral: no reveal (36.8)
    assert not g.state["nuke"]["revealed"]
    set_level(g._ctx, g.state, "jaburo", "aeug", 1)
    assert g.state["nuke"]["revealed"]
    assert g.view("neo_zeon")["board"]["nuke"]["base"] == "jaburo"
    assert ("nuke", "base") not in RULES.hidden_paths(g.state, "aeug")
    assert g.events[-1]["rule"] == "36.8" and "to" not in g.events[-1]


def test_s25_another_candidate_governed_without_a_reveal_holds_no_bomb() -> None:
    g = game(nuke="jaburo")
    set_level(g._ctx, g.state, "odessa", "neo_zeon", 1)
    set_level(g._ctx, g.state, "hawaii", "titans", 2)  # the Titans' own: nothing learnt
    assert not g.state["nuke"]["revealed"]
    assert g.view("aeug")["board"]["nuke"]["cleared"] == ["odessa"]
    drawn = {g.determinized("aeug", seed).state["nuke"]["base"] for seed in range(40)}
    assert drawn == {"jaburo", "hawaii", "torrington"}
