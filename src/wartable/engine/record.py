"""Records: a game as JSON (setup + seed + actions), and replay that refuses a bad record whole.

A full record carries a hash chain over its actions and a fingerprint of the final state, so a
tampered, truncated or foreign record fails with a message that names what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartable.engine.errors import IllegalAction, RecordError, WartableError
from wartable.engine.plain import canonical, digest

if TYPE_CHECKING:
    from wartable.engine.game import Game
    from wartable.engine.rules import Rules

FORMAT = "wartable-record"
FORMAT_VERSION = 1


def chain(actions: list[Any]) -> str:
    """A hash over the actions in order: editing, dropping or adding one changes it."""
    return digest([canonical(a) for a in actions])


def full_record(game: Game) -> dict[str, Any]:
    actions = [[player, action] for player, action in game.actions]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.id,
        "rules_version": game.rules.version,
        "options": game.options,
        "seed": game.seed,
        "players": list(game.players),
        "actions": actions,
        "chain": chain(actions),
        "final": game.fingerprint(),
        "over": game.over,
        **({} if game.start is None else {"start": game.start}),
    }


def redacted_record(game: Game, player: str | None) -> dict[str, Any]:
    """What `player` saw: no seed (it would foretell every roll) and no one else's secrets."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "redacted_for": player,
        "game": game.id,
        "rules_version": game.rules.version,
        "options": game.rules.options_for(game.options, player),
        "players": list(game.players),
        "moves": len(game.actions),
        "log": game.log(player),
        "view": game.view(player),
    }


def _field(record: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in record:
        raise RecordError(f"the record has no {name!r} field (truncated or not a full record?)")
    value = record[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"the record's {name!r} field is malformed: {value!r:.80}")
    return value


def _checked(
    record: Any, rules: Rules | None
) -> tuple[Game, list[tuple[str, dict[str, Any]]], str]:
    """Check the record's form and make its starting game; the actions are not applied yet."""
    from wartable.engine.game import Game
    from wartable.engine.registry import get_rules

    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a wartable record (format {record.get('format')!r})")
    if "redacted_for" in record:
        raise RecordError("this record is redacted for one player and cannot be replayed")
    if _field(record, "format_version", int) != FORMAT_VERSION:
        raise RecordError(f"record format version {record['format_version']} is not supported")
    game_id = _field(record, "game", str)
    version = _field(record, "rules_version", str)
    options = _field(record, "options", dict)
    seed = _field(record, "seed", int)
    raw_actions = _field(record, "actions", list)
    expected_chain = _field(record, "chain", str)
    final = _field(record, "final", str)
    start = record.get("start")
    if start is not None and not (
        isinstance(start, dict)
        and isinstance(start.get("state"), dict)
        and isinstance(start.get("dice"), int)
        and isinstance(start.get("events"), list)
    ):
        raise RecordError(f"the record's 'start' field is malformed: {start!r:.80}")
    try:
        game = Game(rules or get_rules(game_id), seed, options, start)
    except WartableError as error:
        raise RecordError(f"the record's game cannot be set up: {error}") from error
    if game.rules.version != version:
        raise RecordError(
            f"the record was made with {game_id} rules version {version}; "
            f"this is version {game.rules.version}"
        )
    actions: list[tuple[str, dict[str, Any]]] = []
    for i, item in enumerate(raw_actions, 1):
        ok = isinstance(item, list) and len(item) == 2
        if not (ok and isinstance(item[0], str) and isinstance(item[1], dict)):
            raise RecordError(f"action {i} is malformed: {item!r:.80}")
        actions.append((item[0], item[1]))
    if chain(raw_actions) != expected_chain:
        raise RecordError("the record's actions do not match its checksum: it was altered or cut")
    return game, actions, final


def replay_steps(record: Any, rules: Rules | None = None) -> Iterator[Game]:
    """Yield the game at its start and after each action. Use `replay` first to check the
    whole record; this generator stops with `RecordError` at the first bad step. `rules`
    replaces the registered game of the record's id (the conformance kit checks unregistered
    rules this way)."""
    game, actions, final = _checked(record, rules)
    yield game
    for i, (player, action) in enumerate(actions, 1):
        try:
            game.apply(player, action)
        except IllegalAction as error:
            raise RecordError(
                f"action {i} of {len(actions)} ({player}: {canonical(action):.120}) "
                f"does not replay: {error}"
            ) from error
        yield game
    if game.fingerprint() != final:
        raise RecordError("the replayed game ends in another state than the record says")


def replay(record: Any) -> Game:
    """The game of `record`, replayed to its end; raises `RecordError` and returns nothing
    if any part of it is wrong."""
    *_, game = replay_steps(record)
    return game


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


def save_record(game: Game, path: str | Path) -> None:
    """Write the full record atomically: a crash never leaves half a file."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(game.record(), ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(target)
