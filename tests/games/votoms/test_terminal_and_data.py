"""VOTOMS at the command line: a whole game in the terminal, odds, and checking data files."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import wartable
from wartable.cli import app
from wartable.games.votoms.components import DATA_FILE

runner = CliRunner(env={"COLUMNS": "200"})


def test_play_votoms_to_the_end_in_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "votoms.json"
    args = ["play", "votoms", "--seat", "merc=random", "--seat", "bieler=random", "--seed", "2"]
    result = runner.invoke(app, [*args, "--save", str(save)])
    assert result.exit_code == 0, result.output
    game = wartable.replay(wartable.load_record(save))
    assert game.over and "Winner" in result.output


def test_a_person_at_the_terminal_sees_enemy_face_down_units_as_backs() -> None:
    """Rule 6.3: the Bieler player sees Merc's face-down stacks as ids with [?], never fronts."""
    result = runner.invoke(
        app, ["play", "votoms", "--seat", "bieler=human", "--seed", "3"], input="q\n"
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"Merc: M\d+ Helicopter 6-3, .*M\d+\[\?\]", result.output)
    assert "Kan Yu" not in result.output and "Scopedog 8-3" not in result.output
    assert "↓ Blue AT" in result.output  # its own face-down units, it knows
    assert "Kanjelman Palace [bieler]" in result.output  # control markers


def test_9_9_3_odds_at_the_command_line() -> None:
    result = runner.invoke(app, ["odds", "votoms", "merc=8-3", "bieler=8-3", "--json"])
    assert result.exit_code == 0, result.output
    battle = json.loads(result.output)["battle"]
    assert battle["merc"]["exact"] == "13/31" and battle["none"]["exact"] == "5/31"
    text = runner.invoke(app, ["odds", "votoms", "merc=8-3", "bieler=8-3", "--lang", "ja"])
    assert "傭兵側勝利 41.9%" in text.output
    bad = runner.invoke(app, ["odds", "votoms", "merc=8", "bieler=8-3"])
    assert bad.exit_code == 2 and "attack-defence" in bad.output


def test_odds_of_a_combat_hex_in_a_saved_game(tmp_path: Path) -> None:
    game = wartable.new_game("votoms", seed=1)
    save = tmp_path / "g.json"
    wartable.engine.save_record(game.record(), save)
    result = runner.invoke(app, ["odds", "votoms", "--load", str(save), "hex=K04", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hex"] == "K04" and "round" in data and "battle" in data


def validate(tmp_path: Path, text: str) -> str:
    path = tmp_path / "printed.toml"
    path.write_text('game = "votoms"\n' + text, encoding="utf-8")
    result = runner.invoke(app, ["data", "validate", str(path)])
    assert result.exit_code == 2, result.output
    return result.output.replace("\n", "")


def test_the_shipped_data_is_valid() -> None:
    result = runner.invoke(app, ["data", "validate", str(DATA_FILE)])
    assert result.exit_code == 0 and "valid votoms data" in result.output


def test_a_data_file_with_an_unknown_field_names_file_line_and_field(tmp_path: Path) -> None:
    out = validate(tmp_path, "\n[units.scopedog]\nattack = 8\narmor = 3\n")
    assert "printed.toml:5: units.scopedog.armor: unknown field" in out


def test_a_data_file_with_an_unknown_hex_is_refused(tmp_path: Path) -> None:
    out = validate(tmp_path, '[places.zakui]\nhex = "Z99"\n')
    assert "printed.toml:3: places.zakui.hex: 'Z99' is not a known hex" in out


def test_a_data_file_with_an_impossible_value_is_refused(tmp_path: Path) -> None:
    out = validate(tmp_path, "[units.heli]\ndefence = -3\n")
    assert "printed.toml:3: units.heli.defence: must be at least 0, got -3" in out
    out = validate(tmp_path, "[offensive_markers]\nturns = [8, 9]\n")
    assert "printed.toml:3: offensive_markers.turns: must have 7-7 items, got 2" in out


def test_play_with_a_file_of_printed_values(tmp_path: Path) -> None:
    mine = tmp_path / "printed.toml"
    mine.write_text('game = "votoms"\n[units.scopedog]\nattack = 9\n', encoding="utf-8")
    save = tmp_path / "g.json"
    args = ["play", "votoms", "--seat", "merc=random", "--seat", "bieler=random", "--seed", "4"]
    result = runner.invoke(app, [*args, "--data", str(mine), "--save", str(save)])
    assert result.exit_code == 0, result.output
    record = wartable.load_record(save)
    assert record["options"]["data"]["units"]["scopedog"]["attack"] == 9
    assert wartable.replay(record).over
    mine.write_text('game = "votoms"\n[units.scopedog]\nattack = 99\n', encoding="utf-8")
    bad = runner.invoke(app, [*args, "--data", str(mine)])
    assert bad.exit_code == 2
    said = bad.output.replace("\n", "")
    assert "printed.toml:3: units.scopedog.attack: must be at most 20" in said


def test_odds_refuse_a_hex_without_a_battle(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    wartable.engine.save_record(wartable.new_game("votoms", seed=1).record(), save)
    for hex_label, said in (("Z99", "no hex 'Z99'"), ("A01", "no battle in A01")):
        result = runner.invoke(app, ["odds", "votoms", "--load", str(save), f"hex={hex_label}"])
        assert result.exit_code == 2 and said in result.output
