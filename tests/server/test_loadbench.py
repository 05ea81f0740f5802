"""`wartable bench-web` (wartable.server.loadbench): a short run against a real server process,
and the temporary folder it works in gone afterwards, with or without --database, and when the
server does not start."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from wartable.server import loadbench

SHORT = ["skirmish", "--games", "2", "--warmup", "0.5", "--seconds", "0.5"]
PLUGIN = ["--plugin", "support.skirmish"]


@pytest.fixture
def temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder where the benchmark makes its temporary folder (tempfile's default)."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.parametrize("own_database", [False, True])
def test_a_run_leaves_no_temporary_folder_behind(
    temp: Path, tmp_path: Path, own_database: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "mine" / "bench.db"
    database.parent.mkdir()
    args = [*SHORT, *PLUGIN]
    if own_database:
        args += ["--database", f"sqlite://{database}"]
    loadbench.main(args)
    out = capsys.readouterr().out
    assert "2 concurrent skirmish games over WebSockets" in out
    assert "acknowledged in" in out
    assert list(temp.iterdir()) == []
    # the database given is the user's: it stays, with the games played in it
    assert database.exists() == own_database


def test_a_server_that_does_not_start_says_why_and_leaves_nothing_behind(temp: Path) -> None:
    with pytest.raises(RuntimeError, match=r"the server exited with code \d+:\n(.|\n)*chess"):
        loadbench.main([*SHORT, "--plugin", "no_such_module_chess"])
    assert list(temp.iterdir()) == []
