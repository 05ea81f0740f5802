"""wartable: a digital table for Japanese tabletop war games.

>>> import wartable
>>> g = wartable.new_game(wartable.games()[0], seed=7)
"""

from wartable.engine import (
    Game,
    IllegalAction,
    OptionError,
    RecordError,
    UnknownGame,
    games,
    load_record,
    new_game,
    replay,
)

__all__ = [
    "Game",
    "IllegalAction",
    "OptionError",
    "RecordError",
    "UnknownGame",
    "games",
    "load_record",
    "new_game",
    "replay",
]
__version__ = "0.1.0"
