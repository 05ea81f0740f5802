"""Who plays each seat: ``SEAT=AGENT[:LEVEL]`` and the agents it makes.

AGENT is ``random``, ``scripted`` or ``search``; LEVEL one of `wartable.agents.levels`'s:
``scripted:easy`` slips one decision in three, ``scripted`` (``:normal``) is the scripted player,
``search`` (``:hard``) the search player. Seats not named get the scripted player (the random
player in a game without one).

The search player here is bounded by the copies it tests, not by time as in play: a record must not
depend on how busy the machine was, or a row's seed would not reproduce its game.
"""

from __future__ import annotations

from wartable.agents.base import Agent
from wartable.agents.levels import make_agent, search_agent
from wartable.agents.scripted import has_scripted
from wartable.workbench import WorkbenchError

# spec -> the level or kind `make_agent` knows it by
SPECS = {
    "random": "random",
    "scripted": "normal",
    "scripted:normal": "normal",
    "scripted:easy": "easy",
    "search": "hard",
    "search:hard": "hard",
}
SEARCH_SAMPLES = 16  # the copies a search decision tests its options on (about 1 s)


def seating(game_id: str, players: tuple[str, ...], specs: list[str]) -> dict[str, str]:
    """Each seat's agent spec: the default, then every ``SEAT=AGENT[:LEVEL]`` over it."""
    scripted = has_scripted(game_id)
    seats = dict.fromkeys(players, "scripted" if scripted else "random")
    for text in specs:
        seat, sep, spec = text.partition("=")
        if not sep or seat not in seats:
            raise WorkbenchError(
                f"--agents {text!r}: write SEAT=AGENT[:LEVEL] with SEAT one of {game_id}'s "
                f"seats: {', '.join(players)}"
            )
        if spec not in SPECS:
            raise WorkbenchError(f"--agents {text!r}: AGENT[:LEVEL] is one of {', '.join(SPECS)}")
        if spec != "random" and not scripted:
            raise WorkbenchError(f"--agents {text!r}: {game_id} has no scripted player")
        seats[seat] = spec
    return seats


def make(game_id: str, spec: str, seed: int) -> Agent:
    """The agent of `spec` for `game_id`, seeded."""
    level = SPECS[spec]
    if level != "hard":
        return make_agent(game_id, level, seed)
    return search_agent(game_id, seed, seconds=None, samples=SEARCH_SAMPLES)
