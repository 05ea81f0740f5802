"""The scripted VOTOMS player: legal, blind to what its seat cannot see, sensible at the table,
and stronger than the random player."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wartable
from games.votoms.helpers import cleared, dice, halt, put, start
from wartable.agents import RandomAgent
from wartable.agents.play import decide, play_out
from wartable.agents.scripted import evaluation, scripted_agent
from wartable.agents.scripted.votoms import Position, Scripted, make_plan
from wartable.games.votoms import flow
from wartable.games.votoms.components import components

MERC, BIELER = "merc", "bieler"
FIELD = "H07"  # clear, not a base
PALACE, EX10 = "K04", "B08"


def choice(game: wartable.Game, seed: int = 0) -> dict[str, Any]:
    player = game.to_act[0]
    return Scripted(seed).choose(game.view(player, texts=False))


@pytest.fixture
def only_combats(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the combat phases run; the turn's start and end are left out."""
    halt(monkeypatch, *(p for p in flow.PHASES if not p.startswith("combat")))
    monkeypatch.setattr(flow, "TURN_START", [])
    monkeypatch.setattr(flow, "TURN_END", [])


def test_the_registry_gives_the_votoms_player_and_its_evaluation() -> None:
    assert isinstance(scripted_agent("votoms", seed=1), Scripted)
    game = wartable.new_game("votoms", seed=1)
    values = evaluation("votoms")(game)
    assert set(values) == {MERC, BIELER} and abs(sum(values.values()) - 1) < 1e-9
    assert all(0 <= v <= 1 for v in values.values())


def test_it_plays_only_legal_actions_from_either_seat_to_the_end() -> None:
    game = wartable.new_game("votoms", seed=2)
    agents = {MERC: Scripted(1), BIELER: Scripted(2)}
    while not game.over:
        player = game.to_act[0]
        action = decide(agents[player], game, player)
        assert action in game.legal_actions(player)
        game.apply(player, action)
    winners = game.result["winners"]
    expected = {side: float(side in winners) if winners else 0.5 for side in (MERC, BIELER)}
    assert evaluation("votoms")(game) == expected  # a finished game is valued by its result


def test_its_choice_does_not_depend_on_what_its_seat_cannot_see() -> None:
    """A real game and a determinized copy of it are the same to the seat: the same view, so
    the same choice, whatever the face-down units, the cups and the offensive marker are."""
    game = wartable.new_game("votoms", seed=5)
    agents = {MERC: Scripted(3), BIELER: Scripted(4)}
    chooser = random.Random(6)
    checked = 0
    while not game.over:
        player = game.to_act[0]
        if len(game.legal_actions(player)) > 1 and chooser.random() < 0.1:
            twin = game.determinized(player, seed=99)  # as real as the real one, to `player`
            if twin.state != game.state:
                assert choice(twin, seed=7) == choice(game, seed=7)
                checked += 1
        game.apply(player, decide(agents[player], game, player))
    assert checked > 20


def test_4_3_2_bieler_buys_units_and_keeps_some_response_points() -> None:
    """Rule 4.3.2: each base point buys a unit or 2 RP; with the RP track low (4.3.5) one point
    goes to RP for the response moves of 7.3, otherwise every point buys a unit."""
    game = wartable.new_game("votoms", seed=1)
    assert game.state["step"] == {"kind": "bieler_reinforce", "points": 7}
    assert choice(game) == {"units": 6}
    game.state["rp"] = 9
    assert choice(game) == {"units": 7}


@pytest.mark.parametrize(("merc_vp", "bieler_vp", "enters"), [(10, 0, False), (10, 12, True)])
def test_14_1_1_bieler_storms_ex10_only_when_ahead(
    merc_vp: int, bieler_vp: int, enters: bool
) -> None:
    """Rule 14.1.1: holding the enemy home ends the game at once, VP against VP (14.2.5), so
    Bieler goes into a weakly held EX-10 only when that ends the game in its favour."""
    game = cleared(vp={MERC: merc_vp, BIELER: bieler_vp})
    put(game, MERC, "merc_soldier", EX10)
    for _ in range(4):
        put(game, BIELER, "fatty", "C08")
    start(game, "bieler_movement")
    action = choice(game)
    assert (action.get("to") == EX10) is enters


def test_14_2_4_bieler_brings_its_ats_home_before_the_offensive() -> None:
    """Rule 14.2.4: when the offensive ends the game each Bieler AT in or next to the Palace is
    a VP; from turn 8 the game may end any turn (14.1.2), so a far AT heads home (Merc is
    ahead: storming EX-10 would lose, 14.1.1)."""
    game = cleared(turn=8, vp={MERC: 5, BIELER: 0})
    fatty = put(game, BIELER, "fatty", "F08")
    start(game, "bieler_movement")
    view = game.view(BIELER, texts=False)
    assert make_plan(Position(view)).goal[fatty] == PALACE
    action = Scripted(0).choose(view)
    grid = components({}).grid
    assert action["move"] == fatty
    assert grid.distance(action["to"], PALACE) <= grid.distance("F08", PALACE)


def test_9_11_1_merc_retreats_from_a_hopeless_fight_and_fights_on_at_good_odds(
    only_combats: None,
) -> None:
    """Rule 9.11.1: the phase player chooses first; Merc leaves one Scopedog against four
    Fatties and stays with four Scopedogs against one."""
    for merc, bieler, retreats in ((1, 4, True), (4, 1, False)):
        game = cleared()
        for _ in range(merc):
            put(game, MERC, "scopedog", FIELD, up=True)
        for _ in range(bieler):
            put(game, BIELER, "fatty", FIELD, up=True)
        dice(game, *[6] * 2 * (merc + bieler))  # round 1: every attack misses
        start(game, "combat_2")
        while game.state["step"]["kind"] != "combat_retreat":  # pairing (9.8)
            game.apply(game.to_act[0], game.legal_actions(game.to_act[0])[0])
        assert choice(game) == {"retreat": retreats}


def test_9_8_4_10_2_merc_aims_at_the_ps(only_combats: None) -> None:
    """Rules 9.8.4 and 10.2: Kan Yu facing Blue AT and a soldier aims at Blue AT: destroying a
    PS is worth 5 VP, the soldier nothing."""
    game = cleared()
    put(game, MERC, "kan_yu", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    put(game, BIELER, "bieler_soldier", FIELD, up=True)
    start(game, "combat_2")
    assert game.state["step"]["kind"] == "combat_target"
    assert choice(game)["at"] == blue


@pytest.mark.parametrize(("stage", "looks"), [(0, False), (3, True)])
def test_8_12_7_merc_investigates_in_kan_yus_hex_in_stage_3(stage: int, looks: bool) -> None:
    """Rule 8 and 12.7: a lone face-up soldier does not stir up four hidden Bieler units, but in
    stage 3 each unit turned face-up in Kan Yu's hex is worth 3 VP."""
    game = cleared(stage=stage)
    put(game, MERC, "merc_soldier", FIELD, up=True)
    put(game, MERC, "kan_yu", FIELD)
    for _ in range(4):
        put(game, BIELER, "fatty", FIELD)
    start(game, "investigation")
    assert (choice(game) == {"investigate": FIELD}) is looks


def test_it_beats_the_random_player_from_either_seat() -> None:
    """Seeded games, five in each seat: the scripted player wins at least eight of ten."""
    wins = 0
    for seed in range(5):
        for seat in (MERC, BIELER):
            game = wartable.new_game("votoms", seed=seed)
            foe = BIELER if seat == MERC else MERC
            play_out(game, {seat: Scripted(seed), foe: RandomAgent(seed)})
            wins += game.result["winners"] == [seat]
    assert wins >= 8
