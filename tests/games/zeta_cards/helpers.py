"""A table for the card game's tests: a game whose piles a test sets as it likes, and actions
that must be legal before they are applied."""

from __future__ import annotations

from typing import Any

import wartable
from wartable.engine import Context, Event, Game
from wartable.engine.dice import Dice
from wartable.games.zeta_cards import RULES
from wartable.games.zeta_cards.components import components

C = components({})


def new(seed: int = 1, **options: Any) -> Game:
    """A new game; the seats in the order the rules list the factions unless `seating` is
    given (Z1 draws them), so a test of another rule knows who plays after whom."""
    options.setdefault("seating", "aeug_titans_neo_zeon")
    return wartable.new_game("zeta-cards", seed=seed, options=options)


def ctx(seed: int = 0) -> Context:
    return Context(Dice(seed), [])


def turn_of(
    game: Game,
    player: str,
    hand: list[str] | None = None,
    *,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    face_up: list[str] | None = None,
    tl: int | None = None,
) -> Game:
    """Make it the start of `player`'s turn with the piles given (deck: the top card last)."""
    s = game.state
    s["active"] = player
    s["taken"] = []
    s["step"] = {"kind": "turn"}
    s["attempt"] = s["fight"] = s["income"] = None
    if hand is not None:
        s["hand"][player] = list(hand)
    if deck is not None:
        s["deck"][player] = list(deck)
    if discard is not None:
        s["discard"][player] = list(discard)
    if face_up is not None:
        s["face_up"][player] = list(face_up)
    if tl is not None:
        s["tl"][player] = tl
    game._legal = {}
    return game


def legal(game: Game, player: str) -> list[dict[str, Any]]:
    game._legal = {}
    return game.legal_actions(player)


def act(game: Game, player: str, action: dict[str, Any]) -> list[Event]:
    """Apply an action after checking that it is among the legal ones."""
    actions = legal(game, player)
    assert action in actions, f"{action} is not legal for {player}: {actions}"
    return game.apply(player, action)


def play(game: Game, player: str, *actions: dict[str, Any]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += act(game, player, action)
    return events


def base_of(game: Game, bid: str, owner: str | None, level: int) -> None:
    game.state["bases"][bid] = {"owner": owner, "level": level}
    game._legal = {}


def said(events: list[Event], rule: str) -> list[str]:
    """The English text of the events logged under `rule`."""
    return [e["msg"]["en"] for e in events if e.get("rule") == rule and "msg" in e]


def fight(
    game: Game,
    attacker: str,
    base: str,
    attack: list[str],
    defence: list[str],
    *,
    deck: dict[str, list[str]] | None = None,
) -> list[Event]:
    """Start the fight action, attack `base` with `attack` and defend with `defence`
    (both taken from the hands, which are set to exactly these cards)."""
    defender = game.state["bases"][base]["owner"]
    turn_of(game, attacker, attack)
    game.state["hand"][defender] = list(defence)
    for player, cards in (deck or {}).items():
        game.state["deck"][player] = list(cards)
    events = play(game, attacker, {"take": "fight"}, {"attack": base})
    for cid in attack:
        events += act(game, attacker, {"commit": cid})
    events += act(game, attacker, {"ready": True})
    for cid in defence:
        events += act(game, defender, {"commit": cid})
    events += act(game, defender, {"ready": True})
    return events


def units(game: Game) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = game.state["fight"]["units"]
    return found


def step(game: Game) -> str:
    kind: str = game.state["step"]["kind"]
    return kind


__all__ = ["RULES", "C"]
