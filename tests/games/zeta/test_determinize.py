"""The determinizer (`Rules.determinize`, docs/agents.md): each faction's copy re-draws only what
it cannot see (digest D.1: the others' cards in hand and in the deck, the deck's order, the
Titans' nuclear-bomb base, 10.4, 10.5, 36.3) consistently with what it has seen, and shows it
exactly its own view."""

from __future__ import annotations

from collections import Counter

from games.zeta.helpers import C, finish_armament, game
from wartable.engine import Game
from wartable.games.zeta.state import five_cards

FACTIONS = ("aeug", "titans", "neo_zeon")


def without_undo(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k != "can_undo"}


def in_action_phase(seed: int = 3, phases: int = 4) -> Game:
    g = game(seed=seed)
    finish_armament(g)
    for faction, choice in zip(
        FACTIONS,
        (
            ["space", "space", "ground"],
            ["ground", "ground", "atmosphere"],
            ["space", "ground", "atmosphere"],
        ),
        strict=True,
    ):
        g.apply(faction, {"keep": choice})
    for _ in range(phases):
        g.apply(g.to_act[0], {"end": True})
    return g


def test_the_copy_shows_each_faction_exactly_its_own_view() -> None:
    g = game()
    finish_armament(g)
    g.apply("aeug", {"keep": ["space", "ground", "atmosphere"]})  # mid card phase
    positions = [g.clone(), in_action_phase()]
    for position in positions:
        for player in FACTIONS:
            for seed in range(5):
                copy = position.determinized(player, seed)
                assert without_undo(copy.view(player)) == without_undo(position.view(player))


def test_10_4_10_5_the_others_cards_are_dealt_again_as_the_faction_knows_them() -> None:
    g = in_action_phase()
    state = g.state
    hands, decks = set(), set()
    for seed in range(30):
        copy = g.determinized("titans", seed).state
        assert copy["hand"]["titans"] == state["hand"]["titans"]  # its own, as they are
        assert copy["kept"]["titans"] == state["kept"]["titans"]
        for faction in ("aeug", "neo_zeon"):
            shown = Counter(c for c in state["drawn"] if c.startswith(faction + "."))
            unseen = Counter(copy["hand"][faction]) + Counter(copy["kept"][faction])
            assert unseen == Counter(five_cards(C, faction)) - shown
            assert len(copy["kept"][faction]) == len(state["kept"][faction])
            hands.add(tuple(copy["hand"][faction]))
        assert sorted(copy["deck"]) == sorted(c for f in FACTIONS for c in copy["kept"][f])
        assert len(copy["deck"]) == len(state["deck"])
        decks.add(tuple(copy["deck"]))
    assert len(hands) > 2 and len(decks) > 5  # they really vary


def test_d1_once_its_three_cards_are_shown_a_faction_s_hand_is_known() -> None:
    g = in_action_phase(phases=0)
    while sum(c.startswith("aeug.") for c in g.state["drawn"]) < 3:
        g.apply(g.to_act[0], {"end": True})
    for seed in range(10):
        copy = g.determinized("neo_zeon", seed).state
        assert sorted(copy["hand"]["aeug"]) == ["aeug.atmosphere", "aeug.ground"]
        assert copy["kept"]["aeug"] == []


def test_36_3_the_bomb_is_drawn_again_for_the_others_only() -> None:
    g = game(nuke="torrington")
    assert {g.determinized("titans", s).state["nuke"]["base"] for s in range(10)} == {"torrington"}
    drawn = {g.determinized("aeug", s).state["nuke"]["base"] for s in range(40)}
    assert drawn == {"jaburo", "odessa", "hawaii", "torrington"}


def test_a_copy_of_a_copy_is_the_copy() -> None:
    g = in_action_phase()
    for player in FACTIONS:
        once = g.determinized(player, 7)
        twice = g.determinized(player, 3).determinized(player, 7)
        assert once.state == twice.state
