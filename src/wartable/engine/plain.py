"""Helpers for plain data (JSON types): a fast deep copy and a stable digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any

_NESTED = frozenset((dict, list))


def copy_plain(value: Any) -> Any:
    """A deep copy of dicts and lists; other values are immutable and shared.

    Clones and determinized copies of a game copy its whole state, so this is on a search's
    hot path: a dict or list that holds no dict or list (most of them) is copied in one C call.
    """
    kind = type(value)
    if kind is dict:
        if _NESTED.isdisjoint(map(type, value.values())):
            return value.copy()  # (an action, say: one call the less)
        return _copy_dict(value)
    if kind is list:
        if _NESTED.isdisjoint(map(type, value)):
            return value.copy()
        return _copy_list(value)
    return value


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    """A copy of a dict that holds a dict or a list (its flat ones are copied right here)."""
    out = value.copy()
    for k, v in value.items():
        t = type(v)
        if t is dict:
            out[k] = v.copy() if _NESTED.isdisjoint(map(type, v.values())) else _copy_dict(v)
        elif t is list:
            out[k] = v.copy() if _NESTED.isdisjoint(map(type, v)) else _copy_list(v)
    return out


def _copy_list(value: list[Any]) -> list[Any]:
    """A copy of a list that holds a dict or a list (its flat ones are copied right here)."""
    out = value.copy()
    for i, v in enumerate(value):
        t = type(v)
        if t is dict:
            out[i] = v.copy() if _NESTED.isdisjoint(map(type, v.values())) else _copy_dict(v)
        elif t is list:
            out[i] = v.copy() if _NESTED.isdisjoint(map(type, v)) else _copy_list(v)
    return out


def canonical(value: Any) -> str:
    """The one JSON text of a value: sorted keys, no spaces, non-ASCII kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """A short SHA-256 fingerprint of a plain value."""
    return hashlib.sha256(canonical(value).encode()).hexdigest()[:32]
