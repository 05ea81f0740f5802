"""Live play over the WebSocket: hello, act, undo, views pushed to every page, bad input refused
with nothing changed, and no page ever sees another seat's secrets."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from server.server_support import Page, TestClient, new_table, server_of
from wartable.agents import RandomAgent

OpenPage = Callable[..., Page]


def table_of(client: TestClient, table_id: str) -> Any:
    return server_of(client).tables.tables[table_id]


def act(page: Page, action: dict[str, Any], seat: str | None = None, n: int = 1) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "act", "action": action, "id": n}
    if seat is not None:
        message["seat"] = seat
    page.send(message)
    return page.reply(n)


def to_move_phase(client: TestClient, red: Page, blue: Page, table_id: str) -> None:
    assert act(red, {"stance": "attack"}, n=101)["type"] == "ack"
    assert act(blue, {"stance": "defend"}, n=102)["type"] == "ack"
    assert table_of(client, table_id).game.state["phase"] == "move"


def test_a_page_says_hello_and_gets_its_seats_view(client: TestClient, open_page: OpenPage) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"})
    red = open_page(table_id, tokens["red"])
    joined = red.messages[-1]
    assert joined["seats"] == ["red"] and joined["table"]["game"] == "skirmish"
    view = red.view("red")
    assert view["view"]["you"] == "red"
    assert view["log_from"] == 0 and [e["n"] for e in view["log"]] == [0, 1]
    assert [a["action"] for a in view["view"]["legal_actions"]] == [
        {"stance": "attack"},
        {"stance": "defend"},
    ]


def test_an_action_is_acknowledged_and_every_page_gets_its_new_view(
    client: TestClient, open_page: OpenPage
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"})
    red = open_page(table_id, tokens["red"])
    blue = open_page(table_id, tokens["blue"])
    watcher = open_page(table_id)
    for page, seat in ((red, "red"), (blue, "blue"), (watcher, None)):
        page.view(seat)
    assert act(red, {"stance": "attack"}, n=7) == {"type": "ack", "id": 7}
    assert table_of(client, table_id).game.actions == [("red", {"stance": "attack"})]
    assert red.view("red")["view"]["to_act"] == ["blue"]
    blue_view = blue.view("blue")
    assert blue_view["view"]["board"]["stance"] == {"red": "chosen", "blue": None}
    assert blue_view["moves"] == 1
    assert watcher.view(None)["view"]["board"]["stance"]["red"] == "chosen"
    # the log goes on where it stopped
    assert act(blue, {"stance": "defend"}, n=8)["type"] == "ack"
    later = red.view("red")
    assert later["log_from"] == 2 and later["log"][0]["msg"]["en"].startswith("stances revealed")


BAD_MESSAGES = [
    ("not json at all", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"action": {"pass": true}}', "bad_message"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "act"}', "bad_message"),
    ('{"type": "act", "action": "pass"}', "bad_message"),
    ('{"type": "act", "action": {"pass": true}}', "illegal"),  # blue must move, not pass
    ('{"type": "act", "action": {"move": "r1", "to": "D3"}}', "illegal"),  # not red's to move
    ('{"type": "act", "action": {"move": "b1", "to": "Z9"}}', "illegal"),
    ('{"type": "act", "action": {"stance": "attack"}}', "illegal"),
    ('{"type": "act", "seat": "red", "action": {"pass": true}}', "not_your_seat"),
    ('{"type": "undo"}', "illegal"),
    ('{"type": "hello", "tokens": []}', "bad_message"),
    ('{"type": "act", "action": {"pass": true}, "padding": "' + "x" * 70_000 + '"}', "too_large"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
def test_bad_input_gets_an_error_and_changes_nothing(
    client: TestClient, open_page: OpenPage, text: str, code: str
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"}, seed=5)
    red = open_page(table_id, tokens["red"])
    blue = open_page(table_id, tokens["blue"])
    to_move_phase(client, red, blue, table_id)  # red moves now (red is active on turn 1)
    table = table_of(client, table_id)
    before = (table.game.fingerprint(), list(table.game.actions), table.version)
    blue.quiet()
    # blue is not to act: every one of these is refused
    blue.send(text)
    error = blue.until(lambda m: m["type"] == "error")
    assert error["code"] == code, error
    assert error["message"]
    assert (table.game.fingerprint(), list(table.game.actions), table.version) == before
    assert not [m for m in blue.quiet() if m["type"] == "view"]
    # the page is still connected and can go on
    blue.send({"type": "ping"})
    assert blue.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_a_binary_frame_is_refused(client: TestClient, open_page: OpenPage) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"})
    red = open_page(table_id, tokens["red"])
    red.session.send_bytes(b'{"type": "act", "action": {"stance": "attack"}}')
    assert red.until(lambda m: m["type"] == "error")["code"] == "bad_json"
    assert table_of(client, table_id).game.actions == []


def test_a_wrong_token_sees_nothing_of_any_seat(client: TestClient, open_page: OpenPage) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"})
    forged = tokens["red"][:-4] + ("AAAA" if not tokens["red"].endswith("AAAA") else "BBBB")
    for bad in ([forged], [tokens["red"], forged], ["short"], [""]):
        session = client.websocket_connect(f"/ws/{table_id}")
        session.__enter__()
        page = Page(session)
        answer = page.hello(*bad)
        assert answer["type"] == "error" and answer["code"] == "bad_token"
        with pytest.raises(ConnectionError, match="4403"):
            page.receive(2)
        assert not [m for m in page.messages if m["type"] in ("view", "joined")]
        session.__exit__(None, None, None)
    # a token of another table opens nothing here either
    _, other = new_table(client, {"red": "here", "blue": "here"})
    session = client.websocket_connect(f"/ws/{table_id}")
    with session:
        assert Page(session).hello(other["red"])["code"] == "bad_token"


def test_tokens_must_come_in_a_hello_first(client: TestClient) -> None:
    table_id, tokens = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as session:
        page = Page(session)
        page.send({"type": "act", "action": {"stance": "attack"}, "id": 1})
        assert page.receive()["code"] == "not_joined"
        page.send({"type": "hello", "tokens": "not a list"})
        assert page.receive()["code"] == "bad_message"
        assert page.hello(tokens["red"])["type"] == "joined"
    assert table_of(client, table_id).game.actions == []


def test_no_such_game(client: TestClient) -> None:
    with client.websocket_connect("/ws/nosuchgame") as session:
        page = Page(session)
        assert page.receive()["code"] == "no_game"


def test_a_spectator_sees_the_public_view_and_cannot_act(
    client: TestClient, open_page: OpenPage
) -> None:
    table_id, _ = new_table(client, {"red": "here", "blue": "here"})
    watcher = open_page(table_id)
    assert watcher.messages[-1]["seats"] == []
    view = watcher.view(None)["view"]
    assert "legal_actions" not in view and view["can_undo"] is False
    assert act(watcher, {"stance": "attack"})["code"] == "not_your_seat"
    assert table_of(client, table_id).game.actions == []


def test_a_hot_seat_page_holds_both_seats_and_says_which_acts(
    client: TestClient, open_page: OpenPage
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"})
    page = open_page(table_id, tokens["red"], tokens["blue"])
    assert page.messages[-1]["seats"] == ["red", "blue"]
    page.view("red")
    page.view("blue")
    assert act(page, {"stance": "attack"})["code"] == "bad_message"  # which seat?
    assert act(page, {"stance": "attack"}, seat="blue", n=2)["type"] == "ack"
    assert table_of(client, table_id).game.actions == [("blue", {"stance": "attack"})]


def secrets_of_blue_leak(message: dict[str, Any]) -> list[str]:
    """What, in a message meant for red, would be blue's secret."""
    leaks = []
    board = message["view"]["board"]
    for unit in board["units"]:
        if unit["side"] == "blue" and not unit["up"] and unit["kind"] is not None:
            leaks.append(f"kind of face-down {unit['id']}")
    if board["phase"] == "stance" and board["stance"]["blue"] not in (None, False, "chosen"):
        leaks.append("blue's secret stance")
    for event in message["log"]:
        if "to" in event and "red" not in event["to"]:
            leaks.append(f"log entry {event['n']} addressed to {event['to']}")
    if message["view"].get("you") != "red":
        leaks.append("someone else's view")
    return leaks


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seat_never_receives_the_other_seats_hidden_data(
    client: TestClient, open_page: OpenPage, seed: int
) -> None:
    """Whole random games: every message red's page receives is checked against the rules'
    declaration of blue's secrets (face-down kinds, the stance chosen in secret)."""
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"}, seed=seed)
    red = open_page(table_id, tokens["red"])
    blue = open_page(table_id, tokens["blue"])
    pages = {"red": red, "blue": blue}
    table = table_of(client, table_id)
    chooser = random.Random(seed)
    n = 0
    hidden_seen = 0
    while not table.game.over and n < 400:
        seat = chooser.choice(table.game.to_act)
        n += 1
        action = chooser.choice(table.game.legal_actions(seat))
        assert act(pages[seat], action, n=n)["type"] == "ack"
        message = red.latest("red", table.version)
        assert secrets_of_blue_leak(message) == [], message
        truth = {u["id"]: u["kind"] for u in table.game.state["units"]}
        for unit in message["view"]["board"]["units"]:
            if unit["side"] == "blue" and not unit["up"]:
                hidden_seen += 1
                assert truth[unit["id"]] not in json.dumps(unit)
    assert table.game.over
    assert hidden_seen > 0
    for message in red.messages:
        if message["type"] == "view":
            assert secrets_of_blue_leak(message) == []


def test_undo_takes_back_an_action_but_never_past_a_reveal(
    client: TestClient, open_page: OpenPage
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"}, seed=5)
    red = open_page(table_id, tokens["red"])
    blue = open_page(table_id, tokens["blue"])
    table = table_of(client, table_id)
    assert act(red, {"stance": "attack"}, n=1)["type"] == "ack"
    view = red.latest("red", table.version)
    assert view["view"]["can_undo"] is True
    red.send({"type": "undo", "id": 2})
    assert red.reply(2)["type"] == "ack"
    assert table.game.actions == []
    assert red.latest("red", table.version)["view"]["board"]["stance"]["red"] is None
    assert act(blue, {"stance": "defend"}, n=3)["type"] == "ack"
    assert act(red, {"stance": "attack"}, n=4)["type"] == "ack"  # both chosen: revealed
    red.send({"type": "undo", "id": 5})
    refused = red.reply(5)
    assert refused["code"] == "illegal" and "reveal" in refused["message"]
    assert len(table.game.actions) == 2


def test_undo_is_stored(client: TestClient, open_page: OpenPage, make_client: Any) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"}, seed=5)
    red = open_page(table_id, tokens["red"])
    act(red, {"stance": "attack"}, n=1)
    red.send({"type": "undo", "id": 2})
    assert red.reply(2)["type"] == "ack"
    stored = client.portal.call(server_of(client).storage.load, table_id)
    assert stored.actions == []


def test_the_computer_plays_its_seat_from_its_view_only(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[dict[str, Any]] = []
    choose = RandomAgent.choose

    def spy(self: RandomAgent, view: dict[str, Any]) -> dict[str, Any]:
        seen.append(view)
        return choose(self, view)

    monkeypatch.setattr(RandomAgent, "choose", spy)
    client = make_client(computer_delay=0.01)
    table_id, tokens = new_table(client, {"red": "here", "blue": "computer"}, seed=9)
    assert set(tokens) == {"red"}
    session = client.websocket_connect(f"/ws/{table_id}")
    with session:
        red = Page(session)
        red.hello(tokens["red"])
        # blue chooses its stance by itself (its first decision is at the start)
        red.until(lambda m: m["type"] == "view" and m["view"]["board"]["stance"]["blue"])
        assert act(red, {"stance": "attack"}, n=1)["type"] == "ack"
        view = red.until(lambda m: m["type"] == "view" and m["view"]["board"]["phase"] == "move")
        assert view["view"]["to_act"] == ["red"]
    assert seen and all(v["you"] == "blue" for v in seen)
    for v in seen:
        for unit in v["board"]["units"]:
            if unit["side"] == "red" and not unit["up"]:
                assert unit["kind"] is None


def test_undo_takes_back_the_computers_replies_too(
    make_client: Any,
) -> None:
    client = make_client(computer_delay=0.01)
    table_id, tokens = new_table(client, {"red": "here", "blue": "computer"}, seed=9)
    table = table_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as session:
        red = Page(session)
        red.hello(tokens["red"])
        red.until(lambda m: m["type"] == "view" and m["view"]["board"]["stance"]["blue"])
        act(red, {"stance": "attack"}, n=1)
        view = red.until(lambda m: m["type"] == "view" and m["view"]["board"]["phase"] == "move")
        moves = [a["action"] for a in view["view"]["legal_actions"] if "move" in a["action"]]
        enemy = {u["hex"] for u in view["view"]["board"]["units"] if u["side"] == "blue"}
        quiet = next(m for m in moves if m["to"] not in enemy)
        act(red, quiet, n=2)
        # the turn passes; blue (the computer) chooses its next stance, then it is red's turn
        view = red.until(
            lambda m: (
                m["type"] == "view"
                and m["moves"] == 4
                and m["view"]["board"]["stance"]["blue"] == "chosen"
            )
        )
        assert table.game.actions[-1][0] == "blue"
        assert view["view"]["can_undo"] is True
        red.send({"type": "undo", "id": 3})
        assert red.reply(3)["type"] == "ack"
        assert len(table.game.actions) == 2  # red's move and blue's stance are gone
        assert table.game.state["phase"] == "move"
