"""The scripted player of the Zeta strategic game: legal, blind to what its seat cannot see,
never stuck on a decision it does not know, and stronger than the random player."""

from __future__ import annotations

import random
from typing import Any

import wartable
from games.zeta.helpers import C, board, game, open_phase, put
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
        "options": {},
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


# -- the optional steps and orders that once fell to "the first legal action" --------------------


def test_30_4_7_neo_zeon_does_not_ram_von_braun_nor_its_own_base() -> None:
    """Rule 30.4: the Axis attack is a choice (30.4.2) with ``{"axis_attack": None}`` the pass.
    Against Von Braun City Axis's damage is one step worse and it never moves again (30.4.7);
    against its own base Neo Zeon only hurts itself. The player passes on both."""
    g = game()
    g.state["bases"]["axis"]["at"] = "space:L5"  # Von Braun City's hex, the AEUG's level 1
    g.state["bases"]["side5"].update(owner="neo_zeon", level=2)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    assert g.state["step"]["kind"] == "axis_attack"
    assert {"axis_attack": "von_braun"} in g.legal_actions("neo_zeon")
    assert choice_for(g, "neo_zeon") == {"axis_attack": None}
    g.apply("neo_zeon", {"axis_attack": None})
    g.state["bases"]["axis"]["at"] = "space:K5"  # its own Side 5
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    assert g.legal_actions("neo_zeon") == [{"axis_attack": "side5"}, {"axis_attack": None}]
    assert choice_for(g, "neo_zeon") == {"axis_attack": None}


def test_31_5_the_laser_spares_its_own_units_and_fires_at_the_enemy() -> None:
    """Rule 31.5: every unit in the target hex rolls, of every faction (31.5.11). With only its
    own units in reach the Titans hold fire; with an AEUG fleet next to Gryps 2 they fire at it."""
    g = game()
    g.state["bases"]["gryps2"] = {"owner": "titans", "level": 3, "at": "space:G6"}
    for _ in range(3):
        put(g, "titans", "alexandria", "space:G6")
    open_phase(g, "titans", "space")
    g.apply("titans", {"end": True})
    assert g.state["step"]["kind"] == "laser"
    assert g.legal_actions("titans")[0] == {"laser": "space:G6"}  # its own hex comes first
    assert choice_for(g, "titans") == {"laser": None}
    g.apply("titans", {"laser": None})
    near = C.neighbours("space:G6")[0]
    for _ in range(3):
        put(g, "aeug", "argama", near)
    open_phase(g, "titans", "space")
    g.apply("titans", {"end": True})
    assert choice_for(g, "titans") == {"laser": near}


def test_17_6_it_governs_with_no_more_than_makes_the_roll_sure() -> None:
    """Rule 17.6: the roll succeeds at or under the governance; a die never beats 6, so units
    beyond that would only lose their move (17.3) and their battle (18.6)."""
    g = game()
    for _ in range(3):
        put(g, "neo_zeon", "gwadan", "space:M3")  # Side 3, neutral: governance 3 each
    open_phase(g, "neo_zeon", "space")
    governing = []
    while True:
        action = choice_for(g, "neo_zeon")
        if "govern" not in action:
            break
        governing.append(action["govern"])
        g.apply("neo_zeon", action)
    assert len(governing) == 2  # 3 + 3 = 6: the third Gwadan is free to move


def test_32_1_3_the_ship_with_haman_heads_for_side3() -> None:
    """Rule 32.1.3: Haman or Mineva entering the Side 3 hex makes it a level 3 Neo Zeon base at
    once (and brings the Zeon Republic Army, 32.1.4): her ship steers for it."""
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", "space:K3")  # two hexes from Side 3 (M3)
    board(g, "haman", gwadan)
    board(g, "mineva", gwadan)
    open_phase(g, "neo_zeon", "space")
    action = choice_for(g, "neo_zeon")
    assert action.get("move") == gwadan and action["to"] in C.neighbours("space:M3")
    g.apply("neo_zeon", action)
    g.apply("neo_zeon", choice_for(g, "neo_zeon"))
    assert g.state["bases"]["side3"] == {"owner": "neo_zeon", "level": 3, "at": "space:M3"}
