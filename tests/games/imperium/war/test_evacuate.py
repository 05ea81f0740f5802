"""Leaving a contested planet (rule 13.4 "withdrawal", B.2 Peace Negotiations; ruling I126)."""

from __future__ import annotations

from games.imperium.war.helpers import act, empty, fleet_in, land, legal, mark
from support.dice import scripted
from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.flow import AFTER_BATTLE
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import hidden, segment
from wartable.games.imperium.war.state import battles

PLANET = "alpha_centauri_a"


def contested(event: str | None = None, side: str = IMPERIAL) -> tuple[Context, State]:
    """Alpha Centauri A, a Terran World, is contested: Terran infantry and a battery, an
    Imperial drop troop and fighter in its box. Two Imperial fleets of one TR each are in the
    system, and a Terran one of two TRs, a battery aboard one; `side` (5 actions to 2) has
    activated it."""
    state = empty("s6")
    state["war"]["event"] = event
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "dingir", "world", IMPERIAL)
    mark(state, PLANET, "world", TERRAN)
    land(state, TERRAN, PLANET, "terran_infantry_3")
    land(state, TERRAN, PLANET, "terran_battery")
    land(state, IMPERIAL, PLANET, "imperial_drop_4")
    land(state, IMPERIAL, PLANET, "imperial_f")
    hidden.reveal(state, units_at(state, f"box:{PLANET}"))  # the battle that contested it
    fleet_in(state, IMPERIAL, PLANET, "imperial_tr")
    fleet_in(state, IMPERIAL, PLANET, "imperial_tr")
    number = fleet_in(state, TERRAN, PLANET, "terran_tr", "terran_tr")
    spare = land(state, TERRAN, "sol_1", "terran_battery")
    state["units"][spare].update(at=None, aboard=units_at(state, f"fleet:{number}")[0])
    state["war"]["phase"] = "segment_1"
    ctx = scripted([2, 5] if side == IMPERIAL else [5, 2])
    segment.begin(ctx, state)
    act(ctx, state, side, {"activate": PLANET})
    return ctx, state


def unit(state: State, type_id: str) -> str:
    return next(uid for uid, u in state["units"].items() if u["type"] == type_id)


def transports(state: State) -> list[str]:
    return [u for n in ("IF1", "IF2") for u in units_at(state, f"fleet:{n}")]


def battery_dice(state: State) -> int:
    return battles(state).ground["terran_battery"].face(False).combat


def test_13_4_troops_evacuated_from_a_contested_planet_draw_the_landing_fire() -> None:
    ctx, state = contested()
    ctx.dice.faces = [4] * battery_dice(state)  # type: ignore[attr-defined]  # 4-6: own World
    drop, battery = unit(state, "imperial_drop_4"), unit(state, "terran_battery")
    tr = transports(state)[0]
    act(ctx, state, IMPERIAL, {"load": drop, "onto": tr})
    assert state["step"] == {"kind": "intercept"}
    assert {"intercept": battery, "at": tr} in legal(state, TERRAN)
    act(ctx, state, TERRAN, {"intercept": battery, "at": tr})
    assert tr not in state["units"] and drop not in state["units"]  # 13.3: lost with its TR
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}
    assert state["battle"] is None


def test_13_4_the_enemy_may_hold_its_fire_and_the_troops_get_away() -> None:
    ctx, state = contested()
    drop, tr = unit(state, "imperial_drop_4"), transports(state)[0]
    act(ctx, state, IMPERIAL, {"load": drop, "onto": tr})
    act(ctx, state, TERRAN, {"done": True})
    assert state["units"][drop]["aboard"] == tr
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}


def test_13_4_fighters_leave_a_contested_planet_freely() -> None:
    ctx, state = contested()
    fighter, tr = unit(state, "imperial_f"), transports(state)[1]
    act(ctx, state, IMPERIAL, {"load": fighter, "onto": tr})
    assert state["units"][fighter]["aboard"] == tr
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}  # no fire


def test_13_4_no_battery_is_loaded_or_unloaded_on_a_contested_planet() -> None:
    _, state = contested(side=TERRAN)
    battery = unit(state, "terran_battery")
    spare = next(u for u, x in state["units"].items() if x["aboard"] is not None)
    orders = legal(state, TERRAN)
    assert [o for o in orders if "load" in o]  # the empty TR could take the infantry
    assert not [o for o in orders if o.get("load") == battery]
    assert not [o for o in orders if o.get("unload") == spare]


def test_13_4_units_are_locked_in_for_the_action_that_fought_on_the_planet() -> None:
    ctx, state = contested()
    for uid in units_at(state, "fleet:TF1"):  # 13.0, I119: no enemy fleet in the system
        state["units"].pop(uid)
    state["units"] = {u: x for u, x in state["units"].items() if x["aboard"] is None}
    del state["war"]["fleets"]["TF1"]
    number = fleet_in(state, IMPERIAL, PLANET, "imperial_dd")
    drop = unit(state, "imperial_drop_4")
    act(ctx, state, IMPERIAL, {"attack": PLANET, "with": number})
    on = {TERRAN: [], IMPERIAL: [drop]}
    state["battle"]["outcome"] = {"control": "contested", "on_planet": on}
    AFTER_BATTLE["war_attack"](ctx, state)
    assert state["step"] == {"kind": "orders", "side": IMPERIAL}
    assert not [o for o in legal(state, IMPERIAL) if o.get("load") == drop]
    act(ctx, state, IMPERIAL, {"done": True})
    act(ctx, state, TERRAN, {"pass": True})
    act(ctx, state, IMPERIAL, {"activate": PLANET})  # a later action
    assert [o for o in legal(state, IMPERIAL) if o.get("load") == drop]


def test_b_2_13_4_peace_negotiations_freeze_a_contested_planet() -> None:
    _, state = contested(event="peace_negotiations")
    orders = legal(state, IMPERIAL)
    assert not [o for o in orders if "load" in o]  # its units stay where they are
    assert not [o for o in orders if "attack" in o]  # no one attacks
    _, state = contested()
    orders = legal(state, IMPERIAL)
    assert [o for o in orders if "load" in o]


def test_b_2_peace_negotiations_no_move_into_a_system_with_enemy_units() -> None:
    ctx, state = contested(event="peace_negotiations")
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    act(ctx, state, IMPERIAL, {"done": True})
    act(ctx, state, TERRAN, {"activate": "sol"})
    jumps = {o["to"] for o in legal(state, TERRAN) if o.get("jump") == number}
    assert PLANET not in jumps and "junction" in jumps
