"""The printed components of Mechanical Silhouette as data: items, robot sheets, scenarios and
the standing test's profiles (data/silhouette.toml).

A robot sheet is drawn in the file as a 6 x 6 picture (`layout`); the schema checks the picture
(tokens, parts, several-cell items, one core, every cell joined to the core) and names the
file, line and field of the first problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartable.engine.data import (
    Bool,
    ComponentSet,
    DataPath,
    Entry,
    Float,
    Int,
    ListOf,
    MapOf,
    Names,
    Ref,
    Schema,
    Str,
)
from wartable.engine.log import Msg
from wartable.games.silhouette.grid import SIZE, Cell, cell_key, joined, parse_key
from wartable.games.silhouette.physics import STANDS_BELOW, CellState, Profile, lean

DATA_FILE = Path(__file__).parent / "data" / "silhouette.toml"
ITEM_KINDS = (
    "core",
    "hollow",
    "armour",
    "legs",
    "arm",
    "vehicle",
    "ranged",
    "melee",
    "interrupt",
    "ram",
)
WEAPON_KINDS = ("ranged", "melee", "ram")
ROBOT_KINDS = ("silhouette", "unit")
TOKEN = re.compile(r"([a-z])([A-Z])(\d?)")
LINK = re.compile(r"([1-6]-[1-6]) ([1-6]-[1-6])")

SCHEMA = Schema(
    values={"game": Str(choices=("silhouette",)), "data_version": Int(1, 1)},
    one={
        "rules": Entry(
            {
                "rounds": Int(1, 99),
                "start_sp": Int(0, 99),
                "round_sp": Int(0, 99),
                "unattacked_sp": Int(0, 99),
                "shift_cost": Int(0, 99),
                "set_cost": Int(0, 99),
                "double_cost": Int(0, 99),
            },
            required=frozenset(
                {"rounds", "start_sp", "round_sp", "unattacked_sp"}
                | {"shift_cost", "set_cost", "double_cost"}
            ),
        )
    },
    many={
        "items": Entry(
            {
                "name": Names(),
                "key": Str(pattern=r"[A-Z-]"),
                "symbol": Str(pattern=r".{1,2}"),
                "kind": Str(choices=ITEM_KINDS),
                "cells": Int(1, 6),
                "sturdy": Bool(),
                "attacks": Int(0, 9),
                "cuts": Int(0, 6),
                "damage": Str(choices=("tear", "cut")),
                "shift": Int(0, 5),
                "row_cut": Bool(),
            },
            required=frozenset({"name", "key", "symbol", "kind"}),
        ),
        "robots": Entry(
            {
                "name": Names(),
                "kind": Str(choices=ROBOT_KINDS),
                "layout": ListOf(Str(), SIZE, SIZE),
                "parts": MapOf(Names(), key=Str(pattern=r"[a-z]")),
                "links": ListOf(Str(pattern=LINK.pattern)),
            },
            required=frozenset({"name", "kind", "layout", "parts"}),
        ),
        "scenarios": Entry(
            {
                "name": Names(),
                "players": Int(1, 4),
                "enemies": ListOf(Ref("robots"), 1),
                "escorts": ListOf(Ref("robots")),
                "rounds": Int(1, 99),
            },
            required=frozenset({"name", "players", "enemies", "escorts", "rounds"}),
        ),
        "physics": Entry(
            {
                "model": Str(choices=("hinge", "tip")),
                "k": Float(0.001),
                "w_d": Float(0.0, 1.0),
                "kappa_cut": Float(0.0, 1.0),
                "tau_tear": Float(0.0, 1.0),
                "beta": Float(0.0, 10.0),
            },
            required=frozenset({"model", "k"}),
        ),
    },
)


@dataclass(frozen=True)
class Item:
    id: str
    name: Msg
    key: str
    symbol: str
    kind: str
    cells: int
    sturdy: bool
    attacks: int
    cuts: int
    damage: str
    shift: int
    row_cut: bool


@dataclass(frozen=True)
class Placed:
    """What one cell of a sheet carries: its part, its item, and the item's instance id."""

    part: str
    item: str
    inst: str


@dataclass(frozen=True)
class Robot:
    id: str
    name: Msg
    kind: str
    cells: dict[str, Placed]  # "row-col" -> what is printed there
    parts: dict[str, Msg]
    links: tuple[tuple[str, str], ...]

    @property
    def weight(self) -> int:
        """Rule S4: the weight is the initial number of cells."""
        return len(self.cells)

    def core(self) -> str:
        return next(key for key, placed in self.cells.items() if placed.item == "core")


@dataclass(frozen=True)
class Scenario:
    id: str
    name: Msg
    players: int
    enemies: tuple[str, ...]
    escorts: tuple[str, ...]
    rounds: int


@dataclass(frozen=True, eq=False)  # one set of components is itself: a key of sheet.py's tables
class Components:
    rules: dict[str, int]
    items: dict[str, Item]
    robots: dict[str, Robot]
    scenarios: dict[str, Scenario]
    physics: dict[str, dict[str, Any]]


def _layout(
    layout: list[str], keys: dict[str, str]
) -> tuple[dict[str, tuple[str, str, str]], list[str]]:
    """The cells of a layout picture as "row-col" -> (part, item id, token), and its problems;
    `keys` maps each item key to its item id."""
    cells: dict[str, tuple[str, str, str]] = {}
    problems: list[str] = []
    for index, line in enumerate(layout):
        row = SIZE - index
        tokens = line.split()
        if len(tokens) != SIZE:
            problems.append(f"row {row} has {len(tokens)} tokens, not {SIZE}")
            continue
        for col, token in enumerate(tokens, 1):
            if token == ".":
                continue
            match = TOKEN.fullmatch(token)
            if match is None:
                problems.append(f"row {row} column {col}: {token!r} is not <part><item key>[digit]")
            elif match.group(2) not in keys:
                problems.append(f"row {row} column {col}: no item has the key {match.group(2)!r}")
            else:
                cells[cell_key((row, col))] = (match.group(1), keys[match.group(2)], token)
    return cells, problems


def _robot_problems(robot: dict[str, Any], doc: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for every problem of one robot sheet."""
    items = doc["items"]
    cells, problems = _layout(robot["layout"], {item["key"]: iid for iid, item in items.items()})
    found = [("layout", p) for p in problems]
    if found:
        return found
    for key, (part, item, _) in cells.items():
        if part not in robot["parts"]:
            found.append(("layout", f"cell {key}: part {part!r} is not named under parts"))
        if items[item]["kind"] == "ram":
            found.append(("layout", f"cell {key}: the body slam is not printed in a cell (S6.1)"))
    tokens: dict[str, list[Cell]] = {}
    for key, (_, item, token) in cells.items():
        if items[item].get("cells", 1) > 1:
            tokens.setdefault(token, []).append(parse_key(key))
    for token, where in tokens.items():
        size = items[cells[cell_key(where[0])][1]].get("cells", 1)
        if len(where) != size or len(joined(set(where), where[0], ())) != size:
            found.append(("layout", f"{token!r} must be {size} touching cells, one item"))
    cores = [key for key, (_, item, _) in cells.items() if items[item]["kind"] == "core"]
    if len(cores) != 1:
        return [*found, ("layout", f"a sheet has exactly one core (S10 ①), found {len(cores)}")]
    links = []
    for text in robot.get("links", []):
        a, b = text.split()
        if a not in cells or b not in cells:
            found.append(("links", f"{text!r}: both ends must be cells of the layout"))
        links.append((parse_key(a), parse_key(b)))
    live = {parse_key(key) for key in cells}
    apart = live - joined(live, parse_key(cores[0]), links)
    if apart:
        names = ", ".join(sorted(cell_key(c) for c in apart))
        found.append(("layout", f"cells not joined to the core (S6.1 connection): {names}"))
    if robot["kind"] == "silhouette" and not any(row == 1 for row, _ in live):
        found.append(("layout", "a silhouette needs cells in row 1 to stand on the base (S10 ②)"))
    if found or robot["kind"] != "silhouette":
        return found
    return _standing_problems(live, links, parse_key(cores[0]), doc["physics"])


def _extra_checks(doc: dict[str, Any]) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    keys: dict[str, str] = {}
    for iid, item in doc["items"].items():
        if item["key"] in keys:
            found.append((("items", iid, "key"), f"the key is also {keys[item['key']]}'s"))
        keys[item["key"]] = iid
        if item["kind"] in WEAPON_KINDS and item.get("attacks", 0) < 1:
            found.append((("items", iid, "attacks"), "a weapon makes at least 1 attack"))
        if item["kind"] == "interrupt" and item.get("shift", 0) < 1:
            found.append((("items", iid, "shift"), "an interrupt moves the hit by at least 1"))
        if item.get("cuts", 0) > item.get("cells", 1):
            found.append((("items", iid, "cuts"), "its cuts go into its own cells (G11)"))
    if [i for i in doc["items"].values() if i["kind"] == "ram"] == []:
        found.append((("items",), "an item of kind ram is needed: every silhouette can ram (S6.1)"))
    for rid, robot in doc["robots"].items():
        problems = _robot_problems(robot, doc)
        found.extend((("robots", rid, field_name), message) for field_name, message in problems)
    return found


def _standing_problems(
    live: set[Cell], links: list[tuple[Cell, Cell]], core: Cell, physics: dict[str, Any]
) -> list[tuple[str, str]]:
    """An intact silhouette must stand under every physics profile (S10 ③, G20)."""
    intact = {cell: CellState() for cell in live}
    found = []
    for pid, values in physics.items():
        profile = Profile(**{k: v for k, v in values.items() if k != "source"})
        theta = lean(intact, links, core, profile).theta
        if theta >= STANDS_BELOW:
            found.append(
                ("layout", f"it does not stand intact: leans {theta:.0f}° under physics.{pid}")
            )
    return found


SCHEMA.extra = _extra_checks


def build(doc: dict[str, Any]) -> Components:
    items = {
        iid: Item(
            id=iid,
            name=item["name"],
            key=item["key"],
            symbol=item["symbol"],
            kind=item["kind"],
            cells=item.get("cells", 1),
            sturdy=item.get("sturdy", False),
            attacks=item.get("attacks", 0),
            cuts=item.get("cuts", 0),
            damage=item.get("damage", "tear"),
            shift=item.get("shift", 0),
            row_cut=item.get("row_cut", False),
        )
        for iid, item in doc["items"].items()
    }
    keys = {item.key: iid for iid, item in items.items()}
    robots = {}
    for rid, robot in doc["robots"].items():
        cells, _ = _layout(robot["layout"], keys)
        placed = {
            key: Placed(part, item, token if items[item].cells > 1 else key)
            for key, (part, item, token) in cells.items()
        }
        links = tuple((a, b) for a, b in (text.split() for text in robot.get("links", [])))
        robots[rid] = Robot(
            rid,
            robot["name"],
            robot["kind"],
            placed,
            robot["parts"],
            links,
        )
    scenarios = {
        sid: Scenario(
            sid, s["name"], s["players"], tuple(s["enemies"]), tuple(s["escorts"]), s["rounds"]
        )
        for sid, s in doc["scenarios"].items()
    }
    rules = {k: v for k, v in doc["rules"].items() if k != "source"}
    physics = {
        pid: {k: v for k, v in p.items() if k != "source"} for pid, p in doc["physics"].items()
    }
    return Components(rules, items, robots, scenarios, physics)


COMPONENTS = ComponentSet(SCHEMA, DATA_FILE, build)


def components(overlay: dict[str, Any]) -> Components:
    """The game's components with a user's printed values (the ``data`` option) laid over."""
    return COMPONENTS.get(overlay)


SHIPPED = components({})  # the shipped file alone
