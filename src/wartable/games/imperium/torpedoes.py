"""Rule 12.7: torpedoes — the torpedo step's ranges; the step itself is `fire`'s.

A torpedo hits on 5-6 in the firer's own area or an adjacent one, and on a 6 at 2 or 3 areas.
Each ship hit rolls its countermeasures (the circled number): every 6 cancels one hit on it.
"""

from __future__ import annotations

from wartable.engine import msg
from wartable.games.imperium.components import ShipType
from wartable.games.imperium.fire import WEAPONS, Weapon

REACH = 3  # rule 12.7: torpedoes reach 3 areas


def to_hit(kind: ShipType, distance: int) -> int | None:
    """The least die that hits at `distance` areas; None out of range."""
    if distance <= 1:
        return 5
    return 6 if distance <= REACH else None


WEAPONS["torpedoes"] = Weapon("12.7", msg("torpedoes", "雷撃"), lambda f: f.torpedo, to_hit, True)
