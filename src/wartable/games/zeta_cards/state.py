"""The state (plain data) and the helpers every rules module uses to read and change it.

Piles hold card ids ("nemo", "dev2"): copies of a card are interchangeable, so a pile is a
list of ids and an action names a card by its id. Keys of the state:

- ``deck``, ``hand``, ``discard``: each faction's piles (the top of a deck is its last item);
- ``face_up``: cards laid face up (rules 3.2, 4.2) and not yet used, with the domestic cards
  kept from an earlier turn (2.3); ``bought``: cards bought this turn (5.4, 2.3);
- ``held``: the defender's surviving fight cards, back to hand when the attacker's fights are
  over (6.20);
- ``known``: the cards every faction knows to be in a faction's hand (cards taken back face up,
  6.20; a deck drawn to its end, 2.4): what a determinized copy keeps (determinize.py);
- ``bases``: owner (None = neutral, in the stock) and level of every tile (1.3, 3.3, 6.18);
- ``stock``: copies left of every card (public);
- ``tl``, ``declared`` (7.1), ``income`` (5.3), ``attempt`` (3.3, 4.3), ``fight`` (6).
"""

from __future__ import annotations

from wartable.engine import Context, Msg, State, msg
from wartable.engine.decks import draw
from wartable.games.zeta_cards.components import Card, Components, components

FACTION_NAME: dict[str, Msg] = {
    "aeug": msg("AEUG", "エゥーゴ"),
    "titans": msg("Titans", "ティターンズ"),
    "neo_zeon": msg("Neo Zeon", "ネオ・ジオン"),
}


def comp(state: State) -> Components:
    return components(state["data"])


def card(state: State, cid: str) -> Card:
    return comp(state).cards[cid]


def who(player: str) -> Msg:
    return FACTION_NAME[player]


def possessive(name: str) -> str:
    """ "AEUG's", "Titans'"."""
    return name + ("'" if name.endswith("s") else "'s")


def cards_n(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def card_names(state: State, ids: list[str]) -> Msg:
    """The cards in both languages, in the order given: "Nemo, Nemo, Argama"."""
    cards = comp(state).cards
    if not ids:
        return msg("nothing", "なし")
    return msg(
        ", ".join(cards[i].name["en"] for i in ids), "、".join(cards[i].name["ja"] for i in ids)
    )


def governance(state: State, player: str, cid: str) -> int:
    """A card's governance value for its owner (rules 3.2, 4.5)."""
    tl: int = state["tl"][player]
    return comp(state).cards[cid].by_tl[tl][3]


def development(state: State, cid: str) -> int:
    return comp(state).cards[cid].development


def vp(state: State, player: str) -> int:
    """Rule 7.1: the VP of the bases a faction controls, at their levels."""
    bases = comp(state).bases
    return sum(
        bases[bid].vp[b["level"]] for bid, b in state["bases"].items() if b["owner"] == player
    )


def income(state: State, player: str) -> int:
    """Rule 5.3: the income of the bases a faction controls, at their levels."""
    bases = comp(state).bases
    return sum(
        bases[bid].income[b["level"]] for bid, b in state["bases"].items() if b["owner"] == player
    )


def take(pile: list[str], cid: str) -> None:
    """Remove one copy of `cid` from `pile` (the last one: piles are unordered but decks)."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == cid:
            del pile[i]
            return
    raise ValueError(f"{cid} is not in the pile")


def forget(state: State, player: str, cards: list[str]) -> None:
    """`cards` left `player`'s hand in sight of all: they are no longer known to be in it."""
    known = state["known"][player]
    for cid in cards:
        if cid in known:
            known.remove(cid)


def draw_cards(ctx: Context, state: State, player: str, count: int, rule: str) -> list[str]:
    """Draw from a faction's deck, shuffling its discard into a new deck when the deck runs out
    (rule 2.4); fewer cards when both are empty."""
    name = who(player)
    return draw(
        ctx,
        state["deck"][player],
        count,
        discard=state["discard"][player],
        rule=rule,
        what=msg(f"the {name['en']} discard pile", f"{name['ja']}の捨て札"),
    )
