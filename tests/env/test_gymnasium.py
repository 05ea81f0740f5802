"""The Gymnasium environment: one seat against wartable agents."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

env_checker = pytest.importorskip("gymnasium.utils.env_checker")

import wartable  # noqa: E402
import wartable.env  # noqa: E402
from wartable.agents import Agent  # noqa: E402
from wartable.agents.base import Copies  # noqa: E402


def play(env: Any, seed: int) -> tuple[list[int], float, Any]:
    """A seeded episode with random legal actions: the actions, the total reward, the info."""
    obs, info = env.reset(seed=seed)
    chooser = random.Random(seed)
    actions, total, done = [], 0.0, False
    while not done:
        action = chooser.choice(np.flatnonzero(obs["action_mask"]).tolist())
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return actions, total, info


@pytest.mark.parametrize("game_id", ["silhouette", "zeta-cards"])
def test_gymnasium_check_env_passes(game_id: str) -> None:
    """Gymnasium's checker steps random (illegal) actions: with `illegal_reward` they end the
    episode with that reward."""
    env = wartable.env.gymnasium(game_id, opponents="easy", illegal_reward=-1.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_checker.check_env(env)
    # a text board has no frame rate, an environment made directly no spec
    advice = ("No render fps was declared", "Not able to test alternative render modes")
    assert not [w for w in caught if not any(a in str(w.message) for a in advice)]


def test_an_episode_is_the_seats_game_against_its_opponents() -> None:
    """The learner plays Bieler against a scripted Merc: the same seed gives the same game, it
    observes only Bieler's view, and its reward is its score at the end."""
    env = wartable.env.gymnasium("votoms", seat="bieler", opponents="scripted")
    actions, total, info = play(env, 4)
    game = env.table.game
    assert game.over and total == game.result["scores"]["bieler"]
    assert info["view"]["you"] == "bieler"
    bieler = [a for seat, a in game.actions if seat == "bieler"]
    assert len(bieler) == len(actions)
    again, _, _ = play(env, 4)
    assert again == actions and env.table.game.record() == game.record()


def test_an_illegal_action_is_refused_unless_it_ends_the_episode() -> None:
    env = wartable.env.gymnasium("skirmish")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(wartable.IllegalAction):
        env.step(illegal)
    ending = wartable.env.gymnasium("skirmish", illegal_reward=-5.0)
    ending.reset(seed=1)
    _, reward, terminated, truncated, _ = ending.step(illegal)
    assert (reward, terminated, truncated) == (-5.0, True, False)


class Probe(Agent):
    """A searching agent that checks what it is handed: its seat's view and copies."""

    searches = True

    def __init__(self) -> None:
        self.copies = 0

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        assert copies is not None and view["you"] == "red"
        copy = copies(7)
        assert copy.view("red", texts=False)["legal_actions"] == view["legal_actions"]
        self.copies += 1
        action: dict[str, Any] = view["legal_actions"][0]["action"]
        return action


def test_a_search_opponent_is_given_determinized_copies() -> None:
    probe = Probe()
    env = wartable.env.gymnasium("skirmish", seat="blue", opponents={"red": probe})
    play(env, 3)
    red = sum(seat == "red" for seat, _ in env.table.game.actions)
    assert probe.copies == red > 0


def test_opponents_must_be_the_other_seats() -> None:
    with pytest.raises(ValueError, match="opponents must name the seats blue"):
        wartable.env.gymnasium("skirmish", seat="red", opponents={"red": "random"})
    with pytest.raises(ValueError, match="no seat 'green'"):
        wartable.env.gymnasium("skirmish", seat="green")
