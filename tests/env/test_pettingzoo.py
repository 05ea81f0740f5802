"""The PettingZoo environments: the API tests, the same game as the engine's, no secret shown."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

import wartable  # noqa: E402
import wartable.env  # noqa: E402
from env.support import game_ids, masked, random_play, shown  # noqa: E402
from wartable.env.table import Table  # noqa: E402

# PettingZoo's own board games get the same advice: a dict observation with its action mask,
# seats named for the game rather than player_0
ADVICE = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "We recommend agents to be named in the format",
)


@pytest.mark.parametrize("game_id", game_ids())
def test_api_test_passes(game_id: str) -> None:
    """PettingZoo's API tests, with no warning but its advice on dict observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pettingzoo_test.api_test(wartable.env.pettingzoo(game_id), num_cycles=60)
        pettingzoo_test.parallel_api_test(wartable.env.parallel(game_id), num_cycles=120)
    assert {str(w.message) for w in caught if not str(w.message).startswith(ADVICE)} == set()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_seeded_episode_is_the_engines_game(game_id: str) -> None:
    """The environment reset with seed 5 plays wartable.new_game(game, seed=5), action for
    action, to the end; each seat observes its own view; the rewards are the scores."""
    env = wartable.env.pettingzoo(game_id)
    env.reset(seed=5)
    game = wartable.new_game(game_id, seed=5)
    enc = env.encoding
    chooser = random.Random(5)
    finals = {}
    for seat in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            finals[seat] = reward
            env.step(None)
            continue
        assert seat == game.to_act[0] and reward == 0
        view = game.view(seat, texts=False)
        assert np.array_equal(obs["observation"], enc.observe(view))
        assert (
            info["view"]["you"] == seat and info["view"]["legal_actions"] == view["legal_actions"]
        )
        index = chooser.choice(np.flatnonzero(obs["action_mask"]).tolist())
        game.apply(seat, enc.legal(view)[index])
        env.step(index)
    assert env.table.game.record() == game.record()
    assert game.result is not None
    assert finals == {p: float(s) for p, s in game.result["scores"].items()}


def test_max_actions_truncates_every_seat() -> None:
    env = wartable.env.pettingzoo("votoms", max_actions=10)
    env.reset(seed=1)
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if truncated else np.flatnonzero(obs["action_mask"])[0])
        assert not terminated
    assert len(env.table.game.actions) == 10 and not env.agents


@pytest.mark.parametrize("game_id", game_ids())
def test_nothing_shown_depends_on_another_seats_secrets(game_id: str) -> None:
    """Replace what each seat may not see by markers, or re-draw it (a determinized copy): its
    observation, mask, view in infos and strings stay the same (the conformance kit's check,
    through the environment)."""
    looked = 0
    for table, _ in random_play(game_id, 3, steps=120):
        if len(table.game.actions) % 7:
            continue
        for seat in table.game.players:
            if not any(True for _ in table.game.rules.hidden_paths(table.game.state, seat)):
                continue
            looked += 1
            for other in (masked(table.game, seat), table.game.determinized(seat, looked)):
                assert shown(Table(other, table.encoding), seat) == shown(table, seat)
    assert looked


def test_a_secret_choice_shows_nothing_to_the_seat_after() -> None:
    """Skirmish's stances are chosen in secret: red's choice, whichever it is, leaves blue's
    observation and info the same, until blue has chosen too."""
    seen = []
    for stance in ("attack", "defend"):
        env = wartable.env.pettingzoo("skirmish")
        env.reset(seed=8)
        assert env.agent_selection == "red"
        legal = env.table.legal("red")
        env.step(next(i for i, a in legal.items() if a == {"stance": stance}))
        assert env.agent_selection == "blue"
        obs, _, _, _, info = env.last()
        assert info["view"]["board"]["stance"]["red"] == "chosen"
        seen.append((obs["observation"].tolist(), info))
    assert seen[0] == seen[1]


def test_the_parallel_env_takes_a_secret_choice_in_one_step() -> None:
    env = wartable.env.parallel("skirmish")
    observations, _ = env.reset(seed=8)
    assert all(o["action_mask"].any() for o in observations.values())
    stances = {
        seat: next(i for i, a in env.table.legal(seat).items() if a == {"stance": "attack"})
        for seat in env.agents
    }
    observations, *_ = env.step(stances)
    board = env.table.view("red")["board"]
    assert board["stance"] == {"red": "attack", "blue": "attack"} and board["phase"] == "move"
    active = board["active"]
    assert not observations["blue" if active == "red" else "red"]["action_mask"].any()


def test_an_illegal_index_is_refused() -> None:
    env = wartable.env.pettingzoo("skirmish")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(wartable.IllegalAction, match="not legal now"):
        env.step(illegal)


def test_render_prints_the_terminal_board(capsys: pytest.CaptureFixture[str]) -> None:
    """The board as the terminal draws it, as `render_seat` sees it, under who is to act."""
    env = wartable.env.pettingzoo("votoms", render_mode="human", render_seat="merc")
    env.reset(seed=1)
    env.render()
    out = capsys.readouterr().out
    game = wartable.new_game("votoms", seed=1)
    board = game.rules.render_text(game.view("merc")["board"], "en")
    assert out == f"move 1, to act: bieler\n{board}\n"
    ansi = wartable.env.pettingzoo("votoms", render_mode="ansi", render_seat="merc")
    ansi.reset(seed=1)
    assert ansi.render() == out[:-1]


def test_without_views_the_infos_are_empty() -> None:
    env = wartable.env.pettingzoo("skirmish", views=False)
    env.reset(seed=1)
    assert env.infos == {"red": {}, "blue": {}}
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.infos == {"red": {}, "blue": {}}
