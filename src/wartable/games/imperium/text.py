"""IMPERIUM for the terminal: the space combat board as its three levels side by side (12.1),
each area showing the ships of each side in it, then every ship with its faces; or the planet
map's hexes with the units in each (13.2-13.4). Everything comes from a side's view."""

from __future__ import annotations

from typing import Any

from wartable.games.imperium.view import HIDDEN

SIDE_MARK = {"terran": "T", "imperial": "I"}
SIDE_NAME = {"terran": ("Terran", "地球"), "imperial": ("Imperial", "帝国")}
CELL = 4  # characters an area takes: "5T", "2/1" (both sides) and a space


def _i(lang: str) -> int:
    return 0 if lang == "en" else 1


def unit_text(board: dict[str, Any], uid: str) -> str:
    """ "CA T3*" (damaged: *) for a ship, "infantry 6-2 T4" for a ground unit, with its values
    on the face now up: beam/torpedo/screens(countermeasures) or combat-defence."""
    unit = board["units"][uid]
    kind = board["printed"]["types"].get(unit["type"])
    if kind is None:
        return f"{unit['type']} {uid}"  # an Outpost carried aboard (9.0)
    face = kind["back"] if unit["damaged"] else kind["front"]
    mark = "*" if unit["damaged"] else ""
    if "beam" in face:
        values = f"{face['beam']}/{face['torpedo']}/{face['defence']}({face['cm']})"
        if face.get("fighters"):
            values += f" F{face['fighters']}"
        return f"{kind['code']} {uid}{mark} {values}"
    return f"{kind['code']} {uid}{mark} {face['combat']}-{face['defence']}"


def _cell(board: dict[str, Any], area: str) -> str:
    battle = board["battle"]
    if area == board["printed"]["board"]["planet"] and battle["planet"]:
        return "(@)".ljust(CELL)
    counts = {side: 0 for side in SIDE_MARK}
    for uid, where in battle["areas"].items():
        if where == area:
            counts[board["units"][uid]["side"]] += 1
    if all(counts.values()):
        text = "/".join(str(n) for n in counts.values())  # both sides: Terran/Imperial
    else:
        text = "".join(f"{n}{SIDE_MARK[s]}" for s, n in counts.items() if n)
    return (text or "·").ljust(CELL)


def space_text(board: dict[str, Any], lang: str) -> list[str]:
    geometry = board["printed"]["board"]
    battle = board["battle"]
    levels, rows, columns = geometry["levels"], geometry["rows"], geometry["columns"]
    i = _i(lang)
    level_word = ("level", "レベル")[i]
    width = CELL * columns + 4
    legend = (
        "nT, nI: ships of a side in an area; t/i: both sides; (@) the planet",
        "nT・nI: エリアの各陣営の艦数、t/i: 両陣営、(@) 惑星",
    )
    lines = [
        legend[i],
        "".join(f"  {level_word} {lv}".ljust(width) for lv in range(1, levels + 1)),
    ]
    for row in range(1, rows + 1):
        parts = []
        for lv in range(1, levels + 1):
            cells = "".join(_cell(board, f"{lv}{row}{col}") for col in range(1, columns + 1))
            parts.append(f"{row} {cells}  ")
        lines.append("".join(parts))
    lines.append("")
    for side, mark in SIDE_MARK.items():
        ships = [u for u in battle["areas"] if board["units"][u]["side"] == side]
        waiting = [u for u in battle["waiting"] if board["units"][u]["side"] == side]
        lines.append(f"{SIDE_NAME[side][i]} ({mark}):")
        for uid in ships:
            lines.append(f"  {battle['areas'][uid]}  {unit_text(board, uid)}")
        for uid in waiting:
            lines.append(f"  {('waiting', '待機')[i]}  {unit_text(board, uid)}")
        left = battle["left"][side]
        if left:
            lines.append(f"  {('left the board', '盤外へ退却')[i]}: {', '.join(left)}")
    return lines


def planet_text(board: dict[str, Any], lang: str) -> list[str]:
    battle = board["battle"]
    i = _i(lang)
    lines = []
    for label in board["printed"]["map"]["hexes"]:
        here = [u for u, h in battle["hexes"].items() if h == label]
        names = ", ".join(unit_text(board, u) for u in here) or "·"
        lines.append(f"  {label}: {names}")
    for invader, words in (
        (True, ("in orbit", "軌道上")),
        (False, ("in the planet box", "惑星ボックス")),
    ):
        off = [
            u
            for u, x in board["units"].items()
            if (x["side"] == battle["invader"]) == invader and u not in battle["hexes"]
        ]
        if off:
            lines.append(f"{words[i]}:")
        for uid in off:
            aboard = board["units"][uid]["aboard"]
            ship = ("a transport (secret)", "輸送艦(秘密)")[i] if aboard == HIDDEN else aboard
            where = "" if aboard is None else f"  ({('aboard', '搭載')[i]} {ship})"
            lines.append(f"  {unit_text(board, uid)}{where}")
    return lines


def war_text(board: dict[str, Any], lang: str) -> list[str]:
    """The galactic map as a list of the systems where something is: each planet's World or
    Outpost marker and the units in its box, each fleet marker and the ships in it that the
    player may see (the rest of an enemy fleet is secret: D.1)."""
    i = _i(lang)
    war, units, systems = board["war"], board["units"], board["printed"]["systems"]
    side_names = {side: names[i] for side, names in SIDE_NAME.items()}
    lines = [
        (
            f"turn {war['turn']}, {war['phase']}; prestige {war['prestige']}; resources "
            if i == 0
            else f"ターン{war['turn']}、{war['phase']}; 威信{war['prestige']}; 資源 "
        )
        + ", ".join(f"{side_names[s]} {n}" for s, n in war["resources"].items())
    ]

    def listed(at: str) -> str:
        here = [u for u, x in units.items() if x["at"] == at]
        cargo = [u for u, x in units.items() if x["at"] is None and x["aboard"] in here]
        return ", ".join(unit_text(board, u) for u in [*here, *cargo])

    for sid, system in systems.items():
        rows = []
        for planet in system["planets"]:
            marker = war["planets"].get(planet)
            mark = "" if marker is None else f" [{marker['marker']} {side_names[marker['owner']]}]"
            inside = listed(f"box:{planet}")
            if mark or inside:
                rows.append(f"    {planet}{mark}: {inside or '·'}")
        for number, fleet in war["fleets"].items():
            if fleet["system"] == sid:
                seen = listed(f"fleet:{number}") or ("(secret)", "(秘密)")[i]
                rows.append(f"    {number}{' ↷' if fleet['moved'] else ''}: {seen}")
        if rows:
            lines += [f"  {system['name'][lang]}:", *rows]
    for number, fleet in war["fleets"].items():  # 17.1: fleets in interstellar hexes
        if fleet["system"] not in systems:
            seen = listed(f"fleet:{number}") or ("(secret)", "(秘密)")[i]
            lines.append(f"  {fleet['system']}: {number}{' ↷' if fleet['moved'] else ''}: {seen}")
    return lines


def _war_battle(board: dict[str, Any]) -> dict[str, Any]:
    """The board of the war's battle under way, drawn as a battle of part 1: only its units."""
    battle = board["battle"]
    if battle["kind"] == "space":
        return board
    places = {*battle["fleets"], battle["box"]}
    units = board["units"]
    inside = {u for u, x in units.items() if x["at"] in places}
    inside |= {u for u, x in units.items() if x["aboard"] in inside}
    printed = {**board["printed"], "map": {"hexes": board["printed"]["maps"][battle["planet"]]}}
    return {**board, "printed": printed, "units": {u: units[u] for u in inside}}


def render(board: dict[str, Any], lang: str) -> str:
    i = _i(lang)
    printed = board["printed"]["scenario"]
    battle = board["battle"]
    head = printed["name"][lang]  # the campaign game has no number
    if printed["number"] is not None:
        head = (
            f"Scenario {printed['number']}: " if i == 0 else f"シナリオ{printed['number']}: "
        ) + head
    lines = [head, printed["victory"][lang]]
    if "war" in board:
        lines += war_text(board, lang)
        if battle is not None:
            board = _war_battle(board)
    if battle is not None:
        lines.append(
            f"round {battle['round']}/{battle['rounds']}"
            if i == 0
            else f"第{battle['round']}/{battle['rounds']}ラウンド"
        )
        if battle["kind"] == "space":
            lines += space_text(board, lang)
        else:
            lines += planet_text(board, lang)
    return "\n".join(lines)
