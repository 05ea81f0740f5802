"""Decks and cups: shuffled with the game's dice, drawn, reshuffled from the discard."""

from __future__ import annotations

from wartable.engine import Context, msg
from wartable.engine.decks import draw, draw_random, hidden_items, move
from wartable.engine.dice import Dice


def context(seed: int = 1) -> Context:
    return Context(Dice(seed), [])


def test_draw_takes_from_the_top_and_is_a_barrier() -> None:
    ctx = context()
    deck = ["a", "b", "c"]
    assert draw(ctx, deck, 2, rule="T1", what=msg("deck", "山札")) == ["c", "b"]
    assert deck == ["a"] and ctx.barrier


def test_an_empty_deck_is_refilled_by_shuffling_the_discard() -> None:
    ctx = context(3)
    deck, discard = ["a"], ["x", "y", "z"]
    drawn = draw(ctx, deck, 3, discard=discard, rule="T2", what=msg("deck", "山札"))
    assert drawn[0] == "a" and sorted(drawn[1:] + deck) == ["x", "y", "z"]
    assert discard == []
    shuffles = [e for e in ctx.events if e["kind"] == "shuffle"]
    assert len(shuffles) == 1 and shuffles[0]["rule"] == "T2"
    assert "x" not in str(shuffles)  # the log never shows the new order


def test_drawing_from_an_empty_deck_and_discard_draws_less() -> None:
    ctx = context()
    assert draw(ctx, [], 2, discard=[], rule="T3", what=msg("deck", "山札")) == []
    assert not ctx.barrier


def test_draw_random_empties_a_cup_in_a_seeded_order() -> None:
    cup1, cup2 = list("abcdef"), list("abcdef")
    order1 = [draw_random(context(5), cup1) for _ in range(6)]
    ctx = context(5)
    order2 = [draw_random(ctx, cup2) for _ in range(6)]
    assert sorted(order2) == list("abcdef") and cup2 == []
    assert draw_random(ctx, cup2) is None
    assert order1[0] == order2[0]


def test_move_and_hidden_items() -> None:
    hand, table = ["a", "b"], []
    move(hand, "b", table)
    assert hand == ["a"] and table == ["b"]
    assert hidden_items(("hands", "red"), ["p", "q"]) == [("hands", "red", 0), ("hands", "red", 1)]
