"""Rule 5: buying. Income is the sum of the controlled bases' income (5.3), used this action or
lost; own-faction and shared cards of TL up to the faction's TL (5.1, 5.2) cost their printed
cost (5.4). Bought cards wait beside the player and go to the discard pile at the end of the
turn (2.3). A purchase that empties the fourth domestic pile ends the game (7.2)."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta_cards.flow import action, active, step, wait
from wartable.games.zeta_cards.state import comp, income, who
from wartable.games.zeta_cards.turn import action_done
from wartable.games.zeta_cards.victory import check_stock_end

KIND = "buy"


def choices(state: State, player: str, money: int) -> list[str]:
    """The cards in the stock this faction may buy now with `money` (5.1, 5.2, 5.4)."""
    c = comp(state)
    tl = state["tl"][player]
    stock = state["stock"]
    return [
        card.id
        for card in c.buyable(player)
        if stock.get(card.id, 0) > 0 and card.tl <= tl and card.cost <= money
    ]


def offered(state: State, player: str) -> bool:
    return bool(choices(state, player, income(state, player)))


def start(ctx: Context, state: State) -> None:
    player = state["active"]
    state["income"] = income(state, player)
    ctx.say(
        msg(
            f"{who(player)['en']} has an income of {state['income']}",
            f"{who(player)['ja']}の収入は{state['income']}",
        ),
        rule="5.3",
    )
    wait(state, KIND)


def legal(state: State, player: str) -> list[Action]:
    acts: list[Action] = [{"buy": cid} for cid in choices(state, player, state["income"])]
    acts.append({"done": True})
    return acts


def apply(ctx: Context, state: State, player: str, act: Action) -> None:
    if "done" in act:
        state["income"] = None  # 5.3: no carry-over
        state["step"] = None
        action_done(ctx, state)
        return
    cid = act["buy"]
    card = comp(state).cards[cid]
    state["income"] -= card.cost
    state["stock"][cid] -= 1
    state["bought"][player].append(cid)
    ctx.say(
        msg(
            f"{who(player)['en']} buys {card.name['en']} for {card.cost} "
            f"({state['income']} income left, {state['stock'][cid]} left in the stock)",
            f"{who(player)['ja']}は{card.name['ja']}をコスト{card.cost}で購入"
            f"（残り収入{state['income']}、ストック残り{state['stock'][cid]}）",
        ),
        rule="5.4",
        card=cid,
    )
    if card.domestic:
        check_stock_end(ctx, state)


def describe(state: State, player: str, act: Action) -> Msg:
    if "done" in act:
        return msg("end the buying action", "購入アクションを終える")
    card = comp(state).cards[act["buy"]]
    return msg(
        f"buy {card.name['en']} (cost {card.cost}, TL {card.tl})",
        f"{card.name['ja']}を購入（コスト{card.cost}、TL{card.tl}）",
    )


action(KIND, offered, start)
step(KIND, active, legal, apply, describe)
