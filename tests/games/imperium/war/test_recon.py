"""Stealth reconnaissance (optional rule 17.2, option ``stealth``; ruling I122)."""

from __future__ import annotations

from games.imperium.war.helpers import act, empty, fleet_in, land, legal, mark
from support.dice import scripted
from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import hidden, segment


def scouting(faces: list[int], *, stealth: bool = True) -> tuple[Context, State, str]:
    """Terran scouts from Sol jump into Barnard's Star, held by an Imperial CL and DD and an
    Imperial Outpost with a battery."""
    state = empty("s6")
    state["options"]["stealth"] = stealth
    mark(state, "sol_1", "world", TERRAN)
    mark(state, "barnards_star", "outpost", IMPERIAL)
    land(state, IMPERIAL, "barnards_star", "imperial_battery")
    number = fleet_in(state, TERRAN, "sol", "terran_sc", "terran_sc")
    fleet_in(state, IMPERIAL, "barnards_star", "imperial_cl", "imperial_dd")
    state["war"]["phase"] = "segment_1"
    ctx = scripted([5, 2, *faces])
    segment.begin(ctx, state)
    act(ctx, state, TERRAN, {"activate": "sol"})
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    return ctx, state, number


def test_17_2_a_fleet_of_scouts_only_may_try_to_go_unseen() -> None:
    _, state, _ = scouting([])
    assert legal(state, TERRAN) == [{"recon": "try"}, {"recon": "no"}]


def test_17_2_without_the_option_contact_is_as_usual() -> None:
    _, state, _ = scouting([], stealth=False)
    assert state["battle"]["kind"] == "space"


def test_17_2_the_enemy_may_reveal_destroyers_each_adding_1() -> None:
    ctx, state, _ = scouting([5, 5])
    act(ctx, state, TERRAN, {"recon": "try"})
    assert state["step"]["kind"] == "screen"
    assert legal(state, IMPERIAL) == [{"screen": 0}, {"screen": 1}]
    act(ctx, state, IMPERIAL, {"screen": 1})  # 5 + 5 + 1 = 11: seen
    assert state["battle"]["kind"] == "space"


def test_17_2_unseen_on_10_or_less_the_enemy_shows_fleets_and_boxes_and_the_scouts_go_on() -> None:
    ctx, state, number = scouting([4, 5])
    act(ctx, state, TERRAN, {"recon": "try"})
    act(ctx, state, IMPERIAL, {"screen": 1})  # 4 + 5 + 1 = 10: unseen
    shown = hidden.view(state, TERRAN)["units"]
    assert set(units_at(state, "fleet:IF1")) <= set(shown)
    assert set(units_at(state, "box:barnards_star")) <= set(shown)
    assert {"jump": number, "to": "hades"} in legal(state, TERRAN)
    assert state["battle"] is None
