"""The ladder: agents play each other with seats rotated, and their strength becomes a number.

For each ordered pair of agent kinds (A, B), `games` games are played: in a two-player game A
takes each seat in turn; with more players A sits alone against B in every other seat, A's seat
rotating. A game counts as a win for A when A's seat is among the winners alone, a loss when
only others win, a draw otherwise. Win rates come with 95% Wilson score intervals, and every
decision's time is measured. This is a benchmark, not a test: `wartable ladder` prints it.

The kind ``oracle`` (measurement only, never offered to players) searches exact copies of the
game with re-seeded dice: it sees every secret but not the future rolls, so its margin over
``search`` shows how much the hidden information is worth, and its own limit what the dice cap.
"""

from __future__ import annotations

import csv
import json
import math
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartable.agents.base import Agent, Copies
from wartable.agents.levels import KINDS, make_agent, search_agent, tree_search_agent
from wartable.agents.play import decide
from wartable.engine.dice import Dice
from wartable.engine.game import Game
from wartable.engine.registry import get_rules, new_game

ORACLE = "oracle"
COLUMNS = (
    *("game", "options", "seed", "a", "b", "a_seat", "seats", "winners", "a_result", "actions"),
    *("a_decisions", "a_mean_s", "a_max_s", "b_decisions", "b_mean_s", "b_max_s"),
)
LADDER_KINDS = (*KINDS, ORACLE)


@dataclass(frozen=True)
class Pairing:
    """One game of the ladder: `kinds[seat]` plays `seat`; `hero` is the seat of kind A."""

    game_id: str
    seed: int
    a: str
    b: str
    hero: str
    kinds: dict[str, str]
    seconds: float
    options: dict[str, Any] = field(default_factory=dict)  # the game's options


@dataclass
class Outcome:
    pairing: Pairing
    winners: list[str]
    actions: int
    times: dict[str, list[float]] = field(default_factory=dict)  # kind -> decision seconds

    @property
    def verdict(self) -> str:
        """ "win", "loss" or "draw" for agent A."""
        if self.winners == [self.pairing.hero]:
            return "win"
        if self.winners and self.pairing.hero not in self.winners:
            return "loss"
        return "draw"


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of `successes` in `trials`."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def pairings(
    game_id: str,
    kinds: Sequence[str],
    games: int,
    seed: int,
    seconds: float,
    options: dict[str, Any] | None = None,
) -> Iterator[Pairing]:
    """Every game of the ladder, seats rotated: A against B for each ordered pair."""
    options = options or {}
    rules = get_rules(game_id)
    seats = rules.players(Game.checked_options(rules, options))
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            for n in range(games):
                hero = seats[n % len(seats)]
                chosen = {seat: (a if seat == hero else b) for seat in seats}
                yield Pairing(game_id, seed + n, a, b, hero, chosen, seconds, options)


def exact_copies(game: Game) -> Copies:
    """Copies of the game itself with re-seeded dice: the oracle's, for measurement only."""

    def copy(seed: int) -> Game:
        twin = game.clone()
        twin.dice.state = Dice.seeded_state(seed)
        return twin

    return copy


def agent(game_id: str, kind: str, seed: int, seconds: float) -> Agent:
    if kind in ("search", ORACLE):
        return search_agent(game_id, seed, seconds)
    if kind == "ismcts":
        return tree_search_agent(game_id, seed, seconds)
    return make_agent(game_id, kind, seed)


def play(pairing: Pairing) -> Outcome:
    """Play one game of the ladder to its end."""
    game = new_game(pairing.game_id, seed=pairing.seed, options=pairing.options)
    agents = {
        seat: agent(pairing.game_id, kind, pairing.seed * 31 + i, pairing.seconds)
        for i, (seat, kind) in enumerate(pairing.kinds.items())
    }
    times: dict[str, list[float]] = {kind: [] for kind in set(pairing.kinds.values())}
    limit = game.rules.max_actions(game.options)
    while game.to_act and len(game.actions) < limit:
        seat = game.to_act[0]
        kind = pairing.kinds[seat]
        started = time.perf_counter()
        if kind == ORACLE:
            action = agents[seat].choose(game.view(seat, texts=False), exact_copies(game))
        else:
            action = decide(agents[seat], game, seat)
        times[kind].append(time.perf_counter() - started)
        game.apply(seat, action)
    winners = list(game.result["winners"]) if game.result else []
    return Outcome(pairing, winners, len(game.actions), times)


def run(
    game_id: str,
    kinds: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    seconds: float = 1.0,
    options: dict[str, Any] | None = None,
) -> list[Outcome]:
    """Play the whole ladder, on `jobs` processes, every game with the game's `options`."""
    unknown = [k for k in kinds if k not in LADDER_KINDS]
    if unknown:
        raise ValueError(f"no agent {unknown[0]!r} (agents: {', '.join(LADDER_KINDS)})")
    if len(set(kinds)) < 2:
        raise ValueError("a ladder needs at least two different agents")
    every = list(pairings(game_id, kinds, games, seed, seconds, options))
    if jobs <= 1:
        return [play(p) for p in every]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play, every))


@dataclass
class Line:
    """A's results against B over the ladder."""

    a: str
    b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def summary(outcomes: Sequence[Outcome]) -> tuple[list[Line], dict[str, list[float]]]:
    """Per pair A-B, A's wins, draws and losses; per agent kind, every decision's time."""
    lines: dict[tuple[str, str], Line] = {}
    times: dict[str, list[float]] = {}
    for outcome in outcomes:
        p = outcome.pairing
        line = lines.setdefault((p.a, p.b), Line(p.a, p.b))
        verdict = outcome.verdict
        line.wins += verdict == "win"
        line.draws += verdict == "draw"
        line.losses += verdict == "loss"
        for kind, spent in outcome.times.items():
            times.setdefault(kind, []).extend(spent)
    return list(lines.values()), times


def report(outcomes: Sequence[Outcome]) -> str:
    """The ladder as text: win rates with 95% intervals, then decision times."""
    lines, times = summary(outcomes)
    rows = ["A vs B: games, A wins / draws / losses, A's win rate [95% Wilson interval]"]
    for line in lines:
        low, high = wilson(line.wins, line.games)
        rate = line.wins / line.games if line.games else 0.0
        rows.append(
            f"{line.a} vs {line.b}: {line.games} games, {line.wins} / {line.draws} / "
            f"{line.losses}, {rate:.0%} [{low:.0%}, {high:.0%}]"
        )
    rows.append("decision time per agent: mean, max (seconds), decisions")
    for kind, spent in sorted(times.items()):
        if spent:
            mean = sum(spent) / len(spent)
            rows.append(f"{kind}: {mean:.4f}, {max(spent):.3f}, {len(spent)}")
    return "\n".join(rows)


def write_csv(outcomes: Sequence[Outcome], path: Path) -> None:
    """One row a game: the pair, the seats, the winners, A's verdict and the timings."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        for o in outcomes:
            p = o.pairing
            timing: list[Any] = []
            for kind in (p.a, p.b):
                spent = o.times.get(kind, [])
                mean = sum(spent) / len(spent) if spent else 0.0
                timing += [len(spent), f"{mean:.5f}", f"{max(spent, default=0.0):.4f}"]
            seats = " ".join(f"{seat}={kind}" for seat, kind in p.kinds.items())
            writer.writerow(
                [
                    p.game_id,
                    json.dumps(p.options, sort_keys=True),
                    p.seed,
                    p.a,
                    p.b,
                    p.hero,
                    seats,
                    " ".join(o.winners),
                    o.verdict,
                    o.actions,
                    *timing,
                ]
            )
