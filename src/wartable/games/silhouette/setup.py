"""Rule S1: the mode of play and its regulation, the seats, the robots and the machines."""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.engine.errors import OptionError
from wartable.games.silhouette.components import Components, Robot, components
from wartable.games.silhouette.state import Machine

MODES = ("versus", "team", "solo", "coop")
DEFAULT_SCENARIO = {"solo": "first_mission", "coop": "one_for_all"}
# the robots seats get when the options name none (rotated for larger teams)
DEFAULT_ROBOTS = ("hien", "tsurugi", "kagerou", "raiden")


def scenario_id(options: dict[str, Any]) -> str:
    return str(options["scenario"] or DEFAULT_SCENARIO.get(options["mode"], ""))


def seats(options: dict[str, Any], comp: Components) -> tuple[str, ...]:
    """The seats of a mode (S1): versus p1, p2; team a1, b1, a2, b2, ...; solo and co-op
    pilot1.. as many as the scenario is for."""
    mode = options["mode"]
    if mode == "versus":
        return ("p1", "p2")
    if mode == "team":
        size = options["team_size"]
        return tuple(f"{side}{n}" for n in range(1, size + 1) for side in "ab")
    scenario = comp.scenarios[scenario_id(options)]
    return tuple(f"pilot{n}" for n in range(1, scenario.players + 1))


def check(options: dict[str, Any], comp: Components) -> None:
    mode = options["mode"]
    if mode not in MODES:
        raise OptionError(f"option mode must be one of {', '.join(MODES)}, got {mode!r}")
    if not 2 <= options["team_size"] <= 4:
        raise OptionError("option team_size must be 2, 3 or 4")
    sid = scenario_id(options)
    if mode in DEFAULT_SCENARIO:
        if sid not in comp.scenarios:
            raise OptionError(
                f"option scenario: no scenario {sid!r} (known: {', '.join(comp.scenarios)})"
            )
        if (comp.scenarios[sid].players == 1) != (mode == "solo"):
            raise OptionError(f"option scenario: {sid!r} is not a {mode} scenario")
    elif options["scenario"]:
        raise OptionError(f"option scenario is for solo and coop play, not {mode}")
    known = seats(options, comp)
    for seat, rid in options["robots"].items():
        if seat not in known:
            raise OptionError(f"option robots: no seat {seat!r} (seats: {', '.join(known)})")
        robot = comp.robots.get(rid) if isinstance(rid, str) else None
        if robot is None or robot.kind != "silhouette":
            names = ", ".join(r for r, x in comp.robots.items() if x.kind == "silhouette")
            raise OptionError(f"option robots: {seat}: no silhouette {rid!r} (known: {names})")


def robots_of(options: dict[str, Any], players: tuple[str, ...]) -> dict[str, str]:
    """Each seat's robot: the ``robots`` option's, else the defaults in turn."""
    return {
        seat: options["robots"].get(seat, DEFAULT_ROBOTS[n % len(DEFAULT_ROBOTS)])
        for n, seat in enumerate(players)
    }


def seat_side(mode: str, seat: str) -> str:
    """A seat's side: a or b in team play, p1 a and p2 b in versus, the pilots a (G1)."""
    if mode == "team":
        return seat[0]
    return "b" if seat == "p2" else "a"


def new_machine(mid: str, robot: Robot, owner: str | None, side: str, sp: int) -> Machine:
    return {
        "id": mid,
        "robot": robot.id,
        "name": robot.name,
        "owner": owner,
        "side": side,
        "unit": robot.kind == "unit",
        "weight": robot.weight,
        "sp": sp,
        "attacked": False,
        "out": None,
        "lean": {"theta": 0.0, "level": None, "verdict": "standing"},
        "links": [list(link) for link in robot.links],
        "cells": {
            key: {
                "item": placed.item,
                "part": placed.part,
                "inst": placed.inst,
                "cut": False,
                "gone": None,
                "frayed": False,
                "shown": False,
            }
            for key, placed in robot.cells.items()
        },
    }


def new_state(ctx: Context, options: dict[str, Any]) -> State:
    comp = components(options["data"])
    mode = options["mode"]
    players = seats(options, comp)
    start = comp.rules["start_sp"]
    machines: dict[str, Machine] = {}
    for seat, rid in robots_of(options, players).items():
        machines[seat] = new_machine(seat, comp.robots[rid], seat, seat_side(mode, seat), start)
    rounds = comp.rules["rounds"]
    if mode in DEFAULT_SCENARIO:
        scenario = comp.scenarios[scenario_id(options)]
        rounds = scenario.rounds
        pieces = [*scenario.enemies, *scenario.escorts]
        for n, rid in enumerate(pieces, 1):
            mid = f"e{n}"
            machines[mid] = new_machine(mid, comp.robots[rid], None, "b", start)
            machines[mid]["escort"] = n > len(scenario.enemies)
        ctx.say(
            msg(f"scenario: {scenario.name['en']}", f"シナリオ: {scenario.name['ja']}"), rule="S1.2"
        )
    sides: dict[str, list[str]] = {}
    for mid, m in machines.items():
        sides.setdefault(m["side"], []).append(mid)
    tracks = {}
    if mode == "team":  # S1.1: who records whom, each seat the one across from it
        for seat in players:
            other = "b" if seat[0] == "a" else "a"
            tracks[seat] = other + seat[1:]
    return {
        "data": options["data"],
        "options": {k: v for k, v in options.items() if k != "data"},
        "mode": mode,
        "seats": list(players),
        "sides": sides,
        "tracks": tracks,
        "machines": machines,
        "rounds": rounds,
        "round": 0,
        "order": [],
        "turn": 0,
        "attack": None,
        "step": None,
        "end": None,
    }


def options_for(options: dict[str, Any], player: str | None, comp: Components) -> dict[str, Any]:
    """`options` without the drawings of robots that only the other side plays (G22)."""
    drawn = options["data"].get("robots", {})
    if not drawn:
        return options
    players = seats(options, comp)
    side = {seat: seat_side(options["mode"], seat) for seat in players}
    robots = robots_of(options, players)
    own = {robots[s] for s in players if player is not None and side[s] == side[player]}
    others = set(robots.values()) - own
    kept = {rid: sheet for rid, sheet in drawn.items() if rid not in others}
    return {**options, "data": {**options["data"], "robots": kept}}
