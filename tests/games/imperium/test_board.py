"""Rule 12.1 (the space combat board: areas, distance, adjacency, the planet), the entry of
12.2 and the worked examples of 12.1, 12.2 and 12.5."""

from __future__ import annotations

import pytest

from games.imperium.helpers import C

BOARD = C.board


def test_12_1_three_levels_of_five_rows_and_five_columns_named_lrc() -> None:
    assert (BOARD.levels, BOARD.rows, BOARD.columns) == (3, 5, 5)
    assert len(BOARD.areas) == 75
    assert BOARD.areas[0] == "111" and BOARD.areas[-1] == "355"
    assert BOARD.coords["313"] == (3, 1, 3)  # 12.1: level 3, row 1, column 3


def test_12_1_distance_counts_levels_then_rows_then_columns() -> None:
    """12.1's example: from 113 down two levels to 313 (2), to 343 (3 more), to 345 (2 more):
    7 in all."""
    assert BOARD.distance("113", "313") == 2
    assert BOARD.distance("313", "343") == 3
    assert BOARD.distance("343", "345") == 2
    assert BOARD.distance("113", "345") == 7


def test_12_1_never_diagonally() -> None:
    assert BOARD.distance("233", "244") == 2
    assert BOARD.distance("111", "355") == 2 + 4 + 4


def test_12_1_adjacency_example_of_344() -> None:
    """344 is adjacent to 334, 343, 354, 345 and 244, but not to 144 or 333."""
    assert set(BOARD.neighbours("344", planet=True)) == {"334", "343", "354", "345", "244"}
    assert not BOARD.adjacent("344", "144")
    assert not BOARD.adjacent("344", "333")


def test_12_1_adjacent_areas_are_exactly_those_one_area_away() -> None:
    for a in BOARD.areas:
        for b in BOARD.areas:
            assert BOARD.adjacent(a, b) == (BOARD.distance(a, b) == 1)
            assert BOARD.adjacent(a, b) == BOARD.adjacent(b, a)


def test_12_1_no_ship_enters_the_planet_unless_the_system_has_none() -> None:
    assert BOARD.planet == "233"
    assert "233" not in BOARD.neighbours("223", planet=True)
    assert "233" in BOARD.neighbours("223", planet=False)
    assert "233" not in BOARD.within("233", 2, planet=True)
    assert "233" in BOARD.within("233", 2, planet=False)


def test_12_2_the_side_that_did_not_move_sets_up_around_the_planet() -> None:
    assert set(BOARD.around_planet()) == {"223", "243", "232", "234", "133", "333"}


def test_i1_level_1_is_high_and_triangle_2_is_its_left_side() -> None:
    """12.1: from 113 one goes two levels *down* to 313, so level 1 is the high one; '2' is
    the left side of the high level (row 1)."""
    assert BOARD.high_level == 1
    assert BOARD.entry_area(2, 3) == "113"


def test_i2_triangles_1_to_6_face_the_six_edges_a_pair_to_a_level() -> None:
    edges = {t: BOARD.entry_area(t, 1)[:2] for t in range(1, 7)}
    assert edges == {1: "15", 2: "11", 3: "21", 4: "25", 5: "35", 6: "31"}


def test_12_2_example_triangle_4_then_2_gives_area_252_and_its_neighbours() -> None:
    """12.2's example (its list names 252 twice and leaves out 251, ruling I3): a 4, then a 2:
    the fleet sets up in 252 or any area adjacent to it."""
    area = BOARD.entry_area(4, 2)
    assert area == "252"
    assert set(BOARD.zone(area, planet=True)) == {"252", "242", "253", "152", "352", "251"}


def test_12_2_entry_areas_lie_on_the_edges_and_never_on_the_planet() -> None:
    for triangle in range(1, 7):
        for die in range(1, 6):
            area = BOARD.entry_area(triangle, die)
            assert area in BOARD.areas and area[1] in "15" and area != BOARD.planet


def test_12_2_a_6_is_no_entry_area() -> None:
    with pytest.raises(ValueError, match="1-5"):
        BOARD.entry_area(4, 6)


def test_12_5_the_barnards_star_example() -> None:
    """12.5's example: the Imperials enter by triangle 4 (the right edge of the middle level)
    at 251; every move of the example is to an adjacent area, none into the planet; after the
    first moves the two sides are 3 areas apart (torpedoes, not beams), then 1."""
    assert BOARD.entry_area(4, 1) == "251"
    moves = [
        ("234", "244"),  # Earth DD, step 2
        ("251", "252"),  # Imperials, step 3
        ("244", "243"),  # DD, step 6
        ("234", "244"),  # BB, step 6
        ("252", "242"),  # Imperials, step 7
        ("243", "242"),  # DD, step 10
        ("244", "243"),  # BB, step 10
        ("234", "224"),  # TRs, step 10
        ("242", "232"),  # Imperials, step 11
    ]
    for start, end in moves:
        assert end in BOARD.neighbours(start, planet=True)
    assert BOARD.distance("244", "252") == 3
    assert BOARD.distance("243", "242") == 1
