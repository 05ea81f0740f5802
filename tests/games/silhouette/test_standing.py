"""Rule S10 ③ (falling over) and S11 (self-destruction) in play: the standing test of digest
P.5 at each checkpoint, the 70°-90° zone, the owner's self-destruction, and the manual profile
where the owner reports what the paper robot did (ruling G20, G30). The model itself is
tested sheet by sheet in test_physics.py.

The damage is done by Kagerou's heat knife, which cuts cleanly (no ragged edges, P.4), so the
leans below are those of the sheets drawn with those cells missing."""

from __future__ import annotations

import pytest

from support.dice import script_game
from wartable.engine import IllegalAction

from .helpers import act, attack, cell, coop_at_raiden, end_turn, machine, new, said, step

HIEN_PARTS = ["b", "h", "j", "k", "l", "r"]


def knife(game: object, faces: list[int]) -> list[dict[str, object]]:
    """Kagerou (p1, first in every round) cuts the cell at `faces` out of p2."""
    assert game.to_act == ("p1",)  # type: ignore[attr-defined]
    return attack(game, "4-5", "p2", faces)  # type: ignore[arg-type]


def hien_without_waist_and_right_leg(**options: object) -> object:
    """Hien loses 3-2 (round 1), then its right leg's upper cell 2-4 (round 2): the whole
    upper body now hangs over the left leg, and falls (P.5 ⑧: stripping the legs)."""
    game = new(robots={"p1": "kagerou", "p2": "hien"}, **options)
    knife(game, [3, 2])
    end_turn(game)  # type: ignore[arg-type]
    return game


def test_s10_3_after_each_damage_the_standing_test_reports_the_lean_p5_p8() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    events = knife(game, [3, 2])
    leans = [e for e in events if "lean" in e.get("data", {})]
    assert [e["msg"]["en"] for e in leans] == ["Hien (p2): leans 0.0°: stands"]
    assert leans[0]["data"]["lean"] == {"theta": 0.0, "level": None, "verdict": "standing"}
    assert game.view("p1")["board"]["machines"]["p2"]["lean"]["verdict"] == "standing"


def test_s10_3_a_robot_whose_legs_are_cut_away_falls_and_is_out_without_self_destruction() -> None:
    game = new(robots={"p1": "kagerou", "p2": "tsurugi"})
    knife(game, [2, 2])  # Tsurugi's left leg, upper cell: it still stands on the right leg
    assert machine(game, "p2")["lean"]["verdict"] == "standing"
    end_turn(game)
    events = knife(game, [1, 4])  # the right leg's inner foot: held by one corner only
    assert said(events, "S10") == ["Tsurugi (p2): leans 180.0°: has fallen"]
    assert step(game) == {"kind": "stand", "machine": "p2", "by": "p2"}  # S11: its owner decides
    assert machine(game, "p2")["out"] is None
    events = act(game, "p2", {"do": "done"})
    assert said(events, "S10") == ["Tsurugi (p2) is out of action: it fell over"]
    assert machine(game, "p2")["out"] == "fallen"
    assert game.result is not None and game.result["winners"] == ["p1"]


def test_s11_self_destruction_of_the_overhanging_parts_rescues_a_fallen_robot_g30() -> None:
    """Fallen at 180°: dropping the right arm still leaves it past 90° — a momentary fall,
    not judged (S11) — and dropping the head too brings it under 70°: it fights on."""
    game = hien_without_waist_and_right_leg()
    events = knife(game, [2, 4])
    assert said(events, "S10") == ["Hien (p2): leans 180.0°: has fallen"]
    assert game.legal_actions("p2") == [
        *({"do": "detach", "part": p} for p in HIEN_PARTS),
        {"do": "done"},
    ]
    events = act(game, "p2", {"do": "detach", "part": "r"})
    assert said(events, "S11") == [
        "Hien (p2): self-destruction: part r comes off (5-5, 5-6, 4-5, 4-6)"
    ]
    assert {cell(game, "p2", k)["gone"] for k in ("5-5", "5-6", "4-5", "4-6")} == {"detached"}
    lean = machine(game, "p2")["lean"]
    assert lean["theta"] >= 90  # shown to the owner as it is now ...
    assert machine(game, "p2")["out"] is None  # ... but a momentary fall is no fall (S11)
    assert step(game) == {"kind": "stand", "machine": "p2", "by": "p2"}
    assert {"do": "detach", "part": "r"} not in game.legal_actions("p2")
    act(game, "p2", {"do": "detach", "part": "h"})
    events = act(game, "p2", {"do": "done"})
    stands = said(events, "S10")
    assert len(stands) == 1 and stands[0].endswith(": stands")
    assert machine(game, "p2")["lean"]["theta"] < 70
    assert machine(game, "p2")["out"] is None and game.to_act == ("p2",)
    assert step(game)["kind"] == "turn"


def test_s11_g30_detaching_the_cores_part_takes_it_off_the_base_out_of_action() -> None:
    game = hien_without_waist_and_right_leg()
    knife(game, [2, 4])
    events = act(game, "p2", {"do": "detach", "part": "b"})
    assert "Hien (p2) is out of action: its core came off the base" in said(events, "S10")
    assert machine(game, "p2")["out"] == "base"
    assert game.result is not None and game.result["winners"] == ["p1"]


def test_s11_only_whole_parts_are_detached() -> None:
    game = hien_without_waist_and_right_leg()
    knife(game, [2, 4])
    for action in ({"do": "detach", "cell": "5-6"}, {"do": "detach", "part": "x"}):
        with pytest.raises(IllegalAction):
            game.apply("p2", action)
    assert all(set(a) <= {"do", "part"} for a in game.legal_actions("p2"))
    with pytest.raises(IllegalAction):
        game.apply("p1", {"do": "done"})  # the owner decides, no one else


def test_g20_a_lean_of_70_to_90_degrees_fights_on_by_default() -> None:
    """Hien without its right leg's upper cell leans just past 70° under the calibrated
    profile: propped, about to fall (S10 ③); with grey = fallen it has fallen."""
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    events = knife(game, [2, 4])
    lean = machine(game, "p2")["lean"]
    assert 70 <= lean["theta"] < 90 and lean["verdict"] == "leaning"
    assert said(events, "S10") == [
        f"Hien (p2): leans {lean['theta']}°: leans but is propped (under 90°)"
    ]
    assert step(game)["kind"] == "turn" and game.to_act == ("p2",)


def test_g20_with_grey_fallen_the_same_lean_has_fallen_and_self_destruction_rescues_it() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"}, grey="fallen")
    knife(game, [2, 4])
    assert machine(game, "p2")["lean"]["verdict"] == "fallen"
    assert step(game) == {"kind": "stand", "machine": "p2", "by": "p2"}
    act(game, "p2", {"do": "detach", "part": "r"})  # the arm with the beam rifle
    act(game, "p2", {"do": "done"})
    assert machine(game, "p2")["lean"]["verdict"] == "standing"
    assert machine(game, "p2")["out"] is None
    declined = new(robots={"p1": "kagerou", "p2": "hien"}, grey="fallen")
    knife(declined, [2, 4])
    act(declined, "p2", {"do": "done"})
    assert machine(declined, "p2")["out"] == "fallen"


@pytest.mark.parametrize("physics", ["strict", "quick"])
def test_g20_the_strict_and_quick_profiles_judge_the_same_cut_as_standing(physics: str) -> None:
    """Strict: the hinge model on geometry alone (no eccentric lever, beta = 0); quick: the
    centre of mass over the feet (Model A). Both stand Hien on one leg below 70°."""
    game = new(robots={"p1": "kagerou", "p2": "hien"}, physics=physics)
    knife(game, [2, 4])
    lean = machine(game, "p2")["lean"]
    assert lean["theta"] < 70 and lean["verdict"] == "standing"
    assert step(game)["kind"] == "turn"


def test_g20_manual_physics_asks_the_owner_after_every_damage() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"}, physics="manual")
    events = knife(game, [3, 3])
    assert not any("lean" in e.get("data", {}) for e in events)  # no model, no number
    assert step(game) == {"kind": "stand", "machine": "p2", "by": "p2"}
    assert game.legal_actions("p2") == [
        *({"do": "detach", "part": p} for p in HIEN_PARTS),
        {"do": "stands"},
        {"do": "fallen"},
    ]
    events = act(game, "p2", {"do": "stands"})
    assert said(events, "S10") == ["Hien (p2): its owner reports that it stands"]
    assert game.to_act == ("p2",) and step(game)["kind"] == "turn"
    end_turn(game)
    knife(game, [2, 4])
    act(game, "p2", {"do": "detach", "part": "h"})  # the owner may drop a part first (S11)
    assert step(game)["kind"] == "stand"
    events = act(game, "p2", {"do": "fallen"})
    assert said(events, "S10")[0] == "Hien (p2) is out of action: it fell over"
    assert game.result is not None and game.result["winners"] == ["p1"]


def test_g18_unit_machines_fly_they_have_no_standing_test() -> None:
    """Raiden's missile pod at a Fly Watch: the first hit it evades with its vernier (G21),
    the second tears out its hollow 3-4; no lean is judged for a unit machine."""
    game = coop_at_raiden()
    # then the War Train fires three times and round 2's Fly Watches once each, at 6-6
    script_game(game, [3, 4, 3, 4, 6, 6, *[6, 6] * 6])
    events = act(game, "pilot1", {"do": "attack", "weapon": "tS", "target": "e2"})
    assert "Fly Watch (e2) uses the Vernier at 4-4: row 3 -> 2" in said(events, "S6.3")
    events += act(game, "pilot1", {"do": "target", "target": "e2"})
    assert cell(game, "e2", "3-4")["gone"] == "destroyed"
    events += act(game, "pilot1", {"do": "target", "target": "e2"})
    assert not [e for e in events if "lean" in e.get("data", {})]
    assert machine(game, "e2")["lean"] == {"theta": 0.0, "level": None, "verdict": "standing"}
