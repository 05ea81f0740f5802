"""The component data (digest section C): ship and ground counters on both faces, the planets
and their maps, and the scenarios of the book, each checked against what the rules say."""

from __future__ import annotations

import math

from games.imperium.helpers import C
from wartable.engine.data import DataFile, load
from wartable.games.imperium.components import DATA_FILE, SCHEMA

# Rule 9.0, the production chart: cost and build time, by side and printed code.
CHART = {
    "terran": {
        "BB": (24, 3), "B": (20, 3), "CA": (15, 2), "CS": (13, 2), "CV": (10, 2), "M": (8, 1),
        "CL": (8, 1), "DD": (5, 1), "TB": (6, 1), "F": (2, 1), "SC": (2, 1), "AR": (6, 2),
        "AT": (6, 2), "TR": (2, 1),
    },
    "imperial": {
        "BB": (23, 3), "B2": (19, 3), "B1": (16, 3), "CA": (15, 2), "CR": (13, 2),
        "CS": (13, 2), "CV": (10, 2), "M": (8, 1), "CL": (8, 1), "DD": (5, 1), "F": (2, 1),
        "SC": (2, 1), "AR": (6, 2), "AT": (6, 2), "TR": (2, 1),
    },
}  # fmt: skip


def test_c_the_shipped_data_loads_and_every_entry_names_its_source() -> None:
    doc = load(SCHEMA, DataFile.read(DATA_FILE))
    assert doc["board"]["source"].startswith("rule ")
    for table in ("sides", "ships", "ground", "planet_maps", "planets", "scenarios", "forces"):
        for entry in doc[table].values():
            assert entry["source"].startswith(("rule ", "reconstructed: "))


def test_names_in_english_and_japanese_on_every_ship_unit_planet_and_scenario() -> None:
    named = [
        *C.sides.values(),
        *(t.name for t in C.ships.values()),
        *(g.name for g in C.ground.values()),
        *(p.name for p in C.planets.values()),
        *(s.name for s in C.scenarios.values()),
        *(s.victory_text for s in C.scenarios.values()),
    ]
    assert all(name["en"].strip() and name["ja"].strip() for name in named)
    assert C.ship("terran", "BB").name == {"ja": "超ド級艦", "en": "Superdreadnought"}
    assert C.planets["sol_1"].name["en"] == "Sol 1 (Earth)"


def test_2_3_9_0_each_side_has_the_types_of_its_column_of_the_production_chart() -> None:
    """Earth has B and TB but no B1, B2 or CR; the Imperium has B1, B2 and CR but no TB."""
    for side, chart in CHART.items():
        assert sorted(t.code for t in C.ships.values() if t.side == side) == sorted(chart)


def test_9_0_cost_and_build_time_from_the_production_chart() -> None:
    for side, chart in CHART.items():
        for code, (cost, build) in chart.items():
            ship = C.ship(side, code)
            assert (ship.cost, ship.build) == (cost, build), ship.id


def test_2_3_capital_light_and_auxiliary_ships() -> None:
    capital = {t.code for t in C.ships.values() if t.cls == "capital"}
    auxiliary = {t.code for t in C.ships.values() if t.cls == "auxiliary"}
    assert capital == {"BB", "B2", "B1", "B"}
    assert auxiliary == {"AR", "AT", "TR"}
    assert C.ship("terran", "M").cls == "light"  # listed among the light ships


def test_2_3_3_1_only_monitors_and_fighters_cannot_jump() -> None:
    assert {t.code for t in C.ships.values() if not t.ftl} == {"M", "F"}


def test_12_8_the_earth_bb_has_defence_3() -> None:
    assert C.ship("terran", "BB").front.defence == 3


def test_11_6_12_9_carriers_and_the_earth_bb_carry_fighters_fewer_when_damaged() -> None:
    carriers = {t.id for t in C.ships.values() if t.front.fighters}
    assert carriers == {"terran_cv", "imperial_cv", "terran_bb"}
    assert C.ship("imperial", "CV").face(damaged=True).fighters == 1  # 12.9's example
    assert C.ship("terran", "BB").face(damaged=True).fighters == 0  # 12.9


def test_13_3_a_transport_has_no_damaged_side_an_assault_transport_has_one() -> None:
    for side in ("terran", "imperial"):
        assert C.ship(side, "TR").back is None
        assert C.ship(side, "AT").back is not None


def test_14_3_every_other_ship_has_a_damaged_side_with_higher_maintenance() -> None:
    for t in C.ships.values():
        if t.code != "TR":
            assert t.back is not None and t.back.maintenance > t.front.maintenance, t.id


def test_i5_every_damaged_side_follows_one_rule() -> None:
    """Ruling I5: beam, torpedo and countermeasures halved rounding up, defence one less (at
    least 1), one fighter icon less, maintenance one more."""
    for t in C.ships.values():
        if t.back is None:
            continue
        f = t.front
        assert t.back.beam == math.ceil(f.beam / 2), t.id
        assert t.back.torpedo == math.ceil(f.torpedo / 2), t.id
        assert t.back.cm == math.ceil(f.cm / 2), t.id
        assert t.back.defence == max(1, f.defence - 1), t.id
        assert t.back.fighters == max(0, f.fighters - 1), t.id
        assert t.back.maintenance == f.maintenance + 1, t.id


def test_11_5_i7_transports_carry_one_unit() -> None:
    cargo = {t.id: t.cargo for t in C.ships.values() if t.cargo}
    assert cargo == {f"{s}_{c}": 1 for s in ("terran", "imperial") for c in ("at", "tr")}


def test_the_counter_mix_has_100_ships_a_side() -> None:
    for side in ("terran", "imperial"):
        assert sum(t.count for t in C.ships.values() if t.side == side) == 100


def test_printed_front_values() -> None:
    """A few counters as printed (components-imperium.md §1): beam, torpedo, defence, CM."""

    def values(side: str, code: str) -> tuple[int, int, int, int]:
        f = C.ship(side, code).front
        return f.beam, f.torpedo, f.defence, f.cm

    assert values("terran", "BB") == (9, 8, 3, 4)
    assert values("imperial", "BB") == (7, 9, 3, 4)
    assert values("imperial", "B2") == (5, 8, 3, 3)
    assert values("terran", "TB") == (0, 5, 1, 1)
    assert values("imperial", "AR") == (0, 1, 1, 0)


def test_2_4_i6_ground_units_are_combat_and_defence_with_a_reduced_side() -> None:
    inf = C.ground["terran_infantry_6"]
    assert (inf.front.combat, inf.front.defence) == (6, 2)
    assert (inf.face(reduced=True).combat, inf.face(reduced=True).defence) == (3, 1)
    battery = C.ground["imperial_battery"]
    assert (battery.front.combat, battery.front.defence, battery.count) == (3, 2, 8)
    for g in C.ground.values():
        assert g.back.combat == math.ceil(g.front.combat / 2) and g.back.defence == 1


def test_9_0_the_cups_of_infantry_and_drop_troops() -> None:
    """Counters of different strengths, drawn at random (components-imperium.md §2)."""

    def strengths(side: str, kind: str) -> list[int]:
        return sorted(C.ground[g].front.combat for g in C.counters(side, kind))

    assert strengths("terran", "infantry") == [2, 3, 3, 4, 4, 5, 5, 6]
    assert strengths("imperial", "infantry") == [3, 4, 4, 4, 5, 5, 5, 6]
    assert strengths("terran", "drop") == strengths("imperial", "drop") == [4, 4, 5, 5, 6]
    assert C.ground["terran_infantry_4"].cost == 2 and C.ground["imperial_drop_5"].cost == 4


def test_11_7_i8_a_planet_box_holds_5_units_per_hex() -> None:
    """11.7: Sol's A2 planet holds 70 units; Midway holds 5 (ruling I8)."""
    assert C.planets["sol_1"].type == "A2"
    assert C.planets["sol_1"].map.capacity == 70
    assert C.planets["midway"].map.capacity == 5


def test_11_7_what_each_planet_type_may_hold() -> None:
    earth, mars, midway = C.planets["sol_1"], C.planets["sol_2"], C.planets["midway"]
    assert all(earth.allows(k) for k in ("infantry", "drop", "battery", "fighter"))
    assert mars.type == "N2" and not mars.allows("infantry") and mars.allows("battery")
    assert midway.type == "X1" and not midway.allows("battery") and midway.allows("drop")


def test_3_2_i8_seven_sizes_of_planet_map_every_one_in_one_piece() -> None:
    sizes = sorted(len(m.hexes) for m in C.planet_maps.values())
    assert sizes == [1, 3, 5, 7, 10, 14, 19]
    earth = C.planets["sol_1"].map
    assert earth.hexes == ("A2", "A3", "B1", "B2", "B3", "B4", "C2", "C3", "D1", "D2", "D3", "D4",
                           "E2", "E3")  # fmt: skip
    assert earth.grid.distance("A2", "E3") == 4


def test_i9_the_worlds_of_the_book_stand_on_type_a_planets() -> None:
    """16.0, 17.3: a World needs a type A planet; Mars and Procyon were terraformed (Sc8)."""
    worlds = [
        *("sol_1", "alpha_centauri_a", "alpha_centauri_b", "sarpedon"),
        *("dingir", "gashidda", "ishkur", "tau_ceti", "amarku", "lagash"),
        *("mirabilis", "epsilon_eridani", "nusku"),
    ]
    assert all(C.planets[p].type.startswith("A") for p in worlds)
    assert C.planets["procyon"].type in ("N1", "N2")  # 17.3: only these are terraformed


def test_scenarios_1_to_5_of_the_book() -> None:
    s = C.scenarios
    assert [x.number for x in s.values()] == [1, 2, 3, 4, 5]
    assert [x.kind for x in s.values()] == ["planetary", "space", "space", "space", "space"]
    assert [x.mover for x in s.values()] == ["imperial", "imperial", "terran", "terran", "imperial"]
    assert s["s1"].planet is not None and s["s1"].planet.id == "sol_1" and s["s1"].rounds == 3
    assert [x.planet_at_centre for x in s.values()] == [False, True, True, True, False]  # I10
    assert s["s3"].victory == "raid" and s["s4"].victory == "carriers"


def test_the_forces_of_the_book() -> None:
    def force(scenario: str, side: str) -> dict[str, int]:
        f = C.scenarios[scenario].forces[side]
        return {C.ships[t].code: n for t, n in f.ships.items()} | f.draw

    assert force("s1", "imperial") == {"F": 2, "TR": 8, "AT": 4, "drop": 4, "infantry": 7}
    assert force("s1", "terran") == {"F": 2, "drop": 1, "infantry": 5}
    assert force("s2", "imperial") == {"CA": 1, "CL": 1, "DD": 3, "SC": 2}
    assert force("s2", "terran") == {"CL": 1, "TB": 2, "DD": 3, "SC": 1, "F": 1}
    assert force("s3", "imperial") == {"CR": 1, "DD": 1, "TR": 2}
    assert force("s3", "terran") == {"CL": 1, "DD": 3, "SC": 1}
    assert force("s4", "imperial") == {"CA": 1, "CL": 1, "DD": 3}
    assert force("s4", "terran") == {"CV": 2, "F": 6, "CL": 1, "DD": 3, "SC": 1}
    imperial = {"BB": 3, "B2": 2, "B1": 2, "CA": 3, "CR": 1, "CS": 2, "CL": 3, "DD": 5, "SC": 3}
    assert force("s5", "imperial") == imperial
    assert force("s5", "terran") == {"BB": 4, "B": 3, "CA": 4, "CS": 3, "CL": 4, "TB": 5, "DD": 5}
    assert sum(force("s5", "terran").values()) == 28 and sum(imperial.values()) == 24
