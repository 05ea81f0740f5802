"""Rule 12.3's movement steps as a decision: the side to move moves its ships one at a time
(12.5, `movement`), launches and recovers fighters in steps 2/3 and 10/11 (12.9, `carriers`),
retreats ships off the board whenever it is its turn to move (12.5, Q5, `retreat`), and first
brings on any ship waiting beside the board for room (12.5, ruling I32).
"""

from __future__ import annotations

from collections.abc import Iterator

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import carriers, movement, retreat
from wartable.games.imperium.flow import go_on, settled, step, wait
from wartable.games.imperium.state import ship_type


def _offers(state: State, side: str, least: int, number: int) -> Iterator[list[Action]]:
    """The actions but "done" open to `side` in movement step `number` (speeds `least`+), kind
    by kind, so that whether there is any is known from the first kind that has some."""
    entering: list[Action] = [{"enter": u, "to": a} for u, a in retreat.entries(state, side)]
    yield entering
    if entering:
        return  # a waiting ship comes on as soon as there is room (12.5)
    yield [{"move": u, "to": a} for u, a in movement.moves(state, side, least)]
    if number in carriers.FLIGHT_STEPS:
        yield [{"launch": f, "from": c} for f, c in carriers.launches(state, side)]
        yield [{"recover": f, "to": c} for f, c in carriers.recoveries(state, side)]
    yield [{"retreat": u} for u in retreat.retreats(state, side)]


def options(state: State, side: str, least: int, number: int) -> list[Action]:
    """Every action but "done" open to `side` in movement step `number` (speeds `least`+)."""
    return [action for kind in _offers(state, side, least, number) for action in kind]


def begin(state: State, side: str, least: int, number: int) -> bool:
    """Stop at the movement step if `side` has anything to do in it."""
    if not any(_offers(state, side, least, number)):
        return False
    wait(state, "move", side=side, least=least, number=number)
    return True


def _legal(state: State, player: str) -> list[Action]:
    now = state["step"]
    found = options(state, player, now["least"], now["number"])
    return found if found and "enter" in found[0] else [*found, {"done": True}]


def _act(ctx: Context, state: State, player: str, action: Action) -> None:
    if "enter" in action:
        retreat.enter(state, action["enter"], action["to"])
    elif "move" in action:
        movement.move(state, action["move"], action["to"])
    elif "launch" in action:
        carriers.launch(state, action["launch"], action["from"])
    elif "recover" in action:
        carriers.recover(state, action["recover"], action["to"])
    elif "retreat" in action:
        retreat.retreat(state, action["retreat"])
    now = state["step"]
    if (
        "done" in action
        or settled(state)
        or not any(_offers(state, player, now["least"], now["number"]))
    ):
        go_on(ctx, state)


def _words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        number = state["step"]["number"]
        return msg(f"end movement step {number}", f"移動ステップ{number}を終了")
    uid = next(action[k] for k in ("enter", "move", "launch", "recover", "retreat") if k in action)
    code = ship_type(state, uid).code
    areas = state["battle"]["areas"]
    if "enter" in action:
        to = action["to"]
        return msg(f"bring {code} {uid} onto area {to}", f"{code} {uid} をエリア{to}に配置")
    if "move" in action:
        at, to = areas[uid], action["to"]
        return msg(f"move {code} {uid} {at} → {to}", f"{code} {uid} を {at} → {to} へ移動")
    if "launch" in action:
        carrier = action["from"]
        return msg(f"launch {code} {uid} from {carrier}", f"{carrier}から{code} {uid}を発進")
    if "recover" in action:
        carrier = action["to"]
        return msg(f"recover {code} {uid} onto {carrier}", f"{code} {uid}を{carrier}に着艦")
    return msg(f"retreat {code} {uid} off the board", f"{code} {uid} を盤外へ退却")


step("move", lambda state: (state["step"]["side"],), _legal, _act, _words)
