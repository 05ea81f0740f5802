"""Rule 9 around the combats: the start of a combat phase (9.1–9.4) and its end (2.3.1, 9.13,
9.10.4, 9.11.12, 14.1.1, in the order of ruling R30)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wartable
from games.votoms.helpers import cleared, dice, halt, put, start, unit
from wartable.games.votoms import flow
from wartable.games.votoms.combat_phase import combat_hexes

MERC, BIELER = "merc", "bieler"
PALACE, EX10, ZAKUI, EX7 = "K04", "B08", "E07", "H03"


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    halt(monkeypatch, *(p for p in flow.PHASES if not p.startswith("combat")))
    monkeypatch.setattr(flow, "TURN_START", [])
    monkeypatch.setattr(flow, "TURN_END", [])


def game_at(stage: int = 0, **state: Any) -> wartable.Game:
    return cleared(seed=5, stage=stage, **state)


def step(game: wartable.Game) -> tuple[str, str]:
    s = game.state["step"]
    return s["kind"], s.get("actor", "")


def act(game: wartable.Game, action: dict[str, Any]) -> None:
    game.apply(game.to_act[0], action)


def halted(game: wartable.Game) -> bool:
    return bool(game.state["step"] == {"kind": "test_halted"})


def test_9_1_face_down_merc_units_facing_face_up_bieler_units_are_turned_up() -> None:
    game = game_at()
    seen = put(game, MERC, "scopedog", "H07")
    put(game, BIELER, "fatty", "H07", up=True)
    hidden_b = put(game, BIELER, "fatty", "H07")
    apart = put(game, MERC, "scopedog", "G09")
    put(game, BIELER, "fatty", "G09")  # face-down Bieler: no flip, no combat
    start(game, "combat_1")
    assert unit(game, seen)["up"] and not unit(game, apart)["up"]
    assert not unit(game, hidden_b)["up"]  # Bieler's own face-down units stay down
    assert game.state["combat"]["hex"] == "H07"


def test_9_2_and_9_3_which_hexes_have_combat() -> None:
    game = game_at()
    put(game, MERC, "scopedog", "H07", up=True)
    put(game, BIELER, "fatty", "H07", up=True)  # both face-up: combat (9.2)
    put(game, MERC, "scopedog", "G09", up=True)
    put(game, BIELER, "fatty", "G09")  # one side face-down: none
    put(game, BIELER, "fatty", ZAKUI)  # face-down in a Merc base with base attack (9.3)
    put(game, MERC, "scopedog", EX7)  # an enemy base without base attack: none
    game.state["combat"] = {"player": MERC, "done": [], "hex": None}
    assert combat_hexes(game.state) == [ZAKUI, "H07"]
    game.state["control"]["zakui"] = None  # a neutral base has no base attack
    assert combat_hexes(game.state) == ["H07"]


def test_9_4_the_phase_player_chooses_the_next_combat_hex() -> None:
    game = game_at()
    for h in ("H07", "G09"):
        put(game, MERC, "scopedog", h, up=True)
        put(game, BIELER, "fatty", h, up=True)
    start(game, "combat_1")
    assert step(game) == ("combat_hex", BIELER)
    assert game.legal_actions(BIELER) == [{"combat": "G09"}, {"combat": "H07"}]
    dice(game, 1, 1, 1, 1, 6, 6, 6, 6)
    act(game, {"combat": "H07"})  # both destroyed; the last hex is fought without asking
    assert game.state["combat"]["hex"] == "G09" and game.state["combat"]["done"] == ["H07"]


def test_9_4_the_merc_picks_in_the_2nd_combat_phase() -> None:
    game = game_at()
    for h in ("H07", "G09"):
        put(game, MERC, "scopedog", h, up=True)
        put(game, BIELER, "fatty", h, up=True)
    start(game, "combat_2")
    assert step(game) == ("combat_hex", MERC)


def test_14_2_3_kan_yu_in_the_palace_combat_from_its_start_is_flagged() -> None:
    game = game_at(stage=3)
    game.state["control"]["palace"] = None
    put(game, MERC, "kan_yu", PALACE, up=True)
    put(game, BIELER, "fatty", PALACE, up=True)
    start(game, "combat_2")
    assert game.state["kan_yu_in_palace_assault"] is True
    other = game_at(stage=3)
    other.state["control"]["palace"] = None
    put(other, MERC, "scopedog", PALACE, up=True)
    put(other, BIELER, "fatty", PALACE, up=True)
    start(other, "combat_2")
    assert other.state["kan_yu_in_palace_assault"] is False


def test_2_3_1_control_of_every_base_is_checked_after_the_combats() -> None:
    game = game_at()
    put(game, MERC, "scopedog", EX7)  # an empty Bieler base, no base attack
    start(game, "combat_1")
    assert game.state["control"]["ex7"] == MERC and halted(game)


def test_9_13_helis_return_home_acted_and_may_carry_a_unit() -> None:
    game = game_at()
    heli = put(game, MERC, "heli", "G09", up=True)
    lone = put(game, MERC, "heli", "C03", up=True)
    ready = put(game, MERC, "heli", EX10, up=True)
    rider = put(game, MERC, "scopedog", "G09")
    start(game, "combat_1")
    assert step(game) == ("heli_return", MERC)
    assert game.legal_actions(MERC) == [{"carry": rider, "heli": heli}, {"done": True}]
    act(game, {"carry": rider, "heli": heli})
    for h in (heli, lone):
        assert (unit(game, h)["hex"], unit(game, h)["acted"]) == (EX10, True)
    assert (unit(game, rider)["hex"], unit(game, rider)["up"]) == (EX10, True)  # 5.11.5
    assert not unit(game, ready)["acted"]  # already home: stays ready
    assert halted(game)


def test_9_13_heli_return_without_cargo_asks_nothing() -> None:
    game = game_at()
    heli = put(game, MERC, "heli", "G09", up=True)
    start(game, "combat_2")
    assert unit(game, heli)["acted"] and halted(game)


def test_9_10_4_returns_are_removed_from_the_game_when_the_home_fell_this_phase() -> None:
    game = game_at()
    game.state["returns"] = [{"type": "kan_yu", "side": MERC, "why": "destroyed"}]
    put(game, BIELER, "fatty", EX10, up=True)  # EX-10 without Merc units: R20 base attack
    dice(game, *[6] * 10)  # 5 attacks miss
    start(game, "combat_1")
    assert game.state["control"]["ex10"] == BIELER
    assert "kan_yu" in game.state["removed"] and game.state["returns"] == []
    assert game.over and game.result is not None and game.result["reason"] == BIELER  # 14.1.1


def test_14_1_1_merc_holding_the_palace_ends_the_game_with_14_2_3_vp() -> None:
    game = game_at(stage=3)  # Kan Yu 12-6: the Palace's 7 cannot hit him
    kan_yu = put(game, MERC, "kan_yu", PALACE, up=True)
    put(game, MERC, "scopedog", PALACE)
    start(game, "combat_2")
    assert step(game) == ("combat_base", BIELER)  # 7 attacks on 2 units: one more for one
    dice(game, 6, 6, 6, 6, 6, 6, 1, 1)  # three misses on the Scopedog, then 14.2.1's 2D
    act(game, {"base_target": kan_yu})
    assert game.state["control"]["palace"] == MERC
    assert game.over and game.result is not None and game.result["reason"] == MERC
    early = (game.state["offensive"]["turn"] - game.state["turn"]) * 7
    assert game.state["vp"][MERC] == 2 + 13 + early + 5 + 1


def test_9_11_12_ps_waiting_in_returns_goes_back_to_the_palace() -> None:
    game = game_at()
    game.state["returns"] = [{"type": "blue_at", "side": BIELER, "why": "no_retreat"}]
    start(game, "combat_1")
    (blue,) = [u for u in game.state["units"].values() if u["type"] == "blue_at"]
    assert (blue["hex"], blue["up"]) == (PALACE, True) and game.state["returns"] == []


def test_101_the_2nd_combat_phase_ends_the_turn() -> None:
    game = game_at()
    game.state["phase"] = "combat_2"
    start(game, "combat_2")
    assert game.state["turn"] == 2 and game.state["phase"] == "reinforcement"


def test_whole_random_games_reach_their_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the real turn: every phase
    for seed in (11, 12):
        game = wartable.new_game("votoms", seed=seed)
        rng = random.Random(seed)
        while not game.over:
            player = rng.choice(game.to_act)
            game.apply(player, rng.choice(game.legal_actions(player)))
        assert game.result is not None and game.state["combat"] is None
