"""`wartable simulate`, `sweep` and `report` as a designer types them."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from wartable.cli import app
from wartable.workbench.results import read

runner = CliRunner(env={"COLUMNS": "200"})


def test_simulate_prints_win_rates_and_keeps_every_game(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "silhouette", "--games", "4", "--agents", "p1=random", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    said = result.stdout
    assert "4 games played in " in said and "games/s on process, --jobs 1" in said
    cpu = re.search(r"CPU (\d+\.\d\d) s in this process and its worker processes", said)
    assert cpu is not None and float(cpu.group(1)) > 0  # four games take some CPU time
    assert "silhouette: p1=random p2=scripted: 4 games" in said
    assert "each seat among the winners:" in said
    assert "first player (p1): won" in said
    assert "game length: " in said
    assert len(read(out / "results.parquet")) == 4
    assert len(list((out / "records").glob("*.json"))) == 4


def test_simulate_plays_with_a_users_printed_values(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text("[rules]\nrounds = 2\n")
    out = tmp_path / "run"
    args = ["simulate", "silhouette", "--games", "3", "--jobs", "1", "--data", str(mine)]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = read(out)
    assert all(r.data == {"rules": {"rounds": 2}} and r.turns is not None for r in rows)
    assert max(r.turns or 0 for r in rows) <= 2


def test_a_bad_printed_value_is_named_with_file_and_line(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text("[rules]\nrounds = 0\n")
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "silhouette", "--data", str(mine), "--out", str(out)])
    assert result.exit_code == 2
    assert f"error: {mine}:2: rules.rounds: must be at least 1, got 0" in result.stderr
    assert not out.exists()


def test_sweep_reports_each_point_with_its_interval(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["sweep", "silhouette", "--set", "rules.rounds=2..3", "--set", "rules.round_sp=1,2"]
    result = runner.invoke(app, [*args, "--games", "2", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("rules.")]
    assert [line.split(":")[0] for line in lines] == [
        "rules.rounds=2 rules.round_sp=1",
        "rules.rounds=2 rules.round_sp=2",
        "rules.rounds=3 rules.round_sp=1",
        "rules.rounds=3 rules.round_sp=2",
    ]
    assert all("2 games: p1 " in line and "% [" in line for line in lines)
    rows = read(out)
    assert [r.point for r in rows[::2]] == [
        {"rules.rounds": 2, "rules.round_sp": 1},
        {"rules.rounds": 2, "rules.round_sp": 2},
        {"rules.rounds": 3, "rules.round_sp": 1},
        {"rules.rounds": 3, "rules.round_sp": 2},
    ]
    assert rows[0].seed == rows[2].seed  # game i of every point: the same seed


def test_a_bad_path_or_value_is_named_and_nothing_runs(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    cases = [
        (
            "rules.roundz=3,4",
            "error: --set rules.roundz: rules has no 'roundz' (it has: double_cost, round_sp, "
            "rounds, set_cost, shift_cost, source, start_sp, unattacked_sp)",
        ),
        ("rules.rounds=4,0", "error: --set rules.rounds=0: option data: rules.rounds: must be"),
        ("rules.rounds=x", "error: --set rules.rounds=x: option data: rules.rounds: must be a"),
    ]
    for value, said in cases:
        result = runner.invoke(app, ["sweep", "silhouette", "--set", value, "--out", str(out)])
        assert result.exit_code == 2, result.output
        assert said in result.stderr
        assert not out.exists()


def test_a_backend_that_does_not_exist_is_named_before_anything_is_written(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "silhouette", "--backend", "dask", "--out", str(out)])
    assert result.exit_code == 2
    assert "error: --backend 'dask': one of process, ray" in result.stderr
    assert not out.exists()


def test_report_writes_one_page_from_several_tables(tmp_path: Path) -> None:
    for seed in ("1", "2"):
        args = ["simulate", "silhouette", "--games", "2", "--jobs", "1", "--seed", seed]
        assert runner.invoke(app, [*args, "--out", str(tmp_path / seed)]).exit_code == 0
    page = tmp_path / "report.html"
    tables = [str(tmp_path / "1" / "results.csv"), str(tmp_path / "2" / "results.parquet")]
    result = runner.invoke(app, ["report", *tables, "--out", str(page), "--lang", "ja"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and '<html lang="ja">' in html
    assert "陣営別の勝率" in html and "<svg" in html
    assert not any(fetch in html for fetch in ("<script", "<link", "<img", "src=", "url(http"))


def test_report_names_a_file_that_is_not_a_results_table(tmp_path: Path) -> None:
    other = tmp_path / "notes.csv"
    other.write_text("a,b\n1,2\n")
    result = runner.invoke(app, ["report", str(other), "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 2
    assert f"error: {other}: not a results table of the workbench" in result.stderr
