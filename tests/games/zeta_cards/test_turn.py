"""Rule 2: the two actions of a turn (2.2), the end of the turn (2.3) and the new hand (2.4)."""

from __future__ import annotations

from collections import Counter

from .helpers import act, legal, new, play, said, step, turn_of


def test_2_2_two_distinct_actions_in_any_order() -> None:
    game = turn_of(new(), "aeug", ["gov1", "dev1", "nemo"])
    takes = {a["take"] for a in legal(game, "aeug") if "take" in a}
    assert takes == {"govern", "develop", "buy", "fight"}
    play(game, "aeug", {"take": "buy"}, {"done": True})
    takes = {a["take"] for a in legal(game, "aeug") if "take" in a}
    assert takes == {"govern", "develop", "fight"}  # buying again is not offered
    play(game, "aeug", {"take": "govern"}, {"done": True})
    assert game.state["active"] == "titans"  # the second action ends the turn


def test_2_2_every_action_is_optional() -> None:
    game = turn_of(new(), "aeug", ["gov1", "nemo"])
    assert {"end": True} in legal(game, "aeug")
    act(game, "aeug", {"end": True})
    assert game.state["active"] == "titans"


def test_2_2_option_any_allows_the_same_action_twice() -> None:
    game = turn_of(new(actions="any"), "aeug", ["gov1", "nemo"])
    play(game, "aeug", {"take": "buy"}, {"done": True})
    assert {"take": "buy"} in legal(game, "aeug")
    play(game, "aeug", {"take": "buy"}, {"done": True})
    assert game.state["active"] == "titans"


def test_2_3_end_of_turn_keeps_two_unused_face_up_domestic_cards_and_discards_the_rest() -> None:
    game = turn_of(new(), "aeug", ["dev1", "dev2", "gov1", "nemo"], discard=[])
    play(game, "aeug", {"take": "develop"}, {"lay": "dev1"}, {"lay": "dev2"}, {"done": True})
    play(game, "aeug", {"take": "govern"}, {"lay": "gov1"}, {"done": True})
    assert step(game) == "keep" and game.state["active"] == "aeug"
    assert legal(game, "aeug") == [{"keep": "dev1"}, {"keep": "dev2"}, {"keep": "gov1"}]
    play(game, "aeug", {"keep": "dev2"}, {"keep": "gov1"})
    state = game.state
    assert sorted(state["face_up"]["aeug"]) == ["dev2", "gov1"]
    assert Counter(state["discard"]["aeug"]) == Counter({"dev1": 1, "nemo": 1})
    assert state["active"] == "titans"


def test_2_3_face_up_ships_and_characters_are_not_kept() -> None:
    game = turn_of(new(), "aeug", ["argama", "blex", "gov1"], discard=[])
    play(game, "aeug", {"take": "govern"}, {"lay": "argama"}, {"lay": "blex"}, {"lay": "gov1"})
    play(game, "aeug", {"done": True}, {"end": True})  # nothing to choose: gov1 is kept
    assert game.state["face_up"]["aeug"] == ["gov1"]
    assert sorted(game.state["discard"]["aeug"]) == ["argama", "blex"]


def test_2_3_kept_domestic_cards_pay_in_a_later_turn() -> None:
    game = turn_of(new(), "aeug", ["dev1"], face_up=["dev2"])
    assert game.state["tl"]["aeug"] == 1
    play(game, "aeug", {"take": "develop"}, {"develop": True}, {"pay": "dev2"})
    assert game.state["tl"]["aeug"] == 2
    assert game.state["face_up"]["aeug"] == [] and game.state["hand"]["aeug"] == ["dev1"]


def test_2_4_the_new_hand_has_as_many_cards_as_the_tl_tile_gives() -> None:
    counts = {tl: 0 for tl in range(1, 9)}
    for tl in counts:
        game = turn_of(new(), "aeug", [], deck=["nemo"] * 10, discard=[], tl=tl)
        act(game, "aeug", {"end": True})
        counts[tl] = len(game.state["hand"]["aeug"])
    assert counts == {1: 5, 2: 5, 3: 6, 4: 6, 5: 6, 6: 7, 7: 7, 8: 7}
    assert set(counts.values()) == {5, 6, 7}


def test_2_4_an_empty_deck_reshuffles_the_discard_pile() -> None:
    game = turn_of(new(), "aeug", ["nemo", "nemo"], deck=["gov1", "dev1"], discard=["argama"] * 4)
    events = act(game, "aeug", {"end": True})
    hand = game.state["hand"]["aeug"]
    assert len(hand) == 5 and sorted(hand[:2]) == ["dev1", "gov1"]
    assert Counter(hand[2:]) <= Counter({"argama": 4, "nemo": 2})
    assert any(e["kind"] == "shuffle" and e["rule"] == "2.4" for e in events)
    assert len(game.state["deck"]["aeug"]) == 3 and game.state["discard"]["aeug"] == []
    assert said(events, "2.4")  # the draw is logged, its cards only to AEUG
    private = [e for e in events if e.get("to") == ["aeug"]]
    assert private and "you draw" in private[0]["msg"]["en"]
