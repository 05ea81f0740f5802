"""Exact combat odds (rule 9.9.3 over the pairing policy of `odds`), checked against brute-force
enumeration and against 100,000 simulated battles."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from games.votoms.helpers import cleared, dice, put, start
from wartable.games.votoms import flow, odds
from wartable.games.votoms.combat import hit_chance

MERC, BIELER = "merc", "bieler"
SCOPEDOG, MARSHYDOG, FATTY, BIELER_DOG, SOLDIER, BLUE_AT = (
    (8, 3),
    (9, 3),
    (8, 3),
    (7, 3),
    (6, 2),
    (11, 5),
)


def test_9_8_3_policy_spreads_five_against_three_evenly() -> None:
    attacks = odds.policy_attacks([SCOPEDOG] * 5, [FATTY] * 3)
    against = Counter(target for side, _, target, _ in attacks if side == MERC)
    assert sorted(against.values()) == [1, 2, 2]  # 2:1, 2:1, 1:1 (no 3:1)
    assert sum(1 for a in attacks if a[0] == BIELER) == 3


def test_policy_strongest_attack_against_weakest_defence() -> None:
    attacks = odds.policy_attacks([SCOPEDOG, BLUE_AT], [SOLDIER, FATTY, FATTY])
    single = {i: t for side, i, t, _ in attacks if side == MERC}
    assert single == {1: 0, 0: 1}  # the 11-5 takes the soldier (defence 2)


def test_9_9_3_round_odds_agree_with_enumerating_every_outcome() -> None:
    merc, bieler = [SCOPEDOG], [BIELER_DOG, SOLDIER]
    result = odds.round_odds_for(merc, bieler)
    attacks = odds.policy_attacks(merc, bieler)
    # Brute force over every pair of dice of every attack.
    lost: dict[str, Counter[int]] = {MERC: Counter(), BIELER: Counter()}
    faces = list(itertools.product(range(1, 7), repeat=2))
    per_attack = [[a + b <= n for a, b in faces] for *_, n in attacks]
    for hits in itertools.product(*per_attack):
        dead: dict[str, set[int]] = {MERC: set(), BIELER: set()}
        for (side, _, target, _), hit in zip(attacks, hits, strict=True):
            if hit:
                dead[flow.other(side)].add(target)
        for side in (MERC, BIELER):
            lost[side][len(dead[side])] += 1
    total = 36 ** len(attacks)
    for side in (MERC, BIELER):
        expected = [Fraction(lost[side][k], total) for k in range(len(result[side]["losses"]))]
        assert result[side]["losses"] == expected
    assert sum(result[BIELER]["losses"]) == 1


def test_9_9_3_battle_one_against_one_closed_form() -> None:
    p = hit_chance(5)  # 8-3 against 8-3 both ways
    result = odds.battle_odds_for([SCOPEDOG], [FATTY])
    leave = 1 - (1 - p) ** 2
    assert result[MERC] == result[BIELER] == p * (1 - p) / leave
    assert result["none"] == p * p / leave
    assert result["rounds"] == 1 / leave
    assert result["survivors"] == {
        MERC: [1 - result[MERC], result[MERC]],
        BIELER: [1 - result[BIELER], result[BIELER]],
    }


def test_9_9_3_battle_probabilities_sum_to_one_and_float_mode_agrees() -> None:
    merc, bieler = [SCOPEDOG, MARSHYDOG, SOLDIER], [FATTY, BIELER_DOG, SOLDIER, SOLDIER]
    exact = odds.battle_odds_for(merc, bieler)
    assert exact[MERC] + exact[BIELER] + exact["none"] + exact["stalemate"] == 1
    assert sum(o["p"] for o in exact["outcomes"]) == 1
    approx = odds.battle_odds_for(merc, bieler, exact=False)
    for key in (MERC, BIELER, "none", "rounds"):
        assert approx[key] == pytest.approx(float(exact[key]), abs=1e-12)


def test_r26_a_battle_nobody_can_win_is_a_stalemate() -> None:
    result = odds.battle_odds_for([(3, 2)], [(3, 2)])
    assert result["stalemate"] == 1 and result["rounds"] == 0


def test_9_12_base_attack_alone_when_the_controller_has_no_units() -> None:
    result = odds.battle_odds_for([SCOPEDOG], [], base=(BIELER, 7, 4))
    assert result[MERC] == (1 - hit_chance(4)) ** 4
    assert result["none"] == 1 - result[MERC]


def test_9_9_3_battle_odds_match_100000_simulated_battles() -> None:
    """Every outcome probability within 4 standard errors of its simulated frequency."""
    merc, bieler = [SCOPEDOG, MARSHYDOG, SOLDIER], [FATTY, BIELER_DOG, SOLDIER]
    base = (BIELER, 7, 3)
    exact = odds.battle_odds_for(merc, bieler, base)
    rng = random.Random(20240601)
    runs = 100_000
    finals: Counter[odds.Key] = Counter()
    rounds = []
    for _ in range(runs):
        key, n = odds.sample_battle(merc, bieler, rng, base)
        finals[key] += 1
        rounds.append(n)
    for outcome in exact["outcomes"]:
        key = (
            tuple(tuple(s) for s in outcome[MERC]),
            tuple(tuple(s) for s in outcome[BIELER]),
        )
        p = float(outcome["p"])
        se = math.sqrt(p * (1 - p) / runs)
        assert abs(finals.pop(key, 0) / runs - p) <= 4 * se + 1e-9, key
    assert not finals  # no outcome the chain thinks impossible
    mean = sum(rounds) / runs
    sd = math.sqrt(sum((r - mean) ** 2 for r in rounds) / (runs - 1))
    assert abs(mean - float(exact["rounds"])) <= 4 * sd / math.sqrt(runs)


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.votoms.helpers import halt

    halt(monkeypatch, *(p for p in flow.PHASES if not p.startswith("combat")))


def test_odds_from_a_game_state_use_public_units_and_the_pending_base_attack(
    quiet: None,
) -> None:
    game = cleared(seed=9)
    put(game, MERC, "scopedog", "K04", up=True)
    put(game, MERC, "scopedog", "K04", up=True)
    put(game, BIELER, "fatty", "K04", up=True)
    put(game, BIELER, "fatty", "K04")  # face-down: the odds do not know it
    state = game.state
    result = odds.battle_odds(state, "K04")
    assert result == odds.battle_odds_for([SCOPEDOG, SCOPEDOG], [FATTY], (BIELER, 7, 7))
    json.dumps(odds.to_json(result))


def test_round_odds_follow_the_groupings_and_targets_in_play(quiet: None) -> None:
    game = cleared(seed=9)
    m1 = put(game, MERC, "scopedog", "H07", up=True)
    m2 = put(game, MERC, "marshydog", "H07", up=True)
    b = put(game, BIELER, "bieler_soldier", "H07", up=True)
    start(game, "combat_2")
    game.apply(MERC, {"pair": b, "with": m1})  # {m1, m2; b}: Bieler chooses a target
    dice(game, 6, 6, 6, 6, 6, 6)
    game.apply(BIELER, {"target": b, "at": m2})  # round 1: every attack misses
    units = odds.round_odds(game.state, "H07")["units"]  # the grouping is kept (9.8.5)
    assert units[b] == 1 - (1 - hit_chance(6)) * (1 - hit_chance(7))
    assert (units[m1], units[m2]) == (Fraction(0), hit_chance(3))
    game.state["combat"]["targets"][b] = m1  # had Bieler chosen the Scopedog instead
    units = odds.round_odds(game.state, "H07")["units"]
    assert (units[m1], units[m2]) == (hit_chance(3), Fraction(0))


def test_a_battle_too_big_to_answer_exactly_is_refused_at_once() -> None:
    merc = [(a, 3) for a in range(6, 13)] * 2  # 7 kinds, 2 of each: 3**7 merc states
    with pytest.raises(ValueError, match="more than 1000"):
        odds.battle_odds_for(merc, [FATTY, SOLDIER], max_states=1000)
