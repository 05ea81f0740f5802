"""The Zeta Gundam / Gundam ZZ strategic game (rules/ja/zeta-strategic.txt).

Importing the package registers every phase and kind of order written so far; `RULES` is the game
for the engine.
"""

from wartable.games.zeta import (  # noqa: F401  (each module registers its phase, steps or orders)
    aa,
    air,
    armament,
    atmosphere,
    battle,
    bombardment,
    bombing,
    cards,
    carrying,
    character,
    damage,
    decline,
    deployment,
    governance,
    movement,
    nuke,
    occurrence,
    recovery,
    victory,
)
from wartable.games.zeta.rules import Zeta

RULES = Zeta()
