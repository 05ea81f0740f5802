"""What the environments' tests share: seeded random play through a table, and the games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from wartable.engine import Game, games
from wartable.env.encodings import encoding
from wartable.env.table import Table, new_table

# enough actions to see each game's decisions without playing VOTOMS (~1,000 actions) to the end
STEPS = 300


def game_ids() -> list[str]:
    """Every registered game (the three shipped ones and the test suite's Skirmish)."""
    return games()


def random_play(game_id: str, seed: int, steps: int | None = STEPS) -> Iterator[tuple[Table, str]]:
    """The table before each of the first `steps` actions (None: to the end) of a seeded
    random game, with the seat to act; the action is chosen after the caller's look."""
    table = new_table(encoding(game_id), seed)
    chooser = random.Random(seed)
    count = 0
    while not table.game.over and (steps is None or count < steps):
        seat = table.game.to_act[0]
        yield table, seat
        table.play(seat, chooser.choice(sorted(table.legal(seat))))
        count += 1


def masked(game: Game, seat: str) -> Game:
    """A clone of `game` with every value hidden from `seat` replaced by a marker (as the
    conformance kit does): what `seat` is shown must not change."""
    twin = game.clone()
    for n, path in enumerate(game.rules.hidden_paths(game.state, seat)):
        *head, last = path
        place: Any = twin.state
        for key in head:
            place = place[key]
        place[last] = f"\u2063hidden {n}"
    twin._legal = {}  # the state was edited by hand
    return twin


def shown(table: Table, seat: str) -> tuple[Any, ...]:
    """Everything an environment shows `seat`: observation, mask, view, strings."""
    return (
        table.observation(seat).tolist(),
        table.mask(seat).tolist(),
        table.view(seat),
        table.text(seat),
        table.text(seat, history=True),
    )
