"""The game-agnostic engine: the Game contract, dice, log, records, hex maps, decks, data."""

from wartable.engine.errors import (
    IllegalAction,
    OptionError,
    RecordError,
    UnknownGame,
    WartableError,
)
from wartable.engine.game import Game
from wartable.engine.log import Event, Msg, events_for, msg
from wartable.engine.record import load_record, save_record
from wartable.engine.registry import (
    games,
    get_rules,
    import_plugins,
    new_game,
    register,
    unregister,
)
from wartable.engine.replay import replay, replay_steps
from wartable.engine.rules import Action, Context, Rules, State

__all__ = [
    "Action",
    "Context",
    "Event",
    "Game",
    "IllegalAction",
    "Msg",
    "OptionError",
    "RecordError",
    "Rules",
    "State",
    "UnknownGame",
    "WartableError",
    "events_for",
    "games",
    "get_rules",
    "import_plugins",
    "load_record",
    "msg",
    "new_game",
    "register",
    "replay",
    "replay_steps",
    "save_record",
    "unregister",
]
