"""A table for Mechanical Silhouette's tests: games whose dice a test scripts (from the set-up
on), actions that must be legal before they are applied, and the usual moves of an attack."""

from __future__ import annotations

from typing import Any
from unittest import mock

import wartable
from support.dice import ScriptedDice, script_game
from wartable.engine import Event, Game
from wartable.games.silhouette.components import components

C = components({})
Action = dict[str, Any]


def _names(**parts: str) -> dict[str, dict[str, str]]:
    return {key: {"ja": name, "en": name} for key, name in parts.items()}


def _robot(name: str, layout: list[str], parts: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {
        "name": {"ja": name, "en": name},
        "kind": "silhouette",
        "layout": layout,
        "parts": parts,
        "source": "reconstructed: a test sheet",
        **more,
    }


# Sheets a player might draw (the `data` option), each made to show one rule on a real table.
MINE: dict[str, Any] = {
    "robots": {
        # one-cell legs either side of a body column on the base; a heat knife (S6.1-B, G14)
        "brawler": _robot(
            "Brawler",
            [
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  .  hO .  .  . ",
                "lH bA bC bA rM . ",
                ".  bO bO bO .  . ",
                ".  jL bO kL .  . ",
            ],
            _names(h="head", b="body", l="left arm", r="right arm", j="left leg", k="right leg"),
        ),
        # one vehicle-body cell instead of legs (S6.1-B, G14)
        "cart": _robot(
            "Cart",
            [
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                "lH bA bC bA .  . ",
                ".  bO bO bO .  . ",
                ".  cV bO .  .  . ",
            ],
            _names(b="body", l="arm", c="wheels"),
        ),
        # the machine gun shares the core's part but stands on its own leg (G8)
        "forked": _robot(
            "Forked",
            [
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                "bC bO bM .  .  . ",
                "bO .  bO .  .  . ",
                "bO .  bO .  .  . ",
            ],
            _names(b="body"),
        ),
        # an antenna held only by a printed line (S6.1 connection)
        "kite": _robot(
            "Kite",
            [
                "aM .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  bO bO .  .  . ",
                ".  bO bC bO .  . ",
                ".  bO bO bO .  . ",
                ".  bO bO bO .  . ",
            ],
            _names(a="antenna", b="body"),
            links=["6-1 4-2"],
        ),
        # the core glued to the base: it can lose every cell around it and still stand (S10)
        "squat": _robot(
            "Squat",
            [
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  .  .  .  .  . ",
                ".  bM bO bM .  . ",
                ".  bO bC bO .  . ",
            ],
            _names(b="body"),
        ),
    }
}


def new(seed: int = 1, faces: list[int] | None = None, **options: Any) -> Game:
    """A game with `options`; with `faces`, every die from the set-up on (the turn-order
    tie-break of S4, an enemy piece's first attack) rolls those faces in order."""
    if faces is None:
        return wartable.new_game("silhouette", seed=seed, options=options)
    with mock.patch("wartable.engine.game.Dice", lambda s: ScriptedDice(faces, s)):
        return wartable.new_game("silhouette", seed=seed, options=options)


def act(game: Game, player: str, action: Action) -> list[Event]:
    """Apply an action after checking that it is among the legal ones."""
    actions = game.legal_actions(player)
    assert action in actions, f"{action} is not legal for {player}: {actions}"
    return game.apply(player, action)


def play(game: Game, player: str, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += act(game, player, action)
    return events


def step(game: Game) -> dict[str, Any]:
    """The decision the game waits for: its kind and whose machine it is about."""
    s: dict[str, Any] = game.state["step"]
    return s


def attack(
    game: Game,
    weapon: str,
    target: str,
    faces: list[int],
    *,
    defend: Action | None = None,
) -> list[Event]:
    """The machine to act attacks `target` with `weapon`, the dice roll `faces` (row, column for
    each of the weapon's attacks); then `answer` the questions that follow."""
    by = game.to_act[0]
    script_game(game, faces)
    events = act(game, by, {"do": "attack", "weapon": weapon, "target": target})
    return events + answer(game, defend=defend)


def answer(game: Game, *, defend: Action | None = None) -> list[Event]:
    """Until the next turn (or a self-destruction): the attacker keeps the dice, the defender
    uses no interrupt and, when a live cell is hit, `defend` (default: takes the damage)."""
    events: list[Event] = []
    while game.to_act and step(game)["kind"] in ("boost", "interrupt", "defend"):
        kind = step(game)["kind"]
        who = game.to_act[0]
        if kind in ("boost", "interrupt"):
            events += act(game, who, {"do": "done"})
        else:
            events += act(game, who, defend or {"do": "take"})
    return events


def coop_at_raiden() -> Game:
    """Co-op with Raiden as pilot1, at Raiden's first turn: the three Fly Watches (weight 4)
    roll 1, 2, 3 for the order and Raiden beats the War Train (both 24) 1 to 2; each Fly
    Watch misses (6-6, where neither pilot has a cell) and pilot2 ends its turn."""
    faces = [1, 2, 3, 1, 2, 6, 6, 6, 6, 6, 6]
    game = new(mode="coop", robots={"pilot1": "raiden"}, faces=faces)
    assert game.state["order"] == ["e2", "e3", "e4", "pilot2", "pilot1", "e1"]
    answer(game)
    end_turn(game)
    assert game.to_act == ("pilot1",)
    return game


def end_turn(game: Game) -> list[Event]:
    """The machine to act ends its turn without attacking (S5, G10)."""
    return act(game, game.to_act[0], {"do": "pass"})


def said(events: list[Event], rule: str | None = None) -> list[str]:
    """The English text of the events logged (under `rule`)."""
    return [
        e["msg"]["en"]
        for e in events
        if e["kind"] == "say" and (rule is None or e.get("rule") == rule)
    ]


def rolls(events: list[Event]) -> list[list[int]]:
    return [e["dice"] for e in events if e["kind"] == "roll"]


def cell(game: Game, mid: str, key: str) -> dict[str, Any]:
    c: dict[str, Any] = game.state["machines"][mid]["cells"][key]
    return c


def machine(game: Game, mid: str) -> dict[str, Any]:
    m: dict[str, Any] = game.state["machines"][mid]
    return m


def gone(game: Game, mid: str) -> set[str]:
    return {k for k, c in machine(game, mid)["cells"].items() if c["gone"] is not None}


def set_sp(game: Game, mid: str, sp: int) -> None:
    machine(game, mid)["sp"] = sp
    game._legal = {}


def destroyed(game: Game, mid: str, *keys: str) -> None:
    """Cells torn out before the test begins (a position set up on the state)."""
    for key in keys:
        cell(game, mid, key)["gone"] = "destroyed"
    game._legal = {}
