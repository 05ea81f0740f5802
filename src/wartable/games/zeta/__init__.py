"""The Zeta Gundam / Gundam ZZ strategic game (rules/ja/zeta-strategic.txt).

Importing the package registers every phase and kind of order written so far; `RULES` is the game
for the engine.
"""

from wartable.games.zeta import (  # noqa: F401  (each module registers its phase, steps or orders)
    aa,
    air,
    armament,
    atmosphere,
    axis,
    battle,
    bombardment,
    bombing,
    cards,
    carrying,
    character,
    colony,
    damage,
    decline,
    demolition,
    deployment,
    dock,
    governance,
    laser,
    movement,
    nuke,
    occurrence,
    preparation,
    puru,
    recovery,
    speech,
    stations,
    victory,
    zeon,
)
from wartable.games.zeta.rules import Zeta

RULES = Zeta()
