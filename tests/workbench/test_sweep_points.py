"""Sweep points: ``--set`` values and ranges, the grid, and values laid at a path of a game's
data (errors name the path)."""

from __future__ import annotations

import pytest

from wartable.engine import get_rules
from wartable.workbench import WorkbenchError
from wartable.workbench.sweep import grid, parse_set, point_data
from wartable.workbench.values import data_digest, effective, overlay_at

VOTOMS = effective(get_rules("votoms"), {})


def test_a_list_of_values_is_read_as_json_else_as_text() -> None:
    assert parse_set("units.scopedog.attack=7,9") == ("units.scopedog.attack", [7, 9])
    assert parse_set("a.b=1.5,true,hinge") == ("a.b", [1.5, True, "hinge"])


def test_a_range_is_every_whole_number_from_its_start_to_its_end() -> None:
    assert parse_set("units.scopedog.attack=3..6") == ("units.scopedog.attack", [3, 4, 5, 6])
    assert parse_set("x=-1..1") == ("x", [-1, 0, 1])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("units.scopedog.attack", "write PATH=V1,V2"),
        ("units.scopedog.attack=", "write PATH=V1,V2"),
        ("units..attack=3", "not a path"),
        ("units.scopedog.attack=6..3", "the range 6..3 is empty"),
    ],
)
def test_a_malformed_set_is_refused_with_what_to_write(text: str, said: str) -> None:
    with pytest.raises(WorkbenchError, match=said):
        parse_set(text)


def test_several_sets_make_every_combination_the_first_varying_slowest() -> None:
    points = grid([("a", [1, 2]), ("b", ["x", "y"])])
    assert points == [
        {"a": 1, "b": "x"},
        {"a": 1, "b": "y"},
        {"a": 2, "b": "x"},
        {"a": 2, "b": "y"},
    ]
    with pytest.raises(WorkbenchError, match="only once"):
        grid([("a", [1]), ("a", [2])])


def test_a_value_is_laid_as_the_smallest_overlay_of_the_data() -> None:
    overlay = overlay_at(VOTOMS, ("units", "scopedog", "attack"), 10)
    assert overlay == {"units": {"scopedog": {"attack": 10}}}


def test_an_item_of_a_list_is_laid_with_the_rest_of_the_list_kept() -> None:
    raised = VOTOMS["units"]["kan_yu"]["raised"]
    overlay = overlay_at(VOTOMS, ("units", "kan_yu", "raised", "1"), 9)
    assert overlay == {"units": {"kan_yu": {"raised": [raised[0], 9]}}}


def test_two_items_of_one_list_are_both_kept() -> None:
    data = point_data(VOTOMS, {}, {"units.kan_yu.raised.0": 13, "units.kan_yu.raised.1": 7})
    assert data["units"]["kan_yu"]["raised"] == [13, 7]


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("units.scopedgo.attack", "units has no 'scopedgo' \\(it has: .*scopedog"),
        ("units.scopedog.atack", "units.scopedog has no 'atack' \\(it has: attack, count"),
        ("units.kan_yu.raised.2", "units.kan_yu.raised is a list of 2: '2' is not 0 to 1"),
        ("units.scopedog.attack.x", "units.scopedog.attack is a value \\(8\\), not a table"),
    ],
)
def test_a_path_the_data_does_not_have_is_named(path: str, said: str) -> None:
    with pytest.raises(WorkbenchError, match=f"--set {path}: {said}"):
        point_data(VOTOMS, {}, {path: 1})


def test_a_point_lays_its_values_over_the_runs_own_printed_values() -> None:
    mine = {"units": {"scopedog": {"defence": 4}}}
    data = point_data(effective(get_rules("votoms"), mine), mine, {"units.scopedog.attack": 9})
    assert data == {"units": {"scopedog": {"defence": 4, "attack": 9}}}


def test_the_digest_is_of_the_effective_data() -> None:
    rules = get_rules("votoms")
    shipped = data_digest(rules, {})
    assert data_digest(rules, {"units": {"scopedog": {"attack": 8}}}) == shipped  # as shipped
    assert data_digest(rules, {"units": {"scopedog": {"attack": 9}}}) != shipped
