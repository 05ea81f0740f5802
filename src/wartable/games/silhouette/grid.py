"""The 6 x 6 grid of a robot sheet: cell names and which cells touch (rule S6.1 connection).

A cell is named "row-col" as the rulebook writes it ("2-3"): row 1 is the bottom row, glued to
the base (ruling G3), columns run 1..6 left to right. Two cells touch when they share a side or
a corner (the 8-neighbourhood of S6.1) or a printed line joins them.
"""

from __future__ import annotations

from collections.abc import Iterable

SIZE = 6  # rule S6.3: each die picks one of six rows or columns
Cell = tuple[int, int]
Link = tuple[Cell, Cell]
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def cell_key(cell: Cell) -> str:
    return f"{cell[0]}-{cell[1]}"


def parse_key(key: str) -> Cell:
    row, col = key.split("-")
    return int(row), int(col)


def touching(a: Cell, b: Cell) -> bool:
    """Whether two cells share a side or a corner."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def joined(live: set[Cell], start: Cell, links: Iterable[Link]) -> set[Cell]:
    """The live cells reachable from `start` through touching live cells and printed links."""
    if start not in live:
        return set()
    linked: dict[Cell, list[Cell]] = {}
    for a, b in links:
        linked.setdefault(a, []).append(b)
        linked.setdefault(b, []).append(a)
    seen = {start}
    todo = [start]
    while todo:
        row, col = todo.pop()
        for dr, dc in AROUND:
            nxt = (row + dr, col + dc)
            if nxt in live and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
        for nxt in linked.get((row, col), ()):
            if nxt in live and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
