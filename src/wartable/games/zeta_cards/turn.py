"""Rule 2: the turn. Two of the four actions, in any order (2.2); the end of the turn: used,
bought and unused cards to the discard pile but for two unused face-up domestic cards (2.3);
a new hand drawn by TL, the discard pile reshuffled when the deck runs out (2.4)."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta_cards.flow import ACTION_KINDS, ACTIONS, active, next_seat, step, wait
from wartable.games.zeta_cards.state import card_names, cards_n, comp, draw_cards, who
from wartable.games.zeta_cards.victory import check_declared_win

ACTION_NAMES: dict[str, Msg] = {
    "govern": msg("govern", "統治"),
    "develop": msg("develop", "開発"),
    "buy": msg("buy", "購入"),
    "fight": msg("fight", "戦闘"),
}
ACTION_RULES = {"govern": "3", "develop": "4", "buy": "5", "fight": "6"}


def start_turn(ctx: Context, state: State, player: str) -> None:
    """A faction's turn begins: first the check of a declared victory (7.1)."""
    state["active"] = player
    state["turn"] += 1
    state["taken"] = []
    name = who(player)
    ctx.say(
        msg(f"turn {state['turn']}: {name['en']}", f"第{state['turn']}手番: {name['ja']}"),
        rule="2.1",
    )
    if check_declared_win(ctx, state, player):
        return
    wait(state, "turn")


def may_take(state: State, name: str) -> bool:
    """Rule 2.2: two actions a turn; distinct ones unless the option says otherwise (Z7)."""
    taken = state["taken"]
    if len(taken) >= 2:
        return False
    return name not in taken or state["options"]["actions"] == "any"


def turn_legal(state: State, player: str) -> list[Action]:
    acts: list[Action] = [
        {"take": name}
        for name in ACTIONS
        if may_take(state, name) and ACTION_KINDS[name].offered(state, player)
    ]
    acts.append({"end": True})
    return acts


def turn_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if "end" in action:
        end_turn(ctx, state)
        return
    name = action["take"]
    state["taken"].append(name)
    ctx.say(
        msg(
            f"{who(player)['en']} takes action {len(state['taken'])}: {ACTION_NAMES[name]['en']}",
            f"{who(player)['ja']}のアクション{len(state['taken'])}: {ACTION_NAMES[name]['ja']}",
        ),
        rule="2.2",
    )
    ACTION_KINDS[name].start(ctx, state)


def turn_describe(state: State, player: str, action: Action) -> Msg:
    if "end" in action:
        return msg("end the turn", "手番を終了")
    name = action["take"]
    rule = ACTION_RULES[name]
    return msg(f"{ACTION_NAMES[name]['en']} (rule {rule})", f"{ACTION_NAMES[name]['ja']}（{rule}）")


step("turn", active, turn_legal, turn_apply, turn_describe)


def action_done(ctx: Context, state: State) -> None:
    """An action is over: the next one, or the end of the turn after the second (2.2)."""
    if state["end"] is not None:
        return
    if len(state["taken"]) >= 2:
        end_turn(ctx, state)
    else:
        wait(state, "turn")


# -- the end of the turn (2.3, 2.4) ------------------------------------------------------------


def keep_candidates(state: State, player: str) -> list[str]:
    """Rule 2.3: the face-up domestic cards not used this turn."""
    cards = comp(state).cards
    return [cid for cid in state["face_up"][player] if cards[cid].domestic]


def end_turn(ctx: Context, state: State) -> None:
    wait(state, "keep", kept=[])
    settle_keep(ctx, state)


def keep_left(state: State, player: str) -> list[str]:
    left = keep_candidates(state, player)
    for cid in state["step"]["kept"]:
        left.remove(cid)
    return left


def settle_keep(ctx: Context, state: State) -> None:
    """Keep without asking while there is no choice; otherwise wait for the player."""
    player = state["active"]
    kept: list[str] = state["step"]["kept"]
    limit = comp(state).keep
    while len(kept) < limit:
        left = keep_left(state, player)
        if not left:
            break
        options = sorted(set(left))
        if len(options) > 1 and len(left) > limit - len(kept):
            return  # a real choice: wait for the player
        kept.append(options[0])
    finish_turn(ctx, state, kept)


def keep_legal(state: State, player: str) -> list[Action]:
    return [{"keep": cid} for cid in sorted(set(keep_left(state, player)))]


def keep_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    state["step"]["kept"].append(action["keep"])
    settle_keep(ctx, state)


def keep_describe(state: State, player: str, action: Action) -> Msg:
    name = comp(state).cards[action["keep"]].name
    return msg(
        f"keep {name['en']} face up for a later turn", f"{name['ja']}を表のまま残す（後の手番用）"
    )


step("keep", active, keep_legal, keep_apply, keep_describe)


def finish_turn(ctx: Context, state: State, kept: list[str]) -> None:
    """2.3: everything to the discard pile but the kept cards; 2.4: draw by TL; next player."""
    player = state["active"]
    c = comp(state)
    discard = state["discard"][player]
    up = list(state["face_up"][player])
    for cid in kept:
        up.remove(cid)
    thrown = [*state["hand"][player], *up, *state["bought"][player]]
    discard.extend(thrown)
    state["hand"][player] = []
    state["face_up"][player] = list(kept)
    state["bought"][player] = []
    state["income"] = None
    name = who(player)
    if kept:
        shown = card_names(state, kept)
        ctx.say(
            msg(
                f"{name['en']} keeps {shown['en']} face up",
                f"{name['ja']}は{shown['ja']}を表のまま残す",
            ),
            rule="2.3",
        )
    ctx.say(
        msg(
            f"{name['en']} discards {cards_n(len(thrown))} at the end of the turn",
            f"{name['ja']}は手番終了時に{len(thrown)}枚を捨て札にする",
        ),
        rule="2.3",
    )
    count = c.draw[state["tl"][player]]
    deck = len(state["deck"][player])
    drawn = draw_cards(ctx, state, player, count, "2.4")
    state["hand"][player] = drawn
    # what the others know of the new hand: the whole old deck if it ran out (every other
    # card of the faction is in sight), else nothing
    state["known"][player] = sorted(drawn[:deck]) if len(drawn) >= deck else []
    ctx.say(
        msg(
            f"{name['en']} draws {cards_n(len(drawn))} (TL {state['tl'][player]})",
            f"{name['ja']}は{len(drawn)}枚引く（TL{state['tl'][player]}）",
        ),
        rule="2.4",
    )
    shown = card_names(state, sorted(drawn))
    ctx.say(
        msg(f"you draw: {shown['en']}", f"引いたカード: {shown['ja']}"), to=[player], rule="2.4"
    )
    state["step"] = None
    start_turn(ctx, state, next_seat(state, player))
