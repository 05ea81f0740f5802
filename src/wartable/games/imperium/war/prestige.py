"""Prestige (rule 5.0, 15.0): the track's changes and the check that ends a war.

A change of the prestige table (or of another rule: an appeal, 6.2; an Offensive Order ship not
returned, B.2; bombarding a terraformed planet, 17.3) moves the marker at once, never off the
track's 0-10; the turn's net change is kept for the Offensive Order's "fails to increase
prestige" (B.2). The war ends only at the prestige phase's check (ruling I108): Earth wins at or
below the level 15.0's table gives for the war turn, the Imperium at or above its level; after
the war's last turn, a war neither side has won ends in a truce (ruling I111).
"""

from __future__ import annotations

from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.state import gal, withdraw

TRUCE = "truce"
VISIT = "emperors_visit"


def change(state: State, key: str) -> int:
    """Apply the prestige change `key` (galaxy.toml's [prestige_changes]); returns the change
    the track shows (ruling I111)."""
    return move(state, gal(state).prestige_changes[key])


def move(state: State, by: int) -> int:
    """Move the prestige marker by `by` — gains doubled and losses tripled in the turn of the
    Emperor's Visit (B.2) — never off the track (ruling I111); returns the change the track
    shows, which is added to the turn's net change."""
    g, war = gal(state), state["war"]
    if war["event"] == VISIT:
        visit = g.events[VISIT].figures
        by *= visit["gain_factor"] if by > 0 else visit["loss_factor"]
    before = war["prestige"]
    war["prestige"] = max(g.prestige["min"], min(g.prestige["max"], before + by))
    moved = int(war["prestige"] - before)
    war["net"] += moved
    return moved


def verdict(state: State) -> str | None:
    """Rule 15.0: the side that has won the war this turn, "truce", or None."""
    g, war = gal(state), state["war"]
    turn = war["war_turn"]
    if war["prestige"] <= g.victory[TERRAN][turn - 1]:
        return TERRAN
    if war["prestige"] >= g.victory[IMPERIAL][turn - 1]:
        return IMPERIAL
    return TRUCE if turn >= g.war_turns else None


def recall(state: State) -> None:
    """B.2 Offensive Order: in a turn in which prestige has not risen, every Offensive Order's
    ships go back — for each ship received, one of its type, undamaged before damaged, lowest
    id first (ruling I113) — and each that cannot be found costs 1 prestige."""
    war = state["war"]
    if war["net"] > 0 or not war["offensives"]:
        return
    units = state["units"]
    for type_id in [t for offensive in war["offensives"] for t in offensive]:
        mine = sorted(
            (u["damaged"], uid)
            for uid, u in units.items()
            if u["type"] == type_id and not str(u["at"]).startswith("pool:")
        )
        if mine:
            withdraw(state, mine[0][1])
        else:
            move(state, gal(state).prestige_changes["unreturned_ship"])
    war["offensives"] = []


@phase("prestige")
def begin(ctx: Context, state: State) -> None:
    """The close-out's prestige phase: the Offensive Orders' return (B.2), the check of 15.0,
    then the next turn (or the war's end); the turn's net change starts again from 0."""
    war = state["war"]
    recall(state)
    if war["peace"] is None:
        war["ended"] = verdict(state)
    war["net"] = 0
    done(ctx, state)
