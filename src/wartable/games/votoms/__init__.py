"""Armored Trooper VOTOMS, the Kummen campaign (rules/ja/votoms-kummen.txt).

Importing the package registers every phase; `RULES` is the game for the engine's registry.
"""

from wartable.games.votoms import (  # noqa: F401  (each module registers its phase and steps)
    combat,
    combat_phase,
    investigation,
    movement,
    reinforcement,
    response,
    stages,
    victory,
)
from wartable.games.votoms.rules import Votoms

RULES = Votoms()
