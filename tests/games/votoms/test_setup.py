"""Rule 15 (setup), 2.1.4 (homes), 2.2 (counters) and what each side sees at the start."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import wartable
from wartable.games.votoms.components import components
from wartable.games.votoms.state import comp, values


@pytest.fixture
def game() -> wartable.Game:
    return wartable.new_game("votoms", seed=11)


def at(game: wartable.Game, place: str, side: str) -> list[dict]:  # type: ignore[type-arg]
    hex_label = components({}).places[place].hex
    return [u for u in game.state["units"].values() if u["hex"] == hex_label and u["side"] == side]


def test_2_1_4_homes_are_ex10_and_the_palace_and_both_are_bases() -> None:
    c = components({})
    assert c.home("merc").id == "ex10" and c.home("merc").base
    assert c.home("bieler").id == "palace" and c.home("bieler").base


def test_2_2_2_named_units_count_as_at_and_ps_are_three() -> None:
    c = components({})
    for name in ("kan_yu", "kiriko", "blue_at", "strike_dog", "proto_one"):
        assert c.units[name].kind == "at"
    assert {t.id for t in c.units.values() if t.ps} == {"blue_at", "strike_dog", "proto_one"}
    assert {t.kind for t in c.units.values()} == {"at", "soldier", "heli"}


def test_2_2_5_kan_yu_is_11_5_and_12_6_in_stages_1_3_4(game: wartable.Game) -> None:
    kan_yu = next(u for u in game.state["units"].values() if u["type"] == "kan_yu")
    seen = {}
    for stage in range(9):
        game.state["stage"] = stage
        seen[stage] = values(game.state, kan_yu)
    assert seen == {s: ((12, 6) if s in (1, 3, 4) else (11, 5)) for s in range(9)}


def test_15_1_merc_setup(game: wartable.Game) -> None:
    ex10 = at(game, "ex10", "merc")
    types = Counter(u["type"] for u in ex10)
    assert types["kan_yu"] == 1 and types["heli"] == 2
    assert len(ex10) == 1 + 7 + 2
    assert len(at(game, "zakui", "merc")) == 5 and len(at(game, "ex9", "merc")) == 1
    merc = [u for u in game.state["units"].values() if u["side"] == "merc"]
    assert all(u["up"] == (u["type"] == "heli") for u in merc)
    assert sorted(game.state["stock"]["merc"]) == ["heli"] * 4 + ["kiriko"]
    cup = Counter(game.state["cups"]["merc"])
    assert "kan_yu" not in cup and "kiriko" not in cup
    assert sum(cup.values()) == 10 + 6 + 8 - 13


def test_15_2_bieler_setup(game: wartable.Game) -> None:
    palace = at(game, "palace", "bieler")
    assert [u["type"] for u in palace].count("blue_at") == 1 and len(palace) == 9
    counts = {p: len(at(game, p, "bieler")) for p in ("ramo_temple", "ex7", "ex6", "zonmu_village")}
    assert counts == {"ramo_temple": 5, "ex7": 2, "ex6": 5, "zonmu_village": 2}
    assert not any(u["up"] for u in game.state["units"].values() if u["side"] == "bieler")
    assert sorted(game.state["stock"]["bieler"]) == ["proto_one", "strike_dog"]
    assert sum(Counter(game.state["cups"]["bieler"]).values()) == 14 + 7 + 18 - 22


def test_15_3_to_15_7_markers_and_control_at_start(game: wartable.Game) -> None:
    s = game.state
    assert (s["turn"], s["stage"], s["vp"], s["rp"]) == (1, 0, {"merc": 0, "bieler": 0}, 0)
    assert s["control"]["ex10"] == "merc" and s["control"]["zakui"] == "merc"
    assert s["control"]["palace"] == "bieler" and s["control"]["ramo_temple"] == "bieler"
    assert s["control"]["nuba_highland"] is None  # 15.7: neutral


def test_ids_do_not_give_face_down_units_away() -> None:
    """Kan Yu is placed with seven drawn units: its id must not always be the same."""
    ids = set()
    for seed in range(12):
        g = wartable.new_game("votoms", seed=seed)
        ids.add(next(u["id"] for u in g.state["units"].values() if u["type"] == "kan_yu"))
    assert len(ids) > 3


def test_d1_face_down_units_show_only_owner_and_count_to_the_opponent(game: wartable.Game) -> None:
    """Rule 6.3 / digest D.1: a stack shows its count, never the fronts of face-down units."""
    board = game.view("bieler")["board"]
    merc = [u for u in board["units"] if u["side"] == "merc"]
    assert len(merc) == 16
    assert all("type" not in u and "name" not in u for u in merc if not u["up"])
    assert all(u["type"] == "heli" for u in merc if u["up"])
    text = json.dumps(game.view("bieler"), ensure_ascii=False)
    assert '"kan_yu"' not in text and "カン・ユー" not in text
    own = [u for u in board["units"] if u["side"] == "bieler"]
    assert all("type" in u for u in own)
    spectator = game.view(None)["board"]["units"]
    assert all("type" not in u for u in spectator if not u["up"])
    assert game.view("merc")["board"]["cups"] == {"merc": 11, "bieler": 17}


def test_a_bad_data_option_is_refused() -> None:
    with pytest.raises(wartable.OptionError, match=r"units\.scopedog\.attack"):
        wartable.new_game("votoms", options={"data": {"units": {"scopedog": {"attack": 99}}}})


def test_printed_values_can_be_loaded_as_an_option() -> None:
    printed = {"units": {"scopedog": {"attack": 9}}}
    g = wartable.new_game("votoms", seed=1, options={"data": printed})
    assert comp(g.state).units["scopedog"].attack == 9
    assert wartable.replay(g.record()).fingerprint() == g.fingerprint()


def test_ruling_options_take_only_their_readings() -> None:
    """docs/rulings/votoms.md: R11, R28, R34 and R36 each have an option for the other reading."""
    game = wartable.new_game("votoms", seed=1, options={"kiriko_check": "corrected"})
    assert game.options["kiriko_check"] == "corrected" and game.options["merc_base_vp"] == "always"
    with pytest.raises(wartable.OptionError, match="must be one of as_written, corrected"):
        wartable.new_game("votoms", options={"kiriko_check": "easy"})
