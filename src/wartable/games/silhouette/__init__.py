"""Mechanical Silhouette: paper robots on a grid of cells (rules/ja/silhouette.txt).

Importing the package registers every decision; `RULES` is the game for the engine's registry.
One module per procedure of the rulebook: setup (S1), flow (S2, S4, S5, S7, S8), attack
(S6 ①-③, S3), damage (S6 ④-⑤), stand (S10 ③, S11), victory (S1.1, S1.2, S10), enemy (the
scenario's pieces); physics is the standing model of digest P.5.
"""

from wartable.games.silhouette import attack, damage, flow, stand  # noqa: F401  (register steps)
from wartable.games.silhouette.rules import Silhouette

RULES = Silhouette()
