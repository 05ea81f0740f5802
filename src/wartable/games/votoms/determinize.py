"""What one side cannot see, drawn afresh (the engine's `Rules.determinize` for VOTOMS).

Hidden from a side (`view.hidden_paths`): the types of the enemy's face-down counters, both
cups (each side's own cup too, though its contents follow from its own units), the offensive
markers set aside, and for Bieler the drawn offensive turn (4.5, ruling R12). Everything else
is public or the side's own, and stays as it is.

The enemy's unseen units are every counter of that side (the component counts) less those in
plain sight: face-up on the map, in the stock, removed from the game, waiting to return (9.10.4,
9.11.12). They are dealt to its face-down counters and its cup, keeping what the side has seen:
the clues of `state.settled_clues` (a Blue AT among the Palace counters, a unit seen face-up
before it was hidden, R16), Proto One only in the Palace (5.9.3) and never on a counter that
has moved, Strike Dog only within 3 hexes of it (12.10, 12.12), a counter already retreating
only as a unit that has a retreat hex (9.11.8), and the named units (Kan Yu, the PS) never in a
cup (9.10.4). Pools are sorted before they are shuffled, so the answer depends only on what
the side knows and on the generator.
"""

from __future__ import annotations

import random
from collections import Counter

from wartable.engine import State
from wartable.games.votoms.combat import retreat_hexes
from wartable.games.votoms.flow import BIELER, MERC, other
from wartable.games.votoms.movement import STRIKE_DOG_STAGES, board
from wartable.games.votoms.stages import KIRIKO, PROTO_ONE, STRIKE_DOG
from wartable.games.votoms.state import Unit, comp, number, settled_clues

CONSTRAINED = (PROTO_ONE, STRIKE_DOG)  # placed first, while their few counters are free


def determinize(state: State, player: str, rng: random.Random) -> State:
    """`state` (a copy) with everything `player` cannot see re-drawn from `rng`."""
    deal(state, other(player), rng)
    cup = sorted(state["cups"][player])  # its contents are known: only the order is drawn
    rng.shuffle(cup)
    state["cups"][player] = cup
    if state["end"] is None:
        draw_offensive(state, player, rng)
    return state


def unseen(state: State, side: str) -> tuple[Counter[str], list[str]]:
    """The units of `side` that its opponent cannot see (in its cup or on its hidden counters),
    and the ids of those counters in order."""
    c = comp(state)
    pool = Counter(board(c).counts[side])
    hidden = []
    shown = state["end"] is not None  # `view.sees`: the opponent sees only face-up units
    for unit in state["units"].values():
        if unit["side"] == side:
            if unit["up"] or shown:
                pool[unit["type"]] -= 1
            else:
                hidden.append(unit["id"])
    pool.subtract(state["stock"][side])
    pool.subtract(t for t in state["removed"] if c.units[t].side == side)
    pool.subtract(r["type"] for r in state["returns"] if r["side"] == side)
    for type_id, n in pool.items():
        if n < 0 or (n and c.units[type_id].kind == "heli"):
            raise AssertionError(f"{side}'s unseen {type_id} counted {n}")
    hidden.sort(key=number)
    return +pool, hidden


def deal(state: State, side: str, rng: random.Random) -> None:
    """Give `side`'s counters hidden from its opponent new types, and `side` a new cup."""
    c = comp(state)
    units = state["units"]
    pool, hidden = unseen(state, side)
    if sum(pool.values()) != len(hidden) + len(state["cups"][side]):
        raise AssertionError(f"{side}'s unseen units do not fill its counters and cup")
    hidden_set = set(hidden)
    fits = Fits(state, side)
    dealt: dict[str, str] = {}

    def give(type_id: str, among: list[str]) -> None:
        if not pool[type_id]:
            return
        free = [u for u in among if u in hidden_set and u not in dealt]
        if fits.checks(type_id):
            free = [u for u in free if fits(units[u], type_id)] or free
        if free:
            dealt[rng.choice(free)] = type_id
            pool[type_id] -= 1

    for clue in sorted(settled_clues(state, side), key=lambda k: number(k["ids"][0])):
        for type_id in sorted(clue["types"], key=lambda t: (t not in CONSTRAINED, t)):
            give(type_id, clue["ids"])
    cup_types = set(c.setup[side]["cup"])
    if state["options"].get("kiriko_destroyed") == "cup":
        cup_types.add(KIRIKO)  # ruling R28's other reading: Kiriko may be in the Merc cup
    for type_id in sorted(pool, key=lambda t: (t not in CONSTRAINED, t)):
        for _ in range(pool[type_id] if type_id not in cup_types else 0):
            give(type_id, hidden)  # a named unit is on a counter, never in a cup
    bag = sorted(pool.elements())
    rng.shuffle(bag)
    for uid in hidden:
        if uid not in dealt:
            dealt[uid] = bag.pop()
    for uid, type_id in dealt.items():
        units[uid]["type"] = type_id
    state["cups"][side] = bag


class Fits:
    """Whether a hidden counter of `side` may be a unit of a given type, from what is public."""

    def __init__(self, state: State, side: str) -> None:
        b = board(comp(state))
        self.state = state
        self.palace = b.homes[BIELER]
        self.near_palace = b.near_palace if state["stage"] in STRIKE_DOG_STAGES else None
        step = state["step"] or {}
        cb = state["combat"] or {}
        retreat = step.get("kind") == "combat_retreat_move" and step.get("actor") == side
        self.retreat_from = cb.get("hex") if retreat else None

    def checks(self, type_id: str) -> bool:
        """Whether a counter may fail to fit `type_id` (otherwise every one fits)."""
        return type_id in CONSTRAINED or self.retreat_from is not None

    def __call__(self, unit: Unit, type_id: str) -> bool:
        if type_id == PROTO_ONE and (unit["hex"] != self.palace or "mp" in unit):
            return False  # 5.9.3: it never leaves the Palace, nor moves in it
        near = self.near_palace
        if type_id == STRIKE_DOG and near is not None and unit["hex"] not in near:
            return False  # 12.10, 12.12
        if unit["hex"] == self.retreat_from:  # 9.11.8: a retreat was chosen, so it has a hex
            return bool(retreat_hexes(self.state, {**unit, "type": type_id}))
        return True


def draw_offensive(state: State, player: str, rng: random.Random) -> None:
    """Rule 4.5 (ruling R12): the markers set aside, and for Bieler the drawn turn, which is
    none of the turns already ended without the offensive (14.1.2)."""
    offensive = state["offensive"]
    if offensive["turn"] is None or player == MERC:
        pool = sorted(offensive["pool"])
    else:
        pool = sorted(comp(state).offensive_turns)
        still = [i for i, turn in enumerate(pool) if turn >= state["turn"]]
        offensive["turn"] = pool.pop(rng.choice(still or list(range(len(pool)))))
    rng.shuffle(pool)
    offensive["pool"] = pool
