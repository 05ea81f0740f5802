"""The exceptions of the Game contract: one precise type per kind of misuse."""


class WartableError(Exception):
    """Base of every error wartable raises on purpose."""


class IllegalAction(WartableError):
    """An action that the rules forbid now; the game is unchanged.

    The message names the action and the rule or reason that forbids it.
    """


class RecordError(WartableError):
    """A record that cannot be replayed: wrong game or rules version, tampered or truncated."""


class UnknownGame(WartableError):
    """No game is registered under that id."""


class OptionError(WartableError):
    """An option that the game does not know, or a value it does not accept."""
