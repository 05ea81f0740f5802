"""The fight preview: the exact odds of each outcome of a fight, from the attacker's side.

Given both selections (6.3-6.5), the only chance left in a fight is the order of the cards
the ships' sorties draw (6.6). The preview enumerates every set of cards the sorties can
bring, with its exact probability (`fractions.Fraction`, multivariate hypergeometric, including
a reshuffle of the discard pile when a deck runs out, 2.4), and resolves the fight for each.

What the preview assumes (docs/rulings/zeta-cards.md, Z22):
- The attacker knows its own deck's contents (not their order) and every discard pile (they
  are face up). It does not know the defender's hand: the cards the defender's sortie draws
  are taken as a uniform draw from all the defender cards the attacker has not seen (its hand
  and deck), as if the hand had been dealt at random from them.
- The decisions of the fight are taken by the policy of `combat.py` for both sides: the
  strongest character boards the strongest craft it may, first strike with the strongest
  attack up to the number allowed, and each side destroys as much as it can, the attacker
  the enemy card with the most attack first, the defender the card with the most suppression.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from wartable.engine import Action, State
from wartable.games.zeta_cards import combat
from wartable.games.zeta_cards.combat import SIDES, Outcome, resolve
from wartable.games.zeta_cards.components import Components
from wartable.games.zeta_cards.state import comp

Draw = tuple[str, ...]  # the fighting cards a sortie brings, sorted
_NONE = ""  # a drawn card that does not fight (a domestic card: discarded, 6.6)


@dataclass(frozen=True)
class Pile:
    """What one side's sortie draws from, as the attacker knows it.

    `deck`: the cards that may lie in the deck (for the defender: its whole unseen hand and
    deck); `deck_size`: how many cards the deck holds; `discard`: the discard pile, shuffled
    into a new deck if the deck runs out (2.4)."""

    deck: Counter[str]
    deck_size: int
    discard: Counter[str]


def sample(pool: Counter[str], count: int) -> dict[Draw, Fraction]:
    """Every multiset of `count` cards drawn without replacement from `pool`, with its exact
    probability. Cards named `_NONE` are dropped from the result."""
    size = sum(pool.values())
    count = min(count, size)
    total = comb(size, count)
    items = sorted(pool.items())
    out: dict[Draw, Fraction] = {}
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + items[i][1]

    def walk(i: int, left: int, chosen: list[str], ways: int) -> None:
        if left == 0:
            drawn = tuple(sorted(x for x in chosen if x != _NONE))
            out[drawn] = out.get(drawn, Fraction(0)) + Fraction(ways, total)
            return
        if suffix[i] < left:
            return
        cid, n = items[i]
        for k in range(min(n, left) + 1):
            walk(i + 1, left - k, chosen + [cid] * k, ways * comb(n, k))

    walk(0, count, [], 1)
    return out


def collapse(c: Components, pile: Counter[str]) -> Counter[str]:
    """Domestic cards are all alike to a sortie: they go to the discard pile (6.6)."""
    out: Counter[str] = Counter()
    for cid, n in pile.items():
        out[cid if c.cards[cid].fighting else _NONE] += n
    return out


def sortie_draws(c: Components, pile: Pile, count: int) -> dict[Draw, Fraction]:
    """The distribution of what `count` sortie draws bring (6.6), the deck first, then the
    reshuffled discard pile (2.4)."""
    first = min(count, pile.deck_size)
    second = min(count - first, sum(pile.discard.values()))
    head: dict[Draw, Fraction] = {(): Fraction(1)}
    if first:
        head = sample(collapse(c, pile.deck), first)
    if not second:
        return head
    tail = sample(collapse(c, pile.discard), second)
    out: dict[Draw, Fraction] = {}
    for a, pa in head.items():
        for b, pb in tail.items():
            both = tuple(sorted(a + b))
            out[both] = out.get(both, Fraction(0)) + pa * pb
    return out


def preview(
    c: Components,
    base: str,
    level: int,
    cards: dict[str, list[str]],
    tl: dict[str, int],
    piles: dict[str, Pile],
    *,
    strikers_attack_again: bool = False,
    reading: str = "each_level",
) -> dict[Outcome, Fraction]:
    """The exact probability of every outcome of a fight on `base` (at `level`) between the
    revealed selections `cards` (attacker, defender), the sides' TLs and their piles."""
    dists = {}
    for side in SIDES:
        sortie = sum(c.cards[cid].sortie for cid in cards[side] if c.cards[cid].kind == "ship")
        dists[side] = sortie_draws(c, piles[side], sortie) if sortie else {(): Fraction(1)}
    memo: dict[tuple[Draw, Draw], Outcome] = {}
    odds: dict[Outcome, Fraction] = {}
    for a_draw, pa in dists["attacker"].items():
        for d_draw, pd in dists["defender"].items():
            known = memo.get((a_draw, d_draw))
            if known is None:
                known = resolve(
                    c,
                    base,
                    level,
                    {
                        "attacker": cards["attacker"] + list(a_draw),
                        "defender": cards["defender"] + list(d_draw),
                    },
                    tl,
                    strikers_attack_again=strikers_attack_again,
                    reading=reading,
                )
                memo[(a_draw, d_draw)] = known
            odds[known] = odds.get(known, Fraction(0)) + pa * pd
    return dict(sorted(odds.items()))


def _minus(pool: Counter[str], cards: Iterable[str]) -> Counter[str]:
    out = Counter(pool)
    out.subtract(Counter(cards))
    return +out


def fight_odds(
    state: State, base: str, attacker_cards: list[str], defender_cards: list[str]
) -> dict[Outcome, Fraction]:
    """The preview of a fight on `base` in this game, with what the attacker (the player to
    act) knows: its own deck's contents, the defender's unseen cards, the public piles.
    Outside a fight the defender's selection is taken out of its unseen cards (it is still in
    its hand); during a fight it has already left the hand."""
    c = comp(state)
    attacker = state["active"]
    defender = state["bases"][base]["owner"]
    if defender is None or defender == attacker:
        raise ValueError(f"{base} is not another faction's base (rule 6.1)")
    own = Pile(
        Counter(state["deck"][attacker]),
        len(state["deck"][attacker]),
        Counter(state["discard"][attacker]),
    )
    unseen = Counter(state["hand"][defender]) + Counter(state["deck"][defender])
    if state["fight"] is None:  # a selection not yet played is still in the hand
        unseen = _minus(unseen, defender_cards)
    enemy = Pile(unseen, len(state["deck"][defender]), Counter(state["discard"][defender]))
    return preview(
        c,
        base,
        state["bases"][base]["level"],
        {"attacker": list(attacker_cards), "defender": list(defender_cards)},
        {"attacker": state["tl"][attacker], "defender": state["tl"][defender]},
        {"attacker": own, "defender": enemy},
        strikers_attack_again=state["options"]["first_strikers"] == "attack_again",
        reading=state["options"]["suppression"],
    )


def table(odds: dict[Outcome, Fraction]) -> list[dict[str, Any]]:
    """The odds as rows for a view or a report: levels, cards lost, probability."""
    return [
        {
            "levels": o.levels,
            "attacker_lost": o.attacker_lost,
            "defender_lost": o.defender_lost,
            "p": str(p),
            "percent": round(float(p) * 100, 2),
        }
        for o, p in odds.items()
    ]


def policy_action(state: State, player: str, legal: list[Action]) -> Action:
    """The decision the preview assumes `player` takes at a boarding, first-strike or
    allocation step of a fight in progress (the policy of `combat.py`)."""
    c = comp(state)
    fight = state["fight"]
    kind = state["step"]["kind"]
    units = fight["units"]
    tl = state["tl"][player]
    if kind == "board":
        pairs = [(a["board"], a["craft"]) for a in legal]
        char, craft = combat.board_choice(c, units, pairs, tl)
        return {"board": char, "craft": craft}
    if kind == "strike":
        options = [a["strike"] for a in legal if "strike" in a]
        if not options:
            return {"done": True}
        return {"strike": combat.strike_choice(c, units, options, tl)}
    if kind == "alloc":
        options = [a["hit"] for a in legal]
        target = units[options[0]]["side"]
        return {"hit": combat.hit_choice(c, units, options, state["tl"][fight[target]])}
    raise ValueError(f"the preview's policy takes no {kind} decision")
