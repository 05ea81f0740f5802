"""GET /api/tables/{id}/odds: the game's exact odds for a seat (or a spectator), worked out in
a worker process with a time limit; refusals with the game's own words."""

from __future__ import annotations

import json
import os
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import wartable
import wartable.server.odds
from games.votoms.helpers import cleared, put
from server.server_support import TestClient, new_table, server_of
from wartable.server import Settings, create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient as Client

MERC, BIELER = "merc", "bieler"
FIELD = "H07"  # a plain hex, no base
# Eight against eight, four kinds a side: thousands of states, far more than a second's work.
# ten against ten of three kinds: about 5,700 states, many seconds even in floating point
SLOW = "merc=8-3,8-3,8-3,8-3,9-3,9-3,9-3,6-2,6-2,6-2&bieler=8-3,8-3,8-3,8-3,7-3,7-3,7-3,6-2,6-2,6-2"


def votoms_table(client: TestClient) -> tuple[str, dict[str, str], wartable.Game]:
    """A VOTOMS table whose game is a position laid out by hand: in H07, a face-up Scopedog
    and Marshydog and a face-down Kan Yu squad for Merc against one face-up Bieler soldier."""
    table_id, tokens = new_table(client, {MERC: "here", BIELER: "here"}, seed=5, game="votoms")
    game = cleared(seed=5)
    put(game, MERC, "scopedog", FIELD, up=True)
    put(game, MERC, "marshydog", FIELD, up=True)
    put(game, MERC, "kan_yu", FIELD)  # face-down: no odds may count it
    put(game, BIELER, "bieler_soldier", FIELD, up=True)
    server_of(client).tables.tables[table_id].game = game
    return table_id, tokens, game


def ask(client: TestClient, table_id: str, query: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/tables/{table_id}/odds?{query}", headers=headers)


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Any]:
    """make_app(**settings): a TestClient (started) on an app with these settings."""
    opened: list[Client] = []

    def make(**settings: Any) -> Client:
        app = create_app(Settings(database=f"sqlite://{tmp_path / 'odds.db'}", **settings))
        client = Client(app)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def test_the_odds_of_a_battle_are_the_games_for_each_seat_and_for_a_spectator(
    client: TestClient,
) -> None:
    table_id, tokens, game = votoms_table(client)
    for seat, token in ((BIELER, tokens[BIELER]), (MERC, tokens[MERC]), (None, None)):
        response = ask(client, table_id, f"hex={FIELD}", token)
        assert response.status_code == 200, response.text
        answer = response.json()
        expected = json.loads(json.dumps(game.odds(seat, {"hex": FIELD})))
        assert answer == {"seat": seat, "query": {"hex": FIELD}, "moves": 0, **expected}
        # the face-down Kan Yu squad takes no part: two Merc units, 0 to 2 survivors
        assert len(answer["data"]["battle"]["survivors"][MERC]) == 3
        assert "kan_yu" not in response.text and "Kan Yu" not in response.text
    # the same battle asked about by values gives the same chances
    by_values = ask(client, table_id, "merc=8-3,9-3&bieler=6-2").json()
    assert by_values["data"]["battle"] == answer["data"]["battle"]
    assert by_values["text"] == answer["text"]


def test_answers_are_kept_for_a_state_and_worked_out_again_when_it_changes(
    client: TestClient,
) -> None:
    table_id, tokens, game = votoms_table(client)
    odds = server_of(client).odds
    first = ask(client, table_id, f"hex={FIELD}", tokens[BIELER]).json()
    again = ask(client, table_id, f"hex={FIELD}", tokens[BIELER]).json()
    assert again == first and len(odds.answers) == 1
    put(game, BIELER, "fatty", FIELD, up=True)  # one more Bieler unit in the fight
    changed = ask(client, table_id, f"hex={FIELD}", tokens[BIELER]).json()
    assert len(odds.answers) == 2
    assert changed["data"]["battle"]["bieler"] != first["data"]["battle"]["bieler"]
    assert changed["data"] == json.loads(json.dumps(game.odds(BIELER, {"hex": FIELD})))["data"]


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("colour=red", "unknown odds question 'colour'"),
        ("", "give both sides"),
        ("merc=8&bieler=8-3", "'8' is not attack-defence"),
        ("base=nobody:7x5&merc=8-3&bieler=8-3", "write SIDE:STRENGTHxATTACKS"),
        ("hex=C08&hex=C09", "'hex' is given twice"),
        ("&".join(f"q{i}=1" for i in range(17)), "at most 16 parts"),
        ("merc=" + "8-3," * 80, "too long"),
    ],
)
def test_a_question_the_game_refuses_is_a_400_with_its_words(
    client: TestClient, query: str, words: str
) -> None:
    table_id, tokens, _ = votoms_table(client)
    response = ask(client, table_id, query, tokens[BIELER])
    assert response.status_code == 400, response.text
    assert words in response.json()["detail"]


def test_no_odds_no_table_or_a_wrong_token(client: TestClient) -> None:
    skirmish_id, skirmish_tokens = new_table(client)
    response = ask(client, skirmish_id, "hex=A1", skirmish_tokens["red"])
    assert response.status_code == 404
    assert response.json()["detail"] == "skirmish offers no odds"
    assert ask(client, "nosuchtable", "hex=C08").status_code == 404
    table_id, _, _ = votoms_table(client)
    for header in ("Bearer not-a-token-of-this-game", "Basic abc"):
        response = client.get(
            f"/api/tables/{table_id}/odds?hex={FIELD}", headers={"Authorization": header}
        )
        assert response.status_code == 403
        assert "battle" not in response.text


def test_too_many_questions_waiting_at_once_are_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, tokens, _ = votoms_table(client)
    monkeypatch.setattr(wartable.server.odds, "MAX_WAITING", 0)
    response = ask(client, table_id, f"hex={FIELD}", tokens[BIELER])
    assert response.status_code == 503
    assert "too many odds questions" in response.json()["detail"]


def odds_workers() -> list[int]:
    """The odds worker processes of this process that are still running (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = next(
            (line.split()[1] for line in status.splitlines() if line.startswith("PPid:")), ""
        )
        if parent == str(os.getpid()) and b"wartable.odds_worker" in command:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_odds_that_take_too_long_are_refused_and_their_worker_is_stopped(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_app(odds_timeout=0.5)
    table_id, _ = new_table(client, {MERC: "here", BIELER: "here"}, game="votoms")
    started = []
    run = wartable.server.odds.run_in_worker

    async def counted(*args: Any) -> Any:
        started.append(args[-2])
        return await run(*args)

    monkeypatch.setattr(wartable.server.odds, "run_in_worker", counted)
    response = ask(client, table_id, SLOW)
    assert response.status_code == 503
    assert "more than 0.5 s" in response.json()["detail"]
    assert odds_workers() == []
    # the refusal is kept: asking again starts no second worker
    assert ask(client, table_id, SLOW).status_code == 503
    assert len(started) == 1


def test_a_slow_question_holds_neither_the_table_nor_the_server(make_app: Any) -> None:
    client = make_app(odds_timeout=3)
    table_id, tokens = new_table(client, {MERC: "here", BIELER: "here"}, game="votoms")
    done: list[int] = []
    slow = threading.Thread(target=lambda: done.append(ask(client, table_id, SLOW).status_code))
    slow.start()
    try:
        time.sleep(0.5)  # the worker is busy now
        assert not done
        view = client.get(
            f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {tokens[MERC]}"}
        )
        assert view.status_code == 200
        quick = ask(client, table_id, "merc=8-3&bieler=8-3")
        assert quick.status_code == 200 and quick.json()["data"]["battle"]["merc"]["exact"] == (
            "13/31"
        )
        assert not done  # (the slow one is still being worked out)
    finally:
        slow.join(timeout=10)
    assert done == [503]
