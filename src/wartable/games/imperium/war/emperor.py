"""What the Emperor sends (rule 6.3, 8.0, B.2, B.3): temporary Imperial forces, which arrive
with this turn's reinforcements at the Imperial homes (ruling I109) and are recorded for their
return (6.3, 16.0). A ship or unit whose counters are all in play or on the track does not come
(B.2, ruling I112)."""

from __future__ import annotations

from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL
from wartable.games.imperium.war.construction import in_use
from wartable.games.imperium.war.setup import draw
from wartable.games.imperium.war.state import arrival, battles

DROP = "drop"  # the Offensive Order table's drop troops (B.2)


def send(ctx: Context, state: State, forces: dict[str, int]) -> list[str]:
    """Put the Emperor's forces (Imperial ship codes, and "drop" for drop troops drawn at random,
    9.0) on this turn's box of the track as temporary forces, as far as their counters are free;
    returns the ship types sent."""
    c, used, war = battles(state), in_use(state), state["war"]
    ships, troops = [], []
    for code, count in forces.items():
        if code == DROP:
            free = len(c.counters(IMPERIAL, DROP)) - sum(
                used[t] for t in set(c.counters(IMPERIAL, DROP))
            )
            troops = draw(ctx, state, IMPERIAL, (DROP,), min(count, free)) if free else []
            continue
        ship = c.ship(IMPERIAL, code)
        for _ in range(count):
            if used[ship.id] < ship.count:
                used[ship.id] += 1
                ships.append(ship.id)
    box = war["track"].setdefault(str(war["turn"]), [])
    box += [arrival(state, IMPERIAL, t, temporary=True) for t in [*ships, *troops]]
    return ships
