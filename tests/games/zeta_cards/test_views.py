"""Hidden information (digest D.1): each seat sees its own hand only; decks are hidden from
everyone; face-down fight cards and secret allocations stay hidden until revealed."""

from __future__ import annotations

import json
from typing import Any

from wartable.engine import State
from wartable.engine.plain import copy_plain
from wartable.games.zeta_cards import RULES
from wartable.games.zeta_cards.view import hidden_paths

from .helpers import act, fight, new, units

SEATS = ("aeug", "titans", "neo_zeon")


def masked(state: State, player: str | None) -> State:
    """The state with everything `player` may not see replaced by markers."""
    out: State = copy_plain(state)
    for n, path in enumerate(hidden_paths(state, player)):
        node: Any = out
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = f"?{n}"
    return out


def test_each_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    game = new(seed=9)
    for seat in SEATS:
        board = game.view(seat)["board"]
        assert board["hand"] == sorted(game.state["hand"][seat])
        for other in SEATS:
            assert board["factions"][other]["hand"] == len(game.state["hand"][other])
        assert RULES.view(masked(game.state, seat), seat) == board
    assert game.view(None)["board"]["hand"] is None


def test_another_seats_hand_never_reaches_the_view_or_the_text() -> None:
    game = new(seed=9)
    game.state["hand"]["titans"] = ["psyco_gundam"]  # a card nowhere else in the game
    for seat in ("aeug", "neo_zeon", None):
        board = game.view(seat)["board"]
        shown = {k: v for k, v in board.items() if k not in ("catalog", "stock")}
        assert "psyco_gundam" not in json.dumps(shown)
        text = RULES.render_text(board, "en")
        assert "Psyco Gundam" not in text.split("stock:")[0]
    assert "Psyco Gundam" in RULES.render_text(game.view("titans")["board"], "en")


def test_decks_are_hidden_even_from_their_owner() -> None:
    game = new(seed=9)
    paths = set(hidden_paths(game.state, "aeug"))
    assert ("deck", "aeug", 0) in paths and ("hand", "aeug", 0) not in paths
    assert game.view("aeug")["board"]["factions"]["aeug"]["deck"] == 10


def test_face_down_fight_cards_and_secret_allocations_are_hidden() -> None:
    game = new()
    fight(
        game,
        "aeug",
        "kilimanjaro",
        ["nemo", "rick_dias", "gundam_mk2"],
        ["hizack", "galbaldy_beta", "marasai"],
    )
    act(game, "aeug", {"hit": next(i for i, u in enumerate(units(game)) if u["card"] == "hizack")})
    for seat in SEATS:
        assert RULES.view(masked(game.state, seat), seat) == game.view(seat)["board"]
        blind = RULES.legal_actions(masked(game.state, seat), seat)
        assert blind == RULES.legal_actions(game.state, seat)


def test_the_log_tells_a_draw_only_to_the_drawer() -> None:
    game = new(seed=2)
    player = game.to_act[0]
    events = act(game, player, {"end": True})
    private = [e for e in events if "to" in e]
    assert private and all(e["to"] == [player] for e in private)
    public = " ".join(e["msg"]["en"] for e in events if "to" not in e and "msg" in e)
    for cid in game.state["hand"][player]:
        assert f"draw: {cid}" not in public
