"""The sequence of play (rule 4.0) and the turn record track (9.0).

A turn is a year: the administrative segment (A interference and the appeal, B income,
C reinforcements, D construction), four action segments, and the close-out (maintenance,
scrapping, repair, then prestige). Peace turns of the campaign have no interference and no
appeal (6.1, 6.2, 16.0). `advance` moves the war to its next phase; what each phase does is
the business of its own module.

The turn record track holds the units due to arrive, by game turn (9.0: a unit built on turn t
with a build time of b arrives on turn t + b, never on the turn it is built). The game turn
runs on through the wars and peace of the campaign; the war turn of 15.0's table restarts at 1
with each war (ruling I103).
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war.state import arrival, gal

ADMINISTRATIVE = ("interference", "appeal", "income", "reinforcements", "construction")
ACTION = ("segment_1", "segment_2", "segment_3", "segment_4")
CLOSE_OUT = ("maintenance", "scrapping", "repair", "prestige")
PHASES = (*ADMINISTRATIVE, *ACTION, *CLOSE_OUT)
WAR_ONLY = ("interference", "appeal")  # 6.1, 6.2, 16.0: not in peace turns
SEGMENTS = len(ACTION)  # 4.0: four action segments


def phases(state: State) -> tuple[str, ...]:
    """The phases of the turn under way (4.0): all of them at war, fewer in peace (16.0)."""
    if state["war"]["peace"] is None:
        return PHASES
    return tuple(p for p in PHASES if p not in WAR_ONLY)


def advance(state: State) -> str:
    """Move to the next phase and return it. After the set-up comes the first turn's first
    phase; after the prestige phase, the next turn's, unless the war has ended (15.0): a
    scenario is then "over", and the campaign goes on to the peace of 16.0 ("peace"), whose
    procedure sets the peace turns to play (``peace``) before its first turn begins."""
    war = state["war"]
    now = war["phase"]
    if now == "setup":
        war["phase"] = phases(state)[0]
    elif now == "peace":  # 16.0 done: the first peace turn (`peace` turns of it to play)
        war.update(turn=war["turn"] + 1, war_turn=None, phase=phases(state)[0])
    elif now != phases(state)[-1]:
        war["phase"] = phases(state)[phases(state).index(now) + 1]
    elif war["ended"] is not None and war["peace"] is None:
        war["phase"] = "peace" if war["scenario"] == "campaign" else "over"
    else:
        _next_turn(state)
    return str(war["phase"])


def _next_turn(state: State) -> None:
    war = state["war"]
    war["turn"] += 1
    if war["peace"] is None:
        war["war_turn"] += 1
    else:
        war["peace"] -= 1
        if war["peace"] == 0:
            _next_war(state)
    war["appeals"]["made"] = False  # 6.2: one appeal a turn
    war.update(event=None, civil_war=False)  # B.2: this turn's event is over (ruling I113)
    for fleet in war["fleets"].values():
        fleet["moved"] = False
    war["phase"] = phases(state)[0]


def _next_war(state: State) -> None:
    """16.0: the peace is over and the next war begins, its prestige set by how the last one
    ended (15.0) and appeals open again (6.2, B.3)."""
    war, starts = state["war"], gal(state).prestige
    prestige = {
        "truce": starts["after_truce"],
        TERRAN: starts["after_imperial_loss"],
        IMPERIAL: starts["after_imperial_win"],
    }[war["ended"]]
    war.update(peace=None, war_turn=1, war=war["war"] + 1, ended=None, prestige=prestige)
    war["appeals"]["forbidden"] = False


def schedule(state: State, side: str, type_id: str, turn: int, *, built: bool = False) -> None:
    """Put a unit on the turn record track, to arrive on game turn `turn` (9.0); `built`: bought
    in the construction step, so under construction until then (B.2 Prohibition)."""
    assert turn > state["war"]["turn"], "no unit arrives on the turn it is built (9.0)"
    entry = arrival(state, side, type_id, **({"built": True} if built else {}))
    state["war"]["track"].setdefault(str(turn), []).append(entry)


def due(state: State, side: str) -> list[str]:
    """The unit types of a side on the track for this turn, in the order they were put there."""
    arrivals = state["war"]["track"].get(str(state["war"]["turn"]), [])
    return [a["type"] for a in arrivals if a["side"] == side]
