"""What each faction may see (digest D.1): the one place the Zeta game hides information.

Hidden: the other factions' cards in hand and the cards they chose that are still in the action
deck (10.5; how many of each is public, and so the deck's three cards of each faction), the
order of the deck from everyone (10.4), and the Titans' nuclear-bomb base from the AEUG and Neo
Zeon until the card is shown (36.3, 36.8). Everything else is open: the map, the factories, the
wounded boxes, the bases, the cards drawn this turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.decks import hidden_items
from wartable.engine.plain import copy_plain
from wartable.engine.rules import Path
from wartable.games.zeta.components import CARD_TYPES, FACTIONS
from wartable.games.zeta.state import card_of

PUBLIC = (
    "turn",
    "phase",
    "step",
    "bases",
    "units",
    "characters",
    "permitted",
    "drawn",
    "side3_open",
    "deployment",
    "action",
)
TITANS = "titans"


def sees_nuke(state: State, player: str | None) -> bool:
    return player == TITANS or state["nuke"]["revealed"]


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for faction in FACTIONS:
        if faction != player:
            yield from hidden_items(("hand", faction), state["hand"][faction])
            yield from hidden_items(("kept", faction), state["kept"][faction])
    yield from hidden_items(("deck",), state["deck"])
    if state["nuke"]["base"] is not None and not sees_nuke(state, player):
        yield ("nuke", "base")


def own_cards(cards: list[str]) -> list[str]:
    """Cards by type in the order of rule 12.1."""
    return sorted(cards, key=lambda card: CARD_TYPES.index(card_of(card)[1]))


def view(state: State, player: str | None) -> dict[str, Any]:
    board = {key: copy_plain(state[key]) for key in PUBLIC}
    if state["armament"] is not None:  # armament points are kept in halves (8.3)
        board["ap"] = {f: halves / 2 for f, halves in state["armament"]["ap"].items()}
    board["cards"] = {
        f: {"hand": len(state["hand"][f]), "in_deck": len(state["kept"][f])} for f in FACTIONS
    }
    board["deck"] = len(state["deck"])
    if player is not None:
        board["hand"] = own_cards(state["hand"][player])  # 10.5
        board["kept"] = own_cards(state["kept"][player])  # its cards still in the deck
    nuke = state["nuke"]
    board["nuke"] = {
        "set": nuke["base"] is not None,
        "base": nuke["base"] if sees_nuke(state, player) else None,
        "revealed": nuke["revealed"],
        "cleared": list(nuke["cleared"]),
    }
    return board
