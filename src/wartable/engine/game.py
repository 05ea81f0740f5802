"""The Game: one game in progress, the object every front end, agent and test uses.

>>> import wartable; g = wartable.new_game("votoms", seed=7)
>>> g.apply(g.to_act[0], g.legal_actions(g.to_act[0])[0])
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

from wartable.engine.dice import Dice
from wartable.engine.errors import IllegalAction, OptionError
from wartable.engine.log import Event, events_for
from wartable.engine.plain import copy_plain, digest
from wartable.engine.record import full_record, redacted_record
from wartable.engine.rules import Action, Context, Rules, State

_UNKNOWN: Any = object()  # a cached answer not asked for yet (None is a real result)


class Game:
    """A game of `rules` from `seed` and `options`; change it only through `apply` and `undo`.

    A game usually starts from the rules' setup; one made by `determinized` (or replayed from
    such a copy's record) starts from a position instead: `start` holds its state, dice and log.
    """

    def __init__(
        self,
        rules: Rules,
        seed: int,
        options: dict[str, Any] | None = None,
        start: dict[str, Any] | None = None,
    ) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"the seed must be an integer, got {seed!r}")
        self._begin(
            rules,
            seed,
            self.checked_options(rules, options or {}) if start is None else dict(options or {}),
            start,
        )
        if start is None:
            self.dice = Dice(seed)
            self.events: list[Event] = []
            self._ctx = Context(self.dice, self.events)
            self.state: State = rules.setup(self._ctx, self.players, self.options)
        else:
            self._resume(copy_plain(start["state"]), start["dice"], start["events"])

    def _begin(
        self, rules: Rules, seed: int, options: dict[str, Any], start: dict[str, Any] | None
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.options = options
        self.players: tuple[str, ...] = rules.players(options)
        self._start = start
        # a determinized copy's start, kept as its recipe (the pickled position it was drawn
        # from, the player and the seed) until asked for: most copies are never asked
        self._frozen: tuple[bytes, str, int, int, list[Event]] | None = None
        self.actions: list[tuple[str, Action]] = []
        self.barrier = 0  # actions up to here used chance or revealed secrets: undo stops here
        self._legal = {}
        self._unseen: dict[str, list[Event]] = {}  # see `_seen_by`

    def _resume(self, state: State, dice: int, events: list[Event]) -> None:
        """Play on from a position: `state` becomes this game's own."""
        self.dice = Dice(0)
        self.dice.state = dice
        self.events = list(events)  # an event never changes once logged
        self._ctx = Context(self.dice, self.events)
        self.state = state

    @property
    def start(self) -> dict[str, Any] | None:
        """The position this game started from (state, dice and log), or None if from the
        rules' setup; never changed once made."""
        if self._start is None and self._frozen is not None:
            blob, player, seed, dice, events = self._frozen
            state = self.rules.determinize(pickle.loads(blob), player, random.Random(seed))
            self._start = {"state": state, "dice": dice, "events": events}
        return self._start

    @staticmethod
    def checked_options(rules: Rules, options: dict[str, Any]) -> dict[str, Any]:
        """`options` over the game's defaults; `OptionError` names an unknown or bad one."""
        if not isinstance(options, dict):
            raise OptionError(f"options must be a table of names to values, got {options!r}")
        defaults = rules.default_options()
        unknown = sorted(set(options) - set(defaults))
        if unknown:
            known = ", ".join(sorted(defaults)) or "none"
            raise OptionError(f"{rules.id} has no option {unknown[0]!r} (options: {known})")
        rules.check_options(options)
        return {**defaults, **options}

    # -- what the rules said about the current state -----------------------------------------
    #
    # The state changes only through `apply` (and `undo`, which rebuilds the game), so the
    # rules' answers about it are kept until then: a search asks who acts, whether it is over
    # and what is legal several times per action. A test that edits `state` by hand must
    # forget them by resetting `_legal` (``game._legal = {}``), which forgets them all.

    @property
    def _legal(self) -> dict[str, list[Action]]:
        """Each player's legal actions, as far as asked (resetting it forgets every answer)."""
        return self._legal_now

    @_legal.setter
    def _legal(self, value: dict[str, list[Action]]) -> None:
        self._legal_now = value
        self._result: dict[str, Any] | None = _UNKNOWN
        self._to_act: tuple[str, ...] | None = None
        self._pickled: bytes | None = None  # see `_position`

    # -- the contract ------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def to_act(self) -> tuple[str, ...]:
        """The players who must decide now; empty when the game is over."""
        to_act = self._to_act
        if to_act is None:
            to_act = self._to_act = () if self.over else self.rules.to_act(self.state)
        return to_act

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        result = self._result
        if result is _UNKNOWN:
            result = self._result = self.rules.result(self.state)
        return result

    def legal_actions(self, player: str) -> list[Action]:
        """Every action `player` may take now; empty when it is not theirs to act."""
        cached = self._legal_now.get(player)
        if cached is None:
            acts = player in self.to_act
            cached = self.rules.legal_actions_of_actor(self.state, player) if acts else []
            self._legal_now[player] = cached
        return cached

    def check(self, player: str, action: Any) -> None:
        """Raise `IllegalAction` if `player` may not take `action` now; nothing changes."""
        if player not in self.players:
            raise IllegalAction(
                f"there is no player {player!r} in {self.id} (players: {', '.join(self.players)})"
            )
        to_act = self.to_act
        if not to_act and self.over:
            raise IllegalAction("the game is over")
        if player not in to_act:
            raise IllegalAction(
                f"it is not {player}'s decision now (waiting for {', '.join(to_act)})"
            )
        if not isinstance(action, dict):
            raise IllegalAction(
                f"an action is a JSON object, got {json.dumps(action, default=repr)}"
            )
        self.rules.check(self.state, player, action, lambda: self.legal_actions(player))

    def apply(self, player: str, action: Action) -> list[Event]:
        """Carry out `action` for `player` and return the events it caused (all of them:
        pass them to a player only through `events_for`). Raises `IllegalAction`, unchanged."""
        self.check(player, action)
        start = len(self.events)
        ctx = self._ctx
        ctx.barrier = False
        try:
            self.rules.apply(ctx, self.state, player, action)
        except Exception:
            self._restore(self.actions)  # a half-applied action must leave no trace
            raise
        self.actions.append((player, copy_plain(action)))
        if ctx.barrier:
            self.barrier = len(self.actions)
        self._legal_now = {}  # what `self._legal = {}` does, without the call: a new state
        self._result = _UNKNOWN
        self._to_act = None
        self._pickled = None
        return self.events[start:]

    def view(self, player: str | None, *, texts: bool = True) -> dict[str, Any]:
        """Only what `player` may see (None = spectator), with their legal actions if to act.
        Without `texts` the actions come without their words (an agent's quick look)."""
        if player is not None and player not in self.players:
            raise IllegalAction(f"there is no player {player!r} in {self.id}")
        result = self.result
        to_act = self.to_act
        view: dict[str, Any] = {
            "game": self.id,
            "title": self.rules.title,
            "players": list(self.players),
            "you": player,
            "to_act": list(to_act),
            "over": result is not None,
            "result": result,
            "board": self.rules.view(self.state, player),
            "can_undo": player is not None and self.can_undo(player),
            # the options as the player may know them: a computer player reads the printed
            # values laid over the shipped data (the ``data`` option) from here
            "options": copy_plain(self.rules.options_for(self.options, player)),
        }
        if player is not None and player in to_act:
            legal = self.legal_actions(player)
            if texts:
                view["legal_actions"] = [
                    {"action": a, "text": self.rules.describe(self.state, player, a)} for a in legal
                ]
            else:
                view["legal_actions"] = [{"action": a} for a in legal]
        return view

    def log(self, player: str | None, since: int = 0) -> list[Event]:
        """The events from `since` on that `player` may see."""
        # an event's place `n` is its index in the log: a front end asking for the new events
        # need not read the old ones
        return events_for(self.events[max(since, 0) :], player, since)

    def odds(self, player: str | None, query: dict[str, str]) -> dict[str, Any] | None:
        """The game's exact odds for `query`, from what `player` may see (None: no odds)."""
        return self.rules.odds(self.state, player, query)

    def describe(self, player: str, action: Action) -> dict[str, str]:
        """An action as players say it, in English and Japanese."""
        return self.rules.describe(self.state, player, action)

    # -- undo, clone, records ----------------------------------------------------------------

    def can_undo(self, player: str) -> bool:
        """True when `player` made the last action and it used no chance and revealed nothing."""
        return len(self.actions) > self.barrier and self.actions[-1][0] == player

    def undo(self, player: str) -> None:
        """Take back `player`'s last action; never past a die roll or a hidden reveal."""
        if not self.actions or self.actions[-1][0] != player:
            raise IllegalAction(f"{player} made no action that can be taken back")
        self.rewind(len(self.actions) - 1)

    def rewind(self, count: int) -> None:
        """Go back to the game after its first `count` actions (a front end taking back a
        person's action together with the computer's replies); never past the last barrier."""
        if not 0 <= count <= len(self.actions):
            raise IllegalAction(f"cannot go back to action {count} of {len(self.actions)}")
        if count < self.barrier:
            raise IllegalAction("cannot undo past a die roll or a hidden reveal")
        if count < len(self.actions):
            self._restore(self.actions[:count])

    def _restore(self, actions: list[tuple[str, Action]]) -> None:
        """Rebuild this game from its seed (or its starting position) by replaying `actions`."""
        fresh = Game(self.rules, self.seed, self.options, self.start)
        for player, action in actions:
            fresh.apply(player, action)
        self.__dict__.update(fresh.__dict__)
        self._ctx = Context(self.dice, self.events)

    def clone(self) -> Game:
        """An independent copy that continues exactly as this game would."""
        twin = Game.__new__(Game)
        twin.rules = self.rules
        twin.seed = self.seed
        twin.options = self.options
        twin.players = self.players
        twin._start = self._start  # never changed once made
        twin._frozen = self._frozen
        twin.dice = Dice(0)
        twin.dice.state = self.dice.state
        twin.events = list(self.events)  # events are never changed once logged
        twin.actions = list(self.actions)
        twin.barrier = self.barrier
        twin._ctx = Context(twin.dice, twin.events)
        twin.state = copy_plain(self.state)
        twin._legal = {}
        twin._unseen = {}
        return twin

    def determinized(self, player: str, seed: int) -> Game:
        """A copy `player` cannot tell from this game, the only copy a search may use: what is
        hidden from them is re-drawn by the rules' `determinize` from a generator seeded with
        `seed`, the dice are re-seeded from `seed` (the copy does not foretell the real rolls),
        the log keeps only the places of events they did not see, and the options are theirs.
        The state `determinize` returns becomes the copy's own, not copied again: like the copy
        it was handed, it must share no dict or list with anything else.

        >>> copy = wartable.new_game("votoms", seed=7).determinized("bieler", seed=1)
        """
        if player not in self.players:
            raise IllegalAction(f"there is no player {player!r} in {self.id}")
        blob = self._position()
        source = copy_plain(self.state) if blob is None else pickle.loads(blob)
        state = self.rules.determinize(source, player, random.Random(seed))
        dice = Dice.seeded_state(seed)
        events = self._seen_by(player)
        copy = Game.__new__(Game)
        copy._begin(self.rules, seed, dict(self.rules.options_for(self.options, player)), None)
        if blob is None:
            copy._start = {"state": copy_plain(state), "dice": dice, "events": events}
        else:  # the start is drawn again from the recipe if a record or an undo asks for it
            copy._frozen = (blob, player, seed, dice, events)
        copy._resume(state, dice, events)
        return copy

    def _position(self) -> bytes | None:
        """The state pickled, once per position (a search draws thousands of copies of one:
        unpickling is quicker than copying), or None if it is not plain data after all."""
        if self._pickled is None:
            try:
                self._pickled = pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError):
                return None
        return self._pickled

    def _seen_by(self, player: str) -> list[Event]:
        """The log as `player`'s copies hold it: each event they did not see is only its place.
        Kept per player and extended as the log grows (a search makes thousands of copies of
        one position); never changed once handed out, as a copy's start never is."""
        known = self._unseen.get(player, [])
        if len(known) < len(self.events):
            known = known + [
                e
                if (to := e.get("to")) is None or player in to
                else {"n": e["n"], "kind": "unseen", "to": to}
                for e in self.events[len(known) :]
            ]
            self._unseen[player] = known
        return known

    def fingerprint(self) -> str:
        """A digest of everything that decides the future: state and dice."""
        return digest([self.state, self.dice.state])

    def record(self) -> dict[str, Any]:
        """The full record (game, rules version, options, seed, actions) that `replay` reproduces.
        It holds every secret: hand it to a player only when the game is over."""
        return full_record(
            game_id=self.id,
            rules_version=self.rules.version,
            options=self.options,
            seed=self.seed,
            players=list(self.players),
            actions=[[player, action] for player, action in self.actions],
            final=self.fingerprint(),
            over=self.over,
            start=self.start,
        )

    def record_for(self, player: str | None) -> dict[str, Any]:
        """The record `player` (None = spectator) may have: the full one once the game is over,
        before that only what they saw."""
        if self.over:
            return self.record()
        return redacted_record(
            game_id=self.id,
            rules_version=self.rules.version,
            options=self.rules.options_for(self.options, player),
            players=list(self.players),
            player=player,
            moves=len(self.actions),
            log=self.log(player),
            view=self.view(player),
        )
