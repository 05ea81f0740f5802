"""Helpers for plain data (JSON types): a fast deep copy and a stable digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def copy_plain(value: Any) -> Any:
    """A deep copy of dicts and lists; other values are immutable and shared."""
    kind = type(value)
    if kind is dict:
        return {k: copy_plain(v) for k, v in value.items()}
    if kind is list:
        return [copy_plain(v) for v in value]
    return value


def canonical(value: Any) -> str:
    """The one JSON text of a value: sorted keys, no spaces, non-ASCII kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """A short SHA-256 fingerprint of a plain value."""
    return hashlib.sha256(canonical(value).encode()).hexdigest()[:32]
