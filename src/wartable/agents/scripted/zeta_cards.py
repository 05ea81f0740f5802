"""The scripted player of the Zeta Gundam / ZZ card game, deciding from its seat's view alone.

How it plays:
- What it knows: its hand, everything public, and by counting every faction's fighting cards
  (its starting deck, 1.4, and what it bought: the stock tells, 5.1) less those in sight, what
  each faction has out of sight; its own deck's fighting cards exactly.
- A turn (2.2): it weighs each action and each pair of actions by what they bring now, in VP:
  governing (3) by the VP its cards can buy, the most VP per point first, each level paid with
  the least waste (3.5); developing (4) by the TL steps its development cards pay for; buying
  (5) by how far the cards it can afford raise the mean worth of its deck; fighting (6) by the
  odds of its best attack. Meeting a victory condition (7.1), breaking an opponent's declared
  one, or handing one to another weigh heavily. It plays the chosen actions in the order fight,
  develop, govern, buy (a base a fight makes neutral can be governed at once; income, 5.3, is
  counted after governing), keeping out of the fight the ships and characters its governance
  needs, and lays spare domestic cards face up to keep two for later (2.3).
- Fights (6): against a likely defence (a middling hand drawn from what the defender has out of
  sight) it attacks the enemy base where its free fighting cards take the most VP, weighted by
  how near the owner is to winning; it puts them all in, since the attacker's cards go to its
  discard pile whatever happens (6.19). The odds are the fight preview's exact ones
  (preview.py), or an estimate from sampled sortie draws when the sorties could bring too many
  different sets of cards; both are cached. Defending (6.4), it chooses between nothing, all
  its fighting cards and those without governance by the VP and the cards of its next hand each
  is likely to cost. Boarding, first strike and the attacker's allocation follow the preview's
  policy (combat.py); as defender in the normal attack it destroys the attackers that carry the
  most suppression its attack can reach (6.16).
- The end (7.2): it buys out the last domestic piles when that ends the game with it alone in
  first place, and never empties the fourth pile otherwise.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in, printed_values
from wartable.engine.game import Game
from wartable.games.zeta_cards import combat
from wartable.games.zeta_cards.combat import Outcome
from wartable.games.zeta_cards.components import Components, components
from wartable.games.zeta_cards.preview import Pile, preview
from wartable.games.zeta_cards.victory import scores

Action = dict[str, Any]
# the search plays on at random past its tree: this player plans whole turns, too slow to play
# thousands of playout moves a second
SEARCH_SETTINGS = {"horizon": 10, "playout": "random"}
ORDER = ("fight", "develop", "govern", "buy")  # the order the chosen actions are played in

# Worth of things in VP (tuned against the random player and against each other)
NEUTRAL_BONUS = 0.4  # a base a fight makes neutral may be governed cheaply afterwards
ENEMY_CARD = 0.15  # a defender card destroyed: one card fewer in its next turn
DEVELOP = (0.0, 1.6, 1.4, 1.2, 1.0, 0.8, 0.5, 0.3, 0.0)  # one TL step, by current TL
BUY_WEIGHT = 0.3  # what a point of deck worth above the average is worth now
MIN_GAIN = 0.05
MEET = 3.0  # meeting a victory condition myself: I declare and likely win (7.1)
BREAK = 5.0  # breaking another's: it would win at its next turn
HAND_OVER = 4.0  # making another meet one

# The fight preview's exact odds cost up to seconds when both sides' ships draw from big piles:
# above this many possible pairs of draws the odds are estimated from samples.
EXACT_LIMIT = 80
SAMPLES = 30
READING = "each_level"  # the default readings of rulings Z14 and Z15 (the view has no options)
_ODDS: dict[tuple[Any, ...], dict[Outcome, float]] = {}
_FIGHTS: dict[tuple[Any, ...], Outcome] = {}
_CACHE_LIMIT = 50_000


class Table:
    """What the seat's view says, with the counting a player does at the table."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.c: Components = components(printed_values(view))
        board = view["board"]
        self.board = board
        self.me: str = board["you"]
        self.hand: list[str] = list(board["hand"])
        fight = board["fight"]
        mine = fight is not None and fight["attacker"] == self.me and not fight["revealed"]
        # the cards the turn is planned with: an attack being chosen still counts its cards
        self.cards = self.hand + (fight["picked"]["attacker"] if mine else [])
        self.factions: dict[str, dict[str, Any]] = board["factions"]
        self.bases: dict[str, dict[str, Any]] = board["bases"]
        self.stock: dict[str, int] = board["stock"]
        self.taken: list[str] = board["taken"]
        self.tl: dict[str, int] = {p: f["tl"] for p, f in self.factions.items()}
        self.vp: dict[str, int] = {p: f["vp"] for p, f in self.factions.items()}
        self.others = [p for p in board["order"] if p != self.me]
        # what this decision works out more than once
        self._unseen: dict[str, tuple[Counter[str], int]] = {}
        self._attacks: dict[tuple[str, ...], tuple[float, str] | None] = {}
        self._worths: dict[str, float] = {}

    # -- cards ----------------------------------------------------------------------------------

    def values(self, cid: str, player: str) -> tuple[int, int, int, int, int]:
        return self.c.cards[cid].by_tl[self.tl[player]]

    def governance(self, cid: str) -> int:
        return self.values(cid, self.me)[3]

    def development(self, cid: str) -> int:
        return self.c.cards[cid].development

    def fighting(self, cards: Iterable[str]) -> list[str]:
        return sorted(cid for cid in cards if self.c.cards[cid].fighting)

    def strength(self, cid: str, player: str) -> int:
        a, d, s, _, cmd = self.values(cid, player)
        return a + d + s + cmd + self.c.cards[cid].sortie

    def owned_fighting(self, player: str) -> Counter[str]:
        """A faction's MS, ships and characters: its starting deck (1.4) and those it bought
        (only it buys its own cards, 5.1: the stock tells how many)."""
        c = self.c
        owned = Counter(
            {cid: n for cid, n in c.factions[player]["deck"].items() if c.cards[cid].fighting}
        )
        for cid, card in c.cards.items():
            if card.faction == player and card.fighting:
                owned[cid] += card.stock - self.stock.get(cid, 0)
        return +owned

    def unseen(self, player: str) -> tuple[Counter[str], int]:
        """The fighting cards of `player` out of my sight (its hand and deck, or my deck), and
        how many other cards are with them. Only outside a revealed fight."""
        if player not in self._unseen:
            self._unseen[player] = self._count_unseen(player)
        return self._unseen[player]

    def _count_unseen(self, player: str) -> tuple[Counter[str], int]:
        f = self.factions[player]
        seen = Counter(f["discard"]) + Counter(f["face_up"]) + Counter(f["bought"])
        seen += Counter(f["held"])
        count = f["deck"] + (0 if player == self.me else f["hand"])
        fight = self.board["fight"]
        if fight is not None:
            for side in combat.SIDES:
                if fight[side] == player:
                    picked = fight["picked"][side]
                    if isinstance(picked, list):
                        seen += Counter(picked)
                    else:
                        count += picked
        if player == self.me:
            seen += Counter(self.hand)
        fighting = self.owned_fighting(player) - seen
        return fighting, max(0, count - fighting.total())

    def pile(self, player: str, chosen: list[str]) -> Pile:
        """What `player`'s sorties draw from, as I know it (the preview's Pile): another
        faction's `chosen` cards come out of what I have not seen, mine out of my hand."""
        fighting, rest = self.unseen(player)
        deck = fighting if player == self.me else fighting - Counter(chosen)
        out = self.c.domestic[0]  # cards that do not fight are all alike to a sortie (6.6)
        if rest:
            deck[out] = rest
        discard = Counter(
            cid if self.c.cards[cid].fighting else out for cid in self.factions[player]["discard"]
        )
        return Pile(deck, self.factions[player]["deck"], discard)

    def likely(self, player: str, size: int, *, only_fighting: bool = False) -> list[str]:
        """The fighting cards of a middling hand of `size` cards from what `player` has out of
        my sight (of `size` fighting cards if `only_fighting`): evenly spaced in strength."""
        fighting, rest = self.unseen(player)
        pool: list[str | None] = [
            *sorted(fighting.elements(), key=lambda x: (-self.strength(x, player), x)),
            *[None] * (0 if only_fighting else rest),
        ]
        if not pool or size <= 0:
            return []
        size = min(size, len(pool))
        spaced = (pool[int((i + 0.5) * len(pool) / size)] for i in range(size))
        return [cid for cid in spaced if cid is not None]

    # -- fights ---------------------------------------------------------------------------------

    def weight(self, player: str) -> float:
        """What a VP taken from `player` is worth to me: most from one about to win (7.1)."""
        if self.factions[player]["declared"]:
            return 1.2
        if self.vp[player] >= max(self.vp[p] for p in self.others):
            return 0.8
        return 0.4

    def taken_vp(self, bid: str, levels: int) -> float:
        """What taking `levels` levels from `bid` is worth to me."""
        base = self.bases[bid]
        tile = self.c.bases[bid]
        level: int = base["level"]
        lost = tile.vp[level] - tile.vp[level - levels]
        worth = lost * self.weight(base["owner"]) + self.standing(0, {base["owner"]: lost})
        if levels and levels == level:
            worth += NEUTRAL_BONUS
        return worth

    def standing(self, gain: int, losses: dict[str, int]) -> float:
        """What my gaining `gain` VP and others' losing some does to the race of 7.1: a
        declared victory broken, the condition met by me, or handed to another."""
        after = dict(self.vp)
        after[self.me] += gain
        for player, lost in losses.items():
            after[player] -= lost
        worth = 0.0
        if meets(self.c, self.me, after) and not meets(self.c, self.me, self.vp):
            worth += MEET
        for player in self.others:
            if meets(self.c, player, self.vp) and not meets(self.c, player, after):
                worth += BREAK
            elif meets(self.c, player, after) and not meets(self.c, player, self.vp):
                worth -= HAND_OVER
        return worth

    def odds(
        self, bid: str, attacker: str, attack: list[str], defence: list[str]
    ) -> dict[Outcome, float]:
        """The odds of a fight on `bid` between these cards, from what I know."""
        owner = self.bases[bid]["owner"]
        level = self.bases[bid]["level"]
        piles = {"attacker": self.pile(attacker, attack), "defender": self.pile(owner, defence)}
        tl = {"attacker": self.tl[attacker], "defender": self.tl[owner]}
        cards = {"attacker": attack, "defender": defence}
        return fight_odds(self.c, bid, level, cards, tl, piles)

    def attack_worth(self, bid: str, attack: list[str]) -> float:
        """The expected worth of attacking `bid` with `attack` against a likely defence."""
        owner = self.bases[bid]["owner"]
        defence = self.likely(owner, self.factions[owner]["hand"])
        return sum(
            p * (self.taken_vp(bid, o.levels) + ENEMY_CARD * o.defender_lost)
            for o, p in self.odds(bid, self.me, attack, defence).items()
        )

    def quick_worth(self, bid: str, attack: list[str]) -> float:
        """A glance at the same fight: no sortie draws, one resolution (combat.resolve)."""
        owner = self.bases[bid]["owner"]
        defence = self.likely(owner, self.factions[owner]["hand"])
        outcome = resolved(
            self.c,
            bid,
            self.bases[bid]["level"],
            {"attacker": attack, "defender": defence},
            {"attacker": self.tl[self.me], "defender": self.tl[owner]},
        )
        return self.taken_vp(bid, outcome.levels)

    def best_attack(self, attack: list[str]) -> tuple[float, str] | None:
        """The enemy base most worth attacking with `attack` (exact odds for the two best at
        a glance), with its worth."""
        key = tuple(attack)
        if key not in self._attacks:
            targets = [bid for bid, b in self.bases.items() if b["owner"] not in (self.me, None)]
            glance = sorted(((self.quick_worth(bid, attack), bid) for bid in targets), reverse=True)
            found = [(self.attack_worth(bid, attack), bid) for _, bid in glance[:2]]
            self._attacks[key] = max(found, default=None) if attack else None
        return self._attacks[key]

    # -- governance and development ----------------------------------------------------------------

    def face_up(self) -> list[str]:
        return list(self.factions[self.me]["face_up"])

    def gov_sources(self) -> list[str]:
        return [cid for cid in self.face_up() + self.cards if self.governance(cid) > 0]

    def upgrade(self, bid: str, level: int) -> float:
        """What raising `bid` from `level` brings me: VP, a little income (5.3)."""
        tile = self.c.bases[bid]
        return (
            tile.vp[level + 1]
            - tile.vp[level]
            + 0.1 * (tile.income[level + 1] - tile.income[level])
        )

    def gov_plan(
        self, sources: list[str], fight_to_come: bool
    ) -> tuple[float, list[tuple[str, list[str]]]]:
        """The VP my governance cards can buy (3.3-3.5), greedily the most VP per point spent,
        each level paid with the least waste, with what they do to the race (7.1); and its
        attempts: the base, the cards."""
        levels = {bid: b["level"] for bid, b in self.bases.items() if b["owner"] in (self.me, None)}
        left = list(sources)
        gain = 0.0
        points = 0
        steps: list[tuple[str, list[str]]] = []
        while True:
            best: tuple[float, str, list[str]] | None = None
            for bid, level in sorted(levels.items()):
                if level >= self.c.bases[bid].max_level:
                    continue
                pay = payment(left, level + 1, self.governance, self.penalty(fight_to_come))
                if pay is None:
                    continue
                worth = self.upgrade(bid, level) / sum(self.governance(cid) for cid in pay)
                if best is None or worth > best[0]:
                    best = (worth, bid, pay)
            if best is None or best[0] <= 0:
                return gain + self.standing(points, {}), steps
            _, bid, pay = best
            gain += self.upgrade(bid, levels[bid])
            vp = self.c.bases[bid].vp
            points += vp[levels[bid] + 1] - vp[levels[bid]]
            levels[bid] += 1
            for cid in pay:
                left.remove(cid)
            steps.append((bid, pay))

    def penalty(self, fight_to_come: bool) -> Callable[[str], float]:
        """What spending a card costs besides its value: domestic cards could be kept (2.3),
        ships and characters could fight."""
        up = self.face_up()

        def cost(cid: str) -> float:
            card = self.c.cards[cid]
            if card.domestic:
                return 0.9 if cid in up else 1.0
            return 3.0 if fight_to_come else 0.5

        return cost

    def govern_to_come(self) -> bool:
        return "govern" not in self.taken and len(self.taken) < 2

    def reserved(self) -> list[str]:
        """The ships and characters my governance will need later this turn (none if fighting
        with them and taking another action is worth more)."""
        if not self.govern_to_come():
            return []
        gain, steps = self.gov_plan(self.gov_sources(), fight_to_come=True)
        keep = [cid for _, pay in steps for cid in pay if not self.c.cards[cid].domestic]
        if not keep:
            return []
        split = gain + self.fight_worth(keep)
        others = [self.worth(name) for name in ("develop", "buy") if name not in self.taken]
        return keep if split >= self.fight_worth([]) + max(others, default=0.0) else []

    def fight_worth(self, reserve: list[str]) -> float:
        cards = list((Counter(self.fighting(self.cards)) - Counter(reserve)).elements())
        best = self.best_attack(sorted(cards))
        return best[0] if best else 0.0

    def worth(self, name: str) -> float:
        """What taking action `name` now brings, in VP."""
        if name not in self._worths:
            if name == "govern":
                worth = self.gov_plan(self.gov_sources(), fight_to_come=False)[0]
            elif name == "fight":
                worth = self.fight_worth([])
            elif name == "develop":
                worth = self.develop_worth()
            else:
                worth = self.buy_worth(self.factions[self.me]["income"])
            self._worths[name] = worth
        return self._worths[name]

    def plan_turn(self, offered: list[str]) -> str | None:
        """The next action of the best one or two still to take (2.2); None to end the turn."""
        choices: list[tuple[float, tuple[str, ...]]] = [(MIN_GAIN, ())]
        choices += [(self.worth(name), (name,)) for name in offered]
        if len(self.taken) == 0:
            for pair in combinations(offered, 2):
                if set(pair) == {"fight", "govern"}:
                    gain, steps = self.gov_plan(self.gov_sources(), fight_to_come=True)
                    used = [cid for _, pay in steps for cid in pay]
                    value = gain + self.fight_worth(used)
                else:
                    value = self.worth(pair[0]) + self.worth(pair[1])
                choices.append((value, pair))
        _, best = max(choices, key=lambda x: (x[0], -len(x[1])))
        return min(best, key=ORDER.index) if best else None

    def dev_steps(self, cards: list[str]) -> int:
        """How many TL steps (4.3) these cards pay for, paid with the least waste."""
        tl = self.tl[self.me]
        left = [cid for cid in cards if self.development(cid)]
        steps = 0
        while tl + steps < self.c.max_tl:
            pay = payment(left, tl + steps + 1, self.development, lambda cid: 0.0)
            if pay is None:
                break
            steps += 1
            for cid in pay:
                left.remove(cid)
        return steps

    def develop_worth(self) -> float:
        tl = self.tl[self.me]
        steps = self.dev_steps(self.face_up() + self.hand)
        return sum(DEVELOP[min(tl + i, len(DEVELOP) - 1)] for i in range(steps))

    # -- buying -----------------------------------------------------------------------------------

    def quality(self, cid: str) -> float:
        """A card's worth in a hand of mine, in VP."""
        card = self.c.cards[cid]
        a, d, s, g, cmd = card.by_tl[self.tl[self.me]]
        if card.kind == "gov":
            return 1.6 * g
        if card.kind == "dev":
            return 0.8 * card.development if self.tl[self.me] < self.c.max_tl - 2 else 0.0
        worth = (a + d) / 5 + 0.4 * s + 0.3 * card.sortie + 1.2 * g
        if card.kind == "char":
            worth = 0.7 * ((a + d) / 5 + 0.25 * cmd) + 1.2 * g
        return worth

    def deck_average(self) -> float:
        """The mean worth of my cards: my fighting cards are all known; my domestic cards in
        the deck are taken as worth the mean of those I see."""
        f = self.factions[self.me]
        _, hidden = self.unseen(self.me)
        seen = [
            self.quality(cid)
            for cid in self.hand + f["discard"] + f["face_up"] + f["bought"]
            if self.c.cards[cid].domestic
        ]
        domestic = sum(seen) / len(seen) if seen else 1.0
        worths = [self.quality(cid) for cid in self.owned_fighting(self.me).elements()]
        worths += seen + [domestic] * hidden
        return sum(worths) / max(1, len(worths))

    def end_buys(self, money: int) -> list[str] | None:
        """The cheapest domestic cards whose purchase ends the game (7.2), if `money` pays."""
        c = self.c
        piles = [cid for cid in c.domestic if self.stock.get(cid, 0) > 0]
        short = c.end_piles - (len(c.domestic) - len(piles))
        if short <= 0 or short > len(piles):
            return None
        mine = [cid for cid in piles if c.cards[cid].tl <= self.tl[self.me]]
        costs = sorted((self.stock[cid] * c.cards[cid].cost, cid) for cid in mine)[:short]
        if len(costs) < short or sum(cost for cost, _ in costs) > money:
            return None
        return [cid for _, cid in costs for _ in range(self.stock[cid])]

    def sole_leader(self) -> bool:
        return all(self.vp[self.me] > self.vp[p] for p in self.others)

    def buy_worth(self, money: int) -> float:
        if self.sole_leader() and self.end_buys(money) is not None:
            return 10.0  # 7.2: the game ends with me in first place
        plan = self.buy_plan(money)
        floor = self.deck_average()
        return BUY_WEIGHT * sum(self.quality(cid) - floor for cid in plan)

    def buy_plan(self, money: int) -> list[str]:
        """The cards to buy with `money` (5.2-5.4): the most deck worth above its average,
        never the card that ends the game (7.2) unless it ends with me alone in first place."""
        ending = self.end_buys(money)
        if ending is not None and self.sole_leader():
            return ending
        c = self.c
        empty = sum(1 for cid in c.domestic if self.stock.get(cid, 0) == 0)
        tl = self.tl[self.me]
        floor = self.deck_average()
        items: list[tuple[float, int, str]] = []
        for card in c.buyable(self.me):
            if card.tl > tl or card.cost > money or card.cost <= 0:
                continue
            gain = self.quality(card.id) - floor
            left = self.stock.get(card.id, 0)
            if card.domestic and empty >= c.end_piles - 1:
                left -= 1  # the last copy would end the game (7.2) with me not ahead
            if gain > 0 and left > 0:
                items += [(gain, card.cost, card.id)] * min(left, money // card.cost)
        chosen = knapsack(items, money)
        return sorted(chosen, key=lambda cid: (-c.cards[cid].cost, cid))


def meets(c: Components, player: str, points: dict[str, int]) -> bool:
    """Rule 7.1: 20 VP, or alone in first place 5 VP ahead of the second."""
    ahead = points[player] - max(v for p, v in points.items() if p != player)
    return points[player] >= c.vp_win or ahead >= c.vp_lead


def payment(
    cards: list[str], need: int, worth: Callable[[str], int], penalty: Callable[[str], float]
) -> list[str] | None:
    """The cards reaching `need` (3.3, 4.3) with the least overpay (3.5, 4.4), then the least
    penalty; None if they cannot."""
    best: dict[int, tuple[float, list[str]]] = {0: (0.0, [])}
    for cid in sorted(cards):
        value = worth(cid)
        if value <= 0:
            continue
        for total, (pen, chosen) in list(best.items()):
            if total >= need:
                continue
            new = (pen + penalty(cid), [*chosen, cid])
            old = best.get(total + value)
            if old is None or new[0] < old[0]:
                best[total + value] = new
    reached = [(total, pen, chosen) for total, (pen, chosen) in best.items() if total >= need]
    if not reached:
        return None
    return min(reached, key=lambda r: (r[0], r[1], len(r[2])))[2]


def knapsack(items: list[tuple[float, int, str]], money: int) -> list[str]:
    """The ids of the items (gain, cost, id) of the most gain within `money`."""
    best: list[tuple[float, list[str]]] = [(0.0, [])] * (money + 1)
    for gain, cost, cid in items:
        for m in range(money, cost - 1, -1):
            value, chosen = best[m - cost]
            if value + gain > best[m][0] + 1e-9:
                best[m] = (value + gain, [*chosen, cid])
    return best[money][1]


def fight_odds(
    c: Components,
    bid: str,
    level: int,
    cards: dict[str, list[str]],
    tl: dict[str, int],
    piles: dict[str, Pile],
) -> dict[Outcome, float]:
    """The odds of a fight's outcomes: the preview's exact odds when the sorties can bring few
    different draws, else an estimate from sampled draws (the same for the same fight); cached,
    as both cost."""
    key = (
        id(c),  # one set of printed values (each is built once and kept: its id stays its own)
        bid,
        level,
        *(tuple(sorted(cards[side])) for side in combat.SIDES),
        tl["attacker"],
        tl["defender"],
        *(pile_key(piles[side]) for side in combat.SIDES),
    )
    found = _ODDS.get(key)
    if found is not None:
        return found
    if len(_ODDS) >= _CACHE_LIMIT:
        _ODDS.clear()
    count = {side: sortie(c, cards[side]) for side in combat.SIDES}
    if math.prod(draws_bound(c, piles[side], count[side]) for side in combat.SIDES) <= EXACT_LIMIT:
        odds = preview(c, bid, level, cards, tl, piles)
        found = {o: float(p) for o, p in odds.items()}
    else:
        rng = random.Random(0)
        found = {}
        for _ in range(SAMPLES):
            both = {
                side: cards[side] + sortie_sample(c, piles[side], count[side], rng)
                for side in combat.SIDES
            }
            o = resolved(c, bid, level, both, tl)
            found[o] = found.get(o, 0.0) + 1 / SAMPLES
    _ODDS[key] = found
    return found


def resolved(
    c: Components, bid: str, level: int, cards: dict[str, list[str]], tl: dict[str, int]
) -> Outcome:
    """`combat.resolve` of a fight, remembered: samples and glances repeat the same fights."""
    key = (id(c), bid, level, *(tuple(sorted(cards[s])) for s in combat.SIDES), *tl.values())
    found = _FIGHTS.get(key)
    if found is None:
        if len(_FIGHTS) >= _CACHE_LIMIT:
            _FIGHTS.clear()
        found = combat.resolve(
            c, bid, level, cards, tl, strikers_attack_again=False, reading=READING
        )
        _FIGHTS[key] = found
    return found


def draws_bound(c: Components, pile: Pile, count: int) -> int:
    """At most how many different sets of fighting cards `count` sortie draws bring: from the
    deck, then from the reshuffled discard pile (2.4)."""
    first = min(count, pile.deck_size)
    second = min(count - first, pile.discard.total())
    bound = 1
    for cards, drawn in ((pile.deck, first), (pile.discard, second)):
        kinds = len({cid for cid in cards if c.cards[cid].fighting}) + 1
        bound *= math.comb(kinds + drawn - 1, drawn)
    return bound


def sortie_sample(c: Components, pile: Pile, count: int, rng: random.Random) -> list[str]:
    """The fighting cards of one random sortie draw (6.6): from the deck, then the reshuffled
    discard pile (2.4), as the preview draws them."""
    first = min(count, pile.deck_size)
    drawn = rng.sample(sorted(pile.deck.elements()), min(first, pile.deck.total()))
    rest = min(count - first, pile.discard.total())
    drawn += rng.sample(sorted(pile.discard.elements()), rest)
    return [cid for cid in drawn if c.cards[cid].fighting]


def sortie(c: Components, cards: list[str]) -> int:
    """How many cards the ships among `cards` draw (6.6)."""
    return sum(c.cards[cid].sortie for cid in cards if c.cards[cid].kind == "ship")


def pile_key(pile: Pile) -> tuple[Any, ...]:
    return (tuple(sorted(pile.deck.items())), pile.deck_size, tuple(sorted(pile.discard.items())))


# -- the decisions ---------------------------------------------------------------------------------


def on_turn(t: Table, legal: list[Action]) -> Action:
    name = t.plan_turn([a["take"] for a in legal if "take" in a])
    return {"take": name} if name else {"end": True}


def lay_to_keep(t: Table, legal: list[Action]) -> Action:
    """Lay a domestic card of the hand face up so that it is kept for a later turn (2.3),
    while fewer than the two kept are face up; else end the action."""
    up = [cid for cid in t.face_up() if t.c.cards[cid].domestic]
    lays = [a["lay"] for a in legal if "lay" in a and t.c.cards[a["lay"]].domestic]
    if lays and len(up) < t.c.keep:
        return {"lay": max(lays, key=lambda cid: (t.quality(cid), cid))}
    return {"done": True}


def on_govern(t: Table, legal: list[Action]) -> Action:
    fight_to_come = "fight" not in t.taken and len(t.taken) < 2
    _, steps = t.gov_plan(t.gov_sources(), fight_to_come)
    if steps and {"govern": steps[0][0]} in legal:
        return {"govern": steps[0][0]}
    return lay_to_keep(t, legal)


def on_develop(t: Table, legal: list[Action]) -> Action:
    if {"develop": True} in legal:
        return {"develop": True}
    return lay_to_keep(t, legal)


def on_pay(t: Table, legal: list[Action]) -> Action:
    attempt = t.board["attempt"]
    worth = t.governance if attempt["kind"] == "govern" else t.development
    usable = [a["pay"] for a in legal if "pay" in a]
    cards = [cid for cid in t.face_up() + t.hand if cid in usable]
    fight_to_come = "fight" not in t.taken and len(t.taken) < 2
    pay = payment(cards, attempt["need"] - attempt["total"], worth, t.penalty(fight_to_come))
    if pay is None:
        return {"cancel": True}
    return {"pay": max(pay, key=lambda cid: (worth(cid), cid))}


def on_buy(t: Table, legal: list[Action]) -> Action:
    plan = t.buy_plan(t.board["income_left"])
    if plan and {"buy": plan[0]} in legal:
        return {"buy": plan[0]}
    return {"done": True}


def on_fight(t: Table, legal: list[Action]) -> Action:
    cards = Counter(t.fighting(t.hand)) - Counter(t.reserved())
    best = t.best_attack(sorted(cards.elements()))
    if best and best[0] > MIN_GAIN and {"attack": best[1]} in legal:
        return {"attack": best[1]}
    return {"done": True}


def on_select(t: Table, legal: list[Action]) -> Action:
    fight = t.board["fight"]
    side = t.board["step"]["side"]
    picked: list[str] = fight["picked"][side]
    if side == "attacker":
        want = Counter(t.fighting(t.hand)) - Counter(t.reserved())
    else:
        want = Counter(defence(t, t.fighting(picked + t.hand))) - Counter(picked)
    for cid in sorted(want, key=lambda x: (-t.strength(x, t.me), x)):
        if {"commit": cid} in legal:
            return {"commit": cid}
    if {"ready": True} in legal:
        return {"ready": True}
    # an attacker must put in one card (ruling Z10): the weakest
    return min(legal, key=lambda a: (t.strength(a["commit"], t.me), a["commit"]))


def defence(t: Table, mine: list[str]) -> list[str]:
    """The cards to defend with (6.4): the choice that loses the fewest VP and cards of my next
    hand against a likely attack of as many cards as the attacker put face down."""
    fight = t.board["fight"]
    bid = fight["base"]
    attacker = fight["attacker"]
    attack = t.likely(attacker, fight["picked"]["attacker"], only_fighting=True)
    tile = t.c.bases[bid]
    level = t.bases[bid]["level"]
    options = [[], mine, [cid for cid in mine if t.governance(cid) == 0]]
    best: tuple[float, int, list[str]] | None = None
    for option in options:
        each = sum(0.5 * t.quality(cid) for cid in option) / max(1, len(option))
        loss = sum(
            p * (tile.vp[level] - tile.vp[level - o.levels] + each * o.defender_lost)
            for o, p in t.odds(bid, attacker, attack, option).items()
        )
        if best is None or (loss, len(option)) < best[:2]:
            best = (loss, len(option), option)
    return best[2] if best else []


def on_board(t: Table, legal: list[Action]) -> Action:
    units = t.board["fight"]["units"]
    pairs = [(a["board"], a["craft"]) for a in legal]
    char, craft = combat.board_choice(t.c, units, pairs, t.tl[t.me])
    return {"board": char, "craft": craft}


def on_strike(t: Table, legal: list[Action]) -> Action:
    options = [a["strike"] for a in legal if "strike" in a]
    if not options:
        return {"done": True}
    return {"strike": combat.strike_choice(t.c, t.board["fight"]["units"], options, t.tl[t.me])}


def on_alloc(t: Table, legal: list[Action]) -> Action:
    fight = t.board["fight"]
    units = fight["units"]
    options = [a["hit"] for a in legal]
    side = units[options[0]]["side"]
    if side == "attacker" and t.board["step"]["mode"] == "normal":
        return {"hit": hold_base(t, options)}
    return {"hit": combat.hit_choice(t.c, units, options, t.tl[fight[side]])}


def hold_base(t: Table, options: list[int]) -> int:
    """Defending in the normal attack (6.11, 6.16): the attacker cards to destroy with what is
    left of my attack for the most suppression destroyed (the fewest levels lost), then the
    most attack: a knapsack over their defences."""
    fight = t.board["fight"]
    units = fight["units"]
    tl = t.tl[fight["attacker"]]
    mine: list[int] = fight["alloc"]["defender"]
    left = fight["total"]["defender"] - sum(combat.values(t.c, units[i], tl)[1] for i in mine)
    best: list[tuple[int, list[int]]] = [(0, [])] * (left + 1)
    for i in combat.alive(units, "attacker"):
        if i in mine:
            continue
        attack, defence, suppression = combat.values(t.c, units[i], tl)
        for room in range(left, defence - 1, -1):
            value, hit = best[room - defence]
            if value + 100 * suppression + attack > best[room][0]:
                best[room] = (value + 100 * suppression + attack, [*hit, i])
    keys = {combat.key(units[i]) for i in best[left][1]}
    return next((o for o in options if combat.key(units[o]) in keys), options[0])


def on_keep(t: Table, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: (t.quality(a["keep"]), a["keep"]))


HANDLERS: dict[str, Callable[[Table, list[Action]], Action]] = {
    "turn": on_turn,
    "govern": on_govern,
    "develop": on_develop,
    "pay": on_pay,
    "buy": on_buy,
    "fight": on_fight,
    "select": on_select,
    "board": on_board,
    "strike": on_strike,
    "alloc": on_alloc,
    "keep": on_keep,
}


class Scripted(Agent):
    """A good player of the card game, from its seat's view only (see the module's text).
    It breaks ties by card and base ids, so it needs no chance: the seed changes nothing."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        legal: list[Action] = legal_in(view)
        if len(legal) == 1:
            return legal[0]
        table = Table(view)
        return HANDLERS[table.board["step"]["kind"]](table, legal)


# -- the evaluation of a position ----------------------------------------------------------------


def evaluate(game: Game) -> dict[str, float]:
    """Each faction's chance to win, guessed from a (determinized) game's state: a softmax of
    VP with a little for TL and income, sharper as the game nears its end (7.1, 7.2); a faction
    whose declaration holds is all but through (7.1)."""
    players = game.players
    result = game.result
    if result is not None:
        winners = result["winners"] or result.get("tied") or list(players)
        return {p: 1 / len(winners) if p in winners else 0.0 for p in players}
    state = game.state
    c = components(state["data"])
    points = scores(state)
    empty = sum(1 for cid in c.domestic if state["stock"].get(cid, 0) == 0)
    near = max(max(points.values()) / c.vp_win, empty / c.end_piles)
    heat = 3.0 - 2.0 * min(1.0, near)
    worth = {
        p: points[p]
        + 0.4 * (state["tl"][p] - 1)
        + 0.1
        * sum(c.bases[b].income[x["level"]] for b, x in state["bases"].items() if x["owner"] == p)
        + (4.0 if p in state["declared"] and meets(c, p, points) else 0.0)
        for p in players
    }
    top = max(worth.values())
    weights = {p: math.exp((worth[p] - top) / heat) for p in players}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}
