"""Distances on a graph given by its neighbours: maps of jump routes, hex maps' steps."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Place = TypeVar("Place", bound=Hashable)


def steps_from(
    starts: Iterable[Place], next_of: Callable[[Place], Iterable[Place]]
) -> dict[Place, int]:
    """The fewest steps from the nearest of `starts` to every place reached through `next_of`
    (a breadth-first search; the places in the order they are reached)."""
    found = dict.fromkeys(starts, 0)
    queue = deque(found)
    while queue:
        here = queue.popleft()
        for there in next_of(here):
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found
