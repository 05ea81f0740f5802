"""Storage: SQLite (WAL, every write committed before it is answered), group commit, URLs, the
default place, and games restored by replaying their stored actions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.server_support import Page, TestClient, new_table, server_of
from wartable.server.config import Settings, default_database_url
from wartable.server.storage import (
    PostgresStorage,
    SQLiteStorage,
    StorageError,
    StoredGame,
    StoredSeat,
    open_storage,
)


def stored_game(game_id: str = "g1") -> StoredGame:
    return StoredGame(
        id=game_id,
        game="skirmish",
        rules_version="1",
        options={"turns": 12},
        seed=7,
        seats={"red": StoredSeat("here", "ab" * 32), "blue": StoredSeat("computer", None)},
        created=1.5,
    )


def test_sqlite_keeps_games_and_actions_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "w.db"

    async def run() -> None:
        storage = SQLiteStorage(path)
        await storage.open()
        await storage.create(stored_game())
        await storage.append("g1", 0, "red", {"stance": "attack"}, over=False)
        await storage.append("g1", 1, "blue", {"stance": "défense ✓"}, over=False)
        game = await storage.load("g1")
        assert game is not None
        assert game.actions == [("red", {"stance": "attack"}), ("blue", {"stance": "défense ✓"})]
        assert game.seats["red"].token_hash == "ab" * 32 and game.seats["blue"].kind == "computer"
        assert await storage.unfinished() == ["g1"]
        await storage.truncate("g1", 1, over=False)
        game = await storage.load("g1")
        assert game is not None and len(game.actions) == 1
        await storage.append("g1", 1, "blue", {"pass": True}, over=True)
        assert await storage.unfinished() == []
        assert await storage.load("nothing") is None
        await storage.close()

    asyncio.run(run())
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT count(*) FROM wartable_actions").fetchone()[0] == 2


def test_sqlite_copies_its_log_into_the_database_as_it_goes(tmp_path: Path) -> None:
    """The write-ahead log is checkpointed while the storage is open (never checkpointing, it
    grew by ~10 KB an action for as long as the server ran)."""
    path = tmp_path / "w.db"

    async def run() -> int:
        storage = SQLiteStorage(path)
        await storage.open()
        await storage.create(stored_game())
        first = path.stat().st_size
        n = 0
        while path.stat().st_size == first and n < 2_000:
            await storage.append("g1", n, "red", {"n": n}, over=False)
            n += 1
        await storage.close()
        return n

    assert asyncio.run(run()) < 2_000  # the database file grew: the log was copied into it
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM wartable_actions").fetchone()[0] > 0


def test_group_commit_answers_each_write_on_its_own(tmp_path: Path) -> None:
    """Writes that arrive together share a transaction, but a failing one fails alone."""

    async def run() -> list[Any]:
        storage = SQLiteStorage(tmp_path / "w.db")
        await storage.open()
        await storage.create(stored_game())
        writes = [storage.append("g1", n, "red", {"n": n}, over=False) for n in range(20)]
        writes.append(storage.append("g1", 3, "red", {"again": 3}, over=False))  # taken
        results = await asyncio.gather(*writes, return_exceptions=True)
        game = await storage.load("g1")
        await storage.close()
        assert game is not None
        assert [a for _, a in game.actions] == [{"n": n} for n in range(20)]
        return results

    results = asyncio.run(run())
    assert results[:20] == [None] * 20
    assert isinstance(results[20], StorageError) and "UNIQUE" in str(results[20])


def test_database_urls() -> None:
    sqlite = open_storage("sqlite:///tmp/x/wartable.db")
    assert isinstance(sqlite, SQLiteStorage) and sqlite.path == Path("/tmp/x/wartable.db")
    assert sqlite.synchronous == "FULL"
    assert open_storage("sqlite:///tmp/w.db?synchronous=normal").synchronous == "NORMAL"  # type: ignore[attr-defined]
    assert open_storage("/tmp/plain.db").path == Path("/tmp/plain.db")  # type: ignore[attr-defined]
    assert isinstance(open_storage("postgresql://me@127.0.0.1:5432/db"), PostgresStorage)
    for bad in ("mysql://x/y", "sqlite://", "sqlite:///tmp/w.db?synchronous=sometimes"):
        with pytest.raises(ValueError):
            open_storage(bad)


def test_the_default_database_is_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database_url() == f"sqlite://{tmp_path}/wartable/wartable.db"
    assert Settings().database_url() == default_database_url()


def play(page: Page, count: int, first_id: int = 1) -> list[Any]:
    """Play `count` first legal actions for whichever held seat must act (judged from the
    newest views received); the actions played."""
    played = []
    for n in range(first_id, first_id + count):
        while True:
            views = [m for m in page.messages if m["type"] == "view"]
            newest = max((v["version"] for v in views), default=-1)
            ready = [v for v in views if v["version"] == newest and v["view"].get("legal_actions")]
            if ready:
                break
            page.receive()
        seat, action = ready[0]["seat"], ready[0]["view"]["legal_actions"][0]["action"]
        page.send({"type": "act", "seat": seat, "action": action, "id": n})
        assert page.reply(n)["type"] == "ack"
        played.append((seat, action))
    return played


def test_a_restarted_app_replays_its_unfinished_games(make_client: Any) -> None:
    client: TestClient = make_client()
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"}, seed=21)
    with client.websocket_connect(f"/ws/{table_id}") as session:
        page = Page(session)
        page.hello(tokens["red"], tokens["blue"])
        played = play(page, 6)
    before = server_of(client).tables.tables[table_id].game
    fingerprint, views = before.fingerprint(), (before.view("red"), before.view("blue"))
    client.__exit__(None, None, None)

    again: TestClient = make_client()
    restored = server_of(again).tables.tables[table_id]  # replayed at start-up
    assert restored.game.actions == played
    assert restored.game.fingerprint() == fingerprint
    assert (restored.game.view("red"), restored.game.view("blue")) == views
    with again.websocket_connect(f"/ws/{table_id}") as session:
        page = Page(session)
        assert page.hello(tokens["red"], tokens["blue"])["type"] == "joined"
        more = play(page, 3, first_id=50)
    assert restored.game.actions == played + more


def test_a_stored_game_that_no_longer_replays_is_refused_by_name(
    make_client: Any, database: str
) -> None:
    client: TestClient = make_client()
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"}, seed=21)
    with client.websocket_connect(f"/ws/{table_id}") as session:
        page = Page(session)
        page.hello(tokens["red"], tokens["blue"])
        play(page, 2)
    client.__exit__(None, None, None)
    conn = sqlite3.connect(database[len("sqlite://") :])
    with conn:
        conn.execute('UPDATE wartable_actions SET action = \'{"move": "r1", "to": "D3"}\'')
    conn.close()
    again: TestClient = make_client()
    response = again.get(f"/api/tables/{table_id}")
    assert response.status_code == 404
    assert "does not replay" in response.json()["detail"]


def test_a_failed_commit_leaves_the_game_as_it_was(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"}, seed=3)
    server = server_of(client)
    table = server.tables.tables[table_id]
    before = table.game.fingerprint()

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise StorageError("disk full")

    monkeypatch.setattr(server.storage, "append", broken)
    with client.websocket_connect(f"/ws/{table_id}") as session:
        page = Page(session)
        page.hello(tokens["red"])
        page.send({"type": "act", "action": {"stance": "attack"}, "id": 1})
        error = page.reply(1)
    assert error["code"] == "storage"
    assert table.game.actions == [] and table.game.fingerprint() == before
