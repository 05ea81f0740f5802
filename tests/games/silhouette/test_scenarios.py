"""Solo and co-op play (S1.2): the scenarios' enemy pieces and how they act (ruling G21: the
rulebook gives them no behaviour), played out with scripted dice."""

from __future__ import annotations

from typing import Any

from support.dice import script_game
from wartable.engine import Game

from .helpers import MINE, act, answer, attack, cell, coop_at_raiden, end_turn, machine, new, said

MISS = [6, 6]  # no pilot's sheet in these games has a cell at 6-6


def duel(enemy: str, pilot: str) -> Game:
    """Solo against one enemy piece of the players' own scenario."""
    scenario = {
        "name": {"ja": "決闘", "en": "Duel"},
        "players": 1,
        "enemies": [enemy],
        "escorts": [],
        "rounds": 6,
        "source": "reconstructed: a test scenario",
    }
    data: dict[str, Any] = {**MINE, "scenarios": {"duel": scenario}}
    return new(mode="solo", scenario="duel", data=data, robots={"pilot1": pilot})


def test_g21_an_enemy_defends_with_armour_then_takes_a_cut_core_then_folds_an_arm_over_it() -> None:
    """The First Mission's Guard, hit at its core (4-3) again and again by Hien's machine gun:
    both armour cells beside it, then the core's own first cut (S10 ①), then both arms, then
    the core is destroyed and the pilot wins."""
    game = new(mode="solo", faces=MISS)  # the Guard (15) acts first and misses
    answer(game)
    said_by_guard: list[str] = []
    for _ in range(5):
        events = attack(game, "6-3", "e1", [4, 3, *MISS])
        said_by_guard += [
            t for t in said(events, "S6.4") + said(events, "S6.5") if t.startswith("Guard")
        ]
        answer(game)
    assert said_by_guard == [
        "Guard mech (e1): cut in the Armour at 4-4, it takes the damage for 4-3",
        "Guard mech (e1): cut in the Armour at 4-2, it takes the damage for 4-3",
        "Guard mech (e1): cut in the Core at 4-3, sturdy: it is not destroyed",
        "Guard mech (e1): the arm at 3-5 folds over 4-3",
        "Guard mech (e1): the Arm at 3-5 is destroyed and torn off",
        "Guard mech (e1): the arm at 3-1 folds over 4-3",
        "Guard mech (e1): the Arm at 3-1 is destroyed and torn off",
    ]
    events = attack(game, "6-3", "e1", [4, 3])
    assert "Guard mech (e1) is out of action: its core is destroyed" in said(events, "S10")
    assert game.result is not None and game.result["winners"] == ["pilot1"]


def test_g21_an_enemy_uses_an_interrupt_only_to_make_a_hit_miss_and_cuts_a_sturdy_cell() -> None:
    """Hien as an enemy piece: its verniers turn the first two hits into misses; a hit on a
    leg is saved once by a sturdy cut."""
    game = duel("hien", "kagerou")  # Kagerou (15) acts before Hien (21)
    events = attack(game, "4-5", "e1", [6, 6, *MISS])  # already a miss: no vernier used
    assert not cell(game, "e1", "5-3")["cut"] and not cell(game, "e1", "4-4")["cut"]
    assert "Hien (e1) attacks Kagerou (pilot1) with the Machine gun at 6-3" in said(events)
    answer(game)
    events = attack(game, "4-5", "e1", [3, 2, *MISS])
    assert "Hien (e1) uses the Vernier at 5-3: column 2 -> 1" in said(events, "S6.3")
    assert "3-1: no cell there, the attack misses" in said(events, "S6.3")
    answer(game)
    attack(game, "4-5", "e1", [3, 2, *MISS])  # the vernier at 4-4 does it again
    assert cell(game, "e1", "4-4")["cut"] and cell(game, "e1", "3-2")["gone"] is None
    answer(game)
    events = attack(game, "4-5", "e1", [2, 4, *MISS])
    assert "Hien (e1): cut in the Legs at 2-4, sturdy: it is not destroyed" in said(events)


def test_g21_an_enemy_piece_that_falls_is_out_at_once_it_never_self_destructs() -> None:
    """Hien as an enemy piece, its verniers spent, loses 3-2 and then the right leg's upper
    cell (its sturdy cut first): it falls (180°) and is out of action with no question."""
    game = duel("hien", "kagerou")
    for faces in ([3, 2], [3, 2], [3, 2], [2, 4]):  # two evaded, 3-2 cut out, 2-4 cut (sturdy)
        attack(game, "4-5", "e1", [*faces, *MISS])
        answer(game)
    assert cell(game, "e1", "3-2")["gone"] == "destroyed" and cell(game, "e1", "2-4")["cut"]
    events = attack(game, "4-5", "e1", [2, 4])
    assert said(events, "S10") == [
        "Hien (e1): leans 180.0°: has fallen",
        "Hien (e1) is out of action: it fell over",
    ]
    assert game.result is not None and game.result["winners"] == ["pilot1"]


def test_g21_an_enemy_attacks_with_its_weapon_of_most_attacks_at_a_pilot_picked_at_random() -> None:
    game = coop_at_raiden()
    script_game(game, [*MISS * 3, *MISS * 3])  # the War Train, then round 2's Fly Watches
    events = act(game, "pilot1", {"do": "pass"})
    events += answer(game)
    train = [t for t in said(events) if t.startswith(("War Train", "the enemy picks"))]
    assert train[0] == "War Train (e1)'s turn"
    assert train[1].startswith("the enemy picks its target at random: ")
    assert train[2].startswith("War Train (e1) attacks ")
    assert train[2].endswith(" with the Missile pod at 4-5/4-6")  # 3 attacks, the most
    targets = {e["data"]["target"] for e in events if e.get("data", {}).get("by") == "e1"}
    assert targets <= {"pilot1", "pilot2"} and len(targets) == 1


def test_g21_g15_an_enemy_with_no_usable_weapon_rams_a_unit_machine_cannot() -> None:
    game = coop_at_raiden()
    machine(game, "e2")["cells"]["4-3"]["gone"] = "destroyed"  # the Fly Watch's gun
    guard = new(mode="solo", faces=MISS)
    answer(guard)
    for key in ("4-1", "4-5"):  # both of the Guard's machine guns
        cell(guard, "e1", key)["gone"] = "destroyed"
    script_game(game, [*MISS * 3, *MISS * 2])
    events = act(game, "pilot1", {"do": "pass"}) + answer(game)
    assert "Fly Watch (e2) cannot attack" in said(events, "S5")
    script_game(guard, MISS)
    events = end_turn(guard)
    assert "Guard mech (e1) attacks Hien (pilot1) with the Body slam" in said(events, "S6.1")
