"""The WebSocket hub: one connection per browser page, told of every change to its table.

Protocol (JSON text frames; see docs/web.md):

client → server
  {"type": "hello", "tokens": ["..."]}          first: the seat tokens this page holds (none: a
                                                spectator). A wrong token: an error, then close.
                                                Add "patches": true if the page applies patches.
  {"type": "act", "seat": "red", "action": {...}, "id": 7}
                                                "seat" may be left out when the page holds one
                                                seat; "id" is echoed in the ack or error.
  {"type": "undo", "seat": "red", "id": 8}
  {"type": "ping"}

server → client
  {"type": "joined", "table": {...public facts...}, "seats": ["red"]}
  {"type": "view", "seat": "red", "version": 12, "moves": 9, "view": {...},
   "log_from": 30, "log": [...]}                 after every change, one per seat held (a
                                                spectator: seat null). Keep the log entries
                                                numbered below log_from, then add `log`.
  {"type": "view", "seat": "red", "version": 13, "moves": 10, "base": 12, "patch": [...],
   "log_from": 31, "log": [...]}                 the same to a page that applies patches, after
                                                its first view of the seat: the operations that
                                                turn the view of version `base` into this one
                                                (see views.py)
  {"type": "ack", "id": 7}                      the action is stored; it is never lost
  {"type": "error", "code": "illegal", "message": "...", "id": 7}
  {"type": "pong"}

A page sees only the views of the seats whose tokens it showed, and the log entries those seats
may see. Nothing a page sends can change the game except a legal action or undo of its own seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from wartable.engine import IllegalAction
from wartable.server.seats import TokenError
from wartable.server.storage import StorageError
from wartable.server.tables import Table, Tables
from wartable.server.views import SeatView, encode

log = logging.getLogger("wartable.server")

MAX_MESSAGE = 64 * 1024
MAX_TOKENS = 16
HELLO_TIMEOUT = 30.0
MAX_OUTBOX = 256


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (non-ASCII kept)."""
    return encode(message)


class BadMessage(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Connection:
    """One page's WebSocket: the seats it holds and what it has been sent so far."""

    def __init__(
        self, ws: WebSocket, table: Table, seats: list[str | None], patches: bool = False
    ) -> None:
        self.ws = ws
        self.table = table
        self.seats = seats
        self.patches = patches  # the page applies patches to the views it has
        self.sent: dict[str | None, int] = {seat: 0 for seat in seats}
        self.shown: dict[str | None, SeatView] = {}  # the view each seat was last sent
        self.outbox: deque[str] = deque()
        self.dirty = True
        self.wake = asyncio.Event()
        self.wake.set()
        self.closed = False

    def push(self) -> None:
        """The table changed: send fresh views when the writer next runs."""
        events = len(self.table.game.events)
        for seat, sent in self.sent.items():
            if sent > events:  # an undo took events back
                self.sent[seat] = events
        self.dirty = True
        self.wake.set()

    def send(self, message: dict[str, Any]) -> None:
        if len(self.outbox) >= MAX_OUTBOX:
            raise ConnectionError("the page does not read its messages")
        self.outbox.append(dumps(message))
        self.wake.set()

    def view_message(self, seat: str | None) -> str:
        """The message with `seat`'s view as it stands (call it holding the table's lock)."""
        table = self.table
        seen = table.seat_view(seat)
        start = min(self.sent.get(seat, 0), seen.events)
        log = table.game.log(seat, start)
        self.sent[seat] = seen.events
        head = (
            f'{{"type":"view","seat":{encode(seat)},"version":{seen.version},"moves":{seen.moves},'
        )
        base = self.shown.get(seat)
        if base is not None:
            body = f'"base":{base.version},"patch":{seen.patch_from(base)}'
        else:
            body = f'"view":{seen.text}'
        if self.patches:
            self.shown[seat] = seen
        return f'{head}{body},"log_from":{start},"log":{encode(log)}}}'

    async def writer(self) -> None:
        """Send views (built under the table's lock: only committed states) then replies."""
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                if self.dirty:
                    self.dirty = False
                    async with self.table.lock:
                        texts = [self.view_message(seat) for seat in self.seats]
                    for text in texts:
                        await self.ws.send_text(text)
                while self.outbox:
                    await self.ws.send_text(self.outbox.popleft())
        except (WebSocketDisconnect, OSError, RuntimeError):
            self.closed = True  # the page has gone: the reader sees it next


class Hub:
    """Every open connection, by table."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.rooms: dict[str, set[Connection]] = {}
        tables.listeners.append(self.changed)

    def changed(self, table: Table) -> None:
        for connection in self.rooms.get(table.id, ()):
            connection.push()

    async def serve(self, ws: WebSocket, table_id: str) -> None:
        """One page's connection, from accept to close."""
        with contextlib.suppress(WebSocketDisconnect, OSError):
            await self._serve(ws, table_id)

    async def _serve(self, ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = await self.tables.get(table_id)
        if table is None:
            reason = self.tables.broken.get(table_id, "there is no such game")
            await ws.send_text(dumps({"type": "error", "code": "no_game", "message": reason}))
            await ws.close(code=4404)
            return
        hello = await self._hello(ws, table)
        if hello is None:
            return
        seats, patches = hello
        held = [s for s in seats if s is not None]
        await ws.send_text(dumps({"type": "joined", "table": table.public(), "seats": held}))
        connection = Connection(ws, table, seats, patches)
        room = self.rooms.setdefault(table.id, set())
        room.add(connection)
        writer = asyncio.get_running_loop().create_task(connection.writer())
        try:
            await self._read(ws, table, connection, held)
        finally:
            room.discard(connection)
            if not room:
                self.rooms.pop(table.id, None)
                table.views.clear()  # no page to send them to
                self.tables.idle(table)
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer

    async def _receive(self, ws: WebSocket) -> str | None:
        """The next text frame, or None when the page has gone."""
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        if text is None:
            return ""  # a binary frame: refused below as malformed
        return str(text)

    @staticmethod
    def _parse(text: str) -> dict[str, Any]:
        if len(text) > MAX_MESSAGE:
            raise BadMessage("too_large", f"a message may be at most {MAX_MESSAGE} bytes")
        try:
            message = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise BadMessage("bad_json", "the message is not valid JSON") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise BadMessage("bad_message", 'a message is a JSON object with a "type"')
        return message

    async def _hello(self, ws: WebSocket, table: Table) -> tuple[list[str | None], bool] | None:
        """Wait for the page's hello: its seats ([None] for a spectator) and whether it applies
        patches; None if refused."""
        while True:
            try:
                text = await asyncio.wait_for(self._receive(ws), HELLO_TIMEOUT)
            except TimeoutError:
                await ws.close(code=4408)
                return None
            if text is None:
                return None
            try:
                message = self._parse(text)
                if message["type"] != "hello":
                    raise BadMessage("not_joined", 'send {"type": "hello", "tokens": [...]} first')
                tokens = message.get("tokens", [])
                if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
                    raise BadMessage("bad_message", '"tokens" is a list of seat tokens')
                if not all(isinstance(t, str) for t in tokens):
                    raise BadMessage("bad_message", '"tokens" is a list of seat tokens')
                patches = message.get("patches", False)
                if not isinstance(patches, bool):
                    raise BadMessage("bad_message", '"patches" is true or false')
            except BadMessage as error:
                await ws.send_text(
                    dumps({"type": "error", "code": error.code, "message": str(error)})
                )
                continue
            try:
                seats = table.seats_for(tokens)
            except TokenError as error:
                await ws.send_text(
                    dumps({"type": "error", "code": "bad_token", "message": str(error)})
                )
                await ws.close(code=4403)
                return None
            return (list(seats) if seats else [None]), patches

    async def _read(
        self,
        ws: WebSocket,
        table: Table,
        connection: Connection,
        held: list[str],
    ) -> None:
        while True:
            text = await self._receive(ws)
            if text is None or connection.closed:
                return
            reply_id: Any = None
            try:
                message = self._parse(text)
                reply_id = message.get("id")
                if not isinstance(reply_id, (int, str, type(None))) or isinstance(reply_id, bool):
                    reply_id = None
                reply = await self._handle(table, held, message)
            except BadMessage as error:
                reply = {"type": "error", "code": error.code, "message": str(error)}
            except IllegalAction as error:
                reply = {"type": "error", "code": "illegal", "message": str(error)}
            except StorageError as error:
                log.error("game %s: %s", table.id, error)
                reply = {"type": "error", "code": "storage", "message": "not stored: try again"}
            if reply_id is not None:
                reply["id"] = reply_id
            try:
                connection.send(reply)
            except ConnectionError:
                await ws.close(code=1008)
                return

    async def _handle(
        self, table: Table, held: list[str], message: dict[str, Any]
    ) -> dict[str, Any]:
        kind = message["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "hello":
            raise BadMessage("bad_message", "this page has already said hello")
        if kind not in ("act", "undo"):
            raise BadMessage("unknown_type", f"unknown message type {kind!r}: use act or undo")
        seat = self._seat(held, message.get("seat"))
        if kind == "undo":
            await self.tables.undo(table, seat)
            return {"type": "ack"}
        action = message.get("action")
        if not isinstance(action, dict):
            raise BadMessage("bad_message", '"action" is a JSON object, one of the legal actions')
        await self.tables.act(table, seat, action)
        return {"type": "ack"}

    @staticmethod
    def _seat(held: list[str], seat: Any) -> str:
        if not held:
            raise BadMessage("not_your_seat", "a spectator cannot act")
        if seat is None:
            if len(held) > 1:
                raise BadMessage("bad_message", f'say which seat acts: "seat" is one of {held}')
            return held[0]
        if seat not in held:
            raise BadMessage("not_your_seat", "this page holds no token for that seat")
        return str(seat)
