"""Computer seats at a level: the lobby's seat kinds, the agent each level gets, and thinking
off the event loop (other requests are answered while a computer seat thinks)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from server.server_support import Page, TestClient, new_table, server_of
from wartable.agents import Agent, RandomAgent
from wartable.agents.base import Copies
from wartable.agents.levels import Slipping
from wartable.agents.rollouts import RolloutAgent
from wartable.server import computer
from wartable.server.seats import SEAT_KINDS, is_computer, level


def test_seat_kinds_name_the_levels() -> None:
    assert {"computer", "computer:easy", "computer:normal", "computer:hard"} <= set(SEAT_KINDS)
    assert [level(k) for k in ("computer", "computer:easy", "computer:hard")] == [
        "normal",
        "easy",
        "hard",
    ]
    assert is_computer("computer:hard") and not is_computer("invite") and not is_computer(None)


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("computer:easy", Slipping), ("computer:hard", RolloutAgent), ("computer", Agent)],
)
def test_each_level_gets_its_agent(client: TestClient, kind: str, expected: type) -> None:
    table_id, _ = new_table(client, {"merc": "here", "bieler": kind}, game="votoms", seed=2)
    table = server_of(client).tables.tables[table_id]
    agent = computer.agent_for(table, "bieler")
    assert isinstance(agent, expected)
    assert not isinstance(agent, RandomAgent)
    assert table.public()["seats"]["bieler"] == kind


def test_a_game_without_a_scripted_player_gets_the_random_one(client: TestClient) -> None:
    table_id, _ = new_table(client, {"red": "here", "blue": "computer:hard"})
    table = server_of(client).tables.tables[table_id]
    assert isinstance(computer.agent_for(table, "blue"), RandomAgent)


def test_an_unknown_level_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"game": "skirmish", "seats": {"red": "here", "blue": "computer:god"}}
    )
    assert response.status_code == 400
    assert "computer:god" in response.text


class Held(Agent):
    """Waits until released, then passes its decision on to the random player."""

    def __init__(self, started: threading.Event, release: threading.Event) -> None:
        self.started, self.release = started, release

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        self.started.set()
        assert self.release.wait(10), "the test never released the computer"
        return RandomAgent(seed=1).choose(view)


def test_the_server_answers_while_a_computer_thinks(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(computer, "agent_for", lambda table, seat: Held(started, release))
    client = make_client(computer_delay=0.0)
    table_id, tokens = new_table(client, {"red": "here", "blue": "computer:hard"}, seed=9)
    assert started.wait(10), "the computer never started thinking"
    try:
        # if the computer thought on the event loop, nothing would be answered until released
        other, _ = new_table(client, {"red": "here", "blue": "invite"}, seed=4)
        assert "blue" in client.get(f"/api/tables/{table_id}").json()["to_act"]
        facts = client.get(f"/api/tables/{other}").json()
        assert facts["moves"] == 0
    finally:
        release.set()
    session = client.websocket_connect(f"/ws/{table_id}")
    with session:
        red = Page(session)
        red.hello(tokens["red"])
        red.until(lambda m: m["type"] == "view" and m["view"]["board"]["stance"]["blue"])
