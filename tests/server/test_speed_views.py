"""Views as text (wartable.server.views): built once per version and seat, exactly the JSON of
`Game.view`, and patches that turn a page's previous view into the new one, step by step in
real games (undo included), over the WebSocket, and when the game changes a dict in place that
an earlier view showed."""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

import wartable
from server.server_support import Page, TestClient, new_table, server_of
from wartable.engine import Game
from wartable.server.tables import Table
from wartable.server.views import SeatView, ViewCache, apply_patch, build, encode, patch, text_of

OpenPage = Callable[..., Page]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize(
    "value",
    [
        {"a": [1, 2.5, None, True, False, "é", "日本語", '\n"\\']},
        {"nested": {"deep": [{"x": [1, [2, [3]]]}]}, "": 0, "-1": -1},
        [math.inf, -math.inf, 1e300, -0.0, 10**30],
        {1: "int key", 2.5: "float key", None: "none key", False: "bool key"},
        ("a", "tuple"),
        "\u2028 line separator",
    ],
)
def test_text_is_what_json_dumps_writes(value: Any) -> None:
    assert encode(value) == dumps(value)
    assert text_of(build(value)) == dumps(value)
    assert text_of(build({"v": {"w": value}})) == dumps({"v": {"w": value}})


def test_what_json_cannot_write_is_refused_as_json_dumps_refuses_it() -> None:
    with pytest.raises(TypeError):
        encode({"a": object()})
    with pytest.raises(TypeError):
        build({"board": {"x": {1, 2}}})


def check_patch(old: Any, new: Any) -> str:
    """The patch from `old` to `new` (plain values), checked: it turns a copy of `old` into
    `new` exactly."""
    text = patch(build(old), build(new))
    assert apply_patch(copy.deepcopy(old), json.loads(text)) == new
    return text


def test_patches_of_every_kind() -> None:
    items = [{"id": i, "hex": f"A{i:02}"} for i in range(20)]
    view: dict[str, Any] = {
        "board": {"units": items, "turn": 1, "step": {"kind": "move"}},
        "to_act": ["red"],
    }
    moved = copy.deepcopy(view)
    moved["board"]["units"][3]["hex"] = "B07"
    assert check_patch(view, moved) == '[[["board","units",3],{"id":3,"hex":"B07"}]]'
    assert check_patch(view, view) == "[]"
    fewer = copy.deepcopy(view)
    del fewer["board"]["units"][5:7]
    assert check_patch(view, fewer) == '[[["board","units"],5,2,[]]]'
    more = copy.deepcopy(view)
    more["board"]["units"][10:10] = [{"id": 99}]
    more["legal_actions"] = [{"action": {"pass": True}}]
    del more["to_act"]
    text = check_patch(view, more)
    assert '[["board","units"],10,0,[{"id":99}]]' in text and '[["to_act"]]' in text
    everything = copy.deepcopy(view)
    everything["board"]["units"] = [{"id": -i} for i in range(25)]
    check_patch(view, everything)
    check_patch(view, {"board": [1, 2, 3]})  # a dict became a list
    check_patch({"board": {"units": items[:3]}}, {"board": {"units": items}})  # short to long


def play_and_check(game: Game, steps: int, seed: int) -> int:
    """Play `steps` random actions (an undo now and then) and check, after each, that every
    seat's view as text is `Game.view` exactly and that its patch reproduces it. The number
    of patches checked."""
    rng = random.Random(seed)
    cache = ViewCache()
    seats: list[str | None] = [*game.players, None]
    shown: dict[str | None, SeatView] = {}
    pages: dict[str | None, Any] = {}
    checked = 0
    for version in range(steps):
        if game.over:
            break
        if version and rng.random() < 0.1 and len(game.actions) > game.barrier:
            game.rewind(len(game.actions) - 1)
        else:
            player = rng.choice(game.to_act)
            game.apply(player, rng.choice(game.legal_actions(player)))
        for seat in rng.sample(seats, len(seats)):
            seen = cache.get(seat, version, lambda s=seat: game.view(s), 0, 0)
            assert cache.get(seat, version, lambda: pytest.fail("built twice"), 0, 0) is seen
            expected = dumps(game.view(seat))
            assert seen.text == expected
            if seat in shown:
                operations = json.loads(seen.patch_from(shown[seat]))
                pages[seat] = apply_patch(pages[seat], operations)
                assert pages[seat] == json.loads(expected)
                checked += 1
            else:
                pages[seat] = json.loads(seen.text)
            shown[seat] = seen
    return checked


@pytest.mark.parametrize("game_id", sorted(wartable.games()))
def test_views_and_patches_follow_real_games_step_by_step(game_id: str) -> None:
    for seed in (1, 2):
        game = wartable.new_game(game_id, seed=seed)
        assert play_and_check(game, steps=120, seed=seed) > 0


@pytest.mark.parametrize("game_id", sorted(wartable.games()))
def test_a_view_is_not_changed_by_building_another_seats_view(game_id: str) -> None:
    """What `ViewCache` relies on to write a dict that several seats' views share once per
    version: building one seat's view never changes what another seat's view holds."""
    game = wartable.new_game(game_id, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        if game.over:
            break
        views = {}
        for seat in [*game.players, None]:
            view = game.view(seat)
            views[seat] = (view, json.dumps(view, sort_keys=True))
        for seat, (view, text) in views.items():
            assert json.dumps(view, sort_keys=True) == text, f"{seat}'s view changed"
        player = rng.choice(game.to_act)
        game.apply(player, rng.choice(game.legal_actions(player)))


def test_a_dict_the_game_changes_in_place_is_seen_to_change() -> None:
    """A view may show part of the state as it is (no copy): the game changing it later must
    still show in the next view and its patch, whatever was kept of the earlier one."""
    catalogue = {f"card{i}": {"cost": i, "name": {"en": f"{i}", "ja": "札"}} for i in range(40)}
    state: dict[str, Any] = {"score": {"red": 1, "blue": 0}, "catalogue": catalogue}
    cache = ViewCache()

    def view() -> dict[str, Any]:
        return {"board": state, "to_act": ["red"]}

    first = cache.get("red", 1, view, 0, 0)
    page = json.loads(first.text)
    state["score"]["red"] = True  # equal to 1 in Python, not in JSON
    catalogue["card7"]["cost"] = 1.0
    catalogue["card8"] = catalogue.pop("card3")  # same keys and values, another order
    second = cache.get("red", 2, view, 0, 0)
    assert second.text == dumps(view())
    page = apply_patch(page, json.loads(second.patch_from(first)))
    assert dumps(page["board"]["score"]) == '{"red":true,"blue":0}'
    assert dumps(page["board"]["catalogue"]["card7"]["cost"]) == "1.0"
    assert page == json.loads(second.text)


def test_seats_that_share_a_dict_in_one_version_share_its_text() -> None:
    catalogue = {f"card{i}": {"cost": i} for i in range(100)}
    cache = ViewCache()

    def view(seat: str) -> dict[str, Any]:
        return {"board": {"catalogue": catalogue, "you": seat, "fresh": dict(catalogue)}}

    def board(seen: SeatView) -> Any:
        assert isinstance(seen.tree, dict)
        return seen.tree["board"]

    cache.get("red", 1, lambda: view("red"), 0, 0)
    red = board(cache.get("red", 2, lambda: view("red"), 0, 0))
    blue = board(cache.get("blue", 2, lambda: view("blue"), 0, 0))
    assert red["catalogue"] is blue["catalogue"]  # met in version 1: kept for version 2
    assert red["fresh"] is not blue["fresh"]  # made afresh for each view: not kept
    assert id(catalogue) in cache.same.kept and len(cache.same.kept) == 1
    catalogue["card1"]["cost"] = 7
    later = cache.get("blue", 3, lambda: view("blue"), 0, 0)
    assert '"card1":{"cost":7}' in later.text


# -- over the WebSocket ----------------------------------------------------------------------


def open_patching_page(client: TestClient, table_id: str, *tokens: str) -> Page:
    session = client.websocket_connect(f"/ws/{table_id}")
    session.__enter__()
    page = Page(session)
    page.send({"type": "hello", "tokens": list(tokens), "patches": True})
    assert page.until(lambda m: m["type"] in ("joined", "error"))["type"] == "joined"
    return page


def test_a_page_that_applies_patches_gets_them_and_sees_what_others_see(
    client: TestClient, open_page: OpenPage
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"}, seed=5)
    both = open_patching_page(client, table_id, tokens["red"], tokens["blue"])
    red = open_page(table_id, tokens["red"])
    blue = open_page(table_id, tokens["blue"])
    try:
        held: dict[str, dict[str, Any]] = {}
        for seat in ("red", "blue"):
            first = both.view(seat)
            assert "view" in first and "patch" not in first
            held[seat] = first["view"]
            for page in (red, blue):
                page.quiet(0.05)
        rng = random.Random(5)
        for n in range(1, 40):
            view = held["red"] if held["red"]["to_act"] else held["blue"]
            if view["over"]:
                break
            seat = rng.choice(view["to_act"])
            action = rng.choice(held[seat]["legal_actions"])["action"]
            both.send({"type": "act", "seat": seat, "action": action, "id": n})
            assert both.reply(n)["type"] == "ack"
            for name, page in (("red", red), ("blue", blue)):
                message = both.view(name)
                assert message["base"] < message["version"] and "view" not in message
                held[name] = apply_patch(held[name], message["patch"])
                full = page.latest(name, message["version"])
                assert full["version"] == message["version"]
                assert held[name] == full["view"]
    finally:
        both.session.__exit__(None, None, None)


def test_patches_must_be_true_or_false(client: TestClient) -> None:
    table_id, tokens = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as session:
        page = Page(session)
        page.send({"type": "hello", "tokens": [tokens["red"]], "patches": "yes"})
        error = page.until(lambda m: m["type"] == "error")
        assert error["code"] == "bad_message" and "patches" in error["message"]
        page.hello(tokens["red"])
        assert "view" in page.view("red")


def test_a_seats_view_is_built_once_per_change_however_many_pages_show_it(
    client: TestClient, open_page: OpenPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, tokens = new_table(client, {"red": "here", "blue": "here"})
    built: list[str | None] = []
    view = Table.view

    def counted(self: Table, seat: str | None) -> dict[str, Any]:
        built.append(seat)
        return view(self, seat)

    monkeypatch.setattr(Table, "view", counted)
    pages = [open_page(table_id, tokens["red"]) for _ in range(3)]
    pages.append(open_patching_page(client, table_id, tokens["red"]))
    watchers = [open_page(table_id) for _ in range(2)]
    for page in pages:
        page.view("red")
    for page in watchers:
        page.view(None)
    assert sorted(built, key=str) == [None, "red"]
    built.clear()
    pages[0].send({"type": "act", "action": {"stance": "attack"}, "id": 1})
    assert pages[0].reply(1)["type"] == "ack"
    version = server_of(client).tables.tables[table_id].version
    for page in pages:
        page.latest("red", version)
    for page in watchers:
        page.latest(None, version)
    assert sorted(built, key=str) == [None, "red"]
    pages[-1].session.__exit__(None, None, None)
