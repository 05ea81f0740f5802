"""The `wartable` command line, run in-process (and as a program where what reaches the
terminal matters)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from support.skirmish import DATA_FILE
from wartable.cli import app
from wartable.engine import load_record, replay
from wartable.terminal import SEAT_KINDS

runner = CliRunner(env={"COLUMNS": "200"})


def test_games_lists_each_game_with_its_players() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert re.search(r"skirmish .*Skirmish \(test game\).*red, blue", result.output)


def test_play_random_against_random_saves_a_replayable_record(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "skirmish",
            "--seat",
            "red=random",
            "--seat",
            "blue=random",
            "--seed",
            "4",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output
    game = replay(load_record(save))
    assert game.over and game.seed == 4


def test_a_human_sees_numbered_actions_and_the_log_of_rolls(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["play", "skirmish", "--seat", "blue=random", "--seed", "5"], input="1\n" * 100
    )
    assert result.exit_code == 0, result.output
    assert "  1  stance: attack" in result.output
    assert "Winner" in result.output


def test_japanese_interface() -> None:
    result = runner.invoke(
        app,
        ["play", "skirmish", "--seat", "blue=random", "--seed", "5", "--lang", "ja"],
        input="1\n" * 100,
    )
    assert result.exit_code == 0, result.output
    assert "構え: attack" in result.output and "勝者" in result.output


def test_quit_keeps_the_game_and_load_carries_on(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = runner.invoke(
        app,
        ["play", "skirmish", "--seat", "blue=random", "--seed", "6", "--save", str(save)],
        input="1\n1\nq\n",
    )
    assert first.exit_code == 0, first.output
    saved = load_record(save)
    assert len(saved["actions"]) >= 2 and not saved["over"]
    second = runner.invoke(
        app,
        ["play", "skirmish", "--load", str(save), "--seat", "blue=random", "--save", str(save)],
        input="1\n" * 100,
    )
    assert second.exit_code == 0, second.output
    assert replay(load_record(save)).over
    assert load_record(save)["actions"][: len(saved["actions"])] == saved["actions"]


def test_undo_at_the_terminal() -> None:
    result = runner.invoke(
        app, ["play", "skirmish", "--seat", "blue=human", "--seed", "2"], input="1\nu\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("  1  stance: attack") >= 3  # shown again after the undo


def test_bad_seat_and_bad_language_are_refused() -> None:
    result = runner.invoke(app, ["play", "skirmish", "--seat", "green=human"])
    assert result.exit_code == 2 and "PLAYER=KIND" in result.output
    result = runner.invoke(app, ["play", "skirmish", "--lang", "fr"])
    assert result.exit_code == 2 and "--lang" in result.output
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "no game 'chess'" in result.output


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "skirmish", "--seat", "red=random", "--seed", "3", "--save", str(save)]
    )
    result = runner.invoke(app, ["replay", str(save), "--board"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^1\. (red|blue): stance", result.output, re.M)
    assert "rolls 1D" in result.output and "result:" in result.output
    save.write_text(save.read_text()[:100])
    broken = runner.invoke(app, ["replay", str(save)])
    assert broken.exit_code == 2 and "truncated" in broken.output


def test_bench_prints_actions_and_games_per_second() -> None:
    result = runner.invoke(app, ["bench", "skirmish", "--runs", "2", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert re.search(r"skirmish: [\d,]+ engine actions/s, [\d.,]+ random games/s", result.output)


def test_bench_plays_its_games_with_the_options_given() -> None:
    def actions_per_game(*option: str) -> int:
        args = ["bench", "skirmish", "--runs", "1", "--games", "3", *option]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        found = re.search(r"([\d,]+) actions per game", result.output)
        assert found is not None, result.output
        return int(found.group(1).replace(",", ""))

    assert actions_per_game("--option", "turns=1") < actions_per_game()
    refused = runner.invoke(app, ["bench", "skirmish", "--option", "turns=zero"])
    assert refused.exit_code == 2 and "turns" in refused.output


def test_data_validate(tmp_path: Path) -> None:
    good = runner.invoke(app, ["data", "validate", str(DATA_FILE)])
    assert good.exit_code == 0 and "valid skirmish data" in good.output
    bad = tmp_path / "mine.toml"
    bad.write_text('game = "skirmish"\n[units.tank]\nattack = 40\n')
    result = runner.invoke(app, ["data", "validate", str(bad)])
    assert result.exit_code == 2
    assert "mine.toml:3: units.tank.attack: must be at most 6, got 40" in result.output
    nameless = tmp_path / "x.toml"
    nameless.write_text("[units.tank]\nattack = 4\n")
    result = runner.invoke(app, ["data", "validate", str(nameless)])
    assert result.exit_code == 2 and "which game" in result.output


def test_serve_passes_the_odds_time_limit_to_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`serve --odds-timeout` reaches the app's odds questions (no server is started)."""
    import wartable.server
    from wartable.server import Settings, create_app

    given: list[Settings] = []

    def fake_serve(host: str, port: int, settings: Settings, **kwargs: Any) -> None:
        given.append(settings)

    monkeypatch.setattr(wartable.server, "serve", fake_serve)
    database = f"sqlite://{tmp_path / 'w.db'}"
    result = runner.invoke(app, ["serve", "--database", database, "--odds-timeout", "2.5"])
    assert result.exit_code == 0, result.output
    assert given[-1].odds_timeout == 2.5
    assert create_app(given[-1]).server.odds.timeout == 2.5
    result = runner.invoke(app, ["serve", "--database", database])
    assert result.exit_code == 0, result.output
    assert given[-1].odds_timeout == Settings().odds_timeout == 15.0


@pytest.mark.parametrize("bad", ["0", "-1", "nan", "inf", "soon"])
def test_serve_refuses_an_odds_time_limit_that_is_not_seconds_above_0(
    bad: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wartable.server

    monkeypatch.setattr(wartable.server, "serve", lambda *args, **kwargs: None)
    result = runner.invoke(app, ["serve", "--odds-timeout", bad])
    assert result.exit_code == 2
    assert "Invalid value for '--odds-timeout'" in result.output


def test_play_takes_game_options_as_json_or_text(tmp_path: Path) -> None:
    save = tmp_path / "team.json"
    seats = [a for s in ("a1", "b1", "a2", "b2") for a in ("--seat", f"{s}=random")]
    result = runner.invoke(
        app,
        [
            "play",
            "silhouette",
            *seats,
            "--seed",
            "3",
            "--option",
            "mode=team",
            "--option",
            'robots={"a1": "raiden"}',
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    game = replay(load_record(save))
    assert game.players == ("a1", "b1", "a2", "b2")  # text "team", JSON object for robots
    assert game.state["machines"]["a1"]["robot"] == "raiden"


def test_a_bad_game_option_is_refused_by_name() -> None:
    result = runner.invoke(app, ["play", "silhouette", "--option", "mode=chess"])
    assert result.exit_code != 0
    assert "option mode must be one of versus, team, solo, coop" in result.output
    result = runner.invoke(app, ["play", "silhouette", "--option", "mode"])
    assert result.exit_code != 0
    assert "write NAME=VALUE" in result.output


def wartable(*args: str, columns: int) -> subprocess.CompletedProcess[str]:
    """The installed `wartable` program (its console script), on a terminal `columns` wide,
    with the Skirmish test game importable."""
    script = Path(sys.executable).with_name("wartable")
    command = [str(script)] if script.exists() else [sys.executable, "-c", CLI_MAIN]
    env = dict(os.environ, COLUMNS=str(columns), LINES="24")
    env.pop("TERMINAL_WIDTH", None)
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [*command, *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )


CLI_MAIN = "from wartable.cli import main; main()"
TESTS = Path(__file__).resolve().parent


def test_errors_reach_standard_error_whole_on_a_narrow_terminal(tmp_path: Path) -> None:
    """An error naming a long path, printed by the real program on a narrow terminal: one whole
    line on standard error (never wrapped, so no space lost where a line would break), nothing
    of it on standard output."""
    deep = tmp_path.joinpath(*[f"a-rather-long-folder-name-{i}" for i in range(8)])
    deep.mkdir(parents=True)
    columns = 40
    assert len(str(deep)) > 5 * columns
    bad = deep / "my printed values.toml"
    bad.write_text('game = "skirmish"\n[units.tank]\nattack = 40\n')
    missing = deep / "no such game.json"
    cases = [
        (
            ["data", "validate", str(bad), "--plugin", "support.skirmish"],
            f"error: {bad}:3: units.tank.attack: must be at most 6, got 40",
        ),
        (
            ["play", "skirmish", "--plugin", "support.skirmish", "--load", str(missing)],
            f"error: {missing}: cannot read: No such file or directory",
        ),
        (
            ["play", "skirmish", "--plugin", "support.skirmish", "--seat", "green=human"],
            "error: --seat 'green=human': use PLAYER=KIND with PLAYER in red, blue "
            f"and KIND in {', '.join(SEAT_KINDS)}",
        ),
        (  # a usage error that click finds, as click words it
            ["serve", "--odds-timeout", "0"],
            "Error: Invalid value for '--odds-timeout': 0 is not a number of seconds above 0",
        ),
    ]
    for args, line in cases:
        result = wartable(*args, columns=columns)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert line in result.stderr.splitlines(), (args, result.stderr)
        assert "error" not in result.stdout.lower(), (args, result.stdout)
