"""The scripted player of the Zeta strategic game: legal, blind to what its seat cannot see,
never stuck on a decision it does not know, and stronger than the random player."""

from __future__ import annotations

import random
from typing import Any

import wartable
from wartable.agents import RandomAgent
from wartable.agents.play import decide, play_out
from wartable.agents.scripted import evaluation, scripted_agent
from wartable.agents.scripted.zeta import Scripted
from wartable.engine.game import Game

FACTIONS = ("aeug", "titans", "neo_zeon")


def choice(game: Game, seed: int = 0) -> dict[str, Any]:
    player = game.to_act[0]
    return Scripted(seed).choose(game.view(player, texts=False))


def test_the_registry_gives_the_zeta_player_and_its_evaluation() -> None:
    assert isinstance(scripted_agent("zeta", seed=1), Scripted)
    game = wartable.new_game("zeta", seed=1)
    values = evaluation("zeta")(game)
    assert set(values) == set(FACTIONS) and abs(sum(values.values()) - 1) < 1e-9
    assert all(0 <= v <= 1 for v in values.values())


def test_it_plays_only_legal_actions_in_every_seat_to_the_end() -> None:
    game = wartable.new_game("zeta", seed=2)
    agents = {f: Scripted(i) for i, f in enumerate(FACTIONS)}
    while not game.over:
        player = game.to_act[0]
        action = decide(agents[player], game, player)
        assert action in game.legal_actions(player)
        game.apply(player, action)
    winners = game.result["winners"]
    values = evaluation("zeta")(game)
    assert values == {f: (1 / len(winners) if f in winners else 0.0) for f in FACTIONS}


def test_its_choice_does_not_depend_on_what_its_seat_cannot_see() -> None:
    """A real game and a determinized copy are the same to the seat (the other factions' cards
    in hand and in the deck, the deck's order, the Titans' nuclear base, 10.4, 10.5, 36.3): the
    same view, so the same choice."""
    game = wartable.new_game("zeta", seed=5)
    agents = {f: Scripted(i) for i, f in enumerate(FACTIONS)}
    chooser = random.Random(6)
    checked = 0
    while not game.over:
        player = game.to_act[0]
        if len(game.legal_actions(player)) > 1 and chooser.random() < 0.1:
            twin = game.determinized(player, seed=99)
            if twin.state != game.state:
                assert choice(twin, seed=7) == choice(game, seed=7)
                checked += 1
        game.apply(player, decide(agents[player], game, player))
    assert checked > 20


def test_a_decision_it_does_not_know_ends_the_step_or_takes_the_first() -> None:
    """A kind of decision added to the rules later never stalls the player."""
    view = {
        "you": "aeug",
        "board": {
            "step": {"kind": "some_new_rule"},
            "turn": 3,
            "units": {},
            "characters": {},
            "bases": {},
        },
        "legal_actions": [{"action": {"speech": "a"}}, {"action": {"done": True}}],
    }
    assert Scripted(0).choose(view) == {"done": True}
    view["legal_actions"] = [{"action": {"speech": "a"}}, {"action": {"speech": "b"}}]
    assert Scripted(0).choose(view) == {"speech": "a"}


def test_10_2_it_keeps_the_cards_its_units_can_use() -> None:
    """Rule 10.2: the AEUG, with units on both maps and none on a drop point, keeps Space and
    Ground cards rather than its Atmosphere card."""
    game = wartable.new_game("zeta", seed=3)
    while game.state["step"]["kind"] != "keep":
        player = game.to_act[0]
        game.apply(player, decide(Scripted(0), game, player))
    kept = choice_for(game, "aeug")["keep"]
    assert sorted(kept) in (["ground", "space", "space"], ["ground", "ground", "space"])


def choice_for(game: Game, player: str) -> dict[str, Any]:
    return Scripted(0).choose(game.view(player, texts=False))


def test_it_beats_two_random_players() -> None:
    """One scripted faction against two random ones, in each seat, seeds 0-3 (30 of 30 on seeds
    0-9 when this was written)."""
    wins = 0
    for seed in range(4):
        for seat in FACTIONS:
            game = wartable.new_game("zeta", seed=seed)
            agents = {
                f: Scripted(seed) if f == seat else RandomAgent(seed + i)
                for i, f in enumerate(game.players)
            }
            play_out(game, agents)
            wins += seat in game.result["winners"]
    assert wins >= 11
