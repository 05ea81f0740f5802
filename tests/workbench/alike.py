"""What the tests compare of two runs."""

from __future__ import annotations

import dataclasses
from typing import Any

from wartable.workbench.results import Row


def played_alike(rows: list[Row]) -> list[dict[str, Any]]:
    """What the rows say about their games: all but how long each took."""
    return [{**dataclasses.asdict(r), "seconds": None} for r in rows]
