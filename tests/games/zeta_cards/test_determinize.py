"""The determinized copy (`Game.determinized`): the game as one faction may believe it to be.

What a faction sees stays; what it cannot see (other hands, every deck's order, face-down fight
cards, the other side's secret allocation) is re-drawn, consistently with all it has seen
(digest D.1, rulings Z16, Z19, Z23).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from wartable.engine import Game
from wartable.games.zeta_cards.combat import SIDES, alive
from wartable.games.zeta_cards.fight import hit_options

from .helpers import C, act, new, play, turn_of

PLAYERS = ("aeug", "titans", "neo_zeon")


def without_undo(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "can_undo"}


def random_positions(seed: int, every: int = 7, limit: int = 700) -> list[Game]:
    """Positions of a seeded random game, one every `every` actions."""
    game = new(seed)
    rng = random.Random(seed)
    found = []
    for n in range(limit):
        if game.over:
            break
        if n % every == 0:
            found.append(game.clone())
        player = rng.choice(game.to_act)
        game.apply(player, rng.choice(game.legal_actions(player)))
    return found


def out_of_sight(state: dict[str, Any], player: str) -> Counter[str]:
    """A faction's hand, deck and face-down fight cards together."""
    cards = Counter(state["hand"][player]) + Counter(state["deck"][player])
    fight = state["fight"]
    if fight is not None:
        for side in SIDES:
            if fight[side] == player:
                cards += Counter(fight["picked"][side])
    return cards


def test_the_copy_shows_each_faction_exactly_its_view_throughout_seeded_games() -> None:
    for seed in (1, 2):
        for game in random_positions(seed):
            for player in PLAYERS:
                copy = game.determinized(player, seed * 100 + game.state["turn"])
                assert without_undo(copy.view(player)) == without_undo(game.view(player))


def test_a_copy_of_a_copy_is_the_copy_it_depends_only_on_what_the_faction_knows() -> None:
    for game in random_positions(3, every=11):
        for player in PLAYERS:
            once = game.determinized(player, 5)
            twice = game.determinized(player, 9).determinized(player, 5)
            assert twice.fingerprint() == once.fingerprint()


def test_the_hidden_parts_vary_with_the_seed_and_the_seen_ones_do_not() -> None:
    game = new(4)
    copies = [game.determinized("aeug", s) for s in range(12)]
    hands = {tuple(sorted(c.state["hand"]["titans"])) for c in copies}
    decks = {tuple(c.state["deck"]["aeug"]) for c in copies}
    assert len(hands) > 1 and len(decks) > 1  # other hands, and the order of its own deck
    assert all(c.state["hand"]["aeug"] == sorted(game.state["hand"]["aeug"]) for c in copies)
    assert all(c.state["bases"] == game.state["bases"] for c in copies)


def test_1_4_5_4_every_faction_keeps_its_cards_only_their_places_change() -> None:
    """Each faction's cards out of sight are its starting deck (1.4) and what it bought (5.4)
    but for the public piles: the copy deals the same cards back, as many to each place."""
    for game in random_positions(6, every=13):
        for player in PLAYERS:
            copy = game.determinized(player, 1)
            for p in PLAYERS:
                assert out_of_sight(copy.state, p) == out_of_sight(game.state, p)
                assert len(copy.state["hand"][p]) == len(game.state["hand"][p])
                assert len(copy.state["deck"][p]) == len(game.state["deck"][p])
                assert copy.state["discard"][p] == game.state["discard"][p]
            assert Counter(copy.state["deck"][player]) == Counter(game.state["deck"][player])


def test_cards_known_to_be_in_a_hand_are_always_there() -> None:
    """The state's record of what every faction knows of a hand never names a card that is not
    in it (or put face down from it) in seeded random games."""
    for seed in range(8, 12):
        for game in random_positions(seed, every=1, limit=500):
            for p in PLAYERS:
                known = Counter(game.state["known"][p])
                assert not known - Counter(game.state["hand"][p]) - picked(game, p)


def picked(game: Game, player: str) -> Counter[str]:
    fight = game.state["fight"]
    if fight is None or fight["revealed"]:
        return Counter()
    return sum((Counter(fight["picked"][s]) for s in SIDES if fight[s] == player), Counter())


def test_6_20_cards_taken_back_into_the_hand_stay_known_to_all() -> None:
    game = turn_of(new(), "titans", ["hizack"])
    game.state["hand"]["aeug"] = ["gundam_mk2", "dev1", "nemo"]
    game.state["known"]["aeug"] = []
    play(game, "titans", {"take": "fight"}, {"attack": "von_braun"}, {"commit": "hizack"})
    play(game, "titans", {"ready": True})
    play(game, "aeug", {"commit": "gundam_mk2"}, {"ready": True})
    assert game.state["held"]["aeug"] == ["gundam_mk2"]  # it survived the Hizack's 2 attack
    act(game, "titans", {"done": True})
    assert game.state["known"]["aeug"] == ["gundam_mk2"]
    copies = [game.determinized("neo_zeon", s) for s in range(20)]
    assert all("gundam_mk2" in c.state["hand"]["aeug"] for c in copies)
    assert len({tuple(c.state["hand"]["aeug"]) for c in copies}) > 1  # the other two vary


def test_2_4_a_deck_drawn_to_its_end_puts_its_known_cards_in_the_new_hand() -> None:
    """At the end of its turn a faction's hand goes to the discard pile (2.3), so everyone
    knows what its deck holds; if the draw takes it all (2.4), those cards are in the hand."""
    game = turn_of(new(), "aeug", ["nemo"], deck=["blex", "quattro"], discard=["dev1"] * 6)
    game.state["known"]["aeug"] = []
    act(game, "aeug", {"end": True})
    assert sorted(game.state["known"]["aeug"]) == ["blex", "quattro"]
    for s in range(20):
        hand = game.determinized("titans", s).state["hand"]["aeug"]
        assert Counter(hand) >= Counter(["blex", "quattro"])


def test_6_6_a_sortie_that_draws_the_whole_deck_shows_the_rest_of_the_hand() -> None:
    """The hand and deck together are known; a sortie drawing all the deck face up leaves
    the hand known card for card."""
    game = turn_of(new(), "aeug", ["argama", "blex", "dev1"], deck=["nemo"], discard=["dev2"])
    game.state["known"]["aeug"] = []
    play(game, "aeug", {"take": "fight"}, {"attack": "gryps2"}, {"commit": "argama"})
    play(game, "aeug", {"ready": True})
    act(game, "titans", {"ready": True})
    assert sorted(game.state["known"]["aeug"]) == ["blex", "dev1"]
    for s in range(10):
        assert game.determinized("neo_zeon", s).state["hand"]["aeug"] == ["blex", "dev1"]


def test_6_3_6_4_face_down_cards_are_redrawn_as_many_all_fighting_cards() -> None:
    game = turn_of(new(), "aeug", ["nemo", "nemo", "dev1", "blex", "gov1"])
    game.state["known"]["aeug"] = []
    play(game, "aeug", {"take": "fight"}, {"attack": "axis"})
    play(game, "aeug", {"commit": "nemo"}, {"commit": "nemo"}, {"ready": True})
    seen = set()
    for s in range(30):
        copy = game.determinized("titans", s)
        picks = copy.state["fight"]["picked"]["attacker"]
        assert len(picks) == 2 and all(C.cards[cid].fighting for cid in picks)
        seen.add(tuple(sorted(picks)))
    assert len(seen) > 1
    assert game.determinized("aeug", 3).state["fight"]["picked"]["attacker"] == ["nemo", "nemo"]


def test_z10_an_attacker_still_choosing_keeps_a_fighting_card_in_every_copy() -> None:
    """An attack is offered only with a fighting card in hand (ruling Z10), so a copy of an
    attacker who has put nothing face down yet always has one to put down."""
    deck = ["dev1", "dev2", "gov1", "gov1", "dev1", "nemo"]
    game = turn_of(new(), "aeug", ["nemo", "dev1", "dev2", "gov1", "gov1"], deck=deck)
    game.state["known"]["aeug"] = []
    play(game, "aeug", {"take": "fight"}, {"attack": "axis"})
    for s in range(40):
        copy = game.determinized("titans", s)
        assert any(C.cards[cid].fighting for cid in copy.state["hand"]["aeug"])
        assert copy.legal_actions("aeug")


def normal_allocation(seed: int) -> Game | None:
    """A position of a seeded random game where both sides allocate the normal attack in secret
    and the attacker has a choice."""
    game = new(seed)
    rng = random.Random(seed)
    while not game.over:
        step = game.state["step"]
        secret = step["kind"] == "alloc" and step["mode"] == "normal" and len(game.to_act) == 2
        if secret and len(hit_options(game.state, "attacker")) > 1:
            return game
        player = rng.choice(game.to_act)
        game.apply(player, rng.choice(game.legal_actions(player)))
    return None


def test_z16_the_other_sides_secret_allocation_is_chosen_again_among_legal_ones() -> None:
    found = [g for g in map(normal_allocation, range(40)) if g is not None][:3]
    assert found
    varied = False
    for game in found:
        fight = game.state["fight"]
        allocations = set()
        for s in range(15):
            copy = game.determinized(fight["defender"], s).state["fight"]
            hits = copy["alloc"]["attacker"]
            assert copy["done"] == fight["done"]  # public: who has finished
            assert len(set(hits)) == len(hits)
            assert set(hits) <= set(alive(copy["units"], "defender"))
            assert copy["alloc"]["defender"] == fight["alloc"]["defender"]  # its own stays
            allocations.add(tuple(hits))
        varied = varied or len(allocations) > 1
    assert varied


def test_a_copy_plays_on_to_the_end() -> None:
    for game in random_positions(13, every=97)[:4]:
        copy = game.determinized("neo_zeon", 2)
        rng = random.Random(0)
        while not copy.over:
            player = rng.choice(copy.to_act)
            copy.apply(player, rng.choice(copy.legal_actions(player)))
        assert copy.result is not None
