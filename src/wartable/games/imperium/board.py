"""Rule 12.1: the space combat board, three levels of 5 rows and 5 columns.

An area is named by its three printed digits LRC — level, row, column — and is written so
everywhere (data, state, views, logs): "313" is level 3, row 1, column 3. The areas are made
from the board's size, never listed: several squares are misnumbered on the printed board
(components-imperium.md §5). Area 233, the centre of the middle level, is the planet.

>>> board = Board.make(3, 5, 5, "233", 1, {4: "25"})
>>> board.distance("113", "345"), board.entry_area(4, 2)
(7, '252')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

Area = str


@dataclass(frozen=True)
class Board:
    levels: int
    rows: int
    columns: int
    planet: Area  # 233 (12.1)
    high_level: int  # the level the rules call high (ruling I1)
    triangles: Mapping[int, str]  # entry triangle -> the leading digits of the areas in front
    areas: tuple[Area, ...]  # in label order
    coords: Mapping[Area, tuple[int, int, int]]
    near: Mapping[Area, tuple[Area, ...]]  # 12.1 adjacency, as if no planet were there
    apart: Mapping[tuple[Area, Area], int]  # 12.1 distance between every two areas
    open_near: Mapping[Area, tuple[Area, ...]]  # adjacency less the planet (12.1, 12.5)

    @classmethod
    def make(
        cls,
        levels: int,
        rows: int,
        columns: int,
        planet: Area,
        high_level: int,
        triangles: Mapping[int, str],
    ) -> Board:
        coords = {
            f"{lv}{r}{c}": (lv, r, c)
            for lv in range(1, levels + 1)
            for r in range(1, rows + 1)
            for c in range(1, columns + 1)
        }
        apart = {(a, b): _apart(coords[a], coords[b]) for a in coords for b in coords}
        near = {
            area: tuple(other for other in coords if apart[area, other] == 1) for area in coords
        }
        open_near = {area: tuple(a for a in near[area] if a != planet) for area in coords}
        return cls(
            levels,
            rows,
            columns,
            planet,
            high_level,
            dict(triangles),
            tuple(coords),
            coords,
            near,
            apart,
            open_near,
        )

    def distance(self, a: Area, b: Area) -> int:
        """Rule 12.1: the level difference, then the rows, then the columns; never diagonally."""
        return self.apart[a, b]

    def adjacent(self, a: Area, b: Area) -> bool:
        """Rule 12.1: the areas beside it on its level (not diagonally) and the areas with the
        same last two digits directly above and below — those one area away."""
        return b in self.near[a]

    def neighbours(self, area: Area, planet: bool) -> tuple[Area, ...]:
        """The areas a ship may move to from `area` (12.5); with a planet in the system it
        never enters area 233 (12.1)."""
        return self.open_near[area] if planet else self.near[area]

    def within(self, area: Area, reach: int, planet: bool) -> tuple[Area, ...]:
        """The areas at most `reach` areas from `area`, less the planet when there is one."""
        return tuple(
            a
            for a in self.areas
            if self.distance(area, a) <= reach and not (planet and a == self.planet)
        )

    def around_planet(self) -> tuple[Area, ...]:
        """Rule 12.2: the areas adjacent to 233, where the side that did not move sets up."""
        return self.near[self.planet]

    def entry_area(self, triangle: int, die: int) -> Area:
        """Rule 12.2: the leading digits of the areas in front of the triangle, then the second
        die (1-5; a 6 is rolled again): triangle 4 and a 2 give area 252."""
        if not 1 <= die <= self.columns:
            raise ValueError(f"the second entry die must be 1-{self.columns}, got {die}")
        return f"{self.triangles[triangle]}{die}"

    def zone(self, area: Area, planet: bool) -> tuple[Area, ...]:
        """Rule 12.2: `area` and every area adjacent to it, where an entering fleet sets up."""
        return (area, *self.neighbours(area, planet))


def _apart(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))
