"""What each faction may see (digest D.1): the one place the card game hides information.

Hidden: every hand but one's own (its size is public), every deck (its size is public), the
cards put face down into a fight until both sides reveal (6.3-6.5: their number is public),
and, in the normal attack, how the other side is allocating its attack until both are done
(6.10). Public: bases, TLs, the stock, discard piles, face-up and bought cards, fight cards
once revealed, the defender's cards waiting to go back to its hand (6.20).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.decks import hidden_items
from wartable.engine.plain import copy_plain
from wartable.engine.rules import Path
from wartable.games.zeta_cards.combat import SIDES
from wartable.games.zeta_cards.components import Components
from wartable.games.zeta_cards.state import comp, income, vp


def secret_alloc(state: State) -> bool:
    step = state["step"]
    return step is not None and step["kind"] == "alloc" and step["mode"] == "normal"


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for p in state["order"]:
        if p != player:
            yield from hidden_items(("hand", p), state["hand"][p])
        yield from hidden_items(("deck", p), state["deck"][p])
    fight = state["fight"]
    if fight is None:
        return
    for side in SIDES:
        if fight[side] == player:
            continue
        if not fight["revealed"]:
            yield from hidden_items(("fight", "picked", side), fight["picked"][side])
        elif secret_alloc(state):
            yield ("fight", "alloc", side)  # how many cards it hits is secret too (6.10)


def fight_view(state: State, player: str | None) -> dict[str, Any] | None:
    fight = state["fight"]
    if fight is None:
        return None
    shown = dict(fight)
    secret = secret_alloc(state)
    shown["picked"] = {
        side: list(fight["picked"][side])
        if fight["revealed"] or fight[side] == player
        else len(fight["picked"][side])
        for side in SIDES
    }
    shown["alloc"] = {
        side: None if secret and fight[side] != player else list(fight["alloc"][side])
        for side in SIDES
    }
    return shown


def view(state: State, player: str | None) -> dict[str, Any]:
    c = comp(state)
    order = state["order"]
    shown: dict[str, Any] = copy_plain(
        {
            "turn": state["turn"],
            "order": order,
            "first": state["first"],
            "active": state["active"],
            "taken": state["taken"],
            "step": state["step"],
            "you": player,
            "hand": sorted(state["hand"][player]) if player is not None else None,
            "factions": {
                p: {
                    "tl": state["tl"][p],
                    "vp": vp(state, p),
                    "income": income(state, p),
                    "draw": c.draw[state["tl"][p]],
                    "hand": len(state["hand"][p]),
                    "deck": len(state["deck"][p]),
                    "discard": list(state["discard"][p]),
                    "face_up": list(state["face_up"][p]),
                    "bought": list(state["bought"][p]),
                    "held": list(state["held"][p]),
                    "declared": p in state["declared"],
                }
                for p in order
            },
            "declared": list(state["declared"]),
            "bases": {bid: dict(b) for bid, b in state["bases"].items()},
            "stock": {cid: state["stock"].get(cid, 0) for cid in c.cards},
            "income_left": state["income"],
            "attempt": state["attempt"],
            "fight": fight_view(state, player),
            "last_fight": state["last_fight"],
        }
    )
    shown["catalog"] = catalog(c)  # static: shared, not copied
    return shown


_CATALOGS: dict[int, dict[str, Any]] = {}


def catalog(c: Components) -> dict[str, Any]:
    """The printed cards and tiles, the same in every view (built once per set of components)."""
    if id(c) not in _CATALOGS:
        _CATALOGS[id(c)] = _catalog(c)
    return _CATALOGS[id(c)]


def _catalog(c: Components) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    for cid, card in c.cards.items():
        entry: dict[str, Any] = {
            "name": card.name,
            "faction": card.faction,
            "kind": card.kind,
            "tl": card.tl,
            "cost": card.cost,
            # (attack, defence, suppression, governance, command), then the TLs it grows at
            "values": list(card.by_tl[1]),
        }
        growth = {
            str(tl): list(card.by_tl[tl])
            for tl in range(2, len(card.by_tl))
            if card.by_tl[tl] != card.by_tl[tl - 1]
        }
        if growth:
            entry["growth"] = growth
        if card.sortie:
            entry["sortie"] = card.sortie
        if card.development:
            entry["development"] = card.development
        if card.role:
            entry["role"] = card.role
        cards[cid] = entry
    return {
        "cards": cards,
        "bases": {
            bid: {
                "name": b.name,
                "political": b.political,
                "income": list(b.income),
                "vp": list(b.vp),
                "attack": list(b.attack),
                "suppression": list(b.suppression),
            }
            for bid, b in c.bases.items()
        },
        "draw": list(c.draw),
        "keep": c.keep,
        "vp_win": c.vp_win,
        "vp_lead": c.vp_lead,
    }


def values_at(card: dict[str, Any], tl: int) -> list[int]:
    """A catalog card's (attack, defence, suppression, governance, command) at a TL (4.5)."""
    row: list[int] = card["values"]
    for grow, grown in card.get("growth", {}).items():
        if int(grow) <= tl:
            row = grown
    return row
