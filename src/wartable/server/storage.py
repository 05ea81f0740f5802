"""Where games live between restarts: SQLite by default, PostgreSQL when configured.

A game is stored as what replays it: the game id, the rules version, the options, the seed, the
seats (kind and a hash of each seat's token, never the token itself) and the list of actions.
Every action is committed before the server acknowledges it; undo deletes the actions it takes
back. On start-up the server replays each unfinished game from these rows.

SQLite runs in WAL mode with ``synchronous=FULL`` (every commit reaches the disk) on one thread of
its own, so the event loop never waits on the disk. PostgreSQL is reached with psycopg 3. Writes
that arrive while a commit is under way are committed together in the next transaction (group
commit), each in its own savepoint: many concurrent games share one flush to disk.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

T = TypeVar("T")

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS wartable_games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        moves INTEGER NOT NULL DEFAULT 0,
        over INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS wartable_actions (
        game_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        player TEXT NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
]


class StorageError(Exception):
    """The database refused or failed; the action it carried was not kept."""


@dataclass
class StoredSeat:
    kind: str
    token_hash: str | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "token": self.token_hash}


@dataclass
class StoredGame:
    """One game as the database holds it."""

    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: dict[str, StoredSeat]
    created: float
    actions: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    over: bool = False


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _seats_from(text: str) -> dict[str, StoredSeat]:
    raw = json.loads(text)
    return {p: StoredSeat(kind=s["kind"], token_hash=s.get("token")) for p, s in raw.items()}


class Storage(ABC):
    """The operations the server needs; every method commits before it returns."""

    url: str

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def create(self, game: StoredGame) -> None:
        """Store a new game (with no actions)."""

    @abstractmethod
    async def append(
        self, game_id: str, n: int, player: str, action: dict[str, Any], over: bool
    ) -> None:
        """Store action number `n` (0-based) of a game."""

    @abstractmethod
    async def truncate(self, game_id: str, count: int, over: bool) -> None:
        """Keep only the first `count` actions of a game (undo)."""

    @abstractmethod
    async def load(self, game_id: str) -> StoredGame | None:
        """A game and its actions, or None."""

    @abstractmethod
    async def unfinished(self) -> list[str]:
        """The ids of the games that are not over, oldest first."""


Steps = list[tuple[str, tuple[Any, ...]]]


class GroupCommit:
    """Commits writes in groups: while one transaction is being committed, the writes that
    arrive wait and then go together in the next one. Each write still gets its own answer
    (a savepoint keeps one failing write from undoing the others), and none is answered
    before its transaction is committed. Many games then cost one disk flush, not one each.
    """

    def __init__(self, run: Callable[[list[Steps]], Awaitable[list[BaseException | None]]]) -> None:
        self.run = run
        self.queue: list[tuple[Steps, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def submit(self, steps: Steps) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.append((steps, future))
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._drain())
        await future

    async def _drain(self) -> None:
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                results = await self.run([steps for steps, _ in batch])
            except BaseException as error:  # the whole transaction failed
                results = [error] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if result is None:
                    future.set_result(None)
                else:
                    future.set_exception(result)


class _SQL(Storage):
    """The statements, shared by both databases (written with ``?`` placeholders)."""

    placeholder = "?"

    def q(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    INSERT_GAME = (
        "INSERT INTO wartable_games (id, game, rules_version, options, seed, seats, created, "
        "moves, over) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)"
    )
    INSERT_ACTION = "INSERT INTO wartable_actions (game_id, n, player, action) VALUES (?, ?, ?, ?)"
    UPDATE_GAME = "UPDATE wartable_games SET moves = ?, over = ? WHERE id = ?"
    DELETE_ACTIONS = "DELETE FROM wartable_actions WHERE game_id = ? AND n >= ?"
    SELECT_GAME = (
        "SELECT id, game, rules_version, options, seed, seats, created, over "
        "FROM wartable_games WHERE id = ?"
    )
    SELECT_ACTIONS = "SELECT n, player, action FROM wartable_actions WHERE game_id = ? ORDER BY n"
    SELECT_UNFINISHED = "SELECT id FROM wartable_games WHERE over = 0 ORDER BY created, id"

    @staticmethod
    def game_row(game: StoredGame) -> tuple[Any, ...]:
        seats = {p: s.to_json() for p, s in game.seats.items()}
        return (
            game.id,
            game.game,
            game.rules_version,
            _dumps(game.options),
            game.seed,
            _dumps(seats),
            game.created,
        )

    @staticmethod
    def stored(row: tuple[Any, ...], actions: list[tuple[Any, ...]]) -> StoredGame:
        for i, (n, _, _) in enumerate(actions):
            if n != i:
                raise StorageError(f"game {row[0]}: action {i} is missing from the database")
        return StoredGame(
            id=row[0],
            game=row[1],
            rules_version=row[2],
            options=json.loads(row[3]),
            seed=int(row[4]),
            seats=_seats_from(row[5]),
            created=float(row[6]),
            actions=[(player, json.loads(text)) for _, player, text in actions],
            over=bool(row[7]),
        )

    # Writes go through the subclass's group commit: one transaction for many tables' actions.
    _group: GroupCommit

    async def create(self, game: StoredGame) -> None:
        await self._group.submit([(self.INSERT_GAME, self.game_row(game))])

    async def append(
        self, game_id: str, n: int, player: str, action: dict[str, Any], over: bool
    ) -> None:
        await self._group.submit(
            [
                (self.INSERT_ACTION, (game_id, n, player, _dumps(action))),
                (self.UPDATE_GAME, (n + 1, int(over), game_id)),
            ]
        )

    async def truncate(self, game_id: str, count: int, over: bool) -> None:
        await self._group.submit(
            [
                (self.DELETE_ACTIONS, (game_id, count)),
                (self.UPDATE_GAME, (count, int(over), game_id)),
            ]
        )


class SQLiteStorage(_SQL):
    """A SQLite file in WAL mode, used from one thread of its own, writes committed in groups."""

    def __init__(self, path: Path, synchronous: str = "FULL") -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous}")
        self.path = path
        self.url = f"sqlite://{path}"
        self.synchronous = synchronous.upper()
        self._executor: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None
        self._group = GroupCommit(self._commit_group)

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        if self._executor is None or self._conn is None:
            raise StorageError("the database is not open")
        conn = self._conn
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor, fn, conn)
        except sqlite3.Error as error:
            raise StorageError(f"SQLite {self.path}: {error}") from error

    async def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wartable-sqlite")
        loop = asyncio.get_running_loop()

        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self.synchronous}")
            conn.execute("PRAGMA busy_timeout=5000")
            # Copy the log into the database every 1000 pages (SQLite's default): the log
            # then stays a few MB and is overwritten in place, and a commit's flush of a file
            # that does not grow is cheaper (never checkpointing, the log grew ~10 KB an action).
            conn.execute("PRAGMA wal_autocheckpoint=1000")
            for statement in SCHEMA:
                conn.execute(statement)
            return conn

        try:
            self._conn = await loop.run_in_executor(self._executor, connect)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open SQLite database {self.path}: {error}") from error

    async def close(self) -> None:
        if self._executor is None:
            return
        conn, self._conn = self._conn, None
        if conn is not None:
            await asyncio.get_running_loop().run_in_executor(self._executor, conn.close)
        self._executor.shutdown(wait=True)
        self._executor = None

    async def _commit_group(self, group: list[Steps]) -> list[BaseException | None]:
        def run(conn: sqlite3.Connection) -> list[BaseException | None]:
            results: list[BaseException | None] = []
            conn.execute("BEGIN IMMEDIATE")
            try:
                for steps in group:
                    conn.execute("SAVEPOINT one")
                    try:
                        for sql, args in steps:
                            conn.execute(sql, args)
                    except sqlite3.Error as error:
                        conn.execute("ROLLBACK TO one")
                        results.append(StorageError(f"SQLite {self.path}: {error}"))
                    else:
                        results.append(None)
                    conn.execute("RELEASE one")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return results

        return await self._run(run)

    async def load(self, game_id: str) -> StoredGame | None:
        def read(conn: sqlite3.Connection) -> StoredGame | None:
            row = conn.execute(self.SELECT_GAME, (game_id,)).fetchone()
            if row is None:
                return None
            return self.stored(row, conn.execute(self.SELECT_ACTIONS, (game_id,)).fetchall())

        return await self._run(read)

    async def unfinished(self) -> list[str]:
        return await self._run(
            lambda c: [row[0] for row in c.execute(self.SELECT_UNFINISHED).fetchall()]
        )


SCHEMA_LOCK = 0x77617274  # any number, the same in every process: "wart"


class PostgresStorage(_SQL):
    """A PostgreSQL database through one psycopg 3 async connection, writes committed in
    groups (one transaction, one savepoint per write)."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None
        self._lock = asyncio.Lock()
        self._group = GroupCommit(self._commit_group)

    async def open(self) -> None:
        try:
            import psycopg
        except ImportError as error:  # pragma: no cover - depends on the installation
            raise StorageError(
                "PostgreSQL needs psycopg 3: pip install 'psycopg[binary]'"
            ) from error
        try:
            self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            async with self._conn.transaction():
                # Server processes that open one database at once (`serve --workers`) make
                # its tables one after the other: PostgreSQL's CREATE TABLE IF NOT EXISTS is
                # not safe against another one running at the same moment.
                await self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in SCHEMA:
                    await self._conn.execute(statement)
        except psycopg.Error as error:
            raise StorageError(f"cannot open PostgreSQL database: {error}") from error

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def _commit_group(self, group: list[Steps]) -> list[BaseException | None]:
        import psycopg

        if self._conn is None:
            raise StorageError("the database is not open")
        results: list[BaseException | None] = []
        async with self._lock:
            try:
                async with self._conn.transaction():
                    for steps in group:
                        try:
                            async with self._conn.transaction():  # a savepoint
                                for sql, args in steps:
                                    await self._conn.execute(self.q(sql), args)
                        except psycopg.Error as error:
                            results.append(StorageError(f"PostgreSQL: {error}"))
                        else:
                            results.append(None)
            except psycopg.Error as error:
                raise StorageError(f"PostgreSQL: {error}") from error
        return results

    async def _fetch(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        import psycopg

        if self._conn is None:
            raise StorageError("the database is not open")
        async with self._lock:
            try:
                cursor = await self._conn.execute(self.q(sql), args)
                rows: list[tuple[Any, ...]] = await cursor.fetchall()
            except psycopg.Error as error:
                raise StorageError(f"PostgreSQL: {error}") from error
        return rows

    async def load(self, game_id: str) -> StoredGame | None:
        rows = await self._fetch(self.SELECT_GAME, (game_id,))
        if not rows:
            return None
        return self.stored(rows[0], await self._fetch(self.SELECT_ACTIONS, (game_id,)))

    async def unfinished(self) -> list[str]:
        return [row[0] for row in await self._fetch(self.SELECT_UNFINISHED, ())]


def open_storage(url: str) -> Storage:
    """The storage a database URL names (not yet opened).

    >>> open_storage("sqlite:///tmp/w.db").path
    PosixPath('/tmp/w.db')
    """
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(url)
    if url.startswith("sqlite:"):
        parts = urlsplit(url)
        path = url[len("sqlite://") :].split("?", 1)[0] if url.startswith("sqlite://") else ""
        if not path:
            raise ValueError(f"{url!r}: give the file, e.g. sqlite:///home/me/wartable.db")
        options = parse_qs(parts.query)
        synchronous = options.get("synchronous", ["FULL"])[0]
        return SQLiteStorage(Path(path).expanduser(), synchronous=synchronous)
    if "://" in url:
        raise ValueError(
            f"unsupported database {url!r}: use sqlite:///PATH or postgresql://USER@HOST/DB"
        )
    return SQLiteStorage(Path(url).expanduser())
