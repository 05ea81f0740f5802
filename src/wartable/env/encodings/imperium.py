"""IMPERIUM (the battles of scenarios 1-5): its actions as integers and a side's view as a vector
(docs/environments.md).

A scenario brings every unit it will ever have at its start and no unit joins later, so a unit
is named by its id ("T3", "I12"), the probe game's units in id order being the slots. Areas of
the space combat board are their printed labels (12.1), hexes of a planet map theirs (13.2);
a "to" names either, as the move it belongs to does.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Game
from wartable.env.encodings import Encoding
from wartable.env.spaces import ActionSpace, FloatArray, choice, constant
from wartable.env.spaces import scaled as sc
from wartable.games.imperium.components import SIDES, components
from wartable.games.imperium.flow import STEPS

# a unit's facts: each side, damaged, on the board, waiting beside it, left it, aboard a ship
# (known), aboard a secret ship, on the planet map, in orbit or in the planet box
FACTS = 10


def _number(uid: str) -> tuple[str, int]:
    return uid[0], int(uid[1:])


class ImperiumEncoding(Encoding):
    static = ("printed",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        c = components(game.options["data"])
        self.units = sorted(game.state["units"], key=_number)
        self.unit_index = {uid: i for i, uid in enumerate(self.units)}
        self.areas = list(c.board.areas)
        self.area_index = {a: i for i, a in enumerate(self.areas)}
        self.hexes = sorted({h for m in c.planet_maps.values() for h in m.hexes})
        self.hex_index = {h: i for i, h in enumerate(self.hexes)}
        self.types = sorted([*c.ships, *c.ground])
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.kinds = sorted(STEPS.kinds)
        faces = [f for s in c.ships.values() for f in (s.front, s.back) if f is not None]
        self.most_dice = max(max(f.beam, f.torpedo) for f in faces)
        n = len(self.units)
        add = self.layout.add
        self._round = add("round", "the battle's round / its rounds", 1)
        self._step = add("step", "the kind of decision awaited, one-hot (sorted)", len(self.kinds))
        self._sides = add("sides", "the side with the initiative; the moving player", 2, 2)
        self._facts = add("unit_facts", f"per unit slot: {FACTS} facts", n, FACTS)
        self._type = add(
            "unit_type", "per unit slot: its type, one-hot (sorted)", n, len(self.types)
        )
        self._area = add("unit_area", "per unit slot: its area on the board", n, len(self.areas))
        self._hex = add("unit_hex", "per unit slot: its hex on the planet map", n, len(self.hexes))
        ships = sum(1 for u in game.state["units"].values() if u["type"] in c.ships)
        self.score_bounds = (0.0, 2.0 * ships)  # 12.3: a capital ship destroyed counts double
        self.actions = self._enumerate()

    def _enumerate(self) -> ActionSpace:
        unit, area = choice(self.units), choice(self.areas)
        hexes, to = choice(self.hexes), choice([*self.areas, *self.hexes])
        return ActionSpace(
            self.game_id,
            [
                {"done": constant(True)},
                {"place": unit, "area": area},
                {"initiative": choice(["keep", "decline"])},
                {"enter": unit, "to": area},
                {"move": unit, "to": to},
                {"launch": unit, "from": unit},
                {"recover": unit, "to": unit},
                {"retreat": unit},
                {"fire": unit, "at": unit},
                {"fire": unit, "at": unit, "dice": choice(range(1, self.most_dice + 1))},
                {"volley": area, "at": area},
                {"hit": unit},
                {"bombard": unit},
                {"intercept": unit, "at": unit},
                {"deploy": unit, "hex": hexes},
                {"land": unit, "hex": hexes},
                {"load": unit, "onto": unit},
            ],
        )

    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        battle = board["battle"]
        step = board["step"]
        if step is not None:
            self._step.of(obs)[self.kinds.index(step["kind"])] = 1
        if battle is None:
            return
        self._round.of(obs)[0] = sc(battle["round"], battle["rounds"])
        sides = self._sides.of(obs)
        for row, who in enumerate((battle.get("initiative"), battle.get("mover"))):
            if who is not None:
                sides[row, SIDES.index(who)] = 1
        if battle["kind"] == "planetary":
            sides[1, SIDES.index(battle["invader"])] = 1
        self._write_units(board["units"], battle, obs)

    def _write_units(
        self, units: dict[str, dict[str, Any]], battle: dict[str, Any], obs: FloatArray
    ) -> None:
        facts, types = self._facts.of(obs), self._type.of(obs)
        areas, hexes = self._area.of(obs), self._hex.of(obs)
        on_board = battle.get("areas", {})
        on_map = battle.get("hexes", {})
        waiting = battle.get("waiting", {})
        left = {u for gone in battle.get("left", {}).values() for u in gone}
        for uid, unit in units.items():
            i = self.unit_index[uid]
            row = facts[i]
            row[SIDES.index(unit["side"])] = 1
            row[2] = unit["damaged"]
            row[3] = uid in on_board
            row[4] = uid in waiting
            row[5] = uid in left
            row[6] = unit["aboard"] is not None and unit["aboard"] in self.unit_index
            row[7] = unit["aboard"] is not None and unit["aboard"] not in self.unit_index
            row[8] = uid in on_map
            row[9] = unit["at"] is not None and uid not in on_board and uid not in on_map
            types[i, self.type_index[unit["type"]]] = 1
            if uid in on_board:
                areas[i, self.area_index[on_board[uid]]] = 1
            if uid in on_map:
                hexes[i, self.hex_index[on_map[uid]]] = 1


ENCODING = ImperiumEncoding
