"""The 6 x 6 grid of a robot sheet: cell names and which cells touch (rule S6.1 connection).

A cell is named "row-col" as the rulebook writes it ("2-3"): row 1 is the bottom row, glued to
the base (ruling G3), columns run 1..6 left to right. Two cells touch when they share a side or
a corner (the 8-neighbourhood of S6.1) or a printed line joins them.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

SIZE = 6  # rule S6.3: each die picks one of six rows or columns
Cell = tuple[int, int]
Link = tuple[Cell, Cell]
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def cell_key(cell: Cell) -> str:
    return f"{cell[0]}-{cell[1]}"


# each cell of the sheet -> the cells touching it (sides and corners) on the sheet
AROUND_CELL: dict[Cell, tuple[Cell, ...]] = {
    (row, col): tuple(
        (row + dr, col + dc) for dr, dc in AROUND if 1 <= row + dr <= SIZE and 1 <= col + dc <= SIZE
    )
    for row in range(1, SIZE + 1)
    for col in range(1, SIZE + 1)
}
NEAR = {cell_key(cell): tuple(map(cell_key, near)) for cell, near in AROUND_CELL.items()}


def parse_key(key: str) -> Cell:
    row, col = key.split("-")
    return int(row), int(col)


def joined(live: AbstractSet[Cell], start: Cell, links: Iterable[Link]) -> set[Cell]:
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
