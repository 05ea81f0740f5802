"""Rules 18.4-18.10 and 20.2: the battles of a phase, chosen and ordered by the active faction,
their sides, a third faction joining or staying out, and who takes part (ruling S39, S40)."""

from __future__ import annotations

from typing import Any

from pytest import MonkeyPatch, fixture

from games.zeta.helpers import game, legal, open_phase, put, units_of
from wartable.engine import Game
from wartable.games.zeta import combat


@fixture(autouse=True)
def steps_passed_over(monkeypatch: MonkeyPatch) -> None:
    """A battle here is only chosen and begun: its steps have their own tests."""
    monkeypatch.setattr(combat, "COMBAT_STEPS", {})


def two_battles() -> Game:
    """Titans hexes at D9 and G9 where Titans units meet the AEUG."""
    g = game()
    put(g, "titans", "salamis_kai", "space:D9")
    put(g, "aeug", "salamis_kai", "space:D9")
    put(g, "titans", "salamis_kai", "space:G9")
    put(g, "aeug", "salamis_kai", "space:G9")
    open_phase(g, "titans", "space")
    g.apply("titans", {"end": True})
    return g


def battles(g: Game) -> list[dict[str, Any]]:
    return [e["data"] for e in g.events if e.get("rule") == "18.10"]


def test_18_4_18_7_battles_in_the_active_faction_s_order_once_per_hex() -> None:
    g = two_battles()
    assert legal(g, "fight") == [
        {"fight": "space:D9", "against": ["aeug"]},
        {"fight": "space:G9", "against": ["aeug"]},
    ]
    g.apply("titans", {"fight": "space:G9", "against": ["aeug"]})  # 18.7: any order
    assert legal(g, "fight") == [{"fight": "space:D9", "against": ["aeug"]}]  # 18.4
    g.apply("titans", {"fight": "space:D9", "against": ["aeug"]})
    assert [b["at"] for b in battles(g)] == ["space:G9", "space:D9"]
    assert g.state["action"] is None or g.state["action"]["n"] != 1  # the next card


def test_18_5_combat_is_optional() -> None:
    g = two_battles()
    g.apply("titans", {"end_combat": True})
    assert battles(g) == []
    assert g.state["action"] is None  # the deck was empty: the turn went on


def three_factions() -> Game:
    g = game()
    put(g, "titans", "salamis_kai", "space:D9")
    put(g, "neo_zeon", "gwadan", "space:D9")
    put(g, "aeug", "salamis_kai", "space:D9")
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"end": True})
    return g


def test_18_8_with_three_factions_the_active_one_declares_one_or_both() -> None:
    g = three_factions()
    assert legal(g, "fight") == [
        {"fight": "space:D9", "against": ["titans"]},
        {"fight": "space:D9", "against": ["neo_zeon"]},
        {"fight": "space:D9", "against": ["titans", "neo_zeon"]},
    ]
    g.apply("aeug", {"fight": "space:D9", "against": ["titans", "neo_zeon"]})
    assert battles(g)[0]["defender"] == ["titans", "neo_zeon"]  # no third faction to ask


def test_18_9_18_10_the_undeclared_faction_joins_a_side() -> None:
    g = three_factions()
    g.apply("aeug", {"fight": "space:D9", "against": ["titans"]})
    assert g.to_act == ("neo_zeon",)  # 18.9
    assert g.legal_actions("neo_zeon") == [
        {"join": "attacker"},
        {"join": "defender"},
        {"join": "none"},
    ]
    g.apply("neo_zeon", {"join": "attacker"})
    (fought,) = battles(g)
    assert fought["attacker"] == ["aeug", "neo_zeon"] and fought["defender"] == ["titans"]
    (gwadan,) = units_of(g, "neo_zeon", "gwadan", "space:D9")
    assert gwadan in fought["taking_part"]  # 20.2: a joining faction uses all its units


def test_18_9_the_undeclared_faction_may_stay_out() -> None:
    g = three_factions()
    g.apply("aeug", {"fight": "space:D9", "against": ["neo_zeon"]})
    assert g.to_act == ("titans",)
    g.apply("titans", {"join": "none"})
    (fought,) = battles(g)
    assert fought["attacker"] == ["aeug"] and fought["defender"] == ["neo_zeon"]
    units = g.state["units"]
    assert all(units[k]["faction"] != "titans" for k in fought["taking_part"] if k in units)


def test_20_2_the_active_faction_fights_with_its_movers_the_others_with_all() -> None:
    g = game()
    mover = put(g, "titans", "hizack", "space:L5")
    stayer = put(g, "titans", "hizack", "space:L5")
    defender = put(g, "aeug", "gm2", "space:L5")
    carried = put(g, "aeug", "salamis_kai", "space:L5")
    open_phase(g, "titans", "space")
    g.state["action"]["recover"][stayer] = "von_braun"  # a bare order: it did not choose Move
    g.apply("titans", {"end": True})
    g.apply("titans", {"fight": "space:L5", "against": ["aeug"]})
    (fought,) = battles(g)
    assert mover in fought["taking_part"] and stayer not in fought["taking_part"]  # 18.6
    assert {defender, carried} <= set(fought["taking_part"])


def test_18_1_s39_a_faction_with_only_a_military_base_there_is_an_opponent() -> None:
    g = game()
    put(g, "neo_zeon", "gwadan", "space:C7")  # Luna Two: a Titans base
    g.state["units"] = {
        k: u
        for k, u in g.state["units"].items()
        if u["faction"] != "titans" or u["at"] != "space:C7"
    }
    g.state["characters"]["lila"].update(at="wounded:L", on=None)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"end": True})
    assert legal(g, "fight") == [{"fight": "space:C7", "against": ["titans"]}]
