"""The sequence of play (rule 4.0) and the turn record track (9.0)."""

from __future__ import annotations

import pytest

from games.imperium.war.helpers import act, war
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war.flow import done
from wartable.games.imperium.war.sequence import PHASES, advance, due, schedule


def walk(state: State, n: int) -> list[str]:
    return [advance(state) for _ in range(n)]


def test_4_0_the_phases_of_a_turn_in_order() -> None:
    state = war("s6")
    assert walk(state, len(PHASES)) == [
        "interference",
        "appeal",
        "income",
        "reinforcements",
        "construction",
        "segment_1",
        "segment_2",
        "segment_3",
        "segment_4",
        "maintenance",
        "scrapping",
        "repair",
        "prestige",
    ]


def test_4_0_after_the_prestige_phase_a_new_turn_begins() -> None:
    state = war("s6")
    walk(state, len(PHASES))
    state["war"]["appeals"]["made"] = True
    state["war"]["fleets"]["TF1"]["moved"] = True
    assert advance(state) == "interference"
    w = state["war"]
    assert (w["turn"], w["war_turn"]) == (2, 2)
    assert w["appeals"]["made"] is False  # 6.2: one appeal each turn
    assert w["fleets"]["TF1"]["moved"] is False  # 11.1: the markers stand up again


def test_4_0_a_scenario_ends_when_its_war_does() -> None:
    state = war("s7")
    walk(state, len(PHASES))
    state["war"]["ended"] = TERRAN
    assert advance(state) == "over"


def test_4_0_16_0_the_campaign_goes_on_to_peace() -> None:
    state = war("campaign")
    walk(state, len(PHASES))
    state["war"]["ended"] = "truce"
    assert advance(state) == "peace"


def test_6_1_6_2_16_0_peace_turns_have_no_interference_and_no_appeal() -> None:
    state = war("campaign")
    walk(state, len(PHASES))
    state["war"].update(phase="peace", peace=2, ended=TERRAN)  # 16.0: Earth rolled 2 turns
    state["war"]["appeals"]["forbidden"] = True
    assert advance(state) == "income"
    assert (state["war"]["turn"], state["war"]["war_turn"]) == (2, None)
    assert walk(state, 10)[-1] == "prestige"
    assert advance(state) == "income" and state["war"]["peace"] == 1
    walk(state, 10)
    assert advance(state) == "interference"  # 16.0: the peace is over, the next war begins
    w = state["war"]
    assert (w["peace"], w["war_turn"], w["war"], w["turn"]) == (None, 1, 2, 4)
    assert w["prestige"] == 4  # 15.0: the Imperium lost the last war
    assert w["appeals"]["forbidden"] is False  # B.3: the ban ends with the war


@pytest.mark.parametrize(("ended", "prestige"), [("truce", 5), (TERRAN, 4), (IMPERIAL, 6)])
def test_15_0_the_prestige_a_war_of_the_campaign_starts_at(ended: str, prestige: int) -> None:
    state = war("campaign")
    walk(state, len(PHASES))
    state["war"].update(phase="peace", peace=1, ended=ended)
    walk(state, 1 + 11)
    assert state["war"]["phase"] == "interference" and state["war"]["prestige"] == prestige


def test_9_0_the_example_two_dd_and_a_ca_built_on_turn_4() -> None:
    state = war("s6")
    state["war"]["turn"] = 4
    schedule(state, TERRAN, "terran_dd", 4 + 1)
    schedule(state, TERRAN, "terran_dd", 4 + 1)
    schedule(state, TERRAN, "terran_ca", 4 + 2)
    assert due(state, TERRAN) == []
    state["war"]["turn"] = 5
    assert due(state, TERRAN) == ["terran_dd", "terran_dd"]
    state["war"]["turn"] = 6
    assert due(state, TERRAN) == ["terran_ca"]


def test_9_0_nothing_arrives_on_the_turn_it_is_built() -> None:
    state = war("s6")
    with pytest.raises(AssertionError, match=r"9\.0"):
        schedule(state, TERRAN, "terran_dd", 1)


def test_4_0_a_whole_administrative_segment_of_scenario_6() -> None:
    """Interference (7: none), no appeal, income, no reinforcements, Earth builds a DD and the
    Imperium a CL, then the first action segment."""
    ctx, state = scripted([3, 4, 5, 2]), war("s6")  # interference; the initiative (10.0)
    done(ctx, state)  # the set-up is over
    assert state["war"]["phase"] == "appeal"
    act(ctx, state, IMPERIAL, {"pass": True})
    assert state["war"]["phase"] == "construction"
    assert state["war"]["resources"] == {TERRAN: 10 + 32, IMPERIAL: 23}  # I102: Earth's 10 in stock
    act(ctx, state, TERRAN, {"build": "terran_dd"})
    act(ctx, state, TERRAN, {"done": True})
    act(ctx, state, IMPERIAL, {"build": "imperial_cl"})
    act(ctx, state, IMPERIAL, {"done": True})
    assert state["war"]["phase"] == "segment_1"
    assert state["war"]["resources"] == {TERRAN: 10 + 27, IMPERIAL: 15}
    assert due(state, TERRAN) == [] and len(state["war"]["track"]["2"]) == 2
