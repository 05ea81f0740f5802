"""`wartable play imperium --option scenario=N`: every scenario of the book played to its end in
the terminal, a person against the computer, with the board drawn from the person's view."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wartable.cli import app
from wartable.engine import load_record, replay

runner = CliRunner(env={"COLUMNS": "200"})
FIRST = "1\n" * 20_000  # the person always takes the first action offered


@pytest.mark.parametrize(
    ("scenario", "board"),
    [(1, "A2:"), (2, "level 1"), (3, "level 2"), (4, "level 3"), (5, "level 1")],
)
def test_each_scenario_is_played_to_its_end_in_the_terminal(
    scenario: int, board: str, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    args = ["play", "imperium", "--option", f"scenario={scenario}", "--seed", "3"]
    result = runner.invoke(
        app, [*args, "--seat", "imperial=computer", "--save", str(save)], input=FIRST
    )
    assert result.exit_code == 0, result.output
    assert f"Scenario {scenario}:" in result.output and board in result.output
    assert "Game over" in result.output
    game = replay(load_record(save))
    assert game.over and game.state["scenario"] == f"s{scenario}"


def test_the_board_and_the_actions_in_japanese() -> None:
    args = ["play", "imperium", "--option", "scenario=2", "--seat", "imperial=computer"]
    result = runner.invoke(app, [*args, "--lang", "ja"], input=FIRST)
    assert result.exit_code == 0, result.output
    assert "シナリオ2: 警棒作戦" in result.output and "レベル 1" in result.output
    assert "をエリア" in result.output  # "set up ... in area ..." in Japanese


def test_a_scenario_that_does_not_exist_is_refused_by_name() -> None:
    result = runner.invoke(app, ["play", "imperium", "--option", "scenario=9"])
    assert result.exit_code != 0
    assert "option 'scenario' must be one of s1, s2, s3, s4, s5" in result.output


def test_sc6_the_galactic_war_in_the_terminal_lists_the_systems_as_the_player_sees_them() -> None:
    args = ["play", "imperium", "--option", "scenario=6", "--seat", "imperial=random"]
    result = runner.invoke(app, [*args, "--seed", "3"], input="1\n" * 300)
    assert "Traceback" not in result.output, result.output
    assert "Scenario 6: The First Interstellar War" in result.output
    assert "Sol:" in result.output and "sol_1 [world Terran]" in result.output  # 3.1, 3.2
    assert "IF2: (secret)" in result.output  # D.1: the Imperial fleets' ships are hidden
