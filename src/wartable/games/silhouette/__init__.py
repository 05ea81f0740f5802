"""Mechanical Silhouette: paper robots on a grid of cells (rules/ja/silhouette.txt).

`RULES` is the game for the engine's registry; importing it registers every decision (flow.py).
One module per procedure of the rulebook, each depending only on those below it: victory (S1.1,
S1.2, S10), attack (S6 ①-③, S3), damage (S6 ④-⑤), stand (S10 ③, S11), enemy (the scenario's
pieces' choices), and on top flow (S2, S4, S5, S7, S8), which carries out what each procedure
says comes next; setup is S1, physics the standing model of digest P.5, and sheet the tables
worked out from a machine's cells, kept for each arrangement of them.
"""

from wartable.games.silhouette.rules import Silhouette

RULES = Silhouette()
