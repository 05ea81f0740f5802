"""The scripted Mechanical Silhouette player: legal in every mode, blind to what its seat cannot
see, sensible at the table, and stronger than the random player."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wartable
from games.silhouette.helpers import MINE, act, attack, destroyed, end_turn, machine, new
from support.dice import script_game
from wartable.agents import RandomAgent
from wartable.agents.play import decide, play_out
from wartable.agents.scripted import evaluation, scripted_agent
from wartable.agents.scripted.silhouette import Scripted
from wartable.engine import Game

MODES: list[dict[str, Any]] = [
    {"mode": "versus"},
    {"mode": "team"},
    {"mode": "solo"},
    {"mode": "coop", "robots": {"pilot1": "raiden"}},
    {"mode": "versus", "physics": "manual"},
    {"mode": "versus", "physics": "quick", "grey": "fallen"},
    {"mode": "versus", "data": MINE, "robots": {"p1": "kite", "p2": "brawler"}},
]


def choice(game: Game, seed: int = 0) -> dict[str, Any]:
    player = game.to_act[0]
    return Scripted(seed).choose(game.view(player, texts=False))


def test_the_registry_gives_the_silhouette_player_and_its_evaluation() -> None:
    assert isinstance(scripted_agent("silhouette", seed=1), Scripted)
    for options in MODES[:4]:
        game = new(seed=1, **options)
        values = evaluation("silhouette")(game)
        assert set(values) == set(game.players) and abs(sum(values.values()) - 1) < 1e-9
        assert all(0 <= v <= 1 for v in values.values())


@pytest.mark.parametrize("options", MODES, ids=lambda o: "-".join(map(str, o.values()))[:30])
def test_it_plays_only_legal_actions_in_every_mode_to_the_end(options: dict[str, Any]) -> None:
    game = new(seed=2, **options)
    agents = {p: Scripted(n) for n, p in enumerate(game.players)}
    while not game.over:
        player = game.to_act[0]
        action = decide(agents[player], game, player)
        assert action in game.legal_actions(player)
        game.apply(player, action)
    values = evaluation("silhouette")(game)
    winners = game.result["winners"]
    assert all(
        values[p] == (1 / len(winners) if winners else 1 / len(game.players)) for p in winners
    )


@pytest.mark.parametrize("options", [MODES[0], MODES[3], MODES[6]], ids=["versus", "coop", "drawn"])
def test_its_choice_does_not_depend_on_what_its_seat_cannot_see(options: dict[str, Any]) -> None:
    """A real game and a determinized copy of it are the same to the seat: the same view, so
    the same choice, whatever the other side's unrevealed cells and links are (G17)."""
    game = new(seed=5, **options)
    agents = {p: RandomAgent(n) for n, p in enumerate(game.players)}
    chooser = random.Random(6)
    checked = 0
    while not game.over:
        player = game.to_act[0]
        if len(game.legal_actions(player)) > 1 and chooser.random() < 0.5:
            twin = game.determinized(player, seed=99)  # as real as the real one, to `player`
            if twin.state != game.state:
                assert choice(twin, seed=7) == choice(game, seed=7)
                checked += 1
        game.apply(player, decide(agents[player], game, player))
    assert checked > 5


def kagerou_cuts_hiens_core() -> Game:
    """Kagerou (p1, lighter, acts first) hits Hien's core at 4-3: its first damage only cuts
    it (S10 ①); Hien does not attack back, so Kagerou has 5 SP in round 2 (S2, S8)."""
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [4, 3])
    assert machine(game, "p2")["cells"]["4-3"]["cut"] is True
    end_turn(game)
    assert game.to_act == ("p1",) and machine(game, "p1")["sp"] == 5
    return game


def test_s3_s10_it_spends_sp_to_move_the_hit_onto_a_cut_core() -> None:
    """S3: 2 SP move one die by one; the dice land beside Hien's cut core, whose next damage
    destroys it (S10 ①), so Kagerou pays to move the hit onto it."""
    game = kagerou_cuts_hiens_core()
    script_game(game, [4, 4])
    act(game, "p1", {"do": "attack", "weapon": "ram", "target": "p2"})
    assert game.state["step"]["kind"] == "boost"
    assert choice(game) == {"do": "shift", "axis": "col", "by": -1}


def test_s6_4_it_saves_its_cut_core_with_armour_or_an_arm() -> None:
    """S6.4: a second hit on a cut core destroys it (S10 ①), unless an adjacent armour cell is
    cut or an arm folds over it instead: Hien never takes it."""
    game = kagerou_cuts_hiens_core()
    script_game(game, [4, 3])
    act(game, "p1", {"do": "attack", "weapon": "ram", "target": "p2"})
    act(game, "p1", {"do": "done"})  # Kagerou keeps its SP
    act(game, "p2", {"do": "done"})  # Hien keeps its verniers
    assert game.state["step"] == {"kind": "defend", "machine": "p2", "cell": "4-3"}
    assert choice(game)["do"] in ("armour", "arm")


def test_s6_3_it_dodges_a_hit_on_its_core_with_a_vernier() -> None:
    """S6.3: Hien's verniers (※, 5-3 and 4-4) move the hit one row or column: a hit on its
    core is moved off it, onto a cell that matters less."""
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    script_game(game, [4, 3])
    act(game, "p1", {"do": "attack", "weapon": "ram", "target": "p2"})
    assert game.state["step"] == {"kind": "interrupt", "machine": "p2"}
    dodge = choice(game)
    assert dodge["do"] == "interrupt"
    moved = {"row": (4 + dodge["by"], 3), "col": (4, 3 + dodge["by"])}[dodge["axis"]]
    assert moved in ((5, 3), (4, 2), (4, 4))  # not 3-3, a cell of the waist it stands on
    act(game, "p2", dodge)
    assert choice(game) == {"do": "done"}  # one vernier is enough


def test_s11_fallen_it_detaches_the_part_that_stands_it_up_again() -> None:
    """S11: Tsurugi without its feet at 1-2 and 1-4 leans over 90° (S10 ③); detaching its head
    stands it up again, and then it stops; it never detaches the core's part (b)."""
    game = new(robots={"p1": "kagerou", "p2": "tsurugi"})
    destroyed(game, "p2", "1-2")
    attack(game, "5-2", "p2", [1, 4])
    assert game.state["step"] == {"kind": "stand", "machine": "p2", "by": "p2"}
    assert machine(game, "p2")["lean"]["verdict"] == "fallen"
    first = choice(game)
    assert first["do"] == "detach" and first["part"] != "b"
    act(game, "p2", first)
    assert machine(game, "p2")["lean"]["theta"] < 90
    act(game, "p2", choice(game))
    assert machine(game, "p2")["out"] is None


def test_s5_s10_it_attacks_rather_than_passing_and_never_surrenders() -> None:
    """S10: with every cell beside its core gone Hien may surrender; S5: it may pass. It
    attacks: only a machine out of action loses the battle."""
    game = new(robots={"p1": "hien", "p2": "tsurugi"})
    destroyed(game, "p1", "5-3", "3-3", "4-2", "4-4")
    actions = game.legal_actions("p1")
    assert {"do": "surrender"} in actions and {"do": "pass"} in actions
    assert choice(game)["do"] == "attack"


def test_s6_2_it_fires_the_missile_pods_three_attacks() -> None:
    """S6.2: the missile pod attacks three times (used once, ✂2): Raiden's best opening."""
    game = new(robots={"p1": "raiden", "p2": "hien"})
    end_turn(game)  # Hien (21 cells) acts before Raiden (24)
    assert game.to_act == ("p1",)
    assert choice(game) == {"do": "attack", "weapon": "tS", "target": "p2"}


def test_s1_1_in_team_play_it_attacks_the_enemy_nearest_its_end() -> None:
    """S1.1: the side with a majority out loses. Kagerou (a2, first to act) goes for the
    Tsurugi (b1) over the heavy Raiden (b2), until Raiden's core at 4-4 is known and cut:
    one more hit destroys it (S10 ①)."""
    game = new(mode="team")
    assert game.to_act == ("a2",)
    assert choice(game)["target"] == "b1"
    core = machine(game, "b2")["cells"]["4-4"]
    core["cut"] = core["shown"] = True
    assert choice(game)["target"] == "b2"


def test_evaluation_favours_the_side_whose_enemy_is_nearer_its_end() -> None:
    """S10 ②: Tsurugi stands on its legs at 2-2 and 2-4; with one gone and the other cut,
    one more hit puts it out, so Hien's chance is the better one."""
    game = new(robots={"p1": "hien", "p2": "tsurugi"})
    even = evaluation("silhouette")(game)
    destroyed(game, "p2", "2-2")
    machine(game, "p2")["cells"]["2-4"]["cut"] = True
    values = evaluation("silhouette")(game)
    assert values["p1"] > even["p1"] and values["p1"] > values["p2"]


def test_it_beats_the_random_player_from_either_seat() -> None:
    """Seeded games, ten in each seat. Six rounds rarely put a paper robot out (S8: a draw),
    but the scripted player never loses to the random one and wins several; two random
    players win none of these games between them."""
    wins = losses = 0
    for seed in range(10):
        for seat, foe in (("p1", "p2"), ("p2", "p1")):
            game = wartable.new_game("silhouette", seed=seed)
            play_out(game, {seat: Scripted(seed), foe: RandomAgent(seed)})
            wins += game.result["winners"] == [seat]
            losses += game.result["winners"] == [foe]
    assert losses == 0 and wins >= 4
