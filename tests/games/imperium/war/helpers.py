"""Shared helpers for the galactic war's tests: the shipped galaxy and a war's initial
position."""

from __future__ import annotations

from support.dice import scripted
from wartable.engine import Context, State
from wartable.engine.dice import Dice
from wartable.games.imperium.components import IMPERIAL, SIDES, TERRAN
from wartable.games.imperium.flow import STEPS
from wartable.games.imperium.state import add_unit
from wartable.games.imperium.war import segment
from wartable.games.imperium.war.galaxy import Galaxy, galaxy
from wartable.games.imperium.war.setup import deploy, new_war_state
from wartable.games.imperium.war.state import box, new_fleet

G: Galaxy = galaxy({})


def war(scenario: str = "s6", seed: int = 1, *, deployed: bool = True) -> State:
    """The initial position of a war ("s6"-"s8", "campaign"), each side set up by `deploy`."""
    state = new_war_state(Context(Dice(seed), []), {"data": {}, "scenario": scenario})
    if deployed:
        for side in SIDES:
            deploy(state, side)
    return state


def empty(scenario: str = "s6") -> State:
    """A war's state with no unit, no marker and no fleet: a map to lay out by hand."""
    state = war(scenario, deployed=False)
    state["units"].clear()
    state["war"]["planets"].clear()
    return state


def homes() -> State:
    """An empty scenario 6 with each side's home World marked (Sol 1, Dingir)."""
    state = empty("s6")
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "dingir", "world", IMPERIAL)
    return state


def activated(state: State, system: str, side: str = TERRAN, phase: str = "segment_1") -> Context:
    """Action segment `phase` begun with `side` ahead (5 actions to 2), `system` activated."""
    state["war"]["phase"] = phase
    ctx = scripted([5, 2] if side == TERRAN else [2, 5])
    segment.begin(ctx, state)
    act(ctx, state, side, {"activate": system})
    return ctx


def mark(state: State, planet: str, kind: str, owner: str) -> None:
    """Put a World or Outpost marker of `owner` on a planet."""
    state["war"]["planets"][planet] = {"marker": kind, "owner": owner}


def fleet_in(state: State, side: str, system: str, *types: str) -> str:
    """A new fleet of `side` in `system` holding ships of the given types; its number."""
    number = new_fleet(state, side, system)
    assert number is not None
    for type_id in types:
        add_unit(state, side, type_id, f"fleet:{number}")
    return number


def land(state: State, side: str, planet: str, type_id: str) -> str:
    """A unit of `side` in a planet box."""
    return add_unit(state, side, type_id, box(planet))


def legal(state: State, side: str) -> list[dict[str, object]]:
    """The decisions open to `side` at the step the war waits at."""
    kind = STEPS.kinds[state["step"]["kind"]]
    return kind.legal(state, side) if side in kind.actors(state) else []


def act(ctx: Context, state: State, side: str, action: dict[str, object]) -> None:
    """Take a decision, as the engine would: only a legal one."""
    assert action in legal(state, side), f"{action} is not open to {side}"
    STEPS.kinds[state["step"]["kind"]].apply(ctx, state, side, action)
