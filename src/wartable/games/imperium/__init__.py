"""IMPERIUM 3rd Millennium (rules/ja/imperium.txt): the Terrans against the Vilani Imperium.

Importing the package registers every kind of decision written so far; `RULES` is the game for
the engine. Not registered yet: the component data, the space board, the set-up of scenarios
1-5 and of a galactic battle, and the space battle (set-up, initiative, movement, fire, damage,
fighters, retreat) are written; docs/rules-coverage/imperium.md says what is done and what is
left.
"""

# imported for what they register: their steps, the weapons of `fire`, a scenario's end
from wartable.games.imperium import battle, beams, torpedoes, victory  # noqa: F401
from wartable.games.imperium.rules import Imperium

RULES = Imperium()
