"""Exact odds of one attack, from what every side may see (every ship, unit and value in a battle
is in plain sight, digest D.1): beam fire (12.6), torpedoes against countermeasures (12.7) and a
unit's fire in surface combat (13.4), each with what its hits do to the target (12.8).

- beams: one die per beam factor, hitting on 4-6 in the firer's area, on a 6 one area away (and
  two areas for a capital ship);
- torpedoes: one die per torpedo factor, hitting on 5-6 up to one area away, on a 6 at two or
  three; then the target rolls its countermeasure dice once and each 6 cancels one hit;
- surface combat: one die per combat factor (fighters: torpedo and beam factors), each 6 a hit.

Hits as many as the target's defence (screens) flip it to its damaged side, or destroy it when
it is damaged already or has no damaged side; three times its defence destroys it outright.
A unit's fire in surface combat taken alone: fighters' and batteries' hits only reduce troops.

Asked with the values (``weapon=beams dice=4 distance=0 defence=1``, ``weapon=torpedoes dice=2
distance=1 defence=1 cm=2``, ``weapon=surface dice=6 defence=2``, with ``damaged=1`` for a target
on its damaged side and ``flips=0`` for one with no damaged side), or of a game as it stands
(``shooter=T1``: every enemy it may fire at now; ``shooter=T1 target=I3``).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from wartable.engine import Msg, State, msg
from wartable.games.imperium import beams, torpedoes
from wartable.games.imperium.components import ShipType, components
from wartable.games.imperium.damage import MASSIVE, is_troop, label
from wartable.games.imperium.state import comp, is_ship, ship_type

SIX = Fraction(1, 6)
WEAPONS = ("beams", "torpedoes", "surface")
Dist = list[Fraction]  # P(exactly k hits), k = 0, 1, ...


def binomial(dice: int, p: Fraction) -> Dist:
    """P(k of `dice` dice hit), each with chance `p`."""
    return [comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def cancelled(hits: Dist, cm: int) -> Dist:
    """Rule 12.7: the target rolls `cm` dice; each 6 cancels one hit (never below none)."""
    saves = binomial(cm, SIX)
    out = [Fraction(0)] * len(hits)
    for k, p in enumerate(hits):
        for saved, q in enumerate(saves):
            out[max(0, k - saved)] += p * q
    return out


def hits(weapon: str, dice: int, need: int, cm: int = 0) -> Dist:
    """The hits of one attack: `dice` dice hitting on `need` or more (12.6, 12.7, 13.4), less
    the countermeasures against torpedoes (12.7)."""
    rolled = binomial(dice, Fraction(7 - need, 6))
    return cancelled(rolled, cm) if weapon == "torpedoes" and cm else rolled


def effect(dist: Dist, defence: int, damaged: bool, flips: bool) -> dict[str, Fraction]:
    """Rule 12.8 (13.1, 13.4 "as in 12.8"): the chance of each result of the hits."""
    if defence < 1:
        raise ValueError("a defence (screens) is at least 1 (rule 12.8)")
    destroyed = sum((p for k, p in enumerate(dist) if k >= MASSIVE * defence), Fraction(0))
    hurt = sum((p for k, p in enumerate(dist) if defence <= k < MASSIVE * defence), Fraction(0))
    if damaged or not flips:
        destroyed, hurt = destroyed + hurt, Fraction(0)
    return {"destroyed": destroyed, "damaged": hurt, "unhurt": 1 - destroyed - hurt}


def need_for(weapon: str, kind: ShipType, distance: int) -> int | None:
    """The least die that hits (None: out of range): 12.6, 12.7; 13.4 in the unit's hex."""
    if weapon == "surface":
        return 6 if distance == 0 else None
    if weapon == "beams":
        return beams.to_hit(kind, distance)
    return torpedoes.to_hit(kind, distance)


# --- questions ------------------------------------------------------------------------------


def _int(query: dict[str, str], key: str, default: int | None = None) -> int:
    text = query.get(key)
    if text is None:
        if default is None:
            raise ValueError(f"give {key}=N")
        return default
    if not text.isdigit():
        raise ValueError(f"{key}={text!r} is not a whole number")
    return int(text)


KEYS = {"weapon", "dice", "distance", "defence", "cm", "damaged", "flips", "capital"}


def by_values(query: dict[str, str]) -> dict[str, Any]:
    """One attack given by its values."""
    weapon = query.get("weapon", "")
    if weapon not in WEAPONS:
        raise ValueError(f"weapon must be one of {', '.join(WEAPONS)}")
    dice, distance = _int(query, "dice"), _int(query, "distance", 0)
    defence, cm = _int(query, "defence"), _int(query, "cm", 0)
    need = need_for(weapon, a_ship(bool(_int(query, "capital", 0))), distance)
    if need is None:
        raise ValueError(f"{weapon} do not reach {distance} areas (rules 12.6, 12.7)")
    dist = hits(weapon, dice, need, cm)
    odds = effect(dist, defence, bool(_int(query, "damaged", 0)), bool(_int(query, "flips", 1)))
    return {"weapon": weapon, "need": need, "hits": dist, **odds}


def a_ship(capital: bool) -> ShipType:
    """A capital or a light ship type: the ranges depend on nothing else (12.6, 12.7)."""
    return next(s for s in components({}).ships.values() if (s.cls == "capital") == capital)


def attack(state: State, shooter: str, target: str, weapon: str) -> dict[str, Any] | None:
    """One unit's attack on another as the game stands; None when it cannot reach."""
    units = state["units"]
    battle = state["battle"]
    me, it = units[shooter], units[target]
    if weapon == "surface":
        if battle.get("hexes", {}).get(shooter) != battle["hexes"].get(target):
            return None
        ground = comp(state).ground.get(me["type"])
        if ground is not None:
            dice = ground.face(me["damaged"]).combat
        else:
            face = ship_type(state, shooter).face(me["damaged"])
            dice = face.beam + face.torpedo
        need: int | None = 6
        cm = 0
    else:
        kind = ship_type(state, shooter)
        face = kind.face(me["damaged"])
        dice = face.beam if weapon == "beams" else face.torpedo
        distance = comp(state).board.distance(battle["areas"][shooter], battle["areas"][target])
        need = need_for(weapon, kind, distance)
        cm = ship_type(state, target).face(it["damaged"]).cm
    if need is None or not dice:
        return None
    if is_ship(state, target):
        t = ship_type(state, target)
        defence, flips = t.face(it["damaged"]).defence, t.back is not None
    else:
        defence, flips = comp(state).ground[it["type"]].face(it["damaged"]).defence, True
    dist = hits(weapon, dice, need, cm)
    odds = effect(dist, defence, it["damaged"], flips)
    if weapon == "surface" and not is_troop(state, shooter) and is_troop(state, target):
        # 13.4: fighters and batteries reduce troops but never eliminate them
        if it["damaged"]:
            odds = {"destroyed": Fraction(0), "damaged": Fraction(0), "unhurt": Fraction(1)}
        else:
            odds = {**odds, "damaged": odds["damaged"] + odds["destroyed"]}
            odds["destroyed"] = Fraction(0)
    return {"weapon": weapon, "need": need, "dice": dice, "hits": dist, **odds}


def in_game(state: State, query: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    battle = state.get("battle")
    if battle is None:
        raise ValueError("no battle is being fought")
    shooter = query["shooter"]
    units = state["units"]
    placed = battle["hexes"] if battle["kind"] == "planetary" else battle["areas"]
    if shooter not in placed:
        return []  # off the board or the map (aboard, in orbit, destroyed): no fire
    if battle["kind"] == "planetary":
        weapons = ["surface"]
    else:
        fire = battle.get("fire") or {}
        weapons = [fire["weapon"]] if fire.get("weapon") in ("beams", "torpedoes") else []
        weapons = weapons or ["beams", "torpedoes"]
    targets = [query["target"]] if "target" in query else list(placed)
    found = []
    for target in targets:
        if target not in units or target not in placed:
            raise ValueError(f"{target!r} is not in the battle")
        if units[target]["side"] == units[shooter]["side"]:
            continue
        for weapon in weapons:
            answer = attack(state, shooter, target, weapon)
            if answer is not None:
                found.append((target, answer))
    return found


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def describe(odds: dict[str, Any]) -> Msg:
    name = {
        "beams": ("beams", "ビーム"),
        "torpedoes": ("torpedoes", "雷撃"),
        "surface": ("fire", "射撃"),
    }
    en, ja = name[odds["weapon"]]
    mean = sum(k * p for k, p in enumerate(odds["hits"]))
    return msg(
        f"{en}, hitting on {odds['need']}+: destroyed {pct(odds['destroyed'])}, damaged "
        f"{pct(odds['damaged'])}, unhurt {pct(odds['unhurt'])}; {float(mean):.2f} hits on average",
        f"{ja}({odds['need']}以上で命中): 撃破 {pct(odds['destroyed'])}、損傷 "
        f"{pct(odds['damaged'])}、無傷 {pct(odds['unhurt'])}、平均{float(mean):.2f}命中",
    )


def to_json(odds: dict[str, Any]) -> dict[str, Any]:
    """Exact fractions as strings ("5/16"), with floats for display."""
    out: dict[str, Any] = {}
    for key, value in odds.items():
        if isinstance(value, Fraction):
            out[key] = str(value)
        elif isinstance(value, list):
            out[key] = [str(v) for v in value]
        else:
            out[key] = value
    return out


def answer(state: State | None, query: dict[str, str]) -> dict[str, Any]:
    unknown = set(query) - KEYS - {"shooter", "target"}
    if unknown:
        raise ValueError(
            f"unknown odds question {sorted(unknown)[0]!r}: ask shooter= (target=) in a game, "
            "or weapon= dice= distance= defence= (cm= damaged= flips= capital=)"
        )
    if "shooter" in query:
        if state is None:
            raise ValueError("shooter= needs a game (--load FILE)")
        found = in_game(state, query)
        rows = []
        lines_en, lines_ja = [], []
        for target, odds in found:
            text = describe(odds)
            name = label(state, target)
            lines_en.append(f"{name}: {text['en']}")
            lines_ja.append(f"{name}: {text['ja']}")
            rows.append(
                {
                    "target": target,
                    "label": msg(name, name),
                    "note": text,
                    "win": float(odds["destroyed"]),
                    "tie": float(odds["damaged"]),
                    "lose": float(odds["unhurt"]),
                    "exact": to_json(odds),
                }
            )
        if not found:
            lines_en.append(f"{query['shooter']} has no enemy in range now")
            lines_ja.append(f"{query['shooter']}の射程内に敵はいない")
        return {
            "text": msg("\n".join(lines_en), "\n".join(lines_ja)),
            "data": {"shooter": query["shooter"], "rows": rows},
        }
    odds = by_values(query)
    return {"text": describe(odds), "data": to_json(odds)}
