"""The Imperial Interference (rule 6.1) and every event of B.2, with the dice fixed."""

from __future__ import annotations

from games.imperium.war.helpers import act, fleet_in, legal, war
from support.dice import scripted
from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL
from wartable.games.imperium.war import interference
from wartable.games.imperium.war.prestige import move, recall
from wartable.games.imperium.war.sequence import schedule


def interfering(faces: list[int], scenario: str = "s6") -> tuple[Context, State]:
    ctx, state = scripted(faces), war(scenario)
    state["war"]["phase"] = "interference"
    interference.begin(ctx, state)
    return ctx, state


def track(state: State, turn: int) -> list[tuple[str, bool]]:
    return [(a["type"], bool(a.get("temporary"))) for a in state["war"]["track"].get(str(turn), [])]


def test_6_1_the_imperial_player_rolls_2d6_then_may_appeal() -> None:
    ctx, state = interfering([3, 4])
    rolls = [(e["by"], e["total"], e["rule"]) for e in ctx.events if e["kind"] == "roll"]
    assert rolls == [(IMPERIAL, 7, "6.1")]
    assert state["war"]["event"] == "none" and state["war"]["phase"] == "appeal"


def test_b_2_imperial_succession_civil_war_on_1_or_2() -> None:
    assert interfering([1, 1, 2])[1]["war"]["civil_war"] is True
    assert interfering([1, 1, 3])[1]["war"]["civil_war"] is False


def test_b_2_frontier_crisis_ships_leave_capital_ships_counting_2() -> None:
    ctx, state = interfering([1, 2, 3], "s7")  # 3 points
    bb = next(
        a["remove"]
        for a in legal(state, IMPERIAL)
        if state["units"][a["remove"]]["type"] == "imperial_bb"
    )
    act(ctx, state, IMPERIAL, {"remove": bb})
    left = {state["units"][a["remove"]]["type"] for a in legal(state, IMPERIAL)}
    assert "imperial_bb" not in left and "imperial_b1" not in left and "imperial_dd" in left
    cv = next(
        a["remove"]
        for a in legal(state, IMPERIAL)
        if state["units"][a["remove"]]["type"] == "imperial_cv"
    )
    fleet = state["units"][cv]["at"]
    aboard = [uid for uid, u in state["units"].items() if u["aboard"] == cv]
    act(ctx, state, IMPERIAL, {"remove": cv})
    assert all(state["units"][f]["at"] == fleet for f in aboard)  # ruling I113: set down loose
    assert track(state, 1 + 3) == [("imperial_bb", False), ("imperial_cv", False)]
    assert state["war"]["phase"] == "appeal"


def test_b_2_emperor_s_visit_an_offensive_with_1_more_and_prestige_doubled_or_tripled() -> None:
    _, state = interfering([2, 2, 6])  # 6 + 1 = 7 on the Offensive Order table
    assert sorted(track(state, 1)) == sorted(
        [(t, True) for t in ("imperial_bb", "imperial_bb", "imperial_ca", "imperial_ca")]
        + [("imperial_cr", True), ("imperial_cr", True), ("imperial_at", True)]
        + [(next(a["type"] for a in state["war"]["track"]["1"] if "drop" in a["type"]), True)]
    )
    assert len(state["war"]["offensives"][0]) == 7  # the ships, not the drop troops
    assert move(state, 1) == 2 and move(state, -1) == -3


def test_b_2_prohibition_revokes_permissions_and_cancels_b1_b2_bb_for_half() -> None:
    ctx, state = scripted([2, 3]), war("s7")
    schedule(state, IMPERIAL, "imperial_bb", 3, built=True)
    schedule(state, IMPERIAL, "imperial_ca", 2, built=True)
    state["war"]["track"]["3"].append({"side": IMPERIAL, "type": "imperial_b1", "temporary": True})
    state["war"]["phase"] = "interference"
    interference.begin(ctx, state)
    assert state["war"]["permissions"] == []
    assert track(state, 2) == [("imperial_ca", False)]  # a CA goes on being built
    assert track(state, 3) == [("imperial_b1", True)]  # the Emperor's ship is not being built
    assert state["war"]["resources"][IMPERIAL] == 23 // 2


def test_b_2_i107_recession_and_prosperity() -> None:
    assert interfering([3, 3])[1]["war"]["recession"] == 3
    ctx, state = scripted([4, 4]), war("s6")
    state["war"].update(phase="interference", recession=2)
    interference.begin(ctx, state)
    assert (state["war"]["budget"], state["war"]["recession"]) == (20, 0)


def test_b_2_offensive_order_forces_arrive_and_are_recorded() -> None:
    _, state = interfering([4, 5, 2])  # 9, then 2: 1 B1 and 2 CA
    assert track(state, 1) == [("imperial_b1", True), ("imperial_ca", True), ("imperial_ca", True)]
    assert state["war"]["offensives"] == [["imperial_b1", "imperial_ca", "imperial_ca"]]


def test_b_2_i113_offensive_ships_go_back_when_prestige_does_not_rise() -> None:
    state = war("s6")
    fleet_in(state, IMPERIAL, "dingir", "imperial_ca", "imperial_ca", "imperial_b1")
    ids = [uid for uid, u in state["units"].items() if u["type"] in ("imperial_ca", "imperial_b1")]
    state["units"][ids[0]]["damaged"] = True
    state["war"]["offensives"] = [["imperial_ca", "imperial_b1", "imperial_bb"]]
    state["war"]["net"] = 1
    recall(state)
    assert len(state["war"]["offensives"]) == 1  # prestige rose: the forces stay
    state["war"]["net"] = 0
    recall(state)
    assert [u for u in ids if u in state["units"]] == [ids[0]]  # the undamaged CA went first
    assert state["war"]["prestige"] == 4  # no BB to give back: -1
    assert state["war"]["offensives"] == []


def test_b_2_token_reinforcements_a_dd_and_a_cl() -> None:
    _, state = interfering([5, 5])
    assert track(state, 1) == [("imperial_dd", True), ("imperial_cl", True)]


def test_b_2_reinforcements_the_imperial_player_chooses_at_most_one_capital_ship() -> None:
    ctx, state = interfering([5, 6, 4])  # 11, then 4 points
    assert {"ship": "BB"} in legal(state, IMPERIAL) and {"ship": "TR"} in legal(state, IMPERIAL)
    act(ctx, state, IMPERIAL, {"ship": "BB"})
    assert {"ship": "B2"} not in legal(state, IMPERIAL)  # one capital ship only
    act(ctx, state, IMPERIAL, {"ship": "CA"})
    act(ctx, state, IMPERIAL, {"ship": "DD"})
    assert track(state, 1) == [("imperial_bb", True), ("imperial_ca", True), ("imperial_dd", True)]
    assert state["war"]["phase"] == "appeal"


def test_b_2_peace_negotiations_hold_for_the_turn() -> None:
    _, state = interfering([6, 6])
    assert state["war"]["event"] == "peace_negotiations"
