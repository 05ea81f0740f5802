"""Rule 1: the stock, the base tiles, the starting decks and hands, TL 1, the first player."""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.zeta_cards.flow import AEUG, FACTIONS, NEO_ZEON, TITANS
from wartable.games.zeta_cards.state import card_names, cards_n, comp, draw_cards, who
from wartable.games.zeta_cards.victory import update_declarations

# Z1: the two ways three factions can sit round a table, clockwise
SEATINGS: dict[str, tuple[str, ...]] = {
    "aeug_titans_neo_zeon": (AEUG, TITANS, NEO_ZEON),
    "aeug_neo_zeon_titans": (AEUG, NEO_ZEON, TITANS),
}


def seating(ctx: Context, option: str) -> list[str]:
    """Z1: the clockwise order of the seats, drawn at setup unless the option fixes it."""
    if option == "drawn":
        option = list(SEATINGS)[ctx.pick(len(SEATINGS))]
    order = list(SEATINGS[option])
    names = [who(p) for p in order]
    ctx.say(
        msg(
            "seats, clockwise: " + " → ".join(n["en"] for n in names),
            "席順(時計回り): " + "→".join(n["ja"] for n in names),
        ),
        rule="2.1",
    )
    return order


def new_state(ctx: Context, options: dict[str, Any]) -> State:
    c = comp({"data": options["data"]})
    state: State = {
        "data": options["data"],
        "options": {k: v for k, v in options.items() if k != "data"},
        "order": None,
        "first": None,
        "active": None,
        "turn": 0,
        "taken": [],
        "step": None,
        # 1.2: the shared domestic piles and each faction's own piles: the stock (public);
        # cards printed with no copies in the stock (the starting characters) have no pile
        "stock": {cid: card.stock for cid, card in c.cards.items() if card.stock},
        # 1.3: each faction's tiles at their starting levels; the other eight are neutral
        "bases": {bid: {"owner": None, "level": 0} for bid in c.bases},
        "tl": {p: 1 for p in FACTIONS},  # 1.5
        "deck": {p: [] for p in FACTIONS},
        "hand": {p: [] for p in FACTIONS},
        "discard": {p: [] for p in FACTIONS},
        "face_up": {p: [] for p in FACTIONS},
        "bought": {p: [] for p in FACTIONS},
        "held": {p: [] for p in FACTIONS},
        "known": {p: [] for p in FACTIONS},
        "declared": [],
        "income": None,
        "attempt": None,
        "fight": None,
        "last_fight": None,
        "end": None,
    }
    for player in FACTIONS:
        faction = c.factions[player]
        for bid, level in faction["bases"].items():
            state["bases"][bid] = {"owner": player, "level": level}
        # 1.4: the fifteen starting cards, shuffled; five drawn as the first hand
        deck = state["deck"][player]
        for cid, count in faction["deck"].items():
            deck.extend([cid] * count)
        name = who(player)
        ctx.shuffle(deck, "1.4", msg(f"the {name['en']} deck", f"{name['ja']}の山札"))
        hand = draw_cards(ctx, state, player, c.hand, "1.4")
        state["hand"][player] = sorted(hand)
        ctx.say(
            msg(f"{name['en']} draws {cards_n(len(hand))}", f"{name['ja']}は{len(hand)}枚引く"),
            rule="1.4",
        )
        ctx.say(
            msg(
                f"your hand: {card_names(state, hand)['en']}",
                f"手札: {card_names(state, hand)['ja']}",
            ),
            to=[player],
            rule="1.4",
        )
    neutral = [c.bases[bid].name for bid, b in state["bases"].items() if b["owner"] is None]
    ctx.say(
        msg(
            "neutral bases in the stock: " + ", ".join(n["en"] for n in neutral),
            "ストックの中立拠点: " + "、".join(n["ja"] for n in neutral),
        ),
        rule="1.3",
    )
    state["order"] = seating(ctx, options["seating"])
    # 1.6: a random first player; turns go clockwise from there (2.1)
    first = FACTIONS[ctx.pick(len(FACTIONS))]
    state["first"] = first
    ctx.say(
        msg(f"{who(first)['en']} plays first", f"開始プレイヤーは{who(first)['ja']}"), rule="1.6"
    )
    update_declarations(ctx, state)
    return state
