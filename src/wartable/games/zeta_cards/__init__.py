"""Mobile Suit Zeta Gundam / Gundam ZZ: the three-player card game (rules/ja/zeta-cards.txt).

Importing the package registers every action and decision; `RULES` is the game for the
engine's registry. One module per procedure of the rulebook: setup (1), turn (2), govern (3),
develop (4), buy (5), fight and combat (6), victory (7); preview gives a fight's exact odds.
"""

from wartable.games.zeta_cards import (  # noqa: F401  (each module registers its steps)
    attempts,
    buy,
    develop,
    fight,
    govern,
    turn,
)
from wartable.games.zeta_cards.rules import ZetaCards

RULES = ZetaCards()
