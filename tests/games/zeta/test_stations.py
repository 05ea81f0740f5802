"""Rules 30.3 and 31.3-31.4: Axis and Gryps 2 moving themselves (ruling S50)."""

from __future__ import annotations

from games.zeta.helpers import game, legal, open_phase, put
from wartable.engine import Game

BELT = "box:belt"


def shifts(g: Game, bid: str) -> list[str]:
    return [a["to"] for a in legal(g, "shift") if a["shift"] == bid]


def test_30_3_3_axis_goes_from_the_belt_box_to_a_hex_next_to_it() -> None:
    g = game()
    open_phase(g, "neo_zeon", "space")
    assert shifts(g, "axis") == ["space:O3", "space:O4", "space:O5", "space:O6", "space:O7"]
    g.apply("neo_zeon", {"shift": "axis", "to": "space:O5"})
    assert g.state["bases"]["axis"]["at"] == "space:O5"
    assert legal(g, "shift") == []  # 30.3.3: one hex a phase


def test_30_3_4_s50_neo_zeon_leaves_the_belt_with_axis() -> None:
    g = game()
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"shift": "axis", "to": "space:O5"})
    left = [
        k for k, p in [*g.state["units"].items(), *g.state["characters"].items()] if p["at"] == BELT
    ]
    assert left == []  # ruling S50: everything of Neo Zeon in its hex goes with it
    assert legal(g, "move") == []  # they have made their move


def test_30_3_6_s50_with_the_literal_reading_only_governing_units_go() -> None:
    g = game(station_carry="ordered")
    gwadan = next(u for u, x in g.state["units"].items() if x["type"] == "gwadan")
    open_phase(g, "neo_zeon", "space")
    assert shifts(g, "axis") == []  # it would leave the characters alone in space (15.4, S32)
    g.state["characters"]["haman"]["on"] = gwadan
    g.state["characters"]["mineva"]["on"] = gwadan
    g.state["bases"]["axis"]["level"] = 2
    gazas = [u for u, x in g.state["units"].items() if x["type"] == "gaza_c"]
    for uid in gazas[:4]:
        g.state["units"][uid]["carrier"] = gwadan
    for uid in gazas[4:]:
        g.state["units"][uid]["at"] = "factory"  # none left to stand alone in space
    open_phase(g, "neo_zeon", "space")
    assert shifts(g, "axis") == []  # the Qubeley would be left alone in space
    qubeley = next(u for u, x in g.state["units"].items() if x["type"] == "qubeley")
    g.apply("neo_zeon", {"govern": qubeley, "base": "axis"})  # 30.3.6: it goes along
    g.apply("neo_zeon", {"govern": gwadan, "base": "axis"})
    g.apply("neo_zeon", {"shift": "axis", "to": "space:O5"})
    assert g.state["units"][gwadan]["at"] == "space:O5"
    assert g.state["characters"]["haman"]["at"] == "space:O5"  # aboard the Gwadan
    assert g.state["units"][qubeley]["at"] == "space:O5"
    assert g.state["units"][gazas[0]]["at"] == "space:O5"  # aboard the Gwadan


def test_30_3_1_30_3_2_axis_moves_only_at_level_1_as_the_phase_began() -> None:
    g = game()
    g.state["bases"]["axis"]["level"] = 0
    g.state["bases"]["axis"]["owner"] = None
    open_phase(g, "neo_zeon", "space")
    assert g.state["action"]["mobile"] == []  # 47: recorded when the phase began
    assert legal(g, "shift") == []


def test_30_3_2_only_in_a_space_phase_of_its_faction() -> None:
    g = game()
    open_phase(g, "neo_zeon", "ground")
    assert legal(g, "shift") == []


def test_31_4_1_31_4_2_gryps2_moves_at_level_2_or_more() -> None:
    g = game()
    g.state["bases"]["gryps2"] = {"owner": "titans", "level": 1, "at": "space:D4"}
    open_phase(g, "titans", "space")
    assert shifts(g, "gryps2") == []
    g.state["bases"]["gryps2"]["level"] = 2
    open_phase(g, "titans", "space")
    assert g.state["action"]["mobile"] == ["gryps2"]
    assert "space:D5" in shifts(g, "gryps2")
    g.state["bases"]["gryps2"]["level"] = 1  # what counts is the level when the phase began
    assert "space:D5" in shifts(g, "gryps2")


def test_31_3_units_governing_gryps2_go_with_it() -> None:
    g = game(station_carry="ordered")
    g.state["bases"]["gryps2"] = {"owner": "titans", "level": 2, "at": "space:D6"}
    ship = put(g, "titans", "salamis_kai", "space:D6")
    open_phase(g, "titans", "space")
    g.apply("titans", {"govern": ship, "base": "gryps2"})
    g.apply("titans", {"shift": "gryps2", "to": "space:D7"})
    assert g.state["units"][ship]["at"] == "space:D7"
    assert g.state["action"]["govern"] == {ship: "gryps2"}


def test_30_3_5_31_4_4_the_moving_bases_never_descend() -> None:
    g = game()
    g.state["bases"]["axis"]["at"] = "space:H4"  # drop point A
    g.state["bases"]["gryps2"] = {"owner": "neo_zeon", "level": 3, "at": "space:H4"}
    open_phase(g, "neo_zeon", "atmosphere")
    assert all("shift" not in a for a in g.legal_actions("neo_zeon"))
    descending = [a["descend"] for a in legal(g, "descend")]
    assert "axis" not in descending and "gryps2" not in descending  # bases, never units
