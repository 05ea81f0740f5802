"""What each side may see (rule 6.3 and digest D.1): the one place VOTOMS hides information.

Face-down units show their owner, id and hex, never their type; the cups show only their size;
the offensive turn is Merc's alone until the game ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.rules import Path
from wartable.games.votoms.components import Components
from wartable.games.votoms.flow import MERC, SIDES
from wartable.games.votoms.stages import NAMES
from wartable.games.votoms.state import comp, type_values


def sees(state: State, unit: dict[str, Any], player: str | None) -> bool:
    """Whether `player` may see what `unit` is (rule 6.3: face-down fronts stay hidden)."""
    return bool(unit["up"]) or unit["side"] == player or state["end"] is not None


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for uid, unit in state["units"].items():
        if not sees(state, unit, player):
            yield ("units", uid, "type")
    for side in SIDES:
        for i in range(len(state["cups"][side])):
            yield ("cups", side, i)
    if state["end"] is None:
        for i in range(len(state["offensive"]["pool"])):
            yield ("offensive", "pool", i)
        if player != MERC and state["offensive"]["turn"] is not None:
            yield ("offensive", "turn")


def unit_view(
    state: State, c: Components, unit: dict[str, Any], player: str | None
) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": unit["id"],
        "side": unit["side"],
        "hex": unit["hex"],
        "up": unit["up"],
        "acted": unit["acted"],
        "moved": unit["moved"] == state["turn"],
    }
    if sees(state, unit, player):
        t = c.units[unit["type"]]
        attack, defence = type_values(t, state["stage"])
        shown.update(type=t.id, kind=t.kind, name=t.name, attack=attack, defence=defence, ps=t.ps)
    if "mp" in unit:
        shown["mp"] = unit["mp"]
    return shown


def view(state: State, player: str | None) -> dict[str, Any]:
    c = comp(state)
    offensive = state["offensive"]
    units = sorted(state["units"].values(), key=lambda u: (u["side"], int(u["id"][1:])))
    return {
        "turn": state["turn"],
        "last_turn": c.last_turn,
        "phase": state["phase"],
        "step": state["step"],
        "stage": state["stage"],
        "stage_name": dict(zip(("en", "ja"), NAMES[state["stage"]], strict=True)),
        "next_stage": state["next_stage"],
        "kan_yu_met_blue": state["kan_yu_met_blue"],
        "mods": state["mods"],
        "vp": state["vp"],
        "rp": state["rp"],
        "rp_max": c.rp_max,
        "control": state["control"],
        "units": [unit_view(state, c, u, player) for u in units],
        "stock": {side: sorted(state["stock"][side]) for side in SIDES},
        "cups": {side: len(state["cups"][side]) for side in SIDES},
        "removed": state["removed"],
        "returns": state["returns"],
        "offensive": {
            "drawn": offensive["turn"] is not None,
            "turn": offensive["turn"] if player == MERC or state["end"] is not None else None,
            "markers": sorted(c.offensive_turns),  # the printed mix is public (ruling)
        },
        "combat": state["combat"],
        "map": map_view(c),
    }


_MAPS: dict[int, dict[str, Any]] = {}


def map_view(c: Components) -> dict[str, Any]:
    """The printed map, the same in every view (built once per set of components)."""
    if id(c) not in _MAPS:
        _MAPS[id(c)] = _map_view(c)
    return _MAPS[id(c)]


def _map_view(c: Components) -> dict[str, Any]:
    grid = c.grid
    return {
        "orientation": grid.orientation,
        "parity": grid.parity,
        "columns": c.raw["map"]["columns"],
        "rows": c.raw["map"]["rows"],
        "hexes": {
            grid.label(h): {"terrain": grid.terrain(h), "offset": list(grid.to_offset(h))}
            for h in sorted(grid.hexes)
        },
        "river": list(c.river),
        "places": {
            pid: {
                "name": p.name,
                "hex": p.hex,
                "base": p.base,
                "base_points": p.base_points,
                "base_attack": list(p.base_attack) if p.base_attack else None,
                "home": p.home,
            }
            for pid, p in c.places.items()
        },
    }
