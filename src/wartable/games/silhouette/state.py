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

from wartable.engine import Context, Msg, State, msg
from wartable.games.silhouette.components import SHIPPED, Components, Item, components

Machine = dict[str, Any]
CAUSES: dict[str, Msg] = {
    "core": msg("its core is destroyed", "コアが破壊された"),
    "base": msg("its core came off the base", "コアを含む部分が土台から離れた"),
    "fallen": msg("it fell over", "転倒した"),
    "surrender": msg("it surrendered", "降伏した"),
}


def comp(state: State) -> Components:
    data = state["data"]
    return components(data) if data else SHIPPED  # (the usual case, without a look-up)


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


def cells_of(m: Machine, inst: str) -> list[str]:
    """The cells of an item instance, in sheet order."""
    return [key for key, cell in m["cells"].items() if cell["inst"] == inst]


def enemies_of(state: State, m: Machine) -> list[Machine]:
    """The machines of the other side(s) still in action."""
    side = m["side"]
    return [o for o in state["machines"].values() if o["side"] != side and o["out"] is None]


def show(ctx: Context, m: Machine, keys: list[str]) -> None:
    """Reveal cells to everyone (a declaration, S1.1): undo may not go back past it."""
    if any(not m["cells"][key]["shown"] for key in keys):
        for key in keys:
            m["cells"][key]["shown"] = True
        ctx.reveal()
