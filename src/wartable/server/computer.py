"""Computer players: server-side agents that decide from their seat's view, never the state.

After every change, each computer seat that must decide gets one task: it waits a moment (so
that people can follow its moves), then thinks in a worker thread, off the event loop, so that
every other table stays responsive: its agent gets the seat's view of a snapshot of the game
and, if it searches, determinized copies of that snapshot (never the game). The action is
played through `Tables.computer_move` only if the game has not changed meanwhile. The agent's
seed comes from the game, the seat and the move number, so a restarted server makes the same
choices.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from concurrent.futures import ThreadPoolExecutor

from wartable.agents import Agent, RandomAgent
from wartable.agents.levels import make_agent
from wartable.agents.play import decide
from wartable.agents.scripted import has_scripted
from wartable.engine.game import Game
from wartable.engine.rules import Action
from wartable.server.seats import level
from wartable.server.tables import Table, Tables

log = logging.getLogger("wartable.server")


def agent_for(table: Table, seat: str) -> Agent:
    """The agent that decides `seat`'s next move, at the seat's level (the random player for
    a game that has no scripted one)."""
    key = f"{table.id}:{table.game.seed}:{seat}:{len(table.game.actions)}"
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    if not has_scripted(table.game.id):
        return RandomAgent(seed=seed)
    return make_agent(table.game.id, level(table.kinds[seat]), seed)


def think(agent: Agent, snapshot: Game, seat: str) -> Action:
    return decide(agent, snapshot, seat)


class ComputerPlayers:
    """Schedules the computer seats of every table."""

    def __init__(self, tables: Tables, delay: float = 0.6, threads: int = 2) -> None:
        self.tables = tables
        self.delay = delay
        self.pending: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.closed = False
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="computer")
        tables.listeners.append(self.schedule)

    def schedule(self, table: Table) -> None:
        """Start a task for each computer seat of `table` that must decide now."""
        if self.closed:
            return
        for seat in table.computers:
            key = (table.id, seat)
            if seat in table.game.to_act and key not in self.pending:
                self.pending[key] = asyncio.get_running_loop().create_task(
                    self._play(table, seat), name=f"computer {table.id} {seat}"
                )

    async def _play(self, table: Table, seat: str) -> None:
        key = (table.id, seat)
        try:
            await asyncio.sleep(self.delay)
            version, snapshot = table.version, table.game.clone()
            agent = agent_for(table, seat)
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.pool, think, agent, snapshot, seat)
            acted = await self.tables.computer_move(table, seat, action, version)
        except asyncio.CancelledError:
            self.pending.pop(key, None)
            raise
        except Exception:
            log.exception("computer player %s of game %s failed", seat, table.id)
            self.pending.pop(key, None)
            return
        self.pending.pop(key, None)
        if acted or seat in table.game.to_act:
            self.schedule(table)  # its next decision, or this one again on a changed game

    async def close(self) -> None:
        self.closed = True
        tasks = list(self.pending.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pending.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)
