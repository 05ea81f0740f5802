"""A whole run: a plan (the game, its seats, options, printed values and sweep points) played
into an out folder:

    run.json            the plan, which --resume checks
    results.csv         one row per game, appended as each game finishes
    results.parquet     the same rows, written when the run ends or is interrupted
    records/*.json      every game's full record (wartable replay reads it)

Ctrl-C keeps every game finished; ``resume`` plays only the games missing from the table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from wartable.engine.errors import OptionError
from wartable.engine.game import Game
from wartable.engine.record import save_record
from wartable.engine.registry import get_rules
from wartable.workbench import WorkbenchError
from wartable.workbench.backends import played
from wartable.workbench.results import (
    Row,
    append_csv,
    pyarrow_modules,
    read,
    row,
    write_csv,
    write_parquet,
)
from wartable.workbench.runner import Task, derive
from wartable.workbench.seating import SEARCH_SAMPLES, seating
from wartable.workbench.sweep import Point, point_data
from wartable.workbench.values import data_digest, effective


@dataclass(frozen=True)
class Plan:
    """`games` games of `game_id` at each sweep point (one point, {}, in a simulation)."""

    game_id: str
    games: int
    seed: int
    agents: dict[str, str]  # seat -> agent spec
    options: dict[str, Any]  # the game's options as given, without data
    data: dict[str, Any]  # the printed values of --data ({} for none)
    points: list[Point]

    def tasks(self) -> list[Task]:
        """Every game of the plan; game i of every point is played from the same seed, so the
        points of a sweep differ by their values, not by their luck."""
        rules = get_rules(self.game_id)
        doc = effective(rules, self.data)
        tasks = []
        for no, point in enumerate(self.points):
            data = point_data(doc, self.data, point)
            digest = data_digest(rules, data)
            for i in range(self.games):
                seed = derive(self.seed, i)
                tasks.append(
                    Task(self.game_id, no, point, i, seed, self.agents, self.options, data, digest)
                )
        return tasks

    def setup(self) -> dict[str, Any]:
        """What makes the games of this plan what they are (not how many): `run.json`."""
        return {
            "game": self.game_id,
            "seed": self.seed,
            "agents": self.agents,
            "options": self.options,
            "data": self.data,
            "points": self.points,
            "search_samples": SEARCH_SAMPLES,
        }


def plan(
    game_id: str,
    games: int,
    seed: int,
    specs: list[str],
    options: dict[str, Any],
    data: dict[str, Any],
    points: list[Point] | None = None,
) -> Plan:
    """A checked plan: the game, its options, seats and every point's values, so that a bad
    one is named before any game is played."""
    if games < 1:
        raise WorkbenchError(f"--games {games}: at least 1")
    rules = get_rules(game_id)
    if "data" in options:
        raise WorkbenchError("give printed values with --data FILE, not --option data=...")
    if (data or points) and rules.data_file() is None:
        raise WorkbenchError(f"{game_id} has no component data to change")
    seats = seating(game_id, rules.players(Game.checked_options(rules, options)), specs)
    chosen = Plan(game_id, games, seed, seats, options, data, points or [{}])
    for task in chosen.tasks()[:: chosen.games]:  # the first game of each point
        try:
            Game.checked_options(rules, task.game_options())
        except OptionError as error:
            where = " ".join(f"{path}={value}" for path, value in task.point.items())
            raise WorkbenchError(f"--set {where}: {error}" if where else str(error)) from error
    return chosen


@dataclass
class Outcome:
    rows: list[Row]  # every row of the table, this run's and those kept from before
    played: int  # games played now
    interrupted: bool


def run(
    chosen: Plan,
    out: Path,
    *,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
    resume: bool = False,
    show_progress: bool = True,
) -> Outcome:
    """Play the plan's games missing from `out`, keeping each as it finishes."""
    table = out / "results.csv"
    pyarrow_modules()  # missing, it would be named only once every game was played
    rows = _kept(chosen, out, resume)
    done = {r.key for r in rows}
    tasks = [t for t in chosen.tasks() if (t.point_no, t.index) not in done]
    games = played(tasks, jobs, backend, address)  # a bad backend is named before any writing
    (out / "records").mkdir(parents=True, exist_ok=True)
    (out / "run.json").write_text(
        json.dumps(chosen.setup(), ensure_ascii=False, indent=1), encoding="utf-8"
    )
    write_csv(table, rows)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not show_progress,
        auto_refresh=False,  # no thread: the process backend forks its workers meanwhile
    )
    count, interrupted = 0, False
    try:
        with bar:
            progress = bar.add_task(f"{chosen.game_id}: games", total=len(tasks))
            for game in games:
                name = f"records/{game.task.name}.json"
                save_record(game.record, out / name)
                rows.append(row(game, name))
                append_csv(table, rows[-1:])
                count += 1
                bar.advance(progress)
                bar.refresh()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        games.close()
        _finish(out, rows)
    return Outcome(rows, count, interrupted)


def _kept(chosen: Plan, out: Path, resume: bool) -> list[Row]:
    """The rows of `out` that a resumed run keeps; `WorkbenchError` for an out folder that
    holds results and no --resume, or the results of another plan."""
    table = out / "results.csv"
    if not table.exists():
        return []
    if not resume:
        raise WorkbenchError(
            f"{out} holds results already: --resume plays the games missing, "
            "or choose another --out"
        )
    try:
        before = json.loads((out / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise WorkbenchError(f"{out}/run.json: cannot read the plan to resume ({error})") from error
    now = chosen.setup()
    differ = [key for key in now if before.get(key) != now[key]]
    if differ:
        raise WorkbenchError(
            f"{out} holds another run ({', '.join(differ)} differ): "
            "choose another --out, or run it as it was"
        )
    return read(table)


def _finish(out: Path, rows: list[Row]) -> None:
    """The whole table, in order, as CSV and Parquet."""
    rows.sort(key=lambda r: r.key)
    write_csv(out / "results.csv", rows)
    write_parquet(out / "results.parquet", rows)
