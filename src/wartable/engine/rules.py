"""What a game supplies to the engine: a `Rules` object, and the `Context` it acts through.

A game's state is one plain dict (JSON types only). The engine owns the dice, the log and the
record; the rules own the state and say who acts, what is legal, what each player sees and which
parts of the state are hidden from whom.
"""

from __future__ import annotations

import json
import pathlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from wartable.engine.data import Schema
from wartable.engine.dice import Dice
from wartable.engine.errors import IllegalAction, OptionError
from wartable.engine.log import Event, Msg

State = dict[str, Any]
Action = dict[str, Any]
Path = tuple[str | int, ...]
T = TypeVar("T")


class Context:
    """The rules' access to chance and to the log during `setup` and `apply`.

    Any use of chance and any reveal of hidden information is a barrier: undo never crosses it.
    """

    __slots__ = ("barrier", "dice", "events")

    def __init__(self, dice: Dice, events: list[Event]) -> None:
        self.dice = dice
        self.events = events
        self.barrier = False

    def _add(self, event: Event, to: Sequence[str] | None) -> Event:
        event["n"] = len(self.events)
        if to is not None:
            event["to"] = list(to)
        self.events.append(event)
        return event

    def say(
        self, message: Msg, *, to: Sequence[str] | None = None, rule: str | None = None, **data: Any
    ) -> None:
        """Log a happening for people to read; `data` is for renderers."""
        event: Event = {"kind": "say", "msg": message}
        if rule is not None:
            event["rule"] = rule
        if data:
            event["data"] = data
        self._add(event, to)

    def roll(
        self,
        by: str,
        count: int,
        rule: str,
        why: Msg,
        *,
        sides: int = 6,
        to: Sequence[str] | None = None,
    ) -> list[int]:
        """Roll `count` dice for `by`, logging who rolled, the dice, the total and the rule."""
        dice = self.dice.roll(count, sides)
        self.barrier = True
        self._add(
            {
                "kind": "roll",
                "by": by,
                "count": count,
                "sides": sides,
                "dice": dice,
                "total": sum(dice),
                "rule": rule,
                "why": why,
            },
            to,
        )
        return dice

    def shuffle(self, items: MutableSequence[T], rule: str, what: Msg) -> None:
        """Shuffle a pile with the game's dice; the log says that it happened, never the order."""
        self.dice.shuffle(items)
        self.barrier = True
        self._add({"kind": "shuffle", "rule": rule, "what": what}, None)

    def pick(self, count: int) -> int:
        """A uniform index in [0, count) for a random draw (from a cup, say); log it yourself."""
        self.barrier = True
        return self.dice.below(count)

    def reveal(self) -> None:
        """Mark that hidden information was shown: undo may not go back past this point."""
        self.barrier = True


class Rules(ABC):
    """One game's rules. Subclass it in ``wartable.games.<id>`` and register it.

    Methods take the state and never keep it: the same object serves every game in progress.
    """

    id: str
    version: str
    title: Msg

    def default_options(self) -> dict[str, Any]:
        """The options a new game starts with; `new_game` refuses keys not named here."""
        return {}

    def check_options(self, options: dict[str, Any]) -> None:
        """Raise `OptionError` for an option value the game cannot play with."""
        defaults = self.default_options()
        for key, value in options.items():
            default = defaults[key]
            if type(value) is not type(default):
                raise OptionError(f"option {key!r} must be {type(default).__name__}, got {value!r}")

    @abstractmethod
    def players(self, options: dict[str, Any]) -> tuple[str, ...]:
        """The seats of a game with these options, in turn order."""

    @abstractmethod
    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        """The state at the start of the game."""

    @abstractmethod
    def to_act(self, state: State) -> tuple[str, ...]:
        """The players who must decide now (several for a secret simultaneous choice)."""

    @abstractmethod
    def legal_actions(self, state: State, player: str) -> list[Action]:
        """Every action `player` may take now (empty when not to act)."""

    def legal_actions_of_actor(self, state: State, player: str) -> list[Action]:
        """`legal_actions` for a player `to_act` has just named (the game asks only then):
        override it to skip asking again who acts."""
        return self.legal_actions(state, player)

    def check(
        self, state: State, player: str, action: Action, legal: Callable[[], list[Action]]
    ) -> None:
        """Raise `IllegalAction` naming what is wrong; the default compares with `legal()`.

        Override it to name the rule that forbids a move, or to validate faster.
        """
        actions = legal()
        # an action taken from the list itself (a search, a random player) is found by identity
        # before any comparison: a list may hold hundreds (IMPERIUM's regroupings)
        for offered in actions:
            if offered is action:
                return
        if action not in actions:
            text = json.dumps(action, ensure_ascii=False, sort_keys=True)
            raise IllegalAction(f"{player} cannot play {text}: it is not a legal action now")

    @abstractmethod
    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        """Carry out a checked action, changing `state` in place."""

    @abstractmethod
    def view(self, state: State, player: str | None) -> dict[str, Any]:
        """What `player` may see (None = spectator): the single place hidden data is removed."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game goes on; then ``{"winners": [...], "scores": {...}, ...}``."""

    def options_for(self, options: dict[str, Any], player: str | None) -> dict[str, Any]:
        """The options as `player` may see them while the game goes on (in a redacted record):
        all of them, unless a game's options hold a player's secret (a robot they drew)."""
        return options

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        """Paths into `state` whose values `player` may not see.

        The conformance kit replaces each with a marker and checks that the player's view
        neither shows it nor changes: this is the game's declaration of its secrets.
        """
        return ()

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """`state` (a copy: change it in place and return it) with everything hidden from
        `player` re-drawn at random from `rng`, consistently with all they have seen.

        The answer must depend only on what `player` may know and on `rng`: two states they
        cannot tell apart give the same answer for the same `rng` (so draw from the unseen
        pools in a fixed order, sorted, never in the order the real state holds them).
        The copy plays on the state returned: it must share no dict or list with anything else
        (a module's constant, say).
        A game without secrets keeps this default.
        """
        if any(True for _ in self.hidden_paths(state, player)):
            raise NotImplementedError(f"{self.id} has hidden information but no determinize")
        return state

    def describe(self, state: State, player: str, action: Action) -> Msg:
        """The action as players say it, in both languages."""
        text = json.dumps(action, ensure_ascii=False, sort_keys=True)
        return {"en": text, "ja": text}

    def data_schema(self) -> Schema | None:
        """The schema of the game's component data, if it has any."""
        return None

    def data_file(self) -> pathlib.Path | None:
        """The shipped component data file, if any."""
        return None

    def odds(
        self, state: State | None, player: str | None, query: dict[str, str]
    ) -> dict[str, Any] | None:
        """Exact odds of a decision the game offers them for (a battle, say), from what `player`
        may see; `state` is None for a hypothetical question. Returns ``{"text": Msg, "data":
        JSON}`` or None when the game has no odds. Raise ValueError for a bad `query`."""
        return None

    def render_text(self, board: dict[str, Any], lang: str) -> str:
        """A view's board as text for the terminal; the default lists its data."""
        return json.dumps(board, ensure_ascii=False, indent=1)

    def max_actions(self, options: dict[str, Any]) -> int:
        """An upper bound on the actions of one game: more means the game is endless."""
        return 100_000
