"""The search player people play against (the scripted plan, its choices tested on determinized
copies), on the Skirmish test game."""

from __future__ import annotations

from typing import Any

import pytest

import wartable
from support.skirmish_search import defence, flat, positions
from wartable.agents import Agent
from wartable.agents.base import Copies, legal_in
from wartable.agents.levels import search_agent
from wartable.agents.play import decide
from wartable.agents.rollouts import QUIET_SAMPLES, RolloutAgent, lower_bound
from wartable.agents.scripted import scripted_agent
from wartable.engine import Game


class FirstOption(Agent):
    """A poor plan: always the first legal action."""

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        return legal_in(view)[0]


def test_the_search_leaves_a_poor_plan_for_the_better_defender() -> None:
    """Rule S5: the plan sends the scout to defend; on the same dice the tank (attack 4) does
    at least as well every time and better some of the time, so the search sends the tank."""
    game = defence()
    scout, tank = (u["id"] for u in game.state["units"][3:5])
    assert decide(FirstOption(), game, "blue") == {"defend": scout}
    agent = flat(3, guide=FirstOption(), samples=40, horizon=0)
    assert decide(agent, game, "blue") == {"defend": tank}
    gains = agent.last_gains[next(iter(agent.last_gains))]
    assert len(gains) == 40 and min(gains) >= 0 < max(gains)


def test_the_search_keeps_a_good_plan() -> None:
    """The scripted plan already defends with the tank; no other option beats it."""
    game = defence()
    tank = game.state["units"][4]["id"]
    assert decide(flat(3, samples=40, horizon=0), game, "blue") == {"defend": tank}


def test_where_no_option_changes_anything_the_search_stops_early() -> None:
    """A choice of stance changes no unit on the spot: with no playout past it, every copy
    scores the options alike, and the search keeps the plan after a few copies."""
    for game in positions(2, 40, 8):
        player = game.to_act[0]
        if "stance" in game.legal_actions(player)[0]:
            break
    else:
        pytest.fail("no stance to choose in these games")
    agent = flat(4, horizon=0)
    assert decide(agent, game, player) == decide(scripted_agent("skirmish", 4), game, player)
    assert agent.last_samples == QUIET_SAMPLES
    assert all(g == [0.0] * QUIET_SAMPLES for g in agent.last_gains.values())


def test_one_option_or_too_many_follow_the_plan_without_copies() -> None:
    game = next(g for g in positions(5, 30) if len(g.legal_actions(g.to_act[0])) > 2)
    player = game.to_act[0]
    agent = flat(1, widest=2)
    planned = scripted_agent("skirmish", 1).choose(game.view(player, texts=False))
    assert agent.choose(game.view(player, texts=False)) == planned
    assert agent.last_samples == 0


def test_the_search_needs_copies_where_it_weighs_options() -> None:
    game = positions(1, 1, 8)[0]
    with pytest.raises(ValueError, match="determinized copies"):
        flat(1).choose(game.view(game.to_act[0]))


def test_the_search_is_bounded_by_its_copies() -> None:
    game = defence()
    agent = flat(1, guide=FirstOption(), samples=9)
    decide(agent, game, "blue")
    assert agent.last_samples == 9
    with pytest.raises(ValueError, match="seconds"):
        flat(1, samples=None)


def test_a_copy_not_played_out_in_time_does_not_count() -> None:
    """With no time at all, the first playout stops at its first look at the clock: no copy
    is counted, and the plan stands (the poor one here, which copies would overturn)."""
    game = defence()
    agent = flat(3, guide=FirstOption(), seconds=0.0, samples=None)
    assert decide(agent, game, "blue") == decide(FirstOption(), game, "blue")
    assert agent.last_samples == 0


def test_the_time_bound_holds_where_every_playout_ends_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no playout past the option (horizon 0), no playout looks at the clock; the search
    still stops when its time is up, not after its bound on copies (a clock that moves a
    second at each look: a decision of 2.5 s tests one copy)."""
    ticks = iter(range(1_000_000))
    monkeypatch.setattr("wartable.agents.rollouts.time.perf_counter", lambda: float(next(ticks)))
    agent = flat(3, guide=FirstOption(), seconds=2.5, samples=1_000, horizon=0)
    decide(agent, defence(), "blue")
    assert agent.last_samples == 1


def test_the_lower_bound_is_the_mean_less_its_standard_errors() -> None:
    assert lower_bound([0.5, 0.5, 0.5], 1.0) == 0.5
    assert lower_bound([0.0, 1.0], 1.0) == pytest.approx(0.5 - 0.5)  # sd √0.5, se 0.5
    assert lower_bound([0.0, 1.0], 2.0) == pytest.approx(-0.5)
    assert lower_bound([1.0], 1.0) == float("-inf")


def test_the_hard_level_is_this_search_with_the_games_settings() -> None:
    agent = search_agent("votoms", 1)
    assert isinstance(agent, RolloutAgent)
    assert (agent.horizon, agent.widest) == (100, 8)


def searched_positions(game_id: str, count: int, every: int) -> list[Game]:
    """A scripted game of `game_id`, at every `every`-th decision the search would weigh."""
    game = wartable.new_game(game_id, seed=4)
    players = {p: scripted_agent(game_id, seed=i) for i, p in enumerate(game.players)}
    found: list[Game] = []
    weighed = 0
    while len(found) < count and not game.over:
        player = game.to_act[0]
        if 1 < len(game.legal_actions(player)) <= 8:
            weighed += 1
            if weighed % every == 0:
                found.append(game.clone())
        game.apply(player, decide(players[player], game, player))
    return found


@pytest.mark.parametrize(
    ("game_id", "every"), [("votoms", 40), ("zeta-cards", 40), ("silhouette", 5)]
)
def test_in_each_game_the_search_cannot_use_what_its_seat_cannot_see(
    game_id: str, every: int
) -> None:
    """A real game and another that the seat cannot tell apart (its hidden parts re-drawn)
    get the same decision from a search with the same seed."""
    checked = 0
    for game in searched_positions(game_id, 4, every):
        player = game.to_act[0]
        other = game.determinized(player, seed=99)
        if other.state == game.state:
            continue
        agents = [search_agent(game_id, 5, seconds=None, samples=3) for _ in range(2)]
        assert decide(agents[0], other, player) == decide(agents[1], game, player)
        checked += 1
    assert checked >= 2
