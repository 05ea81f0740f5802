"""The component data (digest section C): maps, bases, units, characters, cards and the track,
each checked against the rule that says what it must be."""

from __future__ import annotations

from collections import Counter

from games.zeta.helpers import FIRST_FLEET, C
from wartable.engine.data import DataFile, load
from wartable.engine.hexmap import HexGrid
from wartable.games.zeta.components import (
    AXIS,
    AXIS_ATTACK_WORSE,
    COLONY_SITES,
    DATA_FILE,
    FACTIONS,
    GRYPS2,
    KILIMANJARO,
    NUKE_SITES,
    SCHEMA,
    SIDE3,
    SIDE6,
    fits,
)


def test_c_the_shipped_data_loads_and_every_entry_names_its_source() -> None:
    """Checklist 1: the components come from the data file, each entry with `rule` or
    `reconstructed` as its source."""
    doc = load(SCHEMA, DataFile.read(DATA_FILE))
    for table in ("bases", "ms", "ships", "characters", "groups", "mix", "turns", "setup"):
        for entry in doc[table].values():
            assert entry["source"].startswith(("rule ", "reconstructed: "))


def test_names_in_english_and_japanese_on_every_unit_place_and_card() -> None:
    named = [
        *C.factions.values(),
        *C.place_names.values(),
        *C.card_names.values(),
        C.nuke_card,
        *C.wounded_names.values(),
        *(b.name for b in C.boxes.values()),
        *(b.name for b in C.bases.values()),
        *(u.name for u in C.ms.values()),
        *(u.name for u in C.ships.values()),
        *(ch.name for ch in C.characters.values()),
        C.colony.name,
    ]
    assert all(name["en"] and name["ja"] for name in named)


def test_2_1_three_factions() -> None:
    assert tuple(C.factions) == FACTIONS
    assert C.factions["aeug"] == {"ja": "エウーゴ", "en": "AEUG"}


def test_c11_every_unit_character_and_base_the_rules_name_is_in_the_data() -> None:
    """Digest C.11: the MS, ships, characters and bases named anywhere in the text."""
    assert {
        "gundam_mk2",
        "rick_dias",
        "gm2",
        "nemo",
        "hizack",
        "galbaldy_beta",
        "messala",
        "gaza_c",
        "qubeley",
        "black_qubeley_mk2",
        "red_qubeley_mk2",
        "mass_production_qubeley",
    } <= set(C.ms)
    named_ships = {"argama", "salamis_kai", "la_vie_en_rose", "garuda", "alexandria", "jupitris"}
    assert named_ships | {"gwadan"} <= set(C.ships)
    assert {
        *FIRST_FLEET,
        "char",
        "hayato",
        "judau",
        "puru_aeug",
        "jerid_1",
        "kacricon",
        "bask",
        "jamaican",
        "gady",
        "lila",
        "jamitov",
        "scirocco_1",
        "haman",
        "mineva",
        "glemy",
        "puru_nz",
        "puru_two",
    } <= set(C.characters)
    set_up = {b for f in FACTIONS for b in C.setup[f].bases}
    assert set_up | {SIDE3, SIDE6, GRYPS2} <= set(C.bases)
    assert C.ms["gm2"].name["ja"] == "ジムⅡ" and C.ms["gundam_mk2"].name["ja"] == "ガンダムmkⅡ"


def test_2_3_ship_classes_and_2_4_aptitudes() -> None:
    assert {s.cls for s in C.ships.values()} == {"battleship", "cruiser", "dock", "garuda"}
    assert C.ships["la_vie_en_rose"].cls == "dock" and C.ships["garuda"].cls == "garuda"
    assert fits("SG", "space") and fits("SG", "ground")
    assert fits("S", "space") and not fits("S", "ground")
    assert fits("G", "ground") and not fits("G", "space")
    kinds = {u.aptitude for u in [*C.ms.values(), *C.ships.values()]}
    assert kinds == {"S", "G", "SG"}


def test_2_6_2_8_every_base_has_ap_vp_dp_attack_and_defence_at_levels_1_to_3() -> None:
    for base in C.bases.values():
        assert len(base.levels) == 3
        assert base.level(1) == base.levels[0] and base.level(3) == base.levels[2]
        assert base.kind in ("military", "political")


def test_9_3_some_bases_have_no_deployment_points() -> None:
    """9.3 speaks of bases with no DP: the colonies have none at level 1."""
    assert all(C.bases[b].level(1).dp == 0 for b in COLONY_SITES)
    assert C.bases["granada"].level(3).dp == 4


def test_political_bases_have_no_attack_or_defence() -> None:
    """A political base is never attacked and never fires (18.1, 22.6, 24.7, 25.8)."""
    for base in C.bases.values():
        if not base.military:
            assert all(level.attack == level.defence == 0 for level in base.levels)


def test_bases_the_rules_describe() -> None:
    assert C.bases[SIDE3].military and C.bases[SIDE3].map == "space"  # 32.1.1
    assert not C.bases[SIDE6].military and C.bases[SIDE6].map == "space"  # 34.1
    assert C.bases[AXIS].military and C.bases[AXIS].at == "box:belt"  # 30.3.1, 38
    assert C.bases[GRYPS2].military and C.bases[GRYPS2].at is None  # 31.1, 31.4.1
    assert C.bases[KILIMANJARO].map == "ground"  # 32.2.3
    assert all(C.bases[b].map == "space" for b in COLONY_SITES)  # 35.5.1
    assert all(C.bases[b].map == "ground" for b in NUKE_SITES)  # 36.2
    assert all(C.moon(C.bases[b].at or "") for b in AXIS_ATTACK_WORSE)  # 35.2, 30.4.7


def test_34_side6_gives_nothing_to_anyone() -> None:
    """Side 6 is never governed (34.2): no AP, VP or deployment at any level."""
    assert all(level == C.bases[SIDE6].level(1) for level in C.bases[SIDE6].levels)
    assert C.bases[SIDE6].level(1).vp == C.bases[SIDE6].level(1).dp == 0


def test_14_3_the_drop_points_are_three_hexes_around_the_earth() -> None:
    labels = [*(C.space.label(h) for h in C.space), C.earth]
    with_earth = HexGrid(labels, orientation="flat", parity="odd", label_digits=1)
    assert sorted(C.drop_points) == ["A", "B", "C"]
    for area, location in C.drop_points.items():
        assert with_earth.distance(location.split(":")[1], C.earth) == 1
        assert C.drop_area(location) == area
    assert C.earth not in C.space  # the Earth itself is no hex a unit can enter
    assert C.drop_area("space:C5") is None


def test_14_4_the_ground_map_has_areas_a_to_c_with_bases_in_each() -> None:
    assert set(C.area_of_column.values()) == {"A", "B", "C"}
    assert len(C.area_of_column) == C.ground.columns
    areas = {C.area(b.at) for b in C.bases.values() if b.map == "ground" and b.at}
    assert areas == {"A", "B", "C"}
    assert C.area("ground:K5") == "B" and C.area("space:C5") is None


def test_13_9_the_ground_map_has_ocean_coast_and_land() -> None:
    kinds = Counter(C.terrain(f"ground:{C.ground.label(h)}") for h in C.ground)
    assert set(kinds) == {"ocean", "coast", "land"}
    assert C.terrain("ground:A2") == "ocean" and C.terrain("ground:K5") == "land"
    assert C.terrain("space:C5") == "space" and C.terrain("space:L5") == "moon"


def test_13_12_the_ground_map_wraps_east_west() -> None:
    west, east = "ground:A4", "ground:R4"
    assert east in C.neighbours(west) and west in C.neighbours(east)
    assert C.distance(west, east) == 1
    assert C.distance("ground:B4", "ground:Q4") == 3  # the short way, across the edge
    inner = [C.ground.label(h) for h in C.ground if C.ground.to_offset(h)[1] not in (0, 7)]
    assert all(len(C.neighbours(f"ground:{label}")) == 6 for label in inner)  # no east-west edge


def test_the_space_map_does_not_wrap() -> None:
    assert "space:O5" not in C.neighbours("space:A5")
    assert C.distance("space:A5", "space:O5") == 14


def test_30_3_3_the_asteroid_belt_box_borders_the_space_map() -> None:
    belt = "box:belt"
    assert C.neighbours(belt) and all(n.startswith("space:") for n in C.neighbours(belt))
    assert all(belt in C.neighbours(n) for n in C.neighbours(belt))
    assert C.terrain(belt) == "box"


def test_33_2_the_jupiter_fleet_entry_hex_borders_the_space_map() -> None:
    entry = C.boxes["jupiter"]
    assert entry.name["ja"] == "木星船団進入ヘックス"
    assert all(n.startswith("space:") for n in C.neighbours("box:jupiter"))


def test_32_2_3_kilimanjaro_and_its_neighbours_can_hold_the_zeon_africa_unit() -> None:
    """13.9: an MS stands only on land or coast; every hex the unit may appear in is one."""
    home = C.bases[KILIMANJARO].at or ""
    for location in (home, *C.neighbours(home)):
        assert C.terrain(location) in ("land", "coast")


def test_15_3_the_1st_fleet_fits_in_the_argama() -> None:
    """38 puts four MS with the Argama in space hex C5, where they must be carried (15.4)."""
    assert C.ships["argama"].capacity >= 4


def test_20_5_and_20_8_who_may_pilot_and_who_may_captain() -> None:
    assert C.characters["kamille_1"].can_pilot and not C.characters["kamille_1"].can_captain
    assert C.characters["henken"].can_captain and not C.characters["henken"].can_pilot
    assert not C.characters["mineva"].can_pilot and not C.characters["mineva"].can_captain


def test_20_6_and_29_6_nt_only_suits() -> None:
    nt_only = {t for t, u in C.ms.items() if u.nt_only}
    assert "mass_production_qubeley" in nt_only and "gm2" not in nt_only
    assert C.characters["haman"].nt and not C.characters["mineva"].nt


def test_21_5_and_23_4_air_and_bomb_values_are_two_or_three_numbers() -> None:
    for suit in C.ms.values():
        for face in (suit.front, suit.back):
            assert 2 <= len(face.air) <= 3 and 2 <= len(face.bomb) <= 3


def test_22_6_and_24_7_ships_fire_aa_at_2_1_and_guns_at_3_1() -> None:
    """Ruling S8: 「艦船と同じ」 makes every ship's values those of a base."""
    assert all(s.aa == (2, 1) and s.gun == (3, 1) for s in C.ships.values())


def test_25_4_counters_have_a_front_and_a_back() -> None:
    assert C.ms["gundam_mk2"].face(back=True) == C.ms["gundam_mk2"].back
    assert C.ships["argama"].face(back=False).defence == 3


def test_27_3_survival_tables_and_the_growing_counters() -> None:
    """4.3, 27.3.1: G only on the counters that grow; the digest names Kamille, Emma, Jerid and
    Scirocco as the ① counters."""
    growing = {cid for cid, ch in C.characters.items() if ch.grows_to}
    assert growing == {"kamille_1", "emma_1", "jerid_1", "scirocco_1"}
    for cid, ch in C.characters.items():
        assert len(ch.survival) == 6 and set(ch.survival) <= {"G", "L", "M", "H", "D"}
        assert ("G" in ch.survival) == (cid in growing)
    assert C.characters["kamille_1"].grows_to == "kamille_2"


def test_4_4_recovery_tables_for_the_three_wounded_boxes() -> None:
    assert list(C.recovery) == ["L", "M", "H"]
    for results in C.recovery.values():
        assert len(results) == 6 and "recover" in results
    assert "worse" not in C.recovery["H"]  # ruling S5: nothing lies right of H


def test_10_2_each_faction_has_space_x2_ground_x2_atmosphere_x1() -> None:
    assert C.card_counts == {"space": 2, "ground": 2, "atmosphere": 1}
    assert C.card_names["atmosphere"] == {"ja": "大気圏", "en": "Atmosphere"}


def test_35_8_and_35_7_1_the_colony() -> None:
    assert C.colony.defence == (7, 7) and C.colony.landing == (5, 3)


def test_3_1_the_turn_track_has_10_turns_with_the_rules_events() -> None:
    assert C.last_turn == 10 and sorted(C.turns) == list(range(1, 11))
    assert C.turns[2].events == ("jupiter_fleet",)  # 33.1
    assert C.turns[5].events == ("gryps2",)  # 31.1
    jupiter = C.groups["jupiter_fleet"]  # 33.2
    assert jupiter.units == {"jupitris": 1, "messala": 1} and jupiter.characters == ("scirocco_1",)


def test_c7_the_track_brings_the_characters_the_set_up_lacks() -> None:
    """Judau, Glemy and Neo Zeon's Puru are named by 29.4-29.5 but not set up (38)."""
    arriving = {cid: code for t in C.turns.values() for cid, code in t.arrivals.items()}
    assert {"judau", "glemy", "puru_nz"} <= set(arriving)
    assert arriving["puru_nz"] == "[glemy]"
    grown = [cid for t in C.turns.values() for cid in t.growth]
    assert sorted(grown) == ["emma_1", "jerid_1", "kamille_1", "scirocco_1"]
    unlocked = {(f, u) for t in C.turns.values() for f, us in t.reinforcements.items() for u in us}
    assert ("neo_zeon", "black_qubeley_mk2") in unlocked  # 29.4.1 forbids it later


def test_7_4_the_counter_mix_holds_the_set_up_and_every_special_group() -> None:
    for faction in FACTIONS:
        needed: Counter[str] = Counter()
        for stack in C.setup[faction].units.values():
            needed.update(stack)
        for group in C.groups.values():
            if group.faction == faction:
                needed.update(group.units)
        assert all(C.mix[faction].get(t, 0) >= n for t, n in needed.items())
    assert C.mix["aeug"]["black_qubeley_mk2"] == 1  # 29.4.2: the AEUG's own counter


def test_32_the_zeon_republic_army_and_the_zeon_africa_unit() -> None:
    republic, africa = C.groups["zeon_republic"], C.groups["zeon_africa"]
    assert republic.faction == africa.faction == "neo_zeon"
    assert all(fits(C.unit(t).aptitude, "space") for t in republic.units)
    assert all(fits(C.unit(t).aptitude, "ground") for t in africa.units)


def test_the_starting_economy_of_the_data_comment() -> None:
    """The comment above the bases in zeta.toml: AEUG 16 AP / 14 VP of bases, Titans 22 / 14,
    Neo Zeon 6 / 3."""
    totals = {}
    for faction in FACTIONS:
        levels = [C.bases[b].level(n) for b, n in C.setup[faction].bases.items()]
        totals[faction] = (sum(lv.ap for lv in levels), sum(lv.vp for lv in levels))
    assert totals == {"aeug": (16, 14), "titans": (22, 14), "neo_zeon": (6, 3)}
