"""The fight preview: exact odds over the sortie draws, checked against the engine itself."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

from wartable.engine import Game
from wartable.games.zeta_cards.combat import Outcome
from wartable.games.zeta_cards.preview import (
    Pile,
    fight_odds,
    policy_action,
    sample,
    sortie_draws,
    table,
)

from .helpers import C, act, legal, new, play, turn_of

ATTACK = ["argama", "rick_dias", "quattro", "nemo"]
DEFENCE = ["gwadan", "gaza_c", "mineva"]
AEUG_DECK = ["nemo", "nemo", "apolly", "dev1", "gov1", "gundam_mk2", "roberto"]
NZ_UNSEEN = ["gaza_c", "gaza_c", "gaza_c", "haman", "chara", "dev1", "dev2", "gotton", "gaza_c"]


def test_sample_is_the_multivariate_hypergeometric_law() -> None:
    odds = sample(Counter({"nemo": 2, "apolly": 1, "": 2}), 2)
    assert sum(odds.values()) == 1
    assert odds[("nemo", "nemo")] == Fraction(1, 10)  # C(2,2) / C(5,2)
    assert odds[("apolly", "nemo")] == Fraction(2, 10)
    assert odds[()] == Fraction(1, 10)  # two domestic cards: nothing joins


def test_sortie_draws_take_the_deck_first_then_the_reshuffled_discard_pile() -> None:
    pile = Pile(Counter({"nemo": 1}), 1, Counter({"apolly": 1, "gov1": 1}))
    odds = sortie_draws(C, pile, 2)
    assert odds == {("apolly", "nemo"): Fraction(1, 2), ("nemo",): Fraction(1, 2)}


def setup(game: Game, defender_hand: list[str], rng: random.Random, deck_size: int) -> None:
    """AEUG to attack Side 3 with ATTACK; Neo Zeon to defend with DEFENCE; the piles dealt."""
    aeug_deck = list(AEUG_DECK)
    rng.shuffle(aeug_deck)
    unseen = list(NZ_UNSEEN)
    rng.shuffle(unseen)  # the preview's assumption: Neo Zeon's hand dealt from its unseen cards
    hand, deck = unseen[: len(unseen) - deck_size], unseen[len(unseen) - deck_size :]
    turn_of(game, "aeug", list(ATTACK), deck=aeug_deck, discard=["nemo", "dev2"])
    game.state["hand"]["neo_zeon"] = list(DEFENCE) + hand + defender_hand
    game.state["deck"]["neo_zeon"] = deck
    game.state["discard"]["neo_zeon"] = ["gaza_c", "dev1"]


def simulate(game: Game) -> Outcome:
    play(game, "aeug", {"take": "fight"}, {"attack": "side3"})
    for cid in ATTACK:
        act(game, "aeug", {"commit": cid})
    act(game, "aeug", {"ready": True})
    for cid in DEFENCE:
        act(game, "neo_zeon", {"commit": cid})
    act(game, "neo_zeon", {"ready": True})
    while game.state["fight"] is not None:
        player = game.to_act[0]
        act(game, player, policy_action(game.state, player, legal(game, player)))
    last = game.state["last_fight"]
    return Outcome(last["levels"], last["lost"]["attacker"], last["lost"]["defender"])


def check_against_simulation(deck_size: int, trials: int) -> dict[Outcome, Fraction]:
    game = new(seed=0)
    setup(game, [], random.Random(0), deck_size)
    odds = fight_odds(game.state, "side3", ATTACK, DEFENCE)
    assert sum(odds.values()) == 1
    seen: Counter[Outcome] = Counter()
    rng = random.Random(1234)
    for trial in range(trials):
        game = new(seed=trial)
        setup(game, [], rng, deck_size)
        seen[simulate(game)] += 1
    assert set(seen) <= set(odds)  # the simulation never does what the preview calls impossible
    for outcome, p in odds.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(seen[outcome] / trials - float(p)) <= 4.5 * sigma + 1 / trials, (outcome, p)
    return odds


def test_preview_matches_a_seeded_simulation_of_the_engine() -> None:
    odds = check_against_simulation(deck_size=len(NZ_UNSEEN), trials=1500)
    assert len(odds) > 3  # the sorties matter


def test_preview_with_an_unknown_defender_hand_and_a_reshuffle_matches_the_simulation() -> None:
    # Neo Zeon's deck holds 2 of its 9 unseen cards: the Gwadan's sortie of 3 draws those 2,
    # then shuffles its discard pile; which 2 they are the attacker does not know
    check_against_simulation(deck_size=2, trials=1500)


def test_preview_odds_are_exact_fractions_and_read_as_a_table() -> None:
    game = new(seed=0)
    setup(game, [], random.Random(0), len(NZ_UNSEEN))
    rows = table(fight_odds(game.state, "side3", ATTACK, DEFENCE))
    assert sum(Fraction(row["p"]) for row in rows) == 1
    assert {"levels", "attacker_lost", "defender_lost", "p", "percent"} == set(rows[0])


def test_preview_uses_only_what_the_attacker_knows() -> None:
    odds = []
    for seed in (1, 2):
        game = new(seed=0)
        setup(game, [], random.Random(seed), deck_size=4)  # another split of the same cards
        odds.append(fight_odds(game.state, "side3", ATTACK, DEFENCE))
    assert odds[0] == odds[1]
