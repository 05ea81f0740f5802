"""The Zeta Gundam / ZZ card game: its actions as integers and a faction's view as a vector
(docs/environments.md).

Cards are named by id, bases by id. A unit of a fight (a craft with the character aboard, if
any) is named by what it is, its craft card and its pilot card (or none), not by its place in
the fight's list: the game offers one action for each kind of unit (equal units are
interchangeable), so these names never collide.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from wartable.engine import Game
from wartable.engine.rules import Action
from wartable.env.encodings import Encoding
from wartable.env.spaces import ActionSpace, Field, FloatArray, choice, constant, tally
from wartable.env.spaces import scaled as sc
from wartable.games.zeta_cards.combat import SIDES
from wartable.games.zeta_cards.components import components
from wartable.games.zeta_cards.flow import ACTIONS, STEPS

TURN_SCALE = 200  # the turn counter as an observation (saturates)
COUNT_SCALE = 20  # income, cards in hand, need and totals (saturate)
DECK_SCALE = 60  # cards in a deck (saturates)
COMMAND_SCALE = 20  # a side's command in a fight (saturates)
ATTACK_SCALE = 60  # a side's attack total in a fight (saturates)
FACTION_FACTS = ("tl", "vp", "income", "draw", "hand", "deck", "declared")
PILES = ("discard", "face_up", "bought", "held")


class ZetaCardsEncoding(Encoding):
    static = ("catalog",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        c = components(game.options["data"])
        self.cards = sorted(c.cards)
        self.card_index = {cid: i for i, cid in enumerate(self.cards)}
        # every copy of a card in the game: its stock and the starting decks
        self.copies = {
            cid: max(1, card.stock + sum(f["deck"].get(cid, 0) for f in c.factions.values()))
            for cid, card in c.cards.items()
        }
        self.scale = np.array([self.copies[cid] for cid in self.cards], np.float32)
        self.crafts = sorted(cid for cid, card in c.cards.items() if card.craft)
        self.craft_index = {cid: i for i, cid in enumerate(self.crafts)}
        self.pilots = [None, *sorted(cid for cid, card in c.cards.items() if card.kind == "char")]
        self.pilot_index = {cid: i for i, cid in enumerate(self.pilots)}
        self.bases = sorted(c.bases)
        self.base_index = {b: i for i, b in enumerate(self.bases)}
        self.top_level = {b: c.bases[b].max_level for b in self.bases}
        self.kinds = sorted(STEPS.kinds)
        self.max_tl = c.max_tl
        self.vp_win = c.vp_win
        n, k, b = len(self.players), len(self.cards), len(self.bases)
        add = self.layout.add
        self._turn = add("turn", f"the turn counter / {TURN_SCALE}", 1)
        self._seats = add("seats", "the active faction, the first player, one-hot each", 2, n)
        self._taken = add("taken", "each action of rule 2.2 taken this turn (2 at most) / 2", 4)
        self._step = add(
            "step", "the kind of decision awaited, one-hot (sorted names)", len(self.kinds)
        )
        self._hand = add("hand", "the cards in your hand, per card (sorted ids) / its copies", k)
        self._facts = add(
            "factions",
            "per faction: TL / top TL, VP / the VP to win, income, draw, hand, deck, declared",
            n,
            len(FACTION_FACTS),
        )
        self._piles = add("piles", "per faction: discard, face-up, bought, held, per card", n, 4, k)
        self._bases = add(
            "bases", "per base: owner (seats, then neutral), level / top level", b, n + 2
        )
        self._stock = add("stock", "copies left in the stock, per card / its copies", k)
        self._income = add("income_left", f"income left to buy with / {COUNT_SCALE}", 1)
        self._attempt = add(
            "attempt",
            "governance or development attempt: kind (govern, develop), need, paid so far",
            4,
        )
        self._target = add("attempt_target", "the base governed, one-hot", b)
        self._paid = add("attempt_cards", "the cards paid, per card", k)
        self._fight = add(
            "fight",
            "fight: under way, revealed, level / top, striker attacker, striker defender, strikes",
            6,
        )
        self._fight_base = add("fight_base", "the base attacked, one-hot", b)
        self._fight_seats = add("fight_seats", "attacker and defender, one-hot each", 2, n)
        self._sides = add(
            "fight_sides",
            "per side (attacker, defender): cards put in if hidden, command, attack total, done, "
            "cards lost",
            2,
            5,
        )
        self._side_cards = add(
            "fight_cards",
            "per side: cards put in (once shown), waiting to board, craft alive, pilots aboard, "
            "struck, hit by the other side's allocation (when shown), per card",
            2,
            6,
            k,
        )
        self.score_bounds = (0.0, float(sum(max(base.vp) for base in c.bases.values())))
        self.actions = self._enumerate()

    def _enumerate(self) -> ActionSpace:
        cards, bases, flag = choice(self.cards), choice(self.bases), constant(True)
        size = len(self.crafts) * len(self.pilots)

        def unit(i: Any, units: list[dict[str, Any]], action: Action) -> int:
            u = units[i]
            return self.craft_index[u["card"]] * len(self.pilots) + self.pilot_index[u["pilot"]]

        def label(i: int) -> str:
            craft, pilot = divmod(i, len(self.pilots))
            return f"{self.crafts[craft]}/{self.pilots[pilot]}"

        def craft(i: Any, units: list[dict[str, Any]], action: Action) -> int:
            return self.craft_index[units[i]["card"]]

        return ActionSpace(
            self.game_id,
            [
                {"take": choice(ACTIONS)},
                {"end": flag},
                {"done": flag},
                {"ready": flag},
                {"cancel": flag},
                {"develop": flag},
                {"attack": bases},
                {"govern": bases},
                {"commit": cards},
                {"buy": cards},
                {"lay": cards},
                {"pay": cards},
                {"keep": cards},
                {
                    "board": choice(self.pilots[1:]),
                    "craft": Field(len(self.crafts), craft, lambda i: self.crafts[i]),
                },
                {"strike": Field(size, unit, label)},
                {"hit": Field(size, unit, label)},
            ],
        )

    def context(self, board: dict[str, Any]) -> list[dict[str, Any]]:
        """The units of the fight under way."""
        fight = board["fight"]
        return [] if fight is None else list(fight["units"])

    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        seat = self.seat_index
        self._turn.of(obs)[0] = sc(board["turn"], TURN_SCALE)
        seats = self._seats.of(obs)
        seats[0, seat[board["active"]]] = 1
        seats[1, seat[board["first"]]] = 1
        taken = self._taken.of(obs)
        for name in board["taken"]:
            taken[ACTIONS.index(name)] += 0.5
        if board["step"] is not None:
            self._step.of(obs)[self.kinds.index(board["step"]["kind"])] = 1
        self._count(self._hand.of(obs), board["hand"] or [])
        facts, piles = self._facts.of(obs), self._piles.of(obs)
        for p, f in board["factions"].items():
            i = seat[p]
            facts[i] = (
                sc(f["tl"], self.max_tl),
                sc(f["vp"], self.vp_win),
                sc(f["income"], COUNT_SCALE),
                sc(f["draw"], COUNT_SCALE),
                sc(f["hand"], COUNT_SCALE),
                sc(f["deck"], DECK_SCALE),
                f["declared"],
            )
            for j, pile in enumerate(PILES):
                self._count(piles[i, j], f[pile])
        bases = self._bases.of(obs)
        n = len(self.players)
        for bid, b in board["bases"].items():
            row = bases[self.base_index[bid]]
            row[n if b["owner"] is None else seat[b["owner"]]] = 1
            row[n + 1] = sc(b["level"], self.top_level[bid])
        left = board["stock"]
        self._stock.of(obs)[:] = [left[cid] for cid in self.cards]
        self._stock.of(obs)[:] /= self.scale
        self._income.of(obs)[0] = sc(board["income_left"] or 0, COUNT_SCALE)
        attempt = board["attempt"]
        if attempt is not None:
            self._attempt.of(obs)[:] = (
                attempt["kind"] == "govern",
                attempt["kind"] == "develop",
                sc(attempt["need"], COUNT_SCALE),
                sc(attempt["total"], COUNT_SCALE),
            )
            if attempt["target"] is not None:
                self._target.of(obs)[self.base_index[attempt["target"]]] = 1
            self._count(self._paid.of(obs), attempt["cards"])
        if board["fight"] is not None:
            self._write_fight(board["fight"], obs)

    def _write_fight(self, fight: dict[str, Any], obs: FloatArray) -> None:
        striker = fight["striker"]
        self._fight.of(obs)[:] = (
            1,
            fight["revealed"],
            sc(fight["level"], self.top_level[fight["base"]]),
            striker == "attacker",
            striker == "defender",
            sc(fight["strikes"], COUNT_SCALE),
        )
        self._fight_base.of(obs)[self.base_index[fight["base"]]] = 1
        seats = self._fight_seats.of(obs)
        sides, cards = self._sides.of(obs), self._side_cards.of(obs)
        units = fight["units"]
        for s, side in enumerate(SIDES):
            seats[s, self.seat_index[fight[side]]] = 1
            picked = fight["picked"][side]
            command, total = fight["command"], fight["total"]
            sides[s] = (
                sc(picked, COUNT_SCALE) if isinstance(picked, int) else 0,
                sc(command[side], COMMAND_SCALE) if command else 0,
                sc(total[side], ATTACK_SCALE) if total else 0,
                fight["done"][side],
                sc(fight["lost"][side], COUNT_SCALE),
            )
            row = cards[s]
            if isinstance(picked, list):
                self._count(row[0], picked)
            self._count(row[1], fight["waiting"][side])
            mine = [u for u in units if u["side"] == side and not u["gone"]]
            self._count(row[2], [u["card"] for u in mine])
            self._count(row[3], [u["pilot"] for u in mine if u["pilot"]])
            self._count(row[4], [u["card"] for u in mine if u["struck"]])
            alloc = fight["alloc"][side]
            if alloc is not None:  # the units this side's attack will destroy
                self._count(row[5], [units[i]["card"] for i in alloc])

    def _count(self, row: FloatArray, cards: list[str]) -> None:
        tally(row, cards, self.card_index, self.copies)


ENCODING = ZetaCardsEncoding
