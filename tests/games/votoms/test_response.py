"""Rule 7: the response phases (Merc helis in both, Bieler RP moves in the 2nd).

Hexes of the shipped map: EX-10 B08 (A08, C08 next to it), the Palace K04; E07 - F06 - G06 -
H05 are clear in a row; H06 is forest; Nuba Highland F05.
"""

from __future__ import annotations

import pytest

import wartable
from games.votoms.helpers import blind_legal, cleared, halt, put, start, unit

MERC, BIELER = "merc", "bieler"
EX10, PALACE = "B08", "K04"


def moves_of(game: wartable.Game, player: str, uid: str) -> list[str]:
    return [a["to"] for a in game.legal_actions(player) if a.get("move") == uid]


def movers(game: wartable.Game, player: str) -> set[str]:
    return {a["move"] for a in game.legal_actions(player) if "move" in a}


def step(game: wartable.Game, player: str, uid: str, *hexes: str) -> None:
    for to in hexes:
        game.apply(player, {"move": uid, "to": to})


@pytest.fixture(autouse=True)
def _stop_at_combat(monkeypatch: pytest.MonkeyPatch) -> None:
    halt(monkeypatch, "combat_1", "combat_2")


# --------------------------------------------------------------------------- 7.2 Merc helis


def test_7_2_1_7_2_2_first_response_moves_only_ready_helis_in_ex10() -> None:
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True)
    put(game, MERC, "heli", EX10, up=True, acted=True)  # 7.2.2: acted
    put(game, MERC, "heli", "C08", up=True)  # 7.2.2: not in the home
    put(game, MERC, "scopedog", EX10, up=True)
    put(game, BIELER, "fatty", "G10", up=True)
    start(game, "response_1")
    assert game.to_act == (MERC,)  # 7.3.1: Bieler does not move in the 1st response
    assert movers(game, MERC) == {h}
    assert not any("reveal" in a or "hide" in a for a in game.legal_actions(MERC))
    step(game, MERC, h, "A08", "A07")
    assert unit(game, h)["mp"] == 7
    game.apply(MERC, {"end": True})
    assert game.state["phase"] == "combat_1" and "mp" not in unit(game, h)


def test_7_2_2_no_heli_able_to_respond_skips_the_phase() -> None:
    game = cleared()
    put(game, MERC, "heli", EX10, up=True, acted=True)
    start(game, "response_1")
    assert game.state["phase"] == "combat_1"


@pytest.mark.parametrize(("enemy_up", "responds"), [(True, False), (False, True)])
def test_7_2_3_no_heli_response_while_a_face_up_enemy_is_in_ex10(
    enemy_up: bool, responds: bool
) -> None:
    game = cleared()
    put(game, MERC, "heli", EX10, up=True)
    put(game, BIELER, "fatty", EX10, up=enemy_up)
    start(game, "response_1")
    assert (game.state["phase"] == "response_1") is responds


def test_7_2_4_a_responding_heli_loads_as_usual() -> None:
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True)
    m = put(game, MERC, "merc_soldier", EX10)
    start(game, "response_1")
    game.apply(MERC, {"load": m, "heli": h})
    step(game, MERC, h, "C08")
    assert unit(game, m)["up"] and unit(game, m)["hex"] == "C08"


def test_5_11_1_a_heli_that_responded_does_not_move_again_this_turn() -> None:
    game = cleared(turn=2)
    h = put(game, MERC, "heli", EX10, up=True)
    start(game, "response_1")
    step(game, MERC, h, "A08", EX10)  # out and back: its move of the turn
    game.apply(MERC, {"end": True})
    assert unit(game, h)["moved"] == 2
    start(game, "merc_movement")
    assert moves_of(game, MERC, h) == []
    start(game, "response_2")
    assert game.state["phase"] == "combat_2"  # nothing to respond with


# --------------------------------------------------------------------------- 7.3 Bieler


def test_7_3_1_second_response_bieler_first_then_merc_helis() -> None:
    game = cleared(rp=2)
    b = put(game, BIELER, "fatty", "G10", up=True)
    h = put(game, MERC, "heli", EX10, up=True)
    start(game, "response_2")
    assert game.to_act == (BIELER,) and game.state["step"]["kind"] == "bieler_response"
    step(game, BIELER, b, "F10")
    game.apply(BIELER, {"end": True})
    assert game.to_act == (MERC,) and movers(game, MERC) == {h}
    game.apply(MERC, {"end": True})
    assert game.state["phase"] == "combat_2"


def test_7_2_1_7_2_3_merc_helis_answer_what_bieler_did_in_the_second_response() -> None:
    game = cleared(rp=1)
    b = put(game, BIELER, "fatty", "A08", up=True)
    put(game, MERC, "heli", EX10, up=True)
    start(game, "response_2")
    step(game, BIELER, b, EX10)  # a face-up enemy now stands in EX-10
    game.apply(BIELER, {"end": True})
    assert game.state["phase"] == "combat_2"


def test_7_3_2_reveals_come_first_and_only_before_any_move() -> None:
    game = cleared(rp=3)
    b1 = put(game, BIELER, "fatty", "G10")
    b2 = put(game, BIELER, "fatty", "G10")
    start(game, "response_2")
    assert game.state["step"]["kind"] == "response_reveal"
    assert game.legal_actions(BIELER) == [{"reveal": b1}, {"reveal": b2}, {"done": True}]
    game.apply(BIELER, {"reveal": b1})
    assert "Fatty" in game.log(MERC)[-1]["msg"]["en"]
    game.apply(BIELER, {"done": True})
    assert game.state["step"]["kind"] == "bieler_response"
    acts = game.legal_actions(BIELER)
    assert not any("reveal" in a or "hide" in a for a in acts)
    assert movers(game, BIELER) == {b1}  # 7.3.3: the face-down one may not move


def test_7_3_3_each_unit_moved_costs_1_rp_and_none_moves_without_rp() -> None:
    game = cleared(rp=1)
    a = put(game, BIELER, "fatty", "E07", up=True)
    b = put(game, BIELER, "fatty", "E07", up=True)
    start(game, "response_2")
    assert movers(game, BIELER) == {a, b}
    step(game, BIELER, a, "F06")
    assert game.state["rp"] == 0
    step(game, BIELER, a, "G06")  # the same unit goes on without paying again
    assert game.state["rp"] == 0 and movers(game, BIELER) == {a}


def test_7_3_3_with_no_rp_bieler_makes_no_response_moves() -> None:
    game = cleared(rp=0)
    put(game, BIELER, "fatty", "E07", up=True)
    put(game, MERC, "heli", EX10, up=True)
    start(game, "response_2")
    assert game.to_act == (MERC,)


def test_7_3_4_a_holding_force_as_large_as_the_face_up_enemy_stays() -> None:
    game = cleared(rp=9)
    ours = [put(game, BIELER, "fatty", "G06", up=True) for _ in range(3)]
    put(game, MERC, "scopedog", "G06", up=True)
    put(game, MERC, "heli", "G06", up=True)  # a ready heli is a face-up unit (R17)
    put(game, MERC, "scopedog", "G06")  # face-down: no holding force needed for it
    start(game, "response_2")
    assert movers(game, BIELER) == set(ours)
    step(game, BIELER, ours[0], "H05")
    assert movers(game, BIELER) == {ours[0]}  # it goes on; the two others hold against two


def test_7_3_4_an_acted_heli_needs_no_holding_force() -> None:
    game = cleared(rp=9)
    b = put(game, BIELER, "fatty", "G06", up=True)
    put(game, MERC, "heli", "G06", up=True, acted=True)
    start(game, "response_2")
    assert movers(game, BIELER) == {b}


def test_7_3_4_chained_responses_a_unit_that_arrived_can_hold() -> None:
    game = cleared(rp=9)
    held = put(game, BIELER, "fatty", "G06", up=True)
    put(game, MERC, "scopedog", "G06", up=True)
    relief = put(game, BIELER, "fatty", "F06", up=True)
    start(game, "response_2")
    assert held not in movers(game, BIELER)
    step(game, BIELER, relief, "G06")  # stops there (5.9.2)
    assert unit(game, relief)["mp"] == 0
    assert held in movers(game, BIELER)
    step(game, BIELER, held, "H05")
    assert game.state["rp"] == 7


def test_7_3_5_a_response_move_has_3_mp() -> None:
    game = cleared(rp=9)
    b = put(game, BIELER, "fatty", "E07", up=True)
    start(game, "response_2")
    step(game, BIELER, b, "F06", "G06", "H05")
    assert unit(game, b)["mp"] == 0 and moves_of(game, BIELER, b) == []


def test_7_3_6_one_step_into_an_adjacent_hex_is_allowed_even_at_4() -> None:
    game = cleared(rp=9)
    b = put(game, BIELER, "fatty", "G06", up=True)
    put(game, MERC, "scopedog", "H06")  # forest 3 + enemy 1
    start(game, "response_2")
    assert "H06" in moves_of(game, BIELER, b)
    step(game, BIELER, b, "H06")
    assert unit(game, b)["hex"] == "H06" and unit(game, b)["mp"] == 0


def test_7_3_6_only_as_the_first_step() -> None:
    game = cleared(rp=9)
    b = put(game, BIELER, "fatty", "F06", up=True)
    start(game, "response_2")
    step(game, BIELER, b, "G06")  # 2 MP left
    assert "H06" not in moves_of(game, BIELER, b)  # forest 3


def test_7_1_response_moves_keep_the_movement_rules() -> None:
    """5.9.3 Proto One, 5.9.2 stop on entering an enemy hex, Strike Dog's 3 hexes."""
    game = cleared(rp=9, stage=8)
    p = put(game, BIELER, "proto_one", PALACE, up=True)
    s = put(game, BIELER, "strike_dog", "H05", up=True)
    b = put(game, BIELER, "fatty", "E07", up=True)
    put(game, MERC, "scopedog", "F06")
    start(game, "response_2")
    assert moves_of(game, BIELER, p) == []
    assert "G06" not in moves_of(game, BIELER, s)
    step(game, BIELER, b, "F06")
    assert moves_of(game, BIELER, b) == []


def test_response_words_and_secrets() -> None:
    game = cleared(rp=2)
    b = put(game, BIELER, "fatty", "G10", up=True)
    put(game, BIELER, "fatty", "G11")
    put(game, MERC, "kan_yu", "G10")
    put(game, MERC, "heli", EX10, up=True)
    start(game, "response_2")
    assert game.describe(BIELER, {"done": True})["en"].startswith("done revealing")
    assert blind_legal(game, BIELER) == game.legal_actions(BIELER)
    game.apply(BIELER, {"done": True})
    assert game.describe(BIELER, {"move": b, "to": "F10"}) == {
        "en": f"move {b} G10 → F10",
        "ja": f"{b} を G10 → F10 へ移動",
    }
    assert blind_legal(game, BIELER) == game.legal_actions(BIELER)
    game.apply(BIELER, {"end": True})
    assert game.describe(MERC, {"end": True})["ja"] == "ヘリの対応移動を終了"
    assert blind_legal(game, MERC) == game.legal_actions(MERC)
