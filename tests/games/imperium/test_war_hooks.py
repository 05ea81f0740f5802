"""What the battles of part 1 do for the galactic war (issue 12): a transport's cargo beside a
carrier's fighters (11.5, 12.9), an Outpost carried aboard (9.0, 13.3), the civil war's -1 to
the Imperial initiative (B.2, 12.4; rulings I113, I116), a planet box's units in a space battle
(11.7, 11.8, 12.2) and a battle on a contested planet (13.4)."""

from __future__ import annotations

from tests.games.imperium.helpers import fight, fresh
from tests.games.imperium.test_planetary import BOX, landing, legal
from tests.support.dice import scripted

from wartable.games.imperium import battle, carriers, planetary, view
from wartable.games.imperium.setup import galactic_battle, planetary_battle
from wartable.games.imperium.state import add_unit, fleet, is_ship


def test_11_5_12_9_a_transports_ground_units_are_not_fighters_aboard() -> None:
    g = fight(
        ("terran", "terran_tr", "224"),
        ("terran", "terran_infantry_6", None),
        ("terran", "terran_cv", "225"),
        ("terran", "terran_f", None),
        ("imperial", "imperial_dd", "211"),
    )
    assert carriers.aboard(g.state, "T1") == []  # the infantry is cargo, not a fighter
    assert carriers.aboard(g.state, "T3") == ["T4"]
    assert carriers.room(g.state, "T1") == 0


def test_9_0_13_3_an_outpost_aboard_does_not_land_in_a_battle() -> None:
    state = fresh("s1")
    outpost = add_unit(state, "imperial", "outpost", "fleet:IF1")
    state["units"][outpost].update(at=None, aboard="I10")  # the one TR left empty by LOADS
    landing(state, [])
    actions = legal(state)
    assert {"land": "I15", "hex": "B2"} in actions  # the drop troops still land
    assert all(a.get("land") != outpost for a in actions)
    assert view.view(state, "terran")["units"][outpost]["aboard"] == view.HIDDEN  # 11.5


def test_b2_i113_i116_in_a_civil_war_the_imperial_initiative_die_is_1_less() -> None:
    def winner(civil_war: bool, faces: list[int]) -> str:
        g = fight(("terran", "terran_dd", "224"), ("imperial", "imperial_dd", "211"))
        g.state["battle"].update(initiative=None, mover="imperial")
        g.state["war"] = {"civil_war": civil_war}
        battle._initiative(scripted(faces), g.state)
        return str(g.state["step"]["side"])

    # the mover (the Imperium) rolls first: 4 + 1 beats 4 ...
    assert winner(False, [4, 4]) == "imperial"
    # ... but 4 + 1 - 1 ties 4: rolled again, 1 + 1 - 1 loses to 2
    assert winner(True, [4, 4, 1, 2]) == "terran"


def test_11_7_12_2_a_planet_boxs_fighters_stay_out_of_a_space_battle_its_monitors_fight() -> None:
    state = fresh("s2")
    state["units"] = {}
    monitor = add_unit(state, "terran", "terran_m", "box:sol_1")
    add_unit(state, "terran", "terran_f", "box:sol_1")
    add_unit(state, "terran", "terran_infantry_6", "box:sol_1")
    ship = add_unit(state, "imperial", "imperial_dd", fleet("imperial", 1))
    fought = galactic_battle(state, "imperial", [fleet("imperial", 1)], ["box:sol_1"], True)
    assert [g["units"] for g in fought["groups"]] == [[monitor], [ship]]


def test_13_4_a_contested_planets_units_resume_from_their_hexes_with_no_bombardment() -> None:
    state = fresh("s1")
    for uid in [u for u, unit in state["units"].items() if unit["at"] == "fleet:IF1"]:
        if not is_ship(state, uid):
            del state["units"][uid]  # nothing to load: the fleet brings ships only
    drop = add_unit(state, "imperial", "imperial_drop_6", BOX)  # landed in an earlier battle
    state["battle"] = planetary_battle(
        "imperial", [fleet("imperial", 1)], "sol_1", "terran", 3, {drop: "B2", "T3": "B2"}
    )
    planetary.start(scripted([]), state, then="scenario")
    assert state["step"]["kind"] == "deploy"  # no bombardment (13.1, 13.4)
    hexes = state["battle"]["hexes"]
    assert hexes[drop] == "B2" and hexes["T3"] == "B2"  # on the map where they were
    assert {a["deploy"] for a in legal(state)} == {f"T{n}" for n in range(1, 9)} - {"T3"}
