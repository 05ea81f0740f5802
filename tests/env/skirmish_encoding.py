"""The Skirmish test game's encoding: what a plugin game supplies to `wartable.env`.

Units are named by id (r1-r3, b1-b3: a side never gets new ones), hexes by label.
"""

from __future__ import annotations

from typing import Any

from support.skirmish import CUP, DATA, GRID
from wartable.engine import Game
from wartable.env.encodings import Encoding
from wartable.env.spaces import ActionSpace, FloatArray, choice, constant
from wartable.env.spaces import scaled as sc

UNITS = [f"{side[0]}{n}" for side in ("red", "blue") for n in (1, 2, 3)]
PHASES = ("stance", "move", "defend")
STANCES = ("attack", "defend")


class SkirmishEncoding(Encoding):
    static = ("map",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.hexes = sorted(GRID.label(h) for h in GRID.hexes)
        self.kinds = sorted(DATA["units"])
        add = self.layout.add
        self._turn = add("turn", "turn / last turn", 1)
        self._active = add("active", "the active side, one-hot", 2)
        self._phase = add("phase", "stance, move or defend, one-hot", len(PHASES))
        self._stance = add("stance", "per side: attack, defend, chosen in secret", 2, 3)
        self._cups = add("cups", "units in each side's cup / the cup's size", 2)
        self._fight = add("fight", "the fight's hex, one-hot", len(self.hexes))
        self._units = add(
            "units",
            "per unit: present, face-up, kind one-hot, hex one-hot",
            len(UNITS),
            2 + len(self.kinds) + len(self.hexes),
        )
        units, hexes = choice(UNITS), choice(self.hexes)
        self.actions = ActionSpace(
            game.id,
            [
                {"move": units, "to": hexes},
                {"stance": choice(STANCES)},
                {"pass": constant(True)},
                {"defend": units},
            ],
        )
        self.score_bounds = (0.0, 3.0)

    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        sides = list(self.players)
        self._turn.of(obs)[0] = sc(board["turn"], board["last_turn"])
        self._active.of(obs)[sides.index(board["active"])] = 1
        self._phase.of(obs)[PHASES.index(board["phase"])] = 1
        stance = self._stance.of(obs)
        for i, side in enumerate(sides):
            shown = board["stance"][side]
            if shown in STANCES:
                stance[i, STANCES.index(shown)] = 1
            elif shown == "chosen":
                stance[i, 2] = 1
        self._cups.of(obs)[:] = [sc(board["cups"][side], len(CUP)) for side in sides]
        if board["fight"] is not None:
            self._fight.of(obs)[self.hexes.index(board["fight"]["hex"])] = 1
        table = self._units.of(obs)
        for unit in board["units"]:
            row = table[UNITS.index(unit["id"])]
            row[:2] = (1, unit["up"])
            if unit["kind"] is not None:
                row[2 + self.kinds.index(unit["kind"])] = 1
            row[2 + len(self.kinds) + self.hexes.index(unit["hex"])] = 1
