"""What each seat may see (digest D.1): the one place the game hides information.

Hidden from the other side: what is printed on each cell of a sheet (item, part, instance) until
it is revealed — declared in an attack or a defence, cut, destroyed or fallen away (S1.1,
ruling G17) — and the sheet's printed links. Public: every machine's outline (which cells it
had and has), cuts and tears, weight, SP, whether it was attacked this round, its lean and
whether it is out of action, the dice and the hit cell. A side sees its own sheets (G22).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.rules import Path
from wartable.games.silhouette.state import Machine, comp

SECRET_FIELDS = ("item", "part", "inst")


def sees(state: State, player: str | None, m: Machine) -> bool:
    """Whether `player` sees the whole of `m`'s sheet: its own side's machines only."""
    return player is not None and state["machines"][player]["side"] == m["side"]


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for mid, m in state["machines"].items():
        if sees(state, player, m):
            continue
        for key, cell in m["cells"].items():
            if not cell["shown"]:
                for name in SECRET_FIELDS:
                    yield ("machines", mid, "cells", key, name)
        if m["links"]:
            yield ("machines", mid, "links")


def machine_view(state: State, player: str | None, m: Machine) -> dict[str, Any]:
    whole = sees(state, player, m)
    robot = comp(state).robots[m["robot"]]
    cells = {}
    for key, cell in m["cells"].items():
        shown = {"gone": cell["gone"], "cut": cell["cut"], "frayed": cell["frayed"]}
        if whole or cell["shown"]:
            shown.update({name: cell[name] for name in SECRET_FIELDS})
        shown["shown"] = cell["shown"]
        cells[key] = shown
    parts_known = {c["part"] for c in cells.values() if "part" in c}
    return {
        "id": m["id"],
        "name": m["name"],
        "robot": m["robot"],
        "owner": m["owner"],
        "side": m["side"],
        "unit": m["unit"],
        "weight": m["weight"],
        "sp": m["sp"],
        "attacked": m["attacked"],
        "out": m["out"],
        "lean": dict(m["lean"]),
        "cells": cells,
        "links": [list(link) for link in m["links"]] if whole else None,
        "parts": {p: robot.parts[p] for p in sorted(parts_known)},
        "mine": whole,
    }


def view(state: State, player: str | None) -> dict[str, Any]:
    c = comp(state)
    step = state["step"]
    turn = None
    if state["order"] and 0 <= state["turn"] < len(state["order"]):
        turn = state["order"][state["turn"]]
    attack = state["attack"]
    return {
        "you": player,
        "mode": state["mode"],
        "round": state["round"],
        "rounds": state["rounds"],
        "order": list(state["order"]),
        "turn": turn,
        "seats": list(state["seats"]),
        "sides": {side: list(ids) for side, ids in state["sides"].items()},
        "tracks": dict(state["tracks"]),
        "options": {k: state["options"][k] for k in ("physics", "grey")},
        "step": None if step is None else {k: v for k, v in step.items()},
        "attack": None
        if attack is None
        else {k: attack[k] for k in ("by", "weapon", "item", "target", "roll", "at", "rolls_left")},
        "machines": {mid: machine_view(state, player, m) for mid, m in state["machines"].items()},
        "items": {
            iid: {
                "name": it.name,
                "key": it.key,
                "symbol": it.symbol,
                "kind": it.kind,
                "sturdy": it.sturdy,
                "damage": it.damage,
            }
            for iid, it in c.items.items()
        },
        "costs": {k: c.rules[k] for k in ("shift_cost", "set_cost", "double_cost")},
    }
