"""Exact combat odds for VOTOMS (rule 9.9.3: a target is destroyed on 2D ≤ attack − defence).

Everything is computed with `fractions.Fraction`: no sampling.

- `round_odds_for` / `round_odds`: one round — each unit's chance of being destroyed, and the
  distribution of each side's losses. Attacks are independent and damage is simultaneous
  (9.10.1), so units are destroyed independently of one another.
- `battle_odds_for` / `battle_odds`: the whole battle if both sides always continue, as a Markov
  chain over the survivors (a state is the multiset of (attack, defence) left on each side).

Pairing is the players' choice (9.8), so the battle odds follow a fixed **pairing policy** each
round (`policy_attacks`), applied afresh to the survivors:

1. the side with fewer units (Merc when equal) has one unit per grouping; its units are taken
   strongest attack first (then lowest defence), the other side's weakest defence first (then
   strongest attack);
2. the i-th unit of the smaller side is paired with the i-th of the other side (9.8.1);
3. the other side's remaining units join the groupings in turn, first grouping first, so that no
   two groupings differ by 2 or more (9.8.3);
4. in a grouping with several enemies the single unit attacks its first partner, which has the
   lowest defence there (9.8.4); every other unit attacks the single unit.

Not modelled: retreat and its checks (9.11, including the PS roll of 9.11.4), the stage 6 checks
(Strike Dog's arrival, Kiriko's entry), Strike Dog's duty to attack Kiriko (13.1), and the
keeping of groupings between rounds (9.8.5). A state in which no attack can succeed ends the
battle as a "stalemate" (the deadlock guard of ruling R26). A base attack still to come (9.12)
is included: its attacks are spread evenly over the enemy, weakest defence first.

Results are plain dicts of Fractions; `to_json` turns them into JSON (exact text and float).

>>> odds = battle_odds_for([(8, 3)], [(8, 3)])
>>> odds["merc"], odds["bieler"], odds["none"]
(Fraction(13, 31), Fraction(13, 31), Fraction(5, 31))
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

from wartable.engine import State
from wartable.games.votoms.combat import (
    current_attacks,
    destroy_chances,
    hit_chance,
    participants,
    pending_base,
)
from wartable.games.votoms.flow import BIELER, MERC, SIDES, other
from wartable.games.votoms.state import values

Stats = tuple[int, int]
"""A unit as the odds see it: (attack, defence)."""
Key = tuple[tuple[Stats, ...], tuple[Stats, ...]]
"""A state of the battle: the sorted survivors of Merc and of Bieler."""
Base = tuple[str, int, int]
"""A base attack still to come: (controlling side, strength, number of attacks), rule 9.12."""
PolicyAttack = tuple[str, int, int, int]
"""(attacking side, attacker index, target index in the other side, hit number)."""

POLICY = "strongest attack against the weakest defence, extras spread evenly (9.8.3)"
MAX_STATES = 10_000
"""The default limit on the states of a battle chain (an exact answer takes about a second per
thousand states of mixed units)."""


def _order_single(units: Sequence[Stats]) -> list[int]:
    return sorted(range(len(units)), key=lambda i: (-units[i][0], units[i][1], i))


def _order_many(units: Sequence[Stats]) -> list[int]:
    return sorted(range(len(units)), key=lambda i: (units[i][1], -units[i][0], i))


def policy_attacks(merc: Sequence[Stats], bieler: Sequence[Stats]) -> list[PolicyAttack]:
    """The attacks of one round under the module's pairing policy (see the module doc).

    >>> policy_attacks([(9, 3)], [(8, 3), (6, 2)])
    [('merc', 0, 1, 7), ('bieler', 1, 0, 3), ('bieler', 0, 0, 5)]
    """
    if not merc or not bieler:
        return []
    single, many = (MERC, BIELER) if len(merc) <= len(bieler) else (BIELER, MERC)
    units = {MERC: merc, BIELER: bieler}
    s_order = _order_single(units[single])
    m_order = _order_many(units[many])
    groups: list[list[int]] = [[m_order[i]] for i in range(len(s_order))]
    for k, j in enumerate(m_order[len(s_order) :]):
        groups[k % len(groups)].append(j)
    result: list[PolicyAttack] = []
    for s, members in zip(s_order, groups, strict=True):
        first = members[0]
        result.append((single, s, first, units[single][s][0] - units[many][first][1]))
        for j in members:
            result.append((many, j, s, units[many][j][0] - units[single][s][1]))
    return result


def kill_chances(merc: Sequence[Stats], bieler: Sequence[Stats]) -> dict[str, list[Fraction]]:
    """Each unit's chance of being destroyed in one round under the policy, by side and index.

    >>> kill_chances([(8, 3)], [(6, 2)])
    {'merc': [Fraction(1, 12)], 'bieler': [Fraction(5, 12)]}
    """
    miss = {MERC: [Fraction(1)] * len(merc), BIELER: [Fraction(1)] * len(bieler)}
    for side, _, target, n in policy_attacks(merc, bieler):
        miss[other(side)][target] *= 1 - hit_chance(n)
    return {side: [1 - p for p in miss[side]] for side in SIDES}


def loss_distribution(chances: Sequence[Fraction]) -> list[Fraction]:
    """P(exactly k units lost) for k = 0..n, given independent chances of loss.

    >>> loss_distribution([Fraction(1, 2), Fraction(1, 2)])
    [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    """
    dist = [Fraction(1)]
    for p in chances:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def round_odds_for(merc: Sequence[Stats], bieler: Sequence[Stats]) -> dict[str, Any]:
    """One round under the policy: ``{"merc": {"destroyed": [p per unit], "losses": [P(k
    lost)]}, "bieler": {...}}``, units in the order given."""
    chances = kill_chances(merc, bieler)
    return {
        side: {"destroyed": chances[side], "losses": loss_distribution(chances[side])}
        for side in SIDES
    }


# ------------------------------------------------------------------------- the battle


def _key(merc: Sequence[Stats], bieler: Sequence[Stats]) -> Key:
    return tuple(sorted(merc)), tuple(sorted(bieler))


Number = Fraction | float


def _survivor_distribution(
    groups: list[tuple[str, Stats, Fraction, int]], exact: bool = True
) -> dict[Key, Number]:
    """Survivors of classes of alike units: (side, stats, chance of destruction, count).

    Each class is binomial. Exact weights are kept as integers over the product of the
    classes' denominators and made Fractions only at the end (fast and still exact)."""
    dist: dict[tuple[tuple[str, Stats, int], ...], Any] = {(): 1}
    denominator = 1
    for side, stats, p, n in groups:
        if exact:
            a, d = p.numerator, p.denominator
            weights: list[Any] = [comb(n, k) * (d - a) ** k * a ** (n - k) for k in range(n + 1)]
            denominator *= d**n
        else:
            f = float(p)
            weights = [comb(n, k) * (1 - f) ** k * f ** (n - k) for k in range(n + 1)]
        nxt: dict[tuple[tuple[str, Stats, int], ...], Any] = {}
        for partial, q in dist.items():
            for k, w in enumerate(weights):  # k survivors
                if w:
                    item = (*partial, (side, stats, k))
                    nxt[item] = nxt.get(item, 0) + q * w
        dist = nxt
    result: dict[Key, Any] = {}
    for outcome, q in dist.items():
        left: dict[str, list[Stats]] = {MERC: [], BIELER: []}
        for side, stats, k in outcome:
            left[side].extend([stats] * k)
        key = _key(left[MERC], left[BIELER])
        result[key] = result.get(key, 0) + q
    if not exact:
        return result
    return {key: Fraction(q, denominator) for key, q in result.items()}


def _transitions(key: Key, exact: bool = True) -> dict[Key, Number]:
    merc, bieler = key
    chances = kill_chances(merc, bieler)
    classes: Counter[tuple[str, Stats, Fraction]] = Counter()
    for side, units in ((MERC, merc), (BIELER, bieler)):
        for stats, p in zip(units, chances[side], strict=True):
            classes[(side, stats, p)] += 1
    return _survivor_distribution([(s, st, p, n) for (s, st, p), n in classes.items()], exact)


def _absorb(
    start: dict[Key, Number], max_states: int, exact: bool = True
) -> tuple[dict[Key, Number], Number]:
    """Run the chain from the distribution `start`: (final survivors → probability, expected
    number of rounds). Units are only ever lost, so the mass is pushed through the states in
    order of decreasing size; a state that may repeat (nobody destroyed) passes on its mass
    divided by the chance of leaving it, and is visited 1 / (that chance) rounds on average."""
    zero: Number = Fraction(0) if exact else 0.0
    mass: dict[int, dict[Key, Number]] = {}
    for key, p in start.items():
        level = mass.setdefault(len(key[0]) + len(key[1]), {})
        level[key] = level.get(key, zero) + p
    finals: dict[Key, Number] = {}
    rounds = zero
    seen = 0
    while mass:
        size = max(mass)
        for key, p in mass.pop(size).items():
            seen += 1
            if seen > max_states:
                raise ValueError(f"the battle has more than {max_states} states")
            merc, bieler = key
            moves = _transitions(key, exact) if merc and bieler else {}
            stay = moves.pop(key, zero)
            if not moves:  # a side is gone, or no attack can succeed (a stalemate)
                finals[key] = finals.get(key, zero) + p
                continue
            visits = p / (1 - stay)
            rounds += visits
            for nxt, q in moves.items():
                level = mass.setdefault(len(nxt[0]) + len(nxt[1]), {})
                level[nxt] = level.get(nxt, zero) + visits * q
    return finals, rounds


def _base_distribution(
    merc: Sequence[Stats], bieler: Sequence[Stats], base: Base, exact: bool = True
) -> dict[Key, Number]:
    """Survivors after a base attack spread over the enemy, weakest defence first."""
    side, strength, count = base
    units = {MERC: list(merc), BIELER: list(bieler)}
    enemies = units[other(side)]
    if not enemies:
        return {_key(merc, bieler): Fraction(1) if exact else 1.0}
    shots = [0] * len(enemies)
    for k, j in enumerate(_order_many(enemies) * count):
        if k == count:
            break
        shots[j] += 1
    classes: Counter[tuple[str, Stats, Fraction]] = Counter()
    for stats, n in zip(enemies, shots, strict=True):
        p = 1 - (1 - hit_chance(strength - stats[1])) ** n
        classes[(other(side), stats, p)] += 1
    for stats in units[side]:
        classes[(side, stats, Fraction(0))] += 1
    return _survivor_distribution([(s, st, p, n) for (s, st, p), n in classes.items()], exact)


def battle_odds_for(
    merc: Sequence[Stats],
    bieler: Sequence[Stats],
    base: Base | None = None,
    *,
    exact: bool = True,
    max_states: int = MAX_STATES,
) -> dict[str, Any]:
    """The exact outcome of a battle between two lists of (attack, defence), both sides always
    continuing, under the module's pairing policy; `base` = (side, strength, attacks) adds a
    base attack before round 1 (9.12). Returns::

        {"merc": P(only Merc units left), "bieler": P(only Bieler units left),
         "none": P(both sides destroyed), "stalemate": P(neither side can hit the other),
         "rounds": expected number of rounds,
         "survivors": {"merc": [P(0 left), P(1 left), ...], "bieler": [...]},
         "outcomes": [{"merc": [[a, d], ...], "bieler": [...], "p": P}, ...] (likeliest first),
         "policy": the pairing policy in words}

    With a base attack and no unit of the controller, the battle is the base attack alone
    (ruling R20). Raises ValueError at once when the chain may have more than `max_states`
    states (the bound is the product of (count + 1) over the kinds of unit of each side).

    Exact answers of big battles of many different units have denominators of thousands of
    digits and take seconds; ``exact=False`` runs the same chain in floating point (for an AI).
    """
    bound = math.prod(n + 1 for n in (*Counter(merc).values(), *Counter(bieler).values()))
    if bound > max_states:
        raise ValueError(
            f"a battle of {len(merc)} against {len(bieler)} units may pass through {bound} "
            f"states, more than {max_states}: ask about fewer or more alike units"
        )
    if base is None:
        start: dict[Key, Number] = {_key(merc, bieler): Fraction(1) if exact else 1.0}
    else:
        start = _base_distribution(merc, bieler, base, exact)
        if not (merc if base[0] == MERC else bieler):  # R20: the base attack alone
            return _summary(start, Fraction(0) if exact else 0.0, len(merc), len(bieler))
    finals, rounds = _absorb(start, max_states, exact)
    return _summary(finals, rounds, len(merc), len(bieler))


def _summary(
    finals: dict[Key, Number], rounds: Number, n_merc: int, n_bieler: int
) -> dict[str, Any]:
    zero: Number = Fraction(0) if isinstance(rounds, Fraction) else 0.0
    result: dict[str, Any] = {
        "merc": zero,
        "bieler": zero,
        "none": zero,
        "stalemate": zero,
        "rounds": rounds,
        "survivors": {MERC: [zero] * (n_merc + 1), BIELER: [zero] * (n_bieler + 1)},
        "outcomes": [],
        "policy": POLICY,
    }
    for (merc, bieler), p in finals.items():
        outcome = "stalemate" if merc and bieler else MERC if merc else BIELER if bieler else "none"
        result[outcome] += p
        result["survivors"][MERC][len(merc)] += p
        result["survivors"][BIELER][len(bieler)] += p
        result["outcomes"].append(
            {MERC: [list(s) for s in merc], BIELER: [list(s) for s in bieler], "p": p}
        )
    result["outcomes"].sort(key=lambda o: (-o["p"], o[MERC], o[BIELER]))
    return result


def sample_battle(
    merc: Sequence[Stats], bieler: Sequence[Stats], rng: random.Random, base: Base | None = None
) -> tuple[Key, int]:
    """One battle played out with dice from `rng` under the same policy as `battle_odds_for`:
    the final survivors and the number of rounds. For checking the exact odds by simulation."""
    m, b = list(merc), list(bieler)
    if base is not None:
        side, strength, count = base
        enemies = b if side == MERC else m
        shots = [0] * len(enemies)
        for k, j in enumerate(_order_many(enemies) * count):
            if k == count:
                break
            shots[j] += 1
        hit = [
            any(_roll(rng) <= strength - enemies[j][1] for _ in range(n))
            for j, n in enumerate(shots)
        ]
        enemies[:] = [u for u, h in zip(enemies, hit, strict=True) if not h]
        if not (m if side == MERC else b):
            return _key(m, b), 0
    rounds = 0
    while m and b:
        attacks = policy_attacks(m, b)
        if all(n < 2 for *_, n in attacks):
            break
        rounds += 1
        dead: dict[str, set[int]] = {MERC: set(), BIELER: set()}
        for side, _, target, n in attacks:
            if n >= 2 and _roll(rng) <= n:
                dead[other(side)].add(target)
        m = [u for i, u in enumerate(m) if i not in dead[MERC]]
        b = [u for i, u in enumerate(b) if i not in dead[BIELER]]
    return _key(m, b), rounds


def _roll(rng: random.Random) -> int:
    return rng.randint(1, 6) + rng.randint(1, 6)


# ------------------------------------------------------------------- from a game state


def _stats(state: State, ids: list[str]) -> list[Stats]:
    return [values(state, state["units"][uid]) for uid in ids]


def _grouped(state: State, hex_label: str) -> bool:
    """Whether the combat in `hex_label` has groupings covering every participant."""
    cb = state.get("combat") or {}
    if cb.get("hex") != hex_label or not cb.get("groups"):
        return False
    grouped = {u for g in cb["groups"] for side in SIDES for u in g[side]}
    return all(u in grouped for side in SIDES for u in cb["units"][side])


def round_odds(state: State, hex_label: str) -> dict[str, Any]:
    """One round in `hex_label` as it stands: with the combat's groupings and targets when
    every participant is in one (a target not yet chosen is taken to be the lowest defence),
    else under the policy. ``{"units": {id: P(destroyed)}, "losses": {side: [P(k lost)]}}``.
    Uses only public information: face-up units (9.5)."""
    parts = participants(state, hex_label)
    if _grouped(state, hex_label):
        chances = destroy_chances(current_attacks(state))
        per_unit = {uid: chances.get(uid, Fraction(0)) for side in SIDES for uid in parts[side]}
    else:
        by_side = kill_chances(_stats(state, parts[MERC]), _stats(state, parts[BIELER]))
        per_unit = {
            uid: p for side in SIDES for uid, p in zip(parts[side], by_side[side], strict=True)
        }
    return {
        "units": per_unit,
        "losses": {side: loss_distribution([per_unit[u] for u in parts[side]]) for side in SIDES},
    }


def battle_odds(
    state: State, hex_label: str, *, exact: bool = True, max_states: int = MAX_STATES
) -> dict[str, Any]:
    """`battle_odds_for` on the participants of `hex_label` (face-up units, public), with the
    base attack if it is still to come."""
    parts = participants(state, hex_label)
    base = pending_base(state, hex_label)
    if base is not None and not parts[other(base[0])]:
        base = None
    return battle_odds_for(
        _stats(state, parts[MERC]),
        _stats(state, parts[BIELER]),
        base,
        exact=exact,
        max_states=max_states,
    )


def to_json(value: Any) -> Any:
    """A result with each Fraction as ``{"p": float, "exact": "n/d"}`` (tuples as lists)."""
    if isinstance(value, Fraction):
        return {"p": float(value), "exact": str(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value
