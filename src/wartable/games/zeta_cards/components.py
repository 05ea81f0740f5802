"""The printed components of the Zeta card game as data: cards, base tiles, the TL tile
(data/zeta_cards.toml).

The schema below checks the shipped file and any file of printed values a user lays over it;
every problem names the file, the line and the field (the engine's `data.load`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartable.engine.data import (
    Bool,
    ComponentSet,
    DataPath,
    Entry,
    Int,
    ListOf,
    MapOf,
    Names,
    Ref,
    Schema,
    Str,
)
from wartable.engine.log import Msg

DATA_FILE = Path(__file__).parent / "data" / "zeta_cards.toml"
FACTIONS = ("aeug", "titans", "neo_zeon")
SHARED = "shared"
KINDS = ("ms", "ship", "char", "gov", "dev")
DOMESTIC = ("gov", "dev")  # rule 1.2: 内政カード = governance and development cards
FIGHTING = ("ms", "ship", "char")  # rule 6.3: MS, ships and characters go into a fight
ROLES = ("pilot", "captain")
STATS = ("attack", "defence", "suppression", "governance", "command")
MAX_TL = 8  # rule 2.4 (the schema's bound; the data repeats it under [rules])


# The values a character's card prints for a TL (rule 4.5): {"4" = { attack = 3 }}.
GROWTH = MapOf(MapOf(Int(0, 20), key=Str(choices=STATS)), key=Str(pattern=r"[1-8]"))
LEVELS = ListOf(Int(0, 20), 1, 8)

# What each kind of card must, may and may not print (rules 3.2, 4.2, 6.6-6.8, 6.14).
KIND_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "ms": (frozenset({"attack", "defence", "suppression"}), frozenset()),
    "ship": (
        frozenset({"attack", "defence", "suppression", "governance", "sortie"}),
        frozenset(),
    ),
    "char": (
        frozenset({"attack", "defence", "command", "role"}),
        frozenset({"suppression", "governance", "growth"}),
    ),
    "gov": (frozenset({"governance"}), frozenset()),
    "dev": (frozenset({"development"}), frozenset()),
}
FIELD_RULE = {
    "attack": "6.11",
    "defence": "6.12",
    "suppression": "6.16",
    "governance": "3.2",
    "development": "4.2",
    "sortie": "6.6",
    "command": "6.8",
    "role": "6.7",
    "growth": "4.5",
}
CARD_FIELDS = frozenset(
    {"attack", "defence", "suppression", "governance", "development", "sortie", "command"}
    | {"role", "growth"}
)


def _extra_checks(doc: dict[str, Any]) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    for cid, card in doc["cards"].items():
        kind = card["kind"]
        must, may = KIND_FIELDS[kind]
        for name in sorted(must - set(card)):
            found.append((("cards", cid, name), f"missing: a {kind} card prints it"))
        for name in sorted((set(card) & CARD_FIELDS) - must - may):
            found.append(
                (("cards", cid, name), f"a {kind} card has no {name} (rule {FIELD_RULE[name]})")
            )
        domestic = kind in DOMESTIC
        if domestic != (card["faction"] == SHARED):
            why = "domestic cards are shared" if domestic else "only domestic cards are shared"
            found.append((("cards", cid, "faction"), f"{why} (rule 1.2)"))
        if kind == "gov" and card.get("governance", 1) < 1:
            found.append((("cards", cid, "governance"), "a governance card is worth at least 1"))
        if kind == "dev" and card.get("development", 1) < 1:
            found.append((("cards", cid, "development"), "a development card is worth at least 1"))
    domestic_kinds = [cid for cid, card in doc["cards"].items() if card["kind"] in DOMESTIC]
    if len(domestic_kinds) != 5:
        found.append(
            (("cards",), f"there must be 5 domestic cards (rule 7.2), not {domestic_kinds}")
        )
    rules = doc["rules"]
    starting: dict[str, str] = {}
    for fid in FACTIONS:
        if fid not in doc["factions"]:
            found.append((("factions",), f"no entry for the faction {fid} (rule 1.1)"))
    for fid, faction in doc["factions"].items():
        if fid not in FACTIONS:
            found.append((("factions", fid), f"unknown faction (known: {', '.join(FACTIONS)})"))
            continue
        size = sum(faction["deck"].values())
        if size != 15:
            found.append((("factions", fid, "deck"), f"a starting deck has 15 cards, not {size}"))
        for cid in faction["deck"]:
            if doc["cards"][cid]["faction"] not in (fid, SHARED):
                found.append((("factions", fid, "deck", cid), f"{cid} is not a {fid} card"))
        for bid, level in faction["bases"].items():
            if bid in starting:
                found.append((("factions", fid, "bases", bid), f"also a {starting[bid]} base"))
            starting[bid] = fid
            top = len(doc["bases"][bid]["vp"])
            if level > top:
                found.append(
                    (("factions", fid, "bases", bid), f"LV{level} is above the tile's LV{top}")
                )
    neutral = [bid for bid in doc["bases"] if bid not in starting]
    if len(neutral) != 8:
        found.append((("bases",), f"8 tiles must be left neutral (rule 1.3), not {len(neutral)}"))
    for bid, base in doc["bases"].items():
        top = len(base["vp"])
        for name in ("income", "attack", "suppression"):
            if len(base[name]) != top:
                found.append(
                    (("bases", bid, name), f"must give a value for each of the {top} levels")
                )
    for cid, card in doc["cards"].items():
        for tl in card.get("growth", {}):
            if int(tl) <= card["tl"]:
                found.append(
                    (
                        ("cards", cid, "growth", tl),
                        f"grows at TL {tl}, not above its TL {card['tl']}",
                    )
                )
    if rules["keep"] > rules["hand"]:
        found.append((("rules", "keep"), "cannot keep more cards than a hand holds"))
    return found


SCHEMA = Schema(
    values={"game": Str(choices=("zeta-cards",)), "data_version": Int(1, 1)},
    one={
        "rules": Entry(
            {
                "hand": Int(1, 20),
                "max_tl": Int(MAX_TL, MAX_TL),
                "keep": Int(0, 10),
                "vp_win": Int(1, 200),
                "vp_lead": Int(1, 200),
                "political_cap": Int(1, 8),
                "end_piles": Int(1, 5),
            },
            frozenset(
                {"hand", "max_tl", "keep", "vp_win", "vp_lead", "political_cap", "end_piles"}
            ),
        ),
        "draw": Entry({"counts": ListOf(Int(1, 20), MAX_TL, MAX_TL)}, frozenset({"counts"})),
    },
    many={
        "factions": Entry(
            {
                "name": Names(),
                "bases": MapOf(Int(1, 8), key=Ref("bases")),
                "deck": MapOf(Int(1, 30), key=Ref("cards")),
            },
            frozenset({"name", "bases", "deck"}),
        ),
        "bases": Entry(
            {
                "name": Names(),
                "political": Bool(),
                "income": LEVELS,
                "vp": LEVELS,
                "attack": LEVELS,
                "suppression": ListOf(Int(1, 20), 1, 8),
            },
            frozenset({"name", "political", "income", "vp", "attack", "suppression"}),
        ),
        "cards": Entry(
            {
                "name": Names(),
                "faction": Str(choices=(*FACTIONS, SHARED)),
                "kind": Str(choices=KINDS),
                "tl": Int(1, MAX_TL),
                "cost": Int(0, 30),
                "attack": Int(0, 20),
                "defence": Int(0, 20),
                "suppression": Int(0, 20),
                "governance": Int(0, 20),
                "development": Int(0, 20),
                "sortie": Int(0, 10),
                "command": Int(0, 20),
                "role": Str(choices=ROLES),
                "growth": GROWTH,
                "stock": Int(0, 60),
            },
            frozenset({"name", "faction", "kind", "tl", "cost", "stock"}),
        ),
    },
    extra=_extra_checks,
)


@dataclass(frozen=True)
class Card:
    id: str
    name: Msg
    faction: str
    kind: str
    tl: int
    cost: int
    sortie: int
    development: int
    role: str | None
    stock: int
    # values at each TL 1-8 (index 0 unused): (attack, defence, suppression, governance, command)
    by_tl: tuple[tuple[int, int, int, int, int], ...]

    @property
    def domestic(self) -> bool:
        return self.kind in DOMESTIC

    @property
    def fighting(self) -> bool:
        return self.kind in FIGHTING

    @property
    def craft(self) -> bool:
        """An MS or a ship: a 機体 a character may board (rule 6.7)."""
        return self.kind in ("ms", "ship")

    def values(self, tl: int) -> tuple[int, int, int, int, int]:
        """(attack, defence, suppression, governance, command) at the owner's TL (rule 4.5)."""
        return self.by_tl[tl]

    def governance(self, tl: int) -> int:
        return self.by_tl[tl][3]


@dataclass(frozen=True)
class Base:
    id: str
    name: Msg
    political: bool
    income: tuple[int, ...]  # index = level (0 = neutral, worth nothing)
    vp: tuple[int, ...]
    attack: tuple[int, ...]
    suppression: tuple[int, ...]

    @property
    def max_level(self) -> int:
        return len(self.vp) - 1


@dataclass(frozen=True)
class Components:
    cards: dict[str, Card]
    bases: dict[str, Base]
    factions: dict[str, dict[str, Any]]
    draw: tuple[int, ...]  # index = TL
    hand: int
    max_tl: int
    keep: int
    vp_win: int
    vp_lead: int
    political_cap: int
    end_piles: int
    domestic: tuple[str, ...]  # the five shared piles (rule 7.2)
    raw: dict[str, Any]

    buyable_by: dict[str, tuple[Card, ...]]

    def buyable(self, faction: str) -> tuple[Card, ...]:
        """The cards a faction may ever buy (rule 5.1): its own and the shared ones."""
        return self.buyable_by[faction]


def _by_tl(card: dict[str, Any]) -> tuple[tuple[int, int, int, int, int], ...]:
    current = {name: card.get(name, 0) for name in STATS}
    rows: list[tuple[int, int, int, int, int]] = [(0, 0, 0, 0, 0)]
    for tl in range(1, MAX_TL + 1):
        current.update(card.get("growth", {}).get(str(tl), {}))
        a, d, s, g, cmd = (current[name] for name in STATS)
        rows.append((a, d, s, g, cmd))
    return tuple(rows)


def build(doc: dict[str, Any]) -> Components:
    cards = {
        cid: Card(
            id=cid,
            name=c["name"],
            faction=c["faction"],
            kind=c["kind"],
            tl=c["tl"],
            cost=c["cost"],
            sortie=c.get("sortie", 0),
            development=c.get("development", 0),
            role=c.get("role"),
            stock=c["stock"],
            by_tl=_by_tl(c),
        )
        for cid, c in doc["cards"].items()
    }
    bases = {
        bid: Base(
            id=bid,
            name=b["name"],
            political=b["political"],
            income=(0, *b["income"]),
            vp=(0, *b["vp"]),
            attack=(0, *b["attack"]),
            suppression=(0, *b["suppression"]),
        )
        for bid, b in doc["bases"].items()
    }
    rules = doc["rules"]
    return Components(
        cards=cards,
        bases=bases,
        factions={fid: doc["factions"][fid] for fid in FACTIONS},
        draw=(0, *doc["draw"]["counts"]),
        hand=rules["hand"],
        max_tl=rules["max_tl"],
        keep=rules["keep"],
        vp_win=rules["vp_win"],
        vp_lead=rules["vp_lead"],
        political_cap=rules["political_cap"],
        end_piles=rules["end_piles"],
        domestic=tuple(cid for cid, c in cards.items() if c.domestic),
        raw=doc,
        buyable_by={
            f: tuple(c for c in cards.values() if c.faction in (f, SHARED) and c.stock)
            for f in FACTIONS
        },
    )


COMPONENTS = ComponentSet(SCHEMA, DATA_FILE, build)
shipped = COMPONENTS.shipped
load_file = COMPONENTS.load_file


def components(overlay: dict[str, Any]) -> Components:
    """The components of a game: the shipped data with the `data` option laid over it."""
    return COMPONENTS.get(overlay)
