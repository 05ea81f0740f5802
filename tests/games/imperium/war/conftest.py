"""Stand-ins for hooks the war needs in part 1 (issue 12, step 2's report), until they land
there: each replaces one part-1 function with the fix asked for, for the war's tests only."""

from __future__ import annotations

import pytest

from wartable.engine import State
from wartable.games.imperium import carriers, defence, land
from wartable.games.imperium.components import FIGHTER
from wartable.games.imperium.state import carried_by, comp, in_orbit, is_ship, ship_type


def _aboard(state: State, uid: str) -> list[str]:
    """carriers.aboard, skipping the ground units a transport carries (11.5)."""
    return [
        f
        for f in carried_by(state, uid)
        if is_ship(state, f) and ship_type(state, f).code == FIGHTER
    ]


def _landers(state: State) -> list[str]:
    """land._landers, leaving out an Outpost carried aboard (it is no ground unit: 9.0)."""
    ships = in_orbit(state)
    fighters = [uid for uid in ships if defence.is_fighter(state, uid)]
    ground = comp(state).ground
    cargo = [
        c for ship in ships for c in carried_by(state, ship) if state["units"][c]["type"] in ground
    ]
    return [*fighters, *cargo]


@pytest.fixture(autouse=True)
def part1_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(carriers, "aboard", _aboard)
    monkeypatch.setattr(land, "_landers", _landers)
