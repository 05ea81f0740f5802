"""A file of printed values is laid over the shipped data; a bad one is refused with an error
naming its file, line and field (DESIGN.md, "Component data")."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartable.engine import OptionError
from wartable.engine.data import DataError
from wartable.games.zeta.components import COMPONENTS, components


def lay(tmp_path: Path, text: str) -> str:
    """The error of laying `text` (a printed-values file) over the shipped data."""
    path = tmp_path / "printed.toml"
    path.write_text('game = "zeta"\n' + text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        COMPONENTS.load_file(path)
    return str(caught.value)


def test_printed_values_replace_the_shipped_ones(tmp_path: Path) -> None:
    path = tmp_path / "printed.toml"
    path.write_text('game = "zeta"\n[ms.gm2]\nair = [3, 2]\n', encoding="utf-8")
    loaded = COMPONENTS.load_file(path)
    assert loaded.ms["gm2"].front.air == (3, 2)
    assert loaded.ms["gm2"].back.air == (2, 1)  # the rest stays as shipped


def test_an_unknown_field_names_file_line_and_field(tmp_path: Path) -> None:
    said = lay(tmp_path, "\n[ms.hizack]\npp = 1\narmour = 3\n")
    assert said.endswith(
        "printed.toml:5: ms.hizack.armour: unknown field (known: air, air_back,"
        " aptitude, bomb, bomb_back, defence, defence_back, gov, name, nt_only,"
        " pp, source)"
    )


def test_6_2_production_points_are_1_or_2(tmp_path: Path) -> None:
    said = lay(tmp_path, "[ms.nemo]\npp = 3\n")
    assert said.endswith("printed.toml:3: ms.nemo.pp: must be at most 2, got 3")


def test_21_5_an_air_value_list_has_two_or_three_numbers(tmp_path: Path) -> None:
    said = lay(tmp_path, "[ms.nemo]\nair = [4]\n")
    assert said.endswith("printed.toml:3: ms.nemo.air: must have 2-3 items, got 1")


def test_a_base_in_no_hex_of_the_maps(tmp_path: Path) -> None:
    said = lay(tmp_path, '[bases.dublin]\nat = "ground:Z9"\n')
    assert said.endswith(
        "printed.toml:3: bases.dublin.at: 'ground:Z9' is not a known location entry"
    )


def test_14_3_a_drop_point_away_from_the_earth(tmp_path: Path) -> None:
    said = lay(tmp_path, '[space_map]\ndrop_points = { A = "A1", B = "I6", C = "G6" }\n')
    assert said.endswith(
        "printed.toml:3: space_map.drop_points.A: must be next to the Earth (rule 14.3)"
    )


def test_13_9_a_terrain_line_of_the_wrong_length(tmp_path: Path) -> None:
    rows = ", ".join(['"~~~~~~~~~~~~~~~~~~"'] * 7 + ['"~~~"'])
    said = lay(tmp_path, f"[ground_map]\nterrain = [{rows}]\n")
    assert said.endswith("printed.toml:3: ground_map.terrain: line 8 must have 18 hexes")


def test_27_3_1_growth_on_a_counter_that_does_not_grow(tmp_path: Path) -> None:
    said = lay(tmp_path, '[characters.apolly]\nsurvival = ["G", "L", "L", "M", "H", "D"]\n')
    assert said.endswith(
        "printed.toml:3: characters.apolly.survival: G only on a counter that grows (27.3.1)"
    )


def test_7_4_a_counter_mix_smaller_than_the_set_up(tmp_path: Path) -> None:
    said = lay(tmp_path, "[mix.titans.counters]\nhizack = 5\n")
    assert said.endswith("printed.toml:2: mix.titans.counters: needs 7 hizack (rule 7.4)")


def test_15_4_a_fleet_its_ships_cannot_carry(tmp_path: Path) -> None:
    said = lay(tmp_path, "[ships.argama]\ncapacity = 2\n")
    assert "zeta.toml:" in said  # the set-up that no longer fits is in the shipped file
    assert said.endswith("setup.aeug.units.space:C5: its ships carry 2 MS, not 4 (rule 15.3, 15.4)")


def test_33_2_a_jupiter_fleet_its_ships_cannot_carry(tmp_path: Path) -> None:
    said = lay(tmp_path, "[groups.jupiter_fleet]\nunits = { jupitris = 1, messala = 5 }\n")
    assert said.endswith(
        "printed.toml:3: groups.jupiter_fleet.units: its ships carry 4 MS, not 5 (rule 15.3, 15.4)"
    )


def test_a_rule_base_of_the_wrong_kind(tmp_path: Path) -> None:
    said = lay(tmp_path, '[bases.side3]\nkind = "political"\n')
    assert said.endswith("printed.toml:3: bases.side3.kind: the rules make it a military base")


def test_a_missing_field_of_a_new_unit(tmp_path: Path) -> None:
    said = lay(tmp_path, '[ms.zaku]\nname = { ja = "ザク", en = "Zaku" }\nsource = "rule 1"\n')
    assert said.endswith("printed.toml:2: ms.zaku.air: missing")


def test_4_2_a_character_that_arrives_twice(tmp_path: Path) -> None:
    said = lay(tmp_path, '[turns.8]\narrivals = { judau = "G" }\n')
    assert said.endswith("printed.toml:3: turns.8.arrivals.judau: this counter is already in play")


def test_a_toml_syntax_error(tmp_path: Path) -> None:
    said = lay(tmp_path, "[ms.gm2\n")
    assert "printed.toml:2: (syntax)" in said


def test_a_bad_data_option_names_the_field() -> None:
    with pytest.raises(OptionError, match=r"option data: ms\.gm2\.defence: must be at least 1"):
        components({"ms": {"gm2": {"defence": 0}}})
