"""VOTOMS for the terminal: the board as text and actions as players say them."""

from __future__ import annotations

from typing import Any

PHASE_NAMES = {
    "reinforcement": ("Reinforcement", "増援フェイズ"),
    "bieler_movement": ("Bieler movement", "ビーラー側移動フェイズ"),
    "response_1": ("1st response", "第一対応フェイズ"),
    "combat_1": ("1st combat", "第一戦闘フェイズ"),
    "merc_movement": ("Merc movement", "傭兵側移動フェイズ"),
    "investigation": ("Investigation", "調査フェイズ"),
    "response_2": ("2nd response", "第二対応フェイズ"),
    "combat_2": ("2nd combat", "第二戦闘フェイズ"),
}
SIDE_NAMES = {"merc": ("Merc", "傭兵側"), "bieler": ("Bieler", "ビーラー側")}


def unit_text(unit: dict[str, Any], lang: str) -> str:
    if "name" not in unit:
        return f"{unit['id']}[?]"
    face = "" if unit["up"] else "↓"
    acted = "*" if unit.get("acted") else ""
    return f"{unit['id']}{face}{acted} {unit['name'][lang]} {unit['attack']}-{unit['defence']}"


def render(board: dict[str, Any], lang: str) -> str:
    """The board of a view: markers, then every hex with units, then stocks and cups."""
    i = 0 if lang == "en" else 1
    phase = PHASE_NAMES[board["phase"]][i]
    lines = [
        f"turn {board['turn']}/{board['last_turn']}  {phase}  {board['stage_name'][lang]}",
        f"VP merc {board['vp']['merc']}  bieler {board['vp']['bieler']}"
        f"   RP {board['rp']}/{board['rp_max']}",
    ]
    if board["offensive"]["turn"] is not None:
        lines.append(f"offensive turn: {board['offensive']['turn']}")
    places = {p["hex"]: p for p in board["map"]["places"].values()}
    by_hex: dict[str, list[dict[str, Any]]] = {}
    for unit in board["units"]:
        if unit["hex"] is not None:
            by_hex.setdefault(unit["hex"], []).append(unit)
    for hex_label in sorted(set(by_hex) | set(places)):
        place = places.get(hex_label)
        title = f"{hex_label} {place['name'][lang]}" if place else hex_label
        if place and place["base"]:
            pid = next(k for k, p in board["map"]["places"].items() if p["hex"] == hex_label)
            title += f" [{board['control'].get(pid) or '-'}]"
        units = by_hex.get(hex_label, [])
        for side in ("merc", "bieler"):
            mine = [u for u in units if u["side"] == side]
            if mine:
                name = SIDE_NAMES[side][i]
                title += f"\n    {name}: " + ", ".join(unit_text(u, lang) for u in mine)
        lines.append(title)
    lines.append(f"stock: {board['stock']}  cups: {board['cups']}")
    return "\n".join(lines)
