"""Rule 4: the character phase: arrivals (4.2), growth swaps (4.3) and recovery checks (4.4)."""

from __future__ import annotations

from games.zeta.helpers import game, restart
from support.dice import script_game
from wartable.engine import Game


def characters(g: Game) -> dict[str, dict[str, str | None]]:
    return g.state["characters"]  # type: ignore[no-any-return]


def test_4_2_the_track_brings_judau_and_glemy_on_turn_6() -> None:
    g = game()
    restart(g, turn=6)
    assert characters(g)["judau"] == {"faction": "aeug", "at": "pending", "on": None, "code": "S"}
    assert characters(g)["glemy"]["code"] == "[haman]"
    assert characters(g)["glemy"]["faction"] == "neo_zeon"


def test_4_3_a_first_counter_on_the_map_is_swapped_in_place() -> None:
    g = game()
    before = dict(characters(g)["kamille_1"])
    restart(g, turn=3)
    assert "kamille_1" not in characters(g)
    assert characters(g)["kamille_2"] == before  # still aboard the Argama at C5


def test_4_3_a_wounded_first_counter_is_swapped_and_goes_to_the_map() -> None:
    g = game()
    characters(g)["jerid_1"].update(at="wounded:M", on=None)
    restart(g, turn=3)
    assert characters(g)["jerid_2"]["at"] == "pending"
    assert characters(g)["jerid_2"]["code"] == "any"  # ruling S9


def test_4_3_a_dead_or_absent_first_counter_is_passed_over() -> None:
    g = game()
    characters(g)["kamille_1"].update(at="dead", on=None)
    del characters(g)["jerid_1"]
    restart(g, turn=3)
    assert characters(g)["kamille_1"]["at"] == "dead" and "kamille_2" not in characters(g)
    assert "jerid_2" not in characters(g)


def test_4_4_recovery_checks_each_wounded_character_on_its_box() -> None:
    """L (1-4 recover), M (6 worse), H (6 death), in faction order, then box, then name."""
    g = game()
    characters(g)["apolly"].update(at="wounded:M", on=None)
    characters(g)["roberto"].update(at="wounded:L", on=None)
    characters(g)["lila"].update(at="wounded:H", on=None)
    characters(g)["mineva"].update(at="wounded:L", on=None)
    script_game(g, [1, 6, 6, 5])  # roberto (L), apolly (M), lila (H), mineva (L)
    restart(g, turn=2)
    assert characters(g)["roberto"]["at"] == "pending" and characters(g)["roberto"]["code"] == "any"
    assert characters(g)["apolly"]["at"] == "wounded:H"  # 4.4.3: one box right
    assert characters(g)["lila"]["at"] == "dead"  # 4.4.4
    assert characters(g)["mineva"]["at"] == "wounded:L"  # 4.4.2: no effect
    rolls = [(e["by"], e["rule"]) for e in g.events if e["kind"] == "roll"]
    assert rolls == [("aeug", "4.4")] * 2 + [("titans", "4.4"), ("neo_zeon", "4.4")]


def test_s5_worsening_in_the_heavy_box_is_death() -> None:
    printed = {"wounded": {"H": {"recovery": ["worse"] * 6}}}
    g = game(data=printed)
    characters(g)["gady"].update(at="wounded:H", on=None)
    script_game(g, [3])
    restart(g, turn=2)
    assert characters(g)["gady"]["at"] == "dead"


def test_4_growth_comes_before_recovery_so_a_grown_counter_does_not_roll() -> None:
    g = game()
    characters(g)["emma_1"].update(at="wounded:H", on=None)
    script_game(g, [])  # no die is rolled: Emma leaves the box by 4.3 first
    restart(g, turn=4)
    assert characters(g)["emma_2"]["at"] == "pending"
