"""Appeals to the Emperor (rule 6.2, the appeal tables) as decisions, with the dice fixed."""

from __future__ import annotations

from games.imperium.war.helpers import act, legal, war
from support.dice import scripted
from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war import appeal
from wartable.games.imperium.war.emperor import send


def appealing(faces: list[int], scenario: str = "s6") -> tuple[Context, State]:
    ctx, state = scripted(faces), war(scenario)
    state["war"]["phase"] = "appeal"
    appeal.begin(ctx, state)
    return ctx, state


def test_6_2_the_imperial_player_appeals_for_either_kind_or_not() -> None:
    _, state = appealing([])
    assert legal(state, IMPERIAL) == [
        {"appeal": "military"},
        {"appeal": "financial"},
        {"pass": True},
    ]
    assert legal(state, TERRAN) == []


def test_6_2_an_appeal_costs_1_prestige_and_is_made_once_a_turn() -> None:
    ctx, state = appealing([3, 4])  # 7: none
    act(ctx, state, IMPERIAL, {"appeal": "military"})
    rolls = [e for e in ctx.events if e["kind"] == "roll"]
    assert [(e["by"], e["total"], e["rule"]) for e in rolls] == [(IMPERIAL, 7, "6.2")]
    assert state["war"]["prestige"] == 4 and state["war"]["appeals"]["made"]
    assert not appeal.open_to_appeal(state)  # no second appeal this turn
    assert state["war"]["phase"] == "construction"  # 4.0: income, reinforcements (none) ...


def test_6_2_b_3_appeals_forbidden_for_the_rest_of_the_war() -> None:
    ctx, state = appealing([2, 2])  # financial 4: forbidden
    act(ctx, state, IMPERIAL, {"appeal": "financial"})
    assert state["war"]["appeals"]["forbidden"]
    state["war"]["appeals"]["made"] = False  # a later turn
    assert not appeal.open_to_appeal(state)


def test_b_3_military_4_a_cl_and_a_dd_come_with_this_turn_s_reinforcements() -> None:
    ctx, state = appealing([1, 3])
    act(ctx, state, IMPERIAL, {"appeal": "military"})
    assert state["war"]["phase"] == "reinforcements"
    arrived = state["war"]["reinforce"]["temporary"]
    assert [state["units"][uid]["type"] for uid in arrived] == ["imperial_cl", "imperial_dd"]
    assert {a["at"] for a in legal(state, IMPERIAL)} == {
        "fleet:dingir",
        "fleet:gashidda",
        "fleet:ishkur",
    }


def test_b_3_military_8_and_12_permissions() -> None:
    ctx, state = appealing([4, 4])
    act(ctx, state, IMPERIAL, {"appeal": "military"})
    assert state["war"]["permissions"] == ["CR", "CA"]
    ctx, state = appealing([6, 6])
    act(ctx, state, IMPERIAL, {"appeal": "military"})
    assert state["war"]["permissions"] == ["CR", "CA", "B1", "B2", "BB"]


def test_b_3_i107_financial_a_gift_once_a_budget_rise_for_good() -> None:
    ctx, state = appealing([3, 4])
    act(ctx, state, IMPERIAL, {"appeal": "financial"})
    assert state["war"]["resources"][IMPERIAL] == 10 + 23  # the gift, then the turn's income
    assert state["war"]["budget"] == 10
    ctx, state = appealing([5, 6])
    act(ctx, state, IMPERIAL, {"appeal": "financial"})
    assert state["war"]["resources"][IMPERIAL] == 14 + 13 and state["war"]["budget"] == 14


def test_16_0_no_appeal_in_peace() -> None:
    state = war("campaign")
    state["war"].update(phase="appeal", peace=3)
    assert not appeal.open_to_appeal(state)


def test_b_2_i112_only_ships_whose_counters_are_free_come() -> None:
    ctx, state = scripted([]), war("s7")  # 4 of the 5 Imperial CR in play
    assert send(ctx, state, {"CR": 2}) == ["imperial_cr"]
    assert send(ctx, state, {"CR": 1}) == []
