"""Rules 5, 6 and 11 (and Strike Dog's limit of 12.10/12.12): the movement phases.

Hexes of the shipped map used here (data/votoms.toml): EX-10 B08 and the Palace K04 are the
homes; E07 - F06 - G06 - H05 are clear in a row; H06 is forest, G05 highland, F05 Nuba Highland;
B08 -> C08 enters the river across it, C08 -> D07 follows it.
"""

from __future__ import annotations

import pytest

import wartable
from games.votoms.helpers import blind_legal, cleared, halt, play, put, start, unit
from wartable.engine.conformance import check_game
from wartable.games.votoms import RULES
from wartable.games.votoms.components import components
from wartable.games.votoms.flow import PHASE_START, next_phase

MERC, BIELER = "merc", "bieler"
EX10, PALACE, NUBA = "B08", "K04", "F05"


def moves_of(game: wartable.Game, player: str, uid: str) -> list[str]:
    return [a["to"] for a in game.legal_actions(player) if a.get("move") == uid]


def step(game: wartable.Game, player: str, uid: str, *hexes: str) -> None:
    for to in hexes:
        game.apply(player, {"move": uid, "to": to})


# --------------------------------------------------------------------------- 5.1, 5.3, 5.4


def test_5_1_moving_is_optional_and_end_closes_the_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    halt(monkeypatch, "response_1")
    game = cleared()
    b = put(game, BIELER, "fatty", "G10")
    start(game, "bieler_movement")
    assert game.to_act == (BIELER,) and {"end": True} in game.legal_actions(BIELER)
    game.apply(BIELER, {"end": True})
    assert game.state["phase"] == "response_1" and unit(game, b)["hex"] == "G10"


def test_5_3_every_unit_has_5_mp_and_a_heli_9() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", "E07", up=True)
    start(game, "merc_movement")
    step(game, MERC, m, "F06", "G06", "H05")
    assert unit(game, m)["mp"] == 2
    h = put(game, MERC, "heli", EX10, up=True)
    step(game, MERC, h, "A08")
    assert unit(game, h)["mp"] == 8


@pytest.mark.parametrize(
    ("start_hex", "to", "cost"),
    [("F06", "G06", 1), ("G06", "H06", 3), ("G06", "G05", 3), (EX10, "C08", 2)],
    ids=["clear 1", "forest 3", "highland 3", "river 2"],
)
def test_5_4_terrain_costs(start_hex: str, to: str, cost: int) -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", start_hex, up=True)
    start(game, "merc_movement")
    step(game, MERC, m, to)
    assert unit(game, m)["mp"] == 5 - cost


def test_5_4_a_step_costing_more_than_the_mp_left_is_refused() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", "E07", up=True)
    start(game, "merc_movement")
    step(game, MERC, m, "F06", "G06", "H05")  # 2 MP left
    assert "H06" not in moves_of(game, MERC, m)  # forest: 3
    with pytest.raises(wartable.IllegalAction):
        game.apply(MERC, {"move": m, "to": "H06"})
    step(game, MERC, m, "G06", "F06")
    assert unit(game, m)["mp"] == 0 and moves_of(game, MERC, m) == []


def test_5_4_mp_are_not_kept_from_one_phase_to_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    halt(monkeypatch, "investigation")
    game = cleared()
    m = put(game, MERC, "scopedog", "E07", up=True)
    start(game, "merc_movement")
    step(game, MERC, m, "F06")
    game.apply(MERC, {"end": True})
    assert "mp" not in unit(game, m)  # the 4 MP left are lost
    start(game, "merc_movement")
    step(game, MERC, m, "G06")
    assert unit(game, m)["mp"] == 4


# --------------------------------------------------------------------------- 5.6 - 5.8


def test_5_6_along_the_river_costs_1_and_mixes_with_normal_movement() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", EX10, up=True)
    start(game, "merc_movement")
    step(game, MERC, m, "C08")  # into the river from the bank: 2
    assert unit(game, m)["mp"] == 3
    step(game, MERC, m, "D07")  # along the river: 1
    assert unit(game, m)["mp"] == 2
    step(game, MERC, m, "E07")  # out onto clear ground: 1
    assert unit(game, m)["mp"] == 1


def test_5_7_entering_a_hex_with_enemy_units_costs_1_more_face_up_or_down() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", "E07", up=True)
    put(game, BIELER, "fatty", "F06")  # face-down
    start(game, "merc_movement")
    step(game, MERC, m, "F06")
    assert unit(game, m)["mp"] == 3


def test_5_8_leaving_an_enemy_hex_is_free_and_enemy_to_enemy_is_allowed() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", "F06", up=True)
    put(game, BIELER, "fatty", "F06")
    put(game, BIELER, "fatty", "G06")
    start(game, "merc_movement")
    step(game, MERC, m, "G06")  # enemy hex to enemy hex: 1 + 1
    assert unit(game, m)["mp"] == 3
    step(game, MERC, m, "H05")  # leaving: just the terrain
    assert unit(game, m)["mp"] == 2


# --------------------------------------------------------------------------- 5.9, 5.10


@pytest.mark.parametrize("merc_up", [False, True], ids=["face-down", "face-up"])
def test_5_9_2_bieler_stops_on_entering_any_enemy_hex(merc_up: bool) -> None:
    game = cleared()
    b = put(game, BIELER, "fatty", "E07")
    put(game, MERC, "scopedog", "F06", up=merc_up)
    start(game, "bieler_movement")
    step(game, BIELER, b, "F06")
    assert unit(game, b)["mp"] == 0 and moves_of(game, BIELER, b) == []


def test_5_9_3_proto_one_never_leaves_the_palace() -> None:
    game = cleared(stage=7)
    p = put(game, BIELER, "proto_one", PALACE, up=True)
    other = put(game, BIELER, "fatty", PALACE, up=True)
    start(game, "bieler_movement")
    assert moves_of(game, BIELER, p) == [] and moves_of(game, BIELER, other)


@pytest.mark.parametrize("stage", [6, 8])
def test_12_10_12_12_strike_dog_moves_only_within_3_hexes_of_the_palace(stage: int) -> None:
    game = cleared(stage=stage)
    s = put(game, BIELER, "strike_dog", "H05", up=True)  # 3 hexes from K04
    start(game, "bieler_movement")
    grid = components({}).grid
    dests = moves_of(game, BIELER, s)
    assert dests and all(grid.distance(d, PALACE) <= 3 for d in dests)
    assert "G06" not in dests  # 4 hexes away
    with pytest.raises(wartable.IllegalAction):
        game.apply(BIELER, {"move": s, "to": "G06"})


def test_5_10_1_merc_stops_on_entering_a_hex_with_face_up_enemies() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", "E07", up=True)
    put(game, BIELER, "fatty", "F06", up=True)
    start(game, "merc_movement")
    step(game, MERC, m, "F06")
    assert unit(game, m)["mp"] == 0 and moves_of(game, MERC, m) == []


def test_5_10_2_merc_moves_on_through_face_down_enemies_paying_1_more() -> None:
    game = cleared()
    m = put(game, MERC, "scopedog", "E07", up=True)
    put(game, BIELER, "fatty", "F06")
    put(game, BIELER, "bieler_soldier", "F06")
    start(game, "merc_movement")
    step(game, MERC, m, "F06", "G06")
    assert unit(game, m)["hex"] == "G06" and unit(game, m)["mp"] == 2


# --------------------------------------------------------------------------- 5.2, 5.9.1, 11


def test_5_2_reveal_own_face_down_units_at_any_time_in_the_own_movement_phase() -> None:
    game = cleared()
    b = put(game, BIELER, "fatty", "G10")
    m = put(game, MERC, "scopedog", EX10)
    start(game, "bieler_movement")
    assert {"reveal": b} in game.legal_actions(BIELER)
    assert game.legal_actions(MERC) == []  # not Merc's phase
    game.apply(BIELER, {"reveal": b})
    assert unit(game, b)["up"] and not unit(game, m)["up"]
    assert "Fatty" in game.log(MERC)[-1]["msg"]["en"]
    assert not game.can_undo(BIELER)  # a reveal cannot be taken back


def test_5_2_hide_only_own_non_heli_units_in_the_own_home() -> None:
    game = cleared()
    home = put(game, MERC, "scopedog", EX10, up=True)
    away = put(game, MERC, "scopedog", "C08", up=True)
    heli = put(game, MERC, "heli", EX10, up=True)
    start(game, "merc_movement")
    hides = [a["hide"] for a in game.legal_actions(MERC) if "hide" in a]
    assert hides == [home]
    game.apply(MERC, {"hide": home})
    assert not unit(game, home)["up"] and unit(game, away)["up"] and unit(game, heli)["up"]


def test_5_2_ruling_a_unit_revealed_in_a_phase_is_not_hidden_again_in_it() -> None:
    game = cleared()
    b = put(game, BIELER, "fatty", PALACE)
    start(game, "bieler_movement")
    game.apply(BIELER, {"reveal": b})
    assert {"hide": b} not in game.legal_actions(BIELER)


def test_R16_hiding_reissues_the_face_down_stack_in_the_home() -> None:
    """The opponent cannot tell which face-down counter is the unit just hidden."""
    moved = 0
    for seed in range(12):
        game = cleared(seed=seed)
        blue = put(game, BIELER, "blue_at", PALACE, up=True)
        for _ in range(4):
            put(game, BIELER, "bieler_soldier", PALACE)
        start(game, "bieler_movement")
        game.apply(BIELER, {"hide": blue})
        here = [u for u in game.state["units"].values() if u["hex"] == PALACE]
        assert sorted(u["type"] for u in here) == ["bieler_soldier"] * 4 + ["blue_at"]
        assert not any(u["up"] for u in here)
        moved += unit(game, blue)["type"] != "blue_at"
    assert moved >= 6


def test_6_3_a_stack_shows_its_count_never_the_fronts_of_face_down_units() -> None:
    game = cleared()
    put(game, MERC, "kan_yu", EX10, up=True)
    m = put(game, MERC, "scopedog", EX10, up=True)
    start(game, "merc_movement")
    game.apply(MERC, {"hide": m})
    board = game.view(BIELER)["board"]
    stack = [u for u in board["units"] if u["hex"] == EX10]
    assert len(stack) == 2
    shown = [u for u in stack if u["up"]]
    assert [u["name"]["en"] for u in shown] == ["Kan Yu squad"]
    assert all("type" not in u for u in stack if not u["up"])


def test_5_9_1_hide_in_a_soldier_hex_showing_a_face_down_soldier_first() -> None:
    game = cleared()
    fatty = put(game, BIELER, "fatty", "G10", up=True)
    soldier = put(game, BIELER, "bieler_soldier", "G10")
    start(game, "bieler_movement")
    assert game.state["step"]["kind"] == "bieler_hide"
    assert game.legal_actions(BIELER) == [{"hide": fatty}, {"done": True}]
    game.apply(BIELER, {"hide": fatty})
    shown = [e for e in game.log(MERC) if e.get("rule") == "5.9.1" and "shows" in e["msg"]["en"]]
    assert len(shown) == 1 and "Bieler infantry" in shown[0]["msg"]["en"]
    assert not unit(game, fatty)["up"] and not unit(game, soldier)["up"]
    assert game.state["step"]["kind"] == "movement"  # nothing else to hide: moves begin


def test_5_9_1_a_face_up_soldier_needs_no_showing_and_hides_too() -> None:
    game = cleared()
    fatty = put(game, BIELER, "fatty", "G10", up=True)
    soldier = put(game, BIELER, "bieler_soldier", "G10", up=True)
    start(game, "bieler_movement")
    play(game, BIELER, {"hide": fatty}, {"hide": soldier})
    assert not any("shows" in e["msg"]["en"] for e in game.log(MERC) if e["kind"] == "say")
    assert not unit(game, fatty)["up"] and not unit(game, soldier)["up"]


def test_5_9_1_done_leaves_the_rest_face_up() -> None:
    game = cleared()
    fatty = put(game, BIELER, "fatty", "G10", up=True)
    put(game, BIELER, "bieler_soldier", "G10", up=True)
    start(game, "bieler_movement")
    game.apply(BIELER, {"done": True})
    assert unit(game, fatty)["up"] and game.state["step"]["kind"] == "movement"


def test_5_9_1_no_hiding_without_a_soldier_in_the_hex() -> None:
    game = cleared()
    put(game, BIELER, "fatty", "G10", up=True)
    put(game, BIELER, "bieler_soldier", "G11")
    start(game, "bieler_movement")
    assert game.state["step"]["kind"] == "movement"


def test_11_4_no_hiding_in_nuba_highland_even_with_a_soldier() -> None:
    game = cleared()
    put(game, BIELER, "fatty", NUBA, up=True)
    put(game, BIELER, "bieler_soldier", NUBA, up=True)
    start(game, "bieler_movement")
    assert game.state["step"]["kind"] == "movement"


@pytest.mark.parametrize("side", [MERC, BIELER])
def test_11_1_11_2_a_face_down_unit_entering_nuba_is_turned_face_up_even_passing(
    side: str,
) -> None:
    game = cleared()
    uid = put(game, side, "scopedog" if side == MERC else "fatty", "F06")
    start(game, "merc_movement" if side == MERC else "bieler_movement")
    if side == BIELER:
        assert game.state["step"]["kind"] == "movement"
    step(game, side, uid, NUBA)
    assert unit(game, uid)["up"] and unit(game, uid)["mp"] == 2
    assert not game.can_undo(side)
    step(game, side, uid, "E06")  # passing through: it stays face-up
    assert unit(game, uid)["up"] and unit(game, uid)["hex"] == "E06"


def test_6_2_stacking_is_unlimited() -> None:
    game = cleared()
    ids = [put(game, BIELER, "fatty", "F06", up=True) for _ in range(12)]
    put(game, MERC, "scopedog", "G06")
    start(game, "bieler_movement")
    for uid in ids:
        step(game, BIELER, uid, "G06")
    assert sum(u["hex"] == "G06" for u in game.state["units"].values()) == 13


# --------------------------------------------------------------------------- 5.11 helis


def test_5_11_1_a_heli_moves_once_per_turn() -> None:
    game = cleared(turn=3)
    h = put(game, MERC, "heli", EX10, up=True, moved=3)  # it moved in the 1st response
    fresh = put(game, MERC, "heli", EX10, up=True, moved=2)
    start(game, "merc_movement")
    assert moves_of(game, MERC, h) == [] and moves_of(game, MERC, fresh)
    step(game, MERC, fresh, "A08")
    assert unit(game, fresh)["moved"] == 3


def test_5_11_2_an_acted_heli_cannot_move() -> None:
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True, acted=True)
    start(game, "merc_movement")
    assert moves_of(game, MERC, h) == []


def test_5_11_3_a_heli_enters_any_terrain_for_1_mp() -> None:
    game = cleared()
    h = put(game, MERC, "heli", "G06", up=True)
    start(game, "merc_movement")
    step(game, MERC, h, "H06", "G06", "G05")  # forest, clear, highland
    assert unit(game, h)["mp"] == 6


def test_5_11_4_a_heli_stops_and_pays_1_more_entering_any_enemy_hex() -> None:
    game = cleared()
    h = put(game, MERC, "heli", "E07", up=True)
    put(game, BIELER, "fatty", "F06")  # face-down
    start(game, "merc_movement")
    step(game, MERC, h, "F06")
    assert unit(game, h)["mp"] == 0 and moves_of(game, MERC, h) == []


def test_5_11_5_a_loaded_unit_is_turned_face_up_and_ends_in_the_heli_hex() -> None:
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True)
    k = put(game, MERC, "kan_yu", EX10)
    start(game, "merc_movement")
    game.apply(MERC, {"load": k, "heli": h})
    assert unit(game, k)["up"] and "Kan Yu squad" in game.log(BIELER)[-1]["msg"]["en"]
    # the heli now makes its move: nothing else may happen first
    assert {a.get("move") for a in game.legal_actions(MERC)} == {h}
    step(game, MERC, h, "A08", "A07", "B06")
    assert unit(game, k)["hex"] == "B06" and unit(game, h)["hex"] == "B06"
    assert moves_of(game, MERC, k) == []  # being carried was its move (ruling R15)


def test_R15_a_heli_loads_one_at_or_soldier_of_its_hex_that_has_not_moved() -> None:
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True)
    other_heli = put(game, MERC, "heli", EX10, up=True)
    soldier = put(game, MERC, "merc_soldier", EX10)
    moved = put(game, MERC, "scopedog", "A08", up=True)
    put(game, MERC, "scopedog", "C09", up=True)  # not in the heli's hex
    start(game, "merc_movement")
    step(game, MERC, moved, EX10)
    loads = [a for a in game.legal_actions(MERC) if "load" in a]
    assert loads == [{"load": soldier, "heli": h}, {"load": soldier, "heli": other_heli}]
    game.apply(MERC, {"load": soldier, "heli": h})
    step(game, MERC, h, "A08")
    assert not [a for a in game.legal_actions(MERC) if "load" in a]  # one unit, once


# --------------------------------------------------------------------------- R13 and words


def test_R13_a_path_ends_when_another_unit_moves_or_anything_is_flipped() -> None:
    game = cleared()
    a = put(game, MERC, "scopedog", "E07", up=True)
    b = put(game, MERC, "scopedog", "E07", up=True)
    c = put(game, MERC, "scopedog", "H08")
    start(game, "merc_movement")
    step(game, MERC, a, "F06")
    step(game, MERC, b, "F06")
    assert unit(game, a)["mp"] == 0 and moves_of(game, MERC, a) == []
    game.apply(MERC, {"reveal": c})
    assert unit(game, b)["mp"] == 0
    step(game, MERC, c, "H07")
    assert unit(game, c)["mp"] == 4


def test_actions_are_said_the_way_players_say_them() -> None:
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True)
    m = put(game, MERC, "scopedog", EX10)
    start(game, "merc_movement")
    assert game.describe(MERC, {"move": m, "to": "C08"}) == {
        "en": f"move {m} B08 → C08",
        "ja": f"{m} を B08 → C08 へ移動",
    }
    assert game.describe(MERC, {"load": m, "heli": h})["ja"] == f"ヘリ {h} に {m} を積載"
    assert game.describe(MERC, {"end": True})["en"] == "end the movement phase"
    texts = [entry["text"] for entry in game.view(MERC)["legal_actions"]]
    assert all(t["en"] and t["ja"] for t in texts)


# --------------------------------------------------------------------------- secrets


def test_legal_moves_never_depend_on_hidden_units() -> None:
    game = cleared()
    put(game, MERC, "heli", EX10, up=True)
    put(game, MERC, "kan_yu", EX10)
    put(game, MERC, "scopedog", "F06")
    put(game, BIELER, "fatty", "G06")
    put(game, BIELER, "strike_dog", "H05")
    put(game, BIELER, "proto_one", PALACE)
    put(game, BIELER, "bieler_soldier", "G06", up=True)
    game.state["stage"] = 8
    start(game, "bieler_movement")
    assert game.state["step"]["kind"] == "bieler_hide"
    assert blind_legal(game, BIELER) == game.legal_actions(BIELER)
    game.apply(BIELER, {"done": True})
    assert blind_legal(game, BIELER) == game.legal_actions(BIELER)
    start(game, "merc_movement")
    assert blind_legal(game, MERC) == game.legal_actions(MERC)


def test_random_play_through_the_movement_phases_passes_the_conformance_kit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whole turns with the combat phases skipped: no leak, replays, clones, bad input."""
    for name in ("combat_1", "combat_2"):
        monkeypatch.setitem(PHASE_START, name, next_phase)
    report = check_game(RULES, games=2, check_every=25, probes=1)
    assert report.games == 2 and report.actions > 500
