"""The Game: one game in progress, the object every front end, agent and test uses.

>>> import wartable; g = wartable.new_game("votoms", seed=7)
>>> g.apply(g.to_act[0], g.legal_actions(g.to_act[0])[0])
"""

from __future__ import annotations

import json
import random
from typing import Any

from wartable.engine.dice import Dice
from wartable.engine.errors import IllegalAction, OptionError
from wartable.engine.log import Event, events_for, visible
from wartable.engine.plain import copy_plain, digest
from wartable.engine.rules import Action, Context, Rules, State


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
        self.rules = rules
        self.seed = seed
        self.options: dict[str, Any] = (
            self.checked_options(rules, options or {}) if start is None else dict(options or {})
        )
        self.players: tuple[str, ...] = rules.players(self.options)
        self.start = start
        self.actions: list[tuple[str, Action]] = []
        self.barrier = 0  # actions up to here used chance or revealed secrets: undo stops here
        self._legal: dict[str, list[Action]] = {}
        if start is None:
            self.dice = Dice(seed)
            self.events: list[Event] = []
            self._ctx = Context(self.dice, self.events)
            self.state: State = rules.setup(self._ctx, self.players, self.options)
        else:
            self.dice = Dice(0)
            self.dice.state = start["dice"]
            self.events = copy_plain(start["events"])
            self._ctx = Context(self.dice, self.events)
            self.state = copy_plain(start["state"])

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

    # -- the contract ------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def to_act(self) -> tuple[str, ...]:
        """The players who must decide now; empty when the game is over."""
        if self.over:
            return ()
        return self.rules.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.rules.result(self.state) is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.rules.result(self.state)

    def legal_actions(self, player: str) -> list[Action]:
        """Every action `player` may take now; empty when it is not theirs to act."""
        cached = self._legal.get(player)
        if cached is None:
            acts = player in self.to_act
            cached = self.rules.legal_actions(self.state, player) if acts else []
            self._legal[player] = cached
        return cached

    def check(self, player: str, action: Any) -> None:
        """Raise `IllegalAction` if `player` may not take `action` now; nothing changes."""
        if player not in self.players:
            raise IllegalAction(
                f"there is no player {player!r} in {self.id} (players: {', '.join(self.players)})"
            )
        if self.over:
            raise IllegalAction("the game is over")
        to_act = self.to_act
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
        self._ctx.barrier = False
        try:
            self.rules.apply(self._ctx, self.state, player, action)
        except Exception:
            self._restore(self.actions)  # a half-applied action must leave no trace
            raise
        self.actions.append((player, copy_plain(action)))
        if self._ctx.barrier:
            self.barrier = len(self.actions)
        self._legal = {}
        return self.events[start:]

    def view(self, player: str | None, *, texts: bool = True) -> dict[str, Any]:
        """Only what `player` may see (None = spectator), with their legal actions if to act.
        Without `texts` the actions come without their words (an agent's quick look)."""
        if player is not None and player not in self.players:
            raise IllegalAction(f"there is no player {player!r} in {self.id}")
        result = self.result
        to_act = () if result is not None else self.rules.to_act(self.state)
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
        return events_for(self.events, player, since)

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
        twin.start = self.start  # never changed once made
        twin.dice = Dice(0)
        twin.dice.state = self.dice.state
        twin.events = list(self.events)  # events are never changed once logged
        twin.actions = list(self.actions)
        twin.barrier = self.barrier
        twin._ctx = Context(twin.dice, twin.events)
        twin.state = copy_plain(self.state)
        twin._legal = {}
        return twin

    def determinized(self, player: str, seed: int) -> Game:
        """A copy `player` cannot tell from this game, the only copy a search may use: what is
        hidden from them is re-drawn by the rules' `determinize` from a generator seeded with
        `seed`, the dice are re-seeded from `seed` (the copy does not foretell the real rolls),
        the log keeps only the places of events they did not see, and the options are theirs.

        >>> copy = wartable.new_game("votoms", seed=7).determinized("bieler", seed=1)
        """
        if player not in self.players:
            raise IllegalAction(f"there is no player {player!r} in {self.id}")
        state = self.rules.determinize(copy_plain(self.state), player, random.Random(seed))
        events = [
            e if visible(e, player) else {"n": e["n"], "kind": "unseen", "to": e["to"]}
            for e in self.events
        ]
        start = {"state": state, "dice": Dice.seeded_state(seed), "events": events}
        return Game(self.rules, seed, self.rules.options_for(self.options, player), start)

    def fingerprint(self) -> str:
        """A digest of everything that decides the future: state and dice."""
        return digest([self.state, self.dice.state])

    def record(self) -> dict[str, Any]:
        """The full record (game, rules version, options, seed, actions) that `replay` reproduces.
        It holds every secret: hand it to a player only when the game is over."""
        from wartable.engine.record import full_record

        return full_record(self)

    def record_for(self, player: str | None) -> dict[str, Any]:
        """The record `player` (None = spectator) may have: the full one once the game is over,
        before that only what they saw."""
        from wartable.engine.record import full_record, redacted_record

        return full_record(self) if self.over else redacted_record(self, player)
