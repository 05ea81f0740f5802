"""The component data: the shipped file is valid, a bad file is refused naming file, line and
field (the schema of components.py through the engine's data loader)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wartable.cli import app
from wartable.engine import OptionError
from wartable.engine.data import DataError, DataFile, load
from wartable.games.zeta_cards.components import SCHEMA, load_file, shipped

from .helpers import C, new


def refused(text: str) -> DataError:
    with pytest.raises(DataError) as caught:
        load(SCHEMA, shipped(), DataFile.parse("mine.toml", text))
    return caught.value


def test_the_shipped_file_is_valid_and_complete() -> None:
    doc = load(SCHEMA, shipped())
    assert doc["game"] == "zeta-cards"
    for faction in ("aeug", "titans", "neo_zeon"):
        kinds = {c.kind for c in C.cards.values() if c.faction == faction}
        assert kinds == {"ms", "ship", "char"}
    for card in C.cards.values():
        if card.kind == "char":
            assert card.role in ("pilot", "captain")
        if card.kind == "ship":
            assert card.sortie > 0
    assert C.draw[1:] == (5, 5, 6, 6, 6, 7, 7, 7)


def test_an_unknown_field_is_refused_with_file_line_and_field() -> None:
    error = refused('[cards.nemo]\nattack = 2\narmour = 3\nsource = "rule 1.4"\n')
    assert (error.file, error.line, error.field) == ("mine.toml", 3, "cards.nemo.armour")
    assert str(error).startswith("mine.toml:3: cards.nemo.armour: unknown field")


def test_an_impossible_value_is_refused_with_file_line_and_field() -> None:
    error = refused("\n[cards.zeta_gundam]\ntl = 9\n")
    assert (error.file, error.line, error.field) == ("mine.toml", 3, "cards.zeta_gundam.tl")
    assert "at most 8" in error.message
    error = refused('[bases.axis]\nvp = [1, 2, "three", 4]\n')
    assert (error.line, error.field) == (2, "bases.axis.vp")


def test_a_value_the_rules_forbid_is_refused() -> None:
    error = refused("[cards.nemo]\ngovernance = 1\n")  # rule 3.2: MS cards have no governance
    assert (error.line, error.field) == (2, "cards.nemo.governance")
    assert "rule 3.2" in error.message
    error = refused("[factions.aeug.deck]\nnemo = 4\n")  # rule 1.4: fifteen cards
    assert error.field == "factions.aeug.deck" and "15 cards, not 14" in error.message
    error = refused("[bases.dakar]\nincome = [1, 2]\n")
    assert error.field == "bases.dakar.income" and "4 levels" in error.message


def test_a_missing_source_is_refused() -> None:
    error = refused(
        '[cards.hyper_zaku]\nname = { ja = "ザク", en = "Zaku" }\nfaction = "neo_zeon"\n'
        'kind = "ms"\ntl = 1\ncost = 1\nstock = 1\nattack = 1\ndefence = 1\n'
        "suppression = 1\n"
    )
    assert error.field == "cards.hyper_zaku.source" and error.message == "missing"


def test_a_users_file_of_printed_values_is_laid_over_the_shipped_one(tmp_path: Path) -> None:
    mine = tmp_path / "printed.toml"
    mine.write_text('[cards.nemo]\nattack = 3\nsource = "rule 1.4; printed card"\n', "utf-8")
    assert load_file(mine).cards["nemo"].values(1)[:2] == (3, 2)
    mine.write_text("[cards.nemo]\nattack = -1\n", "utf-8")
    with pytest.raises(DataError) as caught:
        load_file(mine)
    assert (caught.value.file, caught.value.line) == (str(mine), 2)


def test_the_cli_validates_a_file(tmp_path: Path) -> None:
    mine = tmp_path / "printed.toml"
    mine.write_text('game = "zeta-cards"\n[cards.nemo]\ncost = 99\n', "utf-8")
    result = CliRunner().invoke(app, ["data", "validate", str(mine)])
    assert result.exit_code != 0 and "cards.nemo.cost" in result.output


def test_a_bad_data_option_is_refused_before_the_game_starts() -> None:
    with pytest.raises(OptionError):
        new(data={"cards": {"nemo": {"attack": "lots"}}})
    with pytest.raises(OptionError):
        new(actions="three")
