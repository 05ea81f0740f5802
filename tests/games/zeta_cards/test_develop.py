"""Rule 4: development and the growth of characters."""

from __future__ import annotations

from wartable.games.zeta_cards.combat import values
from wartable.games.zeta_cards.state import governance

from .helpers import C, act, legal, new, play, turn_of


def test_4_2_only_development_cards_are_laid_for_development() -> None:
    game = turn_of(new(), "aeug", ["dev1", "gov1", "nemo", "blex"])
    act(game, "aeug", {"take": "develop"})
    assert [a for a in legal(game, "aeug") if "lay" in a] == [{"lay": "dev1"}]


def test_4_3_development_needs_tl_plus_one_and_may_be_repeated() -> None:
    game = turn_of(new(), "aeug", ["dev2", "dev2", "dev1"])
    play(game, "aeug", {"take": "develop"}, {"develop": True}, {"pay": "dev2"})
    assert game.state["tl"]["aeug"] == 2
    play(game, "aeug", {"develop": True}, {"pay": "dev1"})
    assert game.state["tl"]["aeug"] == 2  # 1 of 3
    act(game, "aeug", {"pay": "dev2"})
    assert game.state["tl"]["aeug"] == 3
    assert sorted(game.state["discard"]["aeug"][-3:]) == ["dev1", "dev2", "dev2"]


def test_4_3_development_is_offered_only_when_the_cards_reach_tl_plus_one() -> None:
    game = turn_of(new(), "aeug", ["dev1"])
    act(game, "aeug", {"take": "develop"})
    assert {"develop": True} not in legal(game, "aeug")


def test_2_4_and_4_3_tl_stops_at_8() -> None:
    game = turn_of(new(), "aeug", ["dev3", "dev3", "dev3", "dev3", "dev3", "dev3"], tl=7)
    play(game, "aeug", {"take": "develop"}, {"develop": True})
    play(game, "aeug", {"pay": "dev3"}, {"pay": "dev3"}, {"pay": "dev3"})
    assert game.state["tl"]["aeug"] == 8
    assert {"develop": True} not in legal(game, "aeug")
    act(game, "aeug", {"done": True})
    assert {"take": "develop"} not in legal(game, "aeug")


def test_4_4_a_development_cards_value_is_not_split_between_attempts() -> None:
    game = turn_of(new(), "aeug", ["dev3", "dev1"])
    play(game, "aeug", {"take": "develop"}, {"develop": True}, {"pay": "dev3"})
    assert game.state["tl"]["aeug"] == 2  # 3 paid for 2: the spare point is lost
    assert {"develop": True} not in legal(game, "aeug")  # dev1 alone is not 3


def test_4_5_characters_use_the_values_printed_for_the_current_tl() -> None:
    kamille = C.cards["kamille"]
    seen = {tl: kamille.values(tl)[0::4] for tl in range(1, 9)}  # (attack, command)
    assert seen == {
        1: (1, 1),
        2: (1, 1),
        3: (1, 1),
        4: (3, 2),
        5: (3, 2),
        6: (4, 3),
        7: (4, 3),
        8: (4, 3),
    }
    unit = {"side": "attacker", "card": "nemo", "pilot": "kamille", "gone": False, "struck": False}
    assert values(C, unit, 3) == (3, 3, 1) and values(C, unit, 6) == (6, 4, 1)


def test_4_5_growth_follows_the_tl_as_it_rises() -> None:
    game = turn_of(new(), "aeug", ["dev2", "dev2", "dev2", "quattro"], tl=2)
    assert governance(game.state, "aeug", "quattro") == 1
    play(game, "aeug", {"take": "develop"}, {"develop": True}, {"pay": "dev2"}, {"pay": "dev2"})
    assert game.state["tl"]["aeug"] == 3 and governance(game.state, "aeug", "quattro") == 1
    game.state["tl"]["aeug"] = 4
    assert governance(game.state, "aeug", "quattro") == 2  # Quattro at TL 4: governance 2
