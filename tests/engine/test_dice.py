"""Seeded dice: reproducible, fair, and cheap to copy."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wartable.engine.dice import Dice


def test_same_seed_same_rolls_and_copying_the_state_continues_them() -> None:
    a, b = Dice(42), Dice(42)
    assert a.roll(10) == b.roll(10)
    c = Dice(0)
    c.state = a.state
    assert c.roll(20) == a.roll(20)
    assert Dice(1).roll(10) != Dice(2).roll(10)


def test_d6_is_fair_over_60000_rolls() -> None:
    """Chi-square against uniform, 5 degrees of freedom, 0.1% critical value 20.52."""
    dice = Dice(2026)
    counts = Counter(dice.roll(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in counts.values())
    assert chi2 < 20.52


def test_2d6_sums_follow_the_triangle() -> None:
    dice = Dice(7)
    counts = Counter(sum(dice.roll(2)) for _ in range(36_000))
    for total in range(2, 13):
        expected = (6 - abs(total - 7)) * 1000
        assert abs(counts[total] - expected) < 5 * expected**0.5


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed: int, n: int) -> None:
    dice = Dice(seed)
    assert all(0 <= dice.below(n) < n for _ in range(20))


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Dice(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
