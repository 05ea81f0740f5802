"""The OpenSpiel games: OpenSpiel's own checks, resampling from an information state, and its
ISMCTS and random bots playing through them."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import wartable  # noqa: E402
import wartable.env  # noqa: E402
from env.support import game_ids  # noqa: E402

LONG = {"votoms": 250, "zeta-cards": 250}  # ~1,000 and ~450 actions: OpenSpiel's checks are slow


@pytest.mark.parametrize("game_id", game_ids())
def test_random_sim_test_passes(game_id: str) -> None:
    """OpenSpiel's checks of a game, over a random game to the end: legal actions sorted, with
    their masks and unique strings, tensors of the declared size, clones, returns within
    the utilities, the length within the longest game; VOTOMS and the card game cut short.
    (Its serialization test needs the game's random generator, which only a C++ game
    gives.)"""
    game = wartable.env.openspiel(game_id, max_actions=LONG.get(game_id))
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", game_ids())
def test_resampling_keeps_the_information_state(game_id: str) -> None:
    """A state resampled for a player (a determinized copy) gives that player the same
    information state, string and tensor, and the same player to move (OpenSpiel's
    ResampleFromInfostate test)."""
    game = wartable.env.openspiel(game_id)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    chooser = random.Random(1)
    for step in range(120):
        if state.is_terminal():
            break
        if step % 5 == 0:
            for player in range(game.num_players()):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert other.information_state_tensor(player) == (
                    state.information_state_tensor(player)
                )
                assert other.current_player() == state.current_player()
        state.apply_action(chooser.choice(state.legal_actions()))


def test_a_state_is_the_engines_game() -> None:
    """A state plays the wartable game of its seed: its actions, strings and returns."""
    game = wartable.env.openspiel("skirmish", seed=4)
    state = game.new_initial_state()
    engine = wartable.new_game("skirmish", seed=state.table.game.seed)
    chooser = random.Random(4)
    while not state.is_terminal():
        player = state.current_player()
        seat = engine.players[player]
        assert seat == engine.to_act[0]
        action = chooser.choice(state.legal_actions())
        move = json.loads(state.action_to_string(player, action))
        assert move in engine.legal_actions(seat)
        engine.apply(seat, move)
        state.apply_action(action)
    assert state.table.game.record() == engine.record()
    assert state.returns() == [float(engine.result["scores"][p]) for p in engine.players]


def test_new_states_share_a_game_until_one_acts() -> None:
    """OpenSpiel makes a new initial state for each tensor shape it needs: they look at one
    game; once a state has acted, the new ones play the next seed's."""
    game = wartable.env.openspiel("skirmish", seed=3)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.table is second.table
    first.apply_action(first.legal_actions()[0])
    assert second.table.game.actions == [] and first.table.game.seed == second.table.game.seed
    third = game.new_initial_state()
    assert third.table.game.seed != first.table.game.seed
    back = game.deserialize_state(third.serialize())
    assert str(back) == str(third)


def test_a_clone_plays_on_alike_and_a_serialized_state_comes_back() -> None:
    game = wartable.env.openspiel("silhouette")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    twin = state.clone()
    for s in (state, twin):
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[0])
    assert str(state) == str(twin) and state.returns() == twin.returns()
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state) and back.history() == state.history()


def test_information_strings_keep_the_seats_history_apart() -> None:
    """The information state adds what the seat has seen to its view: equal views reached by
    different histories differ, the observation strings do not show the history."""
    game = wartable.env.openspiel("skirmish")
    state = game.new_initial_state()
    red = state.information_state_string(0)
    assert red.startswith(state.observation_string(0)) and "\nlog " in red
    assert red != state.information_state_string(1)


@pytest.mark.parametrize("game_id", ["skirmish", "silhouette"])
def test_ismcts_and_random_bots_play_a_game(game_id: str) -> None:
    game = wartable.env.openspiel(game_id, seed=2)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=rng)
    bots = [search, uniform_random.UniformRandomBot(1, rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert state.table.game.over


def test_ismcts_decides_in_votoms() -> None:
    """A few of VOTOMS's decisions by ISMCTS, its rollouts cut short (a game is ~1,000 actions)."""
    game = wartable.env.openspiel("votoms", seed=1)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=20)
    search = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=10, random_state=rng)
    state = game.new_initial_state()
    for _ in range(4):
        action = search.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
