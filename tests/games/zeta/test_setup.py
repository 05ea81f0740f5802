"""Rule 38 (set-up), with 7.3 (what may be mass-produced), 10.2 (the cards in hand), 15.4
(carrying in space), 30.1 and 32.1.1."""

from __future__ import annotations

import json

import pytest

from games.zeta.helpers import FIRST_FLEET, C, at, fresh
from wartable.engine import State
from wartable.games.zeta.components import GRYPS2, SIDE3, SIDE6


@pytest.fixture
def state() -> State:
    return fresh()


def characters_at(state: State, location: str) -> set[str]:
    return {cid for cid, ch in state["characters"].items() if ch["at"] == location}


def levels(state: State, faction: str) -> dict[str, int]:
    return {b: int(v["level"]) for b, v in state["bases"].items() if v["owner"] == faction}


def test_38_aeug(state: State) -> None:
    assert at(state, "space:C5", "aeug") == {"gundam_mk2": 1, "rick_dias": 3, "argama": 1}
    assert characters_at(state, "space:C5") == set(FIRST_FLEET)
    granada, hickory = C.bases["granada"].at, C.bases["hickory"].at
    assert at(state, granada or "", "aeug") == {
        "gm2": 2,
        "nemo": 2,
        "salamis_kai": 1,
        "la_vie_en_rose": 1,
    }
    assert at(state, hickory or "", "aeug") == {"gm2": 3, "nemo": 1, "garuda": 1}
    assert characters_at(state, hickory or "") == {"hayato"}
    assert levels(state, "aeug") == {
        "granada": 3,
        "von_braun": 1,
        "side1": 1,
        "side2": 1,
        "side4": 1,
        "side5": 1,
        "hickory": 2,
        "cape_kennedy": 1,
        "dublin": 2,
        "new_hong_kong": 2,
    }


def test_38_titans(state: State) -> None:
    def here(base: str) -> dict[str, int]:
        return at(state, C.bases[base].at or "", "titans")

    assert here("green_noa") == {"hizack": 6, "alexandria": 1, "salamis_kai": 1}
    assert here("luna_two") == {"galbaldy_beta": 1}
    assert here("zedans_gate") == {"gm2": 2, "salamis_kai": 1}
    assert here("jaburo") == {"gm2": 2, "garuda": 1}
    assert here("kilimanjaro") == {"gm2": 1, "hizack": 1, "garuda": 1}
    assert characters_at(state, C.bases["green_noa"].at or "") == {
        "jerid_1",
        "kacricon",
        "bask",
        "jamaican",
        "gady",
    }
    assert characters_at(state, C.bases["luna_two"].at or "") == {"lila"}
    assert characters_at(state, C.bases["kilimanjaro"].at or "") == {"jamitov"}
    assert levels(state, "titans") == {
        "green_noa": 3,
        "luna_two": 2,
        "zedans_gate": 1,
        "konpei_island": 1,
        "jaburo": 3,
        "kilimanjaro": 2,
        "odessa": 2,
        "torrington": 1,
        "new_guinea": 2,
        "hawaii": 1,
    }


def test_38_30_1_neo_zeon_starts_with_axis_in_the_asteroid_belt(state: State) -> None:
    assert state["bases"]["axis"] == {"owner": "neo_zeon", "level": 3, "at": "box:belt"}
    assert at(state, "box:belt", "neo_zeon") == {"gaza_c": 8, "qubeley": 1, "gwadan": 1}
    assert characters_at(state, "box:belt") == {"haman", "mineva"}
    assert levels(state, "neo_zeon") == {"axis": 3}


def test_s1_the_other_reading_starts_neo_zeon_units_in_the_factory() -> None:
    state = fresh(nz_start="factory")
    assert at(state, "factory", "neo_zeon") == {"gaza_c": 8, "qubeley": 1, "gwadan": 1}
    assert at(state, "box:belt", "neo_zeon") == {}
    assert characters_at(state, "box:belt") == {"haman", "mineva"}  # alone at Axis (15.6)


def test_38_counts_of_the_start(state: State) -> None:
    """The digest's derived counts, less its slip: the AEUG lists 10 bases, not 11."""
    counts = {}
    for faction in ("aeug", "titans", "neo_zeon"):
        mine = [u for u in state["units"].values() if u["faction"] == faction]
        ms = sum(1 for u in mine if u["type"] in C.ms)
        people = sum(1 for ch in state["characters"].values() if ch["faction"] == faction)
        counts[faction] = (ms, len(mine) - ms, people, len(levels(state, faction)))
    assert counts == {"aeug": (12, 4, 8, 10), "titans": (13, 5, 7, 10), "neo_zeon": (9, 1, 2, 1)}


def test_38_32_1_1_34_2_every_other_base_starts_neutral(state: State) -> None:
    neutral = {b for b, v in state["bases"].items() if v["owner"] is None}
    assert neutral == {SIDE3, SIDE6, "dakar"}
    assert all(state["bases"][b]["level"] == 0 for b in neutral)  # 2.6


def test_31_1_gryps2_is_not_on_the_map_before_turn_5(state: State) -> None:
    assert GRYPS2 not in state["bases"]


def test_15_4_the_1st_fleet_rides_the_argama_and_nothing_at_a_base_is_carried(
    state: State,
) -> None:
    """Ruling S11: in space hex C5 (no base) the four MS and seven characters are aboard the
    Argama; at the bases everything stands alone (15.6)."""
    argama = next(uid for uid, u in state["units"].items() if u["type"] == "argama")
    for uid, unit in state["units"].items():
        expected = argama if unit["at"] == "space:C5" and uid != argama else None
        assert unit["carrier"] == expected
    for character in state["characters"].values():
        assert character["on"] == (argama if character["at"] == "space:C5" else None)


def test_7_3_only_the_set_up_types_may_be_mass_produced(state: State) -> None:
    assert state["permitted"]["neo_zeon"] == ["gaza_c", "gwadan", "qubeley"]
    assert "messala" not in state["permitted"]["titans"]
    assert "la_vie_en_rose" in state["permitted"]["aeug"]


def test_10_2_each_faction_holds_its_five_action_cards(state: State) -> None:
    for faction in ("aeug", "titans", "neo_zeon"):
        kinds = ["space", "space", "ground", "ground", "atmosphere"]
        assert state["hand"][faction] == [f"{faction}.{kind}" for kind in kinds]
    assert state["deck"] == [] and state["kept"] == {"aeug": [], "titans": [], "neo_zeon": []}


def test_2_6_levels_are_0_to_3_and_the_turn_is_1(state: State) -> None:
    assert all(0 <= b["level"] <= 3 for b in state["bases"].values())
    assert all((b["owner"] is None) == (b["level"] == 0) for b in state["bases"].values())
    assert state["turn"] == 1 and state["end"] is None


def test_the_state_is_plain_json_and_ids_say_the_faction(state: State) -> None:
    assert json.loads(json.dumps(state)) == state
    prefixes = {"aeug": "A", "titans": "T", "neo_zeon": "N"}
    assert all(uid[0] == prefixes[u["faction"]] for uid, u in state["units"].items())
    assert fresh(seed=99) == state  # the set-up uses no chance
