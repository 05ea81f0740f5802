"""A machine's sheet as it is now, and the tables the rules read it by: its live cells, its
core, the cells joined to the core (S6.1 connection) and its items' cells.

A `Sheet` is made from one arrangement of cells — each cell's item, part, instance, cut,
damage and fraying, and the printed links — under one set of components and reading of G8,
and is kept for that arrangement, so that a table the rules work out once (the weapons a
machine may use, how it leans) serves every later turn and every copy of the position a search
makes. The arrangement is the key and the sheet never changes: the state stays plain data, a
table is never stale, and a clone or a determinized copy (whose cells differ) finds its own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from wartable.engine import State
from wartable.games.silhouette.components import Components, Item
from wartable.games.silhouette.grid import Cell, Link, cell_key, joined, parse_key
from wartable.games.silhouette.state import Machine, comp

T = TypeVar("T")


class Facts(NamedTuple):
    """What one cell of a machine holds (state.py)."""

    item: str
    part: str
    inst: str
    cut: bool
    gone: str | None
    frayed: bool


FACTS = itemgetter(*Facts._fields)


def sheet(state: State, m: Machine) -> Sheet:
    """`m`'s sheet as it is now."""
    cells = m["cells"]
    return kept(
        comp(state),
        state["options"]["core_part"],
        m["unit"],
        tuple(cells),
        tuple(map(FACTS, cells.values())),
        tuple(map(tuple, m["links"])),
    )


class Sheet:
    """One arrangement of a machine's cells and what the rules work out from it."""

    def __init__(
        self,
        comp: Components,
        core_part: str,
        unit: bool,
        keys: tuple[str, ...],
        facts: tuple[Any, ...],
        links: tuple[tuple[str, ...], ...],
    ) -> None:
        self.comp = comp
        self.core_part = core_part  # the option of G8
        self.unit = unit
        self.cells = {key: Facts._make(f) for key, f in zip(keys, facts, strict=True)}
        self.links: list[Link] = [(parse_key(a), parse_key(b)) for a, b in links]
        self.core = next(key for key, c in self.cells.items() if c.item == "core")
        self._kept: dict[Hashable, Any] = {}  # what `keep` worked out

    def item(self, key: str) -> Item:
        return self.comp.items[self.cells[key].item]

    def keep(self, what: Hashable, work_out: Callable[[Sheet], T]) -> T:
        """`work_out(self)`, worked out once for this sheet: `what` names it. The answer is
        shared, never to be changed."""
        if what not in self._kept:
            self._kept[what] = work_out(self)
        found: T = self._kept[what]
        return found

    @functools.cached_property
    def live(self) -> frozenset[Cell]:
        return frozenset(parse_key(key) for key, c in self.cells.items() if c.gone is None)

    @functools.cached_property
    def reach(self) -> frozenset[str]:
        """Rule S6.1: live cells in the core's part, or with a path to the core (G8); with the
        option ``core_part = path`` the cells of the core's part need the path too."""
        keys = {cell_key(c) for c in joined(self.live, parse_key(self.core), self.links)}
        if self.core_part == "same_part" and keys:
            part = self.cells[self.core].part
            keys |= {k for k, c in self.cells.items() if c.gone is None and c.part == part}
        return frozenset(keys)

    @functools.cached_property
    def instances(self) -> dict[str, list[str]]:
        """Item instance -> its cells, in sheet order."""
        found: dict[str, list[str]] = {}
        for key, c in self.cells.items():
            found.setdefault(c.inst, []).append(key)
        return found


kept = functools.lru_cache(maxsize=1024)(Sheet)  # the latest arrangements (some 16 kB each)
