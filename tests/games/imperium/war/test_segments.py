"""The action segments (rule 10.0): initiative, alternating activations, passing, the end."""

from __future__ import annotations

from games.imperium.war.helpers import act, empty, fleet_in, homes, legal
from support.dice import scripted
from wartable.engine import Context, State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war import segment


def at_segment(faces: list[int], state: State | None = None) -> tuple[Context, State]:
    """Segment 1 of turn 1 begun with these dice (Earth rolls first, then the Imperium)."""
    state = state or board()
    state["war"]["phase"] = "segment_1"
    ctx = scripted(faces)
    segment.begin(ctx, state)
    return ctx, state


def board() -> State:
    """A fleet of each side at home: something to activate."""
    state = homes()
    fleet_in(state, TERRAN, "sol", "terran_dd")
    fleet_in(state, IMPERIAL, "dingir", "imperial_dd")
    return state


def test_10_0_the_higher_roll_acts_first_and_each_roll_is_its_actions() -> None:
    _, state = at_segment([5, 2])
    assert state["step"] == {"kind": "segment", "side": TERRAN}
    assert state["war"]["segment"]["actions"] == {TERRAN: 5, IMPERIAL: 2}
    assert {"activate": "sol"} in legal(state, TERRAN)
    assert {"pass": True} in legal(state, TERRAN)


def test_10_0_a_tie_skips_the_segment() -> None:
    _, state = at_segment([3, 3, 1, 4])
    assert state["war"]["phase"] == "segment_2"  # straight on to the next segment
    assert state["step"] == {"kind": "segment", "side": IMPERIAL}


def test_10_0_a_tie_in_the_fourth_segment_goes_to_the_close_out() -> None:
    state = board()
    state["war"]["phase"] = "segment_4"
    segment.begin(scripted([6, 6]), state)
    assert state["war"]["phase"] != "segment_4"
    assert not state["war"]["phase"].startswith("segment")


def test_10_0_b_2_i116_civil_war_takes_1_from_the_imperial_roll_and_its_actions() -> None:
    state = board()
    state["war"]["civil_war"] = True
    _, state = at_segment([2, 3, 5, 4], state)  # 3 - 1 = 2: a tie, the segment is skipped
    assert state["war"]["phase"] == "segment_2"
    assert state["war"]["segment"]["actions"] == {TERRAN: 5, IMPERIAL: 3}


def test_10_0_i116_a_modified_0_is_no_action_and_earth_goes_on_alone() -> None:
    state = board()
    state["war"]["civil_war"] = True
    ctx, state = at_segment([4, 1], state)
    assert state["war"]["segment"]["actions"] == {TERRAN: 4, IMPERIAL: 0}
    act(ctx, state, TERRAN, {"activate": "sol"})
    act(ctx, state, TERRAN, {"done": True})
    assert state["step"] == {"kind": "segment", "side": TERRAN}  # the Imperium has none
    act(scripted([1, 4]), state, TERRAN, {"pass": True})  # i116: his pass ends the segment
    assert state["war"]["phase"] == "segment_2"


def test_10_0_players_alternate_one_activation_at_a_time() -> None:
    ctx, state = at_segment([5, 2])
    act(ctx, state, TERRAN, {"activate": "sol"})
    assert state["step"] == {"kind": "orders", "side": TERRAN}
    act(ctx, state, TERRAN, {"done": True})
    assert state["step"] == {"kind": "segment", "side": IMPERIAL}
    assert state["war"]["segment"]["actions"] == {TERRAN: 4, IMPERIAL: 2}


def test_10_0_passing_keeps_the_action_for_later() -> None:
    ctx, state = at_segment([5, 2])
    act(ctx, state, TERRAN, {"activate": "sol"})
    act(ctx, state, TERRAN, {"done": True})
    act(ctx, state, IMPERIAL, {"pass": True})
    assert state["war"]["segment"]["actions"][IMPERIAL] == 2
    act(ctx, state, TERRAN, {"activate": "sol"})
    act(ctx, state, TERRAN, {"done": True})
    assert {"activate": "dingir"} in legal(state, IMPERIAL)  # still both actions


def test_10_0_two_passes_in_a_row_end_the_segment_at_once() -> None:
    ctx, state = at_segment([5, 2, 1, 6])
    act(ctx, state, TERRAN, {"pass": True})
    assert state["war"]["phase"] == "segment_1"
    act(ctx, state, IMPERIAL, {"pass": True})
    assert state["war"]["phase"] == "segment_2"


def test_10_0_the_segment_ends_when_both_have_used_their_actions() -> None:
    ctx, state = at_segment([2, 1, 3, 4])
    for side in (TERRAN, IMPERIAL, TERRAN):
        act(ctx, state, side, {"activate": "sol" if side == TERRAN else "dingir"})
        act(ctx, state, side, {"done": True})
    assert state["war"]["phase"] == "segment_2"


def test_10_0_when_one_side_is_out_of_actions_the_other_takes_his_remaining_ones() -> None:
    ctx, state = at_segment([1, 3])
    act(ctx, state, IMPERIAL, {"activate": "dingir"})
    act(ctx, state, IMPERIAL, {"done": True})
    act(ctx, state, TERRAN, {"activate": "sol"})
    act(ctx, state, TERRAN, {"done": True})
    assert state["step"] == {"kind": "segment", "side": IMPERIAL}
    assert [a for a in legal(state, TERRAN)] == []


def test_10_0_11_1_the_markers_stand_up_at_each_segment() -> None:
    state = board()
    for fleet in state["war"]["fleets"].values():
        fleet["moved"] = True
    at_segment([5, 2], state)
    assert not any(f["moved"] for f in state["war"]["fleets"].values())


def test_10_0_only_systems_with_something_to_order_may_be_activated() -> None:
    _, state = at_segment([5, 2])
    assert [a for a in legal(state, TERRAN) if "activate" in a] == [{"activate": "sol"}]


def test_10_0_the_example_of_play_earth_5_actions_the_imperium_2_and_two_passes() -> None:
    """The 10.0 example's sequence of activations and passes (its battles left out: the
    Imperial fleet from Ys goes elsewhere; Earth's fleet for Epsilon Eridani stops at Sirius)."""
    state = empty("s6")
    fleets = {
        system: fleet_in(state, side, system, f"{side}_dd")
        for side, system in [
            (TERRAN, "procyon"),
            (TERRAN, "agidda"),
            (TERRAN, "sol"),
            (TERRAN, "alpha_centauri_a"),
            (TERRAN, "junction"),
            (IMPERIAL, "ys"),
            (IMPERIAL, "apishal"),
        ]
    }
    ctx, state = at_segment([5, 2, 4, 1], state)

    def order(side: str, system: str, *path: str) -> None:
        act(ctx, state, side, {"activate": system})
        for there in path:
            act(ctx, state, side, {"jump": fleets[system], "to": there})
        if state["war"]["segment"]["moving"] is not None:
            act(ctx, state, side, {"halt": fleets[system]})
        act(ctx, state, side, {"done": True})

    order(TERRAN, "procyon", "sirius")  # 11.2: it stops there
    assert state["war"]["fleets"][fleets["procyon"]]["system"] == "sirius"
    order(IMPERIAL, "ys", "sarpedon")
    order(TERRAN, "agidda", "dushaam")
    act(ctx, state, IMPERIAL, {"pass": True})
    order(TERRAN, "sol", "alpha_centauri_a", "agidda", "dushaam")
    act(ctx, state, IMPERIAL, {"pass": True})
    order(TERRAN, "alpha_centauri_a", "agidda", "dushaam")
    assert state["war"]["segment"]["actions"] == {TERRAN: 1, IMPERIAL: 1}
    order(IMPERIAL, "apishal", "nusku")  # his last action, kept for after Earth's moves
    order(TERRAN, "junction", "procyon")
    assert state["war"]["phase"] == "segment_2"  # both have used all their actions
