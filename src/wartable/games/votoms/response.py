"""Rule 7: the two response phases.

1st response: Merc helis only (7.2). 2nd response: Bieler first, its reveals of 7.3.2 and then
its response moves paid with RP (7.3), and only then the Merc helis (7.2.1). Moves are the steps
of `wartable.games.votoms.movement` under the modes below.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.votoms.flow import BIELER, MERC, next_phase, phase, step, wait
from wartable.games.votoms.movement import (
    MODES,
    Mode,
    act,
    begin_moves,
    board,
    describe_move,
    finish_moves,
    heli_mp,
    home_guarded,
    legal,
    mover_side,
    turn_up,
)
from wartable.games.votoms.state import comp

RESPONSE_MP = 3  # 7.3.5

# 7.2: ready helis in EX-10, 9 MP as usual, with loading (7.2.4); no flips.
HELI_RESPONSE = Mode("heli_response", 0, flips=False, helis_only=True, response=False)
# 7.3: face-up Bieler units, 1 RP each, 3 MP but one adjacent step always, holding force.
BIELER_RESPONSE = Mode("bieler_response", RESPONSE_MP, flips=False, helis_only=False, response=True)
MODES[HELI_RESPONSE.kind] = HELI_RESPONSE
MODES[BIELER_RESPONSE.kind] = BIELER_RESPONSE


# --------------------------------------------------------------------------- 7.2 Merc helis


def helis_can_respond(state: State) -> bool:
    """7.2.2, 7.2.3, 5.11.1: a ready heli in EX-10 that has not moved this turn, and no
    face-up enemy unit in EX-10."""
    b = board(comp(state))
    home = b.homes[MERC]
    guarded = home_guarded(state, b, MERC)
    return any(
        u["side"] == MERC
        and u["hex"] == home
        and b.facts[u["type"]][0]
        and heli_mp(state, b, u, HELI_RESPONSE, guarded)
        for u in state["units"].values()
    )


def heli_responses(ctx: Context, state: State) -> None:
    """Merc's response moves, or the end of the phase if no heli can make one."""
    if helis_can_respond(state):
        begin_moves(state, MERC, HELI_RESPONSE)
    else:
        finish_moves(state)
        next_phase(ctx, state)


def heli_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if act(ctx, state, player, action, HELI_RESPONSE):
        return
    finish_moves(state)  # {"end": True}
    next_phase(ctx, state)


def heli_describe(state: State, player: str, action: Action) -> Msg:
    return describe_move(state, action, msg("end the heli responses", "ヘリの対応移動を終了"))


step(HELI_RESPONSE.kind, mover_side, legal, heli_apply, heli_describe)


@phase("response_1")
def first_response(ctx: Context, state: State) -> None:
    """7.2.1 / 7.3.1: in the 1st response phase only Merc helis move."""
    heli_responses(ctx, state)


# --------------------------------------------------------------------------- 7.3 Bieler


@phase("response_2")
def second_response(ctx: Context, state: State) -> None:
    """7.3.2: Bieler first reveals the face-down units it chooses, before any move."""
    if face_down(state):
        wait(state, "response_reveal")
    else:
        bieler_responses(ctx, state)


def face_down(state: State) -> list[str]:
    return [
        u["id"]
        for u in state["units"].values()
        if u["side"] == BIELER and u["hex"] is not None and not u["up"]
    ]


def reveal_legal(state: State, player: str) -> list[Action]:
    return [*({"reveal": uid} for uid in face_down(state)), {"done": True}]


def reveal_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if "reveal" in action:
        unit = state["units"][action["reveal"]]
        turn_up(
            ctx, state, unit, "7.3.2", msg("shown before the response moves", "対応移動の前に公開")
        )
        if face_down(state):
            return
    bieler_responses(ctx, state)


def reveal_describe(state: State, player: str, action: Action) -> Msg:
    if "reveal" in action:
        return msg(f"reveal {action['reveal']}", f"{action['reveal']} を表にする")
    return msg("done revealing, start the response moves", "表にする作業を終えて対応移動へ")


step("response_reveal", lambda state: (BIELER,), reveal_legal, reveal_apply, reveal_describe)


def bieler_responses(ctx: Context, state: State) -> None:
    """7.3.3: with RP to pay, Bieler may move face-up units; then the Merc helis (7.2.1)."""
    if state["rp"] >= 1 and any(
        u["side"] == BIELER and u["hex"] is not None and u["up"] for u in state["units"].values()
    ):
        begin_moves(state, BIELER, BIELER_RESPONSE)
    else:
        heli_responses(ctx, state)


def bieler_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if act(ctx, state, player, action, BIELER_RESPONSE):
        return
    finish_moves(state)  # {"end": True}: Bieler has finished, now Merc (7.3.1)
    heli_responses(ctx, state)


def bieler_describe(state: State, player: str, action: Action) -> Msg:
    return describe_move(
        state, action, msg("end the Bieler responses", "ビーラー側の対応移動を終了")
    )


step(BIELER_RESPONSE.kind, mover_side, legal, bieler_apply, bieler_describe)
