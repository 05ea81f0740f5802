"""Each game's scores at the end of every turn, noted as a game goes on: the data of the
score-over-turns plot.

The Game contract has scores only in the result, at the end, so reading them mid-game is
written here, game by game; a game without a reader gets no timeline. The turn is read from the
state after every action (a spectator's view each time would more than double a random game's
time); the scores from the spectator's board once a turn, when the next turn has begun, so they
include what the end of the turn scored. What counts as a score is the game's own: VOTOMS's
victory points, the card game's VP of bases held (rule 7.1), Silhouette's machines of the
seat's side still in action (S1.1), and Silhouette's turn is its round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wartable.engine.game import Game
from wartable.engine.rules import State

Scores = dict[str, float]


@dataclass(frozen=True)
class Reader:
    turn: Callable[[State], int]
    scores: Callable[[dict[str, Any]], Scores]  # from the spectator's board


def _zeta_cards(board: dict[str, Any]) -> Scores:
    return {side: faction["vp"] for side, faction in board["factions"].items()}


def _silhouette(board: dict[str, Any]) -> Scores:
    machines = board["machines"]
    standing = {
        side: sum(machines[m]["out"] is None for m in members)
        for side, members in board["sides"].items()
    }
    return {seat: standing[machines[seat]["side"]] for seat in board["seats"]}


READERS: dict[str, Reader] = {
    "votoms": Reader(lambda state: state["turn"], lambda board: dict(board["vp"])),
    "zeta-cards": Reader(lambda state: state["turn"], _zeta_cards),
    "silhouette": Reader(lambda state: state["round"], _silhouette),
}


class Timeline:
    """One game's scores at the end of each turn: `note` after every action, `end` once."""

    def __init__(self, game_id: str) -> None:
        self.reader = READERS.get(game_id)
        self.turns: dict[int, Scores] = {}
        self.turn: int | None = None  # the turn under way

    def note(self, game: Game) -> None:
        if self.reader is None:
            return
        turn = self.reader.turn(game.state)
        if self.turn is not None and turn != self.turn:
            self.turns[self.turn] = self.reader.scores(game.view(None)["board"])
        self.turn = turn

    def end(self, game: Game) -> None:
        """The scores of the last turn: those the game ended with."""
        if self.reader is not None and self.turn is not None:
            self.turns[self.turn] = self.reader.scores(game.view(None)["board"])

    def points(self) -> list[dict[str, Any]]:
        return [{"turn": turn, "scores": scores} for turn, scores in sorted(self.turns.items())]
