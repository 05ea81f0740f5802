"""Rules 9.5–9.12, 10 and 13: the combat in one combat hex, round by round.

The combat lives in ``state["combat"]`` as plain, public data (every participant is face-up,
rule 9.5; face-down units are named by id only):

- ``player``: the phase player (9.4); ``done``: the hexes already fought this phase (R21);
- ``hex``, ``round`` and ``todo``: where the procedure stands (see `advance`);
- ``units``: the participants of each side; ``groups``: the groupings of 9.8, each
  ``{"merc": [...], "bieler": [...]}``; ``targets``: the targets chosen under 9.8.4;
- ``base``: the base attack of 9.12 while its targets are chosen;
- ``took_part`` and ``destroyed``: what `stages.after_combat` is told at the end;
- ``last``: the attacks of the last round with their dice, for front ends.

`advance` runs the procedure until a player must decide; a decision with a single legal
choice is made at once, except the retreat choice (see `retreat_side`) and the retreat hex of
a face-down unit (see `_owner_places`). `destroy_chances`
is the pure function behind the exact odds (`wartable.games.votoms.odds`) and the AI.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.votoms.components import Components
from wartable.games.votoms.flow import BIELER, MERC, SIDES, Start, other, step, wait
from wartable.games.votoms.stages import (
    BLUE_AT,
    KAN_YU,
    KIRIKO,
    PROTO_ONE,
    STRIKE_DOG,
    after_combat,
    kiriko_round_check,
    strike_dog_arrived,
    strike_dog_round_check,
)
from wartable.games.votoms.state import (
    Unit,
    comp,
    find,
    forget,
    gain_vp,
    place_named,
    unit_type,
    units_at,
    values,
)

AFTER: list[Start] = []
"""Called once a combat is over (the combat phase picks the next hex, rule 9.4)."""

SIDE_NAME = {MERC: ("Merc", "傭兵側"), BIELER: ("Bieler", "ビーラー側")}
RETREAT_DIRECTIONS = {MERC: ("NE", "SE", "S"), BIELER: ("N", "NW", "SW")}  # rule 9.11.10
PS_EXPERIENCE = (BLUE_AT, STRIKE_DOG)  # rule 10.1: Proto One's kills score nothing
HELI_EXPERIENCE = 2  # rule 10.1: a heli is worth 2, not its defence 3
PS_VP = 5  # rule 10.2
STRIKE_DOG_STAGES = (6, 8)  # rules 12.10, 12.12: within 3 hexes of the Palace
STRIKE_DOG_RANGE = 3
NUBA = "nuba_highland"

# ------------------------------------------------------------------------------------ odds


def _hit_table() -> tuple[Fraction, ...]:
    ways = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    return tuple(Fraction(sum(ways[t] for t in range(2, n + 1)), 36) for n in range(13))


HIT_CHANCE = _hit_table()
"""``HIT_CHANCE[n]`` = P(2D ≤ n) for n = 0..12 (rule 9.9.3)."""


def hit_chance(hit_number: int) -> Fraction:
    """Rule 9.9.3: the chance that an attack with this hit number (attack − defence) destroys
    its target, P(2D ≤ n), exactly.

    >>> hit_chance(7), hit_chance(1), hit_chance(13)
    (Fraction(7, 12), Fraction(0, 1), Fraction(1, 1))
    """
    return HIT_CHANCE[max(0, min(hit_number, 12))]


Attack = tuple[str, str, int]
"""One attack of a round: (attacker id, target id, hit number = attack − defence)."""


def destroy_chances(attacks: Iterable[Attack]) -> dict[str, Fraction]:
    """The exact chance that each attacked unit is destroyed this round.

    Every attack is rolled separately and damage is simultaneous (9.9, 9.10.1), so a target is
    destroyed unless every attack on it misses: 1 − Π(1 − P(2D ≤ n)). Units that nobody attacks
    are left out. Different targets are independent (separate dice).

    >>> destroy_chances([("M1", "B1", 5), ("M2", "B1", 5), ("B1", "M1", 2)])
    {'B1': Fraction(155, 324), 'M1': Fraction(1, 36)}
    """
    miss: dict[str, Fraction] = {}
    for _, target, n in attacks:
        miss[target] = miss.get(target, Fraction(1)) * (1 - hit_chance(n))
    return {target: 1 - p for target, p in miss.items()}


def grouping_attacks(
    groups: Sequence[dict[str, list[str]]],
    targets: dict[str, str],
    stats: dict[str, tuple[int, int]],
    first: str = MERC,
) -> list[Attack]:
    """The attacks of a round from the groupings (9.9.1): the units of the larger side of a
    grouping all attack its single enemy; that unit attacks its target (9.8.4), by default the
    enemy with the lowest defence. `stats` maps unit ids to (attack, defence); `first` is the
    side whose attacks are listed (and rolled) first (9.9.2)."""
    result: list[Attack] = []
    for side in (first, other(first)):
        for g in groups:
            enemies = g[other(side)]
            if not enemies:
                continue
            for uid in g[side]:
                if len(enemies) == 1:
                    target = enemies[0]
                else:
                    target = targets.get(uid) or min(enemies, key=lambda e: stats[e][1])
                result.append((uid, target, stats[uid][0] - stats[target][1]))
    return result


def current_attacks(state: State) -> list[Attack]:
    """The attacks of the combat in progress with its present groupings and targets."""
    cb = state["combat"]
    units = state["units"]
    stats = {uid: values(state, units[uid]) for side in SIDES for uid in cb["units"][side]}
    return grouping_attacks(cb["groups"], cb["targets"], stats, cb["player"])


# ------------------------------------------------------------------------------ helpers


def order(uid: str) -> tuple[str, int]:
    """Counters in the order of their ids (M2 before M10)."""
    return uid[0], int(uid[1:])


def fighter(state: State, unit: Unit) -> bool:
    """Face-up in the sense of rules 9.2 and 9.5: a face-up AT or soldier, or a ready heli.
    Only helis are ever acted (2.2.3, ruling R3), so this reads no hidden type."""
    return bool(unit["up"]) and not unit["acted"]


def name(state: State, uid: str) -> Msg:
    """A unit as players say it: "Fatty B7"; a face-down counter by its id alone."""
    unit = state["units"][uid]
    if not unit["up"]:
        return msg(uid, uid)
    n = unit_type(state, unit).name
    return msg(f"{n['en']} {uid}", f"{n['ja']} {uid}")


def names(state: State, uids: Iterable[str]) -> Msg:
    parts = [name(state, u) for u in uids]
    return msg(", ".join(p["en"] for p in parts), "、".join(p["ja"] for p in parts))


def is_ps_id(state: State, uid: str) -> bool:
    return unit_type(state, state["units"][uid]).ps


def palace_hex(state: State) -> str:
    return comp(state).home(BIELER).hex


_STEPS: dict[int, dict[tuple[str, str], str | None]] = {}


def neighbour(c: Components, hex_label: str, direction: str) -> str | None:
    """The hex one step from `hex_label` toward a compass direction (None off the map)."""
    table = _STEPS.setdefault(id(c), {})
    key = (hex_label, direction)
    if key not in table:
        h = c.grid.neighbour_in(hex_label, direction)
        table[key] = None if h is None else c.grid.label(h)
    return table[key]


def flip_up(ctx: Context, state: State, units: list[Unit], rule: str, why: Msg) -> None:
    """Turn face-down units face-up; everyone sees what they are."""
    if not units:
        return
    for unit in units:
        unit["up"] = True
    ids = sorted((u["id"] for u in units), key=order)
    shown = names(state, ids)
    ctx.say(
        msg(f"face-up ({why['en']}): {shown['en']}", f"表にする（{why['ja']}）: {shown['ja']}"),
        rule=rule,
        units=ids,
    )
    ctx.reveal()


def _join(state: State, unit: Unit) -> None:
    """A unit becomes a participant (at the start, or later: R19)."""
    cb = state["combat"]
    mine = cb["units"][unit["side"]]
    if unit["id"] not in mine:
        mine.append(unit["id"])
        mine.sort(key=order)
        cb["took_part"].append(unit["type"])


def _leave(cb: dict[str, Any], uid: str, side: str) -> None:
    """A unit stops being a participant (destroyed, retreated, 9.11.12)."""
    if uid in cb["units"][side]:
        cb["units"][side].remove(uid)
    for g in cb["groups"]:
        if uid in g[side]:
            g[side].remove(uid)
    cb["targets"] = {a: t for a, t in cb["targets"].items() if uid not in (a, t)}
    _clean(cb)


def _clean(cb: dict[str, Any]) -> None:
    """A grouping left without a unit of one side dissolves; its units are free (9.8.5)."""
    cb["groups"] = [g for g in cb["groups"] if g[MERC] and g[BIELER]]


def _group_of(cb: dict[str, Any], uid: str, side: str) -> dict[str, list[str]] | None:
    for g in cb["groups"]:
        if uid in g[side]:
            return g  # type: ignore[no-any-return]
    return None


def free_units(cb: dict[str, Any], side: str) -> list[str]:
    """Participants in no grouping (9.8.5 "free units"), in id order."""
    grouped = {u for g in cb["groups"] for u in g[side]}
    return [u for u in cb["units"][side] if u not in grouped]


def bound(state: State) -> tuple[str, str] | None:
    """Rule 13.1 (ruling R39): (Strike Dog, Kiriko) when both take part in a Palace combat."""
    cb = state["combat"]
    if cb["hex"] != palace_hex(state):
        return None
    units = state["units"]
    dog = [u for u in cb["units"][BIELER] if units[u]["type"] == STRIKE_DOG]
    kiriko = [u for u in cb["units"][MERC] if units[u]["type"] == KIRIKO]
    return (dog[0], kiriko[0]) if dog and kiriko else None


def retreat_hexes(state: State, unit: Unit) -> list[str]:
    """Rule 9.11.5–9.11.11 (ruling R27): the hexes `unit` may retreat into.

    Adjacent toward home (Merc NE/SE/S, Bieler N/NW/SW), with no face-up enemy (a ready heli
    counts), not an enemy-controlled base with base attack; Strike Dog within 3 hexes of the
    Palace in stages 6 and 8; Proto One never leaves the Palace (R14)."""
    side, type_id = unit["side"], unit["type"]
    if type_id == PROTO_ONE:
        return []
    c = comp(state)
    enemy_up = {
        u["hex"]
        for u in state["units"].values()
        if u["side"] != side and u["hex"] is not None and fighter(state, u)
    }
    result = []
    for direction in RETREAT_DIRECTIONS[side]:
        h = neighbour(c, unit["hex"], direction)
        if h is None or h in enemy_up:
            continue
        place = c.place_at.get(h)
        if place and place.base_attack and state["control"].get(place.id) == other(side):
            continue
        if (
            type_id == STRIKE_DOG
            and state["stage"] in STRIKE_DOG_STAGES
            and c.grid.distance(h, palace_hex(state)) > STRIKE_DOG_RANGE
        ):
            continue
        result.append(h)
    return result


# --------------------------------------------------------------------------- the procedure


def begin(ctx: Context, state: State, hex_label: str) -> None:
    """Start the combat in `hex_label`: 9.3 flips, participants (9.5), then the base attack."""
    cb = state["combat"]
    c = comp(state)
    place = c.place_at.get(hex_label)
    controller = state["control"].get(place.id) if place is not None and place.base else None
    base = place.base_attack if place is not None else None
    here = units_at(state, hex_label)
    if base and controller and any(u["side"] != controller for u in here):
        hidden = [u for u in here if not u["up"]]
        flip_up(ctx, state, hidden, "9.3", msg("combat in a base", "拠点での戦闘"))
    cb.update(
        hex=hex_label,
        round=0,
        todo="round",
        units={MERC: [], BIELER: []},
        groups=[],
        targets={},
        base=None,
        took_part=[],
        destroyed=[],
        kiriko_joins=False,
        chance=True,
        last=[],
        ps=[],
        ps_pairs={},
        retreat=None,
    )
    for unit in sorted(here, key=lambda u: order(u["id"])):
        if fighter(state, unit):
            _join(state, unit)
    where = place.name if place is not None else msg(hex_label, hex_label)
    m, b = names(state, cb["units"][MERC]), names(state, cb["units"][BIELER])
    ctx.say(
        msg(
            f"combat in {hex_label} ({where['en']}): "
            f"Merc {m['en'] or '-'} vs Bieler {b['en'] or '-'}",
            f"{hex_label}（{where['ja']}）で戦闘: "
            f"傭兵側 {m['ja'] or '-'} 対 ビーラー側 {b['ja'] or '-'}",
        ),
        rule="9.5",
        hex=hex_label,
    )
    if hex_label == palace_hex(state):
        # Rule 14.2.3 (ruling R41): Kan Yu squad takes part in the Palace combat from its start.
        types = {state["units"][u]["type"] for u in cb["units"][MERC]}
        state["kan_yu_in_palace_assault"] = KAN_YU in types
        if state["options"].get("check_modifiers") == "per_combat":
            state["mods"]["strike_dog"] = state["mods"]["kiriko"] = 0  # R34 option
    if base and controller and cb["units"][other(controller)]:
        strength, count = base
        cb["base"] = {"side": controller, "attack": strength, "count": count, "extra": []}
        cb["todo"] = "base"
    advance(ctx, state)


Decision = tuple[str, list[Action]]
"""Who decides, and the legal actions (empty: nothing to decide in this part)."""


def advance(ctx: Context, state: State) -> None:
    """Run the combat until a player must decide, or until it is over."""
    while True:
        cb = state["combat"]
        todo = cb["todo"]
        if todo == "over":
            end(ctx, state)
            return
        if todo in AUTOMATIC:
            AUTOMATIC[todo](ctx, state)
            continue
        kind = KINDS[todo]
        actor, legal = DECIDE[todo](state)
        if not legal:
            cb["todo"] = NEXT[todo]
            continue
        if len(legal) == 1 and todo != "retreat_ask" and not _owner_places(state, legal[0]):
            APPLY[todo](ctx, state, legal[0])
            continue
        wait(state, kind, actor=actor)
        return


# -- 9.12 base attack


def decide_base(state: State) -> Decision:
    """Ruling R20: the controller spreads its N attacks over the E enemy participants: every
    one gets ⌊N/E⌋, and the controller chooses which N mod E of them get one more (a set,
    chosen in id order)."""
    cb = state["combat"]
    base = cb["base"]
    enemies = cb["units"][other(base["side"])]
    r = base["count"] % len(enemies)
    extras = base["extra"]
    due = r - len(extras)
    if due <= 0:
        return base["side"], []
    last = max((enemies.index(u) for u in extras), default=-1)
    room = len(enemies) - due  # leave enough units for the extras still due
    return base["side"], [{"base_target": u} for i, u in enumerate(enemies) if last < i <= room]


def apply_base(ctx: Context, state: State, action: Action) -> None:
    state["combat"]["base"]["extra"].append(action["base_target"])


def fire_base(ctx: Context, state: State) -> None:
    """Rules 9.12.2–9.12.4: the base attack, before round 1; the enemy does not fire back."""
    cb = state["combat"]
    base = cb["base"]
    side, strength = base["side"], base["attack"]
    enemies = cb["units"][other(side)]
    q = base["count"] // len(enemies)
    place = comp(state).place_at[cb["hex"]]
    hits: dict[str, list[str | None]] = {}
    last: list[dict[str, Any]] = []
    for uid in enemies:
        need = strength - values(state, state["units"][uid])[1]
        for _ in range(q + base["extra"].count(uid)):
            shot = _attack_roll(ctx, state, side, place.name, uid, need, "9.12")
            _record(last, hits, None, uid, need, shot)
    cb["last"] = last
    cb["base"] = None
    damage(ctx, state, hits)
    if not cb["units"][side] or not cb["units"][other(side)]:
        cb["todo"] = "over"  # R20: the base attack alone resolves the combat
    else:
        cb["todo"] = "round"


def _record(
    last: list[dict[str, Any]],
    hits: dict[str, list[str | None]],
    by: str | None,
    target: str,
    need: int,
    dice: list[int],
) -> None:
    """Note one attack for the combat panel and, if 2D <= need (9.9.3), its hit; `by` is None
    for a base attack (9.12)."""
    hit = bool(dice) and sum(dice) <= need
    last.append({"by": by, "at": target, "need": need, "dice": dice, "hit": hit})
    if hit:
        hits.setdefault(target, []).append(by)


def _attack_roll(
    ctx: Context, state: State, side: str, by: Msg, target: str, need: int, rule: str
) -> list[int]:
    """Roll 2D for one attack (9.9.3): destroyed on 2D ≤ attack − defence. No roll when the
    hit number is below 2: such an attack cannot succeed."""
    if need < 2:
        return []
    at = name(state, target)
    why = msg(
        f"{by['en']} attacks {at['en']}: destroyed on 2D ≤ {need}",
        f"{by['ja']} が {at['ja']} を攻撃: 2D ≤ {need} で撃破",
    )
    return ctx.roll(side, 2, rule, why)


# -- rounds and pairing (9.8)


def start_round(ctx: Context, state: State) -> None:
    """The start of a round: stage 6 checks (12.10), Kiriko's entry, then pairing (9.8)."""
    cb = state["combat"]
    if not cb["units"][MERC] or not cb["units"][BIELER]:
        cb["todo"] = "over"
        return
    cb["round"] += 1
    in_palace = cb["hex"] == palace_hex(state)
    if (
        in_palace
        and state["stage"] == 6
        and not strike_dog_arrived(state)
        and strike_dog_round_check(ctx, state)  # ruling R35: it fights from this round
    ):
        dog = find(state, STRIKE_DOG)
        if dog is not None:
            _join(state, dog)
    if cb["kiriko_joins"]:
        cb["kiriko_joins"] = False
        if KIRIKO in state["stock"][MERC]:  # ruling R36: placed face-up in the Palace hex
            uid = place_named(ctx, state, MERC, KIRIKO, cb["hex"], up=True)
            _join(state, state["units"][uid])
            kiriko = name(state, uid)
            ctx.say(
                msg(f"{kiriko['en']} joins the combat", f"{kiriko['ja']}が戦闘に参加"),
                rule="12.10",
            )
    cb["targets"] = {}
    cb["ps_pairs"] = {}
    ps = [u for u in cb["units"][BIELER] if is_ps_id(state, u)]
    tie = bound(state)
    if tie is not None:
        ps.remove(tie[0])
        ps.insert(0, tie[0])  # Strike Dog's forced partner first (13.1)
    cb["ps"] = ps
    cb["todo"] = "ps"


def decide_ps(state: State) -> Decision:
    """Rules 9.8.2, 9.8.6 (rulings R22, R24): Bieler chooses each PS's partner first, every
    round; partners are distinct while there are enough Merc units (then spread evenly).
    Strike Dog's partner is Kiriko when both are in a Palace combat (13.1, R39)."""
    cb = state["combat"]
    if not cb["ps"]:
        return BIELER, []
    ps = cb["ps"][0]
    tie = bound(state)
    if tie is not None and tie[0] == ps:
        return BIELER, [{"pair": ps, "with": tie[1]}]
    counts = Counter(cb["ps_pairs"].values())
    merc = cb["units"][MERC]
    least = min(counts[m] for m in merc)
    return BIELER, [{"pair": ps, "with": m} for m in merc if counts[m] == least]


def apply_ps(ctx: Context, state: State, action: Action) -> None:
    cb = state["combat"]
    ps, partner = action["pair"], action["with"]
    cb["ps"].remove(ps)
    shared = partner in cb["ps_pairs"].values()
    cb["ps_pairs"][ps] = partner
    mine = _group_of(cb, ps, BIELER)
    theirs = _group_of(cb, partner, MERC)
    if shared and theirs is not None:
        if mine is not theirs:  # a second PS on the same partner joins its grouping
            if mine is not None:
                mine[BIELER].remove(ps)
            theirs[BIELER].append(ps)
    elif mine is None or mine is not theirs:  # R24 step 2: both leave their groupings
        if mine is not None:
            mine[BIELER].remove(ps)
        if theirs is not None:
            theirs[MERC].remove(partner)
        cb["groups"].append({MERC: [partner], BIELER: [ps]})
    _clean(cb)


def decide_pair(state: State) -> Decision:
    """Rule 9.8.1 (rulings R22 step 2, R24 steps 3-4): the phase player pairs free units one
    to one; a free unit left without a free enemy is paired with an enemy that shares its
    grouping with another unit of its side (not a PS, whose partner Bieler chose). The first
    free unit of the side with fewer free units gets a partner each time."""
    cb = state["combat"]
    player = cb["player"]
    fm, fb = free_units(cb, MERC), free_units(cb, BIELER)
    if fm and fb:
        first, others = (fm[0], fb) if len(fm) <= len(fb) else (fb[0], fm)
        return player, [{"pair": first, "with": o} for o in others]
    free = fm or fb
    if not free:
        return player, []
    enemy = other(state["units"][free[0]]["side"])
    tie = bound(state) or ()
    spare = [
        u
        for g in cb["groups"]
        if len(g[enemy]) >= 2
        for u in g[enemy]
        if u not in tie and not is_ps_id(state, u)
    ]
    return player, [{"pair": free[0], "with": u} for u in sorted(spare, key=order)]


def apply_pair(ctx: Context, state: State, action: Action) -> None:
    cb = state["combat"]
    a, b = action["pair"], action["with"]
    side_a = state["units"][a]["side"]
    old = _group_of(cb, b, other(side_a))
    if old is not None:
        old[other(side_a)].remove(b)
    cb["groups"].append({side_a: [a], other(side_a): [b]})
    _clean(cb)


def _shape(cb: dict[str, Any], side: str) -> tuple[int, int, list[int]]:
    """(q, r, counts): `side`'s units per grouping and the even spread of 9.8.3 (q or q+1)."""
    q, r = divmod(len(cb["units"][side]), len(cb["groups"]))
    return q, r, [len(g[side]) for g in cb["groups"]]


def decide_join(state: State) -> Decision:
    """Rule 9.8.3 (R22 step 3, R24 step 5): the larger side places its free units in the
    groupings so that no two groupings differ by 2 or more."""
    cb = state["combat"]
    free = free_units(cb, MERC) or free_units(cb, BIELER)
    if not free or not cb["groups"]:
        return MERC, []
    side = state["units"][free[0]]["side"]
    q, r, counts = _shape(cb, side)
    over = sum(1 for n in counts if n > q)
    room = [i for i, n in enumerate(counts) if n < q or (n == q and over < r)]
    return side, [{"join": free[0], "group": i} for i in room]


def apply_join(ctx: Context, state: State, action: Action) -> None:
    cb = state["combat"]
    uid = action["join"]
    side = state["units"][uid]["side"]
    old = _group_of(cb, uid, side)
    if old is not None:
        old[side].remove(uid)
    cb["groups"][action["group"]][side].append(uid)
    _clean(cb)


def decide_balance(state: State) -> Decision:
    """Rule 9.8.5 (R24 step 6): over all groupings, the owner of the excess units moves them
    until every grouping holds q or q+1 of them."""
    cb = state["combat"]
    m, b = len(cb["units"][MERC]), len(cb["units"][BIELER])
    if m == b or not cb["groups"]:
        return MERC, []
    side = MERC if m > b else BIELER
    q, _, counts = _shape(cb, side)
    if all(q <= n <= q + 1 for n in counts):
        return side, []
    short = any(n < q for n in counts)
    tie = bound(state) or ()
    moves = []
    for s, g in enumerate(cb["groups"]):
        if not (counts[s] > q + 1 or (counts[s] == q + 1 and short)):
            continue
        for uid in g[side]:
            if uid in tie:
                continue
            for t, n in enumerate(counts):
                if t != s and (n < q or (n == q and counts[s] > q + 1)):
                    moves.append({"join": uid, "group": t})
    return side, moves


def check_shape(ctx: Context, state: State) -> None:
    """Every grouping must hold exactly one unit of the smaller side (9.8.1, 9.8.3). The
    procedure above keeps this; should it ever not hold, the groupings are formed afresh."""
    cb = state["combat"]
    m, b = len(cb["units"][MERC]), len(cb["units"][BIELER])
    single = [BIELER] if m > b else [MERC] if b > m else [MERC, BIELER]
    if all(len(g[s]) == 1 for g in cb["groups"] for s in single):
        cb["todo"] = "balance"
        return
    cb["groups"] = []
    cb["ps_pairs"] = {}
    cb["ps"] = [u for u in cb["units"][BIELER] if is_ps_id(state, u)]
    cb["todo"] = "ps"


def decide_target(state: State) -> Decision:
    """Rule 9.8.4 (ruling R23): a unit facing 2+ enemies has its target chosen by its owner,
    the phase player's first; Strike Dog must attack Kiriko (13.1)."""
    cb = state["combat"]
    player = cb["player"]
    tie = bound(state)
    pending = []
    for i, g in enumerate(cb["groups"]):
        for side in SIDES:
            if len(g[side]) == 1 and len(g[other(side)]) >= 2 and g[side][0] not in cb["targets"]:
                pending.append((side != player, i, side, g[side][0], g[other(side)]))
    if not pending:
        return player, []
    _, _, side, uid, enemies = min(pending)
    if tie is not None and uid == tie[0] and tie[1] in enemies:
        return side, [{"target": uid, "at": tie[1]}]
    return side, [{"target": uid, "at": e} for e in enemies]


def apply_target(ctx: Context, state: State, action: Action) -> None:
    state["combat"]["targets"][action["target"]] = action["at"]


# -- 9.9 attacks and 9.10 damage


def fire(ctx: Context, state: State) -> None:
    """Rule 9.9: every participant attacks; every attack is rolled, the phase player's first
    (R25); then damage is applied to both sides at once (9.10.1)."""
    cb = state["combat"]
    units = state["units"]
    hits: dict[str, list[str | None]] = {}
    last: list[dict[str, Any]] = []
    chance = False
    for attacker, target, need in current_attacks(state):
        chance = chance or need >= 2
        side = units[attacker]["side"]
        shot = _attack_roll(ctx, state, side, name(state, attacker), target, need, "9.9.3")
        _record(last, hits, attacker, target, need, shot)
    cb["last"] = last
    cb["chance"] = chance
    damage(ctx, state, hits)
    cb["retreat"] = {"order": [cb["player"], other(cb["player"])], "next": 0, "side": None}
    cb["todo"] = "retreat"


def damage(ctx: Context, state: State, hits: dict[str, list[str | None]]) -> None:
    """Rules 9.10, 10 and 13.2/13.3: VP first (9.10.3), then destroyed units leave: helis to
    the stock, ATs and soldiers to their cup, Kan Yu and PS wait to return (9.10.4), Kiriko is
    removed from the game (13.2, 13.3, ruling R28). `hits` maps each destroyed unit to the
    attackers whose roll hit it (None for the base attack)."""
    if not hits:
        return
    cb = state["combat"]
    units = state["units"]
    victims = sorted(hits, key=order)
    killers = {v: [None if k is None else units[k]["type"] for k in hits[v]] for v in victims}
    own_losses = experience = merc_vp = 0
    for v in victims:
        unit = units[v]
        t = unit_type(state, unit)
        by = killers[v]
        if unit["side"] == BIELER and t.kind == "at" and not t.ps:
            own_losses += 1  # 10.1 own losses
        if unit["side"] == MERC and any(k in PS_EXPERIENCE for k in by):
            experience += HELI_EXPERIENCE if t.kind == "heli" else values(state, unit)[1]
        if t.ps and not (state["stage"] == 6 and all(k == KIRIKO for k in by)):
            merc_vp += PS_VP  # 10.2
        for k in dict.fromkeys(by):
            cb["destroyed"].append([unit["type"], k])
    gone = names(state, victims)
    ctx.say(msg(f"destroyed: {gone['en']}", f"撃破: {gone['ja']}"), rule="9.10.1", units=victims)
    gain_vp(ctx, state, BIELER, own_losses, "10.1", "own ATs destroyed", "自軍ATの被害")
    gain_vp(ctx, state, BIELER, experience, "10.1", "PS experience", "PS経験値")
    gain_vp(ctx, state, MERC, merc_vp, "10.2", "PS destroyed", "PS撃破")
    # 13.2: Kiriko leaves the game when its roll destroyed Strike Dog.
    kiriko_out = {
        k
        for v in victims
        if units[v]["type"] == STRIKE_DOG
        for k in hits[v]
        if k is not None and units[k]["type"] == KIRIKO
    }
    for v in victims:
        unit = units[v]
        t = unit_type(state, unit)
        side, type_id = unit["side"], unit["type"]
        if t.kind == "heli":
            state["stock"][side].append(type_id)  # 9.10.2
        elif type_id == KAN_YU or t.ps:
            state["returns"].append({"type": type_id, "side": side, "why": "destroyed"})  # 9.10.4
        elif type_id == KIRIKO:
            by_dog = STRIKE_DOG in killers[v]
            if state["options"].get("kiriko_destroyed") == "cup" and not by_dog:
                state["cups"][side].append(type_id)  # R28 option: 9.10.2 as written
            else:
                kiriko_out.add(v)  # 13.3 and ruling R28
        else:
            state["cups"][side].append(type_id)  # 9.10.2
        if v not in kiriko_out:
            _remove(state, v)
    for k in sorted(kiriko_out, key=order):
        if k in units:
            kiriko = name(state, k)
            _remove(state, k)
            if KIRIKO not in state["removed"]:
                state["removed"].append(KIRIKO)
            ctx.say(
                msg(f"{kiriko['en']} is removed from the game", f"{kiriko['ja']}をゲームから除外"),
                rule="13.2" if k not in hits else "13.3" if STRIKE_DOG in killers[k] else "R28",
            )


def _remove(state: State, uid: str) -> None:
    forget(state, state["units"][uid])
    unit = state["units"].pop(uid)
    _leave(state["combat"], uid, unit["side"])


# -- 9.11 retreat


def retreat_side(ctx: Context, state: State) -> None:
    """Rule 9.11 (ruling R27) for the next side to decide: the phase player first; a side
    with only face-down units is in forced retreat (9.11.3); Bieler with only PS face-up rolls
    once (9.11.4). The choice is asked even when only "continue" is legal, unless a face-up
    unit (public knowledge) is what blocks the retreat, so the opponent learns nothing of a
    face-down Proto One or Strike Dog from whether the question was put."""
    cb = state["combat"]
    r = cb["retreat"]
    hex_label = cb["hex"]
    if not units_at(state, hex_label, MERC) or not units_at(state, hex_label, BIELER):
        cb["todo"] = "over"  # R26: a side has no units left in the hex
        return
    if not cb["units"][MERC] and not cb["units"][BIELER]:
        cb["todo"] = "over"
        return
    if r["next"] >= len(r["order"]):
        cb["todo"] = "round_end"
        return
    side = r["order"][r["next"]]
    r["next"] += 1
    fighters, enemies = cb["units"][side], cb["units"][other(side)]
    forced = not fighters and bool(enemies)
    if side == BIELER and fighters and all(is_ps_id(state, u) for u in fighters):
        (die,) = ctx.roll(BIELER, 1, "9.11.4", msg("PS only: retreat check", "PSのみ: 後退判定"))
        forced = die <= 3
    mine = units_at(state, hex_label, side)
    ground = [u for u in mine if unit_type(state, u).kind != "heli"]
    options = {u["id"]: retreat_hexes(state, u) for u in ground}
    if forced:
        stuck = [u for u in ground if not options[u["id"]] and unit_type(state, u).ps]
        for unit in stuck:  # 9.11.12: the PS goes back to the Palace at the end of the phase
            shown = unit["up"]
            unit["up"] = True
            ps = name(state, unit["id"])
            _remove(state, unit["id"])
            state["returns"].append({"type": unit["type"], "side": side, "why": "no_retreat"})
            ctx.say(
                msg(
                    f"{ps['en']} cannot retreat: it returns to the Palace at the end of the phase",
                    f"{ps['ja']}は後退できず、フェイズ終了時に宮殿へ戻る",
                ),
                rule="9.11.12",
            )
            if not shown:
                ctx.reveal()
        ground = [u for u in ground if u not in stuck]
        if not units_at(state, hex_label, side):
            cb["todo"] = "over"
        elif all(options[u["id"]] for u in ground):
            start_retreat(ctx, state, side, forced=True)
        else:  # 9.11.8: a forced retreat with no legal hex turns everything up and fights on
            hidden = [u for u in ground if not u["up"]]
            flip_up(ctx, state, hidden, "9.11.8", msg("no retreat possible", "後退不能"))
            for unit in hidden:
                _join(state, unit)
            _say_continue(ctx, state, side, "9.11.8")
        return
    if any(u["up"] and not options[u["id"]] for u in ground):
        _say_continue(ctx, state, side, "9.11.8")  # no legal hex for all: must continue
    else:
        r["side"] = side  # whether it may retreat stays out of the (public) combat record
        cb["todo"] = "retreat_ask"


def _say_continue(ctx: Context, state: State, side: str, rule: str) -> None:
    en, ja = SIDE_NAME[side]
    ctx.say(msg(f"{en} fights on", f"{ja}は継戦"), rule=rule)


def decide_retreat(state: State) -> Decision:
    """Rule 9.11.8 (ruling R27 step 4): a side may retreat only if every unit has a hex."""
    cb = state["combat"]
    side = cb["retreat"]["side"]
    can = all(
        retreat_hexes(state, u)
        for u in units_at(state, cb["hex"], side)
        if unit_type(state, u).kind != "heli"
    )
    return side, [{"retreat": True}, {"retreat": False}] if can else [{"retreat": False}]


def apply_retreat(ctx: Context, state: State, action: Action) -> None:
    cb = state["combat"]
    side = cb["retreat"]["side"]
    if action["retreat"]:
        start_retreat(ctx, state, side, forced=False)
    else:
        _say_continue(ctx, state, side, "9.11.1")
        cb["todo"] = "retreat"


def start_retreat(ctx: Context, state: State, side: str, *, forced: bool) -> None:
    """Rule 9.11.9: every unit of the side in the hex leaves; helis go straight home, acted."""
    cb = state["combat"]
    en, ja = SIDE_NAME[side]
    ctx.say(
        msg(
            f"{en} retreats" + (" (forced)" if forced else ""),
            f"{ja}は後退" + ("（強制）" if forced else ""),
        ),
        rule="9.11.3" if forced else "9.11.1",
    )
    cb["retreat"]["side"] = side
    for uid in list(cb["units"][side]):
        _leave(cb, uid, side)
    home = comp(state).home(side).hex
    for unit in units_at(state, cb["hex"], side):
        if unit_type(state, unit).kind == "heli":
            unit["hex"], unit["acted"] = home, True
            ctx.say(
                msg(
                    f"heli {unit['id']} flies home, acted",
                    f"ヘリ {unit['id']} は本拠地へ戻り行動済",
                ),
                rule="9.11.9",
            )
        else:
            options = retreat_hexes(state, unit)
            if len(options) == 1 and unit["up"]:  # face-down: see `_owner_places`
                move_back(ctx, state, unit, options[0])
    cb["todo"] = "retreat_move"


def _owner_places(state: State, action: Action) -> bool:
    """A face-down unit is never sent to its only retreat hex without its owner: how many hexes
    it has can depend on what it is (Strike Dog's 3-hex limit), which the opponent would learn
    from seeing it go at once (digest D.1)."""
    uid = action.get("retreat_unit")
    return uid is not None and not state["units"][uid]["up"]


def move_back(ctx: Context, state: State, unit: Unit, to: str) -> None:
    start = unit["hex"]
    unit["hex"] = to
    ctx.say(
        msg(f"{unit['id']} retreats {start} → {to}", f"{unit['id']} は {start} → {to} へ後退"),
        rule="9.11.9",
    )
    nuba = comp(state).places.get(NUBA)
    if nuba is not None and to == nuba.hex and not unit["up"]:
        flip_up(ctx, state, [unit], "11.3", msg("retreating into Nuba Highland", "ヌバ高地へ後退"))


def decide_move(state: State) -> Decision:
    """Rule 9.11.9: the owner sends each unit to one of its legal hexes (splitting allowed);
    units with a single legal hex go there at once."""
    cb = state["combat"]
    side = cb["retreat"]["side"]
    left = sorted(units_at(state, cb["hex"], side), key=lambda u: order(u["id"]))
    if not left:
        return side, []
    options = {u["id"]: retreat_hexes(state, u) for u in left}
    first = left[0]["id"]
    moves: list[Action] = [{"retreat_unit": first, "to": h} for h in options[first]]
    if len(left) > 1:
        common = set.intersection(*(set(h) for h in options.values()))
        moves += [{"retreat_all": h} for h in options[first] if h in common]
    return side, moves


def apply_move(ctx: Context, state: State, action: Action) -> None:
    cb = state["combat"]
    side = cb["retreat"]["side"]
    if "retreat_all" in action:
        for unit in sorted(units_at(state, cb["hex"], side), key=lambda u: order(u["id"])):
            move_back(ctx, state, unit, action["retreat_all"])
    else:
        move_back(ctx, state, state["units"][action["retreat_unit"]], action["to"])


def round_end(ctx: Context, state: State) -> None:
    """After a round in which both sides fought on: the deadlock guard of R26, then the
    Kiriko check of 12.10 (ruling R36), then the next round (9.7)."""
    cb = state["combat"]
    if not cb["chance"]:
        ctx.say(
            msg("no attack can succeed: the combat ends", "命中の可能性がなく戦闘終了"), rule="R26"
        )
        cb["todo"] = "over"
        return
    if not cb["units"][MERC] or not cb["units"][BIELER]:
        cb["todo"] = "over"
        return
    types = {state["units"][u]["type"] for u in cb["units"][BIELER]}
    if (
        cb["hex"] == palace_hex(state)
        and state["stage"] == 6
        and STRIKE_DOG in types
        and KIRIKO in state["stock"][MERC]
        and not cb["kiriko_joins"]
        and kiriko_round_check(ctx, state)
    ):
        cb["kiriko_joins"] = True
        ctx.say(msg("Kiriko joins from the next round", "キリコが次ラウンドから参加"), rule="12.10")
    cb["todo"] = "round"


def end(ctx: Context, state: State) -> None:
    """The combat is over: stage checks (12.4, 12.5, 12.8), then the next combat hex."""
    cb = state["combat"]
    summary = {
        "participants": list(cb["took_part"]),
        "destroyed": [list(d) for d in cb["destroyed"]],
    }
    ctx.say(msg(f"the combat in {cb['hex']} is over", f"{cb['hex']} の戦闘終了"), rule="9.7")
    cb["done"].append(cb["hex"])
    for key in list(cb):
        if key not in ("player", "done"):
            del cb[key]
    cb["hex"] = None
    state["step"] = None
    after_combat(ctx, state, summary)
    for hook in AFTER:
        hook(ctx, state)


# ------------------------------------------------------------------------- registration

Apply = Callable[[Context, State, Action], None]

AUTOMATIC: dict[str, Callable[[Context, State], None]] = {
    "round": start_round,
    "fire_base": fire_base,
    "shape": check_shape,
    "fire": fire,
    "retreat": retreat_side,
    "round_end": round_end,
}
DECIDE: dict[str, Callable[[State], Decision]] = {
    "base": decide_base,
    "ps": decide_ps,
    "pair": decide_pair,
    "join": decide_join,
    "balance": decide_balance,
    "target": decide_target,
    "retreat_ask": decide_retreat,
    "retreat_move": decide_move,
}
APPLY: dict[str, Apply] = {
    "base": apply_base,
    "ps": apply_ps,
    "pair": apply_pair,
    "join": apply_join,
    "balance": apply_join,
    "target": apply_target,
    "retreat_ask": apply_retreat,
    "retreat_move": apply_move,
}
NEXT = {
    "base": "fire_base",
    "ps": "pair",
    "pair": "join",
    "join": "shape",
    "balance": "target",
    "target": "fire",
    "retreat_ask": "retreat",
    "retreat_move": "over",
}
KINDS = {
    "base": "combat_base",
    "ps": "combat_ps",
    "pair": "combat_pair",
    "join": "combat_join",
    "balance": "combat_balance",
    "target": "combat_target",
    "retreat_ask": "combat_retreat",
    "retreat_move": "combat_retreat_move",
}


def _describe(state: State, player: str, action: Action) -> Msg:
    """A combat decision as players say it."""
    units = state["units"]

    def n(uid: str) -> Msg:
        return name(state, uid) if uid in units else msg(uid, uid)

    if "base_target" in action:
        t = n(action["base_target"])
        return msg(f"base attack: one more attack on {t['en']}", f"拠点攻撃: {t['ja']} に追加で1回")
    if "pair" in action:
        a, b = n(action["pair"]), n(action["with"])
        return msg(f"pair {a['en']} with {b['en']}", f"{a['ja']} と {b['ja']} を組み合わせる")
    if "join" in action:
        u = n(action["join"])
        g = state["combat"]["groups"][action["group"]]
        across = names(state, g[other(units[action["join"]]["side"])])
        return msg(
            f"{u['en']} joins the grouping against {across['en']}",
            f"{u['ja']} を {across['ja']} との組み合わせに加える",
        )
    if "target" in action:
        a, t = n(action["target"]), n(action["at"])
        return msg(f"{a['en']} attacks {t['en']}", f"{a['ja']} は {t['ja']} を攻撃目標にする")
    if "retreat" in action:
        if action["retreat"]:
            return msg("retreat", "後退する")
        return msg("fight on", "継戦する")
    if "retreat_unit" in action:
        u = n(action["retreat_unit"])
        return msg(f"{u['en']} retreats to {action['to']}", f"{u['ja']} を {action['to']} へ後退")
    if "retreat_all" in action:
        h = action["retreat_all"]
        return msg(f"all the rest retreat to {h}", f"残り全てを {h} へ後退")
    return msg(str(action), str(action))


def _register(todo: str) -> None:
    def legal(state: State, player: str) -> list[Action]:
        return DECIDE[todo](state)[1]

    def apply(ctx: Context, state: State, player: str, action: Action) -> None:
        APPLY[todo](ctx, state, action)
        advance(ctx, state)

    step(KINDS[todo], lambda state: (state["step"]["actor"],), legal, apply, _describe)


for _todo in KINDS:
    _register(_todo)


def participants(state: State, hex_label: str) -> dict[str, list[str]]:
    """The units that would fight in `hex_label` now (9.5): face-up, ready if helis; only
    public information. During that hex's combat, its participants."""
    cb = state.get("combat") or {}
    if cb.get("hex") == hex_label:
        return {side: list(cb["units"][side]) for side in SIDES}
    here = units_at(state, hex_label)
    return {
        side: sorted((u["id"] for u in here if u["side"] == side and fighter(state, u)), key=order)
        for side in SIDES
    }


def pending_base(state: State, hex_label: str) -> tuple[str, int, int] | None:
    """The base attack (side, strength, attacks) still to come before round 1 of a combat in
    `hex_label`, if any (9.12)."""
    cb = state.get("combat") or {}
    if cb.get("hex") == hex_label:
        base = cb.get("base")
        return (base["side"], base["attack"], base["count"]) if base else None
    c = comp(state)
    place = c.place_at.get(hex_label)
    if place is None or not place.base or place.base_attack is None:
        return None
    controller = state["control"].get(place.id)
    if controller is None:
        return None
    strength, count = place.base_attack
    return controller, strength, count
