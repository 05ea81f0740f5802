"""Rule 29.1: Quattro's speech, with scripted dice (ruling S55)."""

from __future__ import annotations

from games.zeta.helpers import C, board, game, open_phase, put
from support.dice import script_game
from wartable.engine import Game


def quattro_at(g: Game, at: str) -> str:
    ship = put(g, "aeug", "salamis_kai", at)
    board(g, "quattro", ship)
    return ship


def end_ground_phase(g: Game) -> None:
    """An AEUG Ground phase: no battle in space, and the speech at its end (29.1.1)."""
    open_phase(g, "aeug", "ground")
    g.apply("aeug", {"end": True})


def test_29_1_1_29_1_3_at_the_end_of_an_aeug_phase_at_a_political_base() -> None:
    g = game()
    quattro_at(g, "space:K5")  # Side 5
    end_ground_phase(g)
    assert g.state["step"]["kind"] == "speech"
    assert g.legal_actions("aeug") == [{"speech": "side5"}, {"speech": None}]
    g.apply("aeug", {"speech": None})
    assert "quattro" in g.state["characters"]


def test_29_1_4_29_1_6_with_no_one_else_there_the_base_is_aeug_level_3() -> None:
    g = game()
    ship = quattro_at(g, "space:K5")
    end_ground_phase(g)
    script_game(g, [])  # no dice
    g.apply("aeug", {"speech": "side5"})
    assert g.state["bases"]["side5"] == {"owner": "aeug", "level": 3, "at": "space:K5"}
    assert "quattro" not in g.state["characters"]  # 29.1.6: swapped for Char
    assert g.state["characters"]["char"] == {"faction": "aeug", "at": "space:K5", "on": ship}


def test_29_1_5_s55_two_dice_less_the_others_governance() -> None:
    g = game()
    quattro_at(g, "space:J8")  # Side 1, AEUG level 1
    salamis = put(g, "titans", "salamis_kai", "space:J8")
    board(g, "jamitov", salamis)  # governance 2, aboard (S55, as 17.6)
    total = C.ships["salamis_kai"].gov + C.characters["jamitov"].gov
    end_ground_phase(g)
    script_game(g, [total, 2])  # 2d6 - total = 2
    g.apply("aeug", {"speech": "side1"})
    assert g.state["bases"]["side1"] == {"owner": "aeug", "level": 2, "at": "space:J8"}


def test_29_1_5_at_0_or_less_the_base_is_neutral_and_above_3_it_is_3() -> None:
    g = game()
    quattro_at(g, "space:J8")
    put(g, "titans", "salamis_kai", "space:J8")
    end_ground_phase(g)
    script_game(g, [1, 1])
    g.apply("aeug", {"speech": "side1"})
    assert g.state["bases"]["side1"]["owner"] is None
    g = game()
    quattro_at(g, "space:J8")
    put(g, "titans", "gm2", "space:J8")
    end_ground_phase(g)
    script_game(g, [6, 6])
    g.apply("aeug", {"speech": "side1"})
    assert g.state["bases"]["side1"]["level"] == 3


def test_29_1_2_a_quattro_who_governed_or_fought_does_not_speak() -> None:
    g = game()
    ship = quattro_at(g, "space:K5")
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"govern": ship, "base": "side5"})
    script_game(g, [6])
    g.apply("aeug", {"end": True})
    assert g.state["step"]["kind"] != "speech"
    g = game()
    quattro_at(g, "space:K5")
    open_phase(g, "aeug", "ground")
    g.state["action"]["speech"] = "barred"  # as a battle's preparation records it
    g.apply("aeug", {"end": True})
    assert g.state["step"]["kind"] != "speech"


def test_s55_no_speech_at_side6_nor_in_another_faction_s_phase() -> None:
    g = game()
    quattro_at(g, "space:I2")  # Side 6
    end_ground_phase(g)
    assert g.state["step"]["kind"] != "speech"
    g = game()
    quattro_at(g, "space:K5")
    open_phase(g, "titans", "ground")
    g.apply("titans", {"end": True})
    assert g.state["step"]["kind"] != "speech"


def test_29_1_2_s55_not_aboard_a_unit_la_vie_en_rose_repaired() -> None:
    """A ship repaired by the dock ship (29.2.2) has recovered: Quattro aboard it may not speak."""
    g = game()
    ship = quattro_at(g, "space:K5")  # Side 5
    g.state["units"][ship]["back"] = True
    dock = put(g, "aeug", "la_vie_en_rose", "space:K5")
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"dock": ship, "by": dock})
    g.apply("aeug", {"end": True})
    assert g.state["step"]["kind"] != "speech"
    assert "quattro" in g.state["characters"]
