"""The games in progress: each is a `Table` (a `Game`, its seats and a lock), kept in `Tables`.

Only this module changes a game. Every change happens under the table's lock in three steps:
the engine checks and applies the action (an illegal one raises and changes nothing), the
storage commits it, and only then are the connections told. If the commit fails the game is
rebuilt from the actions that were kept, so memory never runs ahead of the database.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import string
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wartable.engine import Game, IllegalAction, RecordError, WartableError, get_rules
from wartable.engine.rules import Action
from wartable.server.config import Shard
from wartable.server.seats import (
    PEOPLE,
    SEAT_KINDS,
    is_computer,
    new_token,
    seats_for,
    token_hash,
)
from wartable.server.storage import Storage, StoredGame, StoredSeat
from wartable.server.views import SeatView, ViewCache

log = logging.getLogger("wartable.server")

ID_ALPHABET = string.ascii_lowercase + string.digits
MAX_SEED = 2**63 - 1


class TableError(WartableError):
    """A request the server refuses: unknown game, bad seat assignment, not yours to do."""


def new_table_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(12))


@dataclass
class Table:
    """One game in progress at this server."""

    id: str
    game: Game
    kinds: dict[str, str]
    hashes: dict[str, str | None]
    created: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    views: ViewCache = field(default_factory=ViewCache, repr=False)

    @property
    def computers(self) -> list[str]:
        return [p for p, kind in self.kinds.items() if is_computer(kind)]

    def seats_for(self, tokens: list[str]) -> list[str]:
        """The seats these tokens open; `TokenError` if any token is wrong."""
        return seats_for(tokens, self.hashes)

    def undo_point(self, seat: str) -> int | None:
        """Where `seat` may go back to: before its last action, if nothing after that action
        was a die roll or a reveal and every later action was the computer's. None if it may
        not undo."""
        actions = self.game.actions
        for i in range(len(actions) - 1, -1, -1):
            player = actions[i][0]
            if player == seat:
                return i if i >= self.game.barrier else None
            if not is_computer(self.kinds.get(player)):
                return None
        return None

    def can_undo(self, seat: str) -> bool:
        return not self.game.over and self.undo_point(seat) is not None

    def view(self, seat: str | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), with the server's undo rule."""
        view = self.game.view(seat)
        view["can_undo"] = seat is not None and self.can_undo(seat)
        return view

    def seat_view(self, seat: str | None) -> SeatView:
        """`view(seat)` at this version as JSON text, built once per version and seat however
        many pages show it. Call it holding the table's lock (or when no change is under
        way): the view must be of a stored state."""
        game = self.game
        return self.views.get(
            seat, self.version, lambda: self.view(seat), len(game.actions), len(game.events)
        )

    def public(self) -> dict[str, Any]:
        """What anyone with the table's id may know about it."""
        game = self.game
        return {
            "id": self.id,
            "game": game.id,
            "title": game.rules.title,
            "players": list(game.players),
            "seats": dict(self.kinds),
            "to_act": list(game.to_act),
            "over": game.over,
            "result": game.result,
            "moves": len(game.actions),
            "created": self.created,
        }


Listener = Callable[[Table], None]


class Tables:
    """Every table this server holds, the storage behind them, and the one way to change them."""

    def __init__(self, storage: Storage, shard: Shard | None = None) -> None:
        self.storage = storage
        self.shard = shard or Shard()
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}
        self.listeners: list[Listener] = []
        self._loading = asyncio.Lock()

    def changed(self, table: Table) -> None:
        table.version += 1
        for listener in self.listeners:
            listener(table)

    def idle(self, table: Table) -> None:
        """No page shows `table` any more: a finished game leaves memory (it is reloaded from
        storage if someone asks for it again, to replay it, say)."""
        if table.game.over and not table.lock.locked():
            self.tables.pop(table.id, None)

    # -- creating and restoring -----------------------------------------------------------

    async def create(
        self,
        game_id: str,
        seats: dict[str, str] | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> tuple[Table, dict[str, str]]:
        """A new table and the tokens of its human seats."""
        if seed is None:
            seed = secrets.randbits(32)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise TableError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        rules = get_rules(game_id)
        game = Game(rules, seed, options)  # OptionError names a bad option
        given = dict(seats or {})
        unknown = sorted(set(given) - set(game.players))
        if unknown:
            raise TableError(
                f"{game_id} has no seat {unknown[0]!r} (seats: {', '.join(game.players)})"
            )
        kinds: dict[str, str] = {}
        for player in game.players:
            kind = given.get(player, "here")
            if kind not in SEAT_KINDS:
                raise TableError(f"seat {player}: {kind!r} is not one of {', '.join(SEAT_KINDS)}")
            kinds[player] = kind
        tokens = {p: new_token() for p, kind in kinds.items() if kind in PEOPLE}
        hashes: dict[str, str | None] = {
            p: token_hash(tokens[p]) if p in tokens else None for p in game.players
        }
        table_id = new_table_id()
        while not self.shard.owns(table_id):  # (one draw in `shard.count`, on average)
            table_id = new_table_id()
        table = Table(id=table_id, game=game, kinds=kinds, hashes=hashes, created=time.time())
        await self.storage.create(
            StoredGame(
                id=table.id,
                game=game.id,
                rules_version=rules.version,
                options=game.options,
                seed=seed,
                seats={p: StoredSeat(kinds[p], hashes[p]) for p in game.players},
                created=table.created,
            )
        )
        self.tables[table.id] = table
        self.changed(table)
        return table, tokens

    @staticmethod
    def rebuild(stored: StoredGame) -> Game:
        """The game of a stored row, replayed action by action; `RecordError` names the step."""
        try:
            rules = get_rules(stored.game)
        except WartableError as error:
            raise RecordError(str(error)) from error
        if rules.version != stored.rules_version:
            raise RecordError(
                f"stored with {stored.game} rules version {stored.rules_version}; "
                f"this server has version {rules.version}"
            )
        game = Game(rules, stored.seed, stored.options)
        for i, (player, action) in enumerate(stored.actions, 1):
            try:
                game.apply(player, action)
            except IllegalAction as error:
                raise RecordError(
                    f"action {i} of {len(stored.actions)} does not replay: {error}"
                ) from error
        return game

    async def get(self, table_id: str) -> Table | None:
        """The table, restored from storage if this server has not loaded it yet; None if there
        is none, or if another process holds it."""
        if not self.shard.owns(table_id):
            return None
        table = self.tables.get(table_id)
        if table is not None or table_id in self.broken:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            stored = await self.storage.load(table_id)
            if stored is None:
                return None
            try:
                game = self.rebuild(stored)
            except (RecordError, WartableError) as error:
                self.broken[table_id] = str(error)
                log.error("game %s cannot be restored: %s", table_id, error)
                return None
            table = Table(
                id=stored.id,
                game=game,
                kinds={p: s.kind for p, s in stored.seats.items()},
                hashes={p: s.token_hash for p, s in stored.seats.items()},
                created=stored.created,
            )
            self.tables[table_id] = table
        self.changed(table)
        return table

    async def restore_unfinished(self) -> int:
        """Replay every unfinished game from storage (at start-up); the count restored."""
        count = 0
        for table_id in await self.storage.unfinished():
            if await self.get(table_id) is not None:
                count += 1
        return count

    # -- changing a game ----------------------------------------------------------------------

    async def act(self, table: Table, seat: str, action: Action) -> None:
        """Apply and commit `seat`'s action; `IllegalAction` if it may not, unchanged."""
        async with table.lock:
            self._apply_locked(table, seat, action)
            await self._commit_last(table)
        self.changed(table)

    def _apply_locked(self, table: Table, seat: str, action: Action) -> None:
        if not isinstance(action, dict):
            raise IllegalAction("an action is a JSON object")
        table.game.apply(seat, action)

    async def _commit_last(self, table: Table) -> None:
        game = table.game
        n = len(game.actions) - 1
        player, action = game.actions[n]
        try:
            await self.storage.append(table.id, n, player, action, game.over)
        except BaseException:
            self._reset(table, game.actions[:n])
            raise

    def _reset(self, table: Table, actions: list[tuple[str, Action]]) -> None:
        """Put the game back to `actions` (after a failed commit)."""
        game = Game(table.game.rules, table.game.seed, table.game.options)
        for player, action in actions:
            game.apply(player, action)
        table.game = game

    async def undo(self, table: Table, seat: str) -> None:
        """Take back `seat`'s last action (and the computer's replies after it)."""
        async with table.lock:
            point = table.undo_point(seat) if not table.game.over else None
            if point is None:
                raise IllegalAction(
                    f"{seat} has no action to take back (never past a die roll, a reveal, "
                    "or another person's move)"
                )
            kept = list(table.game.actions)
            table.game.rewind(point)
            try:
                await self.storage.truncate(table.id, point, table.game.over)
            except BaseException:
                self._reset(table, kept)
                raise
        self.changed(table)

    async def computer_move(self, table: Table, seat: str, action: Action, version: int) -> bool:
        """Play the computer's `action` for `seat`, decided at the table's `version`, if the
        game has not changed since (nothing played or taken back); True if it was played."""
        async with table.lock:
            if table.version != version or seat not in table.game.to_act:
                return False
            if not is_computer(table.kinds.get(seat)):
                return False
            self._apply_locked(table, seat, action)
            await self._commit_last(table)
        self.changed(table)
        return True
