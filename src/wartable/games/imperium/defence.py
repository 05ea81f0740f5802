"""The defence's fire at ships over its planet, shared by bombardment (13.1) and landing (13.3):
the defender gives each of its fighters and batteries on the planet one target among the ships
the stage exposes (``{"intercept": unit, "at": ship}``; ``{"done": True}`` holds the rest's
fire); the fighters roll a die per torpedo factor and hit on 5-6, the batteries a die per combat
factor and hit on 5-6, 4-6 on their own side's World; the fighters' hits and the batteries' are
kept apart, each taken on its own (ruling I35).

``battle["defence"]`` holds it: ``{"targets", "against": {unit: ship}, "then", "rule"}``; once
rolled, the function registered under ``then`` with `after` goes on with the hits
``{"fighters": {ship: hits}, "batteries": {ship: hits}}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import comp, defender, in_box, ship_type

HIT = 5  # 13.1, 13.3: defending fighters and batteries hit on 5-6 ...
HIT_ON_WORLD = 4  # ... batteries on their own side's World on 4-6

Hits = dict[str, dict[str, int]]
Then = Callable[[Context, State, Hits], None]
AFTER: dict[str, Then] = {}


def after(name: str) -> Callable[[Then], Then]:
    def register(then: Then) -> Then:
        AFTER[name] = then
        return then

    return register


def is_fighter(state: State, uid: str) -> bool:
    # the components' table of kinds: a ship of the fighter code is "fighter", no ground unit is
    return comp(state).kinds.get(state["units"][uid]["type"]) == "fighter"


def is_battery(state: State, uid: str) -> bool:
    ground = comp(state).ground.get(state["units"][uid]["type"])
    return ground is not None and ground.kind == "battery"


def shooters(state: State) -> list[str]:
    """The defender's fighters and batteries on its planet."""
    return [uid for uid in in_box(state) if is_fighter(state, uid) or is_battery(state, uid)]


def begin(ctx: Context, state: State, targets: list[str], then: str, rule: str) -> None:
    """The defence fires at `targets`; then the function registered as `then` goes on."""
    state["battle"]["defence"] = {"targets": targets, "against": {}, "then": then, "rule": rule}
    if shooters(state) and targets:
        wait(state, "intercept")
    else:
        _fire(ctx, state)


def _legal(state: State, player: str) -> list[Action]:
    defence = state["battle"]["defence"]
    free = [uid for uid in shooters(state) if uid not in defence["against"]]
    shots = [{"intercept": uid, "at": ship} for uid in free for ship in defence["targets"]]
    return [*shots, {"done": True}]


def _intercept(ctx: Context, state: State, player: str, action: Action) -> None:
    """13.1: a fighter may not split its attack; a battery fires at one ship too (ruling I34)."""
    against = state["battle"]["defence"]["against"]
    if "intercept" in action:
        against[action["intercept"]] = action["at"]
        if len(against) < len(shooters(state)):
            return
    _fire(ctx, state)


def _fire(ctx: Context, state: State) -> None:
    """The fighters roll first, then the batteries (13.1, 13.3)."""
    battle = state["battle"]
    defence = battle["defence"]
    side = defender(state)
    hits: dict[str, Counter[str]] = {"fighters": Counter(), "batteries": Counter()}
    units = state["units"]
    for uid, ship in sorted(defence["against"].items(), key=lambda s: not is_fighter(state, s[0])):
        if is_fighter(state, uid):
            source, need = "fighters", HIT
            dice = ship_type(state, uid).face(units[uid]["damaged"]).torpedo
        else:
            source = "batteries"
            need = HIT_ON_WORLD if battle["world"] == side else HIT
            dice = comp(state).ground[units[uid]["type"]].face(units[uid]["damaged"]).combat
        rolled = ctx.roll(
            side, dice, defence["rule"], msg(f"{uid} fires at {ship}", f"{uid}が{ship}を攻撃")
        )
        hits[source][ship] += sum(1 for die in rolled if die >= need)
    battle["defence"] = None
    AFTER[defence["then"]](ctx, state, {source: dict(h) for source, h in hits.items()})


def _words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        return msg("the others hold their fire", "残りは射撃しない")
    uid, ship = action["intercept"], action["at"]
    return msg(f"{uid} fires at {ship}", f"{uid}が{ship}を攻撃")


step("intercept", lambda state: (defender(state),), _legal, _intercept, _words)
