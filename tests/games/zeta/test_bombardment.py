"""Rule 24: the bombardment step, its wishes and its occurrence check (ruling S48)."""

from __future__ import annotations

from pytest import MonkeyPatch

from games.zeta.helpers import battle, board, game, put
from support.dice import script_game
from wartable.engine import Context, Game, State
from wartable.games.zeta import bombardment
from wartable.games.zeta.combat import following


def gun_battle(monkeypatch: MonkeyPatch, g: Game, at: str, by: str, **captains: str) -> None:
    """A battle of the bombardment step alone, with `captains` (ship -> character, 20.8)."""

    def prepare(ctx: Context, state: State) -> str:
        state["action"]["battle"]["captains"] = captains
        return following("preparation")

    steps = {"preparation": prepare, "bombardment": bombardment.bombardment}
    battle(monkeypatch, g, steps, at, by)


def rolls(g: Game, rule: str) -> list[tuple[str, int]]:
    return [(e["by"], len(e["dice"])) for e in g.events if e.get("rule") == rule]


def targets(g: Game) -> list[tuple[str, list[str]]]:
    damage = g.state["action"]["battle"]["damage"]
    return [(e["to"], e["targets"]) for e in damage["queue"]]


def test_24_1_24_4_24_6_24_10_both_wanting_it_every_ship_fires_at_once(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    alexandria = put(g, "titans", "alexandria", "space:D9")  # 3 guns
    salamis = put(g, "aeug", "salamis_kai", "space:D9")  # 2 guns
    board(g, "gady", alexandria)  # ship attack 1: a fourth die (24.6)
    gun_battle(monkeypatch, g, "space:D9", "titans", **{alexandria: "gady"})
    assert g.state["step"] == {"kind": "bombard", "side": "attacker"}
    g.apply("titans", {"bombard": True})
    script_game(g, [1, 1, 6, 6, 1, 1])  # 24.5: a 1 at 3·1 is 2 hits
    g.apply("aeug", {"bombard": True})
    assert rolls(g, "24.2.2") == [] and rolls(g, "24.4") == [("titans", 4), ("aeug", 2)]
    assert targets(g) == [("defender", [salamis]), ("attacker", [alexandria])]


def test_24_2_2_24_2_3_split_wishes_a_tie_means_none(monkeypatch: MonkeyPatch) -> None:
    g = game()
    alexandria = put(g, "titans", "alexandria", "space:D9")
    put(g, "aeug", "salamis_kai", "space:D9")
    board(g, "bask", alexandria)  # ship command 3 (24.2.1: no need to be captain)
    gun_battle(monkeypatch, g, "space:D9", "titans")
    g.apply("titans", {"bombard": True})
    script_game(g, [1, 4])  # 1 + 3 against 4 + 0
    g.apply("aeug", {"bombard": False})
    assert rolls(g, "24.2.2") == [("titans", 1), ("aeug", 1)] and rolls(g, "24.4") == []


def test_24_2_4_the_base_of_the_side_that_forced_it_does_not_fire(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "aeug", "salamis_kai", "space:C7")  # Luna Two: Titans military, level 2
    put(g, "titans", "salamis_kai", "space:C7")
    gun_battle(monkeypatch, g, "space:C7", "aeug")
    g.apply("aeug", {"bombard": False})
    script_game(g, [1, 6, 6, 6, 6, 6])  # the Titans win the check; every shot misses
    g.apply("titans", {"bombard": True})
    assert rolls(g, "24.4") == [("aeug", 2), ("titans", 2)] and rolls(g, "24.7") == []


def test_24_2_5_the_base_of_the_side_that_avoided_it_fights_alone(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    salamis = put(g, "aeug", "salamis_kai", "space:C7")
    put(g, "titans", "salamis_kai", "space:C7")
    gun_battle(monkeypatch, g, "space:C7", "aeug")
    g.apply("aeug", {"bombard": True})
    script_game(g, [1, 6, 1, 1, 1, 1, 1])  # the Titans win the check; every shot hits
    g.apply("titans", {"bombard": False})
    assert rolls(g, "24.4") == [("aeug", 2)] and rolls(g, "24.7") == [("titans", 3)]
    assert targets(g) == [("defender", ["base:luna_two"]), ("attacker", [salamis])]
