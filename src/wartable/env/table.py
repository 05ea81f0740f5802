"""A game seen through its encoding: the one core every adapter (PettingZoo, Gymnasium,
OpenSpiel) plays through.

Everything a seat is shown is made from ``game.view(seat)`` alone: the observation vector, the
action mask, the view handed back in ``infos``, and the observation strings. The view leaves
out its static parts (the printed map or card catalogue, the same all game long: see
``view(None)`` of a new game) and ``can_undo`` (an environment has no undo; a determinized
copy's view differs there only). Answers are kept until the game takes its next action.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from wartable.engine import Game, IllegalAction, get_rules, replay
from wartable.engine.plain import canonical, copy_plain
from wartable.engine.rules import Action
from wartable.env.encodings import Encoding, encoding
from wartable.env.spaces import FloatArray

Mask = np.ndarray[Any, np.dtype[np.int8]]


class Table:
    """One game and its encoding: what each seat is shown, and its actions by index."""

    def __init__(self, game: Game, enc: Encoding) -> None:
        self.game = game
        self.encoding = enc
        self._stamp = -1  # the number of actions the kept answers belong to
        self._views: dict[str | None, dict[str, Any]] = {}
        self._legal: dict[str, dict[int, Action]] = {}
        self._seen: dict[str, FloatArray] = {}  # observations
        self._texts: dict[tuple[str, bool], str] = {}
        self._print: str | None = None
        self._heard: dict[str, tuple[int, Any]] = {}  # seat -> (events read, digest of them)

    def _current(self) -> None:
        if self._stamp != len(self.game.actions):
            self._stamp = len(self.game.actions)
            self._views = {}
            self._legal = {}
            self._seen = {}
            self._texts = {}
            self._print = None

    def view(self, seat: str | None) -> dict[str, Any]:
        """The seat's view (None: a spectator's) as the module says, legal actions without
        their words. It may share the game's live state: read it now, keep a `snapshot`."""
        self._current()
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat, texts=False)
            del view["can_undo"]
            static = self.encoding.static
            view["board"] = {k: v for k, v in view["board"].items() if k not in static}
        return view

    def snapshot(self, seat: str) -> dict[str, Any]:
        """The seat's view, its own to keep (as ``infos`` hand it out)."""
        snapshot: dict[str, Any] = copy_plain(self.view(seat))
        return snapshot

    def legal(self, seat: str) -> dict[int, Action]:
        """The seat's legal actions by index (empty when it is not to act)."""
        self._current()
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.encoding.legal(self.view(seat))
        return legal

    def mask(self, seat: str) -> Mask:
        mask = np.zeros(self.encoding.actions.n, np.int8)
        mask[list(self.legal(seat))] = 1
        return mask

    def observation(self, seat: str) -> FloatArray:
        """The seat's observation (a copy: the caller may keep or change it)."""
        self._current()
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = self.encoding.observe(self.view(seat))
        return seen.copy()

    def observe(self, seat: str) -> dict[str, Any]:
        return {"observation": self.observation(seat), "action_mask": self.mask(seat)}

    def action(self, seat: str, index: int) -> Action:
        """The legal action with this index; IllegalAction names it if it is not legal."""
        action = self.legal(seat).get(int(index))
        if action is None:
            what = self.encoding.actions.describe(int(index))
            raise IllegalAction(f"{seat} cannot take action {index} ({what}): not legal now")
        return action

    def play(self, seat: str, index: int) -> None:
        self.game.apply(seat, self.action(seat, index))

    def fingerprint(self) -> str:
        self._current()
        if self._print is None:
            self._print = self.game.fingerprint()
        return self._print

    def scores(self) -> dict[str, float]:
        """Each seat's score: the result's scores once the game is over, 0 before."""
        result = self.game.result
        if result is None:
            return dict.fromkeys(self.game.players, 0.0)
        return {p: float(result["scores"][p]) for p in self.game.players}

    def text(self, seat: str, history: bool = False) -> str:
        """The seat's view as one line of JSON; with `history`, followed by a digest of every
        event the seat has seen (its perfect recall)."""
        self._current()
        text = self._texts.get((seat, history))
        if text is None:
            text = canonical(self.view(seat))
            if history:
                text = f"{text}\nlog {self._digest(seat)}"
            self._texts[seat, history] = text
        return text

    def _digest(self, seat: str) -> str:
        read, digest = self._heard.get(seat, (0, None))
        if digest is None:
            digest = hashlib.blake2b(digest_size=16)
        if read < len(self.game.events):
            for event in self.game.log(seat, read):
                digest.update(canonical(event).encode())
            read = len(self.game.events)
            self._heard[seat] = (read, digest)
        return str(digest.hexdigest())

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        twin = Table(self.game.clone(), self.encoding)
        twin._heard = {seat: (n, d.copy()) for seat, (n, d) in self._heard.items()}
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's record, replayed when loaded."""
        return _restore, (self.encoding.game_id, self.encoding.options, self.game.record())


def new_table(enc: Encoding, seed: int) -> Table:
    """A new game of the encoding's game and options, from `seed`."""
    return Table(Game(get_rules(enc.game_id), seed, enc.options), enc)


def _restore(game_id: str, options: dict[str, Any], record: dict[str, Any]) -> Table:
    return Table(replay(record), encoding(game_id, options))
