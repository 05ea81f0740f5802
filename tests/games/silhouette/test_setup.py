"""Rule S1 (preparation: modes, seats, scenarios), the robot sheets (P.1, G34), weight (S4) and
the starting SP (S2, G6): what the players check before the first attack."""

from __future__ import annotations

import pytest

from wartable.engine import OptionError

from .helpers import MINE, C, machine, new, said


def test_s1_each_mode_has_its_own_seats_and_sides_g1() -> None:
    versus = new()
    assert versus.players == ("p1", "p2")
    assert versus.state["sides"] == {"a": ["p1"], "b": ["p2"]}
    team = new(mode="team")
    assert team.players == ("a1", "b1", "a2", "b2")
    assert team.state["sides"] == {"a": ["a1", "a2"], "b": ["b1", "b2"]}
    assert new(mode="team", team_size=4).players == (
        *("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"),
    )
    solo = new(mode="solo", faces=[6, 6])
    assert solo.players == ("pilot1",)
    assert solo.state["sides"] == {"a": ["pilot1"], "b": ["e1"]}
    coop = new(mode="coop")
    assert coop.players == ("pilot1", "pilot2")
    assert coop.state["sides"] == {"a": ["pilot1", "pilot2"], "b": ["e1", "e2", "e3", "e4"]}
    assert all(machine(versus, p)["owner"] == p for p in versus.players)


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "free-for-all"},
        {"mode": "team", "team_size": 5},
        {"mode": "team", "team_size": 1},
        {"mode": "solo", "scenario": "one_for_all"},  # a co-op scenario (2 pilots)
        {"mode": "coop", "scenario": "first_mission"},
        {"mode": "solo", "scenario": "no_such_mission"},
        {"scenario": "first_mission"},  # S1.1: versus play has no scenario
        {"robots": {"p3": "hien"}},
        {"robots": {"p1": "fly_watch"}},  # a unit machine is no player's silhouette
        {"robots": {"p1": "gundam"}},
        {"physics": "exact"},
        {"grey": "maybe"},
    ],
)
def test_s1_a_regulation_the_rules_do_not_know_is_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        new(**options)


def test_s1_1_in_team_play_each_seat_records_the_seat_across_on_its_target_g1() -> None:
    team = new(mode="team", team_size=3)
    tracks = {"a1": "b1", "b1": "a1", "a2": "b2", "b2": "a2", "a3": "b3", "b3": "a3"}
    assert team.state["tracks"] == tracks
    assert team.view("a2")["board"]["tracks"] == tracks
    assert new().state["tracks"] == {}


def test_s1_2_solo_starts_from_the_scenario_with_its_enemy_piece_g34() -> None:
    solo = new(mode="solo", faces=[6, 6])
    enemy = machine(solo, "e1")
    assert (enemy["robot"], enemy["owner"], enemy["side"], enemy["unit"]) == (
        "guard",
        None,
        "b",
        False,
    )
    assert solo.state["rounds"] == C.scenarios["first_mission"].rounds == 6
    assert "scenario: First Mission" in said(solo.log(None), "S1.2")


def test_s1_2_coop_builds_the_war_train_and_its_unit_machine_escorts_g28_g34() -> None:
    coop = new(mode="coop")
    train = machine(coop, "e1")
    assert (train["robot"], train["unit"], train["escort"]) == ("war_train", False, False)
    for mid in ("e2", "e3", "e4"):
        escort = machine(coop, mid)
        assert (escort["robot"], escort["unit"], escort["escort"]) == ("fly_watch", True, True)
        assert escort["owner"] is None and escort["side"] == "b"
    assert "scenario: One for All, All for One" in said(coop.log(None), "S1.2")


def test_s1_2_a_scenario_of_the_players_own_sets_the_enemies_and_the_rounds_g4() -> None:
    duel = {
        "scenarios": {
            "duel": {
                "name": {"ja": "決闘", "en": "Duel"},
                "players": 1,
                "enemies": ["raiden"],
                "escorts": [],
                "rounds": 3,
                "source": "reconstructed: a test scenario",
            }
        }
    }
    game = new(mode="solo", scenario="duel", data=duel)
    assert machine(game, "e1")["robot"] == "raiden"
    assert game.state["rounds"] == 3


def test_p1_a_sheet_is_its_picture_row_1_at_the_bottom_every_cell_intact_g3_g34() -> None:
    """Hien's picture in the data file, read back cell by cell: item, part, and the instance
    that joins the two cells of its beam rifle; no cell is cut, gone or shown yet."""
    hien = machine(new(), "p1")
    assert hien["robot"] == "hien" and hien["name"] == {"ja": "飛燕", "en": "Hien"}
    cells = hien["cells"]
    assert len(cells) == 21
    expect = {
        "6-3": ("machine_gun", "h"),
        "4-3": ("core", "b"),
        "5-3": ("vernier", "b"),
        "4-1": ("armour", "l"),
        "5-5": ("arm", "r"),
        "1-2": ("legs", "j"),  # row 1, the row glued to the base, is the last line drawn
        "1-4": ("legs", "k"),
        "5-6": ("beam_rifle", "r"),
        "4-6": ("beam_rifle", "r"),
    }
    for key, (item, part) in expect.items():
        assert (cells[key]["item"], cells[key]["part"]) == (item, part), key
    assert cells["5-6"]["inst"] == cells["4-6"]["inst"] != cells["6-3"]["inst"]
    assert "1-1" not in cells and "6-6" not in cells
    for c in cells.values():
        assert (c["cut"], c["gone"], c["frayed"], c["shown"]) == (False, None, False, False)


def test_p1_a_seat_plays_the_sheet_its_player_chose_or_drew() -> None:
    game = new(data=MINE, robots={"p1": "brawler", "p2": "raiden"})
    assert machine(game, "p1")["robot"] == "brawler"
    assert machine(game, "p1")["cells"]["3-1"]["item"] == "heat_knife"
    assert machine(game, "p2")["robot"] == "raiden"


@pytest.mark.parametrize(
    ("robot", "weight"),
    [("hien", 21), ("tsurugi", 22), ("raiden", 24), ("kagerou", 15)],
)
def test_s4_a_machines_weight_is_its_initial_number_of_cells(robot: str, weight: int) -> None:
    game = new(robots={"p1": robot})
    assert machine(game, "p1")["weight"] == weight
    assert game.view("p2")["board"]["machines"]["p1"]["weight"] == weight  # public (D.1)


def test_s4_enemy_pieces_and_unit_machines_are_weighed_the_same_way_g28() -> None:
    coop = new(mode="coop")
    assert [machine(coop, m)["weight"] for m in ("e1", "e2", "e3", "e4")] == [24, 4, 4, 4]
    assert machine(new(mode="solo", faces=[6, 6]), "e1")["weight"] == 15


def test_s2_sp_starts_at_0_so_after_the_first_round_start_every_machine_has_1_g6() -> None:
    for game in (new(), new(mode="team"), new(mode="coop")):
        assert {m["sp"] for m in game.state["machines"].values()} == {1}
    more = new(data={"rules": {"start_sp": 2}})
    assert {m["sp"] for m in more.state["machines"].values()} == {3}
