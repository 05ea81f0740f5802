"""Rule 12.3 (the battle's sequence and end), 12.4 (initiative) and 12.5 (which ships move in
which step, and where): the frame of a space battle, and how it hands its outcome to
whatever started it. Fire and damage are in test_fire, fighters and retreat in test_carriers."""

from __future__ import annotations

from typing import Any

import pytest

from games.imperium.helpers import C, game, kind, set_up
from support.dice import script_game, scripted
from wartable.engine import Context, Game, OptionError, State
from wartable.games.imperium import RULES
from wartable.games.imperium.battle import outcome, start
from wartable.games.imperium.flow import after_battle
from wartable.games.imperium.movement import speed
from wartable.games.imperium.setup import galactic_battle
from wartable.games.imperium.state import add_unit, new_state
from wartable.games.imperium.victory import carriers, last_on_board, raid

ENDED: list[dict[str, Any]] = []


@after_battle("test")
def _record(ctx: Context, state: State) -> None:
    """What a galactic war would do after a battle: read its outcome and go on."""
    ENDED.append(state["battle"]["outcome"])


def codes(g: Game, uids: set[str]) -> set[str]:
    return {C.ships[g.state["units"][u]["type"]].code for u in uids}


def movers(g: Game) -> set[str]:
    return {a["move"] for a in g.legal_actions(g.to_act[0]) if "move" in a}


def play_out(g: Game) -> None:
    """Keep every initiative won and end every movement step without moving."""
    while not g.over:
        side = g.to_act[0]
        g.apply(side, {"initiative": "keep"} if kind(g) == "initiative" else {"done": True})


def test_12_2_each_ship_sets_up_then_the_entering_side_rolls_for_its_entry() -> None:
    g = game("s2")
    assert kind(g) == "place" and g.to_act == ("terran",)
    assert {"place": "T1", "area": "123"} in g.legal_actions("terran")
    dice = script_game(g, [4, 2])
    while g.to_act == ("terran",):
        g.apply("terran", g.legal_actions("terran")[0])
    assert dice.faces == []  # the entry was rolled once Earth had set up
    entry = g.state["battle"]["groups"][1]["entry"]
    assert entry == {"triangle": 4, "area": "252"}
    areas = {a["area"] for a in g.legal_actions("imperial")}
    assert areas == {"252", "242", "253", "152", "352", "251"}
    assert g.describe("imperial", {"place": "I1", "area": "252"})["en"] == (
        "set up CA I1 in area 252"
    )


def test_12_4_round_1_the_moving_player_adds_1_and_a_tie_is_rolled_again() -> None:
    g = game("s2")
    script_game(g, [4, 2, 3, 4, 2, 5])  # entry; then Imperial 3+1 = Terran 4; 2+1 < 5
    set_up(g)
    assert kind(g) == "initiative" and g.to_act == ("terran",)
    rolls = [e for e in g.events if e.get("rule") == "12.4"]
    assert [(e["by"], e["dice"]) for e in rolls] == [
        ("imperial", [3]),
        ("terran", [4]),
        ("imperial", [2]),
        ("terran", [5]),
    ]
    assert g.state["battle"]["round"] == 1


def test_12_4_the_winner_may_decline_so_that_the_enemy_moves_first() -> None:
    g = game("s2")
    script_game(g, [4, 2, 1, 6])
    set_up(g)
    assert g.legal_actions("terran") == [{"initiative": "keep"}, {"initiative": "decline"}]
    g.apply("terran", {"initiative": "decline"})
    assert g.state["battle"]["initiative"] == "imperial"
    assert g.state["step"] == {"kind": "move", "side": "imperial", "least": 3, "number": 2}


def test_12_4_i22_the_side_that_moved_first_adds_1_in_the_next_round() -> None:
    g = game("s2")
    script_game(g, [4, 2, 1, 6, 2, 3, 5, 1])
    set_up(g)
    g.apply("terran", {"initiative": "decline"})  # the Imperials move first in round 1
    while kind(g) == "move":
        g.apply(g.to_act[0], {"done": True})
    # round 2: Imperial 2+1 ties Terran 3 only with the +1; then 5+1 beats 1
    assert g.state["battle"]["round"] == 2
    assert kind(g) == "initiative" and g.to_act == ("imperial",)


def test_12_3_the_initiative_player_moves_first_in_steps_2_6_and_10() -> None:
    g = game("s2")
    script_game(g, [4, 2, 6, 1, 6, 1])  # the entry; round 1's initiative, then round 2's
    set_up(g)
    g.apply("imperial", {"initiative": "keep"})
    seen = []
    while kind(g) == "move":
        seen.append((g.state["step"]["number"], g.to_act[0]))
        g.apply(g.to_act[0], {"done": True})
    assert seen == [
        (2, "imperial"),
        (3, "terran"),
        (6, "imperial"),
        (7, "terran"),
        (10, "imperial"),
        (11, "terran"),
    ]


def test_12_3_12_5_capital_ships_move_in_steps_6_7_10_and_11_only() -> None:
    g = game("s5")
    set_up(g)
    g.apply(g.to_act[0], {"initiative": "keep"})
    by_step = {}
    while g.state["battle"]["round"] == 1:
        if kind(g) == "move":
            by_step[g.state["step"]["number"]] = codes(g, movers(g))
        g.apply(g.to_act[0], {"done": True})
    capital = {"BB", "B", "B2", "B1"}
    assert not by_step[2] & capital and not by_step[3] & capital
    for number in (6, 7, 10, 11):
        assert by_step[number] & capital


def test_12_5_speeds_light_3_capital_2_monitors_and_auxiliaries_1_damaged_one_less() -> None:
    def of(side: str, code: str, damaged: bool = False) -> int:
        return speed(C.ship(side, code), damaged)

    assert (of("terran", "CL"), of("terran", "BB"), of("terran", "M"), of("imperial", "TR")) == (
        3,
        2,
        1,
        1,
    )
    assert (of("terran", "CL", True), of("imperial", "B2", True), of("terran", "AT", True)) == (
        2,
        1,
        1,
    )
    assert of("terran", "F", True) == 3  # fighters move in every step, damaged or not


def test_12_5_a_ship_moves_one_area_a_step_a_fighter_two() -> None:
    g = game("s2")
    script_game(g, [4, 2, 1, 6])
    set_up(g)
    g.apply("terran", {"initiative": "keep"})
    fighter = next(u for u, x in g.state["units"].items() if x["type"] == "terran_f")
    assert g.state["battle"]["areas"][fighter] == "123" and "T1" in movers(g)
    g.apply("terran", {"move": "T1", "to": "113"})
    assert "T1" not in movers(g)
    g.apply("terran", {"move": fighter, "to": "113"})
    g.apply("terran", {"move": fighter, "to": "112"})
    assert fighter not in movers(g)
    assert g.describe("terran", {"move": "T2", "to": "133"})["en"] == "move TB T2 123 → 133"


def test_12_1_12_5_no_ship_moves_into_the_planet() -> None:
    g = game("s2")
    script_game(g, [4, 2, 1, 6])
    set_up(g)
    g.apply("terran", {"initiative": "keep"})
    g.state["battle"]["areas"]["T1"] = "223"
    g._legal = {}
    targets = {a["to"] for a in g.legal_actions("terran") if a.get("move") == "T1"}
    assert targets == {"123", "323", "213", "222", "224"}


def test_12_5_i21_no_move_into_an_area_holding_12_of_ones_ships() -> None:
    g = game("s5")
    set_up(g)  # Earth's 28 ships fill the first areas of its cluster, 12 at a time
    full = {a for a in set(g.state["battle"]["areas"].values())
            if list(g.state["battle"]["areas"].values()).count(a) == 12}  # fmt: skip
    assert full
    g.apply(g.to_act[0], {"initiative": "keep"})
    while g.state["battle"]["round"] == 1:
        side = g.to_act[0]
        if side == "terran":
            assert not {a["to"] for a in g.legal_actions(side) if "move" in a} & full
        g.apply(side, {"done": True})


def test_12_3_after_the_last_round_the_moving_player_leaves_and_the_scenario_ends() -> None:
    g = game("s2", seed=5)
    set_up(g)
    play_out(g)
    battle = g.state["battle"]
    assert battle["round"] == 12  # ruling I13
    imperials = [u for u, x in g.state["units"].items() if x["side"] == "imperial"]
    assert battle["outcome"]["left"]["imperial"] == imperials
    assert battle["outcome"]["on_board"]["imperial"] == []
    assert len(battle["outcome"]["on_board"]["terran"]) == 8
    assert g.result is not None and g.result["winners"] == ["terran"]
    assert g.events[-1]["msg"]["en"] == "Terran wins" and g.events[-1]["rule"] == "Sc2"


def war(mover_types: list[str]) -> State:
    """A galactic battle laid out by hand: a Terran DD holds the system; Imperial ships of
    `mover_types` move in."""
    state = new_state({"data": {}})
    add_unit(state, "terran", "terran_dd", "fleet:TF1")
    for type_id in mover_types:
        add_unit(state, "imperial", type_id, "fleet:IF1")
    state["battle"] = galactic_battle(state, "imperial", ["fleet:IF1"], ["fleet:TF1"], True)
    return state


def test_a_battle_started_by_the_war_ends_with_its_outcome_for_the_war() -> None:
    state = war(["imperial_dd"])
    ctx = scripted([3, 1])
    start(ctx, state, then="test")
    assert state["step"] == {"kind": "place", "group": 0}  # the Terrans set up first (12.2)
    state["battle"]["areas"] = {"T1": "223", "I1": "211"}
    state["battle"]["rounds"] = 0  # as if the three rounds were over
    ENDED.clear()
    start(ctx, state, then="test")  # the Imperials roll for their entry, then it ends
    assert state["battle"]["groups"][1]["entry"] == {"triangle": 3, "area": "211"}
    assert len(ENDED) == 1 and ENDED[0] is state["battle"]["outcome"]
    assert ENDED[0]["left"] == {"terran": [], "imperial": ["I1"]}


def test_12_3_monitors_are_never_forced_to_vacate() -> None:
    state = war(["imperial_m", "imperial_dd"])
    state["battle"]["areas"] = {"T1": "223", "I1": "243", "I2": "315"}
    state["battle"]["groups"][1]["zone"] = ["315"]  # as if it had rolled its entry
    state["battle"]["rounds"] = 0
    start(scripted([]), state, then="test")
    assert state["battle"]["outcome"]["on_board"]["imperial"] == ["I1"]
    assert state["battle"]["outcome"]["left"]["imperial"] == ["I2"]


def test_12_3_i23_the_winner_destroyed_more_ships_capital_ships_counting_double() -> None:
    state = war(["imperial_dd"])
    battle = state["battle"]
    battle["destroyed"] = {"terran": ["terran_bb"], "imperial": ["imperial_dd", "imperial_f"]}
    assert outcome(state)["winner"] is None  # 2 against 2
    battle["destroyed"]["imperial"].append("imperial_sc")
    assert outcome(state)["winner"] == "terran"
    battle["destroyed"] = {"terran": [], "imperial": []}
    assert outcome(state)["winner"] is None


def result(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "on_board": {"terran": [], "imperial": []},
        "destroyed": {"terran": [], "imperial": []},
        "left": {"terran": [], "imperial": []},
    }
    return {**base, **fields}


def test_sc2_sc5_the_side_left_on_the_board_wins() -> None:
    state = war([])
    assert last_on_board(state, result(on_board={"terran": ["T1"], "imperial": []})) == ["terran"]
    assert last_on_board(state, result()) == []


def test_sc3_i16_earth_wins_only_with_both_transports_for_fewer_than_2_losses() -> None:
    state = war([])
    both = ["imperial_tr", "imperial_tr"]
    assert raid(state, result(destroyed={"terran": ["terran_dd"], "imperial": both})) == ["terran"]
    two = ["terran_dd", "terran_sc"]
    assert raid(state, result(destroyed={"terran": two, "imperial": both})) == ["imperial"]
    one = ["imperial_tr", "imperial_cr"]
    assert raid(state, result(destroyed={"terran": [], "imperial": one})) == ["imperial"]


def test_sc4_i24_earth_clears_the_imperials_or_the_imperium_gets_both_carriers() -> None:
    state = new_state({"data": {}})
    cv = add_unit(state, "terran", "terran_cv", "fleet:TF1")
    dd = add_unit(state, "terran", "terran_dd", "fleet:TF1")
    ca = add_unit(state, "imperial", "imperial_ca", "fleet:IF1")
    assert carriers(state, result(on_board={"terran": [cv], "imperial": []})) == ["terran"]
    assert carriers(state, result(on_board={"terran": [dd], "imperial": [ca]})) == ["imperial"]
    assert carriers(state, result(on_board={"terran": [dd], "imperial": []})) == []


def test_i13_three_rounds_as_in_12_3_through_the_data_option() -> None:
    g = Game(RULES, 5, {"scenario": "s2", "data": {"scenarios": {"s2": {"rounds": 3}}}})
    set_up(g)
    play_out(g)
    assert g.state["battle"]["outcome"]["rounds"] == 3
    # the Imperials vacated (12.3)
    assert g.result is not None and g.result["winners"] == ["terran"]


def test_an_unknown_scenario_is_refused() -> None:
    with pytest.raises(OptionError, match="must be one of s1, s2, s3, s4, s5"):
        Game(RULES, 1, {"scenario": "s9"})
