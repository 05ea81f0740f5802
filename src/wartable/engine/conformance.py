"""The conformance kit: what every registered game must pass.

`check_game` plays seeded random games to the end and, along the way, checks that
- nothing crashes, no one is stuck (to act with no legal action), no game is endless;
- every record replays to the same states, step for step, and a clone continues identically;
- every view and every record handed to a player is JSON and shows none of that player's
  secrets (the game's `hidden_paths`): replacing each secret by a marker changes nothing a
  player sees, and no secret value turns up in the log they are shown;
- illegal and malformed actions are refused with `IllegalAction` and change nothing.
A failure raises `ConformanceError` whose `kind` names the check.
"""

from __future__ import annotations

import json
import random
import re
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wartable.engine.errors import IllegalAction
from wartable.engine.game import Game
from wartable.engine.plain import canonical, copy_plain
from wartable.engine.record import replay_steps
from wartable.engine.rules import Path, Rules, State

KINDS = (
    "crash",
    "dead-end",
    "endless",
    "bad-result",
    "replay",
    "clone",
    "not-json",
    "leak",
    "accepted-illegal",
    "changed-on-illegal",
    "refused-legal",
)


class ConformanceError(AssertionError):
    """A game failed one check of the kit; `kind` is one of `KINDS`."""

    def __init__(self, kind: str, game_id: str, seed: int, step: int, detail: str) -> None:
        self.kind, self.game_id, self.seed, self.step = kind, game_id, seed, step
        super().__init__(f"{game_id} seed {seed} step {step}: {kind}: {detail}")


@dataclass
class Report:
    games: int = 0
    actions: int = 0
    longest: int = 0
    illegal_probes: int = 0
    view_checks: int = 0


_MARK = "\u2063hidden-{}\u2063"
_GARBAGE: tuple[Any, ...] = ("pass", 42, None, ["move"], {}, {"\u2063no-such-key": 1})


def check_game(
    rules: Rules,
    games: int = 200,
    seed: int = 0,
    check_every: int = 1,
    probes: int = 3,
    options: dict[str, Any] | None = None,
) -> Report:
    """Play `games` random games with `options` from seeds `seed`, `seed+1`, …; raise
    `ConformanceError` at the first failure. Secrets and illegal input are probed every
    `check_every` steps."""
    report = Report()
    for s in range(seed, seed + games):
        run = _Run(rules, s, check_every, probes, report, options or {})
        try:
            run.play()
        except ConformanceError:
            raise
        except Exception:
            raise run.fail("crash", traceback.format_exc()) from None
        report.games += 1
    return report


class _Run:
    def __init__(
        self,
        rules: Rules,
        seed: int,
        check_every: int,
        probes: int,
        report: Report,
        options: dict[str, Any],
    ):
        self.rules, self.seed, self.check_every, self.probes = rules, seed, check_every, probes
        self.report, self.options = report, options
        self.chooser = random.Random(seed)
        self.step = 0

    def fail(self, kind: str, detail: str) -> ConformanceError:
        return ConformanceError(kind, self.rules.id, self.seed, self.step, detail)

    def play(self) -> None:
        try:
            game = Game(self.rules, self.seed, self.options)
        except Exception:
            raise self.fail("crash", "setup failed:\n" + traceback.format_exc()) from None
        self.check_log(game, 0)
        prints = [game.fingerprint()]
        clone_at = self.chooser.randrange(0, 50)
        clone: Game | None = None
        limit = self.rules.max_actions(game.options)
        while not game.over:
            if self.step % self.check_every == 0:
                self.check_secrets(game)
                self.check_illegal(game)
            if self.step == clone_at:
                clone = game.clone()
            player, action = self.choose(game)
            seen = len(game.events)
            try:
                game.apply(player, action)
            except IllegalAction as error:
                raise self.fail(
                    "refused-legal", f"{player}: {canonical(action)}: {error}"
                ) from None
            except Exception:
                raise self.fail(
                    "crash", f"{player}: {canonical(action)}\n{traceback.format_exc()}"
                ) from None
            self.check_log(game, seen)
            self.step += 1
            prints.append(game.fingerprint())
            if self.step > limit:
                raise self.fail("endless", f"more than {limit} actions without an end")
        self.check_result(game)
        self.check_secrets(game)
        self.check_replay(game, prints)
        if clone is not None:
            self.check_clone(game, clone, clone_at)
        self.report.actions += self.step
        self.report.longest = max(self.report.longest, self.step)

    def check_result(self, game: Game) -> None:
        result = game.result
        if not isinstance(result, dict) or not isinstance(result.get("winners"), list):
            raise self.fail("bad-result", f"the result must name its winners, got {result!r:.100}")
        strangers = set(result["winners"]) - set(game.players)
        if strangers:
            raise self.fail("bad-result", f"the winners {sorted(strangers)} are not players")
        if game.to_act or any(game.legal_actions(p) for p in game.players):
            raise self.fail("bad-result", "the game is over but someone may still act")

    def choose(self, game: Game) -> tuple[str, dict[str, Any]]:
        try:
            to_act = game.to_act
            if not to_act:
                raise self.fail("dead-end", "the game is not over but no one is to act")
            options = {p: game.legal_actions(p) for p in to_act}
        except Exception as error:
            if isinstance(error, AssertionError):
                raise
            raise self.fail("crash", traceback.format_exc()) from None
        for player, actions in options.items():
            if not actions:
                raise self.fail("dead-end", f"{player} is to act but has no legal action")
        player = self.chooser.choice(to_act)
        return player, self.chooser.choice(options[player])

    # -- secrets -------------------------------------------------------------------------------

    def check_secrets(self, game: Game) -> None:
        self.report.view_checks += 1
        for player in (*game.players, None):
            view = game.view(player)
            self.check_json(view, f"the view of {player}")
            record = game.record_for(player)
            self.check_json(record, f"the record for {player}")
            if not game.over and ("seed" in record or "actions" in record):
                raise self.fail("leak", f"the record for {player} holds the seed or the actions")
            paths = list(self.rules.hidden_paths(game.state, player))
            if not paths:
                continue
            masked = copy_plain(game.state)
            for i, path in enumerate(paths):
                _set(masked, path, _MARK.format(i))
            board = self.rules.view(game.state, player)
            try:
                masked_board = self.rules.view(masked, player)
            except Exception:
                raise self.fail(
                    "leak", f"the view of {player} reads a hidden value:\n{traceback.format_exc()}"
                ) from None
            if masked_board != board:
                where = _first_difference(board, masked_board)
                raise self.fail("leak", f"the view of {player} shows hidden data at {where}")
            if player in game.to_act:
                self.check_actions_blind(game, masked, player)

    def check_actions_blind(self, game: Game, masked: State, player: str) -> None:
        try:
            blind = self.rules.legal_actions(masked, player)
        except Exception:
            raise self.fail(
                "leak", f"{player}'s legal actions read a hidden value:\n{traceback.format_exc()}"
            ) from None
        if blind != game.legal_actions(player):
            raise self.fail("leak", f"{player}'s legal actions depend on what they may not see")

    def check_log(self, game: Game, since: int) -> None:
        """No secret value of a player's, absent from their view, appears in their new log."""
        if self.step % self.check_every:
            return
        for player in (*game.players, None):
            new = game.log(player, since)
            if not new:
                continue
            secrets = _strings(
                _get(game.state, p) for p in self.rules.hidden_paths(game.state, player)
            )
            secrets -= _strings([game.view(player)])
            texts = _strings(new)
            for secret in secrets:
                named = re.compile(rf"(?<!\w){re.escape(secret)}(?!\w)")
                if any(named.search(text) for text in texts):
                    raise self.fail("leak", f"the log shown to {player} names hidden {secret!r}")

    def check_json(self, value: Any, what: str) -> None:
        try:
            same = json.loads(json.dumps(value)) == value
        except (TypeError, ValueError) as error:
            raise self.fail("not-json", f"{what} is not JSON: {error}") from None
        if not same:
            raise self.fail("not-json", f"{what} changes through JSON (tuples or non-text keys?)")

    # -- bad input -----------------------------------------------------------------------------

    def check_illegal(self, game: Game) -> None:
        for player, action in self.illegal_candidates(game):
            self.report.illegal_probes += 1
            before = (game.fingerprint(), len(game.events), len(game.actions))
            try:
                game.apply(player, action)
            except IllegalAction:
                pass
            except Exception:
                raise self.fail(
                    "crash", f"bad input {player}: {action!r:.100}\n{traceback.format_exc()}"
                ) from None
            else:
                raise self.fail("accepted-illegal", f"{player}: {action!r:.100} was accepted")
            if (game.fingerprint(), len(game.events), len(game.actions)) != before:
                raise self.fail("changed-on-illegal", f"{player}: {action!r:.100} changed the game")

    def illegal_candidates(self, game: Game) -> Iterable[tuple[Any, Any]]:
        to_act = game.to_act
        if not to_act or not all(game.legal_actions(p) for p in to_act):
            return  # a dead end: `choose` reports it
        idle = [p for p in game.players if p not in to_act]
        actor = self.chooser.choice(to_act)
        legal = game.legal_actions(actor)
        yield "\u2063nobody", legal[0]
        if idle:
            yield self.chooser.choice(idle), legal[0]
        for _ in range(self.probes):
            yield actor, self.chooser.choice(_GARBAGE)
            mutated = _mutate(self.chooser.choice(legal), self.chooser)
            if mutated not in legal:
                yield actor, mutated

    # -- records and clones --------------------------------------------------------------------

    def check_replay(self, game: Game, prints: list[str]) -> None:
        record = game.record()
        self.check_json(record, "the full record")
        try:
            for i, replayed in enumerate(replay_steps(json.loads(json.dumps(record)), self.rules)):
                if replayed.fingerprint() != prints[i]:
                    raise self.fail("replay", f"the replay differs after {i} actions")
        except ConformanceError:
            raise
        except Exception as error:
            raise self.fail("replay", f"the record does not replay: {error}") from None

    def check_clone(self, game: Game, clone: Game, at: int) -> None:
        final = game.fingerprint()
        for player, action in game.actions[at:]:
            try:
                clone.apply(player, action)
            except Exception as error:
                raise self.fail("clone", f"a clone taken at step {at} diverged: {error}") from None
        if clone.fingerprint() != final:
            raise self.fail("clone", f"a clone taken at step {at} ends in another state")
        if game.fingerprint() != final:
            raise self.fail("clone", "playing on a clone changed the original")


def _get(state: Any, path: Path) -> Any:
    for part in path:
        state = state[part]
    return state


def _set(state: Any, path: Path, value: Any) -> None:
    _get(state, path[:-1])[path[-1]] = value


def _strings(values: Iterable[Any]) -> set[str]:
    """Every text of two or more characters inside `values`, keys included."""
    found: set[str] = set()
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if len(value) > 1:
                found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path or "(top)"


def _mutate(action: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """A near-miss of a legal action: one value replaced by something no game accepts."""
    mutated = dict(action)
    if not mutated:
        return {"\u2063extra": True}
    key = chooser.choice(sorted(mutated))
    mutated[key] = chooser.choice(["\u2063bogus", -99999, None, [], {"x": 1}])
    return mutated
