"""Rule 2.3: control of hexes."""

from __future__ import annotations

from wartable.engine import State
from wartable.games.votoms.flow import BIELER, MERC
from wartable.games.votoms.state import Unit, comp, units_at


def controller(state: State, hex_label: str, previous: str | None) -> str | None:
    """Rule 2.3.3: the controller of a hex given who held it before (None = neutral)."""
    return holder(units_at(state, hex_label), previous)


def holder(here: list[Unit], previous: str | None) -> str | None:
    """Rule 2.3.3: the controller of a hex holding the units `here`, given who held it before."""
    merc = [u for u in here if u["side"] == MERC]
    bieler = [u for u in here if u["side"] == BIELER]
    if merc and not bieler:
        return MERC  # case 1
    if bieler and not merc:
        return BIELER
    if merc and bieler:
        merc_up = any(u["up"] for u in merc)
        bieler_up = any(u["up"] for u in bieler)
        if merc_up != bieler_up:
            return MERC if merc_up else BIELER  # case 2
        return None  # case 3 (both all face-down)
    return previous  # case 4: an empty base keeps its control


def check_bases(state: State) -> list[tuple[str, str | None, str | None]]:
    """Rule 2.3.1: after all combats of a combat phase, re-check every base; the changes."""
    at: dict[str, list[Unit]] = {}
    for u in state["units"].values():
        at.setdefault(u["hex"], []).append(u)
    changes = []
    for pid, place in comp(state).places.items():
        if not place.base:
            continue
        before = state["control"][pid]
        after = holder(at.get(place.hex, []), before)
        if after != before:
            state["control"][pid] = after
            changes.append((pid, before, after))
    return changes


def route_controller(state: State, hex_label: str) -> str | None:
    """Rule 2.3.2: C08 and D07 are checked only in the reinforcement phase; empty = neutral."""
    return controller(state, hex_label, None)


def home_controller(state: State, side: str) -> str | None:
    home = comp(state).home(side)
    return state["control"][home.id]  # type: ignore[no-any-return]
