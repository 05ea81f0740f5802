"""The HTTP API: games, tables, seat tokens, views, records, replays, pages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from server.server_support import TestClient, new_table, server_of


def test_catalogue_lists_each_game_with_titles_seats_options_and_view_module(
    client: TestClient,
) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    skirmish = games["skirmish"]
    assert skirmish["title"] == {"en": "Skirmish (test game)", "ja": "小競り合い（テスト用）"}
    assert skirmish["players"] == ["red", "blue"]
    assert skirmish["options"] == {"turns": 12}
    assert skirmish["view"] == "/static/games/skirmish.js"
    assert all(g["view"].startswith("/static/games/") for g in games.values())


def test_the_lobby_learns_a_games_seats_for_the_options_chosen(client: TestClient) -> None:
    def seats(options: dict[str, Any]) -> Any:
        return client.post("/api/games/silhouette/players", json={"options": options})

    assert seats({}).json() == {"players": ["p1", "p2"]}
    assert seats({"mode": "team", "team_size": 3}).json() == {
        "players": ["a1", "b1", "a2", "b2", "a3", "b3"]
    }
    assert seats({"mode": "coop"}).json() == {"players": ["pilot1", "pilot2"]}
    bad = seats({"mode": "chess"})
    assert bad.status_code == 400 and "option mode must be one of" in bad.json()["detail"]
    assert seats({"colour": "red"}).status_code == 400
    assert client.post("/api/games/chess/players", json={}).status_code == 404


def test_a_new_table_gives_tokens_to_people_only(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"game": "skirmish", "seats": {"red": "here", "blue": "computer"}}
    )
    assert response.status_code == 200
    data = response.json()
    assert set(data["tokens"]) == {"red"}
    assert len(data["tokens"]["red"]) >= 40
    assert data["table"]["seats"] == {"red": "here", "blue": "computer"}
    assert "seed" not in json.dumps(data)

    invite = client.post(
        "/api/tables", json={"game": "skirmish", "seats": {"red": "here", "blue": "invite"}}
    ).json()
    assert set(invite["tokens"]) == {"red", "blue"}
    assert invite["tokens"]["red"] != invite["tokens"]["blue"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 400, "no game 'chess'"),
        ({"game": "skirmish", "seats": {"green": "here"}}, 400, "no seat 'green'"),
        ({"game": "skirmish", "seats": {"red": "robot"}}, 400, "'robot' is not one of"),
        ({"game": "skirmish", "options": {"speed": 2}}, 400, "no option 'speed'"),
        ({"game": "skirmish", "options": {"turns": "many"}}, 400, "'turns' must be int"),
        ({"game": "skirmish", "seed": -1}, 400, "seed must be"),
        ({"game": "skirmish", "seed": "seven"}, 422, ""),
        ({"game": "skirmish", "colour": "red"}, 422, ""),
        ({}, 422, ""),
    ],
)
def test_a_bad_new_table_is_refused_and_nothing_is_stored(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    before = dict(server_of(client).tables.tables)
    response = client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert words in json.dumps(response.json())
    assert server_of(client).tables.tables == before


def test_public_facts_of_a_table(client: TestClient) -> None:
    table_id, _ = new_table(client)
    facts = client.get(f"/api/tables/{table_id}").json()
    assert facts["game"] == "skirmish"
    assert facts["to_act"] == ["red", "blue"]
    assert facts["moves"] == 0 and facts["over"] is False
    assert client.get("/api/tables/nosuchtable").status_code == 404


def test_a_view_needs_the_seats_token_and_a_wrong_token_sees_nothing(client: TestClient) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "invite"})
    red = client.get(
        f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {tokens['red']}"}
    ).json()
    assert red["seat"] == "red"
    assert red["view"]["legal_actions"]
    kinds = {u["id"]: u["kind"] for u in red["view"]["board"]["units"]}
    assert all(kinds[f"r{i}"] for i in (1, 2, 3))
    assert not any(kinds[f"b{i}"] for i in (1, 2, 3))

    spectator = client.get(f"/api/tables/{table_id}/view").json()
    assert spectator["seat"] is None
    assert "legal_actions" not in spectator["view"]
    assert not any(u["kind"] for u in spectator["view"]["board"]["units"])

    for header in ("Bearer not-a-token-of-this-game", "Basic abc", "Bearer "):
        response = client.get(f"/api/tables/{table_id}/view", headers={"Authorization": header})
        assert response.status_code == 403
        assert "board" not in response.text and "units" not in response.text


def test_the_record_of_a_game_in_progress_has_no_seed_and_no_actions(client: TestClient) -> None:
    table_id, tokens = new_table(client, seed=4242)
    response = client.get(
        f"/api/tables/{table_id}/record", headers={"Authorization": f"Bearer {tokens['red']}"}
    )
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["redacted_for"] == "red"
    assert "seed" not in record and "actions" not in record
    assert "4242" not in response.text


def play_to_the_end(client: TestClient, table_id: str) -> int:
    """Both seats play their first legal action until the game is over; the action count."""
    table = server_of(client).tables.tables[table_id]
    game = table.game
    count = 0
    while not game.over:
        seat = game.to_act[0]
        # the game lives in the app's event loop: act through the client's portal into it
        client.portal.call(server_of(client).tables.act, table, seat, game.legal_actions(seat)[0])
        count += 1
    return count


def test_a_finished_game_can_be_replayed_step_by_step(client: TestClient) -> None:
    table_id, _tokens = new_table(client, {"red": "here", "blue": "here"}, seed=11)
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 409
    moves = play_to_the_end(client, table_id)
    replay = client.get(f"/api/tables/{table_id}/replay?seat=red").json()
    steps = replay["steps"]
    assert len(steps) == moves + 1
    assert replay["record"]["seed"] == 11 and len(replay["record"]["actions"]) == moves
    assert steps[0]["view"]["board"]["turn"] == 1 and steps[-1]["view"]["over"]
    assert all("next" in step for step in steps[:-1]) and "next" not in steps[-1]
    assert steps[0]["next"]["text"]["en"].startswith("stance")
    total_log = sum(len(step["log"]) for step in steps)
    assert total_log == len(server_of(client).tables.tables[table_id].game.log("red"))
    assert client.get(f"/api/tables/{table_id}/replay?seat=green").status_code == 400
    # once over, the record anyone gets is the full one
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["seed"] == 11 and "redacted_for" not in record


def test_pages_and_modules_are_served_with_security_headers(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "lobby.js" in lobby.text
    assert "default-src 'self'" in lobby.headers["content-security-policy"]
    assert lobby.headers["x-content-type-options"] == "nosniff"
    page = client.get("/play/anything")
    assert page.status_code == 200 and "game.js" in page.text
    for path in (
        "/static/js/game.js",
        "/static/js/render/hexmap.js",
        "/static/games/skirmish.js",
        "/static/games/generic.js",
        "/static/css/wartable.css",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["cache-control"] == "no-cache"
    assert client.get("/static/../server/app.py").status_code == 404
