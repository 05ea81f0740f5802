"""Component values of a run: the data a game is played with, its digest, and one value laid
at a path such as ``units.scopedog.attack``.

A run's values travel as the game's ``data`` option: the printed values laid over the shipped
file (`wartable.engine.data.merge`), as ``wartable play --data`` lays a user's file, so every
record carries them and replays anywhere.
"""

from __future__ import annotations

import hashlib
from typing import Any

from wartable.engine.data import DataFile, merge
from wartable.engine.plain import canonical
from wartable.engine.rules import Rules
from wartable.workbench import WorkbenchError


def effective(rules: Rules, overlay: dict[str, Any]) -> dict[str, Any]:
    """The data a game of `rules` is played with: `overlay` over the shipped file."""
    shipped = rules.data_file()
    return overlay if shipped is None else merge(DataFile.read(shipped).doc, overlay)


def data_digest(rules: Rules, overlay: dict[str, Any]) -> str:
    """The SHA-256 of the effective data (its canonical JSON): equal digests, equal values."""
    return hashlib.sha256(canonical(effective(rules, overlay)).encode()).hexdigest()


def parse_path(text: str) -> tuple[str, ...]:
    """``units.scopedog.attack`` as its parts (a number names an item of a list)."""
    parts = tuple(text.split("."))
    if not text or "" in parts:
        raise WorkbenchError(f"{text!r} is not a path such as units.scopedog.attack")
    return parts


def overlay_at(doc: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    """The smallest overlay that puts `value` at `path` of `doc`; `WorkbenchError` names the
    first part of the path that `doc` does not have."""
    overlay: dict[str, Any] = _laid(doc, path, value, (), whole=False)
    return overlay


def _laid(node: Any, path: tuple[str, ...], value: Any, done: tuple[str, ...], whole: bool) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    where = ".".join(done) or "the data"
    if isinstance(node, dict):
        if head not in node:
            known = ", ".join(sorted(node))
            raise WorkbenchError(f"{where} has no {head!r} (it has: {known})")
        inner = _laid(node[head], rest, value, (*done, head), whole)
        return {**node, head: inner} if whole else {head: inner}
    if isinstance(node, list):
        if not head.isdigit() or int(head) >= len(node):
            raise WorkbenchError(
                f"{where} is a list of {len(node)}: {head!r} is not 0 to {len(node) - 1}"
            )
        # a list is replaced whole by an overlay: copy it with the one item changed
        items = list(node)
        items[int(head)] = _laid(node[int(head)], rest, value, (*done, head), whole=True)
        return items
    raise WorkbenchError(f"{where} is a value ({node!r}), not a table: {head!r} is past its end")
