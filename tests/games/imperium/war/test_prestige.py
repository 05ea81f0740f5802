"""Prestige (rule 5.0, 15.0): the track's changes and the check that ends a war."""

from __future__ import annotations

import pytest

from games.imperium.war.helpers import war
from support.dice import scripted
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war.flow import done
from wartable.games.imperium.war.prestige import change, verdict


@pytest.mark.parametrize(
    ("key", "moved"),
    [
        ("capture_outpost", 1),
        ("imperial_major_victory", 1),
        ("capture_world", 3),
        ("lose_outpost", -1),
        ("terran_major_victory", -1),
        ("lose_world", -3),
    ],
)
def test_15_0_the_prestige_table(key: str, moved: int) -> None:
    state = war("s6")
    assert change(state, key) == moved
    assert state["war"]["prestige"] == 5 + moved and state["war"]["net"] == moved


def test_15_0_i111_the_track_stops_at_0_and_10() -> None:
    state = war("s7")
    state["war"]["prestige"] = 9
    assert change(state, "capture_world") == 1 and state["war"]["prestige"] == 10
    state["war"]["prestige"] = 1
    assert change(state, "lose_world") == -1 and state["war"]["prestige"] == 0


@pytest.mark.parametrize(
    ("turn", "prestige", "winner"),
    [
        (1, 0, TERRAN),
        (1, 1, None),
        (6, 10, IMPERIAL),
        (6, 9, None),
        (7, 1, TERRAN),
        (7, 9, IMPERIAL),
        (8, 2, TERRAN),
        (8, 8, IMPERIAL),
        (9, 3, TERRAN),
        (9, 7, IMPERIAL),
        (9, 5, None),
        (10, 4, TERRAN),
        (10, 6, IMPERIAL),
        (10, 5, "truce"),
    ],
)
def test_15_0_the_levels_that_win_a_war_turn_by_turn(
    turn: int, prestige: int, winner: str | None
) -> None:
    state = war("s6")
    state["war"].update(war_turn=turn, prestige=prestige)
    assert verdict(state) == winner


def test_15_0_i108_the_prestige_phase_ends_a_scenario_s_war() -> None:
    state = war("s6")
    state["war"].update(phase="repair", war_turn=10, prestige=5, net=2)
    done(scripted([]), state)  # repair is over: the prestige phase runs its check
    assert (state["war"]["ended"], state["war"]["phase"]) == ("truce", "over")


def test_15_0_i108_a_war_not_won_goes_on() -> None:
    state = war("s6")
    state["war"].update(phase="repair", war_turn=3, prestige=2, net=-1)
    done(scripted([3, 4]), state)  # the next turn's Interference: 7, no event
    w = state["war"]
    assert (w["ended"], w["phase"], w["war_turn"], w["net"]) == (None, "appeal", 4, 0)
