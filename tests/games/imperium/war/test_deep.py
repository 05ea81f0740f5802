"""Deep-space movement (optional rule 17.1, option ``deep_space``; ruling I130)."""

from __future__ import annotations

import pytest

import wartable
from games.imperium.war.helpers import act, activated, fleet_in, homes, legal
from support.dice import scripted
from wartable.engine import OptionError, State
from wartable.games.imperium import RULES
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import repair, segment, table
from wartable.games.imperium.war.connection import supplied
from wartable.games.imperium.war.contact import destinations

AROUND_SOL = ["deep:J06", "deep:J05", "deep:I05", "deep:H05", "deep:H06", "deep:I07"]


def board(*, option: bool = True) -> State:
    state = homes()
    state["options"]["deep_space"] = option
    return state


def deep_moves(state: State, number: str) -> list[object]:
    return [o["to"] for o in legal(state, TERRAN) if o.get("deep") == number]


def test_17_1_a_fleet_moves_one_hex_off_the_routes_in_the_first_segment() -> None:
    state = board()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    ctx = activated(state, "sol")
    assert deep_moves(state, number) == AROUND_SOL  # Sol (I06) has no star next to it
    act(ctx, state, TERRAN, {"deep": number, "to": "deep:J06"})
    assert state["war"]["fleets"][number] == {"side": TERRAN, "system": "deep:J06", "moved": True}
    assert legal(state, TERRAN) == [{"halt": number}]  # one hex, its move for the segment


def test_17_1_only_in_the_first_segment_and_only_with_the_option() -> None:
    state = board()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    activated(state, "sol", phase="segment_2")
    assert deep_moves(state, number) == []
    state = board(option=False)
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    activated(state, "sol")
    assert deep_moves(state, number) == []


def test_17_1_i130_no_route_reaches_deep_space_a_fleet_there_moves_one_hex_a_turn() -> None:
    state = board()
    number = fleet_in(state, TERRAN, "deep:J06", "terran_dd")
    activated(state, "deep:J06")  # activated where it is, like a system
    orders = legal(state, TERRAN)
    assert not [o for o in orders if "jump" in o]
    moves = deep_moves(state, number)
    assert {"sol", "alpha_centauri_a", "alpha_centauri_b"} <= set(moves)  # I06, J07: stars
    assert "deep:I06" not in moves and len(moves) == 7  # six hexes, two stars in one
    state = board()
    fleet_in(state, TERRAN, "deep:J06", "terran_dd")
    state["war"]["phase"] = "segment_2"
    segment.begin(scripted([5, 2]), state)
    assert {"activate": "deep:J06"} not in legal(state, TERRAN)  # nothing to order there


def test_17_1_12_1_meeting_an_enemy_fleet_in_deep_space_a_battle_with_no_planet() -> None:
    state = board()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    fleet_in(state, IMPERIAL, "deep:J06", "imperial_cl")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"deep": number, "to": "deep:J06"})
    assert state["battle"]["kind"] == "space"
    assert state["battle"]["planet"] is False  # 12.1: area 233 is open


def test_17_1_i130_ships_leaving_a_battle_in_deep_space_go_back_or_to_a_star_next_to_it() -> None:
    state = board()
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    fleet_in(state, IMPERIAL, "deep:J06", "imperial_cl")
    ctx = activated(state, "sol")
    act(ctx, state, TERRAN, {"deep": number, "to": "deep:J06"})
    leaving = {"from": f"fleet:{number}", "ships": units_at(state, f"fleet:{number}")}
    assert destinations(state, TERRAN, leaving) == ["sol", "alpha_centauri_a", "alpha_centauri_b"]
    assert ctx


def test_17_1_14_3_no_repair_in_an_interstellar_hex() -> None:
    state = board()
    state["war"]["resources"][TERRAN] = 50
    number = fleet_in(state, TERRAN, "deep:J06", "terran_dd", "terran_ar")
    dd = units_at(state, f"fleet:{number}")[0]
    state["units"][dd]["damaged"] = True
    assert not repair.repairable(state, dd)  # even beside an AR
    state["war"]["fleets"][number]["system"] = "sol"
    assert repair.repairable(state, dd)


def test_17_1_14_1_i130_no_route_from_deep_space_to_the_stockpile() -> None:
    state = board()
    assert supplied(state, TERRAN, "sol")
    assert not supplied(state, TERRAN, "deep:J06")


def test_17_1_the_terminal_lists_a_fleet_in_deep_space() -> None:
    state = board()
    fleet_in(state, TERRAN, "deep:J06", "terran_dd")
    shown = RULES.render_text(table.view(state, TERRAN), "en")
    assert "deep:J06: TF1: DD" in shown
    assert "deep:J06: TF1: (secret)" in RULES.render_text(table.view(state, IMPERIAL), "en")


def test_17_1_17_3_the_optional_rules_are_options_off_by_default_and_checked() -> None:
    game = wartable.new_game("imperium", seed=1, options={"scenario": 6})
    assert game.state["options"]["deep_space"] is False
    assert game.state["options"]["terraforming"] is False
    for option in ("deep_space", "terraforming"):
        with pytest.raises(OptionError, match=option):
            wartable.new_game("imperium", seed=1, options={"scenario": 6, option: "yes"})
