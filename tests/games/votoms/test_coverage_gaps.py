"""Checklist items and rulings with no test of their own elsewhere (docs/rules-coverage/votoms.md).

Each test names its rule (and ruling, where one applies); dice are scripted. Hexes of the
shipped map: EX-10 B08, the Palace K04, Zakui E07; H07 is clear and no base (Merc retreats to
G07/G08/H08 from it, Bieler to H06/I07/I08); G10 is EX-6.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import wartable
from games.votoms.helpers import cleared, dice, halt, play, put, rolls, start, unit
from support.dice import scripted
from wartable.games.votoms import RULES, combat, control, flow, stages
from wartable.games.votoms.components import components
from wartable.games.votoms.reinforcement import merc_reinforcements, supplied
from wartable.games.votoms.state import find, place, values

MERC, BIELER = "merc", "bieler"
EX10, PALACE, FIELD = "B08", "K04", "H07"


def kinds(game: wartable.Game) -> tuple[str, str]:
    s = game.state["step"]
    return s["kind"], s.get("actor", s.get("side", ""))


def act(game: wartable.Game, action: dict[str, Any]) -> None:
    game.apply(game.to_act[0], action)


def legal(game: wartable.Game) -> list[dict[str, Any]]:
    return game.legal_actions(game.to_act[0])


@pytest.fixture
def combats_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the combat phases run; the turn's start and end are switched off."""
    halt(monkeypatch, *(p for p in flow.PHASES if not p.startswith("combat")))
    monkeypatch.setattr(flow, "TURN_START", [])
    monkeypatch.setattr(flow, "TURN_END", [])


# ------------------------------------------------------------------------ setup and tracks


def test_15_7_initial_control_is_the_occupancy_of_each_base() -> None:
    """Item 10: every base occupied at setup is controlled by its occupant (2.3.3 case 1);
    Nuba Highland is empty and neutral."""
    game = wartable.new_game("votoms", seed=7)
    state = game.state
    c = components({})
    for pid, p in c.places.items():
        here = [u for u in state["units"].values() if u["hex"] == p.hex]
        if pid == "nuba_highland":
            assert here == [] and state["control"][pid] is None
        else:
            assert here and state["control"][pid] == control.controller(state, p.hex, None)


def test_4_3_3_unspent_base_points_are_lost_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 23: 7 points spent as 14 RP leave 9 (4.3.5); the next phase offers 7 again."""
    halt(monkeypatch, "bieler_movement")
    game = wartable.new_game("votoms", seed=5)
    assert game.state["step"] == {"kind": "bieler_reinforce", "points": 7}
    game.apply(BIELER, {"units": 0})
    assert game.state["rp"] == 9 and game.state["phase"] == "bieler_movement"
    start(game, "reinforcement")
    assert game.state["step"] == {"kind": "bieler_reinforce", "points": 7}
    assert game.legal_actions(BIELER) == [{"units": n} for n in range(8)]


def test_2_3_2_route_hexes_have_no_control_marker_and_count_only_for_supply() -> None:
    """Item 28: C08 and D07 are not bases: the control check after combat ignores them; the
    reinforcement phase judges them from the units there at that moment."""
    state = wartable.new_game("votoms", seed=5).state
    c = components({})
    assert {p.hex for p in c.places.values() if p.id in state["control"]} & {"C08", "D07"} == set()
    place(scripted([]), state, BIELER, ["fatty"], "D07", up=True)
    assert control.check_bases(state) == []  # 2.3.1: bases only
    assert "D07" not in state["control"] and not supplied(state)  # 4.4.2: judged now
    ctx = scripted([])  # supply cut: no table roll
    merc_reinforcements(ctx, state)
    assert not [e for e in ctx.events if e["kind"] == "roll"]


def test_12_7_entering_stage_3_sends_kan_yu_home_face_up_with_12_6() -> None:
    """Item 15: Kan Yu to EX-10 (face-up, ruling R32), Merc 2D VP, Kan Yu 12-6, stage 4 next."""
    state = wartable.new_game("votoms", seed=21).state
    kan_yu = find(state, "kan_yu")
    assert kan_yu is not None
    kan_yu["hex"], kan_yu["up"] = "F05", False
    state["stage"] = 2
    assert values(state, kan_yu) == (11, 5)
    stages.enter(scripted([1, 2]), state, 3, "12.3")
    assert (kan_yu["hex"], kan_yu["up"]) == (EX10, True)
    assert values(state, kan_yu) == (12, 6)
    assert state["vp"][MERC] == 3 and state["next_stage"] == 4


def test_108_the_view_shows_vp_rp_turn_phase_stage_modifiers_and_pending_transition() -> None:
    """Item 108 (10.4, 2.2.6-2.2.9, ruling R2): every track is in every view."""
    game = wartable.new_game("votoms", seed=3)
    s = game.state
    s.update(turn=5, stage=4, next_stage=None, rp=9, kan_yu_met_blue=True)
    s["vp"] = {MERC: 12, BIELER: 7}
    s["mods"] = {"escape": 2, "strike_dog": 1, "kiriko": 3}
    stages.schedule(scripted([]), s, 5, "12.8")
    for player in (MERC, BIELER, None):
        board = game.view(player)["board"]
        assert (board["turn"], board["last_turn"]) == (5, 11)
        assert board["phase"] == "reinforcement"
        assert board["stage"] == 4 and board["stage_name"]["en"] == "Stage 4: Fiana watches"
        assert board["next_stage"] == 5  # 2.2.6: the turn marker flipped
        assert board["kan_yu_met_blue"] is True  # 2.2.7: the phase marker flipped
        assert board["mods"] == {"escape": 2, "strike_dog": 1, "kiriko": 3}  # 2.2.9
        assert board["vp"] == {MERC: 12, BIELER: 7}  # 10.4
        assert (board["rp"], board["rp_max"]) == (9, 9)  # 4.3.5: track 0-9
        assert board["control"]["palace"] == BIELER


def test_108_the_view_shows_the_combat_hex_and_the_last_attacks(combats_only: None) -> None:
    """Item 108 (2.2.10, 2.2.11): the combat hex and the dice of each attack are shown."""
    game = cleared(seed=3)
    put(game, MERC, "scopedog", FIELD, up=True)
    put(game, BIELER, "fatty", FIELD, up=True)
    dice(game, 6, 6, 5, 6)
    start(game, "combat_2")
    board = game.view(BIELER)["board"]
    assert board["combat"]["hex"] == FIELD and board["combat"]["round"] == 1
    assert [(a["dice"], a["need"], a["hit"]) for a in board["combat"]["last"]] == [
        ([6, 6], 5, False),
        ([5, 6], 5, False),
    ]


def test_109_cups_are_counts_only_and_every_secret_is_a_hidden_path() -> None:
    """Item 109 (D.1, 4.5.4): cup contents, the offensive pool and the drawn turn (for Bieler)
    are hidden paths; the views show cups as counts and the Merc log names no Bieler draw."""
    game = wartable.new_game("votoms", seed=9)
    state = game.state
    state["turn"] = 7
    game.apply(BIELER, {"units": 4})  # four counters drawn from the cup
    assert state["offensive"]["turn"] is not None  # turn 7: Merc drew the marker
    for player in (MERC, BIELER, None):
        paths = set(RULES.hidden_paths(state, player))
        for side in (MERC, BIELER):
            assert {("cups", side, i) for i in range(len(state["cups"][side]))} <= paths
            assert game.view(player)["board"]["cups"][side] == len(state["cups"][side])
        assert {("offensive", "pool", i) for i in range(6)} <= paths
        assert (("offensive", "turn") in paths) is (player != MERC)
        for u in state["units"].values():
            assert (("units", u["id"], "type") in paths) is (not u["up"] and u["side"] != player)
    bieler_names = {
        t.name["en"] for t in components({}).units.values() if t.side == BIELER and t.count > 1
    }
    shown = json.dumps(game.log(MERC), ensure_ascii=False)
    assert not any(name in shown for name in bieler_names)


@pytest.mark.parametrize("side", [BIELER, MERC])
def test_R16_reinforcements_placed_face_down_join_the_reissued_stack(
    monkeypatch: pytest.MonkeyPatch, side: str
) -> None:
    """Ruling R16 (4.3.4, 4.4.3): the new face-down counters are shuffled in with the ones
    already in the home, so the opponent cannot tell the old counters from the new."""
    halt(monkeypatch, "bieler_movement")
    home = PALACE if side == BIELER else EX10
    named = "blue_at" if side == BIELER else "kan_yu"
    moved = 0
    for seed in range(12):
        game = cleared(seed=seed)
        uid = put(game, side, named, home)  # face-down in its home
        start(game, "reinforcement")
        if side == BIELER:
            game.apply(BIELER, {"units": 3})
        else:
            game.apply(BIELER, {"units": 0})  # Merc's table is rolled with the game's dice
        stack = [u for u in game.state["units"].values() if u["hex"] == home and not u["up"]]
        assert len(stack) > 1 and [u["type"] for u in stack].count(named) == 1
        moved += unit(game, uid)["type"] != named
    assert moved >= 4


# ------------------------------------------------------------------------ movement rulings


def test_R45_5_11_5_after_a_load_only_that_heli_may_act_and_it_must_move() -> None:
    """Ruling R45: loading starts the heli's move: no end, no flip, no other unit first."""
    game = cleared()
    h = put(game, MERC, "heli", EX10, up=True)
    cargo = put(game, MERC, "merc_soldier", EX10)
    put(game, MERC, "scopedog", EX10)  # face-down: could be revealed, but not now
    put(game, MERC, "heli", EX10, up=True)
    start(game, "merc_movement")
    game.apply(MERC, {"load": cargo, "heli": h})
    actions = game.legal_actions(MERC)
    assert actions and all(a.get("move") == h for a in actions)
    with pytest.raises(wartable.IllegalAction):
        game.apply(MERC, {"end": True})
    game.apply(MERC, {"move": h, "to": "A08"})
    assert {"end": True} in game.legal_actions(MERC)
    assert unit(game, h)["moved"] == game.state["turn"]  # 5.11.1: its move of the turn


def test_R47_5_11_a_ready_heli_away_from_ex10_moves_in_the_merc_movement_phase_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling R47: only response moves are tied to EX-10 (7.2.2)."""
    halt(monkeypatch, "combat_1")
    game = cleared()
    h = put(game, MERC, "heli", "C03", up=True)
    start(game, "merc_movement")
    assert {"move": h, "to": "C04"} in game.legal_actions(MERC)
    start(game, "response_1")
    assert game.state["phase"] == "combat_1"  # no heli in EX-10: the phase is skipped


def test_R48_5_9_1_one_soldier_is_shown_once_per_hex_picked_at_random() -> None:
    """Ruling R48: with no face-up soldier, one face-down soldier, picked at random, is shown,
    once for the hex however many units are hidden there. Always the lowest id would tell
    Merc that the face-down counters with lower ids are not soldiers."""
    shown_ids = set()
    for seed in range(8):
        game = cleared(seed=seed)
        fatty = put(game, BIELER, "fatty", "G10", up=True)
        dog = put(game, BIELER, "bieler_scopedog", "G10", up=True)
        soldiers = [put(game, BIELER, "bieler_soldier", "G10") for _ in range(2)]
        start(game, "bieler_movement")
        play(game, BIELER, {"hide": fatty}, {"hide": dog})
        shown = [
            e for e in game.log(MERC) if e.get("rule") == "5.9.1" and "shows" in e["msg"]["en"]
        ]
        assert len(shown) == 1 and shown[0]["data"]["unit"] in soldiers
        shown_ids.add(soldiers.index(shown[0]["data"]["unit"]))
        assert game.state["step"]["kind"] == "movement"  # nothing left to hide: moves begin
    assert shown_ids == {0, 1}


@pytest.mark.parametrize("hidden", ["bieler_soldier", "fatty"])
def test_R48_5_9_1_the_hiding_step_does_not_tell_merc_where_face_down_soldiers_are(
    hidden: str,
) -> None:
    """Item 109, ruling R48: the step is offered wherever a face-up unit stands with face-down
    Bieler counters (a soldier could be among them), whether one is a soldier or not, and it
    does not end by itself while such a hex is left: Merc sees the same either way."""
    alone = cleared()
    put(alone, BIELER, "fatty", "G10", up=True)
    put(alone, BIELER, hidden, "G10")
    start(alone, "bieler_movement")
    assert alone.state["step"]["kind"] == "bieler_hide"
    can_hide = hidden == "bieler_soldier"
    assert len(alone.legal_actions(BIELER)) == 1 + can_hide  # "done", and maybe the hide
    game = cleared()
    put(game, BIELER, "fatty", "G10", up=True)
    put(game, BIELER, hidden, "G10")
    a = put(game, BIELER, "fatty", "E11", up=True)
    put(game, BIELER, "bieler_soldier", "E11")
    start(game, "bieler_movement")
    game.apply(BIELER, {"hide": a})
    assert game.state["step"]["kind"] == "bieler_hide"  # G10 is still a possible hex
    assert len(game.legal_actions(BIELER)) == 1 + can_hide
    game.apply(BIELER, {"done": True})
    assert game.state["step"]["kind"] == "movement"


# ------------------------------------------------------------------------- combat rulings


def test_9_11_7_retreat_legality_is_judged_when_the_retreat_happens(combats_only: None) -> None:
    """Item 77: G07 held a face-up enemy at the start of the phase; once that combat has
    removed it, G07 is a legal retreat hex for the combat in H07."""
    game = cleared(seed=3)
    put(game, MERC, "scopedog", "G07", up=True)
    put(game, BIELER, "fatty", "G07", up=True)
    m = put(game, MERC, "scopedog", FIELD, up=True)
    put(game, BIELER, "fatty", FIELD, up=True)
    assert "G07" not in combat.retreat_hexes(game.state, unit(game, m))
    start(game, "combat_2")
    assert kinds(game) == ("combat_hex", MERC)
    dice(game, 1, 1, 6, 6, 6, 6, 6, 6)  # G07: the Fatty is destroyed; H07: both miss
    act(game, {"combat": "G07"})
    assert game.state["combat"]["hex"] == FIELD  # the last combat hex follows at once
    assert kinds(game) == ("combat_retreat", MERC)
    act(game, {"retreat": True})
    assert {"retreat_unit": m, "to": "G07"} in legal(game)


def test_R56_ps_partners_are_distinct_while_there_are_enough_and_may_be_kept(
    combats_only: None,
) -> None:
    """Ruling R56 (9.8.2, 9.8.6): the second PS may not take the first one's partner; in
    round 2 a PS choosing its current partner keeps its grouping."""
    game = cleared(seed=3)
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    dog = put(game, BIELER, "strike_dog", FIELD, up=True)
    start(game, "combat_2")
    assert kinds(game) == ("combat_ps", BIELER)
    assert legal(game) == [{"pair": blue, "with": m1}, {"pair": blue, "with": m2}]
    dice(game, *[6] * 8, 5, *[6] * 8)  # round 1 misses; 9.11.4: 5, Bieler may continue
    act(game, {"pair": blue, "with": m1})  # Strike Dog's partner is then m2, with no choice
    groups = [{MERC: [m1], BIELER: [blue]}, {MERC: [m2], BIELER: [dog]}]
    assert game.state["combat"]["groups"] == groups
    act(game, {"retreat": False})
    act(game, {"retreat": False})
    assert rolls(game, "9.11.4") == [[5]]
    assert kinds(game) == ("combat_ps", BIELER)  # round 2: chosen afresh
    act(game, {"pair": blue, "with": m1})
    assert game.state["combat"]["groups"] == groups


def test_R57_a_ps_is_never_detached_to_pair_with_a_free_unit(combats_only: None) -> None:
    """Ruling R57 (9.8.5): a free Merc unit is paired with the Fatty that shares Blue AT's
    grouping, never with Blue AT (whose partner Bieler chose)."""
    game = cleared(seed=3)
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    f1 = put(game, BIELER, "fatty", FIELD, up=True)
    f2 = put(game, BIELER, "fatty", FIELD, up=True)
    start(game, "combat_2")
    act(game, {"pair": blue, "with": m1})
    act(game, {"pair": m2, "with": f1})  # Merc, the phase player, pairs the rest
    act(game, {"join": f2, "group": 0})  # Bieler places its extra: {m1; blue, f2}, {m2; f1}
    # m1 -> f2 misses, m2 -> f1 destroys it; Bieler misses. Round 2 misses too.
    dice(game, 6, 6, 1, 1, 6, 6, 6, 6, 6, 6, *[6] * 8)
    act(game, {"target": m1, "at": f2})
    act(game, {"retreat": False})
    act(game, {"retreat": False})
    act(game, {"pair": blue, "with": m1})  # round 2: Blue AT keeps its partner
    groups = game.state["combat"]["groups"]  # m2 was paired with f2 at once: the only choice
    assert groups == [{MERC: [m1], BIELER: [blue]}, {MERC: [m2], BIELER: [f2]}]
    assert kinds(game) == ("combat_retreat", MERC)


def test_R58_extra_base_attacks_are_chosen_as_a_set_in_id_order(combats_only: None) -> None:
    """Ruling R58 (9.12.3, R20): 7 attacks on 5 units: each gets 1 and Bieler picks the two
    that get a second one, in id order (the same set is never offered twice)."""
    game = cleared(seed=3)
    merc = [put(game, MERC, "merc_soldier", PALACE, up=True) for _ in range(5)]
    put(game, BIELER, "fatty", PALACE, up=True)
    start(game, "combat_2")
    assert kinds(game) == ("combat_base", BIELER)
    assert legal(game) == [{"base_target": m} for m in merc[:4]]
    act(game, {"base_target": merc[1]})
    assert legal(game) == [{"base_target": m} for m in merc[2:]]
    dice(game, *[6] * 14)
    act(game, {"base_target": merc[3]})
    assert [len(r) for r in rolls(game, "9.12")] == [2] * 7
    assert kinds(game) == ("combat_pair", MERC)  # round 1 with all five


def test_R60_no_strike_dog_check_in_a_palace_combat_of_the_base_attack_alone(
    combats_only: None,
) -> None:
    """Ruling R60 (12.10, 9.3): with no Bieler unit in the Palace the combat is the base
    attack alone: there is no round, so no Strike Dog arrival check."""
    game = cleared(seed=3, stage=6)
    m = put(game, MERC, "scopedog", PALACE)
    d = dice(game, 1, 1, *[6] * 12)  # the first of the 7 attacks destroys the Scopedog
    start(game, "combat_1")
    assert m not in game.state["units"] and d.faces == []
    assert rolls(game, "12.10") == [] and find(game.state, "strike_dog") is None
    assert game.state["control"]["palace"] == BIELER


def test_R61_9_10_4_a_ps_waiting_by_9_11_12_is_removed_when_the_palace_fell(
    combats_only: None,
) -> None:
    """Ruling R61: the removal of 9.10.4 covers the returns of 9.11.12 too."""
    game = cleared(seed=3, stage=3)
    game.state["returns"] = [{"type": "blue_at", "side": BIELER, "why": "no_retreat"}]
    put(game, MERC, "kan_yu", PALACE, up=True)  # 12-6: the Palace's 7 cannot hit it
    dice(game, 1, 1)  # 14.2.1: 2D + 13
    start(game, "combat_2")
    assert game.state["control"]["palace"] == MERC
    assert "blue_at" in game.state["removed"] and find(game.state, "blue_at") is None
    assert game.over and game.result is not None and game.result["reason"] == MERC


def test_R62_14_2_3_the_kan_yu_flag_is_reset_at_each_combat_phase(combats_only: None) -> None:
    """Ruling R62: a Palace combat sets it; a combat phase without one clears it."""
    game = cleared(seed=3, stage=3)
    game.state["kan_yu_in_palace_assault"] = True
    put(game, MERC, "scopedog", FIELD)
    start(game, "combat_1")
    assert game.state["kan_yu_in_palace_assault"] is False


def test_R63_9_13_carrying_is_offered_for_the_first_returning_heli_of_each_hex(
    combats_only: None,
) -> None:
    """Ruling R63: helis in a hex are alike; the first one loads, then the next."""
    game = cleared(seed=3)
    h1 = put(game, MERC, "heli", "G09", up=True)
    h2 = put(game, MERC, "heli", "G09", up=True)
    r1 = put(game, MERC, "scopedog", "G09")
    r2 = put(game, MERC, "merc_soldier", "G09", up=True)
    start(game, "combat_1")
    assert game.legal_actions(MERC) == [
        {"carry": r1, "heli": h1},
        {"carry": r2, "heli": h1},
        {"done": True},
    ]
    game.apply(MERC, {"carry": r1, "heli": h1})
    assert game.legal_actions(MERC) == [{"carry": r2, "heli": h2}, {"done": True}]
    game.apply(MERC, {"carry": r2, "heli": h2})
    for uid in (h1, h2, r1, r2):
        assert unit(game, uid)["hex"] == EX10
    assert unit(game, r1)["up"]  # 5.11.5: a carried unit is face-up


def test_109_9_11_9_a_face_down_unit_never_retreats_before_its_owner_places_it(
    combats_only: None,
) -> None:
    """Item 109, rulings R16, R27: a face-down Strike Dog (stage 6) has fewer retreat hexes than
    other units (12.10); were it sent to its only hex at once, Merc would learn which counter
    it is. Face-down units wait for their owner, even with a single legal hex."""
    game = cleared(seed=3, stage=6)
    up = put(game, BIELER, "fatty", "K07", up=True)
    hidden = put(game, BIELER, "fatty", "K07")
    dog = put(game, BIELER, "strike_dog", "K07")
    put(game, MERC, "scopedog", "K07", up=True)
    put(game, MERC, "scopedog", "K06", up=True)  # closes K06; L07 is 4 hexes from the Palace
    assert combat.retreat_hexes(game.state, unit(game, dog)) == ["L06"]
    assert combat.retreat_hexes(game.state, unit(game, hidden)) == ["L06", "L07"]
    dice(game, 6, 6, 6, 6)
    start(game, "combat_1")
    assert kinds(game) == ("combat_retreat", BIELER)
    act(game, {"retreat": True})
    assert kinds(game) == ("combat_retreat_move", BIELER)
    assert {unit(game, u)["hex"] for u in (up, hidden, dog)} == {"K07"}
    act(game, {"retreat_unit": up, "to": "L07"})
    act(game, {"retreat_unit": hidden, "to": "L07"})
    assert kinds(game) == ("combat_retreat_move", BIELER) and unit(game, dog)["hex"] == "K07"
    assert legal(game) == [{"retreat_unit": dog, "to": "L06"}]
    act(game, {"retreat_unit": dog, "to": "L06"})
    assert unit(game, dog)["hex"] == "L06" and not unit(game, dog)["up"]


def test_4_1_bieler_reinforces_first_then_merc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 20: Merc's table is rolled only once Bieler has spent its base points."""
    halt(monkeypatch, "bieler_movement")
    game = wartable.new_game("votoms", seed=5)
    assert game.to_act == (BIELER,) and rolls(game, "4.4.3") == []
    game.apply(BIELER, {"units": 2})
    events = [e for e in game.log(MERC) if e.get("rule") in ("4.3", "4.4.3")]
    assert [e["rule"] for e in events][:2] == ["4.3", "4.4.3"]
    assert game.state["phase"] == "bieler_movement"
