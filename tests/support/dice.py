"""Dice whose results a test chooses, for rules that depend on a die."""

from __future__ import annotations

from wartable.engine import Context
from wartable.engine.dice import Dice


class ScriptedDice(Dice):
    """Rolls the given faces in order; anything else (shuffles, cup draws) stays seeded.

    Running out of faces is a test error, so a test states every roll it expects.
    """

    def __init__(self, faces: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        if len(self.faces) < count:
            raise AssertionError(f"the test scripted too few dice: {count} more wanted")
        rolled, self.faces = self.faces[:count], self.faces[count:]
        return rolled


def scripted(faces: list[int], seed: int = 0) -> Context:
    """A Context whose dice roll `faces` in order."""
    return Context(ScriptedDice(faces, seed), [])


def script_game(game: object, faces: list[int]) -> ScriptedDice:
    """Make a Game's next rolls `faces` (its shuffles and draws stay seeded)."""
    dice = ScriptedDice(faces, game.dice.state)  # type: ignore[attr-defined]
    game.dice = dice  # type: ignore[attr-defined]
    game._ctx.dice = dice  # type: ignore[attr-defined]
    return dice
