"""Seeded dice whose whole state is one integer, so it is cheap to copy and to store.

The generator is SplitMix64: small, fast in pure Python, and of good statistical quality
for board-game dice. Results are unbiased (rejection sampling).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Dice:
    """A deterministic source of randomness for one game.

    >>> d = Dice(7); d.roll(2)
    [4, 1]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    @staticmethod
    def seeded_state(seed: int) -> int:
        """A generator state for a re-seeded copy: `seed` mixed, so that nearby seeds (and the
        game's own seed) give unrelated dice."""
        dice = Dice(seed ^ 0x5DEECE66D)
        return dice._next()

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:  # `_next`, written out: every die and every shuffle comes through here
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def roll(self, count: int, sides: int = 6) -> list[int]:
        """Roll `count` dice of `sides` faces."""
        return [self.below(sides) + 1 for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
