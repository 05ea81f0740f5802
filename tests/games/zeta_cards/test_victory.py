"""Rule 7.1: declaring victory and holding it until one's next turn (7.2 is in test_buy)."""

from __future__ import annotations

from wartable.engine import Game
from wartable.games.zeta_cards.victory import holds, scores, update_declarations

from .helpers import act, base_of, ctx, fight, new, play, said, turn_of


def aeug_at_19_titans_at_18() -> Game:
    game = new()
    for bid, level in (("dakar", 4), ("lhasa", 4), ("luna_two", 3)):
        base_of(game, bid, "aeug", level)
    for bid, level in (("konpeito", 4), ("zedan_gate", 4), ("tigerbaum", 4), ("shangri_la", 3)):
        base_of(game, bid, "titans", level)
    assert scores(game.state) == {"aeug": 19, "titans": 18, "neo_zeon": 8}
    return game


def test_7_1_twenty_vp_is_declared_when_a_base_changes() -> None:
    game = aeug_at_19_titans_at_18()
    turn_of(game, "aeug", ["gov1", "gov1"])
    events = play(game, "aeug", {"take": "govern"}, {"govern": "von_braun"})
    events += play(game, "aeug", {"pay": "gov1"}, {"pay": "gov1"})
    assert game.state["declared"] == ["aeug"]
    assert said(events, "7.1") == [
        "AEUG declares victory (20 VP); it wins if this still holds at the start of its next turn"
    ]
    assert not game.over


def test_7_1_a_declaration_still_holding_at_the_players_next_turn_wins() -> None:
    game = aeug_at_19_titans_at_18()
    turn_of(game, "aeug", ["gov1", "gov1"])
    play(
        game, "aeug", {"take": "govern"}, {"govern": "von_braun"}, {"pay": "gov1"}, {"pay": "gov1"}
    )
    play(game, "aeug", {"done": True}, {"end": True})
    act(game, "titans", {"end": True})
    assert not game.over
    act(game, "neo_zeon", {"end": True})
    assert game.over and game.result is not None
    assert game.result["winners"] == ["aeug"] and game.result["reason"] == "7.1"
    assert game.result["scores"]["aeug"] == 20


def test_7_1_a_sole_lead_of_5_vp_over_the_second_is_declared() -> None:
    game = new()
    base_of(game, "dakar", "aeug", 3)  # 4 VP
    base_of(game, "dublin", "aeug", 1)  # 1 VP: AEUG 13, Titans 8, Neo Zeon 8
    assert holds(game.state, "aeug")
    base_of(game, "dublin", None, 0)  # 12: a lead of 4 is not enough
    assert not holds(game.state, "aeug")


def test_7_1_first_place_shared_is_not_a_lead() -> None:
    game = new()
    base_of(game, "dakar", "aeug", 4)  # AEUG 13
    base_of(game, "lhasa", "titans", 4)
    base_of(game, "dublin", "titans", 1)  # Titans 13, Neo Zeon 8
    assert not holds(game.state, "aeug") and not holds(game.state, "titans")


def test_7_1_a_declaration_lapses_when_the_condition_fails_before_the_next_turn() -> None:
    game = new()
    base_of(game, "dakar", "aeug", 3)
    base_of(game, "dublin", "aeug", 1)
    update_declarations(ctx(), game.state)
    assert game.state["declared"] == ["aeug"]
    # Titans take two levels of Dakar (political): AEUG 11 against 8, a lead of 3
    events = fight(game, "titans", "dakar", ["barzam", "barzam"], [])
    assert game.state["bases"]["dakar"] == {"owner": "aeug", "level": 1}
    assert game.state["declared"] == []
    assert said(events, "7.1") == ["AEUG's declaration lapses (11 VP)"]
    play(game, "titans", {"done": True}, {"end": True})
    act(game, "neo_zeon", {"end": True})
    assert not game.over and game.state["active"] == "aeug"


def test_7_1_of_two_declared_players_the_first_whose_turn_comes_wins() -> None:
    game = aeug_at_19_titans_at_18()
    base_of(game, "von_braun", "aeug", 2)  # AEUG 20
    base_of(game, "dublin", "titans", 2)  # Titans 20
    update_declarations(ctx(), game.state)
    assert game.state["declared"] == ["aeug", "titans"]
    turn_of(game, "neo_zeon", [])
    act(game, "neo_zeon", {"end": True})
    assert game.over and game.result is not None and game.result["winners"] == ["aeug"]
