"""The tree search (ISMCTS over determinized copies), on the Skirmish test game; the first two
tests hold for both search agents."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import wartable
from support.skirmish_search import defence, flat, positions, tree
from wartable.agents import Agent, RandomAgent
from wartable.agents.ladder import LADDER_KINDS
from wartable.agents.levels import LEVELS, make_agent, scripted_policy
from wartable.agents.play import decide, play_out
from wartable.agents.scripted import evaluation
from wartable.agents.search import Node, SearchAgent, outcome
from wartable.engine.plain import canonical


def searcher(seed: int, iterations: int = 60) -> SearchAgent:
    return tree(seed, iterations)


@pytest.mark.parametrize("make", [tree, flat], ids=["tree", "flat"])
def test_search_plays_a_legal_action_and_is_repeatable(make: Callable[[int], Agent]) -> None:
    for game in positions(3, 6, 8):
        player = game.to_act[0]
        first = decide(make(5), game, player)
        assert first in game.legal_actions(player)
        assert decide(make(5), game, player) == first


@pytest.mark.parametrize("make", [tree, flat], ids=["tree", "flat"])
def test_search_cannot_use_what_its_seat_cannot_see(make: Callable[[int], Agent]) -> None:
    """Two real games the seat cannot tell apart (face-down units and cups re-drawn, a secret
    stance re-chosen) get the same decision from the same seed."""
    checked = 0
    for game in positions(8, 12, 8):
        player = game.to_act[0]
        other = game.determinized(player, seed=99)  # as real as the real one, to `player`
        if other.state == game.state:
            continue
        assert decide(make(7), other, player) == decide(make(7), game, player)
        checked += 1
    assert checked >= 5


def test_search_needs_copies() -> None:
    game = positions(1, 1)[0]
    player = game.to_act[0]
    with pytest.raises(ValueError, match="determinized copies"):
        searcher(1).choose(game.view(player))


def test_search_is_bounded_by_iterations() -> None:
    game = positions(2, 1)[0]
    agent = searcher(1, iterations=17)
    decide(agent, game, game.to_act[0])
    assert agent.last_iterations == 17


def test_a_finished_game_scores_the_winners_and_shares_a_draw() -> None:
    seen = set()
    for seed in range(40):
        game = wartable.new_game("skirmish", seed=seed)
        play_out(game, {p: RandomAgent(seed=seed) for p in game.players})
        winners = game.result["winners"] if game.result else []
        scores = outcome(game, None)
        if winners:
            loser = next(p for p in game.players if p not in winners)
            assert (scores[winners[0]], scores[loser]) == (1.0, 0.0)
        else:
            assert scores == {"red": 0.5, "blue": 0.5}
        seen.add(bool(winners))
    assert seen == {True, False}


def test_a_failed_solo_mission_scores_nothing() -> None:
    game = wartable.new_game("silhouette", seed=2, options={"mode": "solo"})
    play_out(game, {p: RandomAgent(seed=2) for p in game.players})
    assert len(game.players) == 1
    assert game.result is not None and game.result["winners"] == []
    assert outcome(game, None) == {game.players[0]: 0.0}


def test_search_defends_with_its_strongest_unit() -> None:
    """Rule S5: the defender picks which unit fights, 1D + attack each; a tank (attack 4)
    beats a scout (attack 2) far more often, and the search finds it."""
    game = defence()
    blue = game.state["units"][3:5]
    assert decide(searcher(3, iterations=300), game, "blue") == {"defend": blue[1]["id"]}


def guided(seed: int, iterations: int, widening: float) -> SearchAgent:
    return SearchAgent(
        seed,
        seconds=None,
        iterations=iterations,
        evaluate=evaluation("skirmish"),
        guide=scripted_policy("skirmish"),
        widening=widening,
    )


def test_without_widening_the_search_keeps_to_the_guides_plan() -> None:
    """Widening 0: a node opens one action, the one the guide (the scripted player) names,
    and no other, so the search plays the guide's plan."""
    for game in positions(4, 6):
        player = game.to_act[0]
        agent = guided(2, 40, widening=0.0)
        chosen = decide(agent, game, player)
        (only,) = agent.last_root.children.values()
        assert agent.last_root.hint == f"{player}|{canonical(chosen)}"
        assert only.action == chosen and only.visits == 40


def test_widening_opens_actions_as_the_node_is_visited() -> None:
    """1 + widening × √visits actions open at the root: after 64 iterations at widening 0.5,
    at most 5 of the many moves have been tried (a full search opens every one)."""
    game = next(g for g in positions(5, 30) if len(g.legal_actions(g.to_act[0])) > 8)
    player = game.to_act[0]
    roots: list[int] = []
    for widening in (0.5, None):
        agent = SearchAgent(5, seconds=None, iterations=64, widening=widening)
        decide(agent, game, player)
        roots.append(len(agent.last_root.children))
    assert roots[0] <= 5 < roots[1]


def test_a_timed_search_stops_when_the_leader_cannot_be_caught() -> None:
    """The most visited action is the choice: once no other can catch it in the iterations
    left, searching on would change nothing."""
    root = Node()
    for key, visits in (("a", 50), ("b", 20), ("c", 5)):
        root.children[key] = Node("red", {"pick": key})
        root.children[key].visits = visits
    agent = SearchAgent(1, seconds=1.0)
    everything = {canonical({"pick": k}) for k in "abc"}
    assert agent.settled(root, everything, left=29)
    assert not agent.settled(root, everything, left=30)
    # an action that is not legal in the real game does not count
    assert agent.settled(root, {canonical({"pick": "b"}), canonical({"pick": "c"})}, left=14)


def test_the_tree_search_is_the_ladders_ismcts_and_no_level() -> None:
    assert isinstance(make_agent("skirmish", "ismcts", seed=1), SearchAgent)
    assert "ismcts" in LADDER_KINDS and "ismcts" not in LEVELS
