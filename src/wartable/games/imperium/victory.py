"""The end of a scenario of the book: who wins once its battle is over.

Each scenario names its condition (`victory` in the data); each condition is a function of the
battle's outcome (`battle.outcome`). Scenario 4 plays "until one side wins": its condition is
also checked during the battle (`EARLY`), which ends as soon as it names a winner (ruling I31);
so does scenario 1, which ends as soon as a side has no infantry or drop troops left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.imperium import planetary
from wartable.games.imperium.battle import outcome, points
from wartable.games.imperium.components import CARRIER, IMPERIAL, TERRAN, TRANSPORT
from wartable.games.imperium.flow import after_battle, decides
from wartable.games.imperium.state import comp

Outcome = dict[str, Any]


def ground_survivors(state: State, result: Outcome) -> list[str]:
    """Sc1: the side with infantry or drop troops left wins; both sides: a draw (ruling I39)."""
    alive = [side for side, troops in result["troops"].items() if troops]
    return alive if len(alive) == 1 else []


def last_on_board(state: State, result: Outcome) -> list[str]:
    """Sc2, Sc5: the player with units left on the board wins (none: nobody does)."""
    return [side for side, ships in result["on_board"].items() if ships]


def raid(state: State, result: Outcome) -> list[str]:
    """Sc3: Earth wins if it destroyed both transports and lost fewer than 2 ships; otherwise
    the Imperium (ruling I16)."""
    ships = comp(state).ships
    transports = sum(1 for t in result["destroyed"][IMPERIAL] if ships[t].code == TRANSPORT)
    return [TERRAN] if transports >= 2 and len(result["destroyed"][TERRAN]) < 2 else [IMPERIAL]


def carriers(state: State, result: Outcome) -> list[str]:
    """Sc4: Earth wins by destroying or driving off every Imperial unit, the Imperium by
    destroying or driving off both carriers (CV); both at once is a draw (ruling I24)."""
    ships, units = comp(state).ships, state["units"]
    afloat = [u for u in result["on_board"][TERRAN] if ships[units[u]["type"]].code == CARRIER]
    terran, imperial = not result["on_board"][IMPERIAL], not afloat
    return [] if terran and imperial else [TERRAN] if terran else [IMPERIAL] if imperial else []


CONDITIONS: dict[str, Callable[[State, Outcome], list[str]]] = {
    "ground_survivors": ground_survivors,
    "last_on_board": last_on_board,
    "raid": raid,
    "carriers": carriers,
}


EARLY = ("carriers", "ground_survivors")  # Sc4: "until one side wins"; Sc1: a side's troops gone


@decides("scenario")
def won(state: State) -> bool:
    """Whether a scenario that plays until one side wins has a winner now."""
    scenario = comp(state).scenarios[state["scenario"]]
    if scenario.victory not in EARLY:
        return False
    result = planetary.outcome(state) if scenario.kind == "planetary" else outcome(state)
    return bool(CONDITIONS[scenario.victory](state, result))


@after_battle("scenario")
def end(ctx: Context, state: State) -> None:
    """The scenario is over with its battle: its condition names the winner."""
    c = comp(state)
    scenario = c.scenarios[state["scenario"]]
    winners = CONDITIONS[scenario.victory](state, state["battle"]["outcome"])
    state["end"] = {"winners": winners, "scores": points(state)}
    names = [c.sides[w] for w in winners]
    ctx.say(
        msg(
            " and ".join(n["en"] for n in names) + " wins" if names else "nobody wins",
            "と".join(n["ja"] for n in names) + "の勝利" if names else "勝者なし",
        ),
        rule=f"Sc{scenario.number}",
    )
