"""Playing in the terminal: the board as text, the legal actions numbered, the log of rolls.

Every seat is a person at this terminal (hot-seat) or an agent. A person sees only their own
seat's view and the log entries their seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from wartable.agents import Agent
from wartable.agents.levels import LEVELS, make_agent
from wartable.agents.play import decide
from wartable.engine import Game, IllegalAction, save_record
from wartable.text import event_text

# a computer seat: `computer` (the normal level), `computer:LEVEL`, or `random` (the random player)
SEAT_KINDS = ("human", "random", "computer", *(f"computer:{level}" for level in LEVELS))

HELP = {
    "en": "Type a number to act; u = undo, s = save, q = quit.",
    "ja": "番号で行動を選ぶ。u = 取り消し、s = 保存、q = 終了。",
}


def make_agents(game: Game, seats: dict[str, str]) -> dict[str, Agent]:
    """An agent for each seat that is not a person at this terminal."""
    agents = {}
    for i, player in enumerate(game.players):
        kind = seats[player]
        if kind != "human":
            level = "normal" if kind == "computer" else kind.removeprefix("computer:")
            agents[player] = make_agent(game.id, level, seed=game.seed * 1009 + i)
    return agents


class TerminalTable:
    """One game at this terminal."""

    def __init__(
        self,
        game: Game,
        seats: dict[str, str],
        *,
        lang: str = "en",
        save: Path | None = None,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game, self.seats, self.lang, self.save_path = game, seats, lang, save
        self.console = console or Console()
        self.ask = ask or self.console.input
        self.agents = make_agents(game, seats)
        self.seen: dict[str | None, int] = {}

    def run(self) -> bool:
        """Play until the game ends (True) or a person quits (False)."""
        game = self.game
        while not game.over:
            player = game.to_act[0]
            if player in self.agents:
                game.apply(player, decide(self.agents[player], game, player))
            elif not self.human_turn(player):
                self.save()
                return False
            self.save()
        humans: list[str | None] = [p for p in game.players if self.seats[p] == "human"]
        for person in humans or [None]:
            self.show_log(person)
        self.show_result()
        return True

    def save(self) -> None:
        if self.save_path is not None:
            save_record(self.game.record(), self.save_path)

    def show_log(self, player: str | None) -> None:
        start = self.seen.get(player, 0)
        for event in self.game.log(player, start):
            self.console.print(
                f"  [dim]·[/dim] {escape(event_text(event, self.lang))}", highlight=False
            )
        self.seen[player] = len(self.game.events)

    def human_turn(self, player: str) -> bool:
        game = self.game
        view = game.view(player)
        self.console.print(Rule(f"{player}"))
        self.show_log(player)
        board = game.rules.render_text(view["board"], self.lang)
        self.console.print(Panel(Text(board), title=game.rules.title[self.lang]))
        choices = view["legal_actions"]
        for i, choice in enumerate(choices, 1):
            self.console.print(
                f"  [bold]{i:3}[/bold]  {escape(choice['text'][self.lang])}", highlight=False
            )
        while True:
            answer = self.ask(f"{player}> ").strip().lower()
            if answer == "q":
                return False
            if answer == "s":
                self.save()
                self.console.print(str(self.save_path) if self.save_path else "no --save file")
                continue
            if answer == "u":
                try:
                    self.undo()
                except IllegalAction as error:
                    self.console.print(f"[red]{escape(str(error))}[/red]")
                    continue
                return True
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                game.apply(player, choices[int(answer) - 1]["action"])
                return True
            self.console.print(HELP[self.lang])

    def undo(self) -> None:
        """Take back the last action of a person at this terminal, and the computer's replies."""
        actions = self.game.actions
        people = [i for i, (p, _) in enumerate(actions) if self.seats[p] == "human"]
        if not people:
            raise IllegalAction("there is no action of yours to take back")
        self.game.rewind(people[-1])
        self.seen = {}

    def show_result(self) -> None:
        result = self.game.result or {}
        winners = ", ".join(result.get("winners", [])) or (
            "引き分け" if self.lang == "ja" else "draw"
        )
        label = "勝者" if self.lang == "ja" else "Winner"
        scores = result.get("scores", {})
        self.console.print(Panel(Text(f"{label}: {winners}\n{scores}"), title="Game over"))
