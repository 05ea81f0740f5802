"""The Zeta state (plain data) and the helpers every rules module uses to read and change it.

``state["units"]`` holds every MS and ship counter that has come out of the stock, under ids that
say its faction and an order number ("A1", "T12", "N3"): ``{"type", "faction", "at", "carrier",
"back"}``. ``at`` is a location ("space:C5", "ground:K5", "box:belt"), or "factory" (the faction's
factory box, rule 6.1), "pending" (produced, to be placed in the deployment phase, 9.1) or "out"
(removed from the game, 29.4.1, 29.4.4). ``carrier`` is the ship carrying an MS (15.1), ``back``
whether the counter shows its damaged back (25.4).

``state["characters"]`` holds each character counter in play under its own id: ``{"faction",
"at", "on"}``, ``at`` a location, "wounded:L" / "wounded:M" / "wounded:H" (4.4, 27.3), "pending"
with a placement ``code`` (9.5) or "dead" (27.3.5); ``on`` the unit it is aboard (13.10), or None
where it may stand alone (15.6). A counter swapped for another (① for ②, 4.3; Quattro for Char,
29.1.6) leaves the dict.

``state["bases"]`` holds every base in play, ``{"owner", "level", "at"}``: owner None and level 0
for a neutral base (2.6).

Action cards (10.2) are written "<faction>.<type>" ("titans.space"): ``state["hand"]`` holds each
faction's cards in hand (face down once it has chosen, 10.5), ``state["kept"]`` the cards it chose
that are still in the action deck (10.2), ``state["deck"]`` the deck (10.4, top = last) and
``state["drawn"]`` the cards revealed this turn (11.2). The nuclear-bomb base is in
``state["nuke"]`` (36.3, `wartable.games.zeta.nuke`), the colony in ``state["colony"]`` (35,
`colony`), whether the Zeon Republic Army and the Zeon Africa unit have come in ``state["zeon"]``
(32, `zeon`), and who is still to come after Neo Zeon's Puru has died in ``state["puru"]`` (29.4,
`puru`). A base destroyed for ever (30.4.6, 31.5.6, 35.7.2, 36.7) leaves ``state["bases"]``; Axis
pinned by 30.4.7 has ``"stuck": True``.

The stock (8.1) is not stored: it is the faction's counter mix less its counters in the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.engine import Msg, State, msg
from wartable.games.zeta.components import BLACK_QUBELEY, CARD_TYPES, Components, components

ID_PREFIX = {"aeug": "A", "titans": "T", "neo_zeon": "N"}
WOUNDED = "wounded:"


def comp(state: State) -> Components:
    return components(state["data"])


def five_cards(c: Components, faction: str) -> list[str]:
    """A faction's action cards (10.2: Space x2, Ground x2, Atmosphere x1)."""
    return [f"{faction}.{kind}" for kind in CARD_TYPES for _ in range(c.card_counts[kind])]


def card_of(card: str) -> tuple[str, str]:
    """A card's faction and type."""
    faction, kind = card.split(".")
    return faction, kind


def add_unit(state: State, faction: str, type_id: str, at: str) -> str:
    """Take a counter out of the stock and put it at `at`; returns its id."""
    uid = f"{ID_PREFIX[faction]}{state['next_id'][faction]}"
    state["next_id"][faction] += 1
    state["units"][uid] = {
        "type": type_id,
        "faction": faction,
        "at": at,
        "carrier": None,
        "back": False,
    }
    return uid


def to_factory(state: State, uid: str) -> None:
    """An MS or ship lost goes to its faction's factory box, front up (25.4, 15.7); the AEUG's
    Black Qubeley Mk-II leaves the game instead (29.4.4)."""
    unit = state["units"][uid]
    gone = unit["faction"] == "aeug" and unit["type"] == BLACK_QUBELEY
    unit.update(at="out" if gone else "factory", carrier=None, back=False)


def stock(state: State, faction: str, type_id: str) -> int:
    """Counters of a type still in the faction's stock (rule 7.4, 8.1)."""
    used = sum(
        1 for u in state["units"].values() if u["faction"] == faction and u["type"] == type_id
    )
    return comp(state).mix[faction].get(type_id, 0) - used


def units_at(state: State, at: str, faction: str | None = None) -> list[str]:
    """The ids of the counters at a location (or in a box such as "factory"), in id order."""
    return [
        uid
        for uid, u in state["units"].items()
        if u["at"] == at and (faction is None or u["faction"] == faction)
    ]


def first_at(state: State, at: str, faction: str, type_id: str) -> str:
    """The first of a faction's counters of a type at `at` (a box such as "factory"), in id
    order: they are all alike."""
    uid: str = next(
        uid
        for uid, u in state["units"].items()
        if u["at"] == at and u["faction"] == faction and u["type"] == type_id
    )
    return uid


def carried_by(state: State, ship: str) -> list[str]:
    return [uid for uid, u in state["units"].items() if u["carrier"] == ship]


def wounded_box(character: dict[str, Any]) -> str | None:
    """The wounded box a character is in ("L", "M" or "H"), None if it is not wounded."""
    at: str = character["at"]
    return at[len(WOUNDED) :] if at.startswith(WOUNDED) else None


class _OnMap(dict[str, bool]):
    """Whether a location is on the maps (a hex or a box), remembered for each location: the
    orders ask it of every counter on every decision, and a dict lookup is the cheapest
    answer. The locations are few (the hexes, the boxes and the off-map places)."""

    def __missing__(self, at: str) -> bool:
        found = self[at] = at.startswith(("space:", "ground:", "box:"))
        return found


on_map: Callable[[str], bool] = _OnMap().__getitem__

# The places off the maps where most counters are (the factory box, those to be placed, those
# gone): a pass over every counter settles them by a set lookup, quicker than asking `on_map`.
OFF_MAP = frozenset(("factory", "pending", "out", "dead"))


def bases_at(state: State, at: str) -> list[str]:
    """The bases in a hex (several may share one, rule 17.5), in data order."""
    return [bid for bid, b in state["bases"].items() if b["at"] == at]


def governed(state: State, faction: str) -> list[str]:
    return [bid for bid, b in state["bases"].items() if b["owner"] == faction]


def vp(state: State, faction: str) -> int:
    """The VP of the bases a faction governs at their current levels (rule 37.1)."""
    c = comp(state)
    return sum(
        c.bases[bid].level(state["bases"][bid]["level"]).vp for bid in governed(state, faction)
    )


def map_of(at: str) -> str:
    """The map a location belongs to: "ground", or "space" (the boxes lie beside it)."""
    return "ground" if at.startswith("ground:") else "space"


def place_name(state: State, at: str) -> Msg:
    """A location as players say it: "C5 (space)", "K5 (ground)", or a box's name."""
    where, label = at.split(":")
    if where == "box":
        return comp(state).boxes[label].name
    if where == "space":
        return msg(f"{label} (space)", f"宇宙{label}")
    return msg(f"{label} (ground)", f"地上{label}")


def unit_name(state: State, key: str) -> Msg:
    """A unit or character as players say it: "GM II A7", "Kamille ①"."""
    c = comp(state)
    if key in state["characters"]:
        return c.characters[key].name
    name = c.unit(state["units"][key]["type"]).name
    return msg(f"{name['en']} {key}", f"{name['ja']} {key}")


def foreign_military(state: State, at: str, faction: str) -> bool:
    """Whether another faction governs a military base at `at` (13.6, 18.1)."""
    c = comp(state)
    for bid, b in state["bases"].items():
        if b["at"] == at and _others_military(c, bid, b, faction):
            return True
    return False


def foreign_military_hexes(state: State, faction: str) -> set[str]:
    """Where another faction governs a military base (13.6, 18.1)."""
    c = comp(state)
    return {b["at"] for bid, b in state["bases"].items() if _others_military(c, bid, b, faction)}


def _others_military(c: Components, bid: str, base: dict[str, Any], faction: str) -> bool:
    """Whether another faction than `faction` governs this military base."""
    return base["owner"] not in (None, faction) and c.bases[bid].military
