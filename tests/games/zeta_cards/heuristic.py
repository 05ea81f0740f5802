"""A simple heuristic player, for the balance check of the reconstructed values (ruling Z6).

It develops when it can (else lays its development cards face up to keep them), governs
for the most VP per point, fights with three or more fighting cards against the leader's
weakest base, buys the dearest card it can, and takes the fight decisions of the preview's
policy.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from wartable.engine import Action, Game, State
from wartable.games.zeta_cards import RULES
from wartable.games.zeta_cards.attempts import value
from wartable.games.zeta_cards.preview import policy_action
from wartable.games.zeta_cards.state import comp, vp


def fighters(state: State, player: str) -> int:
    cards = comp(state).cards
    return sum(cards[cid].fighting for cid in state["hand"][player])


def choose(state: State, player: str, legal: list[Action], rng: random.Random) -> Action:
    c = comp(state)
    kind = state["step"]["kind"]
    if kind in ("board", "strike", "alloc"):
        return policy_action(state, player, legal)
    if kind == "turn":
        takes = [a["take"] for a in legal if "take" in a]
        pile = state["hand"][player] + state["face_up"][player]
        if "develop" in takes and any(c.cards[cid].kind == "dev" for cid in pile):
            return {"take": "develop"}
        if "govern" in takes:
            return {"take": "govern"}
        if "fight" in takes and fighters(state, player) >= 3:
            return {"take": "fight"}
        if "buy" in takes:
            return {"take": "buy"}
        return {"end": True}
    if kind == "govern":
        targets = [a for a in legal if "govern" in a]
        if not targets:
            return {"done": True}

        def gain(a: Action) -> tuple[float, float]:
            base, tile = state["bases"][a["govern"]], c.bases[a["govern"]]
            delta = tile.vp[base["level"] + 1] - tile.vp[base["level"]]
            return delta / (base["level"] + 1), rng.random()

        return max(targets, key=gain)
    if kind == "develop":  # develop, or lay the cards face up to keep two of them (2.3)
        if {"develop": True} in legal:
            return {"develop": True}
        return next((a for a in legal if "lay" in a), {"done": True})
    if kind == "pay":
        pays = [a for a in legal if "pay" in a]
        attempt = state["attempt"]
        need = attempt["need"] - attempt["total"]
        worth = [(value(state, attempt["kind"], player, a["pay"]), a) for a in pays]
        fit = [w for w in worth if w[0] <= need]
        if fit:
            return max(fit, key=lambda w: w[0])[1]
        return min(worth, key=lambda w: w[0])[1]
    if kind == "buy":
        buys = [a for a in legal if "buy" in a]
        if not buys:
            return {"done": True}
        return max(buys, key=lambda a: (c.cards[a["buy"]].cost, rng.random()))
    if kind == "fight":
        attacks = [a for a in legal if "attack" in a]
        if not attacks or fighters(state, player) < 3:
            return {"done": True}

        def weakness(a: Action) -> tuple[Any, ...]:
            base, tile = state["bases"][a["attack"]], c.bases[a["attack"]]
            level = base["level"]
            return vp(state, base["owner"]), -tile.suppression[level], -tile.attack[level]

        return max(attacks, key=lambda a: (*weakness(a), rng.random()))
    if kind == "select":
        return next((a for a in legal if "commit" in a), {"ready": True})
    return legal[0]


def play_out(seed: int) -> dict[str, Any]:
    game = Game(RULES, seed)
    rng = random.Random(seed)
    while not game.over:
        player = game.to_act[0]
        game.apply(player, choose(game.state, player, game.legal_actions(player), rng))
    assert game.result is not None
    return game.result


def win_rates(games: int) -> Counter[str]:
    wins: Counter[str] = Counter()
    for seed in range(games):
        for winner in play_out(seed)["winners"]:
            wins[winner] += 1
    return wins
