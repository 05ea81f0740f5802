"""A file of printed values is laid over the shipped data; a bad one is refused with an error
naming its file, line and field (DESIGN.md, "Component data"), and so is a file that
contradicts what the rules say of the counters and the board."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartable.engine import OptionError
from wartable.engine.data import DataError
from wartable.games.imperium.components import COMPONENTS, components


def lay(tmp_path: Path, text: str) -> str:
    """The error of laying `text` (a printed-values file) over the shipped data."""
    path = tmp_path / "printed.toml"
    path.write_text('game = "imperium"\n' + text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        COMPONENTS.load_file(path)
    return str(caught.value)


def test_printed_values_replace_the_shipped_ones(tmp_path: Path) -> None:
    path = tmp_path / "printed.toml"
    path.write_text(
        'game = "imperium"\n[ships.imperial_b2]\nback = { beam = 2, torpedo = 5 }\n',
        encoding="utf-8",
    )
    loaded = COMPONENTS.load_file(path)
    back = loaded.ships["imperial_b2"].back
    assert back is not None and (back.beam, back.torpedo, back.defence) == (2, 5, 2)


def test_an_unknown_field_names_file_line_and_field(tmp_path: Path) -> None:
    said = lay(tmp_path, "\n[ships.terran_dd]\ncount = 12\narmour = 3\n")
    assert said.endswith(
        "printed.toml:5: ships.terran_dd.armour: unknown field (known: back, build, cargo,"
        " code, cost, count, front, name, side, source)"
    )


TR_BACK = "{ beam = 0, torpedo = 0, defence = 1, cm = 0, maintenance = 2 }"
TRIANGLES = '{ 1 = "15", 2 = "11", 3 = "25", 4 = "21", 5 = "35", 6 = "31" }'
# (what the file says, the field named on line 3 of the file, what is wrong with it)
REFUSED = [
    pytest.param(
        "[ships.terran_dd]\nfront = { shields = 2 }\n",
        "ships.terran_dd.front",
        "shields: must be one of beam, torpedo, defence, cm, maintenance, fighters; got 'shields'",
        id="an_unknown_value_on_a_face",
    ),
    pytest.param(
        "[ships.imperial_sc]\nfront = { defence = 0 }\n",
        "ships.imperial_sc.front.defence",
        "must be at least 1 (rule 12.8)",
        id="12_8_a_screen_of_0",
    ),
    pytest.param(
        f"[ships.terran_tr]\nback = {TR_BACK}\n",
        "ships.terran_tr.back",
        "a TR has no damaged side (rule 13.3)",
        id="13_3_a_transport_with_a_damaged_side",
    ),
    pytest.param(
        "[ships.terran_bb]\nback = { fighters = 1 }\n",
        "ships.terran_bb.back.fighters",
        "must be 0 (rule 12.9)",
        id="12_9_a_damaged_earth_bb_with_fighters",
    ),
    pytest.param(
        "[ships.imperial_ca]\nfront = { fighters = 2 }\n",
        "ships.imperial_ca.front.fighters",
        "only carriers and the Earth BB (rule 11.6)",
        id="11_6_fighters_on_a_cruiser",
    ),
    pytest.param(
        '[ships.terran_b]\ncode = "B2"\n',
        "ships.terran_b.code",
        "the terran side builds no B2 (rule 9.0 production chart)",
        id="9_0_a_type_the_side_cannot_build",
    ),
    pytest.param(
        f"[board]\ntriangles = {TRIANGLES}\n",
        "board.triangles.4",
        "is the right edge of the middle level, 25 (12.5)",
        id="12_5_triangle_4_elsewhere",
    ),
    pytest.param(
        "[board]\nrows = 6\n", "board.rows", "must be 5 (rule 12.1)", id="12_1_another_size"
    ),
    pytest.param(
        '[planet_maps.hexes_5]\nlayout = ["o.o", "..."]\n',
        "planet_maps.hexes_5.layout",
        "every hex must be reachable from every other (rule 13.4 movement)",
        id="13_4_a_planet_map_in_two_pieces",
    ),
    pytest.param(
        "[forces.s5_imperial.ships]\nimperial_bb = 5\n",
        "forces.s5_imperial.ships.imperial_bb",
        "the counter mix has only 4",
        id="a_scenario_force_larger_than_the_counter_mix",
    ),
]


@pytest.mark.parametrize(("text", "field", "wrong"), REFUSED)
def test_a_file_against_the_rules_is_refused_naming_file_line_and_field(
    tmp_path: Path, text: str, field: str, wrong: str
) -> None:
    assert lay(tmp_path, text).endswith(f"printed.toml:3: {field}: {wrong}")


def test_12_2_fighters_that_their_carriers_cannot_hold(tmp_path: Path) -> None:
    said = lay(tmp_path, "[ships.terran_cv]\nfront = { fighters = 2 }\n")
    assert "imperium.toml:" in said  # the force that no longer fits is in the shipped file
    assert said.endswith("forces.s4_terran.ships: its carriers hold 4 fighters, not 6 (12.2)")


def test_a_missing_field_of_a_new_ship(tmp_path: Path) -> None:
    said = lay(tmp_path, '[ships.terran_xx]\nside = "terran"\nsource = "rule 1"\n')
    assert said.endswith("printed.toml:2: ships.terran_xx.build: missing")


def test_a_toml_syntax_error(tmp_path: Path) -> None:
    said = lay(tmp_path, "[ships.terran_dd\n")
    assert "printed.toml:2: (syntax)" in said


def test_a_bad_data_option_names_the_field() -> None:
    with pytest.raises(OptionError, match=r"option data: ships\.terran_dd\.count: must be at most"):
        components({"ships": {"terran_dd": {"count": 99}}})
