"""Fixed spaces over a game: every action that can ever be legal as one integer, and a seat's
view as one fixed-length vector. This module is the generic part; each game's encoding
(`wartable.env.encodings.<game>`) declares its fields and writes its observation.

Actions are grouped in *kinds* by their keys (``{"move": ..., "to": ...}`` is the kind
``move, to``); every key of a kind has a `Field`, a finite domain with an index. An action's
index is its kind's offset plus the mixed-radix number of its fields' indices (keys in sorted
order). Some values have an index only in context (a counter is a slot by its rank among its
side's counters in the view), so a field's `index` also gets the context the encoding builds
from the acting seat's view, and the whole action.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wartable.engine.rules import Action

FloatArray = np.ndarray[Any, np.dtype[np.float32]]


class ActionIndexError(ValueError):
    """An action that the game's enumeration cannot index: a bug of the enumeration (or of the
    game) to report, never an action to drop."""


Index = Callable[[Any, Any, Action], int]


@dataclass(frozen=True)
class Field:
    """One key's domain: `size` values, `index(value, context, action)` (raising KeyError,
    ValueError or IndexError for a value outside it) and `label(i)` to describe index i."""

    size: int
    index: Index
    label: Callable[[int], str]


def _key(value: Any) -> tuple[type, Any]:
    return type(value), value  # True and 1 are different values


def choice(values: Sequence[Any]) -> Field:
    """A field over fixed JSON scalars (texts, numbers, booleans)."""
    table = {_key(v): i for i, v in enumerate(values)}
    return Field(len(values), lambda v, ctx, a: table[_key(v)], lambda i: json.dumps(values[i]))


def constant(value: Any) -> Field:
    return choice([value])


def slots(size: int, index: Index, name: str) -> Field:
    """A field whose index is worked out in context; its indices print as ``name#i``."""
    return Field(size, index, lambda i: f"{name}#{i}")


class Kind:
    """The actions with one set of keys."""

    def __init__(self, fields: dict[str, Field], offset: int) -> None:
        self.keys = tuple(sorted(fields))
        self.fields = tuple(fields[k] for k in self.keys)
        self.offset = offset
        self.size = math.prod(f.size for f in self.fields)
        self._digits = tuple(
            (k, f.size, f.index) for k, f in zip(self.keys, self.fields, strict=True)
        )

    def index(self, action: Action, context: Any) -> int:
        number = 0
        for key, size, index in self._digits:  # the hot loop of an environment step
            i = index(action[key], context, action)
            if not 0 <= i < size:
                raise IndexError(f"{key}: index {i} outside 0..{size - 1}")
            number = number * size + i
        return self.offset + number

    def describe(self, index: int) -> str:
        number = index - self.offset
        parts = []
        for key, field in reversed(tuple(zip(self.keys, self.fields, strict=True))):
            number, i = divmod(number, field.size)
            parts.append(f"{key}={field.label(i)}")
        return " ".join(reversed(parts))


class ActionSpace:
    """Every action of a game (with its options) that can ever be legal, as 0..n-1."""

    def __init__(self, game_id: str, kinds: Iterable[dict[str, Field]]) -> None:
        self.game_id = game_id
        self.kinds: list[Kind] = []
        offset = 0
        for fields in kinds:
            kind = Kind(fields, offset)
            self.kinds.append(kind)
            offset += kind.size
        self.n = offset
        self._by_keys = {frozenset(k.keys): k for k in self.kinds}
        self._by_order: dict[tuple[str, ...], Kind] = {}  # a game builds a kind's keys in one order

    def index(self, action: Action, context: Any) -> int:
        return next(iter(self.indices([action], context)))

    def _kind(self, order: tuple[str, ...]) -> Kind:
        kind = self._by_keys.get(frozenset(order))
        if kind is None:
            raise ActionIndexError(f"{self.game_id}: no kind of action has the keys {order}")
        self._by_order[order] = kind
        return kind

    def indices(self, actions: Iterable[Action], context: Any) -> dict[int, Action]:
        """Each action by its index; two actions with one index are an enumeration bug."""
        found: dict[int, Action] = {}
        by_order = self._by_order
        for action in actions:
            order = tuple(action)
            kind = by_order.get(order) or self._kind(order)
            try:
                i = kind.index(action, context)
            except (KeyError, ValueError, IndexError, TypeError) as error:
                raise ActionIndexError(
                    f"{self.game_id}: cannot enumerate {json.dumps(action)}: {error!r}"
                ) from None
            if i in found:
                raise ActionIndexError(
                    f"{self.game_id}: {json.dumps(action)} and {json.dumps(found[i])} "
                    f"share the index {i}"
                )
            found[i] = action
        return found

    def kind_of(self, index: int) -> Kind:
        if not 0 <= index < self.n:
            raise ValueError(f"{self.game_id}: action index {index} outside 0..{self.n - 1}")
        for kind in self.kinds:
            if index < kind.offset + kind.size:
                return kind
        raise AssertionError("unreachable: the kinds cover 0..n-1")

    def describe(self, index: int) -> str:
        """What an index stands for, in the enumeration's terms (``move=unit#3 to="NE"``)."""
        return self.kind_of(index).describe(index)

    def table(self) -> list[tuple[str, int, int, str]]:
        """(keys, first index, count, field sizes) of each kind, for the documentation."""
        return [
            (
                ", ".join(k.keys),
                k.offset,
                k.size,
                " × ".join(f"{key} {f.size}" for key, f in zip(k.keys, k.fields, strict=True)),
            )
            for k in self.kinds
        ]


@dataclass(frozen=True)
class Part:
    """A named block of an observation vector, seen as an array of `shape`."""

    name: str
    start: int
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def of(self, obs: FloatArray) -> FloatArray:
        return obs[self.start : self.start + self.size].reshape(self.shape)


class Layout:
    """The parts of an observation vector, in order; every value lies in [0, 1]."""

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.size = 0

    def add(self, name: str, doc: str, *shape: int) -> Part:
        part = Part(name, self.size, shape, doc)
        self.parts.append(part)
        self.size += part.size
        return part


def tally(
    row: FloatArray, items: Iterable[str], index: Mapping[str, int], copies: Mapping[str, int]
) -> None:
    """Count `items` into `row` as shares: each adds 1 / its copies at its index (at most 1)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    for item, n in counts.items():
        row[index[item]] = min(n / copies[item], 1.0)


def scaled(value: float, top: float) -> float:
    """`value` / `top`, at most 1: a count or score as an observation value."""
    return min(value / top, 1.0) if top > 0 else 0.0
