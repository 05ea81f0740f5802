"""Rule 28: the governance-drop step at a political base (ruling S41), with scripted dice."""

from __future__ import annotations

from pytest import MonkeyPatch

from games.zeta.helpers import battle, game, open_phase, put
from support.dice import script_game
from wartable.engine import Game
from wartable.games.zeta import combat, decline


def battle_at_von_braun(g: Game, monkeypatch: MonkeyPatch) -> None:
    """The Titans fight the AEUG at Von Braun City (space L5, AEUG political base, level 1),
    in a battle of the governance-drop step alone."""
    battle(monkeypatch, g, {"decline": decline.check}, at="space:L5")


def drop_rolls(g: Game) -> list[dict[str, object]]:
    return [e for e in g.events if e["kind"] == "roll" and e.get("rule") == "28.4"]


def test_28_3_28_4_2d6_at_or_under_every_weapon_s_governance_drops_a_level(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "titans", "hizack", "space:L5")  # governance 1
    ship = put(g, "aeug", "salamis_kai", "space:L5")  # governance 2
    g.state["units"][ship]["back"] = True  # the back governs as the front (S6)
    g.state["characters"]["blex"].update(at="space:L5", on=ship)  # 28.5: ignored
    g.state["bases"]["von_braun"]["level"] = 2
    script_game(g, [1, 2])
    battle_at_von_braun(g, monkeypatch)
    (roll,) = drop_rolls(g)
    assert roll["by"] == "aeug"  # 28.4: the governor rolls
    assert g.state["bases"]["von_braun"] == {"owner": "aeug", "level": 1, "at": "space:L5"}


def test_28_4_a_roll_over_the_total_changes_nothing(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:L5")
    put(g, "aeug", "gm2", "space:L5")
    script_game(g, [1, 2])  # 3 > 2
    battle_at_von_braun(g, monkeypatch)
    assert g.state["bases"]["von_braun"]["owner"] == "aeug"


def test_28_4_2_6_level_0_is_neutral(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:L5")
    put(g, "aeug", "gm2", "space:L5")
    script_game(g, [1, 1])
    battle_at_von_braun(g, monkeypatch)
    assert g.state["bases"]["von_braun"]["owner"] is None


def test_28_1_no_check_at_a_military_base(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "aeug", "salamis_kai", "space:C7")  # Luna Two, Titans military
    monkeypatch.setattr(combat, "COMBAT_STEPS", {"decline": decline.check})
    open_phase(g, "aeug", "space")
    script_game(g, [])  # any roll would fail the test
    g.apply("aeug", {"end": True})
    g.apply("aeug", {"fight": "space:C7", "against": ["titans"]})
    assert drop_rolls(g) == [] and g.state["bases"]["luna_two"]["level"] == 2


def test_s41_a_neutral_political_base_has_nothing_to_lose(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:L5")
    put(g, "aeug", "gm2", "space:L5")
    g.state["bases"]["von_braun"].update(owner=None, level=0)
    script_game(g, [])
    battle_at_von_braun(g, monkeypatch)
    assert drop_rolls(g) == []
