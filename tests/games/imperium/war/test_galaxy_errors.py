"""A file of printed values is laid over the shipped galaxy; a bad one is refused with an error
naming its file, line and field (DESIGN.md, "Component data"), and so is a file that contradicts
what the rules say of the map, the charts and the wars."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartable.engine import OptionError
from wartable.engine.data import DataError
from wartable.games.imperium.war.galaxy import GALAXY, galaxy


def lay(tmp_path: Path, text: str) -> str:
    """The error of laying `text` (a printed-values file) over the shipped galaxy."""
    path = tmp_path / "printed.toml"
    path.write_text('game = "imperium"\n' + text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        GALAXY.load_file(path)
    return str(caught.value)


def test_printed_values_replace_the_shipped_ones(tmp_path: Path) -> None:
    path = tmp_path / "printed.toml"
    path.write_text(
        'game = "imperium"\n[systems.sol]\nhex = "H06"\n[routes.sol__altair]\n'
        'ends = ["sol", "altair"]\nsource = "rule 3.2 (the printed map)"\n',
        encoding="utf-8",
    )
    loaded = GALAXY.load_file(path)
    assert loaded.systems["sol"].hex == "H06"
    assert loaded.route_between("altair", "sol")


def test_an_unknown_field_names_file_line_and_field(tmp_path: Path) -> None:
    said = lay(tmp_path, '\n[systems.sol]\nstar = "G"\nelevation = 3\n')
    assert said.endswith(
        "printed.toml:5: systems.sol.elevation: unknown field (known: hex, home, name, planets,"
        " source, star)"
    )


# (what the file says, the field named on line 3 of the file, what is wrong with it)
REFUSED = [
    pytest.param(
        '[systems.altair]\nstar = "M"\nplanets = ["midway"]\n',
        "systems.altair.planets",
        "midway stands at one star only (rule 3.2)",
        id="3_2_a_planet_at_two_stars",
    ),
    pytest.param(
        '[systems.altair]\nstar = "G"\n',
        "systems.altair.star",
        "an A-type star is a star without planets (rule 11.2)",
        id="11_2_a_star_without_planets_not_a_type",
    ),
    pytest.param(
        '[systems.midway]\nstar = "A"\n',
        "systems.midway.star",
        "an A-type star is a star without planets (rule 11.2)",
        id="11_2_an_a_type_star_with_a_planet",
    ),
    pytest.param(
        '[systems.sol]\nhex = "Z99"\n',
        "systems.sol.hex",
        "'Z99' is not on the map",
        id="3_2_a_star_off_the_map",
    ),
    pytest.param(
        '[systems.sol]\nhex = "J07"\n',
        "systems.sol.hex",
        "no more than 2 stars share a hex (rule 3.2)",
        id="3_2_three_stars_in_a_hex",
    ),
    pytest.param(
        '[systems.sol]\nplanets = ["sol_1", "atlantis"]\n',
        "systems.sol.planets.1",
        "'atlantis' is not a known planets entry",
        id="a_planet_the_battles_do_not_know",
    ),
    pytest.param(
        '[routes.sol__alpha_centauri_a]\nends = ["alpha_centauri_b", "alpha_centauri_a"]\n',
        "routes.sol__alpha_centauri_a.ends",
        "stars of one hex are joined already (rule 3.2)",
        id="3_2_a_route_inside_a_hex",
    ),
    pytest.param(
        '[routes.sol__junction]\nends = ["sol", "nowhere"]\n',
        "routes.sol__junction.ends.1",
        "'nowhere' is not a known systems entry",
        id="a_route_to_an_unknown_star",
    ),
    pytest.param(
        "[events.none]\nroll = 8\n",
        "events.none.roll",
        "is another event's: one event a roll (rule 6.1)",
        id="6_1_two_events_on_one_roll",
    ),
    pytest.param(
        "[appeals.military.results]\n5 = { ships = { TB = 1 } }\n",
        "appeals.military.results",
        "5: ships: TB: must be one of BB, B2, B1, CA, CR, CS, CV, M, CL, DD, F, SC, AR, AT, TR;"
        " got 'TB'",
        id="6_2_the_emperor_sends_a_ship_he_has_not",
    ),
    pytest.param(
        "[appeals.financial.results]\n2 = { forbidden = false }\n",
        "appeals.financial.results",
        "2: forbidden must be true",
        id="6_2_a_result_not_forbidden",
    ),
    pytest.param(
        "[war_forces.s8_imperial.ships]\nimperial_bb = 5\n",
        "war_forces.s8_imperial.ships.imperial_bb",
        "the counter mix has only 4",
        id="a_war_force_larger_than_the_counter_mix",
    ),
    pytest.param(
        '[war_forces.s6_terran]\nworlds = ["sol_1", "dushaam"]\n',
        "war_forces.s6_terran.worlds",
        "dushaam is not type A: a World needs a type A planet (16.0)",
        id="16_0_a_world_on_a_planet_not_type_a",
    ),
    pytest.param(
        '[war_forces.s6_terran]\noutposts = ["hades"]\n',
        "war_forces.s6_terran",
        "Mars (sol_2) is Earth's in every scenario (errata)",
        id="errata_mars_not_earth_s",
    ),
    pytest.param(
        '[systems.lagash]\nhome = "imperial"\n',
        "systems",
        "the imperial homes must be dingir, gashidda, ishkur (rule 8.0, 12.3)",
        id="8_0_another_imperial_home",
    ),
]


@pytest.mark.parametrize(("text", "field", "wrong"), REFUSED)
def test_a_file_against_the_rules_is_refused_naming_file_and_field(
    tmp_path: Path, text: str, field: str, wrong: str
) -> None:
    assert f": {field}: {wrong}" in lay(tmp_path, text)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('[systems.altair]\nstar = "G"\n', "systems.altair.star"),
        ("[events.none]\nroll = 13\n", "events.none.roll"),
        ('[systems.sol]\nplanets = ["sol_1", "atlantis"]\n', "systems.sol.planets.1"),
    ],
)
def test_the_line_is_the_overlay_s_line_of_the_field(tmp_path: Path, text: str, field: str) -> None:
    assert f"printed.toml:3: {field}:" in lay(tmp_path, text)


def test_3_2_a_route_from_a_star_to_itself(tmp_path: Path) -> None:
    said = lay(tmp_path, '[routes.hades__forlorn]\nends = ["sol", "sol"]\n')
    assert "printed.toml:3: routes.hades__forlorn.ends: a route joins two different stars" in said


def test_3_2_a_star_no_route_reaches(tmp_path: Path) -> None:
    said = lay(tmp_path, '[routes.hades__forlorn]\nends = ["hades", "midway"]\n')
    assert said.endswith(
        "systems.forlorn: no jump route reaches it from the rest of the map (rule 3.2)"
    )


def test_a_toml_syntax_error(tmp_path: Path) -> None:
    assert "printed.toml:2: (syntax)" in lay(tmp_path, "[systems.sol\n")


def test_a_bad_galaxy_option_names_the_field() -> None:
    with pytest.raises(OptionError, match=r"option data: systems\.sol\.star: must be one of"):
        galaxy({"systems": {"sol": {"star": "X"}}})
