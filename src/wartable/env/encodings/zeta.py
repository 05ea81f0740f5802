"""The Zeta Gundam strategic game: its actions as integers and a faction's view as a vector
(docs/environments.md).

Unit counters are named by *slot*: the AEUG's counters first, then the Titans', then Neo Zeon's,
each faction's in the order of their ids. A faction never has more counters in play than its
counter mix (rule 7.4: the stock is the mix less the counters in play), so that is its number of
slots. Characters, places, bases and unit types are named by their ids. A field that may name
either of two things (a hit on a unit or a base, a deployment onto a base or a ship, an order to
a unit or a character) has the two domains one after the other.

Each kind of action is one line of `KINDS`: a kind of decision added to the rules needs its line
there (an action the enumeration cannot index is an error, never dropped).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from wartable.engine import Game
from wartable.engine.rules import Action
from wartable.env.encodings import Encoding
from wartable.env.spaces import ActionSpace, Field, FloatArray, choice, constant, slots
from wartable.env.spaces import scaled as sc
from wartable.games.zeta.battle import SIDES, WATCH
from wartable.games.zeta.components import CARD_TYPES, FACTIONS, components
from wartable.games.zeta.damage import BASE
from wartable.games.zeta.flow import PHASES, STEPS
from wartable.games.zeta.state import ID_PREFIX

KEEP = 3  # rule 10.2: three of the five cards
COUNT_SCALE = 10  # counters of a faction in a hex (saturates)
AP_SCALE = 40  # armament points (saturate)
CARDS = 5  # a faction's action cards (10.2)
PLACES = ("factory", "pending", "out")  # where a counter is when it is not on the map


# Every kind of action, by its keys: a kind of decision added to the rules adds its line here
# (and its keys to `field` in `_enumerate` if they are new).
KINDS: tuple[tuple[str, ...], ...] = (
    # the card phase (10.2) and the Titans' secret base (36.3)
    ("keep",),
    ("mine",),
    # armament (5-8) and deployment (9)
    ("mass_produce",),
    ("produce",),
    ("refit", "for"),
    ("destroy",),
    ("done",),
    ("deploy", "to"),
    ("place", "to"),
    # orders (12-17), La Vie en Rose (29.2), Axis and Gryps 2 (30.3.3, 31.4.3), the Zeon Africa
    # unit (32.2), the colony (35), the demolition (36.4)
    ("move", "to"),
    ("load", "on"),
    ("unload",),
    ("board", "on"),
    ("alight",),
    ("descend", "to"),
    ("launch",),
    ("recover", "base"),
    ("govern", "base"),
    ("shift", "to"),
    ("colony",),
    ("colony_drop",),
    ("land",),
    ("dock", "by"),
    ("africa",),
    ("demolish",),
    ("end",),
    # combat (18-27) and its preparation (20), the Axis attack (30.4), the laser (31.5), the
    # speech (29.1)
    ("fight", "against"),
    ("end_combat",),
    ("join",),
    ("place", "on"),
    ("place", "on", "speech"),
    ("sortie",),
    ("stow", "on"),
    ("house",),
    ("engage",),
    ("captain", "of"),
    ("bomb",),
    ("bombard",),
    ("hit",),
    ("pass",),
    ("axis_attack",),
    ("laser",),
    ("speech",),
)


class ZetaEncoding(Encoding):
    static = ("catalog",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        c = components(game.options["data"])
        self.locations = sorted(c.adjacent)
        self.location_index = {at: i for i, at in enumerate(self.locations)}
        self.bases = sorted(c.bases)
        self.base_index = {b: i for i, b in enumerate(self.bases)}
        self.types = sorted([*c.ms, *c.ships])
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.ships = set(c.ships)
        self.characters = sorted(c.characters)
        self.character_index = {cid: i for i, cid in enumerate(self.characters)}
        self.capacity = {f: sum(c.mix[f].values()) for f in FACTIONS}
        self.offset: dict[str, int] = {}
        total = 0
        for f in FACTIONS:
            self.offset[f] = total
            total += self.capacity[f]
        self.slots_in_all = total
        self.faction_of_prefix = {p: f for f, p in ID_PREFIX.items()}
        self.kinds = sorted(STEPS.kinds)
        self.last_turn = c.last_turn
        n, loc, b, t = len(self.players), len(self.locations), len(self.bases), len(self.types)
        add = self.layout.add
        self._turn = add("turn", "turn / last turn", 1)
        self._phase = add("phase", "the phase of rule 3.1, one-hot", len(PHASES))
        self._step = add(
            "step", "the kind of decision awaited, one-hot (sorted names)", len(self.kinds)
        )
        self._active = add("active", "the faction whose action card is in play, one-hot", n)
        self._bases = add("bases", "per base (sorted ids): owner (seats, neutral), level / 3", b, 5)
        self._presence = add(
            "presence",
            f"per location (sorted), per faction: MS, ships / {COUNT_SCALE}",
            loc,
            n,
            2,
        )
        self._off_map = add(
            "off_map",
            f"per faction, per unit type: in the factory, pending, out / {COUNT_SCALE}",
            n,
            len(PLACES),
            t,
        )
        self._damaged = add("damaged", "per faction: counters on their damaged back / 20", n)
        self._characters = add(
            "characters",
            "per character (sorted): on the map, wounded, dead, pending",
            len(self.characters),
            4,
        )
        self._cards = add(
            "cards",
            "per faction: cards in hand, chosen cards still in the deck / 5; the deck / 15",
            n * 2 + 1,
        )
        self._own = add("own_cards", "your cards by type: in hand, in the deck / 2", 2, 3)
        self._drawn = add("drawn", "the cards drawn this turn, per faction and type / 2", n, 3)
        self._ap = add("ap", f"armament points left, per faction / {AP_SCALE}", n)
        self.score_bounds = (
            0.0,
            float(sum(max(x.vp for x in c.bases[bid].levels) for bid in c.bases)),
        )
        self.actions = self._enumerate()

    # -- actions ---------------------------------------------------------------------------------

    def _slot(self, uid: Any, ctx: dict[str, int], action: Action) -> int:
        return ctx[uid]

    def _either(self, first: Field, second: Field) -> Field:
        """One domain after the other: the first's values if `first` takes it, else the
        second's."""

        def index(value: Any, ctx: Any, action: Action) -> int:
            try:
                return first.index(value, ctx, action)
            except (KeyError, ValueError, IndexError, TypeError):
                return first.size + second.index(value, ctx, action)

        def label(i: int) -> str:
            return first.label(i) if i < first.size else second.label(i - first.size)

        return Field(first.size + second.size, index, label)

    def _enumerate(self) -> ActionSpace:
        unit = slots(self.slots_in_all, self._slot, "unit")
        character = choice(self.characters)
        location, base, kind = choice(self.locations), choice(self.bases), choice(self.types)
        flag, yes_no, none = constant(True), choice([True, False]), constant(None)
        piece = self._either(unit, character)
        # each key's domain wherever it appears (a kind may give a key its own, `special`)
        field = {
            "keep": self._keep_field(),
            "against": self._against_field(),
            "join": choice([*SIDES, WATCH]),
            "hit": self._either(unit, choice([f"{BASE}{b}" for b in self.bases])),
            "on": self._either(unit, none),  # a unit, or None: aboard nothing
            "axis_attack": self._either(base, none),
            "laser": self._either(location, none),
            **dict.fromkeys(("bomb", "bombard"), yes_no),
            **dict.fromkeys(("done", "end", "end_combat", "pass", "speech"), flag),
            **dict.fromkeys(("mass_produce", "produce", "refit", "for", "deploy"), kind),
            **dict.fromkeys(("place", "board", "alight", "captain"), character),
            **dict.fromkeys(("descend", "launch", "govern", "house"), piece),
            **dict.fromkeys(("to", "fight", "colony", "africa"), location),
            **dict.fromkeys(("mine", "base", "shift", "colony_drop", "land", "demolish"), base),
            **dict.fromkeys(
                (
                    *("destroy", "move", "load", "unload", "recover", "sortie", "stow", "engage"),
                    *("of", "dock", "by"),
                ),
                unit,
            ),
        }
        special: dict[tuple[str, ...], dict[str, Field]] = {
            ("deploy", "to"): {"to": self._either(base, unit)},
            ("speech",): {"speech": self._either(base, none)},  # 29.1: where Quattro speaks
        }
        return ActionSpace(
            self.game_id,
            [{key: special.get(keys, {}).get(key, field[key]) for key in keys} for keys in KINDS],
        )

    def _keep_field(self) -> Field:
        choices = [list(c) for c in combinations_with_replacement(CARD_TYPES, KEEP)]
        table = {tuple(c): i for i, c in enumerate(choices)}
        return Field(
            len(choices), lambda v, ctx, a: table[tuple(v)], lambda i: "+".join(choices[i])
        )

    def _against_field(self) -> Field:
        sets = [frozenset(s) for n in (1, 2) for s in combinations(FACTIONS, n)]
        table = {s: i for i, s in enumerate(sets)}
        return Field(
            len(sets),
            lambda v, ctx, a: table[frozenset(v)],
            lambda i: "+".join(sorted(sets[i])),
        )

    def context(self, board: dict[str, Any]) -> dict[str, int]:
        """Each counter's slot: its rank among its faction's counters, by id number."""
        slot: dict[str, int] = {}
        rank = dict.fromkeys(FACTIONS, 0)
        for uid in sorted(board["units"], key=lambda u: (u[0], int(u[1:]))):
            faction = self.faction_of_prefix[uid[0]]
            if rank[faction] >= self.capacity[faction]:
                raise ValueError(f"zeta: {faction} has more counters than its mix")
            slot[uid] = self.offset[faction] + rank[faction]
            rank[faction] += 1
        return slot

    # -- the observation -------------------------------------------------------------------------

    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        seat = self.seat_index
        self._turn.of(obs)[0] = sc(board["turn"], self.last_turn)
        if board["phase"] in PHASES:
            self._phase.of(obs)[PHASES.index(board["phase"])] = 1
        step = board["step"]
        if step is not None and step["kind"] in self.kinds:
            self._step.of(obs)[self.kinds.index(step["kind"])] = 1
        action = board["action"]
        if action is not None:
            self._active.of(obs)[seat[action["faction"]]] = 1
        bases = self._bases.of(obs)
        for bid, b in board["bases"].items():
            row = bases[self.base_index[bid]]
            row[3 if b["owner"] is None else seat[b["owner"]]] = 1
            row[4] = b["level"] / 3
        self._write_units(board, obs)
        characters = self._characters.of(obs)
        for cid, ch in board["characters"].items():
            at = ch["at"]
            column = (
                2
                if at == "dead"
                else 1
                if at.startswith("wounded:")
                else 3
                if at == "pending"
                else 0
            )
            characters[self.character_index[cid], column] = 1
        cards = self._cards.of(obs)
        for f, held in board["cards"].items():
            cards[2 * seat[f]] = held["hand"] / CARDS
            cards[2 * seat[f] + 1] = held["in_deck"] / CARDS
        cards[-1] = sc(board["deck"], 3 * KEEP)
        own = self._own.of(obs)
        for row, key in enumerate(("hand", "kept")):
            for card in board.get(key, []):
                own[row, CARD_TYPES.index(card.split(".")[1])] += 0.5
        drawn = self._drawn.of(obs)
        for card in board["drawn"]:
            f, t = card.split(".")
            drawn[seat[f], CARD_TYPES.index(t)] += 0.5
        ap = board.get("ap") or {}
        self._ap.of(obs)[:] = [sc(ap.get(f, 0), AP_SCALE) for f in self.players]

    def _write_units(self, board: dict[str, Any], obs: FloatArray) -> None:
        seat = self.seat_index
        presence, off_map = self._presence.of(obs), self._off_map.of(obs)
        damaged = self._damaged.of(obs)
        step = 1 / COUNT_SCALE
        for u in board["units"].values():
            f, at = seat[u["faction"]], u["at"]
            if at in self.location_index:
                cell = presence[self.location_index[at], f]
                cell[1 if u["type"] in self.ships else 0] += step
            elif at in PLACES:
                off_map[f, PLACES.index(at), self.type_index[u["type"]]] += step
            if u["back"]:
                damaged[f] += 1 / 20
        presence.clip(0, 1, out=presence)
        off_map.clip(0, 1, out=off_map)
        damaged.clip(0, 1, out=damaged)


ENCODING = ZetaEncoding
