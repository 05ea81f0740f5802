"""Rules 12.4, 12.7 and 14: the Atmosphere phase, descent from drop points A-C to ground areas
A-C and launch from own ground bases; rulings S33 and S37."""

from __future__ import annotations

from games.zeta.helpers import FIRST_FLEET, C, game, legal, open_phase, put, units_of
from wartable.engine import Game

DROP_A, HICKORY = "space:H4", "ground:E3"  # drop point A; Hickory is in area A


def fleet_at_drop_point_a(g: Game) -> str:
    """The AEUG 1st Fleet moved from C5 to drop point A; returns the Argama."""
    for piece in [*g.state["units"].values(), *g.state["characters"].values()]:
        if piece["at"] == "space:C5":
            piece["at"] = DROP_A
    return units_of(g, "aeug", "argama", DROP_A)[0]


def descents(g: Game, key: str) -> set[str]:
    return {a["to"] for a in legal(g, "descend") if a["descend"] == key}


def launches(g: Game) -> set[str]:
    return {a["launch"] for a in legal(g, "launch")}


def test_12_4_12_7_14_1_only_drop_points_and_own_ground_bases_act_and_only_by_air() -> None:
    g = game()
    fleet_at_drop_point_a(g)
    open_phase(g, "aeug", "atmosphere")
    kinds = {next(iter(a)) for a in g.legal_actions("aeug")}
    assert kinds <= {"descend", "launch", "load", "unload", "board", "alight", "end"}
    movers = {a.get("descend", a.get("launch")) for a in g.legal_actions("aeug")} - {None}
    places = {(g.state["units"].get(k) or g.state["characters"][k])["at"] for k in movers}
    assert places == {DROP_A, HICKORY}  # not Granada (space), not Titans bases


def test_14_5_a_unit_on_a_drop_point_descends_to_any_hex_of_its_area_and_stops() -> None:
    g = game()
    argama = fleet_at_drop_point_a(g)
    open_phase(g, "aeug", "atmosphere")
    assert descents(g, argama) == set(C.areas["A"])  # 48 hexes, ocean included
    g.apply("aeug", {"descend": argama, "to": "ground:C3"})
    riders = [uid for uid, u in g.state["units"].items() if u["carrier"] == argama]
    assert len(riders) == 4 and all(g.state["units"][u]["at"] == "ground:C3" for u in riders)
    assert all(g.state["characters"][c]["at"] == "ground:C3" for c in FIRST_FLEET)
    assert argama not in launches(g) and descents(g, argama) == set()  # its move has ended


def test_14_8_a_space_only_unit_descends_only_aboard_a_ship() -> None:
    g = game()
    argama = fleet_at_drop_point_a(g)
    salamis = put(g, "aeug", "salamis_kai", DROP_A)
    galbaldy = put(g, "aeug", "galbaldy_beta", DROP_A, carrier=argama)
    open_phase(g, "aeug", "atmosphere")
    assert descents(g, salamis) == set() and descents(g, galbaldy) == set()
    g.apply("aeug", {"descend": argama, "to": "ground:E2"})
    assert g.state["units"][galbaldy]["at"] == "ground:E2"


def test_14_6_s37_an_ms_alone_descends_into_the_ocean_only_where_an_own_ship_has_room() -> None:
    g = game()
    salamis = put(g, "aeug", "salamis_kai", DROP_A)
    gm = put(g, "aeug", "gm2", DROP_A, carrier=salamis)
    garuda = put(g, "aeug", "garuda", "ground:A4")  # an ocean hex of area A
    open_phase(g, "aeug", "atmosphere")
    ocean = {h for h in C.areas["A"] if C.terrain(h) == "ocean"}
    assert descents(g, gm) == set(C.areas["A"]) - ocean | {"ground:A4"}
    g.apply("aeug", {"descend": gm, "to": "ground:A4"})
    assert g.state["units"][gm]["at"] == "ground:A4"
    assert g.state["units"][gm]["carrier"] == garuda


def test_14_9_14_10_14_11_s33_launching_to_the_linked_drop_point() -> None:
    g = game()
    argama = units_of(g, "aeug", "argama", "space:C5")[0]
    for piece in [*g.state["units"].values(), *g.state["characters"].values()]:
        if piece["at"] == "space:C5":
            piece["at"] = HICKORY  # the 1st Fleet has come down to Hickory
    gm = units_of(g, "aeug", "gm2", HICKORY)[0]
    garuda = units_of(g, "aeug", "garuda", HICKORY)[0]
    open_phase(g, "aeug", "atmosphere")
    assert garuda not in launches(g)  # ruling S33: a ground-only unit goes up only aboard
    assert gm not in launches(g)  # 14.11: no own ship at drop point A yet
    assert argama in launches(g)
    rider = next(uid for uid, u in g.state["units"].items() if u["carrier"] == argama)
    g.apply("aeug", {"unload": rider})  # the Argama carries 4: one place free
    g.apply("aeug", {"launch": argama})
    assert g.state["units"][argama]["at"] == DROP_A
    assert gm in launches(g)  # now the Argama waits there with room
    g.apply("aeug", {"launch": gm})
    assert g.state["units"][gm]["at"] == DROP_A and g.state["units"][gm]["carrier"] == argama


def test_14_12_s37_a_character_goes_alone_between_ships_and_own_bases() -> None:
    g = game()
    argama = fleet_at_drop_point_a(g)
    open_phase(g, "aeug", "atmosphere")
    assert "hayato" in launches(g)  # the Argama is at drop point A
    assert descents(g, "quattro") == {HICKORY, "ground:F3"}  # Hickory, Cape Kennedy
    g.apply("aeug", {"descend": "quattro", "to": "ground:F3"})
    assert g.state["characters"]["quattro"] == {"faction": "aeug", "at": "ground:F3", "on": None}
    g.apply("aeug", {"launch": "hayato"})
    assert g.state["characters"]["hayato"] == {"faction": "aeug", "at": DROP_A, "on": argama}


def test_14_12_no_ship_at_the_drop_point_no_launch_alone() -> None:
    g = game()
    open_phase(g, "aeug", "atmosphere")
    assert "hayato" not in launches(g)
