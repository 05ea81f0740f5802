"""Replay: a record back into the game it describes, refusing a bad record whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wartable.engine.errors import IllegalAction, RecordError, WartableError
from wartable.engine.game import Game
from wartable.engine.plain import canonical
from wartable.engine.record import FORMAT, FORMAT_VERSION, chain
from wartable.engine.registry import get_rules
from wartable.engine.rules import Rules


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
