"""The game as one faction may believe it to be: its secrets re-drawn (`Rules.determinize`).

What a faction knows (`wartable.games.zeta.view`): everything on the table, its own cards, and
of every other faction that it holds five cards (10.2), how many of them it chose this turn and
which of those were drawn. So each other faction's cards not yet drawn are known as a whole (its
five less those shown), and are dealt at random between its hand and the deck, as many to each as
it holds there. The deck is then the chosen cards not yet drawn, in a random order. The Titans'
nuclear-bomb base, for the AEUG and Neo Zeon while the card is face down, is drawn among the four
bases of 36.2 less those known to hold no bomb (36.8, ruling S25). Pools are sorted before they
are shuffled, so the copy depends only on what the faction knows and on the generator.
"""

from __future__ import annotations

import random

from wartable.engine import State
from wartable.games.zeta.components import FACTIONS, NUKE_SITES
from wartable.games.zeta.state import card_of, comp, five_cards
from wartable.games.zeta.view import sees_nuke


def determinize(state: State, player: str, rng: random.Random) -> State:
    """`state` (a copy) with what `player` cannot see re-drawn from `rng`."""
    c = comp(state)
    for faction in FACTIONS:
        if faction == player:
            continue
        pool = sorted(five_cards(c, faction))
        for card in state["drawn"]:  # its five less those shown, still in order
            if card in pool and card_of(card)[0] == faction:
                pool.remove(card)
        rng.shuffle(pool)
        chosen = len(state["kept"][faction])
        state["kept"][faction] = pool[:chosen]
        state["hand"][faction] = sorted(pool[chosen:])
    if state["deck"]:
        deck = sorted(card for f in FACTIONS for card in state["kept"][f])
        rng.shuffle(deck)
        state["deck"] = deck
    nuke = state["nuke"]
    if nuke["base"] is not None and not sees_nuke(state, player):
        nuke["base"] = rng.choice([b for b in NUKE_SITES if b not in nuke["cleared"]])
    return state
