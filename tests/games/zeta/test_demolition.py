"""Rule 36.4-36.7: the Titans blow up their mined base, with scripted dice (ruling S56)."""

from __future__ import annotations

from games.zeta.helpers import game, legal, open_phase, put
from support.dice import script_game

JABURO = "ground:F5"


def test_36_4_before_any_movement_in_a_titans_ground_phase() -> None:
    g = game(nuke="jaburo")
    open_phase(g, "titans", "ground")
    assert legal(g, "demolish") == [{"demolish": "jaburo"}]
    gm = next(u for u, x in g.state["units"].items() if x["at"] == JABURO and x["type"] == "gm2")
    g.apply("titans", next(a for a in legal(g, "move") if a["move"] == gm))
    assert legal(g, "demolish") == []  # 36.4: not once units have moved
    open_phase(g, "titans", "space")
    assert legal(g, "demolish") == []
    open_phase(g, "aeug", "ground")
    assert legal(g, "demolish") == []


def test_36_4_only_while_the_titans_govern_it() -> None:
    g = game(nuke="odessa")
    g.state["bases"]["odessa"].update(owner=None, level=0)
    open_phase(g, "titans", "ground")
    assert legal(g, "demolish") == []


def test_36_5_36_6_36_7_every_unit_rolls_against_the_level_and_the_base_is_gone() -> None:
    g = game(nuke="jaburo")
    here = [u for u, x in g.state["units"].items() if x["at"] == JABURO]  # GM II x2, Garuda
    nemo = put(g, "aeug", "nemo", JABURO)
    g.state["characters"]["hayato"].update(at=JABURO, on=nemo)
    open_phase(g, "titans", "ground")
    # the Titans' GM II 3 and 4, the Garuda 1, the AEUG Nemo 2; Hayato 5 (over the level)
    script_game(g, [3, 4, 1, 2, 5, 1])
    g.apply("titans", {"demolish": "jaburo"})
    units = g.state["units"]
    assert [units[u]["at"] for u in here] == ["factory", JABURO, "factory"]  # 36.5: 3 or less
    assert units[nemo]["at"] == "factory"  # 36.6: every faction
    assert g.state["characters"]["hayato"]["at"].startswith("wounded:")  # his Nemo is gone
    assert "jaburo" not in g.state["bases"]  # 36.7
    assert g.state["nuke"]["revealed"]  # 36.4: the card is shown
    assert g.view("aeug")["board"]["nuke"]["base"] == "jaburo"


def test_s56_a_mined_base_destroyed_otherwise_stays_secret() -> None:
    g = game(nuke="jaburo")
    del g.state["bases"]["jaburo"]
    open_phase(g, "titans", "ground")
    assert legal(g, "demolish") == []
    assert g.view("aeug")["board"]["nuke"]["base"] is None


def test_36_8_once_the_card_is_shown_the_base_can_no_longer_be_blown_up() -> None:
    g = game(nuke="jaburo")
    g.state["nuke"]["revealed"] = True  # the AEUG governed Jaburo: the card left the game
    open_phase(g, "titans", "ground")
    assert g.state["bases"]["jaburo"]["owner"] == "titans"
    assert legal(g, "demolish") == []


def test_36_7_15_7_a_character_left_standing_on_no_base_goes_aboard_or_is_lost() -> None:
    g = game(nuke="jaburo")
    g.state["characters"]["jamitov"].update(at=JABURO, on=None)  # standing on the base
    open_phase(g, "titans", "ground")
    script_game(g, [6] * 8)  # every unit and Jamitov come through the blast
    g.apply("titans", {"demolish": "jaburo"})
    jamitov = g.state["characters"]["jamitov"]
    assert "jaburo" not in g.state["bases"]
    assert jamitov["at"] != JABURO or jamitov["on"] in g.state["units"]  # aboard a survivor
