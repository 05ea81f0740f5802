"""Rule 12.6: beam fire — the beam step's ranges; the step itself is `fire`'s.

A beam hits on 4-6 in the firer's own area and on a 6 in an adjacent area; a capital ship's beams
also reach 2 areas, hitting on a 6. No countermeasure stops a beam.
"""

from __future__ import annotations

from wartable.engine import msg
from wartable.games.imperium.components import ShipType
from wartable.games.imperium.fire import WEAPONS, Weapon


def to_hit(kind: ShipType, distance: int) -> int | None:
    """The least die that hits at `distance` areas; None out of range."""
    if distance == 0:
        return 4
    if distance == 1 or (distance == 2 and kind.cls == "capital"):
        return 6
    return None


WEAPONS["beams"] = Weapon("12.6", msg("beams", "ビーム射撃"), lambda f: f.beam, to_hit, False)
