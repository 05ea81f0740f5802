"""Skirmish: a small two-player test game that exercises every part of the engine.

Not one of the five games: it lives in the test suite only. Red and Blue each draw three units
face-down from their own cup onto a 4x3 hex map. Every turn both choose a stance in secret (a
simultaneous choice); then the active side moves one unit (scouts 2 hexes, stopping on entering
an enemy hex) or passes. Moving into an enemy stack starts a fight: both units there are revealed,
the defender (not the active player) picks which of its units defends, and each side rolls
1D + attack (+1 for the stance that fits). The loser is destroyed; a tie destroys nothing.
After `turns` turns, or when a side has no units, the side with more units wins.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path as FilePath
from typing import Any

from wartable.engine import Action, Context, IllegalAction, Rules, State, msg
from wartable.engine.data import DataFile, Entry, Int, ListOf, Names, Schema, Str, load
from wartable.engine.decks import draw_random, hidden_items
from wartable.engine.hexmap import HexGrid, reachable
from wartable.engine.rules import Path

GRID = HexGrid.rectangle(4, 3, orientation="flat", parity="odd", label_digits=1)
DATA_FILE = FilePath(__file__).with_name("skirmish.toml")
HEX = Str(pattern=r"[A-D][1-3]")
SCHEMA = Schema(
    values={"game": Str(choices=("skirmish",))},
    many={
        "units": Entry(
            {"name": Names(), "attack": Int(1, 6), "count": Int(1, 5), "moves": Int(1, 3)},
            required=frozenset({"name", "attack", "count"}),
        )
    },
    one={
        "start": Entry(
            {"red": ListOf(HEX, 3, 3), "blue": ListOf(HEX, 3, 3)},
            required=frozenset({"red", "blue"}),
        )
    },
)
DATA = load(SCHEMA, DataFile.read(DATA_FILE))
ATTACK = {kind: unit["attack"] for kind, unit in DATA["units"].items()}
MOVES = {kind: unit.get("moves", 1) for kind, unit in DATA["units"].items()}
CUP = [kind for kind, unit in DATA["units"].items() for _ in range(unit["count"])]
START = {side: DATA["start"][side] for side in ("red", "blue")}


class Skirmish(Rules):
    id = "skirmish"
    version = "1"
    title = msg("Skirmish (test game)", "小競り合い（テスト用）")

    def default_options(self) -> dict[str, Any]:
        return {"turns": 12}

    def data_schema(self) -> Schema:
        return SCHEMA

    def data_file(self) -> FilePath:
        return DATA_FILE

    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        return ("red", "blue")

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        units: list[dict[str, Any]] = []
        cups = {side: list(CUP) for side in players}
        for side in players:
            for n, where in enumerate(START[side], 1):
                kind = draw_random(ctx, cups[side])
                units.append(
                    {"id": f"{side[0]}{n}", "side": side, "kind": kind, "hex": where, "up": False}
                )
            ctx.say(
                msg(f"{side} deploys three units face-down", f"{side} が3ユニットを裏向きで配置")
            )
        return {
            "turn": 1,
            "last_turn": options["turns"],
            "active": "red",
            "phase": "stance",
            "stance": {"red": None, "blue": None},
            "units": units,
            "cups": cups,
            "fight": None,
        }

    # -- who acts, and what they may do --------------------------------------------------------

    def to_act(self, state: State) -> tuple[str, ...]:
        if state["phase"] == "stance":
            return tuple(p for p, s in state["stance"].items() if s is None)
        if state["phase"] == "defend":
            return (state["fight"]["defender"],)
        return (state["active"],)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if player not in self.to_act(state):
            return []
        if state["phase"] == "stance":
            return [{"stance": "attack"}, {"stance": "defend"}]
        if state["phase"] == "defend":
            here = state["fight"]["hex"]
            return [
                {"defend": u["id"]}
                for u in state["units"]
                if u["side"] == player and u["hex"] == here
            ]
        actions: list[Action] = [{"pass": True}]
        for unit in state["units"]:
            if unit["side"] == player:
                actions += [{"move": unit["id"], "to": to} for to in self.destinations(state, unit)]
        return actions

    def destinations(self, state: State, unit: dict[str, Any]) -> list[str]:
        """Rule S3: 1 hex, a scout 2; entering an enemy hex stops movement."""
        enemy = {u["hex"] for u in state["units"] if u["side"] != unit["side"]}
        mp = MOVES[unit["kind"]]
        reach = reachable(
            GRID, GRID.parse(unit["hex"]), mp, lambda a, b: 1, lambda a, b: GRID.label(b) in enemy
        )
        return sorted(GRID.label(h) for h in reach if GRID.label(h) != unit["hex"])

    # -- carrying out ----------------------------------------------------------------------------

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        if "stance" in action:
            state["stance"][player] = action["stance"]
            if all(state["stance"].values()):
                ctx.reveal()
                shown = ", ".join(f"{p} {s}" for p, s in state["stance"].items())
                ctx.say(msg(f"stances revealed: {shown}", f"構え公開: {shown}"), rule="S2")
                state["phase"] = "move"
        elif "pass" in action:
            self.end_turn(state)
        elif "move" in action:
            unit = self.unit(state, action["move"])
            unit["hex"] = action["to"]
            ctx.say(
                msg(
                    f"{player} moves {unit['id']} to {action['to']}",
                    f"{player} が {unit['id']} を {action['to']} へ移動",
                )
            )
            defenders = [
                u for u in state["units"] if u["side"] != player and u["hex"] == action["to"]
            ]
            if not defenders:
                self.end_turn(state)
                return
            state["fight"] = {
                "hex": action["to"],
                "attacker": unit["id"],
                "defender": defenders[0]["side"],
            }
            state["phase"] = "defend"
            for u in [unit, *defenders]:
                u["up"] = True
            ctx.reveal()
            kinds = ", ".join(f"{u['id']} {u['kind']}" for u in [unit, *defenders])
            ctx.say(
                msg(
                    f"fight at {action['to']}: revealed {kinds}",
                    f"{action['to']} で戦闘: {kinds} を公開",
                ),
                rule="S4",
            )
        else:
            self.fight(
                ctx,
                state,
                self.unit(state, state["fight"]["attacker"]),
                self.unit(state, action["defend"]),
            )

    def fight(
        self, ctx: Context, state: State, attacker: dict[str, Any], defender: dict[str, Any]
    ) -> None:
        """Rule S5: 1D + attack, +1 for a fitting stance (attack to attack, defend to defend)."""

        def score(unit: dict[str, Any], bonus_stance: str) -> int:
            (die,) = ctx.roll(
                unit["side"], 1, "S5", msg(f"{unit['id']} fights", f"{unit['id']} の戦闘")
            )
            return die + ATTACK[unit["kind"]] + (state["stance"][unit["side"]] == bonus_stance)

        a, d = score(attacker, "attack"), score(defender, "defend")
        if a != d:
            loser = defender if a > d else attacker
            state["units"].remove(loser)
            ctx.say(msg(f"{loser['id']} is destroyed", f"{loser['id']} 撃破"), rule="S5")
        state["fight"] = None
        self.end_turn(state)

    def end_turn(self, state: State) -> None:
        state["turn"] += 1
        state["active"] = "blue" if state["active"] == "red" else "red"
        state["phase"] = "stance"
        state["stance"] = {"red": None, "blue": None}

    @staticmethod
    def unit(state: State, unit_id: Any) -> dict[str, Any]:
        for unit in state["units"]:
            if unit["id"] == unit_id:
                return unit  # type: ignore[no-any-return]
        raise IllegalAction(f"there is no unit {unit_id!r}")

    # -- the end, and what each player sees -------------------------------------------------------

    def result(self, state: State) -> dict[str, Any] | None:
        count = {side: sum(u["side"] == side for u in state["units"]) for side in ("red", "blue")}
        if state["turn"] <= state["last_turn"] and all(count.values()):
            return None
        best = max(count.values())
        winners = (
            [s for s, n in count.items() if n == best] if count["red"] != count["blue"] else []
        )
        return {"winners": winners, "scores": count}

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        for i, unit in enumerate(state["units"]):
            if not unit["up"] and unit["side"] != player:
                yield ("units", i, "kind")
        if state["phase"] == "stance":
            for side, stance in state["stance"].items():
                if stance is not None and side != player:
                    yield ("stance", side)
        for side, cup in state["cups"].items():
            yield from hidden_items(("cups", side), cup)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """Face-down enemy units and every cup re-drawn from the same pool (each side's cup
        plus its unseen units: what has left the cup was seen), and a secret stance guessed."""
        for side, cup in state["cups"].items():
            unseen = [u for u in state["units"] if u["side"] == side and not u["up"]]
            if side == player:
                unseen = []
            pool = sorted(cup + [u["kind"] for u in unseen])
            rng.shuffle(pool)
            for unit in unseen:
                unit["kind"] = pool.pop()
            state["cups"][side] = pool
        if state["phase"] == "stance":
            for side, stance in state["stance"].items():
                if stance is not None and side != player:
                    state["stance"][side] = rng.choice(["attack", "defend"])
        return state

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        units = [
            {**u, "kind": u["kind"] if u["up"] or u["side"] == player else None}
            for u in state["units"]
        ]
        secret = state["phase"] == "stance"
        stance = {
            side: (s if side == player or not secret else (s is not None and "chosen"))
            for side, s in state["stance"].items()
        }
        return {
            "turn": state["turn"],
            "last_turn": state["last_turn"],
            "active": state["active"],
            "phase": state["phase"],
            "stance": stance,
            "units": units,
            "cups": {side: len(cup) for side, cup in state["cups"].items()},
            "fight": state["fight"],
            "map": [GRID.label(h) for h in sorted(GRID.hexes)],
        }

    def describe(self, state: State, player: str, action: Action) -> dict[str, str]:
        if "move" in action:
            unit = self.unit(state, action["move"])
            return msg(
                f"move {unit['id']} {unit['hex']} → {action['to']}",
                f"{unit['id']} を {unit['hex']} → {action['to']} へ移動",
            )
        if "stance" in action:
            return msg(f"stance: {action['stance']}", f"構え: {action['stance']}")
        if "defend" in action:
            return msg(f"defend with {action['defend']}", f"{action['defend']} で防御")
        return msg("pass", "パス")

    def max_actions(self, options: dict[str, Any]) -> int:
        return options["turns"] * 4 + 10


SKIRMISH = Skirmish()
