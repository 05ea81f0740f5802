"""Mechanical Silhouette: its actions as integers and a seat's view as a vector
(docs/environments.md).

A cell is named by its place on the 6 x 6 sheet, row by row from the bottom. An item instance
(a weapon, a vernier) is named by its *anchor*, the lowest of its cells (row first): instance
names are the sheet's own and a re-drawn sheet may name them otherwise, but an instance always
owns its cells. Machines are named by id (the seats, then the scenario's pieces), parts by their
letter.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Game
from wartable.engine.rules import Action
from wartable.env.encodings import Encoding
from wartable.env.spaces import ActionSpace, Field, FloatArray, choice, constant
from wartable.env.spaces import scaled as sc
from wartable.games.silhouette.attack import AXES, RAM
from wartable.games.silhouette.components import components
from wartable.games.silhouette.grid import SIZE
from wartable.games.silhouette.stand import VERDICT_NAME
from wartable.games.silhouette.state import CAUSES
from wartable.games.silhouette.steps import STEPS

CELLS = SIZE * SIZE
GONE = ("destroyed", "fell", "detached")
SP_SCALE = 12  # SP as an observation (saturates)
THETA_SCALE = 180.0  # a lean in degrees
# the decisions that are a bare {"do": ...}
BARE = ("double", "pass", "surrender", "done", "take", "sturdy", "stands", "fallen")


def cell_label(i: int) -> str:
    return f"{i // SIZE + 1}-{i % SIZE + 1}"


CELL_INDEX = {cell_label(i): i for i in range(CELLS)}  # "row-col" -> row by row from the bottom


class SilhouetteEncoding(Encoding):
    static = ("items", "costs", "options")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        c = components(game.options["data"])
        board = game.view(None)["board"]
        self.machines = list(board["machines"])
        self.machine_index = {m: i for i, m in enumerate(self.machines)}
        self.sides = sorted(board["sides"])
        self.items = sorted(c.items)
        self.item_index = {it: i for i, it in enumerate(self.items)}
        self.parts = sorted({p for robot in c.robots.values() for p in robot.parts})
        self.part_index = {p: i for i, p in enumerate(self.parts)}
        self.kinds = sorted(STEPS.kinds)
        self.verdicts = list(VERDICT_NAME)
        self.causes = list(CAUSES)
        shifts = sorted({it.shift for it in c.items.values() if it.kind == "interrupt"})
        self.shifts = sorted({*shifts, *(-s for s in shifts)})
        m, items = len(self.machines), len(self.items)
        add = self.layout.add
        self._round = add("round", "round / rounds", 1)
        self._turn = add("turn", "the machine whose turn it is, one-hot (machine ids)", m)
        self._order = add("order", "each machine's place in the turn order / machines", m)
        self._step = add(
            "step", "the kind of decision awaited, one-hot (sorted names)", len(self.kinds)
        )
        self._step_machine = add("step_machine", "the machine the decision is about", m)
        self._step_cell = add("step_cell", "the cell to defend, one-hot", CELLS)
        self._attack = add("attack", "the attack: by, target, one-hot each", 2, m)
        self._weapon = add("attack_item", "the attack's item, one-hot (sorted ids)", items)
        self._dice = add(
            "attack_dice",
            "the roll and the hit cell (row, column), one-hot over 1-6 and off the sheet",
            4,
            SIZE + 1,
        )
        self._rolls = add("attack_rolls_left", "rolls left / 6", 1)
        self._facts = add(
            "machines",
            "per machine: side one-hot, yours (whole sheet seen), unit, weight / 36, SP, "
            "attacked, out (causes) one-hot, lean / 180°, verdict one-hot",
            m,
            len(self.sides) + 6 + len(self.causes) + len(self.verdicts),
        )
        self._cells = add(
            "cells",
            "per machine and cell: printed, gone (destroyed, fell, detached), cut, frayed, "
            "shown, known, item one-hot, part one-hot",
            m,
            CELLS,
            8 + items + len(self.parts),
        )
        # a seat scores its side's machines still standing
        sides = [board["machines"][seat]["side"] for seat in self.players]
        self.score_bounds = (0.0, float(max(len(board["sides"][s]) for s in sides)))
        self.actions = self._enumerate()

    def _enumerate(self) -> ActionSpace:
        machines, axes = choice(self.machines), choice(AXES)

        def weapon(inst: Any, anchors: dict[str, int], action: Action) -> int:
            return 0 if inst == RAM else anchors[inst] + 1

        def anchor(inst: Any, anchors: dict[str, int], action: Action) -> int:
            return anchors[inst]

        def cell(key: Any, anchors: dict[str, int], action: Action) -> int:
            return CELL_INDEX[key]

        return ActionSpace(
            self.game_id,
            [
                {"do": choice(BARE)},
                {
                    "do": constant("attack"),
                    "target": machines,
                    "weapon": Field(CELLS + 1, weapon, lambda i: cell_label(i - 1) if i else RAM),
                },
                {"do": constant("shift"), "axis": axes, "by": choice([-1, 1])},
                {"do": constant("set"), "axis": axes, "face": choice(range(1, SIZE + 1))},
                {
                    "do": constant("interrupt"),
                    "inst": Field(CELLS, anchor, cell_label),
                    "axis": axes,
                    "by": choice(self.shifts),
                },
                {"do": choice(["armour", "arm"]), "cell": Field(CELLS, cell, cell_label)},
                {"do": constant("detach"), "part": choice(self.parts)},
                {"do": constant("target"), "target": machines},
            ],
        )

    def context(self, board: dict[str, Any]) -> dict[str, int]:
        """The anchors of the instances of the machine the decision is about (its owner sees
        its whole sheet)."""
        step = board["step"] or {}
        anchors: dict[str, int] = {}
        if "machine" in step:
            for key, cell in board["machines"][step["machine"]]["cells"].items():
                inst = cell.get("inst")
                if inst is not None:
                    anchors[inst] = min(anchors.get(inst, CELLS), CELL_INDEX[key])
        return anchors

    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        at = self.machine_index
        m = len(self.machines)
        self._round.of(obs)[0] = sc(board["round"], board["rounds"])
        if board["turn"] is not None:
            self._turn.of(obs)[at[board["turn"]]] = 1
        order = self._order.of(obs)
        for place, mid in enumerate(board["order"], 1):
            order[at[mid]] = place / m
        step = board["step"]
        if step is not None:
            self._step.of(obs)[self.kinds.index(step["kind"])] = 1
            if "machine" in step:
                self._step_machine.of(obs)[at[step["machine"]]] = 1
            if "cell" in step:
                self._step_cell.of(obs)[CELL_INDEX[step["cell"]]] = 1
        attack = board["attack"]
        if attack is not None:
            self._write_attack(attack, obs)
        facts, cells = self._facts.of(obs), self._cells.of(obs)
        for mid, machine in board["machines"].items():
            i = at[mid]
            self._write_machine(machine, facts[i])
            self._write_cells(machine["cells"], cells[i])

    def _write_attack(self, attack: dict[str, Any], obs: FloatArray) -> None:
        who = self._attack.of(obs)
        who[0, self.machine_index[attack["by"]]] = 1
        if attack["target"] is not None:
            who[1, self.machine_index[attack["target"]]] = 1
        if attack["item"] is not None:
            self._weapon.of(obs)[self.item_index[attack["item"]]] = 1
        dice = self._dice.of(obs)
        for row, values in enumerate((attack["roll"], attack["at"])):
            for axis, value in enumerate(values or ()):
                dice[2 * row + axis, value - 1 if 1 <= value <= SIZE else SIZE] = 1
        self._rolls.of(obs)[0] = sc(attack["rolls_left"] or 0, SIZE)

    def _write_machine(self, machine: dict[str, Any], row: FloatArray) -> None:
        s = len(self.sides)
        row[self.sides.index(machine["side"])] = 1
        row[s : s + 5] = (
            machine["mine"],
            machine["unit"],
            sc(machine["weight"], CELLS),
            sc(machine["sp"], SP_SCALE),
            machine["attacked"],
        )
        if machine["out"] is not None:
            row[s + 5 + self.causes.index(machine["out"])] = 1
        lean = machine["lean"]
        rest = s + 5 + len(self.causes)
        row[rest] = sc(lean["theta"], THETA_SCALE)
        row[rest + 1 + self.verdicts.index(lean["verdict"])] = 1

    def _write_cells(self, cells: dict[str, dict[str, Any]], table: FloatArray) -> None:
        items, parts = self.item_index, 8 + len(self.items)
        rows, facts = [], []
        ones: tuple[list[int], list[int]] = ([], [])  # (cell, column) of the one-hot values
        for key, cell in cells.items():
            row = CELL_INDEX[key]
            known = "item" in cell
            rows.append(row)
            facts.append((cell["cut"], cell["frayed"], cell["shown"], known))
            columns = [0]  # printed
            if cell["gone"] is not None:
                columns.append(1 + GONE.index(cell["gone"]))
            if known:
                columns += (8 + items[cell["item"]], parts + self.part_index[cell["part"]])
            ones[0].extend([row] * len(columns))
            ones[1].extend(columns)
        table[rows, 4:8] = facts  # one numpy call per block, not per cell
        table[ones] = 1


ENCODING = SilhouetteEncoding
