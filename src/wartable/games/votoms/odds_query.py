"""Odds questions asked from outside (command line, web app): parse, answer, explain."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.engine import State, msg
from wartable.games.votoms.combat import participants, pending_base
from wartable.games.votoms.flow import BIELER, MERC
from wartable.games.votoms.odds import (
    Base,
    Stats,
    battle_odds,
    battle_odds_for,
    round_odds,
    to_json,
)
from wartable.games.votoms.state import comp


def parse_units(text: str) -> list[Stats]:
    """``"8-3,9-3"`` -> [(8, 3), (9, 3)]: attack-defence as printed (ruling R1)."""
    units = []
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        attack, sep, defence = part.partition("-")
        if not sep or not attack.isdigit() or not defence.isdigit():
            raise ValueError(f"{part!r} is not attack-defence like 8-3")
        units.append((int(attack), int(defence)))
    return units


def parse_base(text: str) -> Base:
    """``"merc:7x5"``: a base attack of the side that holds the base (rule 9.12.1)."""
    side, _, rest = text.partition(":")
    strength, _, count = rest.partition("x")
    if side not in ("merc", "bieler") or not strength.isdigit() or not count.isdigit():
        raise ValueError(f"base {text!r}: write SIDE:STRENGTHxATTACKS, like merc:7x5")
    return side, int(strength), int(count)


def answer(state: State | None, query: dict[str, str]) -> dict[str, Any]:
    """`hex=C08` for a combat as it stands in a game, or `merc=8-3,9-3 bieler=8-3` (and
    optionally `base=merc:7x5`) for a battle of given units."""
    unknown = set(query) - {"hex", "merc", "bieler", "base"}
    if unknown:
        raise ValueError(f"unknown odds question {sorted(unknown)[0]!r}: use hex= or merc= bieler=")
    if "hex" in query:
        if state is None:
            raise ValueError("hex= needs a game (--load FILE)")
        hex_label = query["hex"]
        if hex_label not in comp(state).grid:
            raise ValueError(f"there is no hex {hex_label!r} on the map")
        parts = participants(state, hex_label)
        fighting = (state.get("combat") or {}).get("hex") == hex_label  # even once decided
        both_sides = bool(parts[MERC] and parts[BIELER])
        if not (fighting or both_sides or pending_base(state, hex_label) is not None):
            raise ValueError(f"no battle in {hex_label}: both sides need face-up units (9.2)")
        battle = _exact_or_close(lambda **kw: battle_odds(state, hex_label, **kw))
        round_ = to_json(round_odds(state, hex_label))
        data = {"hex": hex_label, "round": round_, "battle": to_json(battle)}
    else:
        if "merc" not in query or "bieler" not in query:
            raise ValueError("give both sides: merc=8-3,9-3 bieler=8-3")
        base = parse_base(query["base"]) if "base" in query else None
        merc, bieler = parse_units(query["merc"]), parse_units(query["bieler"])
        battle = _exact_or_close(lambda **kw: battle_odds_for(merc, bieler, base, **kw))
        data = {"battle": to_json(battle)}
    return {"text": explain(battle), "data": data}


EXACT_STATES = 1_000  # beyond this, exact fractions grow to thousands of digits: use floats


def _exact_or_close(odds: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """Exact fractions for battles of modest size, floating point for bigger ones (the same
    chain; ValueError still refuses battles past the odds module's own limit)."""
    try:
        return odds(exact=True, max_states=EXACT_STATES)
    except ValueError:
        return odds(exact=False)


def explain(battle: dict[str, Any]) -> dict[str, str]:
    def pct(key: str) -> str:
        return f"{float(battle[key]) * 100:.1f}%"

    return msg(
        f"Merc wins {pct('merc')}, Bieler wins {pct('bieler')}, both destroyed {pct('none')}, "
        f"stalemate {pct('stalemate')}; {float(battle['rounds']):.2f} rounds on average "
        f"(both sides always continue; pairing: {battle['policy']})",
        f"傭兵側勝利 {pct('merc')}、ビーラー側勝利 {pct('bieler')}、相討ち {pct('none')}、"
        f"膠着 {pct('stalemate')}、平均 {float(battle['rounds']):.2f} ラウンド"
        "（両軍が継戦する場合）",
    )
