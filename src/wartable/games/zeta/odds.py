"""Exact odds of a combat step (`Rules.odds`): the distribution of the hits one side scores in
air combat (21), AA fire (22), bombing (23) or bombardment (24).

Every die of a step is read the same way: a hit for each value at or above it (21.5, 22.4,
23.4, 24.5). The dice of a side are:
- air combat, bombing: each MS rolls 1 die, plus 1 per point of its pilot's MS attack (21.6,
  23.5), against its air or bombing values on the face it shows (25.4);
- AA fire, bombardment: each ship rolls its AA or gun count on the face it shows, plus its
  captain's ship attack (22.3, 22.5, 24.4, 24.6), against its AA or gunnery values; an own
  military base rolls its attack at its level against 2·1 or 3·1 (22.6, 24.7).
The dice are independent, so the side's hits are the convolution of each die's hits. Worked out
with fractions, exactly.

A question is either hypothetical, ``step=air units=gundam_mk2/kamille_1,rick_dias*,nemo
base=granada:3`` (a unit type, ``*`` for its damaged back, ``/`` and the character aboard: its
pilot or captain), or about a game as it stands, ``step=air at=space:D4 faction=aeug``: that
faction's MS on sortie in the battle there (every MS of the faction there when no battle is
under way), its ships taking part with their captains, and its military base in the hex. What
it uses is public (the map, the counters, the battle), so anyone may ask.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wartable.engine import Msg, State, msg
from wartable.games.zeta.components import MS, Components, Ship, components
from wartable.games.zeta.state import comp

BASE_AA, BASE_GUN = (2, 1), (3, 1)  # 22.6, 24.7
SIDES = 6
STEPS: dict[str, tuple[str, Msg]] = {
    "air": ("21.5", msg("Air combat", "空中戦")),
    "aa": ("22.3", msg("AA fire", "対空砲火")),
    "bombing": ("23.4", msg("Bombing", "爆撃")),
    "bombardment": ("24.4", msg("Bombardment", "砲撃戦")),
}
SHIP_STEPS = ("aa", "bombardment")
Distribution = dict[int, Fraction]


@dataclass(frozen=True)
class Fire:
    """Dice rolled against one value list (one MS, one ship or one base)."""

    what: str
    dice: int
    values: tuple[int, ...]


def one_die(values: tuple[int, ...]) -> Distribution:
    """0.2: the hits of one die against a value list (one for each value at or above it)."""
    found: Distribution = {}
    for face in range(1, SIDES + 1):
        hits = sum(1 for v in values if face <= v)
        found[hits] = found.get(hits, Fraction(0)) + Fraction(1, SIDES)
    return found


def add(a: Distribution, b: Distribution) -> Distribution:
    """The hits of two independent rolls together."""
    found: Distribution = {}
    for x, p in a.items():
        for y, q in b.items():
            found[x + y] = found.get(x + y, Fraction(0)) + p * q
    return found


def distribution(fires: Iterable[Fire]) -> Distribution:
    """The hits of a whole side: every die of every unit, added (21.7, 22.7, 23.6, 24.9)."""
    total: Distribution = {0: Fraction(1)}
    for fire in fires:
        die = one_die(fire.values)
        for _ in range(fire.dice):
            total = add(total, die)
    return dict(sorted(total.items()))


# -- the dice of a side --------------------------------------------------------------------------


def unit_fire(c: Components, step: str, type_id: str, back: bool, character: str | None) -> Fire:
    """The dice one unit rolls in a step, with the character aboard."""
    kind = c.unit(type_id)
    char = c.characters[character] if character else None
    if step in SHIP_STEPS:
        if not isinstance(kind, Ship):
            raise ValueError(f"{type_id} is no ship: only ships fire in {step}")
        face = kind.face(back)
        extra = char.ship_attack if char else 0  # 22.5, 24.6
        if step == "aa":
            return Fire(type_id, face.aa_guns + extra, kind.aa)  # 22.3
        return Fire(type_id, face.guns + extra, kind.gun)  # 24.4
    if not isinstance(kind, MS):
        raise ValueError(f"{type_id} is no MS: only MS fight in {step}")
    ms_face = kind.face(back)
    extra = char.ms_attack if char else 0  # 21.6, 23.5
    return Fire(type_id, 1 + extra, ms_face.air if step == "air" else ms_face.bomb)


def base_fire(c: Components, step: str, bid: str, level: int) -> Fire | None:
    """22.6, 24.7: an own military base fires AA and in a bombardment, its attack in dice."""
    base = c.bases.get(bid)
    if base is None:
        raise ValueError(f"no base {bid!r}")
    if step not in SHIP_STEPS or not base.military or level < 1:
        return None
    return Fire(bid, base.level(level).attack, BASE_AA if step == "aa" else BASE_GUN)


def hypothetical(c: Components, step: str, query: dict[str, str]) -> list[Fire]:
    """``units=gundam_mk2/kamille_1,rick_dias*`` and ``base=granada:3``."""
    fires = []
    for spec in filter(None, (s.strip() for s in query.get("units", "").split(","))):
        unit, _, character = spec.partition("/")
        back = unit.endswith("*")
        type_id = unit.rstrip("*")
        if type_id not in c.ms and type_id not in c.ships:
            raise ValueError(f"no unit type {type_id!r}")
        if character and character not in c.characters:
            raise ValueError(f"no character {character!r}")
        fires.append(unit_fire(c, step, type_id, back, character or None))
    if query.get("base"):
        bid, _, level = query["base"].partition(":")
        if not level.isdigit() or not 1 <= int(level) <= 3:
            raise ValueError(f"base={query['base']}: write the base and its level 1-3, granada:3")
        fire = base_fire(c, step, bid, int(level))
        if fire is not None:
            fires.append(fire)
    return fires


def in_game(state: State, step: str, at: str, faction: str) -> list[Fire]:
    """A faction's dice in a step at `at`, as the game stands."""
    c = comp(state)
    act = state.get("action") or {}
    fight = act.get("battle") if act.get("battle") and act["battle"]["at"] == at else None
    aboard = {ch["on"]: cid for cid, ch in state["characters"].items() if ch["on"] is not None}
    fires = []
    for uid, u in state["units"].items():
        if u["at"] != at or u["faction"] != faction:
            continue
        ship = u["type"] in c.ships
        if ship != (step in SHIP_STEPS):
            continue
        if fight is not None:
            if not ship and uid not in fight["sortie"]:
                continue  # 20.3: only MS on sortie fight
            if ship and (uid not in fight["taking_part"] or uid in fight["housed"]):
                continue  # 20.2, 20.4
            character = fight["captains"].get(uid) if ship else aboard.get(uid)
        else:
            character = None if ship else aboard.get(uid)
        fires.append(unit_fire(c, step, u["type"], u["back"], character))
    for bid, b in state["bases"].items():
        if b["at"] == at and b["owner"] == faction:
            fire = base_fire(c, step, bid, b["level"])
            if fire is not None:
                fires.append(fire)
    return fires


# -- the answer ----------------------------------------------------------------------------------


def answer(state: State | None, player: str | None, query: dict[str, str]) -> dict[str, Any]:
    """`Rules.odds`: ``{"text": Msg, "data": {...}}`` for a step's hits; ValueError when the
    question is not one."""
    step = query.get("step", "")
    if step not in STEPS:
        raise ValueError(f"step= must be one of {', '.join(STEPS)}")
    if "units" in query or "base" in query or state is None:
        c = components({}) if state is None else comp(state)
        fires = hypothetical(c, step, query)
    else:
        at, faction = query.get("at", ""), query.get("faction", "")
        if not at or faction not in ("aeug", "titans", "neo_zeon"):
            raise ValueError("ask with at=<location> faction=<faction>, or with units=...")
        fires = in_game(state, step, at, faction)
    hits = distribution(fires)
    mean = sum(n * p for n, p in hits.items())
    rule, name = STEPS[step]
    dice = sum(f.dice for f in fires)
    shown = ", ".join(f"{n}: {float(p):.1%}" for n, p in hits.items())
    return {
        "text": msg(
            f"{name['en']} (rule {rule}): {dice} dice, hits {shown}; {float(mean):.2f} on average",
            f"{name['ja']}（ルール{rule}）: ダイス{dice}個、ヒット {shown}、平均{float(mean):.2f}",
        ),
        "data": {
            "step": step,
            "fires": [{"what": f.what, "dice": f.dice, "values": list(f.values)} for f in fires],
            "hits": {str(n): float(p) for n, p in hits.items()},
            "exact": {str(n): str(p) for n, p in hits.items()},
            "mean": float(mean),
        },
    }
