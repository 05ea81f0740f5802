"""The arithmetic of a fight (rules 6.7-6.17), shared by the fight steps and the preview.

A unit is a craft (an MS or a ship) with the character aboard, if any: one card for attack,
defence and suppression (6.14). Units are plain dicts in the fight's state:
``{"side": "attacker"|"defender", "card": id, "pilot": id|None, "gone": bool, "struck": bool}``.

The *policy* functions say how the preview (and the test that checks it) takes the decisions
a player takes at the table: who boards which craft, who strikes first, which enemy card each
point of attack goes to. Equal units (same craft, same character) are interchangeable.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wartable.games.zeta_cards.components import Components

Unit = dict[str, Any]
SIDES = ("attacker", "defender")
ROLE_KIND = {"pilot": "ms", "captain": "ship"}  # rule 6.7


class Outcome(NamedTuple):
    """What a fight costs: base levels lost, cards lost by each side (destroyed, 6.12, or
    discarded for want of a craft, 6.7)."""

    levels: int
    attacker_lost: int
    defender_lost: int


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def key(unit: Unit) -> tuple[str, str]:
    """Units with the same key are interchangeable."""
    return unit["card"], unit["pilot"] or ""


def values(c: Components, unit: Unit, tl: int) -> tuple[int, int, int]:
    """(attack, defence, suppression) of a craft with its character (6.14), at the owner's TL
    (4.5)."""
    a, d, s, _, _ = c.cards[unit["card"]].by_tl[tl]
    if unit["pilot"] is not None:
        pa, pd, ps, _, _ = c.cards[unit["pilot"]].by_tl[tl]
        return a + pa, d + pd, s + ps
    return a, d, s


def alive(units: list[Unit], side: str) -> list[int]:
    return [i for i, u in enumerate(units) if u["side"] == side and not u["gone"]]


def command(c: Components, units: list[Unit], side: str, tl: int) -> int:
    """6.8: the command of two of the side's characters aboard its craft: the best two
    (ruling Z13)."""
    cmds = sorted(
        (c.cards[units[i]["pilot"]].by_tl[tl][4] for i in alive(units, side) if units[i]["pilot"]),
        reverse=True,
    )
    return sum(cmds[:2])


def board_options(
    c: Components, units: list[Unit], waiting: list[str], side: str
) -> list[tuple[str, int]]:
    """6.7: (character, craft) pairs: a pilot into a free MS, a captain into a free ship, one
    character a craft; one pair for each kind of character and kind of craft."""
    pairs: list[tuple[str, int]] = []
    for char in sorted(set(waiting)):
        want = ROLE_KIND[c.cards[char].role or "pilot"]
        seen: set[str] = set()
        for i, u in enumerate(units):
            if (
                u["side"] == side
                and u["pilot"] is None
                and not u["gone"]
                and c.cards[u["card"]].kind == want
                and u["card"] not in seen
            ):
                seen.add(u["card"])
                pairs.append((char, i))
    return pairs


def hit_options(
    c: Components, units: list[Unit], target: str, tl: int, remaining: int, chosen: list[int]
) -> list[int]:
    """6.11-6.13: enemy units the attack left over can still destroy (defence <= what is left),
    one for each kind of unit."""
    out: list[int] = []
    seen: set[tuple[str, str]] = set()
    for i in alive(units, target):
        if i in chosen:
            continue
        k = key(units[i])
        if k in seen:
            continue
        if values(c, units[i], tl)[1] <= remaining:
            seen.add(k)
            out.append(i)
    return out


def strike_options(units: list[Unit], side: str) -> list[int]:
    out: list[int] = []
    seen: set[tuple[str, str]] = set()
    for i in alive(units, side):
        k = key(units[i])
        if not units[i]["struck"] and k not in seen:
            seen.add(k)
            out.append(i)
    return out


def levels_lost(
    c: Components, bid: str, level: int, suppression: int, reading: str
) -> tuple[int, int]:
    """6.16-6.17: (levels lost, suppression left over). Each level costs the tile's suppression
    value at the level it falls from ("each_level"), or at the level the fight began
    ("fight_start"), ruling Z15; a political base loses at most two levels in one fight."""
    base = c.bases[bid]
    cap = c.political_cap if base.political else level
    start = level
    lost = 0
    while level > 0 and lost < cap:
        need = base.suppression[level if reading == "each_level" else start]
        if suppression < need:
            break
        suppression -= need
        level -= 1
        lost += 1
    return lost, suppression


# -- the policy of the preview -----------------------------------------------------------------


def board_choice(
    c: Components, units: list[Unit], pairs: list[tuple[str, int]], tl: int
) -> tuple[str, int]:
    """The strongest character boards the strongest craft it may board."""

    def char_rank(cid: str) -> tuple[int, str]:
        a, d, _, _, cmd = c.cards[cid].by_tl[tl]
        return -(a + d + cmd), cid

    char = min({p[0] for p in pairs}, key=char_rank)

    def craft_rank(i: int) -> tuple[int, str]:
        a, d, s = values(c, units[i], tl)
        return -(a + d + s), units[i]["card"]

    craft = min((i for ch, i in pairs if ch == char), key=craft_rank)
    return char, craft


def strike_choice(c: Components, units: list[Unit], options: list[int], tl: int) -> int:
    """First strike with the strongest attack."""
    return min(options, key=lambda i: (-values(c, units[i], tl)[0], key(units[i])))


def hit_choice(c: Components, units: list[Unit], options: list[int], tl: int) -> int:
    """The attacker destroys the enemy card with the most attack; the defender the card with the
    most suppression (it is what takes the base), then attack."""
    target = units[options[0]]["side"]

    def rank(i: int) -> tuple[int, ...]:
        a, d, s = values(c, units[i], tl)
        if target == "attacker":
            return (-s, -a, d)
        return (-a, -s, d)

    return min(options, key=lambda i: (*rank(i), *key(units[i])))


def muster(c: Components, side: str, cards: list[str]) -> tuple[list[Unit], list[str]]:
    """The units and the characters waiting to board, from the cards a side brings."""
    units: list[Unit] = []
    waiting: list[str] = []
    for cid in cards:
        if c.cards[cid].craft:
            units.append({"side": side, "card": cid, "pilot": None, "gone": False, "struck": False})
        else:
            waiting.append(cid)
    return units, waiting


def resolve(
    c: Components,
    bid: str,
    level: int,
    cards: dict[str, list[str]],
    tl: dict[str, int],
    *,
    strikers_attack_again: bool,
    reading: str,
) -> Outcome:
    """A whole fight after the sortie draws, every decision taken by the policy above.
    `cards`: the fighting cards of each side (selection and sortie draws); `tl`: each side's TL."""
    units: list[Unit] = []
    lost = {"attacker": 0, "defender": 0}
    waiting: dict[str, list[str]] = {}
    for side in SIDES:
        mine, waiting[side] = muster(c, side, cards[side])
        units.extend(mine)
    for side in SIDES:  # 6.7: the attacker boards first
        while True:
            pairs = board_options(c, units, waiting[side], side)
            if not pairs:
                break
            char, craft = board_choice(c, units, pairs, tl[side])
            units[craft]["pilot"] = char
            waiting[side].remove(char)
        lost[side] += len(waiting[side])
    cmd = {side: command(c, units, side, tl[side]) for side in SIDES}
    striker = "attacker" if cmd["attacker"] > cmd["defender"] else "defender"
    if cmd["attacker"] != cmd["defender"] and alive(units, other(striker)):  # 6.8
        count = abs(cmd["attacker"] - cmd["defender"])
        chosen: list[int] = []
        while len(chosen) < count:
            options = strike_options(units, striker)
            if not options:
                break
            pick = strike_choice(c, units, options, tl[striker])
            units[pick]["struck"] = True
            chosen.append(pick)
        if chosen:
            total = sum(values(c, units[i], tl[striker])[0] for i in chosen)
            hits = allocate(c, units, other(striker), tl[other(striker)], total)
            for i in hits:
                units[i]["gone"] = True
                lost[other(striker)] += 2 if units[i]["pilot"] else 1
    totals = {
        side: sum(
            values(c, units[i], tl[side])[0]
            for i in alive(units, side)
            if strikers_attack_again or not units[i]["struck"]
        )
        for side in SIDES
    }
    totals["defender"] += c.bases[bid].attack[level]  # 6.15
    hits_on = {side: allocate(c, units, side, tl[side], totals[other(side)]) for side in SIDES}
    for side in SIDES:  # 6.10: simultaneous
        for i in hits_on[side]:
            units[i]["gone"] = True
            lost[side] += 2 if units[i]["pilot"] else 1
    suppression = sum(values(c, units[i], tl["attacker"])[2] for i in alive(units, "attacker"))
    levels, _ = levels_lost(c, bid, level, suppression, reading)
    return Outcome(levels, lost["attacker"], lost["defender"])


def allocate(c: Components, units: list[Unit], target: str, tl: int, total: int) -> list[int]:
    """The policy's allocation of `total` attack over the `target` side's units."""
    chosen: list[int] = []
    remaining = total
    while True:
        options = hit_options(c, units, target, tl, remaining, chosen)
        if not options:
            return chosen
        pick = hit_choice(c, units, options, tl)
        chosen.append(pick)
        remaining -= values(c, units[pick], tl)[1]
