"""The galactic war's component data (data/galaxy.toml): the map, the charts and the wars, with
what the rules say of them."""

from __future__ import annotations

import tomllib

from games.imperium.war.helpers import G
from wartable.games.imperium.components import IMPERIAL, TERRAN, components
from wartable.games.imperium.war.galaxy import DATA_FILE, PRESTIGE_CHANGES

BATTLES = components({})


def test_3_2_every_planet_box_of_the_battles_stands_at_one_star() -> None:
    assert sorted(G.system_of) == sorted(BATTLES.planets)
    assert len(G.systems) == 40
    assert G.systems["sol"].planets == ("sol_1", "sol_2")  # 11.7: Earth and Mars


def test_3_2_two_stars_of_one_hex_are_joined_as_by_a_jump_route() -> None:
    for a, b in (("alpha_centauri_a", "alpha_centauri_b"), ("nusku", "dushaam")):
        assert G.systems[a].hex == G.systems[b].hex
        assert G.route_between(a, b) and G.route_between(b, a)


def test_3_2_a_jump_is_one_jump_whatever_its_length() -> None:
    assert G.length("alpha_centauri_b", "proxima_centauri") == 1
    assert G.length("junction", "procyon") == 5
    assert G.route_between("sol", "alpha_centauri_a") and G.route_between("junction", "procyon")


def test_11_2_sirius_and_altair_are_the_a_type_stars_without_planets() -> None:
    a_type = sorted(s.id for s in G.systems.values() if s.star == "A")
    assert a_type == ["altair", "sirius"]
    assert all(not G.systems[s].planets for s in a_type)
    assert all(s.planets for s in G.systems.values() if s.star != "A")


def test_8_0_12_3_the_homes_of_each_side() -> None:
    homes = {side: sorted(s.id for s in G.systems.values() if s.home == side) for side in G.income}
    assert homes == {TERRAN: ["sol"], IMPERIAL: ["dingir", "gashidda", "ishkur"]}


def jumps(a: str, b: str, avoid: tuple[str, ...] = ()) -> int:
    """The fewest jumps from star a to star b, not passing through `avoid`."""
    seen, frontier, n = {a}, {a}, 0
    while b not in frontier:
        frontier = {
            o for s in frontier for o in G.links[s] if o not in seen and (o == b or o not in avoid)
        }
        seen |= frontier
        n += 1
        assert frontier, f"{b} cannot be reached from {a}"
    return n


def test_10_0_the_example_s_moves_fit_the_map() -> None:
    """10.0's example: each fleet reaches its goal in one move (at most 5 jumps, 11.1) without
    stopping at an A-type star (11.2); the translator's note has Procyon to Epsilon Eridani pass
    Sirius."""
    stops = ("sirius", "altair")
    assert jumps("ys", "procyon", stops) == 1
    assert jumps("junction", "procyon", stops) == 1
    for start in ("agidda", "sol", "alpha_centauri_a", "apishal"):
        assert jumps(start, "nusku", stops) <= 5
        assert jumps(start, "dushaam", stops) <= 5
    assert jumps("procyon", "epsilon_eridani") == 2
    assert G.route_between("procyon", "sirius") and G.route_between("sirius", "epsilon_eridani")


def test_names_in_english_and_japanese_on_every_system() -> None:
    assert G.systems["sirius"].name == {"ja": "シリウス", "en": "Sirius"}
    assert all(s.name["ja"] and s.name["en"] for s in G.systems.values())


def test_every_entry_says_where_its_values_come_from() -> None:
    doc = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    entries = [e for table in doc.values() if isinstance(table, dict) for e in table.values()]
    tables = [t for t in doc.values() if isinstance(t, dict) and "source" in t]
    sources = [e["source"] for e in entries if isinstance(e, dict) and "source" in e]
    sources += [t["source"] for t in tables]
    assert len(sources) == 138
    assert all(s.startswith(("rule ", "reconstructed: ")) for s in sources)


def test_7_1_7_2_the_income_rates() -> None:
    earth, empire = G.income[TERRAN], G.income[IMPERIAL]
    assert (earth.capital, earth.capital_income) == ("sol_1", 10)
    assert (earth.world_connected, earth.world_unconnected, earth.outpost_connected) == (8, 6, 1)
    assert earth.outpost_unconnected == 0
    assert (empire.base, empire.world_connected, empire.world_unconnected) == (10, 1, 1)
    assert (empire.outpost_connected, empire.outpost_unconnected) == (1, 0)


def test_9_0_14_1_the_outpost_row_and_the_maintenance() -> None:
    assert (G.outpost_cost, G.outpost_build) == (4, 1)
    assert G.maintenance == {"world": 20, "outpost": 6, "ground": 1}


def test_6_1_the_interference_table_and_its_events() -> None:
    assert [G.interference[n] for n in range(2, 13)] == [
        "succession",
        "frontier_crisis",
        "emperors_visit",
        "prohibition",
        "recession",
        "none",
        "prosperity",
        "offensive_order",
        "token_reinforcements",
        "reinforcements",
        "peace_negotiations",
    ]
    assert G.events["succession"].figures == {"civil_war": [1, 2], "initiative": -1}
    assert G.events["frontier_crisis"].figures == {"turns": 3, "capital_weight": 2}
    assert G.events["emperors_visit"].figures == {
        "offensive_bonus": 1,
        "gain_factor": 2,
        "loss_factor": 3,
    }
    assert G.events["prohibition"].figures["cancels"] == ["B1", "B2", "BB"]
    assert G.events["recession"].figures == {"income": -10, "turns": 3, "floor": 1}
    assert G.events["prosperity"].figures == {"budget": 10}
    assert G.events["token_reinforcements"].figures == {"forces": {"DD": 1, "CL": 1}}
    assert G.events["reinforcements"].figures == {"capital_weight": 2, "capital_max": 1}


def test_b_2_the_offensive_order_table() -> None:
    assert G.offensive[1] == {"CA": 2}
    assert G.offensive[4] == {"B1": 1, "B2": 1, "CA": 2}
    assert G.offensive[7] == {"BB": 2, "CA": 2, "CR": 2, "AT": 1, "drop": 1}


def test_6_2_the_appeal_tables() -> None:
    military, financial = G.appeals["military"], G.appeals["financial"]
    assert [n for n, r in military.items() if r.get("forbidden")] == [2, 3]
    assert [n for n, r in financial.items() if r.get("forbidden")] == [2, 3, 4]
    assert military[4] == {"ships": {"CL": 1, "DD": 1}} and military[7] == {}
    assert military[8] == {"permission": ["CR", "CA"]}
    assert military[12] == {"permission": ["CR", "CA", "B1", "B2", "BB"]}
    assert financial[7] == {"gift": 10}
    assert [financial[n]["budget"] for n in range(8, 13)] == [1, 2, 3, 4, 5]
    assert G.appeal_cost == {"military": 1, "financial": 1}


def test_15_0_the_prestige_table_and_the_victory_levels() -> None:
    assert set(G.prestige_changes) == set(PRESTIGE_CHANGES)
    assert G.prestige_changes["capture_world"] == 3 and G.prestige_changes["lose_world"] == -3
    assert G.prestige_changes["capture_outpost"] == 1 and G.prestige_changes["lose_outpost"] == -1
    assert G.prestige_changes["imperial_major_victory"] == 1
    assert G.prestige_changes["terran_major_victory"] == -1
    assert (G.prestige["min"], G.prestige["max"], G.prestige["first_war"]) == (0, 10, 5)
    assert (G.prestige["after_imperial_loss"], G.prestige["after_imperial_win"]) == (4, 6)
    assert G.victory[TERRAN] == (0, 0, 0, 0, 0, 0, 1, 2, 3, 4)
    assert G.victory[IMPERIAL] == (10, 10, 10, 10, 10, 10, 9, 8, 7, 6)
    assert (G.war_turns, G.truce) == (10, 5)


def test_sc6_to_sc8_and_the_campaign() -> None:
    s6, s7, s8, campaign = (G.wars[w] for w in ("s6", "s7", "s8", "campaign"))
    assert (s6.prestige, s7.prestige, s8.prestige, campaign.prestige) == (5, 4, 4, 5)
    assert (s6.budget, s7.budget, s8.budget) == (None, 14, 22)
    assert s6.permissions == () and s7.permissions == s8.permissions == (
        "CR",
        "CA",
        "B1",
        "B2",
        "BB",
    )
    assert campaign.forces == s6.forces
    assert campaign.holds[TERRAN] == ("dingir", "gashidda", "ishkur")
    assert campaign.holds[IMPERIAL] == ("sol_1", "sol_2", "alpha_centauri_a", "alpha_centauri_b")
    assert s6.forces[IMPERIAL].ships == {
        "imperial_cr": 1,
        "imperial_cl": 2,
        "imperial_dd": 4,
        "imperial_sc": 2,
        "imperial_m": 1,
        "imperial_tr": 5,
    }
    assert (s6.forces[IMPERIAL].batteries, s6.forces[IMPERIAL].draw) == (
        3,
        {"infantry": 3, "drop": 1},
    )
    assert s7.forces[TERRAN].draw == {"troops": 10}
    assert s8.forces[TERRAN].terraformed == ("sol_2", "procyon")
    assert len(s8.forces[TERRAN].worlds) == 12 and len(s8.forces[TERRAN].outposts) == 18


def test_errata_mars_is_earth_s_in_every_war() -> None:
    for w in ("s6", "s7", "s8"):
        force = G.wars[w].forces[TERRAN]
        assert "sol_2" in force.worlds + force.outposts


def test_3_1_the_markers_are_enough_for_every_war() -> None:
    for w in ("s6", "s7", "s8"):
        forces = G.wars[w].forces.values()
        assert sum(len(f.worlds) for f in forces) <= G.markers["worlds"]
        assert sum(len(f.outposts) for f in forces) <= G.markers["outposts"]
