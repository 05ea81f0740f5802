"""Rule 10: the card phase, and 11.5, the cards going back at the end of the turn.

All three factions choose at the same time and in secret the three of their five action cards
they will use this turn (10.2, 10.3); the nine are shuffled face down into the action deck (10.4)
and the two left over stay face down in hand (10.5). Until a card is drawn (11.2) only its owner
knows it is in the deck; everyone knows the deck holds three cards of each faction (ruling S26).
"""

from __future__ import annotations

from itertools import combinations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.components import CARD_TYPES, FACTIONS
from wartable.games.zeta.flow import next_phase, phase, step, turn_end, wait
from wartable.games.zeta.state import card_of, comp, five_cards

KEEP = 3  # rule 10.2, 10.3


@phase("card")
def start(ctx: Context, state: State) -> None:
    wait(state, "keep")


def actors(state: State) -> tuple[str, ...]:
    return tuple(f for f in FACTIONS if not state["kept"][f])


def legal(state: State, faction: str) -> list[Action]:
    """10.2: any three of the five: the choices are which types, since cards of a type are alike."""
    types = sorted((card_of(card)[1] for card in state["hand"][faction]), key=CARD_TYPES.index)
    return [{"keep": list(choice)} for choice in sorted(set(combinations(types, KEEP)))]


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    hand: list[str] = state["hand"][faction]
    for kind in action["keep"]:
        card = f"{faction}.{kind}"
        hand.remove(card)
        state["kept"][faction].append(card)
    c = comp(state)
    name = c.factions[faction]
    ctx.say(
        msg(f"{name['en']} has chosen its three cards", f"{name['ja']}がカード3枚を選択"),
        rule="10.2",
    )
    ctx.say(describe(state, faction, action), to=[faction], rule="10.2")
    if actors(state):
        return
    deck = [card for f in FACTIONS for card in state["kept"][f]]
    ctx.shuffle(deck, "10.4", msg("the action deck", "行動カードの山札"))
    state["deck"] = deck
    next_phase(ctx, state)


def describe(state: State, faction: str, action: Action) -> Msg:
    names = [comp(state).card_names[kind] for kind in action["keep"]]
    return msg(
        "keep " + ", ".join(n["en"] for n in names), "・".join(n["ja"] for n in names) + "を選択"
    )


@turn_end
def give_back(ctx: Context, state: State) -> None:
    """11.5: the nine cards go back to their factions."""
    c = comp(state)
    for faction in FACTIONS:
        state["hand"][faction] = five_cards(c, faction)
        state["kept"][faction] = []
    state["deck"], state["drawn"] = [], []


step("keep", actors, legal, apply, describe)
