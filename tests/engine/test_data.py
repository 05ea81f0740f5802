"""Component data files: checked against a schema, errors naming file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.skirmish import DATA_FILE, SCHEMA
from wartable.engine.data import (
    DataError,
    DataFile,
    Entry,
    Int,
    ListOf,
    MapOf,
    Ref,
    Schema,
    load,
    locate,
)

SHIPPED = DataFile.read(DATA_FILE)


def overlay(text: str) -> DataFile:
    return DataFile.parse("mine.toml", text)


def error_of(text: str) -> DataError:
    with pytest.raises(DataError) as caught:
        load(SCHEMA, SHIPPED, overlay(text))
    return caught.value


def test_the_shipped_data_is_valid_and_every_entry_has_a_source() -> None:
    data = load(SCHEMA, SHIPPED)
    assert data["units"]["tank"]["attack"] == 4
    assert all(unit["source"] for unit in data["units"].values())


def test_an_overlay_replaces_values_field_by_field() -> None:
    data = load(SCHEMA, SHIPPED, overlay('[units.tank]\nattack = 5\nsource = "rule S9"\n'))
    assert data["units"]["tank"]["attack"] == 5
    assert data["units"]["tank"]["count"] == 2  # kept from the shipped file


def test_an_unknown_field_names_file_line_and_field() -> None:
    error = error_of('game = "skirmish"\n\n[units.tank]\nattack = 4\narmour = 2\n')
    assert (error.file, error.line, error.field) == ("mine.toml", 5, "units.tank.armour")
    assert "unknown field" in str(error)
    assert str(error).startswith("mine.toml:5: units.tank.armour: unknown field")


def test_an_impossible_value_is_refused() -> None:
    error = error_of("[units.scout]\nattack = -1\n")
    assert (error.line, error.field) == (2, "units.scout.attack")
    assert "at least 1" in error.message


def test_a_value_of_the_wrong_type_is_refused() -> None:
    error = error_of('[units.scout]\ncount = "two"\n')
    assert (error.line, error.field) == (2, "units.scout.count")
    assert "whole number" in error.message


def test_a_new_entry_without_a_source_is_refused_at_its_header() -> None:
    error = error_of(
        '\n[units.jet]\nname = { ja = "ジェット", en = "Jet" }\nattack = 2\ncount = 1\n'
    )
    assert (error.line, error.field) == (2, "units.jet.source")
    assert error.message == "missing"


def test_a_source_must_be_a_rule_or_a_reconstruction() -> None:
    error = error_of('[units.tank]\nsource = "I made it up"\n')
    assert error.field == "units.tank.source" and "reconstructed" in error.message


def test_names_need_both_languages() -> None:
    error = error_of(
        '[units.jet]\nname = { en = "Jet" }\nattack = 2\ncount = 1\nsource = "rule S9"\n'
    )
    assert (error.line, error.field) == (2, "units.jet.name") and "ja" in error.message


def test_a_bad_hex_in_a_list_names_the_item() -> None:
    error = error_of('[start]\nred = ["A1", "Z9", "A3"]\n')
    assert (error.line, error.field) == (2, "start.red")
    assert "item 2" in error.message and "Z9" in error.message


def test_a_syntax_error_names_its_line() -> None:
    with pytest.raises(DataError, match=r"mine.toml:3: \(syntax\)"):
        overlay('game = "skirmish"\n\n[units.tank\n')


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        DataFile.read(tmp_path / "none.toml")
    bad = tmp_path / "latin.toml"
    bad.write_bytes(b"name = '\xe9'\n")
    with pytest.raises(DataError, match="not UTF-8"):
        DataFile.read(bad)


def test_references_to_unknown_entries_and_domains() -> None:
    schema = Schema(
        many={
            "places": Entry({"hex": Ref("hex")}, frozenset({"hex"})),
            "units": Entry({"home": Ref("places"), "setup": MapOf(Int(0, 9), key=Ref("places"))}),
        },
        domains=lambda doc: {"hex": {"C08", "D07"}},
    )
    text = (
        '[places.zakui]\nhex = "C08"\nsource = "rule 4"\n\n'
        '[places.ex10]\nhex = "Q99"\nsource = "rule 4"\n\n'
        '[units.dog]\nhome = "moon"\nsetup = { zakui = 2 }\nsource = "rule 15"\n'
    )
    with pytest.raises(DataError) as caught:
        load(schema, DataFile.parse("map.toml", text))
    assert (caught.value.line, caught.value.field) == (6, "places.ex10.hex")
    assert "'Q99' is not a known hex" in caught.value.message
    fixed = DataFile.parse("map.toml", text.replace("Q99", "D07"))
    with pytest.raises(
        DataError, match=r"map.toml:10: units.dog.home: 'moon' is not a known places"
    ):
        load(schema, fixed)


def test_list_bounds() -> None:
    schema = Schema(values={"turns": ListOf(Int(8, 11), 7, 7)})
    with pytest.raises(DataError, match="must have 7-7 items, got 2"):
        load(schema, DataFile.parse("m.toml", "turns = [8, 9]\n"))
    with pytest.raises(DataError, match="item 1: must be at least 8"):
        load(schema, DataFile.parse("m.toml", "turns = [1, 9, 9, 9, 9, 9, 9]\n"))


def test_locate_finds_keys_inside_tables_and_arrays_of_tables() -> None:
    text = "a = 1\n[t.x]\nb = 2\n[[rows]]\nc = 3\n[[rows]]\nc = 4\n"
    assert locate(text, ("a",)) == 1
    assert locate(text, ("t", "x", "b")) == 3
    assert locate(text, ("t", "x", "zz")) == 2
    assert locate(text, ("rows", 1, "c")) == 7
