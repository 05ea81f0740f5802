"""The component data (ruling G34): the shipped file is valid and every intact silhouette in it
stands (S10 ③, G20); a player's drawing with a mistake is refused naming file, line and
field; a player's own robot is played through the `data` option and `wartable play --data`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import wartable
from wartable.cli import app
from wartable.engine import OptionError
from wartable.engine.data import DataError, DataFile, load
from wartable.games.silhouette.components import COMPONENTS, SCHEMA
from wartable.games.silhouette.grid import parse_key
from wartable.games.silhouette.physics import CellState, Profile, k_needed, lean

from .helpers import MINE, C, attack, machine, new

MARGIN = 1.5  # data/silhouette.toml [physics.calibrated]: "times 1.5"; ruling G20
runner = CliRunner()


def test_g34_the_shipped_file_is_valid_and_says_where_every_value_comes_from() -> None:
    doc = load(SCHEMA, COMPONENTS.shipped())
    assert doc["game"] == "silhouette"
    for table in ("items", "robots", "scenarios", "physics"):
        for entry in doc[table].values():
            assert entry["source"].startswith(("rule ", "reconstructed: "))
    assert doc["rules"]["source"].startswith("rule ")
    assert set(C.robots) >= {"hien", "tsurugi", "raiden", "kagerou", "guard", "war_train"}
    assert C.robots["hien"].weight == 21  # the sample blueprint's weight (components 3)
    assert {i.kind for i in C.items.values()} == {
        *("core", "hollow", "armour", "legs", "arm", "vehicle"),
        *("ranged", "melee", "interrupt", "ram"),
    }
    assert C.rules == {
        "rounds": 6,
        "start_sp": 0,
        "round_sp": 1,
        "unattacked_sp": 3,
        "shift_cost": 2,
        "set_cost": 4,
        "double_cost": 6,
    }


SILHOUETTES = sorted(rid for rid, r in C.robots.items() if r.kind == "silhouette")


@pytest.mark.parametrize("profile", sorted(C.physics))
@pytest.mark.parametrize("robot", SILHOUETTES)
def test_p5_g20_every_intact_shipped_silhouette_stands_with_the_claimed_margin(
    robot: str, profile: str
) -> None:
    sheet = C.robots[robot]
    cells = {parse_key(key): CellState() for key in sheet.cells}
    links = [(parse_key(a), parse_key(b)) for a, b in sheet.links]
    prof = Profile(**C.physics[profile])
    assert lean(cells, links, parse_key(sheet.core()), prof).theta == 0.0
    if prof.model == "hinge":
        assert prof.k >= MARGIN * k_needed(cells, links, parse_key(sheet.core()), prof)


# --- a player's drawing with a mistake ------------------------------------------------------

HEADER = 'game = "silhouette"\n\n[robots.mine]\nname = { ja = "試作機", en = "Prototype" }\n'
LAYOUT_LINE = 6  # "layout = [" in the file below


def drawing(rows: list[str], parts: str = "hjklbr", links: str = "") -> str:
    named = ", ".join(f'{p} = {{ ja = "{p}", en = "{p}" }}' for p in parts)
    body = "".join(f'  "{row}",\n' for row in rows)
    extra = f"links = [{links}]\n" if links else ""
    return (
        HEADER
        + 'kind = "silhouette"\n'
        + f"layout = [\n{body}]\n"
        + f"parts = {{ {named} }}\n"
        + extra
        + 'source = "reconstructed: my own design"\n'
    )


GOOD = [
    ".  .  hM .  .  . ",
    "lR bA bC bA rB . ",
    ".  bO bO bO rB . ",
    ".  bW .  bW .  . ",
    ".  jL .  kL .  . ",
    ".  jL .  kL .  . ",
]


def refused(text: str) -> DataError:
    with pytest.raises(DataError) as caught:
        load(SCHEMA, COMPONENTS.shipped(), DataFile.parse("mine.toml", text))
    return caught.value


def test_the_guides_example_drawing_is_valid() -> None:
    doc = load(SCHEMA, COMPONENTS.shipped(), DataFile.parse("mine.toml", drawing(GOOD)))
    assert doc["robots"]["mine"]["layout"] == GOOD


def swap(row: int, old: str, new_: str) -> list[str]:
    """GOOD with `old` replaced by `new_` in the picture's row `row` (6 = top)."""
    rows = list(GOOD)
    rows[6 - row] = rows[6 - row].replace(old, new_, 1)
    return rows


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (swap(6, "hM", "h?"), "row 6 column 3: 'h?' is not <part><item key>[digit]"),
        (swap(6, "hM", "hZ"), "row 6 column 3: no item has the key 'Z'"),
        (swap(5, "bA bC", "bC bC"), "a sheet has exactly one core (S10 ①), found 2"),
        (swap(5, "bA bC", "bA bO"), "a sheet has exactly one core (S10 ①), found 0"),
        (
            [*GOOD[:5], ".  jL .  kL .  bM"],
            "cells not joined to the core (S6.1 connection): 1-6",
        ),
        (swap(4, "rB", "rO"), "'rB' must be 2 touching cells, one item"),
        (
            [*GOOD[:4], ".  jL .  kL .  . ", ".  .  .  .  .  . "],
            "a silhouette needs cells in row 1 to stand on the base (S10 ②)",
        ),
        (swap(6, "hM", "zM"), "cell 6-3: part 'z' is not named under parts"),
        (swap(6, ".  .  hM", ".  hM"), "row 6 has 5 tokens, not 6"),
        (
            [
                "bO bO bO bO bO bO",
                "bO bO bO bO bO bO",
                "bO bO bC bO bO bO",
                "bO bO bO bO bO bO",
                ".  .  bO .  .  . ",
                ".  .  bO .  .  . ",
            ],
            "it does not stand intact: leans 180° under physics.calibrated",
        ),
    ],
)
def test_a_bad_drawing_is_refused_naming_file_line_and_field(rows: list[str], message: str) -> None:
    error = refused(drawing(rows))
    assert (error.file, error.line, error.field) == ("mine.toml", LAYOUT_LINE, "robots.mine.layout")
    assert error.message == message


def test_a_printed_line_to_no_cell_is_refused() -> None:
    error = refused(drawing(GOOD, links='"6-3 6-6"'))
    assert (error.file, error.field) == ("mine.toml", "robots.mine.links")
    assert error.message == "'6-3 6-6': both ends must be cells of the layout"


def test_a_bad_drawing_in_the_data_option_is_refused_before_the_game_starts() -> None:
    bad = {"robots": {"mine": {**MINE["robots"]["brawler"], "layout": swap(6, "hM", "hZ")}}}
    with pytest.raises(OptionError) as caught:
        new(data=bad)
    assert "robots.mine.layout: row 6 column 3: no item has the key 'Z'" in str(caught.value)


# --- a player's own robot in play -----------------------------------------------------------


def test_a_players_own_robot_is_played_and_its_record_replays() -> None:
    game = new(data=MINE, robots={"p1": "brawler", "p2": "kagerou"})
    assert machine(game, "p1")["weight"] == 12 and game.state["order"] == ["p1", "p2"]
    attack(game, "3-1", "p2", [4, 3])  # Brawler's heat knife at Kagerou's core
    assert machine(game, "p2")["cells"]["4-3"]["cut"]
    seeded = new(data=MINE, robots={"p1": "brawler", "p2": "kagerou"}, seed=5)
    while not seeded.over:  # the seed's own dice: the first legal choice each time
        seeded.apply(seeded.to_act[0], seeded.legal_actions(seeded.to_act[0])[0])
    again = wartable.replay(seeded.record())
    assert again.fingerprint() == seeded.fingerprint()
    assert again.record()["options"]["data"] == MINE


def test_wartable_play_data_plays_a_players_drawing_and_refuses_a_bad_one(tmp_path: Path) -> None:
    """`wartable play silhouette --data FILE`: the file redraws Hien (p1's default robot)."""
    mine = tmp_path / "mine.toml"
    mine.write_text(drawing(GOOD).replace("[robots.mine]", "[robots.hien]"), "utf-8")
    save = tmp_path / "game.json"
    args = ["play", "silhouette", "--seat", "p1=random", "--seat", "p2=random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--data", str(mine), "--save", str(save)])
    assert result.exit_code == 0, result.output
    record = wartable.load_record(save)
    assert record["options"]["data"]["robots"]["hien"]["layout"] == GOOD
    game = wartable.replay(record)
    assert game.over
    assert machine(game, "p1")["cells"]["5-5"]["item"] == "beam_rifle"  # the new drawing
    mine.write_text(drawing(swap(6, "hM", "hZ")).replace("[robots.mine]", "[robots.hien]"), "utf-8")
    bad = runner.invoke(app, [*args, "--data", str(mine)])
    assert bad.exit_code == 2
    said = bad.output.replace("\n", "")
    assert f"mine.toml:{LAYOUT_LINE}: robots.hien.layout: row 6 column 3: no item has" in said


def test_wartable_data_validate_checks_a_drawing(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(drawing(GOOD), "utf-8")
    result = runner.invoke(app, ["data", "validate", str(mine)])
    assert result.exit_code == 0 and "valid silhouette data" in result.output.replace("\n", "")
    mine.write_text(drawing(swap(5, "bA bC", "bC bC")), "utf-8")
    result = runner.invoke(app, ["data", "validate", str(mine)])
    assert result.exit_code == 2
    assert "robots.mine.layout: a sheet has exactly one core" in result.output.replace("\n", "")
