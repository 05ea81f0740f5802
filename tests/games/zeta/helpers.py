"""Shared helpers for the Zeta tests: the shipped components, a fresh set-up, a new game, and
positions laid out by hand."""

from __future__ import annotations

from typing import Any

from pytest import MonkeyPatch

from wartable.engine import Context, Game, State
from wartable.engine.dice import Dice
from wartable.games.zeta import RULES, combat
from wartable.games.zeta.action import next_card
from wartable.games.zeta.combat import CombatStep
from wartable.games.zeta.components import FACTIONS, Components, components
from wartable.games.zeta.flow import begin_turn
from wartable.games.zeta.setup import new_state
from wartable.games.zeta.state import add_unit

C: Components = components({})
# rule 38: the characters of the AEUG 1st Fleet at space hex C5
FIRST_FLEET = ("quattro", "apolly", "roberto", "kamille_1", "emma_1", "henken", "blex")


def fresh(seed: int = 1, **options: Any) -> State:
    """The state after set-up (rule 38), with `options` over the defaults."""
    return new_state(Context(Dice(seed), []), {"data": {}, "nz_start": "axis", **options})


def at(state: State, location: str, faction: str) -> dict[str, int]:
    """The counters of a faction at a location, counted by type."""
    counts: dict[str, int] = {}
    for unit in state["units"].values():
        if unit["at"] == location and unit["faction"] == faction:
            counts[unit["type"]] = counts.get(unit["type"], 0) + 1
    return counts


def game(seed: int = 1, nuke: str = "jaburo", **options: Any) -> Game:
    """A new game (not registered yet, so made from its rules) whose Titans have mined `nuke`
    (36.3), waiting in turn 1's armament phase."""
    g = Game(RULES, seed, options)
    g.apply("titans", {"mine": nuke})
    return g


def finish_armament(g: Game) -> None:
    """Every faction ends the armament phase at once (rule 5.5)."""
    for faction in g.to_act:
        g.apply(faction, {"done": True})


def finish_turn(g: Game) -> None:
    """Play on to the next turn: nothing bought, the first legal choice elsewhere, and no orders
    in the action phases."""
    turn = g.state["turn"]
    while g.state["turn"] == turn and not g.over:
        faction = g.to_act[0]
        if g.state["phase"] == "armament":
            g.apply(faction, {"done": True})
        elif g.state["phase"] == "action":
            g.apply(faction, {"end": True})
        else:
            g.apply(faction, g.legal_actions(faction)[0])


def restart(g: Game, turn: int) -> None:
    """Begin turn `turn` on the position as it stands (a test has laid it out by hand)."""
    g.state.update(turn=turn, armament=None)
    begin_turn(g._ctx, g.state)
    g._legal = {}


def open_phase(g: Game, faction: str, kind: str) -> None:
    """Begin an action phase of `faction` with a card of `kind` (rule 11.2), the only card left
    in the deck, on the position as it stands."""
    card = f"{faction}.{kind}"
    state = g.state
    state.update(phase="action", armament=None, deployment=None, drawn=[], deck=[card])
    state["kept"] = {f: [] for f in FACTIONS}
    state["kept"][faction] = [card]
    next_card(g._ctx, state)
    g._legal = {}


def put(g: Game, faction: str, type_id: str, location: str, carrier: str | None = None) -> str:
    """A new counter of `faction` at `location` (aboard `carrier`); returns its id."""
    uid = add_unit(g.state, faction, type_id, location)
    g.state["units"][uid]["carrier"] = carrier
    g._legal = {}
    return uid


def units_of(g: Game, faction: str, type_id: str, location: str) -> list[str]:
    return [
        uid
        for uid, u in g.state["units"].items()
        if u["faction"] == faction and u["type"] == type_id and u["at"] == location
    ]


def legal(g: Game, key: str) -> list[dict[str, Any]]:
    """The active player's legal actions of one kind."""
    player = g.to_act[0]
    return [a for a in g.legal_actions(player) if key in a]


def battle(
    monkeypatch: MonkeyPatch,
    g: Game,
    steps: dict[str, CombatStep],
    at: str = "space:D9",
    by: str = "titans",
) -> None:
    """`by` attacks the other of the Titans and the AEUG at `at` in a battle of `steps` alone;
    the other's card follows, so the turn does not end with the battle."""
    monkeypatch.setattr(combat, "COMBAT_STEPS", steps)
    enemy = "aeug" if by == "titans" else "titans"
    open_phase(g, by, "space")
    g.state["deck"] = [f"{enemy}.ground"]
    g.state["kept"][enemy] = [f"{enemy}.ground"]
    g.apply(by, {"end": True})
    g.apply(by, {"fight": at, "against": [enemy]})


def aboard(g: Game, *types: str) -> list[str]:
    """AEUG MS at D9 aboard an Argama, so that they are not stranded in space (25.11)."""
    ship = put(g, "aeug", "argama", "space:D9")
    return [put(g, "aeug", t, "space:D9", carrier=ship) for t in types]


def board(g: Game, cid: str, uid: str) -> None:
    g.state["characters"][cid].update(at=g.state["units"][uid]["at"], on=uid)
