"""Sweep points: ``--set PATH=V1,V2,...`` or ``--set PATH=3..6``, and with several ``--set``
every combination of their values (the grid).

A point is ``{path: value}``; its printed values are laid over the run's own (``--data``), so a
point changes only what it names.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from wartable.engine.data import merge
from wartable.workbench import WorkbenchError
from wartable.workbench.values import overlay_at, parse_path

Point = dict[str, Any]
_RANGE = re.compile(r"(-?\d+)\.\.(-?\d+)")


def parse_set(text: str) -> tuple[str, list[Any]]:
    """``PATH=V1,V2,...`` (each value read as JSON, else as text) or ``PATH=A..B`` (the whole
    numbers from A to B)."""
    path, sep, values = text.partition("=")
    if not sep or not values:
        raise WorkbenchError(f"--set {text!r}: write PATH=V1,V2,... or PATH=A..B")
    parse_path(path)
    span = _RANGE.fullmatch(values)
    if span:
        low, high = int(span[1]), int(span[2])
        if low > high:
            raise WorkbenchError(f"--set {text!r}: the range {values} is empty")
        return path, list(range(low, high + 1))
    return path, [_value(v) for v in values.split(",")]


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def grid(sets: list[tuple[str, list[Any]]]) -> list[Point]:
    """Every combination of the values, the first path varying slowest."""
    paths = [path for path, _ in sets]
    if len(set(paths)) < len(paths):
        raise WorkbenchError("each path may be --set only once")
    return [
        dict(zip(paths, combo, strict=True)) for combo in itertools.product(*(v for _, v in sets))
    ]


def point_data(doc: dict[str, Any], run_data: dict[str, Any], point: Point) -> dict[str, Any]:
    """The run's printed values (`run_data`, laid over the shipped file to give `doc`) with the
    point's values laid over them; `WorkbenchError` names a path `doc` does not have."""
    data = run_data
    for path, value in point.items():
        try:
            overlay = overlay_at(doc, parse_path(path), value)
        except WorkbenchError as error:
            raise WorkbenchError(f"--set {path}: {error}") from None
        doc, data = merge(doc, overlay), merge(data, overlay)  # two items of one list: both kept
    return data
