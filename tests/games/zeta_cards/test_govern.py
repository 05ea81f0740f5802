"""Rule 3: governance."""

from __future__ import annotations

from wartable.engine import Game

from .helpers import C, act, base_of, legal, new, play, step, turn_of

NEUTRAL = [
    "dakar",
    "lhasa",
    "luna_two",
    "zedan_gate",
    "konpeito",
    "shangri_la",
    "tigerbaum",
    "dublin",
]


def targets(game: Game) -> set[str]:
    return {a["govern"] for a in legal(game, "aeug") if "govern" in a}


def test_3_1_governance_targets_own_or_neutral_bases_never_another_factions() -> None:
    game = turn_of(new(), "aeug", ["blex"])  # governance 3
    act(game, "aeug", {"take": "govern"})
    # von Braun and New Hong Kong (LV1, need 2), every neutral base (need 1); Hickory (LV3)
    # needs 4, Granada is at the top level; Titans and Neo Zeon bases are never offered
    assert targets(game) == {"von_braun", "new_hong_kong", *NEUTRAL}


def test_3_2_governance_cards_ships_and_characters_may_be_laid_never_ms_or_development() -> None:
    game = turn_of(new(), "aeug", ["nemo", "argama", "quattro", "gov1", "dev1"])
    act(game, "aeug", {"take": "govern"})
    lays = {a["lay"] for a in legal(game, "aeug") if "lay" in a}
    assert lays == {"argama", "quattro", "gov1"}
    act(game, "aeug", {"lay": "argama"})
    assert game.state["face_up"]["aeug"] == ["argama"]
    assert "argama" not in game.state["hand"]["aeug"]


def test_3_3_governing_needs_target_level_plus_one() -> None:
    game = turn_of(new(), "aeug", ["gov1", "gov1"])
    act(game, "aeug", {"take": "govern"})
    assert "von_braun" in targets(game)  # LV1: 1 + 1 = 2 is at hand
    play(game, "aeug", {"govern": "von_braun"}, {"pay": "gov1"})
    assert step(game) == "pay" and game.state["bases"]["von_braun"]["level"] == 1  # 1 < 2
    act(game, "aeug", {"pay": "gov1"})
    assert game.state["bases"]["von_braun"] == {"owner": "aeug", "level": 2}
    assert game.state["discard"]["aeug"][-2:] == ["gov1", "gov1"]  # spent cards discarded


def test_3_3_a_base_needing_more_than_the_cards_at_hand_is_not_offered() -> None:
    game = turn_of(new(), "aeug", ["gov1"])
    act(game, "aeug", {"take": "govern"})
    assert "von_braun" not in targets(game) and "dakar" in targets(game)


def test_3_3_a_neutral_base_counts_as_level_0_and_becomes_an_own_lv1_base() -> None:
    game = turn_of(new(), "aeug", ["gov1"])
    play(game, "aeug", {"take": "govern"}, {"govern": "dakar"}, {"pay": "gov1"})
    assert game.state["bases"]["dakar"] == {"owner": "aeug", "level": 1}
    assert game.view("titans")["board"]["bases"]["dakar"]["owner"] == "aeug"


def test_3_3_no_governance_above_the_tiles_top_level() -> None:
    game = turn_of(new(), "aeug", ["blex", "gov2", "gov2"])
    base_of(game, "dakar", "aeug", 4)
    act(game, "aeug", {"take": "govern"})
    assert "granada" not in targets(game) and "dakar" not in targets(game)
    assert {b.max_level for b in C.bases.values()} == {4}  # square tiles (ruling Z5)


def test_3_4_several_attempts_in_one_action_even_on_the_same_base() -> None:
    game = turn_of(new(), "aeug", ["gov1", "gov2", "blex"])
    play(game, "aeug", {"take": "govern"}, {"govern": "dakar"}, {"pay": "gov1"})
    play(game, "aeug", {"govern": "dakar"}, {"pay": "gov2"})
    play(game, "aeug", {"govern": "dakar"}, {"pay": "blex"})
    assert game.state["bases"]["dakar"] == {"owner": "aeug", "level": 3}
    act(game, "aeug", {"done": True})
    assert step(game) == "turn"


def test_3_5_a_cards_value_is_not_split_between_attempts_and_the_excess_is_lost() -> None:
    game = turn_of(new(), "aeug", ["blex"])  # governance 3
    play(game, "aeug", {"take": "govern"}, {"govern": "von_braun"}, {"pay": "blex"})
    assert game.state["bases"]["von_braun"]["level"] == 2  # 3 paid for 2
    assert game.state["attempt"] is None
    assert targets(game) == set()  # the spare point cannot govern a neutral base (needs 1)
    assert game.state["discard"]["aeug"][-1] == "blex"


def test_3_5_an_attempt_given_up_leaves_its_cards_face_up_and_unused() -> None:
    game = turn_of(new(), "aeug", ["gov1", "quattro"])
    play(game, "aeug", {"take": "govern"}, {"govern": "von_braun"}, {"pay": "gov1"})
    act(game, "aeug", {"cancel": True})
    assert (
        game.state["face_up"]["aeug"] == ["gov1"] and game.state["bases"]["von_braun"]["level"] == 1
    )
