"""The designer's workbench: many games played by computer players, their results as a table,
component values swept over a grid, and a report with plots (docs/workbench.md).

- `seating`: who plays each seat (``SEAT=AGENT[:LEVEL]``) and the agents that makes;
- `values`: component values: a run's effective data, its digest, a value laid at a path;
- `sweep`: ``--set PATH=V1,V2`` and ``PATH=3..6``, and the grid of points they make;
- `progress`: each game's turn and scores as a spectator sees them (score over turns);
- `runner`: one game played to its end, and the seeds every game of a run derives from;
- `backends`: the games of a run played on local processes or a Ray cluster;
- `results`: the results table (CSV written as games finish, Parquet) read and written;
- `simulation`: a whole run: its out folder, records, resume, progress bar;
- `summary`: win rates with 95% Wilson intervals, game length, first-player advantage;
- `plots` and `report`: the figures and the self-contained HTML report.
"""

from wartable.engine.errors import WartableError


class WorkbenchError(WartableError):
    """A run that cannot be made: a bad seat, path or value, an out folder of another run."""
