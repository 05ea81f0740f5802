"""The game as one faction may believe it to be: its secrets re-drawn (`Rules.determinize`).

What a faction knows (digest D.1, ruling Z23): everything public (bases, TLs, the stock, the
discard piles, face-up, bought and held cards, fight cards once revealed, sortie draws, hand
and deck sizes), its own hand, and by memory the cards of every faction: its starting deck
(1.4) and every card it bought (5.4, in sight). So it knows which cards of a faction are out of
sight (its hand, its deck, its face-down fight cards) without knowing where each one lies,
except the cards everyone knows to be in a hand (the state's ``known``: cards taken back face
up, 6.20; what a deck drawn to its end put there, 2.4).

Re-drawn, for each other faction: its unknown cards, pooled, sorted and dealt at random back
to its hand, its face-down fight cards not yet revealed (as many, all fighting cards, 6.3-6.4)
and its deck (in random order). The faction's own deck keeps its cards (it knows them: they
are all its cards out of sight but its hand) in a new order. The other side's secret
allocation of the normal attack (6.10, ruling Z16) is chosen again at random among the legal
ones, finished or not as the public ``done`` says.
"""

from __future__ import annotations

import random
from collections import Counter

from wartable.engine import State
from wartable.games.zeta_cards.combat import SIDES
from wartable.games.zeta_cards.components import Components
from wartable.games.zeta_cards.fight import hit_options, settle_alloc
from wartable.games.zeta_cards.state import comp
from wartable.games.zeta_cards.view import secret_alloc

_FIGHTING: dict[int, tuple[Components, frozenset[str]]] = {}  # see `fighting_ids`


def determinize(state: State, player: str, rng: random.Random) -> State:
    """`state` (a copy) with what `player` cannot see re-drawn from `rng`."""
    for p in state["order"]:
        if p == player:
            state["hand"][p].sort()  # its order came from the hidden order of the deck
            deck = sorted(state["deck"][p])
            rng.shuffle(deck)
            state["deck"][p] = deck
        else:
            redeal(state, p, rng)
    if secret_alloc(state):
        for side in SIDES:
            if state["fight"][side] != player:
                redraw_alloc(state, side, rng)
    return state


def hidden_side(state: State, player: str) -> str | None:
    """The side `player` fights on while its face-down cards are not yet revealed (6.3-6.5)."""
    fight = state["fight"]
    if fight is None or fight["revealed"]:
        return None
    return next((side for side in SIDES if fight[side] == player), None)


def redeal(state: State, player: str, rng: random.Random) -> None:
    """Deal `player`'s unknown cards at random to its hand, face-down fight cards and deck."""
    fighting = fighting_ids(comp(state))
    side = hidden_side(state, player)
    picked: list[str] = state["fight"]["picked"][side] if side else []
    hand: list[str] = state["hand"][player]
    known: list[str] = state["known"][player]
    out_of_sight = hand + state["deck"][player] + picked
    if known:
        pool = sorted((Counter(out_of_sight) - Counter(known)).elements())
    else:  # (most of the time: no card of a hand is known)
        pool = sorted(out_of_sight)
    # an attacker has at least one fighting card (it could attack, ruling Z10), and each side
    # as many as it put face down
    least = max(len(picked), 1) if side == "attacker" else len(picked)
    need = max(0, least - sum(cid in fighting for cid in known))
    slots = len(hand) + len(picked) - len(known)
    dealt, deck = deal(fighting, pool, slots, need, rng)
    full = sorted(known + dealt)
    chosen = [cid for cid in full if cid in fighting]
    rng.shuffle(chosen)
    picks = chosen[: len(picked)]
    for cid in picks:  # the picks leave the hand, which stays sorted
        full.remove(cid)
    state["hand"][player] = full
    state["deck"][player] = deck
    if side:
        state["fight"]["picked"][side] = picks


def fighting_ids(c: Components) -> frozenset[str]:
    """The ids of `c`'s fighting cards (6.3), asked of every card dealt: found once per data."""
    cached = _FIGHTING.get(id(c))
    if cached is None or cached[0] is not c:
        cached = (c, frozenset(cid for cid, card in c.cards.items() if card.fighting))
        _FIGHTING[id(c)] = cached
    return cached[1]


def deal(
    fighting: frozenset[str], pool: list[str], slots: int, need: int, rng: random.Random
) -> tuple[list[str], list[str]]:
    """`slots` cards at random from the sorted `pool`, at least `need` of them fighting cards
    (those in `fighting`), and the rest of the pool in random order."""
    fighters = [cid for cid in pool if cid in fighting]
    rng.shuffle(fighters)
    rest = fighters[need:] + [cid for cid in pool if cid not in fighting]
    rng.shuffle(rest)
    taken = slots - need
    return fighters[:need] + rest[:taken], rest[taken:]


def redraw_alloc(state: State, side: str, rng: random.Random) -> None:
    """A random legal allocation for `side` (6.11, ruling Z16), stopped at a random decision
    if the side has not finished it."""
    fight = state["fight"]
    finished = fight["done"][side]
    alloc: list[int] = []
    fight["alloc"][side] = alloc
    fight["done"][side] = False
    stops: list[list[int]] = []
    settle_alloc(state, side)
    while not fight["done"][side]:
        stops.append(list(alloc))
        alloc.append(rng.choice(hit_options(state, side)))
        settle_alloc(state, side)
    if not finished:
        fight["alloc"][side] = rng.choice(stops)
        fight["done"][side] = False
