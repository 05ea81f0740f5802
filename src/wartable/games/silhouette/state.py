"""The state (plain data) and the helpers every rules module reads it with.

Keys of the state:

- ``mode``: versus, team, solo or coop (rule S1); ``sides``: side -> machine ids; ``seats``:
  the players' seats in order; ``tracks``: who records whom on the Target sheet (S1.1);
- ``machines``: id -> machine. A machine is its owner's seat (None for an enemy piece run by
  the scenario, S1.2), its side, ``unit`` (a unit machine, S6.2), ``weight`` (S4), ``sp`` (S2),
  ``attacked`` this round (S8), ``out`` (None or the cause, S10), ``lean`` (the last standing
  verdict, S10 ③), ``links`` (printed lines) and ``cells``: "row-col" -> ``item``, ``part``,
  ``inst`` (the item's instance), ``cut`` (one slit at most, S6.1), ``gone`` (None, destroyed,
  fell or detached), ``frayed`` (next to a torn-out cell, P.4), ``shown`` (revealed to all);
- ``round`` (S2), ``order`` (fixed in round 1, S4) and ``turn`` (the index into it, S7);
- ``attack``: the attack being made (S6), or None; ``step`` and ``end``: see engine/steps.py.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Msg, State, msg
from wartable.games.silhouette.components import Components, Item, components
from wartable.games.silhouette.grid import Cell, Link, cell_key, joined, parse_key

Machine = dict[str, Any]
CAUSES: dict[str, Msg] = {
    "core": msg("its core is destroyed", "コアが破壊された"),
    "base": msg("its core came off the base", "コアを含む部分が土台から離れた"),
    "fallen": msg("it fell over", "転倒した"),
    "surrender": msg("it surrendered", "降伏した"),
}


def comp(state: State) -> Components:
    return components(state["data"])


def item(state: State, iid: str) -> Item:
    return comp(state).items[iid]


def machine(state: State, mid: str) -> Machine:
    m: Machine = state["machines"][mid]
    return m


def name_of(m: Machine) -> Msg:
    """The machine as players call it: its robot, and its seat or enemy number."""
    name: Msg = m["name"]
    return msg(f"{name['en']} ({m['id']})", f"{name['ja']}（{m['id']}）")


def in_action(m: Machine) -> bool:
    return m["out"] is None


def live(m: Machine) -> set[Cell]:
    return {parse_key(key) for key, cell in m["cells"].items() if cell["gone"] is None}


def links(m: Machine) -> list[Link]:
    return [(parse_key(a), parse_key(b)) for a, b in m["links"]]


def core_key(m: Machine) -> str:
    return next(str(key) for key, cell in m["cells"].items() if cell["item"] == "core")


def connected(state: State, m: Machine) -> set[Cell]:
    """Rule S6.1: live cells in the core's part, or with a path to the core (G8); with the
    option ``core_part = path`` the cells of the core's part need the path too."""
    cells = live(m)
    core = parse_key(core_key(m))
    reach = joined(cells, core, links(m))
    if state["options"]["core_part"] == "same_part" and reach:
        part = m["cells"][core_key(m)]["part"]
        reach |= {c for c in cells if m["cells"][cell_key(c)]["part"] == part}
    return reach


def instances(m: Machine) -> dict[str, list[str]]:
    """Item instance -> its cells, in sheet order."""
    found: dict[str, list[str]] = {}
    for key, cell in m["cells"].items():
        found.setdefault(cell["inst"], []).append(key)
    return found


def enemies_of(state: State, m: Machine) -> list[Machine]:
    """The machines of the other side(s) still in action."""
    return [
        other
        for other in state["machines"].values()
        if other["side"] != m["side"] and in_action(other)
    ]
