"""Rule 12 (stages) and 13 (Kiriko and Ypsilon): transitions, entry effects and checks."""

from __future__ import annotations

import pytest

import wartable
from support.dice import scripted
from wartable.games.votoms import stages
from wartable.games.votoms.state import find, values

EX10, PALACE = "B08", "K04"


@pytest.fixture
def state() -> dict:  # type: ignore[type-arg]
    return wartable.new_game("votoms", seed=21).state


def took_part(*types: str, destroyed: list[list[str | None]] | None = None) -> dict:  # type: ignore[type-arg]
    return {"participants": list(types), "destroyed": destroyed or []}


def test_12_3_a_next_turn_transition_waits_and_a_second_one_is_ignored(state: dict) -> None:  # type: ignore[type-arg]
    ctx = scripted([])
    stages.schedule(ctx, state, 3, "12.6")
    stages.schedule(ctx, state, 1, "12.4")
    assert state["next_stage"] == 3 and state["stage"] == 0
    stages.start_of_turn(scripted([2, 3]), state)  # stage 3: Merc 2D VP
    assert state["stage"] == 3 and state["next_stage"] == 4


def test_12_4_kan_yu_meets_blue_at_initial_stage_goes_to_stage_1_next_turn(state: dict) -> None:  # type: ignore[type-arg]
    stages.after_combat(scripted([]), state, took_part("kan_yu", "blue_at", "scopedog"))
    assert state["stage"] == 0 and state["next_stage"] == 1 and state["kan_yu_met_blue"]


def test_12_4_no_transition_without_both(state: dict) -> None:  # type: ignore[type-arg]
    stages.after_combat(scripted([]), state, took_part("kan_yu", "fatty"))
    assert state["next_stage"] is None


def test_12_5_entering_stage_1_sends_kan_yu_home_face_up_with_12_6(state: dict) -> None:  # type: ignore[type-arg]
    kan_yu = find(state, "kan_yu")
    assert kan_yu is not None
    kan_yu["hex"], kan_yu["up"] = "F05", False
    stages.enter(scripted([]), state, 1, "12.3")
    assert (kan_yu["hex"], kan_yu["up"]) == (EX10, True)  # R32: face-up
    assert values(state, kan_yu) == (12, 6)


@pytest.mark.parametrize(("die", "stage", "vp"), [(1, 1, 4), (2, 1, 4), (3, 2, 0), (6, 2, 0)])
def test_12_5_encounter_check(state: dict, die: int, stage: int, vp: int) -> None:  # type: ignore[type-arg]
    state["stage"] = 1
    stages.after_combat(scripted([die]), state, took_part("kan_yu", "blue_at"))
    assert state["stage"] == stage and state["vp"]["merc"] == vp


def test_12_5_kan_yu_destroyed_by_blue_at_goes_to_stage_2_without_a_check(state: dict) -> None:  # type: ignore[type-arg]
    state["stage"] = 1
    ctx = scripted([])  # no die may be rolled
    stages.after_combat(
        ctx, state, took_part("kan_yu", "blue_at", destroyed=[["kan_yu", "blue_at"]])
    )
    assert state["stage"] == 2


def test_12_6_stage_2_returns_kan_yu_to_11_5_and_blue_at_to_the_palace(state: dict) -> None:  # type: ignore[type-arg]
    blue = find(state, "blue_at")
    assert blue is not None
    blue["hex"] = "H06"
    state["stage"] = 1
    stages.enter(scripted([]), state, 2, "12.5")
    assert blue["hex"] == PALACE and blue["up"]
    kan_yu = find(state, "kan_yu")
    assert kan_yu is not None and values(state, kan_yu) == (11, 5)


def test_12_6_escape_check_modifier_grows_after_each_failure(state: dict) -> None:  # type: ignore[type-arg]
    state["stage"] = 2
    stages.start_of_turn(scripted([3]), state)  # 3 + 0: fails
    stages.start_of_turn(scripted([3]), state)  # 3 + 1: fails
    assert state["mods"]["escape"] == 2 and state["next_stage"] is None
    stages.start_of_turn(scripted([3]), state)  # 3 + 2 = 5: escapes
    assert state["next_stage"] == 3


def test_12_7_stage_3_kan_yu_home_merc_2d_vp_and_stage_4_next(state: dict) -> None:  # type: ignore[type-arg]
    ctx = scripted([4, 5])
    stages.enter(ctx, state, 3, "12.3")
    assert state["vp"]["merc"] == 9 and state["next_stage"] == 4
    roll = next(e for e in ctx.events if e["kind"] == "roll")
    assert (roll["by"], roll["count"], roll["rule"]) == ("merc", 2, "12.7")


@pytest.mark.parametrize(
    ("die", "destroyed", "stage", "bieler_vp"),
    [
        (5, [], 5, 0),
        (6, [], 4, 3),
        (6, [["kan_yu", "blue_at"]], 7, 0),  # 6 + 1 = 7
        (6, [["blue_at", "kan_yu"]], 5, 0),  # 6 - 1 = 5
        (6, [["kan_yu", "blue_at"], ["blue_at", "scopedog"]], 4, 3),  # both: net 0
        (1, [["blue_at", "kan_yu"]], 5, 0),  # 0
    ],
)
def test_12_8_watch_check(
    state: dict, die: int, destroyed: list, stage: int, bieler_vp: int
) -> None:  # type: ignore[type-arg]
    state["stage"] = 4
    extra = [2, 2] if stage == 7 else []  # entering stage 7: Bieler 2D VP
    stages.after_combat(
        scripted([die, *extra]), state, took_part("kan_yu", "blue_at", destroyed=destroyed)
    )
    assert state["stage"] == stage
    assert state["vp"]["bieler"] == bieler_vp + (4 if stage == 7 else 0)


def test_12_9_stage_5_removes_blue_at_and_schedules_stage_6(state: dict) -> None:  # type: ignore[type-arg]
    stages.enter(scripted([]), state, 5, "12.8")
    assert find(state, "blue_at") is None and "blue_at" in state["removed"]
    assert state["next_stage"] == 6
    kan_yu = find(state, "kan_yu")
    assert kan_yu is not None and values(state, kan_yu) == (11, 5)


@pytest.mark.parametrize(("die", "arrives"), [(5, False), (6, True)])
def test_12_10_turn_start_strike_dog_check_on_a_6(state: dict, die: int, arrives: bool) -> None:  # type: ignore[type-arg]
    state["stage"] = 6
    stages.start_of_turn(scripted([die]), state)
    dog = find(state, "strike_dog")
    assert (dog is not None) == arrives
    if dog:
        assert dog["hex"] == PALACE and dog["up"] and "strike_dog" not in state["stock"]["bieler"]
    assert state["mods"]["strike_dog"] == 0  # no modifier from the turn-start check


def test_12_10_no_turn_start_check_once_strike_dog_arrived(state: dict) -> None:  # type: ignore[type-arg]
    state["stage"] = 6
    stages.arrive(scripted([]), state, "strike_dog", "12.10")
    stages.start_of_turn(scripted([]), state)  # would fail for lack of dice if it rolled


def test_12_10_combat_strike_dog_check_4_up_with_growing_modifier(state: dict) -> None:  # type: ignore[type-arg]
    state["stage"] = 6
    assert not stages.strike_dog_round_check(scripted([3]), state)
    assert state["mods"]["strike_dog"] == 1
    assert stages.strike_dog_round_check(scripted([3]), state)  # 3 + 1 = 4
    assert find(state, "strike_dog") is not None


def test_12_10_kiriko_check_as_written_gets_harder(state: dict) -> None:  # type: ignore[type-arg]
    assert not stages.kiriko_round_check(scripted([5]), state)
    assert not stages.kiriko_round_check(scripted([4]), state)  # 4 + 1 = 5: fails
    assert stages.kiriko_round_check(scripted([2]), state)  # 2 + 2 = 4
    assert state["mods"]["kiriko"] == 0


def test_R36_option_corrected_widens_the_kiriko_band() -> None:
    state = wartable.new_game("votoms", seed=2, options={"kiriko_check": "corrected"}).state
    assert not stages.kiriko_round_check(scripted([5]), state)
    assert stages.kiriko_round_check(scripted([5]), state)  # 1-5 succeeds after one failure


def test_12_11_stage_7_bieler_2d_vp_proto_one_placed_stage_8_next(state: dict) -> None:  # type: ignore[type-arg]
    stages.enter(scripted([6, 1]), state, 7, "12.8")
    proto = find(state, "proto_one")
    assert state["vp"]["bieler"] == 7 and proto is not None and proto["hex"] == PALACE
    assert state["next_stage"] == 8


def test_12_12_stage_8_places_strike_dog_and_removes_blue_at(state: dict) -> None:  # type: ignore[type-arg]
    stages.enter(scripted([]), state, 8, "12.3")
    assert find(state, "strike_dog") is not None and find(state, "blue_at") is None
    assert "blue_at" in state["removed"]


def test_12_the_view_shows_stage_pending_transition_and_modifiers() -> None:
    g = wartable.new_game("votoms", seed=3)
    g.state["stage"], g.state["next_stage"], g.state["mods"]["escape"] = 2, 3, 2
    board = g.view("bieler")["board"]
    assert board["stage"] == 2 and board["next_stage"] == 3 and board["mods"]["escape"] == 2
    assert board["stage_name"]["ja"] == "ステージ2:キリコ幽閉"
