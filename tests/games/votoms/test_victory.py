"""Rule 14: the end of the game and victory; rule 2.3 control."""

from __future__ import annotations

import pytest

import wartable
from support.dice import scripted
from wartable.games.votoms import control, victory
from wartable.games.votoms.state import place

PALACE = "K04"


@pytest.fixture
def state() -> dict:  # type: ignore[type-arg]
    return wartable.new_game("votoms", seed=8).state


def empty(state: dict, hex_label: str) -> None:  # type: ignore[type-arg]
    for uid in [u["id"] for u in state["units"].values() if u["hex"] == hex_label]:
        del state["units"][uid]


def test_14_1_2_the_offensive_turn_ends_the_game_at_its_end(state: dict) -> None:  # type: ignore[type-arg]
    state["offensive"]["turn"] = 9
    state["turn"] = 8
    victory.end_of_turn(scripted([]), state)
    assert state["end"] is None
    state["turn"] = 9
    victory.end_of_turn(scripted([]), state)
    assert state["end"] is not None and state["end"]["reason"] == "offensive"


def test_14_2_1_and_14_2_2_merc_holding_the_palace_scores_2d_13_and_7_per_early_turn(
    state: dict,
) -> None:  # type: ignore[type-arg]
    state["control"]["palace"] = "merc"
    state["turn"], state["offensive"]["turn"] = 8, 10
    victory.finish(scripted([3, 4]), state, "merc")
    assert state["vp"]["merc"] == 3 + 4 + 13 + (10 - 8) * 7


def test_14_2_2_no_bonus_on_the_offensive_turn_itself(state: dict) -> None:  # type: ignore[type-arg]
    state["control"]["palace"] = "merc"
    state["turn"], state["offensive"]["turn"] = 10, 10
    victory.finish(scripted([1, 1]), state, "merc")
    assert state["vp"]["merc"] == 15


def test_14_2_2_an_early_end_draws_the_offensive_turn_first(state: dict) -> None:  # type: ignore[type-arg]
    state["control"]["palace"] = "merc"
    state["turn"] = 5
    victory.finish(scripted([1, 1]), state, "merc")
    drawn = state["offensive"]["turn"]
    assert drawn in (8, 9, 10, 11)
    assert state["vp"]["merc"] == 15 + (drawn - 5) * 7


def test_14_2_3_kan_yu_in_the_palace_5_vp_and_1_per_other_at_or_soldier(state: dict) -> None:  # type: ignore[type-arg]
    empty(state, PALACE)
    ctx = scripted([1, 1])
    place(
        ctx,
        state,
        "merc",
        ["kan_yu", "scopedog", "merc_soldier", "heli", "kiriko"],
        PALACE,
        up=True,
    )
    state["control"]["palace"] = "merc"
    state["stage"], state["turn"], state["offensive"]["turn"] = 3, 11, 11
    state["kan_yu_in_palace_assault"] = True
    victory.finish(ctx, state, "merc")
    assert state["vp"]["merc"] == 15 + 5 + 2  # not the heli, not Kiriko (R41)


def test_14_2_3_nothing_if_kan_yu_was_not_in_the_combat_from_the_start(state: dict) -> None:  # type: ignore[type-arg]
    empty(state, PALACE)
    ctx = scripted([1, 1])
    place(ctx, state, "merc", ["kan_yu", "scopedog"], PALACE, up=True)
    state["control"]["palace"] = "merc"
    state["stage"], state["turn"], state["offensive"]["turn"] = 5, 11, 11
    victory.finish(ctx, state, "merc")
    assert state["vp"]["merc"] == 15


def test_14_2_3_only_in_stages_3_to_8(state: dict) -> None:  # type: ignore[type-arg]
    empty(state, PALACE)
    ctx = scripted([1, 1])
    place(ctx, state, "merc", ["kan_yu"], PALACE, up=True)
    state["control"]["palace"] = "merc"
    state["stage"], state["turn"], state["offensive"]["turn"] = 2, 11, 11
    state["kan_yu_in_palace_assault"] = True
    victory.finish(ctx, state, "merc")
    assert state["vp"]["merc"] == 15


def test_14_2_4_offensive_end_bieler_scores_its_ats_in_and_around_the_palace(state: dict) -> None:  # type: ignore[type-arg]
    # At setup: Blue AT (a PS) and 8 drawn units in the Palace; add ATs around it.
    ctx = scripted([])
    place(ctx, state, "bieler", ["fatty", "bieler_soldier"], "K05", up=False)  # adjacent
    place(ctx, state, "bieler", ["fatty"], "H06", up=False)  # not adjacent
    in_palace = [
        u
        for u in state["units"].values()
        if u["hex"] == PALACE and u["type"] in ("fatty", "bieler_scopedog")
    ]
    victory.finish(ctx, state, "offensive")
    assert state["vp"]["bieler"] == len(in_palace) + 1


def test_14_2_4_nothing_when_merc_took_the_palace(state: dict) -> None:  # type: ignore[type-arg]
    state["control"]["palace"] = "merc"
    state["turn"], state["offensive"]["turn"] = 11, 11
    victory.finish(scripted([1, 1]), state, "merc")
    assert state["vp"]["bieler"] == 0


@pytest.mark.parametrize(
    ("merc", "bieler", "winners"), [(10, 9, ["merc"]), (3, 9, ["bieler"]), (7, 7, [])]
)
def test_14_2_5_more_vp_wins_equal_is_a_draw(
    state: dict, merc: int, bieler: int, winners: list
) -> None:  # type: ignore[type-arg]
    state["vp"] = {"merc": merc, "bieler": bieler}
    state["units"] = {}
    victory.finish(scripted([]), state, "offensive")
    assert state["end"]["winners"] == winners
    assert state["end"]["scores"] == {"merc": merc, "bieler": bieler}


def test_14_the_offensive_turn_is_shown_to_everyone_at_the_end() -> None:
    g = wartable.new_game("votoms", seed=4)
    g.state["offensive"]["turn"] = 9
    g.state["turn"] = 9
    victory.end_of_turn(scripted([]), g.state)
    assert g.over and g.view("bieler")["board"]["offensive"]["turn"] == 9
    assert all("type" in u for u in g.view("bieler")["board"]["units"])  # nothing hidden now


@pytest.mark.parametrize(
    ("merc", "bieler", "previous", "expected"),
    [
        ([True], [], "bieler", "merc"),  # 1) only one side, face-up or not
        ([False], [], None, "merc"),
        ([True], [False], None, "merc"),  # 2) the side with face-up units
        ([False], [True], "merc", "bieler"),
        ([False], [False], "merc", None),  # 3) all face-down: neutral
        ([], [], "bieler", "bieler"),  # 4) empty base keeps its control
    ],
)
def test_2_3_3_control(
    state: dict, merc: list, bieler: list, previous: str | None, expected: str | None
) -> None:  # type: ignore[type-arg]
    empty(state, "J09")
    ctx = scripted([])
    for up in merc:
        place(ctx, state, "merc", ["scopedog"], "J09", up=up)
    for up in bieler:
        place(ctx, state, "bieler", ["fatty"], "J09", up=up)
    assert control.controller(state, "J09", previous) == expected


def test_2_3_2_empty_route_hexes_are_neutral(state: dict) -> None:  # type: ignore[type-arg]
    assert control.route_controller(state, "C08") is None


def test_2_3_1_bases_are_rechecked_after_combat(state: dict) -> None:  # type: ignore[type-arg]
    empty(state, "J09")
    place(scripted([]), state, "merc", ["scopedog"], "J09", up=True)
    assert control.check_bases(state) == [("ramo_temple", "bieler", "merc")]
    assert state["control"]["ramo_temple"] == "merc"
