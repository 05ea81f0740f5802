"""What each faction may see (digest D.1): the one place the Zeta game hides information.

Hidden: the other factions' cards in hand and the cards they chose that are still in the action
deck (10.5; how many of each is public, and so the deck's three cards of each faction), the
order of the deck from everyone (10.4), and the Titans' nuclear-bomb base from the AEUG and Neo
Zeon until the card is shown (36.3, 36.8). Everything else is open: the map, the factories, the
wounded boxes, the bases, the cards drawn this turn, each faction's VP (37.1), the armament
points its bases bring (5.4) and its stock (8.1: the counter mix less its counters in play).

A view also holds ``catalog``: the printed maps, bases, counters and characters, the same in
every view (built once per set of components and shared, never copied); and `render_text`
writes a view's board for the terminal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.decks import hidden_items
from wartable.engine.hexmap import HexGrid
from wartable.engine.plain import copy_plain
from wartable.engine.rules import Path
from wartable.games.zeta.components import BOXES, CARD_TYPES, FACTIONS, Components
from wartable.games.zeta.state import card_of, comp, stock, vp

# What the view leaves out of the state or shows in its own way: the data overlay and options
# (the rules', not the table's), the cards (10.4, 10.5), the nuclear base (36.3), the armament
# points (shown in whole points), the counter ids still unused. Every other part of the state is
# open to all; a new secret part must be named here and in `hidden_paths`.
PRIVATE = frozenset(("data", "options", "hand", "kept", "deck", "nuke", "armament", "next_id"))
TITANS = "titans"
BASE_AP = 10  # rule 5.4: every faction's armament points before its bases'


def sees_nuke(state: State, player: str | None) -> bool:
    return player == TITANS or state["nuke"]["revealed"]


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for faction in FACTIONS:
        if faction != player:
            yield from hidden_items(("hand", faction), state["hand"][faction])
            yield from hidden_items(("kept", faction), state["kept"][faction])
    yield from hidden_items(("deck",), state["deck"])
    if state["nuke"]["base"] is not None and not sees_nuke(state, player):
        yield ("nuke", "base")


def own_cards(cards: list[str]) -> list[str]:
    """Cards by type in the order of rule 12.1."""
    return sorted(cards, key=lambda card: CARD_TYPES.index(card_of(card)[1]))


def view(state: State, player: str | None) -> dict[str, Any]:
    c = comp(state)
    board = {key: copy_plain(value) for key, value in state.items() if key not in PRIVATE}
    board["you"] = player
    board["last_turn"] = c.last_turn
    if state["armament"] is not None:  # armament points are kept in halves (8.3)
        board["ap"] = {f: halves / 2 for f, halves in state["armament"]["ap"].items()}
    board["cards"] = {
        f: {"hand": len(state["hand"][f]), "in_deck": len(state["kept"][f])} for f in FACTIONS
    }
    board["deck"] = len(state["deck"])
    if player is not None:
        board["hand"] = own_cards(state["hand"][player])  # 10.5
        board["kept"] = own_cards(state["kept"][player])  # its cards still in the deck
    nuke = state["nuke"]
    board["nuke"] = {
        "set": nuke["base"] is not None,
        "base": nuke["base"] if sees_nuke(state, player) else None,
        "revealed": nuke["revealed"],
        "cleared": list(nuke["cleared"]),
    }
    board["factions"] = {f: sheet(state, c, f) for f in FACTIONS}
    board["catalog"] = catalog(c)  # static: shared, not copied
    return board


def sheet(state: State, c: Components, faction: str) -> dict[str, Any]:
    """A faction's public sheet: VP (37.1), the armament points its bases bring (5.4), its
    stock (8.1) and how many counters wait in its factory (6.1) or to be placed (9.1)."""
    income = BASE_AP
    for bid, base in state["bases"].items():
        if base["owner"] == faction and base["level"] >= 1:
            income += c.bases[bid].level(base["level"]).ap
    units = [u for u in state["units"].values() if u["faction"] == faction]
    return {
        "vp": vp(state, faction),
        "income": income,
        "stock": {t: n for t in c.mix[faction] if (n := stock(state, faction, t)) > 0},
        "factory": sum(1 for u in units if u["at"] == "factory"),
        "pending": sum(1 for u in units if u["at"] == "pending"),
        "on_map": sum(1 for u in units if u["at"].startswith(("space:", "ground:", "box:"))),
    }


_CATALOGS: dict[int, dict[str, Any]] = {}


def catalog(c: Components) -> dict[str, Any]:
    """The printed components, the same in every view (built once per set of components)."""
    if id(c) not in _CATALOGS:
        _CATALOGS[id(c)] = _catalog(c)
    return _CATALOGS[id(c)]


def _grid(grid: HexGrid, prefix: str) -> dict[str, Any]:
    hexes = sorted(grid.label(h) for h in grid)
    return {
        "orientation": grid.orientation,
        "parity": grid.parity,
        "wrap": grid.wrap,
        "hexes": {label: grid.terrain(label) for label in hexes},
        "prefix": prefix,
    }


def _catalog(c: Components) -> dict[str, Any]:
    space, ground = _grid(c.space, "space"), _grid(c.ground, "ground")
    space["earth"] = c.earth
    space["drop_points"] = {a: at.split(":")[1] for a, at in c.drop_points.items()}
    ground["areas"] = {a: [at.split(":")[1] for at in ats] for a, ats in c.areas.items()}
    units: dict[str, Any] = {}
    for tid, ms in c.ms.items():
        units[tid] = {
            "name": ms.name,
            "kind": "ms",
            "aptitude": ms.aptitude,
            "pp": ms.pp,
            "gov": ms.gov,
            "nt_only": ms.nt_only,
            "front": {
                "air": list(ms.front.air),
                "bomb": list(ms.front.bomb),
                "defence": ms.front.defence,
            },
            "back": {
                "air": list(ms.back.air),
                "bomb": list(ms.back.bomb),
                "defence": ms.back.defence,
            },
        }
    for tid, ship in c.ships.items():
        units[tid] = {
            "name": ship.name,
            "kind": "ship",
            "class": ship.cls,
            "aptitude": ship.aptitude,
            "pp": ship.pp,
            "gov": ship.gov,
            "capacity": ship.capacity,
            "aa": list(ship.aa),
            "gun": list(ship.gun),
            "front": {
                "aa_guns": ship.front.aa_guns,
                "guns": ship.front.guns,
                "defence": ship.front.defence,
            },
            "back": {
                "aa_guns": ship.back.aa_guns,
                "guns": ship.back.guns,
                "defence": ship.back.defence,
            },
        }
    return {
        "maps": {"space": space, "ground": ground},
        "boxes": {bid: {"name": b.name, "next_to": list(b.next_to)} for bid, b in c.boxes.items()},
        "factions": dict(c.factions),
        "cards": dict(c.card_names),
        "wounded": {box: c.wounded_names[box] for box in BOXES},
        "places": dict(c.place_names),
        "nuke_card": c.nuke_card,
        "bases": {
            bid: {
                "name": b.name,
                "map": b.map,
                "kind": b.kind,
                "levels": [
                    {
                        "ap": lv.ap,
                        "vp": lv.vp,
                        "dp": lv.dp,
                        "attack": lv.attack,
                        "defence": lv.defence,
                    }
                    for lv in b.levels
                ],
            }
            for bid, b in c.bases.items()
        },
        "units": units,
        "characters": {
            cid: {
                "name": ch.name,
                "faction": ch.faction,
                "ms": [ch.ms_attack, ch.ms_defence, ch.ms_command],
                "ship": [ch.ship_attack, ch.ship_defence, ch.ship_command],
                "gov": ch.gov,
                "nt": ch.nt,
            }
            for cid, ch in c.characters.items()
        },
    }


# -- the board as text (the terminal) --------------------------------------------------------------


def render_text(board: dict[str, Any], lang: str) -> str:
    """A view's board for the terminal: the turn, each faction's sheet, the bases, the stacks
    on the maps, the cards and the battle under way."""
    cat = board["catalog"]
    ja = lang == "ja"

    def name(entry: dict[str, Any]) -> str:
        text: str = entry["name"][lang] if "name" in entry else entry[lang]
        return text

    def faction(f: str | None) -> str:
        return name(cat["factions"][f]) if f else ("中立" if ja else "neutral")

    def unit(uid: str) -> str:
        u = board["units"][uid]
        back = "*" if u["back"] else ""
        return f"{name(cat['units'][u['type']])}{back} {uid}"

    lines = [
        (
            f"第{board['turn']}/{board['last_turn']}ターン"
            if ja
            else f"Turn {board['turn']}/{board['last_turn']}"
        )
        + f"  {board['phase']}"
        + (f"  ({board['step']['kind']})" if board["step"] else "")
    ]
    for f, s in board["factions"].items():
        stock_list = ", ".join(f"{name(cat['units'][t])}×{n}" for t, n in s["stock"].items())
        ap = board.get("ap", {}).get(f)
        lines.append(
            f"{faction(f)}: VP {s['vp']}, AP {s['income'] if ap is None else ap}, "
            + ("工場" if ja else "factory")
            + f" {s['factory']}, "
            + ("配置待ち" if ja else "to place")
            + f" {s['pending']}, "
            + ("手札" if ja else "cards in hand")
            + f" {board['cards'][f]['hand']}, "
            + ("山札" if ja else "in the deck")
            + f" {board['cards'][f]['in_deck']}; "
            + ("ストック" if ja else "stock")
            + f": {stock_list}"
        )
    lines.append(("山札" if ja else "action deck") + f": {board['deck']}")
    if board.get("hand") is not None:
        cards = [name(cat["cards"][card_of(c)[1]]) for c in board["hand"]]
        kept = [name(cat["cards"][card_of(c)[1]]) for c in board["kept"]]
        lines.append(("手札" if ja else "your hand") + ": " + ", ".join(cards))
        lines.append(
            ("山札の自分のカード" if ja else "your cards in the deck") + ": " + ", ".join(kept)
        )
    drawn = [
        f"{faction(card_of(c)[0])} {name(cat['cards'][card_of(c)[1]])}" for c in board["drawn"]
    ]
    lines.append(("公開済み" if ja else "drawn") + ": " + ", ".join(drawn))
    lines.append("拠点:" if ja else "bases:")
    for bid, b in board["bases"].items():
        where = (b["at"] or "-").split(":")[-1]
        lines.append(f"  {name(cat['bases'][bid])} {where} {faction(b['owner'])} LV{b['level']}")
    stacks: dict[str, list[str]] = {}
    for uid, u in board["units"].items():
        if u["at"].startswith(("space:", "ground:", "box:")) and u["carrier"] is None:
            aboard = [unit(m) for m, v in board["units"].items() if v["carrier"] == uid]
            text = unit(uid) + (f" [{', '.join(aboard)}]" if aboard else "")
            stacks.setdefault(u["at"], []).append(f"{faction(u['faction'])}: {text}")
    for cid, ch in board["characters"].items():
        if ch["at"].startswith(("space:", "ground:", "box:")):
            on = f" → {ch['on']}" if ch["on"] else ""
            stacks.setdefault(ch["at"], []).append(f"{name(cat['characters'][cid])}{on}")
    lines.append("部隊:" if ja else "stacks:")
    for at in sorted(stacks):
        lines.append(f"  {at}: " + "; ".join(stacks[at]))
    fight = (board.get("action") or {}).get("battle")
    if fight:
        lines.append(
            ("戦闘" if ja else "battle")
            + f": {fight['at']} "
            + ", ".join(faction(f) for f in fight["attacker"])
            + " → "
            + ", ".join(faction(f) for f in fight["defender"])
            + (f" ({fight['step']})" if fight.get("step") else "")
        )
    return "\n".join(lines)
