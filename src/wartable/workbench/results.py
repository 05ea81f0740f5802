"""The results table: one row per game, as CSV (appended as each game finishes) and Parquet.

Lists of seats are words separated by spaces; tables (agents, scores, options, the sweep point,
the printed values, the timeline) are JSON text, in both files alike.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartable.workbench import WorkbenchError
from wartable.workbench.runner import Played, Task


@dataclass
class Row:
    game: str
    index: int  # game i of the run (of its sweep point)
    seed: int  # the game's own seed, derived from the run's
    seats: list[str]
    agents: dict[str, str]  # seat -> agent spec
    winners: list[str]  # empty: a draw (or a game cut off at the game's limit: over is false)
    scores: dict[str, float]
    turns: int | None  # the last turn (Silhouette: round) played; None if the game has no reader
    decisions: int
    seconds: float
    options: dict[str, Any]  # the game options given, without data
    data_digest: str  # SHA-256 of the effective data
    point_no: int
    point: dict[str, Any]  # the swept values by path ({} in a simulation)
    first: str | None  # the seat that made the game's first decision
    over: bool
    data: dict[str, Any]  # the printed values laid over the shipped file (the data option)
    timeline: list[dict[str, Any]]  # [{"turn": t, "scores": {...}}] at the end of each turn
    record: str  # the record file, relative to the results

    @property
    def key(self) -> tuple[int, int]:
        return (self.point_no, self.index)


COLUMNS = tuple(f.name for f in dataclasses.fields(Row))
_WORDS = ("seats", "winners")
_JSON = ("agents", "scores", "options", "point", "data", "timeline")
_INTS = ("index", "seed", "decisions", "point_no", "turns")
_FLOATS = ("seconds",)
_BOOLS = ("over",)


def row(played: Played, record: str) -> Row:
    """The row of a game played, its record kept in the file `record`."""
    task = played.task
    return Row(
        game=task.game_id,
        index=task.index,
        seed=task.seed,
        seats=list(played.record["players"]),
        agents=task.agents,
        winners=played.winners,
        scores=played.scores,
        turns=played.turns,
        decisions=played.decisions,
        seconds=round(played.seconds, 4),
        options=task.options,
        data_digest=task.data_digest,
        point_no=task.point_no,
        point=task.point,
        first=played.first,
        over=played.over,
        data=task.data,
        timeline=played.timeline,
        record=record,
    )


def task(r: Row) -> Task:
    """The game of a row to play again: its seed, agents, options and printed values (the
    record that comes out is the one kept)."""
    return Task(
        r.game, r.point_no, r.point, r.index, r.seed, r.agents, r.options, r.data, r.data_digest
    )


def cells(r: Row) -> dict[str, Any]:
    """A row as the table's cells."""
    out: dict[str, Any] = {}
    for name in COLUMNS:
        value = getattr(r, name)
        if name in _WORDS:
            value = " ".join(value)
        elif name in _JSON:
            value = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        out[name] = value
    return out


def from_cells(found: dict[str, Any]) -> Row:
    """A row from its cells, as CSV (all text) or Parquet (typed) holds them."""
    values: dict[str, Any] = {}
    for name in COLUMNS:
        cell = found[name]
        if name in _WORDS:
            values[name] = cell.split()
        elif name in _JSON:
            values[name] = json.loads(cell)
        elif name in _INTS:
            values[name] = None if cell in ("", None) else int(cell)
        elif name in _FLOATS:
            values[name] = float(cell)
        elif name in _BOOLS:
            values[name] = cell in (True, "True")
        else:
            values[name] = cell or (None if name == "first" else "")
    return Row(**values)


def append_csv(path: Path, rows: Iterable[Row]) -> None:
    """Add rows at the end of a CSV file (its header first if it is new), flushed at once."""
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, COLUMNS)
        if new:
            writer.writeheader()
        writer.writerows(cells(r) for r in rows)


def write_csv(path: Path, rows: Iterable[Row]) -> None:
    """The whole table as CSV, written atomically."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)
    append_csv(tmp, rows)
    tmp.replace(path)


def write_parquet(path: Path, rows: Iterable[Row]) -> None:
    """The whole table as Parquet (needs pyarrow: pip install 'wartable[workbench]')."""
    pa, pq = pyarrow_modules()
    kinds = {
        **dict.fromkeys(_INTS, pa.int64()),
        **dict.fromkeys(_FLOATS, pa.float64()),
        **dict.fromkeys(_BOOLS, pa.bool_()),
    }
    schema = pa.schema([(name, kinds.get(name, pa.string())) for name in COLUMNS])
    table = pa.Table.from_pylist([cells(r) for r in rows], schema=schema)
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    tmp.replace(path)


def read(path: Path) -> list[Row]:
    """The rows of a results file (.parquet, else CSV) or of a run's folder (its CSV, which is
    written as games finish). A CSV's last line cut short (a run killed mid-write) is left out:
    its game counts as not played."""
    if path.is_dir():
        path = path / "results.csv"
    try:
        if path.suffix == ".parquet":
            table = pyarrow_modules()[1].read_table(path)
            _has_columns(path, table.column_names)
            return [from_cells(found) for found in table.to_pylist()]
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            text = text[: text.rfind("\n") + 1]
        reader = csv.DictReader(io.StringIO(text))
        _has_columns(path, reader.fieldnames or [])
        return [from_cells(found) for found in reader]
    except OSError as error:
        raise WorkbenchError(f"{path}: cannot read: {error.strerror or error}") from error
    except ValueError as error:
        raise WorkbenchError(f"{path}: not a results table of the workbench ({error})") from error


def _has_columns(path: Path, names: Sequence[str]) -> None:
    missing = [name for name in COLUMNS if name not in names]
    if missing:
        raise WorkbenchError(
            f"{path}: not a results table of the workbench (no column {missing[0]!r})"
        )


def pyarrow_modules() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet; `WorkbenchError` if they are not installed."""
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise WorkbenchError("Parquet needs pyarrow: pip install 'wartable[workbench]'") from None
    return pyarrow, pyarrow.parquet
