"""Exact odds for the web app (``GET /api/tables/{table}/odds``): the game's answer to a
question such as ``hex=C08``, from what one seat may see.

``Game.odds(seat, query)`` is the game's own ``rules.odds(state, seat, query)``; the game
guarantees that it reads nothing the seat may not see, so the server only passes the seat.
An exact answer can take a long time for a large battle (minutes for ten units a side in
VOTOMS), so each question is answered by a new worker process (`wartable.odds_worker`,
about 0.15 s to start), killed when it runs past ``Settings.odds_timeout``: a question never
holds the table's lock while it is worked out (the state is copied under the lock), never
blocks the event loop, and never keeps a core busy for longer than the limit. At most
``Settings.odds_workers`` questions are worked out at once; the answers (refusals and
time-outs too) are kept for each state, seat and question.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import sys
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from wartable.engine.plain import copy_plain
from wartable.engine.rules import Rules
from wartable.server.tables import Table

log = logging.getLogger("wartable.server")

MAX_QUESTIONS = 16  # parameters of one question
MAX_KEY = 40
MAX_VALUE = 200
CACHE_SIZE = 256
MAX_WAITING = 32  # questions waiting for a worker; more are refused (503)


class OddsError(Exception):
    """A question the server cannot answer; `status` is the HTTP status to give."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def offers_odds(rules: Rules) -> bool:
    """Whether the game answers odds questions at all (it overrides `Rules.odds`)."""
    return type(rules).odds is not Rules.odds


def check_query(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """The question as a dict; `OddsError` (400) for one too long or asking a thing twice."""
    if len(pairs) > MAX_QUESTIONS:
        raise OddsError(400, f"an odds question has at most {MAX_QUESTIONS} parts")
    query: dict[str, str] = {}
    for key, value in pairs:
        if len(key) > MAX_KEY or len(value) > MAX_VALUE:
            raise OddsError(400, f"odds question {key[:MAX_KEY]!r} is too long")
        if key in query:
            raise OddsError(400, f"odds question {key!r} is given twice")
        query[key] = value
    return query


def _environment() -> dict[str, str]:
    """The worker's environment: this process's, with its import path (a game registered
    from a plugin folder unpickles there too)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return env


async def run_in_worker(
    rules: Rules, state: Any, seat: str | None, query: dict[str, str], timeout: float
) -> tuple[str, Any]:
    """("ok", answer), ("bad", message), ("error", message) or ("timeout", None): the game's
    answer worked out by a new `wartable.odds_worker` process, killed after `timeout` seconds."""
    try:
        payload = pickle.dumps((rules, state, seat, query))
    except Exception as error:  # a game whose rules cannot travel to a worker
        return ("error", f"the question cannot be sent to a worker: {error}")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "wartable.odds_worker",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=_environment(),
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(payload), timeout)
    except TimeoutError:
        return ("timeout", None)
    finally:
        if process.returncode is None:  # timed out, or the request was cancelled
            process.kill()
            await process.wait()
    if process.returncode != 0 or not out:
        last = err.decode(errors="replace").strip().splitlines()[-1:] or [""]
        return ("error", f"the odds worker stopped (exit code {process.returncode}) {last[0]}")
    outcome: tuple[str, Any] = pickle.loads(out)
    return outcome


@dataclass
class Odds:
    """The odds questions of one server: the worker limit, the time limit and the answers."""

    timeout: float = 15.0
    workers: int = 2

    def __post_init__(self) -> None:
        self.slots = asyncio.Semaphore(self.workers)
        self.waiting = 0
        self.answers: OrderedDict[tuple[Any, ...], tuple[str, Any]] = OrderedDict()

    async def answer(self, table: Table, seat: str | None, query: dict[str, str]) -> dict[str, Any]:
        """``{"text", "data", "moves"}``: the game's answer as `seat` may have it, for the
        state of the game now (``moves`` actions in); `OddsError` if there is none."""
        rules = table.game.rules
        if not offers_odds(rules):
            raise OddsError(404, f"{table.game.id} offers no odds")
        async with table.lock:
            game = table.game
            moves = len(game.actions)
            key = (table.id, game.fingerprint(), seat, tuple(sorted(query.items())))
            state = copy_plain(game.state)
        if key in self.answers:
            self.answers.move_to_end(key)
            outcome = self.answers[key]
        else:
            if self.waiting >= MAX_WAITING:
                raise OddsError(503, "too many odds questions at once; ask again in a moment")
            self.waiting += 1
            try:
                async with self.slots:
                    outcome = await run_in_worker(rules, state, seat, query, self.timeout)
            finally:
                self.waiting -= 1
            if outcome[0] == "error":
                log.error("odds of game %s (%s) failed: %s", table.id, query, outcome[1])
            else:
                self.answers[key] = outcome
                while len(self.answers) > CACHE_SIZE:
                    self.answers.popitem(last=False)
        kind, value = outcome
        if kind == "ok":
            if value is None:
                raise OddsError(404, f"{table.game.id} offers no odds for this question")
            return {"text": value["text"], "data": value.get("data"), "moves": moves}
        if kind == "bad":
            raise OddsError(400, value)
        if kind == "timeout":
            raise OddsError(
                503,
                f"these odds take more than {self.timeout:g} s to work out exactly; "
                "ask about fewer units",
            )
        raise OddsError(500, f"the odds could not be worked out: {value}")
