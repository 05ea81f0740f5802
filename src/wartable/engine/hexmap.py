"""Hex maps: axial coordinates, printed labels, wrap-around, terrain, edges and movement.

Geometry follows Red Blob Games' guide to hexagonal grids: hexes are axial ``(q, r)`` with
``s = -q - r``; "offset" coordinates ``(col, row)`` are the printed columns and rows, counted from
zero; printed labels such as ``"C08"`` are used only at the edges (data files, views, logs).

North is up and printed row numbers grow southward, so ``r`` grows toward the south.

>>> grid = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
>>> [grid.label(n) for n in grid.neighbours(grid.parse("C08"))]
['D08', 'D07', 'C07', 'B07', 'B08', 'C09']
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Literal, NamedTuple

__all__ = [
    "DIRECTIONS",
    "FLAT_COMPASS",
    "POINTY_COMPASS",
    "CostFn",
    "Edge",
    "Hex",
    "HexGrid",
    "HexLike",
    "NeighbourFn",
    "Orientation",
    "Parity",
    "Reach",
    "StopFn",
    "TerrainMap",
    "axial_to_offset",
    "distance",
    "hex_add",
    "hex_scale",
    "hex_subtract",
    "neighbours",
    "offset_to_axial",
    "reachable",
    "ring",
    "spiral",
]

Orientation = Literal["flat", "pointy"]
Parity = Literal["odd", "even"]


class Hex(NamedTuple):
    """A hex in axial coordinates; ``s`` is derived so that ``q + r + s == 0``.

    >>> Hex(2, -1).s
    -1
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r


HexLike = Hex | str
"""A hex, or its printed label (accepted wherever a :class:`HexGrid` takes a hex)."""

TerrainMap = Mapping[Hex, str] | Mapping[str, str] | Mapping[HexLike, str]
"""Terrain names keyed by hex or by printed label."""

Edge = frozenset[Hex]
"""The side shared by two adjacent hexes, as the unordered pair of those hexes."""

NeighbourFn = Callable[[Hex], Iterable[Hex]]
CostFn = Callable[[Hex, Hex], int | None]
StopFn = Callable[[Hex, Hex], bool]

DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""The six axial direction vectors, counter-clockwise, in Red Blob Games' order."""

FLAT_COMPASS: dict[str, Hex] = {
    "N": Hex(0, -1),
    "NE": Hex(1, -1),
    "SE": Hex(1, 0),
    "S": Hex(0, 1),
    "SW": Hex(-1, 1),
    "NW": Hex(-1, 0),
}
"""Compass names of the six directions for flat-topped hexes (in columns), clockwise from N."""

POINTY_COMPASS: dict[str, Hex] = {
    "E": Hex(1, 0),
    "SE": Hex(0, 1),
    "SW": Hex(-1, 1),
    "W": Hex(-1, 0),
    "NW": Hex(0, -1),
    "NE": Hex(1, -1),
}
"""Compass names of the six directions for pointy-topped hexes (in rows), clockwise from E."""


# --------------------------------------------------------------------------- geometry


def hex_add(a: Hex, b: Hex) -> Hex:
    """The hex ``a`` moved by the vector ``b``.

    >>> hex_add(Hex(1, 2), Hex(0, -1))
    Hex(q=1, r=1)
    """
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    """The vector from ``b`` to ``a``.

    >>> hex_subtract(Hex(3, 1), Hex(1, 2))
    Hex(q=2, r=-1)
    """
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    """The vector ``a`` multiplied by ``k``.

    >>> hex_scale(Hex(1, -1), 3)
    Hex(q=3, r=-3)
    """
    return Hex(a.q * k, a.r * k)


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes adjacent to ``h`` on an unbounded plane, in :data:`DIRECTIONS` order.

    >>> neighbours(Hex(0, 0))[:2]
    [Hex(q=1, r=0), Hex(q=1, r=-1)]
    """
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes on an unbounded plane.

    >>> distance(Hex(0, 0), Hex(2, -3))
    3
    """
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center`` (``[center]`` for radius 0).

    >>> len(ring(Hex(0, 0), 2))
    12
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, not {radius}")
    if radius == 0:
        return [center]
    result: list[Hex] = []
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    for d in DIRECTIONS:
        for _ in range(radius):
            result.append(h)
            h = hex_add(h, d)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` steps of ``center``, nearest first (center, ring 1, ...).

    >>> len(spiral(Hex(0, 0), 2))
    19
    """
    if radius < 0:
        raise ValueError(f"spiral radius must be >= 0, not {radius}")
    result: list[Hex] = []
    for k in range(radius + 1):
        result.extend(ring(center, k))
    return result


def _check_layout(orientation: str, parity: str) -> None:
    if orientation not in ("flat", "pointy"):
        raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
    if parity not in ("odd", "even"):
        raise ValueError(f"parity must be 'odd' or 'even', not {parity!r}")


def offset_to_axial(col: int, row: int, orientation: Orientation, parity: Parity) -> Hex:
    """The axial hex at zero-based printed column ``col`` and row ``row``.

    ``parity`` says which columns (flat) or rows (pointy) are shoved by half a hex: with "odd",
    columns 1, 3, 5, ... are shoved down (flat), or rows 1, 3, 5, ... shoved right (pointy).

    >>> offset_to_axial(2, 7, "flat", "odd")
    Hex(q=2, r=6)
    """
    _check_layout(orientation, parity)
    if orientation == "flat":
        shift = (col - (col & 1)) // 2 if parity == "odd" else (col + (col & 1)) // 2
        return Hex(col, row - shift)
    shift = (row - (row & 1)) // 2 if parity == "odd" else (row + (row & 1)) // 2
    return Hex(col - shift, row)


def axial_to_offset(h: Hex, orientation: Orientation, parity: Parity) -> tuple[int, int]:
    """The zero-based printed ``(col, row)`` of an axial hex; inverse of :func:`offset_to_axial`.

    >>> axial_to_offset(Hex(2, 6), "flat", "odd")
    (2, 7)
    """
    _check_layout(orientation, parity)
    q, r = h
    if orientation == "flat":
        shift = (q - (q & 1)) // 2 if parity == "odd" else (q + (q & 1)) // 2
        return q, r + shift
    shift = (r - (r & 1)) // 2 if parity == "odd" else (r + (r & 1)) // 2
    return q + shift, r


# --------------------------------------------------------------------------- labels

_LABEL_RE = re.compile(r"([A-Z]+)(\d+)")


def _letters(index: int) -> str:
    """Spreadsheet-style column letters: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def _letters_index(letters: str) -> int:
    """Inverse of :func:`_letters`."""
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


# --------------------------------------------------------------------------- the printed map


class HexGrid:
    """A printed hex map: layout, label format, the hexes on it, terrain and edge features.

    Labels are column letters then a row number, zero-padded to ``label_digits`` ("C08" with 2,
    "C8" with 1). The first printed column is ``first_column`` (offset column 0) and the first
    printed row is numbered ``first_row`` (offset row 0); ``parity`` counts from those zeros, so
    with ``parity="odd"`` and ``first_column="A"`` the columns B, D, F, ... are shoved down.

    With ``wrap=True`` the map is a cylinder: its west and east edges join, so neighbours and
    distances cross the seam. The wrap width is the number of columns the map's hexes span.

    >>> grid = HexGrid(["A01", "B01", "B02"], orientation="flat", parity="odd")
    >>> grid.distance("A01", "B02")
    2
    """

    def __init__(
        self,
        labels: Iterable[str],
        *,
        orientation: Orientation,
        parity: Parity,
        label_digits: int = 2,
        first_column: str = "A",
        first_row: int = 1,
        wrap: bool = False,
        terrain: TerrainMap | None = None,
        default_terrain: str = "clear",
        column_letters: Sequence[str] | None = None,
    ) -> None:
        _check_layout(orientation, parity)
        # Printed maps that letter their columns otherwise (east to west, say) list them here,
        # west to east; offset column i is then column_letters[i].
        self._column_letters = [c.upper() for c in column_letters] if column_letters else None
        if label_digits < 1:
            raise ValueError(f"label_digits must be >= 1, not {label_digits}")
        if not first_column or not first_column.isascii() or not first_column.isalpha():
            raise ValueError(f"first_column must be letters A-Z, not {first_column!r}")
        if first_column != first_column.upper():
            raise ValueError(f"first_column must be upper case, not {first_column!r}")
        if first_row < 0:
            raise ValueError(f"first_row must be >= 0, not {first_row}")
        self._orientation: Orientation = orientation
        self._parity: Parity = parity
        self._label_digits = label_digits
        self._first_column = first_column
        self._first_column_index = _letters_index(first_column)
        self._first_row = first_row
        self._wrap = False  # set for real below, once the hexes are known
        self._min_col = 0
        self._columns = 0
        self._shift = Hex(0, 0)

        offsets = [self._parse_offset(label) for label in labels]
        if not offsets:
            raise ValueError("a hex map needs at least one hex")
        cols = [c for c, _ in offsets]
        self._min_col = min(cols)
        self._columns = max(cols) - self._min_col + 1
        if wrap:
            if self._columns < 3:
                raise ValueError(f"a wrap-around map needs at least 3 columns, not {self._columns}")
            if orientation == "flat" and self._columns % 2:
                raise ValueError(
                    "a flat-topped wrap-around map needs an even number of columns "
                    f"so that column parity matches across the seam, not {self._columns}"
                )
            self._shift = hex_subtract(
                offset_to_axial(self._columns, 0, orientation, parity),
                offset_to_axial(0, 0, orientation, parity),
            )
        self._wrap = wrap
        self._hexes: frozenset[Hex] = frozenset(
            offset_to_axial(c, r, orientation, parity) for c, r in offsets
        )
        self._changes = 0  # counts changes to the hexes, terrain and edges (see movement_cost)
        self._forget()
        self._default_terrain = default_terrain
        self._terrain: dict[Hex, str] = {}
        self._edges: dict[Edge, frozenset[str]] = {}
        if terrain:
            for h, name in terrain.items():
                self.set_terrain(h, name)

    @classmethod
    def rectangle(
        cls,
        columns: int,
        rows: int,
        *,
        orientation: Orientation,
        parity: Parity,
        exclude: Iterable[str] = (),
        label_digits: int = 2,
        first_column: str = "A",
        first_row: int = 1,
        wrap: bool = False,
        terrain: TerrainMap | None = None,
        default_terrain: str = "clear",
    ) -> HexGrid:
        """A map of ``columns`` x ``rows`` hexes, less the labels in ``exclude``.

        >>> grid = HexGrid.rectangle(4, 3, orientation="pointy", parity="even", label_digits=1)
        >>> len(grid), grid.label(grid.from_offset(3, 2))
        (12, 'D3')
        """
        if columns < 1 or rows < 1:
            raise ValueError(f"a rectangle needs at least 1 column and 1 row, not {columns}x{rows}")
        first = _letters_index(first_column) if first_column.isalpha() else 0
        labels = [
            _letters(first + c) + str(first_row + r).zfill(label_digits)
            for c in range(columns)
            for r in range(rows)
        ]
        grid = cls(
            labels,
            orientation=orientation,
            parity=parity,
            label_digits=label_digits,
            first_column=first_column,
            first_row=first_row,
            wrap=wrap,
            default_terrain=default_terrain,
        )
        removed = {grid.parse(label) for label in exclude}
        grid._hexes = grid._hexes - removed
        grid._forget()
        if not grid._hexes:
            raise ValueError("a hex map needs at least one hex")
        if terrain:
            for h, name in terrain.items():
                grid.set_terrain(h, name)
        return grid

    def _forget(self) -> None:
        """Drop the answers kept per hex (labels, parsed labels, neighbours): call it whenever
        the set of hexes changes. They are kept because rules ask for them on every action."""
        self._labels: dict[Hex, str] = {}
        self._by_label: dict[str, Hex] | None = None
        self._near: dict[Hex, tuple[Hex, ...]] = {}
        self._changes += 1

    # ------------------------------------------------------------------ basic facts

    @property
    def orientation(self) -> Orientation:
        """ "flat" (hexes in columns) or "pointy" (hexes in rows)."""
        return self._orientation

    @property
    def parity(self) -> Parity:
        """Which zero-based columns (flat) or rows (pointy) are shoved: "odd" or "even"."""
        return self._parity

    @property
    def wrap(self) -> bool:
        """Whether the west and east edges join (a cylinder)."""
        return self._wrap

    @property
    def columns(self) -> int:
        """How many columns the map spans (the wrap width when wrapping)."""
        return self._columns

    @property
    def hexes(self) -> frozenset[Hex]:
        """Every hex on the map."""
        return self._hexes

    @property
    def directions(self) -> tuple[str, ...]:
        """The compass names of the six directions, clockwise (from N, or from E if pointy)."""
        return tuple(self._compass())

    def __len__(self) -> int:
        return len(self._hexes)

    def __iter__(self) -> Iterator[Hex]:
        """The hexes column by column, then row by row (A01, A02, ..., B01, ...)."""
        return iter(sorted(self._hexes, key=self.to_offset))

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                self.parse(item)
            except ValueError:
                return False
            return True
        if isinstance(item, Hex):
            return self.normalize(item) in self._hexes
        return False

    def __repr__(self) -> str:
        return (
            f"HexGrid({len(self._hexes)} hexes, orientation={self._orientation!r}, "
            f"parity={self._parity!r}, wrap={self._wrap})"
        )

    # ------------------------------------------------------------------ coordinates

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """The zero-based printed ``(col, row)`` of a hex (after wrapping, if the map wraps).

        >>> HexGrid.rectangle(4, 4, orientation="flat", parity="odd").to_offset(Hex(1, 0))
        (1, 0)
        """
        return axial_to_offset(self.normalize(h), self._orientation, self._parity)

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex at zero-based printed column ``col`` and row ``row`` (on the map or not).

        >>> HexGrid.rectangle(4, 4, orientation="flat", parity="odd").from_offset(1, 0)
        Hex(q=1, r=0)
        """
        return self.normalize(offset_to_axial(col, row, self._orientation, self._parity))

    def normalize(self, h: Hex) -> Hex:
        """On a wrap-around map, the copy of ``h`` inside the printed columns; else ``h``.

        >>> g = HexGrid.rectangle(4, 4, orientation="pointy", parity="odd", wrap=True)
        >>> g.label(g.normalize(Hex(-1, 0)))
        'D01'
        """
        if not self._wrap:
            return h
        col, _ = axial_to_offset(h, self._orientation, self._parity)
        k = (col - self._min_col) // self._columns
        if k == 0:
            return h
        return Hex(h.q - k * self._shift.q, h.r - k * self._shift.r)

    def _hex(self, h: HexLike) -> Hex:
        if isinstance(h, str):
            return self.parse(h)
        return self.normalize(h)

    def _on_map(self, h: HexLike) -> Hex:
        x = self._hex(h)
        if x not in self._hexes:
            raise ValueError(f"hex {self.label(x)} is not on the map")
        return x

    # ------------------------------------------------------------------ labels

    def _parse_offset(self, label: str) -> tuple[int, int]:
        if not isinstance(label, str):
            raise ValueError(f"hex label must be a string, not {label!r}")
        m = _LABEL_RE.fullmatch(label.strip().upper())
        if m is None:
            raise ValueError(
                f"malformed hex label {label!r}: expected column letters then a row number, "
                f"like {self._example_label()!r}"
            )
        if self._column_letters is not None:
            if m.group(1) not in self._column_letters:
                raise ValueError(f"hex label {label!r} names no column of this map")
            col = self._column_letters.index(m.group(1))
        else:
            col = _letters_index(m.group(1)) - self._first_column_index
        row = int(m.group(2)) - self._first_row
        if col < 0 or row < 0:
            raise ValueError(
                f"hex label {label!r} is before the first column {self._first_column!r} "
                f"or the first row {self._first_row}"
            )
        return col, row

    def _example_label(self) -> str:
        return self._first_column + str(self._first_row).zfill(self._label_digits)

    def parse(self, label: str) -> Hex:
        """The hex a printed label names; ``ValueError`` naming the label if malformed or off map.

        Letters may be lower case and zero padding may be left out ("c8" reads as "C08").

        >>> HexGrid.rectangle(10, 12, orientation="flat", parity="odd").parse("C08")
        Hex(q=2, r=6)
        """
        by_label = self._by_label
        if by_label is None:
            by_label = self._by_label = {self.label(h): h for h in self._hexes}
        if type(label) is str:
            found = by_label.get(label)
            if found is not None:
                return found
        col, row = self._parse_offset(label)
        h = self.from_offset(col, row)
        if h not in self._hexes:
            raise ValueError(f"hex {label!r} is not on the map")
        return h

    def label(self, h: Hex) -> str:
        """The printed label of a hex (also of hexes off the map, for messages).

        >>> g = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
        >>> g.label(Hex(2, 6))
        'C08'
        """
        try:
            known = self._labels.get(h)
        except TypeError:  # not a hex at all: the long way says what is wrong
            known = None
        if known is not None:
            return known
        col, row = self.to_offset(h)
        number = self._first_row + row
        if self._column_letters is not None and 0 <= col < len(self._column_letters):
            text = self._column_letters[col] + str(number).zfill(self._label_digits)
        else:
            col_index = self._first_column_index + col
            if col_index < 0 or number < 0:
                raise ValueError(f"hex {tuple(h)} has no printed label (column {col}, row {row})")
            text = _letters(col_index) + str(number).zfill(self._label_digits)
        if h in self._hexes:
            self._labels[h] = text
        return text

    def format_path(self, path: Iterable[Hex], sep: str = " → ") -> str:
        """A path the way players say it.

        >>> g = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
        >>> g.format_path([g.parse("C08"), g.parse("D07")])
        'C08 → D07'
        """
        return sep.join(self.label(h) for h in path)

    # ------------------------------------------------------------------ adjacency and distance

    def neighbours(self, h: HexLike) -> list[Hex]:
        """The hexes on the map adjacent to ``h`` (across the seam too, if the map wraps).

        >>> g = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
        >>> sorted(g.label(n) for n in g.neighbours("A01"))
        ['A02', 'B01']
        """
        try:
            known = self._near.get(h)  # type: ignore[arg-type]
        except TypeError:
            known = None
        return list(known if known is not None else self._adjacent(self._hex(h)))

    def _adjacent(self, x: Hex) -> tuple[Hex, ...]:
        """`neighbours` of a normalized hex, kept for the hexes on the map."""
        known = self._near.get(x)
        if known is not None:
            return known
        result: list[Hex] = []
        for d in DIRECTIONS:
            n = self.normalize(Hex(x.q + d.q, x.r + d.r))
            if n in self._hexes and n != x and n not in result:
                result.append(n)
        near = tuple(result)
        if x in self._hexes:
            self._near[x] = near
        return near

    def adjacent(self, a: HexLike, b: HexLike) -> bool:
        """Whether two hexes on the map share a side.

        >>> HexGrid.rectangle(10, 12, orientation="flat", parity="odd").adjacent("C08", "D07")
        True
        """
        x, y = self._hex(a), self._hex(b)
        return x in self._hexes and y in self._hexes and self.distance(x, y) == 1

    def distance(self, a: HexLike, b: HexLike) -> int:
        """Steps between two hexes, the short way round if the map wraps (map edges ignored).

        >>> g = HexGrid.rectangle(8, 5, orientation="flat", parity="odd", wrap=True)
        >>> g.distance("A01", "H01")
        1
        """
        x, y = self._hex(a), self._hex(b)
        best = distance(x, y)
        if not self._wrap:
            return best
        t = self._shift
        # distance(x, y + k*t) is convex in k: walk from k = 0 while it keeps falling.
        for step in (1, -1):
            k = step
            while True:
                d = distance(x, Hex(y.q + k * t.q, y.r + k * t.r))
                if d >= best:
                    break
                best = d
                k += step
        return best

    def within(self, center: HexLike, radius: int) -> list[Hex]:
        """The hexes on the map within ``radius`` steps of ``center``, nearest first.

        >>> g = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
        >>> len(g.within("A01", 1)), len(g.within("E06", 2))
        (3, 19)
        """
        x = self._hex(center)
        seen: set[Hex] = set()
        result: list[Hex] = []
        for h in spiral(x, radius):
            n = self.normalize(h)
            if n in self._hexes and n not in seen:
                seen.add(n)
                result.append(n)
        return result

    def ring(self, center: HexLike, radius: int) -> list[Hex]:
        """The hexes on the map at exactly ``radius`` steps from ``center``.

        >>> g = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
        >>> len(g.ring("E06", 2))
        12
        """
        x = self._hex(center)
        return [h for h in self.within(x, radius) if self.distance(x, h) == radius]

    # ------------------------------------------------------------------ compass

    def _compass(self) -> dict[str, Hex]:
        return FLAT_COMPASS if self._orientation == "flat" else POINTY_COMPASS

    def _vector(self, name: str) -> Hex:
        compass = self._compass()
        key = name.strip().upper()
        if key not in compass:
            raise ValueError(
                f"unknown direction {name!r} for {self._orientation}-topped hexes: "
                f"use one of {', '.join(compass)}"
            )
        return compass[key]

    def direction(self, a: HexLike, b: HexLike) -> str:
        """The compass name of the step from ``a`` to the adjacent hex ``b``.

        >>> HexGrid.rectangle(10, 12, orientation="flat", parity="odd").direction("C08", "D07")
        'NE'
        """
        x, y = self._hex(a), self._hex(b)
        for name, d in self._compass().items():
            if self.normalize(Hex(x.q + d.q, x.r + d.r)) == y:
                return name
        raise ValueError(f"{self.label(x)} and {self.label(y)} are not adjacent")

    def neighbour_in(self, h: HexLike, name: str) -> Hex | None:
        """The hex one step from ``h`` toward compass ``name``, or None if that is off the map.

        >>> g = HexGrid.rectangle(10, 12, orientation="flat", parity="odd")
        >>> g.label(g.neighbour_in("C08", "nw")), g.neighbour_in("A01", "N")
        ('B07', None)
        """
        x = self._hex(h)
        d = self._vector(name)
        n = self.normalize(Hex(x.q + d.q, x.r + d.r))
        return n if n in self._hexes else None

    def opposite(self, name: str) -> str:
        """The compass name opposite ``name``.

        >>> HexGrid.rectangle(2, 2, orientation="flat", parity="odd").opposite("NE")
        'SW'
        """
        d = self._vector(name)
        back = Hex(-d.q, -d.r)
        return next(k for k, v in self._compass().items() if v == back)

    # ------------------------------------------------------------------ terrain and edges

    def terrain(self, h: HexLike) -> str:
        """The terrain of a hex on the map (``default_terrain`` unless set).

        >>> g = HexGrid.rectangle(4, 4, orientation="flat", parity="odd", terrain={"B02": "forest"})
        >>> g.terrain("B02"), g.terrain("B03")
        ('forest', 'clear')
        """
        return self._terrain.get(self._on_map(h), self._default_terrain)

    def set_terrain(self, h: HexLike, name: str) -> None:
        """Set the terrain of a hex on the map.

        >>> g = HexGrid.rectangle(4, 4, orientation="flat", parity="odd")
        >>> g.set_terrain("A01", "river"); g.terrain("A01")
        'river'
        """
        self._terrain[self._on_map(h)] = name
        self._changes += 1

    def edge(self, a: HexLike, b: HexLike) -> Edge:
        """The side shared by two adjacent hexes on the map; ``ValueError`` if they are not.

        >>> g = HexGrid.rectangle(4, 4, orientation="flat", parity="odd")
        >>> g.edge("A01", "B01") == g.edge("B01", "A01")
        True
        """
        x, y = self._on_map(a), self._on_map(b)
        if self.distance(x, y) != 1:
            raise ValueError(f"{self.label(x)} and {self.label(y)} are not adjacent")
        return frozenset((x, y))

    def add_edge_feature(self, a: HexLike, b: HexLike, feature: str) -> None:
        """Put a feature (a river, a wall) on the side between two adjacent hexes.

        >>> g = HexGrid.rectangle(4, 4, orientation="flat", parity="odd")
        >>> g.add_edge_feature("A01", "B01", "river"); sorted(g.edge_features("B01", "A01"))
        ['river']
        """
        e = self.edge(a, b)
        self._edges[e] = self._edges.get(e, frozenset()) | {feature}
        self._changes += 1

    def edge_features(self, a: HexLike, b: HexLike) -> frozenset[str]:
        """The features on the side between two adjacent hexes (empty if none).

        >>> g = HexGrid.rectangle(4, 4, orientation="flat", parity="odd")
        >>> g.edge_features("A01", "A02")
        frozenset()
        """
        return self._edges.get(self.edge(a, b), frozenset())

    @property
    def edges(self) -> dict[Edge, frozenset[str]]:
        """Every side that carries a feature, with its features (a copy)."""
        return dict(self._edges)

    def movement_cost(
        self,
        terrain_costs: Mapping[str, int | None],
        edge_costs: Mapping[str, int | None] | None = None,
    ) -> CostFn:
        """A ``cost`` callback for :func:`reachable`: terrain entry cost plus edge extras.

        ``None`` in either table means "cannot enter" / "cannot cross". Edge features missing from
        ``edge_costs`` cost nothing; a terrain missing from ``terrain_costs`` raises ValueError.

        >>> g = HexGrid.rectangle(4, 4, orientation="flat", parity="odd", terrain={"B01": "forest"})
        >>> g.movement_cost({"clear": 1, "forest": 3})(g.parse("A01"), g.parse("B01"))
        3
        """
        terrain_table = dict(terrain_costs)
        edge_table = dict(edge_costs or {})
        # Each step's cost is worked out once and kept until the map changes: a search asks
        # for the same steps over and over.
        known: dict[Hex, dict[Hex, int | None]] = {}
        changes = [self._changes]

        def cost(a: Hex, b: Hex) -> int | None:
            if changes[0] != self._changes:
                known.clear()
                changes[0] = self._changes
            try:
                return known[a][b]
            except KeyError:
                pass
            total = worked_out(a, b)
            known.setdefault(a, {})[b] = total
            return total

        def worked_out(a: Hex, b: Hex) -> int | None:
            kind = self.terrain(b)
            if kind not in terrain_table:
                raise ValueError(f"no movement cost for terrain {kind!r} of hex {self.label(b)}")
            total = terrain_table[kind]
            if total is None:
                return None
            for feature in self.edge_features(a, b):
                extra = edge_table.get(feature, 0)
                if extra is None:
                    return None
                total += extra
            return total

        return cost


# --------------------------------------------------------------------------- movement


_State = tuple[Hex, bool]


class Reach(NamedTuple):
    """How a hex can be reached: least ``cost``, a ``path`` from the start (inclusive) to it,
    and whether entering it by that path ``stopped`` movement.

    >>> Reach(2, [Hex(0, 0), Hex(1, 0)], False).cost
    2
    """

    cost: int
    path: list[Hex]
    stopped: bool


def reachable(
    neighbours: HexGrid | NeighbourFn,
    start: Hex,
    mp: int,
    cost: CostFn,
    stops: StopFn | None = None,
    *,
    min_one_step: bool = False,
) -> dict[Hex, Reach]:
    """Every hex a unit at ``start`` with ``mp`` movement points can reach, by least cost.

    ``neighbours`` is a :class:`HexGrid` or a function giving the hexes next to a hex.
    ``cost(a, b)`` is the MP to step from ``a`` into the adjacent ``b``, or None if forbidden;
    put terrain, edge features (rivers) and enemy surcharges in it. ``stops(a, b)`` says that
    entering ``b`` from ``a`` ends movement: ``b`` can be reached but not moved through.
    With ``min_one_step``, a single step from ``start`` into an adjacent hex is allowed even if it
    costs more than ``mp``; it ends movement and its reported cost is the full step cost.
    The result includes ``start`` (cost 0, path ``[start]``). Uses Dijkstra's algorithm.

    >>> g = HexGrid.rectangle(5, 5, orientation="flat", parity="odd")
    >>> sorted(g.label(h) for h in reachable(g, g.parse("A01"), 1, lambda a, b: 1))
    ['A01', 'A02', 'B01']
    """
    if mp < 0:
        raise ValueError(f"movement points must be >= 0, not {mp}")
    grid: HexGrid | None = None
    next_to: NeighbourFn
    if isinstance(neighbours, HexGrid):
        grid = neighbours
        if start not in grid.hexes:
            raise ValueError(f"start hex {grid.label(start)} is not on the map")
        next_to = grid._adjacent  # every hex met here is on the map: its neighbours are kept
    else:
        next_to = neighbours

    def negative(a: Hex, b: Hex, c: int) -> ValueError:
        name = grid.label if grid is not None else (lambda h: repr(tuple(h)))
        return ValueError(f"negative movement cost {c} from {name(a)} to {name(b)}")

    # States are (hex, stopped): arriving somewhere stopped is worse than arriving free.
    # Ties in cost leave the heap first in, first out (`order`), so paths do not depend on how
    # hexes compare. A state leaves the heap for good at its least cost: costs are never
    # negative, so later, dearer entries for it are stale and skipped.
    begin: _State = (start, False)
    best: dict[_State, int] = {begin: 0}
    parent: dict[_State, _State | None] = {begin: None}
    heap: list[tuple[int, int, Hex, bool]] = [(0, 0, start, False)]
    order = 0
    push = heapq.heappush
    pop = heapq.heappop
    least = best.get

    if min_one_step:
        for n in next_to(start):
            c = cost(start, n)
            if c is not None and c < 0:
                raise negative(start, n, c)
            if c is not None and c > mp:
                state = (n, True)
                if c < least(state, c + 1):
                    best[state] = c
                    parent[state] = begin
                    order += 1
                    push(heap, (c, order, n, True))

    while heap:
        spent, _, h, stopped = pop(heap)
        if stopped:
            continue
        state = (h, False)
        if spent > best[state]:
            continue
        for n in next_to(h):
            c = cost(h, n)
            if c is None:
                continue
            total = spent + c
            if total > mp:
                continue  # (so c > 0)
            if c < 0:
                raise negative(h, n, c)
            halt = stops is not None and stops(h, n)
            nxt = (n, halt)
            if total >= least(nxt, total + 1):
                continue
            best[nxt] = total
            parent[nxt] = state
            order += 1
            push(heap, (total, order, n, halt))

    result: dict[Hex, Reach] = {}
    for (h, stopped), spent in best.items():
        old = result.get(h)
        if old is not None and (old.cost, old.stopped) <= (spent, stopped):
            continue
        path: list[Hex] = []
        node: _State | None = (h, stopped)
        while node is not None:
            path.append(node[0])
            node = parent[node]
        path.reverse()
        result[h] = Reach(spent, path, stopped)
    return result
