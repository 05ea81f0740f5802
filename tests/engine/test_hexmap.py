"""Tests of wartable.engine.hexmap: geometry, labels, wrap-around, compass, edges, movement."""

from __future__ import annotations

import doctest
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartable.engine import hexmap
from wartable.engine.hexmap import (
    DIRECTIONS,
    Hex,
    HexGrid,
    HexLike,
    Orientation,
    Parity,
    axial_to_offset,
    distance,
    neighbours,
    offset_to_axial,
    reachable,
    ring,
    spiral,
)

# --------------------------------------------------------------------------- strategies

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
radii = st.integers(min_value=0, max_value=8)
orientations: st.SearchStrategy[Orientation] = st.sampled_from(["flat", "pointy"])
parities: st.SearchStrategy[Parity] = st.sampled_from(["odd", "even"])


@st.composite
def grids(draw: st.DrawFn, wrap: bool = False, max_size: int = 14) -> HexGrid:
    orientation = draw(orientations)
    parity = draw(parities)
    if wrap:
        columns = draw(st.integers(min_value=2, max_value=max_size // 2)) * 2
    else:
        columns = draw(st.integers(min_value=1, max_value=max_size))
    rows = draw(st.integers(min_value=1, max_value=max_size))
    return HexGrid.rectangle(
        columns,
        rows,
        orientation=orientation,
        parity=parity,
        label_digits=draw(st.integers(min_value=1, max_value=3)),
        first_column=draw(st.sampled_from(["A", "B"])),
        first_row=draw(st.sampled_from([0, 1])),
        wrap=wrap,
    )


@st.composite
def grid_and_hexes(
    draw: st.DrawFn, n: int, wrap: bool = False, max_size: int = 14
) -> tuple[HexGrid, list[Hex]]:
    grid = draw(grids(wrap=wrap, max_size=max_size))
    cells = sorted(grid.hexes)
    return grid, [draw(st.sampled_from(cells)) for _ in range(n)]


def flat_odd() -> HexGrid:
    return HexGrid.rectangle(10, 12, orientation="flat", parity="odd")


def labels(grid: HexGrid, hs: list[Hex]) -> set[str]:
    return {grid.label(h) for h in hs}


# --------------------------------------------------------------------------- plane geometry


@given(hexes, hexes)
def test_distance_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes)
def test_distance_zero_iff_equal(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbours_at_distance_one(h: Hex) -> None:
    ns = neighbours(h)
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)
    assert h.q + h.r + h.s == 0


@given(hexes, st.integers(min_value=1, max_value=10))
def test_ring_size_and_distance(center: Hex, radius: int) -> None:
    hs = ring(center, radius)
    assert len(hs) == 6 * radius
    assert len(set(hs)) == 6 * radius
    assert all(distance(center, h) == radius for h in hs)


def test_ring_zero_is_center() -> None:
    assert ring(Hex(3, -2), 0) == [Hex(3, -2)]
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)


@given(hexes, radii)
def test_spiral_size(center: Hex, radius: int) -> None:
    hs = spiral(center, radius)
    assert len(hs) == 3 * radius * (radius + 1) + 1
    assert len(set(hs)) == len(hs)
    assert hs[0] == center
    assert all(distance(center, h) <= radius for h in hs)
    assert [distance(center, h) for h in hs] == sorted(distance(center, h) for h in hs)


@given(hexes, orientations, parities)
def test_offset_axial_round_trip(h: Hex, orientation: Orientation, parity: Parity) -> None:
    col, row = axial_to_offset(h, orientation, parity)
    assert offset_to_axial(col, row, orientation, parity) == h


@given(coords, coords, orientations, parities)
def test_axial_offset_round_trip(
    col: int, row: int, orientation: Orientation, parity: Parity
) -> None:
    h = offset_to_axial(col, row, orientation, parity)
    assert axial_to_offset(h, orientation, parity) == (col, row)


def test_offset_layouts() -> None:
    # odd-q: the odd column 1 is shoved down, so (1, 0) is SE of (0, 0).
    assert offset_to_axial(1, 0, "flat", "odd") == Hex(1, 0)  # SE of the origin
    assert offset_to_axial(1, 0, "flat", "even") == Hex(1, -1)  # NE of the origin
    assert offset_to_axial(0, 1, "pointy", "odd") == Hex(0, 1)  # SE of the origin
    assert offset_to_axial(0, 1, "pointy", "even") == Hex(-1, 1)  # SW of the origin
    with pytest.raises(ValueError, match="orientation"):
        offset_to_axial(0, 0, "square", "odd")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- labels


@given(grid_and_hexes(1))
def test_label_round_trip(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (h,) = data
    text = grid.label(h)
    assert grid.parse(text) == h
    assert grid.parse(text.lower()) == h
    assert text in grid


@given(grids())
def test_every_label_distinct(grid: HexGrid) -> None:
    assert len({grid.label(h) for h in grid}) == len(grid)


@given(grid_and_hexes(1))
def test_grid_offset_round_trip(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (h,) = data
    col, row = grid.to_offset(h)
    assert grid.from_offset(col, row) == h


def test_label_formats() -> None:
    two = HexGrid.rectangle(30, 12, orientation="flat", parity="odd")
    assert two.label(two.from_offset(2, 7)) == "C08"
    assert two.label(two.from_offset(27, 11)) == "AB12"
    assert two.parse("C8") == two.parse("C08") == two.parse(" c08 ")
    one = HexGrid.rectangle(5, 12, orientation="flat", parity="odd", label_digits=1)
    assert one.label(one.from_offset(2, 4)) == "C5"
    assert one.label(one.from_offset(2, 11)) == "C12"
    zero = HexGrid.rectangle(5, 5, orientation="pointy", parity="even", first_row=0)
    assert zero.label(zero.from_offset(0, 0)) == "A00"
    assert [zero.label(h) for h in zero][:3] == ["A00", "A01", "A02"]
    b_first = HexGrid(["B01", "C01"], orientation="flat", parity="odd", first_column="B")
    assert b_first.to_offset(b_first.parse("B01")) == (0, 0)


@pytest.mark.parametrize("bad", ["", "08", "C", "C-8", "8C", "C08X", "C0 8", "Ä08"])
def test_malformed_label_names_the_label(bad: str) -> None:
    with pytest.raises(ValueError, match="malformed") as err:
        flat_odd().parse(bad)
    assert repr(bad) in str(err.value)


@pytest.mark.parametrize("bad", ["K01", "A13", "A00", "Z99", "AA01"])
def test_off_map_label_names_the_label(bad: str) -> None:
    with pytest.raises(ValueError) as err:
        flat_odd().parse(bad)
    assert repr(bad) in str(err.value)
    assert bad not in flat_odd()


def test_map_from_labels_with_holes() -> None:
    grid = HexGrid.rectangle(4, 4, orientation="flat", parity="odd", exclude=["B02"])
    assert len(grid) == 15
    assert "B02" not in grid
    assert "B02" not in labels(grid, grid.neighbours("B01"))
    with pytest.raises(ValueError, match="'B02'"):
        grid.parse("B02")


def test_constructor_validation() -> None:
    with pytest.raises(ValueError, match="at least one hex"):
        HexGrid([], orientation="flat", parity="odd")
    with pytest.raises(ValueError, match="parity"):
        HexGrid(["A01"], orientation="flat", parity="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="label_digits"):
        HexGrid(["A01"], orientation="flat", parity="odd", label_digits=0)
    with pytest.raises(ValueError, match="'A1x'"):
        HexGrid(["A1x"], orientation="flat", parity="odd")


# --------------------------------------------------------------------------- adjacency


def test_known_adjacencies_flat_odd() -> None:
    grid = flat_odd()
    # C is offset column 2 (even, not shoved): its diagonal neighbours are a row up.
    assert labels(grid, grid.neighbours("C08")) == {"C07", "D07", "D08", "C09", "B08", "B07"}
    # D is offset column 3 (odd, shoved down): its diagonal neighbours are a row down.
    assert labels(grid, grid.neighbours("D07")) == {"D06", "E07", "E08", "D08", "C08", "C07"}
    assert grid.adjacent("C08", "D07")
    assert not grid.adjacent("C08", "D09")
    assert labels(grid, grid.neighbours("A01")) == {"A02", "B01"}
    assert labels(grid, grid.neighbours("J12")) == {"J11", "I12"}
    assert grid.distance("C08", "C08") == 0
    assert grid.distance("A01", "J12") == distance(grid.parse("A01"), grid.parse("J12"))


def test_known_adjacencies_flat_even_and_pointy() -> None:
    even = HexGrid.rectangle(10, 12, orientation="flat", parity="even")
    assert labels(even, even.neighbours("C08")) == {"C07", "D08", "D09", "C09", "B09", "B08"}
    pointy = HexGrid.rectangle(10, 12, orientation="pointy", parity="odd")
    # Row 08 is offset row 7 (odd, shoved right).
    assert labels(pointy, pointy.neighbours("C08")) == {"B08", "D08", "C07", "D07", "C09", "D09"}


@given(grid_and_hexes(1))
def test_grid_neighbours_mutual(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (h,) = data
    for n in grid.neighbours(h):
        assert n in grid.hexes
        assert h in grid.neighbours(n)
        assert grid.distance(h, n) == 1


@given(grid_and_hexes(1, wrap=True))
def test_wrap_neighbours_mutual(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (h,) = data
    ns = grid.neighbours(h)
    assert len(ns) == len(set(ns))
    assert h not in ns
    for n in ns:
        assert n in grid.hexes
        assert h in grid.neighbours(n)
        assert grid.distance(h, n) == 1


@given(grid_and_hexes(3, wrap=True))
def test_wrap_distance(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (a, b, c) = data
    d = grid.distance(a, b)
    assert d <= distance(a, b)
    assert d == grid.distance(b, a)
    assert (d == 0) == (a == b)
    assert grid.distance(a, c) <= d + grid.distance(b, c)


def bfs(grid: HexGrid, start: Hex) -> dict[Hex, int]:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in grid.neighbours(h):
            if n not in seen:
                seen[n] = seen[h] + 1
                todo.append(n)
    return seen


@given(grid_and_hexes(1, wrap=True, max_size=10))
def test_wrap_distance_matches_walking(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (start,) = data
    steps = bfs(grid, start)
    assert set(steps) == grid.hexes
    assert all(grid.distance(start, h) == n for h, n in steps.items())


@given(grid_and_hexes(1, max_size=10))
def test_rectangle_distance_matches_walking(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (start,) = data
    steps = bfs(grid, start)
    assert set(steps) == grid.hexes
    assert all(grid.distance(start, h) == n for h, n in steps.items())


@given(grid_and_hexes(1, wrap=True), radii)
def test_within_and_ring_on_grid(data: tuple[HexGrid, list[Hex]], radius: int) -> None:
    grid, (center,) = data
    near = grid.within(center, radius)
    assert set(near) == {h for h in grid.hexes if grid.distance(center, h) <= radius}
    assert len(near) == len(set(near))
    assert set(grid.ring(center, radius)) == {
        h for h in grid.hexes if grid.distance(center, h) == radius
    }


def test_wrap_seam_flat() -> None:
    grid = HexGrid.rectangle(8, 6, orientation="flat", parity="odd", wrap=True)
    # A (column 0, not shoved) and H (column 7, shoved down) meet across the seam.
    assert labels(grid, grid.neighbours("A03")) == {"A02", "B02", "B03", "A04", "H03", "H02"}
    assert labels(grid, grid.neighbours("H03")) == {"H02", "A03", "A04", "H04", "G04", "G03"}
    assert grid.distance("A01", "H01") == 1
    assert grid.distance("B03", "G03") == 3
    assert grid.direction("A03", "H03") == "SW"
    assert grid.label(grid.neighbour_in("H03", "SE") or Hex(0, 0)) == "A04"
    flat = HexGrid.rectangle(8, 6, orientation="flat", parity="odd")
    assert flat.distance("B03", "G03") == 5


def test_wrap_seam_pointy_allows_odd_width() -> None:
    grid = HexGrid.rectangle(5, 4, orientation="pointy", parity="odd", wrap=True)
    assert grid.distance("A01", "E01") == 1
    assert grid.direction("A01", "E01") == "W"
    assert "E01" in labels(grid, grid.neighbours("A01"))


def test_wrap_flat_needs_even_columns() -> None:
    with pytest.raises(ValueError, match="even number of columns"):
        HexGrid.rectangle(7, 4, orientation="flat", parity="odd", wrap=True)
    with pytest.raises(ValueError, match="at least 3 columns"):
        HexGrid.rectangle(2, 4, orientation="pointy", parity="odd", wrap=True)


# --------------------------------------------------------------------------- compass


def test_compass_flat() -> None:
    grid = flat_odd()
    assert grid.directions == ("N", "NE", "SE", "S", "SW", "NW")
    expected = {"N": "C07", "NE": "D07", "SE": "D08", "S": "C09", "SW": "B08", "NW": "B07"}
    for name, label in expected.items():
        assert grid.direction("C08", label) == name
        assert grid.label(grid.neighbour_in("C08", name) or Hex(0, 0)) == label
        assert grid.direction(label, "C08") == grid.opposite(name)
    # Odd (shoved) column D: NE of D07 is E07, SE is E08.
    assert grid.direction("D07", "E07") == "NE"
    assert grid.direction("D07", "E08") == "SE"
    assert grid.neighbour_in("A01", "N") is None
    assert grid.neighbour_in("A01", "NW") is None
    with pytest.raises(ValueError, match="not adjacent"):
        grid.direction("C08", "E08")
    with pytest.raises(ValueError, match="'E'"):
        grid.neighbour_in("C08", "E")


def test_retreat_toward_rule() -> None:
    grid = flat_odd()
    toward_home = {"N", "NW", "SW"}
    options = {
        grid.label(n) for n in grid.neighbours("C08") if grid.direction("C08", n) in toward_home
    }
    assert options == {"C07", "B07", "B08"}


def test_compass_pointy() -> None:
    grid = HexGrid.rectangle(10, 12, orientation="pointy", parity="odd")
    assert grid.directions == ("E", "SE", "SW", "W", "NW", "NE")
    # Row 08 is shoved right: its NE neighbour is D07, its NW neighbour C07.
    assert grid.direction("C08", "D07") == "NE"
    assert grid.direction("C08", "C07") == "NW"
    assert grid.direction("C08", "D08") == "E"
    with pytest.raises(ValueError):
        grid.neighbour_in("C08", "N")


@given(grid_and_hexes(1, wrap=True))
def test_direction_inverts_neighbour_in(data: tuple[HexGrid, list[Hex]]) -> None:
    grid, (h,) = data
    for name in grid.directions:
        n = grid.neighbour_in(h, name)
        if n is not None:
            assert grid.direction(h, n) == name
            assert grid.neighbour_in(n, grid.opposite(name)) == h


# --------------------------------------------------------------------------- terrain and edges


def test_terrain() -> None:
    terrain: dict[HexLike, str] = {"B02": "forest", Hex(0, 0): "river"}
    grid = HexGrid.rectangle(4, 4, orientation="flat", parity="odd", terrain=terrain)
    assert grid.terrain("B02") == "forest"
    assert grid.terrain("A01") == "river"
    assert grid.terrain(grid.parse("C03")) == "clear"
    grid.set_terrain("C03", "highland")
    assert grid.terrain("C03") == "highland"
    with pytest.raises(ValueError, match="E01"):
        grid.set_terrain(grid.from_offset(4, 0), "forest")


def test_edge_features() -> None:
    grid = flat_odd()
    assert grid.edge_features("C08", "D07") == frozenset()
    grid.add_edge_feature("C08", "D07", "river")
    grid.add_edge_feature("D07", "C08", "bridge")
    assert grid.edge_features("D07", "C08") == {"river", "bridge"}
    assert grid.edge("C08", "D07") == frozenset({grid.parse("C08"), grid.parse("D07")})
    assert grid.edges == {grid.edge("C08", "D07"): frozenset({"river", "bridge"})}
    with pytest.raises(ValueError, match="C08 and E08 are not adjacent"):
        grid.add_edge_feature("C08", "E08", "river")
    with pytest.raises(ValueError, match="not adjacent"):
        grid.add_edge_feature("C08", "C08", "river")


def test_edge_across_wrap_seam() -> None:
    grid = HexGrid.rectangle(8, 6, orientation="flat", parity="odd", wrap=True)
    grid.add_edge_feature("A03", "H03", "river")
    assert grid.edge_features("H03", "A03") == {"river"}


# --------------------------------------------------------------------------- movement


def forest_map() -> HexGrid:
    """A 6x5 flat odd-q map; column C is forest except C05."""
    forest = {f"C0{r}": "forest" for r in range(1, 5)}
    return HexGrid.rectangle(6, 5, orientation="flat", parity="odd", terrain=forest)


COSTS = {"clear": 1, "forest": 3}


def test_reachable_terrain_costs() -> None:
    grid = forest_map()
    cost = grid.movement_cost(COSTS)
    start = grid.parse("B02")
    reach = reachable(grid, start, 3, cost)
    assert reach[start].cost == 0
    assert reach[start].path == [start]
    assert reach[grid.parse("C02")].cost == 3  # forest
    assert reach[grid.parse("B04")].cost == 2
    assert grid.parse("D02") not in reach  # behind the forest: 3 + 1 > 3
    c05 = reach[grid.parse("C05")]
    assert c05.cost == 3
    assert grid.format_path(c05.path) == "B02 → B03 → B04 → C05"
    assert not c05.stopped
    for r in reach.values():
        steps = zip(r.path, r.path[1:], strict=False)
        assert sum(cost(a, b) or 0 for a, b in steps) == r.cost
        assert all(grid.adjacent(a, b) for a, b in zip(r.path, r.path[1:], strict=False))


def test_reachable_goes_around_forest_when_cheaper() -> None:
    grid = forest_map()
    reach = reachable(grid, grid.parse("B02"), 6, grid.movement_cost(COSTS))
    d02 = reach[grid.parse("D02")]
    assert d02.cost == 4  # through the forest C02 (3) then D02 (1)
    e02 = reach[grid.parse("E02")]
    assert e02.cost == 5


def test_reachable_river_edge_costs_one_more() -> None:
    grid = HexGrid.rectangle(1, 5, orientation="flat", parity="odd")
    grid.add_edge_feature("A02", "A03", "river")
    cost = grid.movement_cost({"clear": 1}, {"river": 1})
    reach = reachable(grid, grid.parse("A01"), 3, cost)
    assert reach[grid.parse("A02")].cost == 1
    assert reach[grid.parse("A03")].cost == 3
    assert grid.parse("A04") not in reach
    wide = HexGrid.rectangle(3, 3, orientation="flat", parity="odd")
    wide.add_edge_feature("A01", "B01", "river")
    reach = reachable(wide, wide.parse("A01"), 2, wide.movement_cost({"clear": 1}, {"river": 1}))
    assert reach[wide.parse("B01")].cost == 2  # across the river, or round by A02: both 2
    assert wide.parse("C01") not in reach  # 2 + 1 > 2 either way


def test_reachable_impassable_edge() -> None:
    grid = HexGrid.rectangle(3, 3, orientation="flat", parity="odd")
    grid.add_edge_feature("A01", "B01", "wall")
    reach = reachable(grid, grid.parse("A01"), 3, grid.movement_cost({"clear": 1}, {"wall": None}))
    assert grid.format_path(reach[grid.parse("B01")].path) == "A01 → A02 → B01"
    line = HexGrid.rectangle(1, 5, orientation="flat", parity="odd")
    line.add_edge_feature("A02", "A03", "wall")
    reach = reachable(line, line.parse("A01"), 9, line.movement_cost({"clear": 1}, {"wall": None}))
    assert set(reach) == {line.parse("A01"), line.parse("A02")}


def test_reachable_stop_on_enter() -> None:
    grid = HexGrid.rectangle(1, 6, orientation="flat", parity="odd")
    enemy = grid.parse("A03")
    start = grid.parse("A01")
    cost = grid.movement_cost({"clear": 1})

    def enemy_cost(a: Hex, b: Hex) -> int | None:
        base = cost(a, b)
        return None if base is None else base + (1 if b == enemy else 0)

    reach = reachable(grid, start, 5, enemy_cost, lambda a, b: b == enemy)
    assert reach[enemy].cost == 3
    assert reach[enemy].stopped
    assert grid.parse("A04") not in reach  # cannot move through the enemy hex
    assert not reach[grid.parse("A02")].stopped


def test_reachable_stop_depends_on_from_hex() -> None:
    # Stopping only when entering X from A02: X is still a way through when entered otherwise.
    grid = HexGrid.rectangle(2, 4, orientation="flat", parity="odd")
    a02, b02 = grid.parse("A02"), grid.parse("B02")
    reach = reachable(
        grid, grid.parse("A01"), 4, lambda a, b: 1, lambda a, b: a == a02 and b == b02
    )
    assert reach[b02].cost == 2
    assert not reach[b02].stopped  # A01 -> B01 -> B02 is as cheap and free
    assert reach[grid.parse("B04")].cost == 4


def test_reachable_with_neighbour_function() -> None:
    def line(h: Hex) -> list[Hex]:
        return [n for n in neighbours(h) if n.r == 0 and abs(n.q) <= 10]

    reach = reachable(line, Hex(0, 0), 3, lambda a, b: 1)
    assert set(reach) == {Hex(q, 0) for q in range(-3, 4)}
    assert reach[Hex(-3, 0)].path == [Hex(0, 0), Hex(-1, 0), Hex(-2, 0), Hex(-3, 0)]


def test_min_one_step() -> None:
    grid = forest_map()
    cost = grid.movement_cost(COSTS)
    start = grid.parse("B02")
    forest = grid.parse("C02")
    assert forest not in reachable(grid, start, 2, cost)
    reach = reachable(grid, start, 2, cost, min_one_step=True)
    assert reach[forest].cost == 3
    assert reach[forest].stopped
    assert reach[forest].path == [start, forest]
    assert grid.parse("D02") not in reach  # that one step ends the move
    assert reach[grid.parse("B04")].cost == 2  # ordinary moves are unchanged
    assert not reach[grid.parse("B04")].stopped
    # Only a single step from the start: C03 (forest, adjacent) yes, C04 (forest, 2 away) no.
    assert reach[grid.parse("C03")].path == [start, grid.parse("C03")]
    assert grid.parse("C04") not in reach
    # Impassable stays impassable.
    blocked = reachable(grid, start, 0, lambda a, b: None, min_one_step=True)
    assert set(blocked) == {start}


def test_min_one_step_with_zero_mp() -> None:
    grid = HexGrid.rectangle(3, 3, orientation="flat", parity="odd")
    reach = reachable(grid, grid.parse("B02"), 0, lambda a, b: 1, min_one_step=True)
    assert set(reach) == {grid.parse("B02"), *grid.neighbours("B02")}
    assert all(r.stopped for h, r in reach.items() if h != grid.parse("B02"))


def test_reachable_errors() -> None:
    grid = forest_map()
    with pytest.raises(ValueError, match="movement points"):
        reachable(grid, grid.parse("A01"), -1, lambda a, b: 1)
    with pytest.raises(ValueError, match="negative movement cost"):
        reachable(grid, grid.parse("A01"), 3, lambda a, b: -1)
    with pytest.raises(ValueError, match="not on the map"):
        reachable(grid, Hex(40, 40), 3, lambda a, b: 1)
    with pytest.raises(ValueError, match=r"'swamp'.*A02"):
        grid.set_terrain("A02", "swamp")
        reachable(grid, grid.parse("A01"), 3, grid.movement_cost(COSTS))


@given(grid_and_hexes(1, wrap=True, max_size=10), st.integers(min_value=0, max_value=6))
def test_uniform_cost_reach_is_distance(data: tuple[HexGrid, list[Hex]], mp: int) -> None:
    grid, (start,) = data
    reach = reachable(grid, start, mp, lambda a, b: 1)
    assert set(reach) == {h for h in grid.hexes if grid.distance(start, h) <= mp}
    for h, r in reach.items():
        assert r.cost == grid.distance(start, h) == len(r.path) - 1
        assert r.path[0] == start and r.path[-1] == h


# --------------------------------------------------------------------------- docs


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(hexmap)
    assert tried > 30
    assert failures == 0
    assert all(isinstance(d, Hex) for d in DIRECTIONS)


def test_columns_lettered_east_to_west() -> None:
    """A printed map may letter its columns from the east edge (VOTOMS: A is the east edge)."""
    letters = ["C", "B", "A"]
    grid = HexGrid(
        [f"{c}0{r}" for c in letters for r in (1, 2)],
        orientation="flat",
        parity="even",
        column_letters=letters,
    )
    assert grid.to_offset(grid.parse("C01")) == (0, 0)
    assert grid.to_offset(grid.parse("A02")) == (2, 1)
    assert grid.label(grid.from_offset(1, 0)) == "B01"
    assert grid.direction("C01", "B01") in ("NE", "SE")
    with pytest.raises(ValueError, match="names no column"):
        grid.parse("D01")


# --------------------------------------------------------------------------- kept answers


def test_labels_parses_and_neighbours_kept_per_grid_stay_right() -> None:
    """A grid keeps labels, parsed labels and neighbour lists (rules ask for them on every
    action); what it hands out is the caller's own, and a map's holes stay holes."""
    grid = HexGrid.rectangle(4, 4, orientation="flat", parity="odd", exclude=["B02"])
    with pytest.raises(ValueError, match="not on the map"):
        grid.parse("B02")  # parsed (to cut it out) before the hole was made
    with pytest.raises(ValueError, match="not on the map"):
        grid.parse("b2")
    assert grid.parse("c3") == grid.parse("C03") == Hex(2, 1)
    assert grid.label(Hex(1, 1)) == "B02"  # a hex off the map still has its label
    around = grid.neighbours("A02")
    assert sorted(grid.label(h) for h in around) == ["A01", "A03", "B01"]
    around.clear()  # the caller's own list: the grid's answer is untouched
    assert sorted(grid.label(h) for h in grid.neighbours("A02")) == ["A01", "A03", "B01"]
    assert grid.neighbours(grid.parse("A02")) == grid.neighbours("A02")
    assert grid.neighbours(Hex(9, 9)) == []  # off the map: worked out, not kept
    with pytest.raises(ValueError, match="malformed"):
        grid.parse("2B")


def test_movement_cost_keeps_step_costs_until_the_map_changes() -> None:
    grid = forest_map()
    cost = grid.movement_cost(COSTS, {"river": 2, "wall": None})
    a01, b02, c02 = grid.parse("A01"), grid.parse("B02"), grid.parse("C02")
    assert cost(b02, c02) == cost(b02, c02) == 3
    with pytest.raises(ValueError, match="not adjacent"):
        cost(a01, c02)
    with pytest.raises(ValueError, match="not adjacent"):
        cost(a01, c02)  # an error is never kept as an answer
    grid.add_edge_feature("B02", "C02", "river")
    assert cost(b02, c02) == 5
    grid.set_terrain("C02", "clear")
    assert cost(b02, c02) == 3
    grid.add_edge_feature("C02", "B02", "wall")
    assert cost(b02, c02) is None
    grid.set_terrain("C02", "lava")
    with pytest.raises(ValueError, match="'lava'"):
        cost(b02, c02)


@given(grid_and_hexes(1, max_size=8), st.integers(min_value=0, max_value=5), st.data())
def test_reachable_matches_a_plain_search_over_every_path(
    data: tuple[HexGrid, list[Hex]], mp: int, draw: st.DataObject
) -> None:
    """Least costs and stops agree with a slow search that tries every path."""
    grid, (start,) = data
    costs = draw.draw(st.dictionaries(hexes, st.sampled_from([0, 1, 2, 3, None]), max_size=30))
    walls = draw.draw(st.sets(hexes, max_size=6))

    def cost(a: Hex, b: Hex) -> int | None:
        return costs.get(b, 1)

    def stops(a: Hex, b: Hex) -> bool:
        return b in walls

    reach = reachable(grid, start, mp, cost, stops)
    least: dict[tuple[Hex, bool], int] = {(start, False): 0}
    frontier = deque([(start, 0)])
    while frontier:
        h, spent = frontier.popleft()
        for n in grid.neighbours(h):
            c = cost(h, n)
            if c is None or spent + c > mp:
                continue
            state = (n, stops(h, n))
            if spent + c < least.get(state, mp + 1):
                least[state] = spent + c
                if not state[1]:
                    frontier.append((n, spent + c))
    best: dict[Hex, tuple[int, bool]] = {}
    for (h, stopped), spent in least.items():
        best[h] = min(best.get(h, (spent, stopped)), (spent, stopped))
    assert {h: (r.cost, r.stopped) for h, r in reach.items()} == best
    for r in reach.values():
        assert sum(cost(a, b) or 0 for a, b in zip(r.path, r.path[1:], strict=False)) == r.cost
