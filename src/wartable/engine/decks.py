"""Decks, piles and hands kept as plain lists in a game's state (the top card is the last item).

Contents are hidden by the game's `hidden_paths`; `hidden_items` lists the paths of a pile.
"""

from __future__ import annotations

from typing import Any

from wartable.engine.log import Msg
from wartable.engine.rules import Context, Path


def shuffle(ctx: Context, pile: list[Any], rule: str, what: Msg) -> None:
    """Shuffle `pile` in place with the game's dice."""
    ctx.shuffle(pile, rule, what)


def draw(
    ctx: Context,
    deck: list[Any],
    count: int,
    *,
    discard: list[Any] | None = None,
    rule: str,
    what: Msg,
) -> list[Any]:
    """Draw up to `count` cards from the top of `deck`. When the deck runs out and a `discard`
    is given, the discard is shuffled to form the new deck (logged under `rule`); when both are
    empty, fewer cards are drawn."""
    drawn: list[Any] = []
    while len(drawn) < count:
        if not deck:
            if not discard:
                break
            deck.extend(discard)
            discard.clear()
            ctx.shuffle(deck, rule, what)
        drawn.append(deck.pop())
    if drawn:
        ctx.reveal()  # the drawer learns cards: no undo past a draw
    return drawn


def draw_random(ctx: Context, cup: list[Any]) -> Any:
    """Take one item at random out of `cup` (a cup of counters, say); None if it is empty."""
    if not cup:
        return None
    return cup.pop(ctx.pick(len(cup)))


def move(source: list[Any], item: Any, target: list[Any]) -> None:
    """Move one `item` from `source` to the top of `target`; ValueError if it is not there."""
    source.remove(item)
    target.append(item)


def hidden_items(path: Path, pile: list[Any]) -> list[Path]:
    """The paths of every item of a pile whose contents are hidden (its size stays public)."""
    return [(*path, i) for i in range(len(pile))]
