"""Rule 5: buying, and the end of the game when the domestic piles run out (7.2)."""

from __future__ import annotations

from wartable.engine import Game

from .helpers import C, act, base_of, legal, new, play, turn_of


def bought(game: Game, player: str = "aeug") -> set[str]:
    return {a["buy"] for a in legal(game, player) if "buy" in a}


def test_5_1_only_own_faction_and_shared_cards_can_be_bought() -> None:
    game = turn_of(new(), "aeug", [], tl=8)
    act(game, "aeug", {"take": "buy"})
    game.state["income"] = 99
    factions = {C.cards[cid].faction for cid in bought(game)}
    assert factions == {"aeug", "shared"}
    assert "hizack" not in bought(game) and "gaza_c" not in bought(game)


def test_5_2_cards_above_the_tl_cannot_be_bought() -> None:
    game = turn_of(new(), "aeug", [])
    act(game, "aeug", {"take": "buy"})
    game.state["income"] = 99
    assert all(C.cards[cid].tl <= 1 for cid in bought(game))
    assert "methuss" not in bought(game) and "gov2" not in bought(game)  # TL 2 cards
    game.state["tl"]["aeug"] = 2
    assert {"methuss", "gov2"} <= bought(game)


def test_5_3_income_is_the_sum_of_the_controlled_bases_income() -> None:
    game = turn_of(new(), "aeug", [])
    act(game, "aeug", {"take": "buy"})
    # Granada LV4 4, Von Braun LV1 2, Hickory LV3 2, New Hong Kong LV1 2
    assert game.state["income"] == 10
    base_of(game, "dakar", "aeug", 2)  # a governed base adds its income at its level
    game2 = turn_of(new(), "aeug", [])
    base_of(game2, "dakar", "aeug", 2)
    act(game2, "aeug", {"take": "buy"})
    assert game2.state["income"] == 12


def test_5_3_income_is_used_in_the_action_or_lost() -> None:
    game = turn_of(new(actions="any"), "aeug", [])
    play(game, "aeug", {"take": "buy"}, {"buy": "nemo"}, {"done": True})
    assert game.state["income"] is None
    act(game, "aeug", {"take": "buy"})
    assert game.state["income"] == 10  # not 8 + 10: nothing carries over


def test_5_4_each_card_costs_its_printed_cost_and_any_number_fit_within_the_income() -> None:
    game = turn_of(new(), "aeug", [], discard=[])
    play(game, "aeug", {"take": "buy"}, {"buy": "nemo"}, {"buy": "nemo"}, {"buy": "dev2"})
    assert game.state["income"] == 10 - 2 - 2 - 4
    assert game.state["stock"]["nemo"] == C.cards["nemo"].stock - 2
    assert bought(game) == {"nemo", "gov1", "dev1", "fa"}  # 2 left: the cards of cost 2
    act(game, "aeug", {"buy": "gov1"})
    assert bought(game) == set()
    assert sorted(game.state["bought"]["aeug"]) == ["dev2", "gov1", "nemo", "nemo"]
    assert game.state["discard"]["aeug"] == []  # bought cards wait until the end of the turn
    play(game, "aeug", {"done": True}, {"end": True})
    assert sorted(game.state["discard"]["aeug"]) == ["dev2", "gov1", "nemo", "nemo"]


def test_5_4_an_empty_pile_cannot_be_bought() -> None:
    game = turn_of(new(), "aeug", [])
    game.state["stock"]["nemo"] = 0
    act(game, "aeug", {"take": "buy"})
    assert "nemo" not in bought(game)


def test_7_2_emptying_the_fourth_domestic_pile_ends_the_game_at_once() -> None:
    game = turn_of(new(), "aeug", [])
    for cid in ("gov1", "gov2", "dev3"):
        game.state["stock"][cid] = 0
    game.state["stock"]["dev1"] = 1
    base_of(game, "dakar", "titans", 1)  # Titans 10 VP, AEUG and Neo Zeon 8
    play(game, "aeug", {"take": "buy"}, {"buy": "dev1"})
    assert game.over
    assert game.result == {
        "winners": ["titans"],
        "scores": {"aeug": 8, "titans": 10, "neo_zeon": 8},
        "reason": "7.2",
        "turn": game.state["turn"],
    }
    assert game.to_act == ()


def test_7_2_three_empty_piles_do_not_end_the_game_and_faction_piles_do_not_count() -> None:
    game = turn_of(new(), "aeug", [])
    for cid in ("gov1", "gov2"):
        game.state["stock"][cid] = 0
    game.state["stock"]["dev1"] = 1
    game.state["stock"]["nemo"] = 1
    play(game, "aeug", {"take": "buy"}, {"buy": "nemo"}, {"buy": "dev1"})
    assert not game.over


def test_7_2_a_tie_for_the_most_vp_is_a_draw() -> None:
    game = turn_of(new(), "aeug", [])
    for cid in ("gov1", "gov2", "dev3"):
        game.state["stock"][cid] = 0
    game.state["stock"]["dev1"] = 1
    base_of(game, "dublin", "aeug", 1)
    base_of(game, "lhasa", "titans", 1)  # AEUG 9, Titans 9, Neo Zeon 8
    play(game, "aeug", {"take": "buy"}, {"buy": "dev1"})
    assert game.over and game.result is not None
    assert game.result["winners"] == [] and game.result["tied"] == ["aeug", "titans"]
