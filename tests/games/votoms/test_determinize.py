"""`Votoms.determinize`: a copy a side cannot tell from the real game, its secrets re-drawn.

What a side may not see (rule 6.3, rulings R12 and R16): the enemy's face-down counters, both
cups and the offensive markers (Bieler: also the drawn offensive turn).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection
from typing import Any

import pytest

import wartable
from wartable.games.votoms.components import components
from wartable.games.votoms.movement import board

SIDES = ("merc", "bieler")
PALACE, EX10 = "K04", "B08"


def other(side: str) -> str:
    return "bieler" if side == "merc" else "merc"


def plain_view(game: wartable.Game, player: str) -> dict[str, Any]:
    view = game.view(player, texts=False)
    view.pop("can_undo")
    return view


def hidden(game: wartable.Game, player: str) -> list[dict[str, Any]]:
    """The enemy's counters `player` cannot see, in id order."""
    return sorted(
        (u for u in game.state["units"].values() if u["side"] != player and not u["up"]),
        key=lambda u: int(u["id"][1:]),
    )


def unseen(game: wartable.Game, player: str) -> Counter[str]:
    """The enemy's units on its hidden counters and in its cup."""
    enemy = other(player)
    return Counter([u["type"] for u in hidden(game, player)] + game.state["cups"][enemy])


def random_positions(seed: int, every: int = 25) -> list[wartable.Game]:
    """Positions of a seeded random game, one every `every` decisions, to its end."""
    chooser = random.Random(seed)
    game = wartable.new_game("votoms", seed=seed)
    found = []
    while not game.over:
        if len(game.actions) % every == 0:
            found.append(game.clone())
        player = game.to_act[0]
        game.apply(player, chooser.choice(game.legal_actions(player)))
    return [*found, game]


def passive(game: wartable.Game, until: Callable[[wartable.Game], bool]) -> None:
    """Play on, ending every phase at once (no unit moves), until `until(game)`."""
    while not until(game):
        player = game.to_act[0]
        options = game.legal_actions(player)
        quiet = [a for a in options if a.get("end") or a.get("done") or a.get("units") == 0]
        game.apply(player, (quiet or options)[0])


def at_step(kind: str, turn: int) -> Callable[[wartable.Game], bool]:
    def reached(game: wartable.Game) -> bool:
        step = game.state["step"] or {}
        return game.state["turn"] == turn and step.get("kind") == kind

    return reached


@pytest.mark.parametrize("seed", [1, 2])
def test_the_copy_shows_its_side_exactly_the_real_view_and_legal_actions(seed: int) -> None:
    for game in random_positions(seed):
        for player in SIDES:
            for copy_seed in (3, 4):
                copy = game.determinized(player, copy_seed)
                assert plain_view(copy, player) == plain_view(game, player)


def test_a_copy_of_a_copy_is_the_copy_made_with_the_same_seed() -> None:
    """The copy depends only on what the side knows: re-determinizing a copy (a real game the
    side cannot tell from this one) with seed b gives the copy made with seed b."""
    for game in random_positions(5, every=40):
        for player in SIDES:
            again = game.determinized(player, 11).determinized(player, 12)
            assert again.fingerprint() == game.determinized(player, 12).fingerprint()


def test_the_hidden_counters_cups_and_markers_vary_with_the_seed() -> None:
    game = wartable.new_game("votoms", seed=7)
    for player in SIDES:
        copies = [game.determinized(player, s) for s in range(8)]
        enemy = other(player)
        deals = {tuple(u["type"] for u in hidden(c, player)) for c in copies}
        cups = {tuple(c.state["cups"][side]) for c in copies for side in SIDES}
        pools = {tuple(c.state["offensive"]["pool"]) for c in copies}
        assert len(deals) > 1 and len(cups) > 2 and len(pools) > 1
        assert all(len(c.state["cups"][enemy]) == len(game.state["cups"][enemy]) for c in copies)


def test_9_10_2_the_copy_deals_exactly_the_units_the_side_cannot_see() -> None:
    """Counts are kept through a whole game: units destroyed go back to their cup (9.10.2),
    Kan Yu and the PS wait to return (9.10.4); the copy neither doubles nor loses a unit, and a
    side's own cup keeps its contents (known from its own units), only its order is drawn."""
    for game in random_positions(9, every=30):
        for player in SIDES:
            copy = game.determinized(player, 1)
            assert unseen(copy, player) == unseen(game, player)
            own = game.state["cups"][player]
            assert Counter(copy.state["cups"][player]) == Counter(own)
            assert len(copy.state["cups"][other(player)]) == len(game.state["cups"][other(player)])


def test_15_named_units_stay_among_the_counters_they_were_placed_with() -> None:
    """Rule 15: Blue AT is placed face-down in the Palace with 8 drawn units, Kan Yu squad in
    EX-10 with 7; each side's copy puts the enemy's named unit among those counters, never in a
    cup or elsewhere (R16: the stack was shuffled, nothing more)."""
    game = wartable.new_game("votoms", seed=4)
    for s in range(12):
        for player, named, home in (("merc", "blue_at", PALACE), ("bieler", "kan_yu", EX10)):
            copy = game.determinized(player, s)
            where = [u["hex"] for u in hidden(copy, player) if u["type"] == named]
            assert where == [home]
            assert named not in copy.state["cups"][other(player)]


def test_5_9_1_r16_a_unit_seen_face_up_then_hidden_keeps_its_stack() -> None:
    """Blue AT is shown (5.2) and walks out of the Palace with a soldier; next turn Bieler hides
    it there (5.9.1, showing the soldier first). Merc saw both: every Merc copy puts Blue AT and
    a soldier among the two counters of that hex, and no Blue AT in the Palace."""
    game = wartable.new_game("votoms", seed=3)
    passive(game, at_step("movement", 1))
    palace = [u for u in game.state["units"].values() if u["hex"] == PALACE]
    blue = next(u["id"] for u in palace if u["type"] == "blue_at")
    soldier = next(u["id"] for u in palace if u["type"] == "bieler_soldier")
    to = "K05"
    for action in ({"reveal": blue}, {"move": blue, "to": to}, {"move": soldier, "to": to}):
        game.apply("bieler", action)
    passive(game, at_step("bieler_hide", 2))
    game.apply("bieler", {"hide": blue})
    assert [u["up"] for u in hidden(game, "merc") if u["hex"] == to] == [False, False]
    for s in range(12):
        copy = game.determinized("merc", s)
        there = sorted(u["type"] for u in hidden(copy, "merc") if u["hex"] == to)
        assert there == ["bieler_soldier", "blue_at"]
        assert all(u["type"] != "blue_at" for u in hidden(copy, "merc") if u["hex"] == PALACE)


def test_4_5_r12_bieler_redraws_the_offensive_turn_from_the_turns_still_possible() -> None:
    """Rule 4.5 (R12): Merc keeps the turn it drew; Bieler's copy draws one of the seven
    markers again, but not a turn that has already ended without the offensive (14.1.2)."""
    game = wartable.new_game("votoms", seed=21)
    passive(game, lambda g: g.over or g.state["turn"] == 10)
    assert not game.over and game.state["offensive"]["turn"] in (10, 11)
    markers = Counter(components({}).offensive_turns)
    drawn = set()
    for s in range(20):
        merc = game.determinized("merc", s).state["offensive"]
        assert merc["turn"] == game.state["offensive"]["turn"]
        bieler = game.determinized("bieler", s).state["offensive"]
        assert bieler["turn"] >= 10
        assert Counter([bieler["turn"], *bieler["pool"]]) == markers
        drawn.add(bieler["turn"])
    assert drawn == {10, 11}


@pytest.mark.parametrize(
    ("stage", "unit", "allowed"),
    [(7, "proto_one", {PALACE}), (6, "strike_dog", board(components({})).near_palace)],
)
def test_5_9_3_12_10_a_face_down_ps_is_only_where_it_may_be(
    stage: int, unit: str, allowed: Collection[str]
) -> None:
    """Proto One never leaves the Palace (5.9.3); Strike Dog stays within 3 hexes of it
    (12.10, 12.12): a face-down counter elsewhere is never dealt either of them."""
    game = wartable.new_game("votoms", seed=6)
    state = game.state
    state["stage"] = stage
    counter = next(u for u in state["units"].values() if u["hex"] == PALACE)
    state["cups"]["bieler"].append(counter["type"])  # the counter's unit goes back in the cup
    state["stock"]["bieler"].remove(unit)
    counter["type"] = unit
    state["clues"]["bieler"] = []  # Merc has not seen the PS arrive: no clue to help it
    dealt = [
        (u["id"], u["hex"])
        for s in range(30)
        for u in hidden(game.determinized("merc", s), "merc")
        if u["type"] == unit
    ]
    assert len(dealt) == 30 and {where for _, where in dealt} <= set(allowed)
    assert len({uid for uid, _ in dealt}) > 1  # not always the real counter


def test_the_copy_plays_on_to_its_end() -> None:
    for game in random_positions(13, every=300)[1:3]:
        for player in SIDES:
            copy = game.determinized(player, 5)
            chooser = random.Random(2)
            while not copy.over:
                actor = copy.to_act[0]
                copy.apply(actor, chooser.choice(copy.legal_actions(actor)))
            assert copy.result is not None
