"""The Zeta Gundam / Gundam ZZ strategic game (rules/ja/zeta-strategic.txt).

Importing the package registers every phase written so far; `RULES` is the game for the engine.
"""

from wartable.games.zeta import (  # noqa: F401  (each module registers its phase and steps)
    armament,
    character,
    victory,
)
from wartable.games.zeta.rules import Zeta

RULES = Zeta()
