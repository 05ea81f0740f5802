"""VOTOMS: its actions as integers and a side's view as a vector (docs/environments.md).

Counters are named by *slot*: Merc's counters first, then Bieler's, each side's in the order of
their ids (the view lists them so). A side never has more counters at once than its counter
mix (cups, stock and removed units hold types, not counters), so that is its number of slots;
a slot's counter changes only when a counter with a lower id of its side leaves the game. A
step names the compass direction from the moving unit's hex (a move, a unit's retreat) or from
the combat hex (the whole stack's retreat): every step is to an adjacent hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wartable.engine import Game
from wartable.engine.rules import Action
from wartable.env.encodings import Encoding
from wartable.env.spaces import (
    ActionIndexError,
    ActionSpace,
    Field,
    FloatArray,
    choice,
    constant,
    slots,
    tally,
)
from wartable.env.spaces import scaled as sc
from wartable.games.votoms.combat import PS_VP
from wartable.games.votoms.components import UnitType, components
from wartable.games.votoms.flow import PHASES, STEPS
from wartable.games.votoms.movement import HELI_MP
from wartable.games.votoms.stages import NAMES

MAX_VALUE = 20  # the schema's bound on attack and defence
MAX_ROUNDS = 10  # a combat's round, as an observation (saturates)
MAX_MODS = 6  # the stage check modifiers (2.2.9), as an observation (saturates)
VP_SCALE = 100  # VP as an observation (saturates)


@dataclass(frozen=True)
class Context:
    slot: dict[str, int]  # counter id -> slot
    hex_of: dict[str, str | None]  # counter id -> its hex
    combat_hex: str | None


class VotomsEncoding(Encoding):
    static = ("map", "stage_name")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        c = components(game.options["data"])
        grid = c.grid
        self.hexes = sorted(grid.label(h) for h in grid.hexes)
        self.hex_index = {h: i for i, h in enumerate(self.hexes)}
        self.directions = grid.directions
        # (hex, adjacent hex) -> the direction's index: a step as an action field
        self.direction_of: dict[tuple[str | None, Any], int] = {
            (grid.label(a), grid.label(b)): self.directions.index(grid.direction(a, b))
            for a in grid.hexes
            for b in grid.neighbours(a)
        }
        self.types = sorted(c.units)
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.type_count = {t: c.units[t].count for t in self.types}
        self.capacity = {
            side: sum(t.count for t in c.units.values() if t.side == side) for side in self.players
        }
        self.offset: dict[str, int] = {}
        total = 0
        for side in self.players:
            self.offset[side] = total
            total += self.capacity[side]
        self.bases = sorted(p.id for p in c.places.values() if p.base)
        self.kinds = sorted(STEPS.kinds)
        self.markers = sorted(set(c.offensive_turns))
        self.last_turn = c.last_turn
        self.rp_max = c.rp_max
        self.points = sum(p.base_points for p in c.places.values() if p.base)
        h, s, t = len(self.hexes), total, len(self.types)
        add = self.layout.add
        self._turn = add("turn", "turn / last turn", 1)
        self._phase = add("phase", "the phase of rule 3.1, one-hot", len(PHASES))
        self._step = add(
            "step", "the kind of decision awaited, one-hot (sorted names)", len(self.kinds)
        )
        self._points = add("points", "base points Bieler spends now (4.3) / all base points", 1)
        self._stage = add("stage", "the stage, one-hot", len(NAMES))
        self._next = add("next_stage", "the stage due next turn, one-hot (none: zeros)", len(NAMES))
        self._flags = add("flags", "Kan Yu has met Blue AT; the offensive marker is drawn", 2)
        self._mods = add("mods", f"escape, strike_dog, kiriko check modifiers / {MAX_MODS}", 3)
        self._vp = add("vp", f"each side's VP / {VP_SCALE}, seats in order", len(self.players))
        self._rp = add("rp", "response points / the track's top", 1)
        self._control = add(
            "control", "each base (sorted ids): Merc, Bieler, neutral", len(self.bases), 3
        )
        self._cups = add("cups", "counters in each side's cup / its counter mix", len(self.players))
        self._stock = add("stock", "each unit type (sorted) in a stock / its count", t)
        self._removed = add("removed", "each unit type removed from the game / its count", t)
        self._returns = add("returns", "each unit type waiting to return / its count", t)
        self._offensive = add(
            "offensive", "the offensive turn if this side may see it, one-hot", len(self.markers)
        )
        self._combat = add("combat_hex", "the hex of the combat under way, one-hot", h)
        self._round = add("combat_round", f"its round / {MAX_ROUNDS}", 1)
        # per slot: present, up, acted, moved, known, fighting, mover, mp, attack, defence,
        # then the type one-hot, then the hex one-hot (none while off the map)
        self._units = add(
            "units", "per counter slot: 10 facts, type one-hot, hex one-hot", s, 10 + t + h
        )
        self.score_bounds = (0.0, float(self._most_vp(total, c.units.values())))
        self.actions = self._enumerate(total)

    def _enumerate(self, slots_in_all: int) -> ActionSpace:
        unit = slots(slots_in_all, lambda v, ctx, a: ctx.slot[v], "unit")
        hexes, flag = choice(self.hexes), constant(True)
        # a grouping holds a unit of each side, so there are no more than either side has
        groups = min(self.capacity.values())
        ways = len(self.directions)

        def step_from(key: str) -> Field:
            def index(to: Any, ctx: Context, action: Action) -> int:
                return self.direction_of[ctx.hex_of[action[key]], to]

            return Field(ways, index, lambda i: self.directions[i])

        def from_combat(to: Any, ctx: Context, action: Action) -> int:
            return self.direction_of[ctx.combat_hex, to]

        return ActionSpace(
            self.game_id,
            [
                {"move": unit, "to": step_from("move")},
                {"reveal": unit},
                {"hide": unit},
                {"flip": unit},
                {"base_target": unit},
                {"load": unit, "heli": unit},
                {"carry": unit, "heli": unit},
                {"pair": unit, "with": unit},
                {"target": unit, "at": unit},
                {"join": unit, "group": choice(range(groups))},
                {"retreat_unit": unit, "to": step_from("retreat_unit")},
                {"retreat_all": Field(ways, from_combat, lambda i: self.directions[i])},
                {"retreat": choice([True, False])},
                {"units": choice(range(self.points + 1))},
                {"combat": hexes},
                {"investigate": hexes},
                {"end": flag},
                {"done": flag},
            ],
        )

    def _most_vp(self, counters: int, types: Iterable[UnitType]) -> int:
        """More VP than a side can score: each turn the base income (4.4.4) and every counter
        destroyed in both combat phases at its highest worth (10.1, 10.2), plus the stage
        checks and the end bonuses (12, 14.2), at their largest."""
        worth = max(max(t.defence for t in types), PS_VP) + 1
        per_turn = self.points + 2 * counters * worth + 7 + 12
        return self.last_turn * per_turn + 25 + 12 + counters + 5

    def context(self, board: dict[str, Any]) -> Context:
        slot: dict[str, int] = {}
        hex_of: dict[str, str | None] = {}
        rank = dict.fromkeys(self.players, 0)
        for u in board["units"]:
            side, uid = u["side"], u["id"]
            if rank[side] >= self.capacity[side]:
                raise ActionIndexError(f"votoms: {side} has more counters than its mix")
            slot[uid] = self.offset[side] + rank[side]
            rank[side] += 1
            hex_of[uid] = u["hex"]
        combat = board["combat"] or {}
        return Context(slot, hex_of, combat.get("hex"))

    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        self._turn.of(obs)[0] = sc(board["turn"], self.last_turn)
        self._phase.of(obs)[PHASES.index(board["phase"])] = 1
        step = board["step"] or {}
        if step:
            self._step.of(obs)[self.kinds.index(step["kind"])] = 1
        self._points.of(obs)[0] = sc(step.get("points", 0), self.points)
        self._stage.of(obs)[board["stage"]] = 1
        if board["next_stage"] is not None:
            self._next.of(obs)[board["next_stage"]] = 1
        offensive = board["offensive"]
        self._flags.of(obs)[:] = (board["kan_yu_met_blue"], offensive["drawn"])
        mods = board["mods"]
        self._mods.of(obs)[:] = [sc(mods[k], MAX_MODS) for k in ("escape", "strike_dog", "kiriko")]
        self._vp.of(obs)[:] = [sc(board["vp"][p], VP_SCALE) for p in self.players]
        self._rp.of(obs)[0] = sc(board["rp"], self.rp_max)
        control = self._control.of(obs)
        for i, base in enumerate(self.bases):
            owner = board["control"].get(base)
            control[i, self.seat_index[owner] if owner is not None else 2] = 1
        self._cups.of(obs)[:] = [sc(board["cups"][p], self.capacity[p]) for p in self.players]
        self._count(self._stock.of(obs), [t for p in self.players for t in board["stock"][p]])
        self._count(self._removed.of(obs), board["removed"])
        self._count(self._returns.of(obs), [r["type"] for r in board["returns"]])
        if offensive["turn"] is not None:
            self._offensive.of(obs)[self.markers.index(offensive["turn"])] = 1
        combat = board["combat"] or {}
        fighting: set[str] = set()
        if combat.get("hex"):
            self._combat.of(obs)[self.hex_index[combat["hex"]]] = 1
            self._round.of(obs)[0] = sc(combat.get("round", 0), MAX_ROUNDS)
            fighting = {u for side in combat["units"].values() for u in side}
        self._write_units(board, self._units.of(obs), fighting, step.get("mover"))

    def _count(self, row: FloatArray, types: list[str]) -> None:
        tally(row, types, self.type_index, self.type_count)

    def _write_units(
        self, board: dict[str, Any], table: FloatArray, fighting: set[str], mover: str | None
    ) -> None:
        slot = self.context(board).slot
        hex_column = 10 + len(self.types)
        rows, facts = [], []
        ones: tuple[list[int], list[int]] = ([], [])  # (slot, column) of the one-hot values
        for u in board["units"]:
            row = slot[u["id"]]
            known = "type" in u
            rows.append(row)
            facts.append(
                (
                    1,
                    u["up"],
                    u["acted"],
                    u["moved"],
                    known,
                    u["id"] in fighting,
                    u["id"] == mover,
                    sc(u.get("mp", 0), HELI_MP),
                    sc(u["attack"], MAX_VALUE) if known else 0,
                    sc(u["defence"], MAX_VALUE) if known else 0,
                )
            )
            if known:
                ones[0].append(row)
                ones[1].append(10 + self.type_index[u["type"]])
            if u["hex"] is not None:
                ones[0].append(row)
                ones[1].append(hex_column + self.hex_index[u["hex"]])
        if rows:  # one numpy call per block: a unit's row at a time is several times slower
            table[rows, :10] = facts
            table[ones] = 1


ENCODING = VotomsEncoding
