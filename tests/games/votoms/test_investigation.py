"""Rule 8: the investigation phase, and the stage 3 and 4 bonus (12.7, 12.8, ruling R37)."""

from __future__ import annotations

import pytest

import wartable
from games.votoms.helpers import blind_legal, cleared, halt, put, start, unit
from support.dice import script_game

MERC, BIELER = "merc", "bieler"
HEX = "G10"


@pytest.fixture(autouse=True)
def _stop_after(monkeypatch: pytest.MonkeyPatch) -> None:
    halt(monkeypatch, "response_2")


def hexes(game: wartable.Game) -> list[str]:
    return [a["investigate"] for a in game.legal_actions(MERC) if "investigate" in a]


def test_8_1_a_face_up_merc_at_or_soldier_with_face_down_enemies() -> None:
    game = cleared()
    put(game, MERC, "scopedog", "G10", up=True)
    put(game, BIELER, "fatty", "G10")
    put(game, MERC, "merc_soldier", "E11", up=True)
    put(game, BIELER, "fatty", "E11", up=True)  # no face-down enemy there
    put(game, MERC, "scopedog", "J09", up=True)  # no enemy at all
    start(game, "investigation")
    assert game.to_act == (MERC,)
    assert game.legal_actions(MERC) == [{"investigate": "G10"}, {"end": True}]


def test_8_2_face_down_merc_units_and_helis_cannot_investigate() -> None:
    game = cleared()
    put(game, MERC, "scopedog", "G10")  # face-down
    put(game, MERC, "heli", "G10", up=True)
    put(game, BIELER, "fatty", "G10")
    start(game, "investigation")
    assert game.state["phase"] == "response_2"  # nothing to investigate: the phase passes


def test_8_3_face_up_bieler_units_in_the_hex_do_not_prevent_it() -> None:
    game = cleared()
    put(game, MERC, "scopedog", HEX, up=True)
    put(game, BIELER, "fatty", HEX, up=True)
    put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    assert hexes(game) == [HEX]


@pytest.mark.parametrize(
    ("kind", "die", "flipped"),
    [
        ("merc_soldier", 5, True),
        ("merc_soldier", 6, False),
        ("scopedog", 3, True),
        ("scopedog", 4, False),
        ("kan_yu", 3, True),
        ("kan_yu", 4, False),
    ],
)
def test_8_4_a_soldier_succeeds_on_1_to_5_an_at_on_1_to_3(
    kind: str, die: int, flipped: bool
) -> None:
    game = cleared()
    put(game, MERC, kind, HEX, up=True)
    b = put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    script_game(game, [die])
    game.apply(MERC, {"investigate": HEX})
    assert unit(game, b)["up"] is flipped
    rolls = [e for e in game.log(BIELER) if e["kind"] == "roll"]
    assert rolls[-1]["rule"] == "8.4" and rolls[-1]["dice"] == [die]


def test_8_5_each_success_turns_a_face_down_enemy_chosen_by_merc_face_up() -> None:
    game = cleared()
    put(game, MERC, "merc_soldier", HEX, up=True)
    put(game, MERC, "scopedog", HEX, up=True)
    put(game, MERC, "scopedog", HEX, up=True)
    hidden = [put(game, BIELER, t, HEX) for t in ("fatty", "bieler_soldier", "fatty")]
    start(game, "investigation")
    script_game(game, [2, 1, 6])  # soldier and one AT succeed, the other AT fails
    game.apply(MERC, {"investigate": HEX})
    assert game.state["step"]["kind"] == "investigation_flip"
    assert game.legal_actions(MERC) == [{"flip": uid} for uid in hidden]
    game.apply(MERC, {"flip": hidden[1]})
    assert unit(game, hidden[1])["up"]
    assert "Bieler infantry" in game.log(MERC)[-1]["msg"]["en"]
    assert not game.can_undo(MERC)
    game.apply(MERC, {"flip": hidden[2]})
    assert [unit(game, uid)["up"] for uid in hidden] == [False, True, True]
    assert game.state["phase"] == "response_2"  # no other hex: the phase is over


def test_8_5_successes_beyond_the_face_down_enemies_are_lost() -> None:
    game = cleared()
    for _ in range(3):
        put(game, MERC, "merc_soldier", HEX, up=True)
    b = put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    script_game(game, [1, 1, 1])
    game.apply(MERC, {"investigate": HEX})
    assert unit(game, b)["up"]  # no choice to make: it is turned at once
    assert game.state["phase"] == "response_2"


def test_R18_every_eligible_unit_rolls_and_a_hex_is_investigated_once() -> None:
    game = cleared()
    put(game, MERC, "merc_soldier", HEX, up=True)
    put(game, MERC, "scopedog", HEX, up=True)
    put(game, MERC, "scopedog", HEX)  # face-down: does not roll
    put(game, BIELER, "fatty", HEX)
    put(game, MERC, "scopedog", "E11", up=True)
    put(game, BIELER, "fatty", "E11")
    start(game, "investigation")
    script_game(game, [6, 6])
    game.apply(MERC, {"investigate": HEX})
    rolls = [e for e in game.log(MERC) if e["kind"] == "roll"]
    assert len(rolls) == 2
    assert hexes(game) == ["E11"]  # G10 once only, though its enemy is still face-down
    game.apply(MERC, {"end": True})
    assert game.state["phase"] == "response_2"


@pytest.mark.parametrize(("stage", "vp"), [(2, 0), (3, 6), (4, 6), (5, 0)])
def test_12_7_12_8_three_vp_per_unit_flipped_in_kan_yus_hex_in_stages_3_and_4(
    stage: int, vp: int
) -> None:
    game = cleared(stage=stage)
    put(game, MERC, "kan_yu", HEX, up=True)
    put(game, MERC, "merc_soldier", HEX, up=True)
    put(game, BIELER, "fatty", HEX)
    put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    script_game(game, [1, 1])
    game.apply(MERC, {"investigate": HEX})
    assert game.state["vp"][MERC] == vp


def test_12_7_no_bonus_for_a_hex_without_kan_yu() -> None:
    game = cleared(stage=3)
    put(game, MERC, "kan_yu", "E11", up=True)
    put(game, MERC, "merc_soldier", HEX, up=True)
    put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    script_game(game, [1])
    game.apply(MERC, {"investigate": HEX})
    assert game.state["vp"][MERC] == 0


def test_R37_a_face_down_kan_yu_counts_and_is_shown_when_the_bonus_scores() -> None:
    game = cleared(stage=4)
    k = put(game, MERC, "kan_yu", HEX)  # face-down: does not roll
    put(game, MERC, "merc_soldier", HEX, up=True)
    put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    script_game(game, [3])
    game.apply(MERC, {"investigate": HEX})
    assert game.state["vp"][MERC] == 3 and unit(game, k)["up"]


def test_R37_no_flip_no_bonus_and_kan_yu_stays_hidden() -> None:
    game = cleared(stage=3)
    k = put(game, MERC, "kan_yu", HEX)
    put(game, MERC, "merc_soldier", HEX, up=True)
    put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    script_game(game, [6])
    game.apply(MERC, {"investigate": HEX})
    assert game.state["vp"][MERC] == 0 and not unit(game, k)["up"]


def test_investigation_words_and_secrets() -> None:
    game = cleared()
    put(game, MERC, "scopedog", HEX, up=True)
    put(game, MERC, "scopedog", HEX, up=True)
    b = put(game, BIELER, "strike_dog", HEX)
    put(game, BIELER, "fatty", HEX)
    start(game, "investigation")
    assert game.describe(MERC, {"investigate": HEX}) == {
        "en": f"investigate {HEX}",
        "ja": f"{HEX} を調査",
    }
    assert blind_legal(game, MERC) == game.legal_actions(MERC)
    script_game(game, [1, 6])
    game.apply(MERC, {"investigate": HEX})
    assert blind_legal(game, MERC) == game.legal_actions(MERC)
    assert game.describe(MERC, {"flip": b})["ja"] == f"{b} を表にする"
