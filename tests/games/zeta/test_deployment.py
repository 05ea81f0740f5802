"""Rule 9 (the deployment phase: own bases, deployment points, characters by their codes), with
29.2.6 and 29.3.1 (an MS aboard La Vie en Rose or Jupitris), 31.1-31.2 (Gryps 2 on turn 5) and
33.1-33.2 (the Jupiter fleet on turn 2); rulings S27-S30."""

from __future__ import annotations

from games.zeta.helpers import finish_armament, finish_turn, game, put, restart, units_of
from wartable.engine import Game

GRANADA, VON_BRAUN, HICKORY = "space:M5", "space:L5", "ground:E3"


def produced(*types: str, faction: str = "aeug", seed: int = 1) -> Game:
    """A game in turn 1's deployment phase with `types` produced by `faction`."""
    g = game(seed=seed)
    for type_id in types:
        put(g, faction, type_id, "pending")
    finish_armament(g)
    return g


def targets(g: Game, faction: str, type_id: str) -> list[str]:
    """The bases (and dock ships, 29.2.6) a pending unit may be deployed to."""
    return [a["to"] for a in g.legal_actions(faction) if a.get("deploy") == type_id]


def bases(g: Game, faction: str, type_id: str) -> list[str]:
    return sorted(to for to in targets(g, faction, type_id) if to in g.state["bases"])


def test_9_2_9_3_9_4_a_unit_goes_to_an_own_base_within_its_deployment_points() -> None:
    g = produced("gm2", "salamis_kai")
    assert g.state["phase"] == "deployment" and g.to_act == ("aeug",)
    # a GM II (SG) costs 1: every AEUG base with a point, on either map; the colonies have
    # none at level 1 (9.3)
    assert bases(g, "aeug", "gm2") == [
        "cape_kennedy",
        "dublin",
        "granada",
        "hickory",
        "new_hong_kong",
        "von_braun",
    ]
    # a Salamis Kai (S) costs 2 (9.4): Granada (4 at level 3) only
    assert targets(g, "aeug", "salamis_kai") == ["granada"]
    g.apply("aeug", {"deploy": "salamis_kai", "to": "granada"})
    assert units_of(g, "aeug", "salamis_kai", GRANADA) and g.state["phase"] == "deployment"
    g.apply("aeug", {"deploy": "gm2", "to": "von_braun"})
    assert len(units_of(g, "aeug", "gm2", VON_BRAUN)) == 1
    assert g.state["phase"] == "card"  # nothing left to place


def test_9_3_a_base_s_points_are_shared_by_everything_placed_there() -> None:
    g = produced("salamis_kai", "salamis_kai", "gm2")
    g.apply("aeug", {"deploy": "salamis_kai", "to": "granada"})
    g.apply("aeug", {"deploy": "salamis_kai", "to": "granada"})  # 4 of 4 points
    assert "granada" not in targets(g, "aeug", "gm2")


def test_s27_what_cannot_be_placed_waits_for_the_next_deployment_phase() -> None:
    g = produced("gwadan", "gwadan", "gwadan", faction="neo_zeon")
    g.apply("neo_zeon", {"deploy": "gwadan", "to": "axis"})
    g.apply("neo_zeon", {"deploy": "gwadan", "to": "axis"})  # Axis has 4 points
    assert g.state["phase"] == "card"
    assert len(units_of(g, "neo_zeon", "gwadan", "pending")) == 1
    finish_turn(g)
    finish_armament(g)
    assert targets(g, "neo_zeon", "gwadan") == ["axis"]


def test_2_4_s28_a_unit_goes_only_to_a_map_its_aptitude_fits() -> None:
    g = produced("galbaldy_beta", faction="titans")  # space only
    assert bases(g, "titans", "galbaldy_beta") == [
        "green_noa",
        "konpei_island",
        "luna_two",
        "zedans_gate",
    ]


def test_s28_an_ms_is_not_placed_where_another_faction_s_units_stand() -> None:
    g = produced("gm2", "argama")
    put(g, "titans", "hizack", GRANADA)
    assert "granada" not in targets(g, "aeug", "gm2")  # it could not stand alone (15.6)
    assert "granada" in targets(g, "aeug", "argama")  # 9.2 names only governance


def test_29_2_6_29_3_1_s30_one_ms_aboard_la_vie_en_rose() -> None:
    g = produced("gm2", "gm2")
    (lvr,) = units_of(g, "aeug", "la_vie_en_rose", GRANADA)
    assert lvr in targets(g, "aeug", "gm2")
    g.apply("aeug", {"deploy": "gm2", "to": lvr})
    gm = next(uid for uid, u in g.state["units"].items() if u["carrier"] == lvr)
    assert g.state["units"][gm]["at"] == GRANADA
    assert lvr not in targets(g, "aeug", "gm2")  # one a phase


def test_33_1_33_2_the_jupiter_fleet_arrives_on_turn_2() -> None:
    g = game()
    finish_turn(g)
    finish_armament(g)
    (jupitris,) = units_of(g, "titans", "jupitris", "box:jupiter")
    (messala,) = units_of(g, "titans", "messala", "box:jupiter")
    assert g.state["units"][messala]["carrier"] == jupitris
    assert g.state["characters"]["scirocco_1"] == {
        "faction": "titans",
        "at": "box:jupiter",
        "on": jupitris,
    }
    assert any(e.get("rule") == "33.2" for e in g.events)


def test_31_1_31_2_gryps2_comes_at_green_noa_s_level_and_governor() -> None:
    g = game()
    g.state["bases"]["green_noa"]["level"] = 2
    restart(g, turn=5)
    finish_armament(g)
    assert g.state["bases"]["gryps2"] == {"owner": "titans", "level": 2, "at": "space:D4"}
    g = game()
    g.state["bases"]["green_noa"].update(owner=None, level=0)
    restart(g, turn=5)
    finish_armament(g)
    assert g.state["bases"]["gryps2"] == {"owner": None, "level": 0, "at": "space:D4"}


def test_9_5_characters_are_placed_by_their_track_codes() -> None:
    g = game()
    restart(g, turn=6)  # Judau (S) and Glemy ([haman]) arrive (4.2)
    finish_armament(g)
    judau = {a["to"] for a in g.legal_actions("aeug") if a.get("place") == "judau"}
    assert judau == {"space:C5", GRANADA}  # the hexes of the space map with AEUG units
    glemy = [a["to"] for a in g.legal_actions("neo_zeon") if a.get("place") == "glemy"]
    assert glemy == ["box:belt"]  # where Haman is
    g.apply("aeug", {"place": "judau", "to": "space:C5"})
    argama = g.state["characters"]["quattro"]["on"]
    assert g.state["characters"]["judau"] == {"faction": "aeug", "at": "space:C5", "on": argama}


def test_9_6_s29_a_named_character_off_the_map_means_anywhere() -> None:
    g = game()
    g.state["characters"]["haman"].update(at="wounded:M", on=None)
    restart(g, turn=6)
    finish_armament(g)
    glemy = {a["to"] for a in g.legal_actions("neo_zeon") if a.get("place") == "glemy"}
    assert glemy == {"box:belt"}  # anywhere with an own unit: Neo Zeon has only Axis


def test_9_5_s29_a_character_goes_only_where_it_may_stand_or_board() -> None:
    g = game()
    for unit in g.state["units"].values():
        if unit["at"] == HICKORY:  # Hayato stays at the base, alone (15.6)
            unit["at"] = "ground:F2" if unit["type"] == "garuda" else "ground:E2"
    g.state["characters"]["blex"].update(at="pending", on=None, code="G")
    finish_armament(g)
    blex = {a["to"] for a in g.legal_actions("aeug") if a.get("place") == "blex"}
    # not E2: land without a base (13.10), and only MS there, which Blex cannot pilot (20.5)
    assert blex == {"ground:F2", HICKORY}
    g.apply("aeug", {"place": "blex", "to": "ground:F2"})
    garuda = units_of(g, "aeug", "garuda", "ground:F2")[0]
    assert g.state["characters"]["blex"] == {"faction": "aeug", "at": "ground:F2", "on": garuda}
