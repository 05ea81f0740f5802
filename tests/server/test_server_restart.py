"""A real server process killed with kill -9 mid-game and started again on the same database
(SQLite, then PostgreSQL) has every action it acknowledged, and the players carry on."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from server.server_support import ServerProcess
from wartable.engine import new_game

StartServer = Callable[[str], ServerProcess]


def receive(ws: ClientConnection, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if test(message):
            return message


def hello(ws: ClientConnection, tokens: list[str]) -> ClientConnection:
    ws.send(json.dumps({"type": "hello", "tokens": tokens}))
    assert receive(ws, lambda m: m["type"] in ("joined", "error"))["type"] == "joined"
    return ws


class HotSeat:
    """One connection holding both seats; plays the last legal action of a seat to act."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.latest: dict[str, dict[str, Any]] = {}

    def next_message(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
        if message["type"] == "view":
            self.latest[message["seat"]] = message
        return message

    def decision(self) -> tuple[str, dict[str, Any]]:
        """A seat to act and its action, from the latest views (waiting for one if need be)."""
        while True:
            newest = max((v["version"] for v in self.latest.values()), default=-1)
            ready = [
                v
                for v in self.latest.values()
                if v["version"] == newest and v["view"].get("legal_actions")
            ]
            if ready:
                return ready[0]["seat"], ready[0]["view"]["legal_actions"][-1]["action"]
            self.next_message()

    def play(self, count: int, first_id: int) -> list[tuple[str, dict[str, Any]]]:
        acked = []
        for n in range(first_id, first_id + count):
            seat, action = self.decision()
            self.ws.send(json.dumps({"type": "act", "seat": seat, "action": action, "id": n}))
            while True:
                reply = self.next_message()
                if reply["type"] in ("ack", "error") and reply.get("id") == n:
                    break
            assert reply["type"] == "ack", reply
            acked.append((seat, action))
        return acked


def restart_keeps_every_acknowledged_action(start_server: StartServer, database: str) -> None:
    server = start_server(database)
    created = server.post(
        "/api/tables", {"game": "skirmish", "seed": 17, "seats": {"red": "here", "blue": "here"}}
    )
    table_id, tokens = created["id"], created["tokens"]
    with connect(f"{server.ws_base}/ws/{table_id}", open_timeout=10) as ws:
        player = HotSeat(hello(ws, list(tokens.values())))
        acked = player.play(8, first_id=1)
        # one more action sent, and the server killed before its answer can be awaited
        last_seat, last_action = player.decision()
        ws.send(json.dumps({"type": "act", "seat": last_seat, "action": last_action, "id": 99}))
        server.kill()

    again = start_server(database)
    facts = again.get(f"/api/tables/{table_id}")
    assert facts["moves"] in (len(acked), len(acked) + 1)  # every acked one, maybe the last
    expected = new_game("skirmish", seed=17)
    for seat, action in acked:
        expected.apply(seat, action)
    if facts["moves"] == len(acked) + 1:
        expected.apply(last_seat, last_action)
    with connect(f"{again.ws_base}/ws/{table_id}", open_timeout=10) as ws:
        player = HotSeat(hello(ws, list(tokens.values())))
        while len(player.latest) < 2:
            player.next_message()
        for seat in ("red", "blue"):
            got, want = player.latest[seat]["view"], expected.view(seat)
            assert got["board"] == want["board"]
            assert got["to_act"] == want["to_act"]
            assert got.get("legal_actions") == want.get("legal_actions")
            assert player.latest[seat]["moves"] == facts["moves"]
        # and the players carry on
        more = player.play(4, first_id=200)
    assert again.get(f"/api/tables/{table_id}")["moves"] == facts["moves"] + len(more)
    again.stop()


def test_sqlite_server_killed_mid_game_keeps_every_acknowledged_action(
    start_server: StartServer, database: str
) -> None:
    restart_keeps_every_acknowledged_action(start_server, database)


def test_postgresql_server_killed_mid_game_keeps_every_acknowledged_action(
    start_server: StartServer, postgres_url: str
) -> None:
    restart_keeps_every_acknowledged_action(start_server, postgres_url)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_restarted_server_resumes_its_computer_players(
    start_server: StartServer, database: str, backend: str, request: pytest.FixtureRequest
) -> None:
    url = database if backend == "sqlite" else request.getfixturevalue("postgres_url")
    server = start_server(url)
    created = server.post(
        "/api/tables", {"game": "skirmish", "seed": 5, "seats": {"red": "computer", "blue": "here"}}
    )
    table_id = created["id"]
    server.kill()
    again = start_server(url)
    with connect(f"{again.ws_base}/ws/{table_id}", open_timeout=10) as ws:
        hello(ws, [created["tokens"]["blue"]])
        # red (the computer) chooses its stance on its own after the restart
        view = receive(ws, lambda m: m["type"] == "view" and m["view"]["board"]["stance"]["red"])
    assert view["view"]["board"]["stance"]["red"] == "chosen"
