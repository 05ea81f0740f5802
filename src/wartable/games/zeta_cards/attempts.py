"""Rules 3.3-3.5 and 4.3-4.4: one attempt to govern a base or to develop, paid card by card.

Cards are laid face up (3.2, 4.2) and spent one at a time; the attempt succeeds the moment the
cards spent reach the target level + 1 (or TL + 1). A card's value is never split between two
attempts (3.5, 4.4): what is paid over the need is lost. An attempt given up leaves its cards
face up and unused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta_cards.flow import active, step, wait
from wartable.games.zeta_cards.state import (
    card_names,
    comp,
    development,
    forget,
    governance,
    take,
    who,
)
from wartable.games.zeta_cards.victory import update_declarations


def value(state: State, kind: str, player: str, cid: str) -> int:
    """What a card is worth to a governance (3.2) or development (4.2) attempt."""
    return governance(state, player, cid) if kind == "govern" else development(state, cid)


def usable(state: State, kind: str, player: str) -> list[str]:
    """The cards that may pay: face-up ones and those still in hand."""
    return [
        cid
        for cid in (*state["face_up"][player], *state["hand"][player])
        if value(state, kind, player, cid) > 0
    ]


def available(state: State, kind: str, player: str) -> int:
    return sum(value(state, kind, player, cid) for cid in usable(state, kind, player))


def lay_options(state: State, kind: str, player: str) -> list[Action]:
    """Cards of the hand that may be laid face up without spending them yet (3.2, 4.2)."""
    hand = {cid for cid in state["hand"][player] if value(state, kind, player, cid) > 0}
    return [{"lay": cid} for cid in sorted(hand)]


def lay(ctx: Context, state: State, player: str, cid: str, rule: str) -> None:
    take(state["hand"][player], cid)
    forget(state, player, [cid])
    state["face_up"][player].append(cid)
    name = comp(state).cards[cid].name
    ctx.say(
        msg(
            f"{who(player)['en']} lays {name['en']} face up",
            f"{who(player)['ja']}は{name['ja']}を表にして出す",
        ),
        rule=rule,
    )


def begin(state: State, kind: str, target: str | None, need: int) -> None:
    state["attempt"] = {"kind": kind, "target": target, "need": need, "cards": [], "total": 0}
    wait(state, "pay")


def pay_legal(state: State, player: str) -> list[Action]:
    kind = state["attempt"]["kind"]
    acts: list[Action] = [{"pay": cid} for cid in sorted(set(usable(state, kind, player)))]
    acts.append({"cancel": True})
    return acts


DONE: dict[str, Callable[[Context, State, str, dict[str, Any]], None]] = {}


def pay_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    attempt = state["attempt"]
    kind = attempt["kind"]
    if "cancel" in action:
        state["face_up"][player].extend(attempt["cards"])
        state["attempt"] = None
        ctx.say(
            msg(
                f"{who(player)['en']} gives up the attempt",
                f"{who(player)['ja']}は試みを取りやめる",
            ),
            rule="3.5" if kind == "govern" else "4.4",
        )
        wait(state, kind)
        return
    cid = action["pay"]
    if cid in state["face_up"][player]:
        take(state["face_up"][player], cid)
    else:
        take(state["hand"][player], cid)  # laid face up and spent at once
        forget(state, player, [cid])
    attempt["cards"].append(cid)
    attempt["total"] += value(state, kind, player, cid)
    if attempt["total"] >= attempt["need"]:
        state["attempt"] = None
        state["discard"][player].extend(attempt["cards"])  # 3.3: spent cards are discarded
        DONE[kind](ctx, state, player, attempt)
        if state["end"] is None:
            wait(state, kind)


def pay_describe(state: State, player: str, action: Action) -> Msg:
    if "cancel" in action:
        return msg(
            "give up this attempt (the cards stay face up)",
            "この試みを取りやめる（カードは表のまま）",
        )
    attempt = state["attempt"]
    cid = action["pay"]
    worth = value(state, attempt["kind"], player, cid)
    name = comp(state).cards[cid].name
    left = attempt["need"] - attempt["total"]
    what = (
        msg("governance", "統治値") if attempt["kind"] == "govern" else msg("development", "開発値")
    )
    return msg(
        f"spend {name['en']} ({what['en']} {worth}; {left} still needed)",
        f"{name['ja']}を使用（{what['ja']}{worth}、残り必要{left}）",
    )


step("pay", active, pay_legal, pay_apply, pay_describe)


def governed(ctx: Context, state: State, player: str, attempt: dict[str, Any]) -> None:
    """3.3: the base rises one level; a neutral base becomes the faction's LV1 base."""
    bid = str(attempt["target"])
    base = state["bases"][bid]
    before = base["level"]
    base["owner"] = player
    base["level"] = before + 1
    name = comp(state).bases[bid].name
    spent = card_names(state, list(attempt["cards"]))
    ctx.say(
        msg(
            f"{who(player)['en']} governs {name['en']}: LV{before} → LV{before + 1} "
            f"(spent {spent['en']}: {attempt['total']} for {attempt['need']})",
            f"{who(player)['ja']}が{name['ja']}を統治: LV{before}→LV{before + 1}"
            f"（{spent['ja']}を使用: {attempt['total']}／必要{attempt['need']}）",
        ),
        rule="3.3",
        base=bid,
    )
    update_declarations(ctx, state)


def developed(ctx: Context, state: State, player: str, attempt: dict[str, Any]) -> None:
    """4.3: TL rises by one."""
    before = state["tl"][player]
    state["tl"][player] = before + 1
    spent = card_names(state, list(attempt["cards"]))
    ctx.say(
        msg(
            f"{who(player)['en']} develops: TL {before} → {before + 1} "
            f"(spent {spent['en']}: {attempt['total']} for {attempt['need']})",
            f"{who(player)['ja']}が開発: TL{before}→{before + 1}"
            f"（{spent['ja']}を使用: {attempt['total']}／必要{attempt['need']}）",
        ),
        rule="4.3",
    )


DONE["govern"] = governed
DONE["develop"] = developed
