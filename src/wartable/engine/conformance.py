"""The conformance kit: what every registered game must pass.

`check_game` plays seeded random games to the end and, along the way, checks that
- nothing crashes, no one is stuck (to act with no legal action), no game is endless;
- every record replays to the same states, step for step, and a clone continues identically;
- every view and every record handed to a player is JSON and shows none of that player's
  secrets (the game's `hidden_paths`): replacing each secret by a marker changes nothing a
  player sees, and no secret value turns up in the log they are shown;
- illegal and malformed actions are refused with `IllegalAction` and change nothing;
- a determinized copy (`Game.determinized`) shows its player exactly their view, depends only on
  what they may know (a copy of a copy is the copy), re-draws hidden parts that really vary
  across seeds, and replays, clones and plays on to its end.
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
from wartable.engine.replay import replay_steps
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
    "determinize",
)
_DRAWS = 4  # seeds tried per position to see the hidden parts vary


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
    hidden_positions: int = 0  # positions where a player had secrets to re-draw
    varied_positions: int = 0  # ... and the determinized copies differed in them


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
    if report.hidden_positions and not report.varied_positions:
        raise ConformanceError(
            "determinize",
            rules.id,
            seed,
            0,
            f"in {report.hidden_positions} positions with secrets, determinized copies never "
            "re-drew them differently",
        )
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
        # the determinized copies' seeds have their own stream: the play is as it always was
        self.seeds = random.Random(f"determinize {seed}")
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
        early: Game | None = None  # the same position, kept for a determinized copy to play
        limit = self.rules.max_actions(game.options)
        while not game.over:
            if self.step % self.check_every == 0:
                self.check_secrets(game)
                self.check_illegal(game)
            if self.step == clone_at:
                clone, early = game.clone(), game.clone()
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
        if clone is not None and early is not None:
            self.check_clone(game, clone, clone_at)
            self.check_copy_plays(early)
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
            if player is not None:
                self.check_determinized(game, player, paths)

    def check_actions_blind(self, game: Game, masked: State, player: str) -> None:
        try:
            blind = self.rules.legal_actions(masked, player)
        except Exception:
            raise self.fail(
                "leak", f"{player}'s legal actions read a hidden value:\n{traceback.format_exc()}"
            ) from None
        if blind != game.legal_actions(player):
            raise self.fail("leak", f"{player}'s legal actions depend on what they may not see")

    # -- determinized copies -------------------------------------------------------------------

    def determinized(self, game: Game, player: str, seed: int) -> Game:
        try:
            return game.determinized(player, seed)
        except Exception:
            raise self.fail(
                "determinize", f"determinized({player!r}) failed:\n{traceback.format_exc()}"
            ) from None

    def check_determinized(self, game: Game, player: str, paths: list[Path]) -> None:
        """The copy shows `player` their view; it is a function of what they know; its hidden
        parts vary with the seed."""
        seeds = [self.seeds.randrange(1 << 30) for _ in range(_DRAWS)]
        copies = [self.determinized(game, player, s) for s in seeds]
        real = _without_undo(game.view(player))
        for copy in copies:
            if _without_undo(copy.view(player)) != real:
                where = _first_difference(real, _without_undo(copy.view(player)))
                raise self.fail("determinize", f"{player}'s view of the copy differs at {where}")
        again = self.determinized(copies[0], player, seeds[1])
        if again.fingerprint() != copies[1].fingerprint() or again.events != copies[1].events:
            where = _first_difference(again.state, copies[1].state)
            raise self.fail(
                "determinize",
                f"{player}'s copy depends on more than they know: a copy of a copy differs "
                f"from the copy made with the same seed (at {where})",
            )
        if paths:
            self.report.hidden_positions += 1
            hidden = {canonical([_get(c.state, p) for p in paths]) for c in copies}
            self.report.varied_positions += len(hidden) > 1

    def check_copy_plays(self, game: Game) -> None:
        """A determinized copy replays from its record, clones, and plays on to its end
        (checked once the real game has passed, so that its own faults are named first)."""
        player = self.seeds.choice(game.players)
        copy = self.determinized(game, player, self.seeds.randrange(1 << 30))
        twin = copy.clone()
        chooser = random.Random(self.seed)
        limit = self.rules.max_actions(game.options)
        for _ in range(limit):
            if copy.over:
                break
            try:
                actor = chooser.choice(copy.to_act)
                copy.apply(actor, chooser.choice(copy.legal_actions(actor)))
            except Exception:  # the rules fail on a legal action: a crash, wherever it is
                raise self.fail(
                    "crash", f"in {player}'s determinized copy:\n{traceback.format_exc()}"
                ) from None
        else:
            raise self.fail("determinize", f"{player}'s copy did not end in {limit} actions")
        try:
            for actor, action in copy.actions:
                twin.apply(actor, action)
            *_, replayed = replay_steps(json.loads(json.dumps(copy.record())), self.rules)
        except ConformanceError:
            raise
        except Exception:
            raise self.fail(
                "determinize", f"{player}'s copy does not play on:\n{traceback.format_exc()}"
            ) from None
        if not (copy.fingerprint() == twin.fingerprint() == replayed.fingerprint()):
            raise self.fail("determinize", f"{player}'s copy does not clone or replay exactly")

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


def _without_undo(view: dict[str, Any]) -> dict[str, Any]:
    """A view without `can_undo`: a copy starts with no actions of its own to take back."""
    return {k: v for k, v in view.items() if k != "can_undo"}


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
