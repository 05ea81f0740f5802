"""IMPERIUM 3rd Millennium (rules/ja/imperium.txt): the Terrans against the Vilani Imperium.

Importing the package registers every kind of decision written so far; `RULES` is the game for
the engine, registered as `imperium` (pyproject.toml): the battles of scenarios 1-5, space
combat (12) and planetary combat (13), with exact odds of an attack (`odds`).
docs/rules-coverage/imperium.md says what is done and what is left.
"""

# imported for what they register: their steps, the weapons of `fire`, a scenario's end
from wartable.games.imperium import battle, beams, torpedoes, victory  # noqa: F401
from wartable.games.imperium.rules import Imperium

RULES = Imperium()
