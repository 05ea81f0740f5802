"""The scripted player of the card game: legal, blind to what its seat cannot see, sensible
at the table, and stronger than chance."""

from __future__ import annotations

from typing import Any

from games.zeta_cards.helpers import C, act, base_of, new, play, turn_of
from wartable.agents import RandomAgent
from wartable.agents.play import decide
from wartable.agents.scripted import evaluation, scripted_agent
from wartable.agents.scripted.zeta_cards import Scripted, evaluate
from wartable.engine import Game

PLAYERS = ("aeug", "titans", "neo_zeon")


def choice(game: Game, player: str, seed: int = 0) -> dict[str, Any]:
    game._legal = {}
    return Scripted(seed).choose(game.view(player, texts=False))


def test_it_is_the_registered_scripted_player_of_the_game() -> None:
    assert isinstance(scripted_agent("zeta-cards", seed=3), Scripted)
    assert evaluation("zeta-cards") is evaluate


def test_it_only_plays_legal_actions_against_itself_and_against_random_players() -> None:
    for seed, mixed in ((1, False), (2, True)):
        game = new(seed)
        agents = {
            p: RandomAgent(seed) if mixed and i else Scripted(seed + i)
            for i, p in enumerate(PLAYERS)
        }
        for _ in range(3000):
            if game.over:
                break
            player = game.to_act[0]
            action = decide(agents[player], game, player)
            assert action in game.legal_actions(player)
            game.apply(player, action)
        assert game.over


def test_it_cannot_use_what_its_seat_does_not_see() -> None:
    """A determinized copy is a real game its seat cannot tell from this one, with other hands
    and decks: the player chooses the same there."""
    game = new(5)
    agents = {p: Scripted(i) for i, p in enumerate(PLAYERS)}
    checked = differed = 0
    while not game.over and checked < 150:
        player = game.to_act[0]
        action = decide(agents[player], game, player)
        if game.state["turn"] % 2 == 0:
            twin = game.determinized(player, checked)
            differed += twin.state["hand"] != game.state["hand"]
            assert choice(twin, player, 9) == choice(game, player, 9)
            checked += 1
        game.apply(player, action)
    assert checked == 150 and differed > 100


def test_3_3_it_governs_the_base_worth_the_most_vp_for_its_cards() -> None:
    """With one point of governance only a neutral base can be taken (3.3: level 0 + 1), and
    Dakar is worth 2 VP at LV1 where the others are worth 1."""
    game = turn_of(new(), "aeug", ["gov1", "nemo", "nemo", "dev1", "nemo"])
    act(game, "aeug", {"take": "govern"})
    assert choice(game, "aeug") == {"govern": "dakar"}


def test_3_5_it_pays_a_level_without_wasting_governance() -> None:
    """Raising Von Braun City from LV1 needs 2 (3.3); Blex's 3 would waste a point (3.5)."""
    game = turn_of(new(), "aeug", ["blex", "gov2", "nemo"])
    play(game, "aeug", {"take": "govern"}, {"govern": "von_braun"})
    assert choice(game, "aeug") == {"pay": "gov2"}


def test_4_3_it_develops_when_its_cards_reach_the_next_tl() -> None:
    """TL 1 → 2 needs 2 development (4.3): it develops before it governs with the rest."""
    game = turn_of(new(), "aeug", ["dev2", "gov1", "dev1", "gov1", "gov1"])
    assert choice(game, "aeug") == {"take": "develop"}
    act(game, "aeug", {"take": "develop"})
    assert choice(game, "aeug") == {"develop": True}


def test_7_1_it_attacks_the_faction_nearest_to_winning() -> None:
    """Of two enemies that cannot defend (their fighting cards are all in their discard piles,
    in sight), it attacks the one ahead in VP, and above all one that has declared victory
    and will win at its next turn unless it loses VP (7.1)."""
    game = turn_of(new(), "aeug", ["gundam_mk2", "rick_dias", "nemo", "nemo", "nemo"])
    for enemy in ("titans", "neo_zeon"):
        for pile in ("hand", "deck"):
            cards = game.state[pile][enemy]
            game.state["discard"][enemy] += [cid for cid in cards if C.cards[cid].fighting]
            game.state[pile][enemy] = [cid for cid in cards if not C.cards[cid].fighting]
    base_of(game, "dakar", "titans", 2)  # Titans 11 VP, Neo Zeon 8
    act(game, "aeug", {"take": "fight"})
    assert game.state["bases"][choice(game, "aeug")["attack"]]["owner"] == "titans"
    for bid in ("lhasa", "luna_two", "zedan_gate"):
        base_of(game, bid, "neo_zeon", 4)  # Neo Zeon 18 VP: 7 ahead
    game.state["declared"] = ["neo_zeon"]
    assert game.state["bases"][choice(game, "aeug")["attack"]]["owner"] == "neo_zeon"


def test_6_4_it_defends_a_base_its_cards_can_save() -> None:
    """An attacker's card surviving at Dakar (LV1, no attack of its own) would take it to
    level 0 (6.16, 6.18); a Marasai put in destroys it and survives (6.12)."""
    game = turn_of(new(), "aeug", ["nemo"])
    base_of(game, "dakar", "titans", 1)
    game.state["hand"]["titans"] = ["marasai", "dev1", "gov1"]
    play(game, "aeug", {"take": "fight"}, {"attack": "dakar"}, {"commit": "nemo"}, {"ready": True})
    assert choice(game, "titans") == {"commit": "marasai"}


def test_7_2_it_buys_the_last_domestic_card_only_to_end_the_game_in_first_place() -> None:
    game = turn_of(new(), "aeug", [])
    for cid in ("dev1", "dev2", "dev3"):
        game.state["stock"][cid] = 0
    game.state["stock"]["gov1"] = 1
    base_of(game, "dakar", "aeug", 2)  # AEUG leads 11 VP to 8
    act(game, "aeug", {"take": "buy"})
    assert choice(game, "aeug") == {"buy": "gov1"}
    game = turn_of(new(), "aeug", [])
    for cid in ("dev1", "dev2", "dev3"):
        game.state["stock"][cid] = 0
    game.state["stock"]["gov1"] = 1
    base_of(game, "dakar", "titans", 2)  # now Titans lead
    act(game, "aeug", {"take": "buy"})
    assert choice(game, "aeug") != {"buy": "gov1"}


def test_2_3_it_keeps_the_most_useful_domestic_cards() -> None:
    game = turn_of(new(), "aeug", [], face_up=["gov1", "dev1", "gov2"])
    act(game, "aeug", {"end": True})
    assert choice(game, "aeug") == {"keep": "gov2"}


def test_evaluate_guesses_chances_that_sum_to_one_and_favour_the_leader() -> None:
    game = new(7)
    base_of(game, "dakar", "titans", 4)
    values = evaluate(game)
    assert abs(sum(values.values()) - 1) < 1e-9
    assert max(values, key=lambda p: values[p]) == "titans"


def test_evaluate_of_a_finished_game_is_its_result() -> None:
    for seed in range(8, 14):
        game = new(seed)
        agents = {p: RandomAgent(seed + i) for i, p in enumerate(PLAYERS)}
        while not game.over:
            player = game.to_act[0]
            game.apply(player, decide(agents[player], game, player))
        assert game.result is not None
        shared = game.result["winners"] or game.result.get("tied") or list(PLAYERS)
        assert evaluate(game) == {p: 1 / len(shared) if p in shared else 0.0 for p in PLAYERS}


def test_it_beats_two_random_players_in_at_least_8_of_10_games() -> None:
    wins = 0
    for seed in range(10):
        game = new(100 + seed)
        seat = PLAYERS[seed % 3]
        agents = {
            p: Scripted(seed) if p == seat else RandomAgent(seed * 10 + i)
            for i, p in enumerate(PLAYERS)
        }
        while not game.over:
            player = game.to_act[0]
            game.apply(player, decide(agents[player], game, player))
        assert game.result is not None
        wins += game.result["winners"] == [seat]
    assert wins >= 8
