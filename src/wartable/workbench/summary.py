"""What a results table says: win rates with 95% Wilson intervals, game length, first-player
advantage, for each configuration (agents, options, printed values, sweep point) in it.

A *side* is the set of seats that won a game together (one seat in a two-player game, a team
in Silhouette's team play); "draw" is a game no one won (or one cut off at the game's limit).
A seat's win rate is how often it was among the winners. The first player is the seat that made
the game's first decision; its advantage is its win rate beside that of each other seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import mean

from wartable.agents.ladder import wilson
from wartable.workbench.results import Row

DRAW = "draw"


@dataclass(frozen=True)
class Rate:
    """`hits` in `trials`, with its 95% Wilson interval."""

    hits: int
    trials: int

    @property
    def value(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.trials)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.value:.0%} [{low:.0%}, {high:.0%}] ({self.hits}/{self.trials})"


@dataclass
class Group:
    """The rows of one configuration; `label` names what sets it apart from the others."""

    game: str
    label: str
    rows: list[Row]


# what sets a configuration apart, as it is said in its label
_PARTS: dict[str, Callable[[Row], str]] = {
    "point": lambda r: " ".join(f"{path}={value}" for path, value in r.point.items()),
    "agents": lambda r: " ".join(f"{seat}={spec}" for seat, spec in r.agents.items()),
    "options": lambda r: " ".join(f"{k}={v}" for k, v in sorted(r.options.items())),
    "data": lambda r: f"data {r.data_digest[:8]}",
}
_POINT, _AGENTS, _DATA = (list(_PARTS).index(name) for name in ("point", "agents", "data"))


def groups(rows: Sequence[Row]) -> list[Group]:
    """The rows by game and configuration, in the order they first appear. A label names what
    varies within its game (the sweep point, agents, options, printed values), else the agents;
    a sweep point is always named."""
    found: dict[tuple[str, tuple[str, ...]], list[Row]] = {}
    for r in rows:
        found.setdefault((r.game, tuple(say(r) for say in _PARTS.values())), []).append(r)
    out = []
    for (game, said), members in found.items():
        others = [other for g, other in found if g == game]
        varying = {i for i, part in enumerate(said) if any(o[i] != part for o in others)}
        if said[_POINT]:  # a sweep point names itself, and the printed values it changes
            varying = (varying | {_POINT}) - {_DATA}
        label = " · ".join(said[i] for i in sorted(varying) if said[i]) or said[_AGENTS]
        out.append(Group(game, label, members))
    return out


def sides(rows: Sequence[Row]) -> dict[str, Rate]:
    """Each side's (each set of winners') share of the games, draws last."""
    counts = Counter(" ".join(r.winners) or DRAW for r in rows)
    order = sorted(counts, key=lambda side: (side == DRAW, -counts[side], side))
    return {side: Rate(counts[side], len(rows)) for side in order}


def seats(rows: Sequence[Row]) -> dict[str, Rate]:
    """How often each seat was among the winners."""
    every = list(dict.fromkeys(seat for r in rows for seat in r.seats))
    return {seat: Rate(sum(seat in r.winners for r in rows), len(rows)) for seat in every}


def first_player(rows: Sequence[Row]) -> tuple[Rate, Rate]:
    """The first player's win rate, and each other seat's (over every other seat of every game;
    the seats of one game are not independent, so its interval is only a guide)."""
    played = [r for r in rows if r.first is not None]
    first = Rate(sum(r.first in r.winners for r in played), len(played))
    others = Rate(
        sum(len(set(r.winners) - {r.first}) for r in played),
        sum(len(r.seats) - 1 for r in played),
    )
    return first, others


def by_first(rows: Sequence[Row]) -> dict[str, tuple[Rate, Rate]]:
    """Each seat's win rate in the games it decided first, and in the others."""
    out = {}
    for seat in seats(rows):
        led = [r for r in rows if r.first == seat]
        followed = [r for r in rows if r.first != seat]
        out[seat] = (
            Rate(sum(seat in r.winners for r in led), len(led)),
            Rate(sum(seat in r.winners for r in followed), len(followed)),
        )
    return out


def length(rows: Sequence[Row]) -> str:
    """Turns (when the game's turns are read), decisions and seconds: mean, and range."""
    said = []
    turns = [r.turns for r in rows if r.turns is not None]
    if turns:
        said.append(f"{mean(turns):.1f} turns ({min(turns)} to {max(turns)})")
    decisions = [r.decisions for r in rows]
    said.append(f"{mean(decisions):.0f} decisions ({min(decisions)} to {max(decisions)})")
    said.append(f"{mean(r.seconds for r in rows):.2f} s a game")
    return ", ".join(said)


def text(rows: Sequence[Row]) -> str:
    """The results as text: per configuration, sides, seats, length and first player."""
    lines = []
    for group in groups(rows):
        members = group.rows
        lines.append(f"{group.game}: {group.label}: {len(members)} games")
        lines.append("  won by (a side: the seats that won together):")
        lines += [f"    {side:<12} {rate}" for side, rate in sides(members).items()]
        lines.append("  each seat among the winners:")
        lines += [f"    {seat:<12} {rate}" for seat, rate in seats(members).items()]
        lines.append(f"  game length: {length(members)}")
        first, others = first_player(members)
        leaders = " ".join(sorted({r.first for r in members if r.first is not None}))
        lines.append(f"  first player ({leaders}): won {first}; each other seat won {others}")
        unfinished = sum(not r.over for r in members)
        if unfinished:
            lines.append(f"  {unfinished} games cut off at the game's limit of actions")
    return "\n".join(lines)


def sweep_text(rows: Sequence[Row]) -> str:
    """One line per sweep point: each seat's win rate and the draws, with intervals."""
    lines = []
    for group in groups(rows):
        members = group.rows
        rates = [f"{seat} {rate}" for seat, rate in seats(members).items()]
        rates.append(f"{DRAW} {sides(members).get(DRAW, Rate(0, len(members)))}")
        lines.append(f"{group.label}: {len(members)} games: " + "; ".join(rates))
    return "\n".join(lines)
