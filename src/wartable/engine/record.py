"""Records: a game as JSON (setup + seed + actions, or a starting position + actions), and
record files. Replaying one is `wartable.engine.replay`'s.

A full record carries a hash chain over its actions and a fingerprint of the final state, so a
tampered, truncated or foreign record fails to replay with a message that names what is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wartable.engine.errors import RecordError
from wartable.engine.plain import canonical, digest

FORMAT = "wartable-record"
FORMAT_VERSION = 1


def chain(actions: list[Any]) -> str:
    """A hash over the actions in order: editing, dropping or adding one changes it."""
    return digest([canonical(a) for a in actions])


def full_record(
    *,
    game_id: str,
    rules_version: str,
    options: dict[str, Any],
    seed: int,
    players: list[str],
    actions: list[list[Any]],
    final: str,
    over: bool,
    start: dict[str, Any] | None,
) -> dict[str, Any]:
    """Everything `replay` needs: the game, its options and seed (or starting position) and
    the actions, with their hash chain and the final state's fingerprint."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game_id,
        "rules_version": rules_version,
        "options": options,
        "seed": seed,
        "players": players,
        "actions": actions,
        "chain": chain(actions),
        "final": final,
        "over": over,
        **({} if start is None else {"start": start}),
    }


def redacted_record(
    *,
    game_id: str,
    rules_version: str,
    options: dict[str, Any],
    players: list[str],
    player: str | None,
    moves: int,
    log: list[Any],
    view: dict[str, Any],
) -> dict[str, Any]:
    """What `player` saw: no seed (it would foretell every roll) and no one else's secrets."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "redacted_for": player,
        "game": game_id,
        "rules_version": rules_version,
        "options": options,
        "players": players,
        "moves": moves,
        "log": log,
        "view": view,
    }


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file, naming the file and the place where it is broken."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"{path}: cannot read: {error.strerror}") from error
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{path}:{error.lineno}:{error.colno}: not valid JSON ({error.msg}); "
            "the file may be truncated"
        ) from error
    if not isinstance(record, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return record


def save_record(record: dict[str, Any], path: str | Path) -> None:
    """Write a record atomically: a crash never leaves half a file."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(target)
