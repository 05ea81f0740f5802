"""Computer players: server-side agents that decide from their seat's view, never the state.

After every change, each computer seat that must decide gets one task: it waits a moment (so
that people can follow its moves), then asks its agent for an action given the seat's view and
plays it through `Tables.computer_move`, like any other seat. The agent's seed comes from the
game, the seat and the move number, so a restarted server makes the same choices.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging

from wartable.agents import Agent, RandomAgent
from wartable.engine.rules import Action
from wartable.server.tables import Table, Tables

log = logging.getLogger("wartable.server")


def agent_for(table: Table, seat: str) -> Agent:
    """The agent that decides `seat`'s next move (the random player, for now)."""
    key = f"{table.id}:{table.game.seed}:{seat}:{len(table.game.actions)}"
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    return RandomAgent(seed=seed)


def choose(table: Table, seat: str) -> Action:
    return agent_for(table, seat).choose(table.game.view(seat))


class ComputerPlayers:
    """Schedules the computer seats of every table."""

    def __init__(self, tables: Tables, delay: float = 0.6) -> None:
        self.tables = tables
        self.delay = delay
        self.pending: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.closed = False
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
            acted = await self.tables.computer_move(table, seat, lambda t: choose(t, seat))
        except asyncio.CancelledError:
            self.pending.pop(key, None)
            raise
        except Exception:
            log.exception("computer player %s of game %s failed", seat, table.id)
            self.pending.pop(key, None)
            return
        self.pending.pop(key, None)
        if acted:
            self.schedule(table)  # its next decision, if it has one

    async def close(self) -> None:
        self.closed = True
        tasks = list(self.pending.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pending.clear()
