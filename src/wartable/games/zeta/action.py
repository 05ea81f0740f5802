"""Rules 11 and 12: the action phases. A card is drawn and shown (11.2); the faction it names
gives its units' orders with the card's type (12), and when it is done the next card is drawn,
until the deck is empty and the turn ends (11.3, 11.4).

Each kind of order (a move, loading, recovery, governance, atmospheric movement) lives in its own
module and registers here with `order`. A unit chooses Move, Recover or Govern (12.5); one with
no order has chosen Move (ruling S31). ``state["action"]`` holds the phase: the card, the faction
and type, the hexes other factions held when it began (17.9), ``mp`` the movement points left to
each unit or character that has moved (13.3; 0 for one that rode with its carrier, 15.2),
``recover`` and ``govern`` the units given those orders (with their base), ``recovered`` the
production points each base has recovered (16.5), ``atmo`` the hexes units reached by
atmospheric movement (18.3), and ``fought`` and ``battle`` the battles of the phase (`battle`).

When the faction ends its orders, what they set in motion is settled in the order of the rules
(`SETTLING`): the governance rolls (16.6, 17.10), the Axis attack (30.4.3), combat (18.1), the
Gryps 2 laser (31.5.3) and Quattro's speech (29.1.1). Each registers its part with `settle`; a
part returns True when it stops at a decision, whose apply calls `resume` with the part's name
once it is done. After the last part the next card is drawn.

Things a phase does when it begins (17.9's record, 30.3.2, 31.4.2) register with `on_start`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.components import JUPITER_BOX
from wartable.games.zeta.existence import Presence, presence
from wartable.games.zeta.flow import next_phase, phase, step, wait
from wartable.games.zeta.state import OFF_MAP, card_of, comp, on_map

Pieces = list[tuple[str, dict[str, Any]]]  # (id, unit or character), in id order


@dataclass(frozen=True)
class Scene:
    """What the kinds of order read while the legal actions are listed, found once for the
    listing rather than once by each kind: who is at each location (`presence`), and the active
    faction's units and characters that may act (12.2-12.4). Read only: the kinds share it."""

    here: Presence
    units: Pieces
    characters: Pieces


Legal = Callable[[State, Scene], list[Action]]
Apply = Callable[[Context, State, Action], None]
Describe = Callable[[State, Action], Msg]
Settle = Callable[[Context, State], bool]
Start = Callable[[State], None]
After = Callable[[Context, State, dict[str, str]], None]


@dataclass(frozen=True)
class Order:
    rule: str  # the rule the log names when the order is given
    legal: Legal
    apply: Apply
    describe: Describe


ORDERS: dict[str, Order] = {}  # the key an action starts with -> its kind of order
SETTLE: dict[str, Settle] = {}
FORCED: list[Legal] = []  # orders that must come before any other (35.7)
DUE: list[Callable[[State], bool]] = []  # whether something must still be done (35.6)
SETTLING = ("governance", "axis_attack", "combat", "laser", "speech")  # 17.10, 30.4.3, 18, 31.5.3
STARTS: list[Start] = []
AFTER: list[After] = []  # what an order may set off at once (32.1.3, 32.2.1)


def order(key: str, rule: str, legal: Legal, apply: Apply, describe: Describe) -> None:
    ORDERS[key] = Order(rule, legal, apply, describe)


def settle(name: str) -> Callable[[Settle], Settle]:
    def register(part: Settle) -> Settle:
        SETTLE[name] = part
        return part

    return register


def optional_step(
    name: str,
    rule: str,
    choices: Callable[[State], list[str]],
    carry_out: Callable[[Context, State, str, str], None],
    describe: Callable[[State, str, Action], Msg],
) -> None:
    """A choice the end of the active faction's orders offers when there is one (the Axis
    attack, the laser, the speech; ruling S59): ``{name: choice}`` for one of `choices`, carried
    out by `carry_out(ctx, state, faction, choice)`, or ``{name: None}`` to let it be."""

    def offer(ctx: Context, state: State) -> bool:
        if not choices(state):
            return False
        wait(state, name)
        return True

    def actors(state: State) -> tuple[str, ...]:
        return (current(state)["faction"],)

    def legal(state: State, faction: str) -> list[Action]:
        return [*({name: choice} for choice in choices(state)), {name: None}]

    def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
        ctx.say(describe(state, faction, action), rule=rule)
        if action[name] is not None:
            carry_out(ctx, state, faction, action[name])
        resume(ctx, state, name)

    SETTLE[name] = offer
    step(name, actors, legal, apply, describe)


def forced(first: Legal) -> Legal:
    """Register orders that, when there are any, are the only ones offered (35.7)."""
    FORCED.append(first)
    return first


def due(check: Callable[[State], bool]) -> Callable[[State], bool]:
    """Register something that must be done before the orders may end (35.6)."""
    DUE.append(check)
    return check


def untouched(state: State) -> bool:
    """Whether no order has been given yet this phase: its start (35.5, 36.4)."""
    act = current(state)
    return not (act["mp"] or act["recover"] or act["govern"] or act.get("shifted"))


def after_order(check: After) -> After:
    """Register something looked at after every order. It is given where each character stood
    before the order, so that it can tell a character the order moved (32.1.3's 「進入」, 32.2.1's
    「降下」, ruling S58) from one that merely is where it was."""
    AFTER.append(check)
    return check


def on_start(start: Start) -> Start:
    """Register something recorded when an action phase begins."""
    STARTS.append(start)
    return start


def resume(ctx: Context, state: State, after: str | None) -> None:
    """Settle the parts after `after` (all of them for None) in the order of `SETTLING`; when
    none is left waiting, draw the next card (11.3)."""
    first = 0 if after is None else SETTLING.index(after) + 1
    for name in SETTLING[first:]:
        part = SETTLE.get(name)
        if part is not None and part(ctx, state):
            return
    next_card(ctx, state)


def current(state: State) -> dict[str, Any]:
    act: dict[str, Any] = state["action"]
    return act


@phase("action")
def start(ctx: Context, state: State) -> None:
    next_card(ctx, state)


def next_card(ctx: Context, state: State) -> None:
    """11.2-11.4: draw and show the next card; an empty deck ends the turn."""
    if not state["deck"]:
        state["action"] = None
        next_phase(ctx, state)
        return
    card = state["deck"].pop()
    faction, kind = card_of(card)
    state["kept"][faction].remove(card)
    state["drawn"].append(card)
    ctx.reveal()
    here = presence(state)
    state["action"] = {
        "n": len(state["drawn"]),
        "card": card,
        "faction": faction,
        "type": kind,
        "present": sorted(at for at, fs in here.items() if fs - {faction}),  # 17.9
        "mp": {},
        "recover": {},
        "govern": {},
        "recovered": {},
        "atmo": [],
        "fought": [],
        "battle": None,
    }
    for begin in STARTS:
        begin(state)
    c = comp(state)
    name, card_name = c.factions[faction], c.card_names[kind]
    n = len(state["drawn"])
    ctx.say(
        msg(
            f"Action phase {n}: {name['en']}, {card_name['en']}",
            f"第{n}行動フェイズ: {name['ja']}・{card_name['ja']}",
        ),
        rule="11.2",
        card=card,
    )
    wait(state, "act")


def acting(state: State, at: str) -> bool:
    """12.2-12.4: whether the active faction's units at `at` may act with this card."""
    act = current(state)
    kind = act["type"]
    if kind == "space":
        return at.startswith(("space:", "box:"))  # the boxes lie beside the space map
    if kind == "ground":
        return at.startswith("ground:")
    if not at.startswith("ground:"):
        return comp(state).drop_area(at) is not None
    return any(b["at"] == at and b["owner"] == act["faction"] for b in state["bases"].values())


def moved(state: State, key: str) -> bool:
    """Whether a unit or character has moved this phase (it may then not recover or govern,
    16.4, 17.3)."""
    return key in current(state)["mp"]


def ordered(state: State, key: str) -> bool:
    """Whether a unit or character has been told to recover or govern (16.4, 17.3)."""
    act = current(state)
    return key in act["recover"] or key in act["govern"]


def free(state: State, key: str) -> bool:
    """Neither moved nor given another order: it may still choose anything (12.5). A dock ship
    that has repaired a unit has chosen Move (29.2.2)."""
    act = current(state)  # `ordered` written out: this is asked of every piece at every order
    return not (
        key in act["mp"]
        or key in act["recover"]
        or key in act["govern"]
        or ("docked" in act and key in act["docked"].values())  # no `{}` built at each call
    )


def scene_of(state: State) -> Scene:
    """The position's `Scene`, in one pass over the units and one over the characters."""
    here: Presence = {}
    may_act: dict[str, bool] = {}
    units = _gather(state, state["units"], here, may_act)
    return Scene(here, units, _gather(state, state["characters"], here, may_act))


def _gather(
    state: State, pieces: dict[str, dict[str, Any]], here: Presence, may_act: dict[str, bool]
) -> Pieces:
    """The active faction's `pieces` that may act now, in id order; adds every piece on the maps
    to `here` (as `presence` does), and `acting` of each location asked to `may_act`."""
    faction = current(state)["faction"]
    own: Pieces = []
    for key, piece in pieces.items():
        at = piece["at"]
        if at in OFF_MAP or not on_map(at):
            continue
        owner = piece["faction"]
        factions = here.get(at)
        if factions is None:
            here[at] = {owner}
        else:
            factions.add(owner)
        if owner == faction:
            if at not in may_act:
                may_act[at] = acting(state, at)
            if may_act[at]:
                own.append((key, piece))
    return own


def legal(state: State, faction: str) -> list[Action]:
    scene = scene_of(state)
    first = [a for before in FORCED for a in before(state, scene)]
    if first:
        return first
    actions = [a for kind in ORDERS.values() for a in kind.legal(state, scene)]
    if may_end(state, scene):
        actions.append({"end": True})
    return actions


def may_end(state: State, scene: Scene) -> bool:
    """Ruling S14: the Jupiter fleet enters the map in the first Titans Space phase (33.3)."""
    if any(check(state) for check in DUE):
        return False
    act = current(state)
    if act["type"] != "space":
        return True
    return not any(u["at"] == JUPITER_BOX for _, u in scene.units)


def kind_of(action: Action) -> str:
    """The kind of an order: the key that names it, wherever it stands in the action."""
    return next(key for key in (*ORDERS, "end") if key in action)


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    key = kind_of(action)
    if key == "end":
        resume(ctx, state, None)
        return
    kind = ORDERS[key]
    ctx.say(kind.describe(state, action), rule=kind.rule)
    before = {cid: ch["at"] for cid, ch in state["characters"].items()}
    kind.apply(ctx, state, action)
    for check in AFTER:
        check(ctx, state, before)


def describe(state: State, faction: str, action: Action) -> Msg:
    key = kind_of(action)
    if key == "end":
        return msg("end the orders of this phase", "この行動フェイズの行動を終了")
    return ORDERS[key].describe(state, action)


def actors(state: State) -> tuple[str, ...]:
    return (current(state)["faction"],)


step("act", actors, legal, apply, describe)
