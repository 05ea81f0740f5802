"""Rule 4: the reinforcement phase."""

from __future__ import annotations

from collections import Counter

import pytest

import wartable
from support.dice import scripted
from wartable.games.votoms import reinforcement
from wartable.games.votoms.reinforcement import base_points, merc_reinforcements, supplied
from wartable.games.votoms.state import place

EX10, ZAKUI = "B08", "E07"


@pytest.fixture
def game() -> wartable.Game:
    return wartable.new_game("votoms", seed=5)


def at(game: wartable.Game, hex_label: str, side: str) -> list[dict]:  # type: ignore[type-arg]
    return [u for u in game.state["units"].values() if u["hex"] == hex_label and u["side"] == side]


def test_4_1_bieler_resolves_first(game: wartable.Game) -> None:
    assert game.to_act == ("bieler",) and game.state["step"]["kind"] == "bieler_reinforce"
    assert game.state["phase"] == "reinforcement"


def test_4_3_1_base_points_sum_the_controlled_bases_home_included(game: wartable.Game) -> None:
    # Palace 3, EX-7, EX-6, Ramo Temple, Zonmu Village 1 each (data/votoms.toml)
    assert base_points(game.state, "bieler") == 7
    assert game.legal_actions("bieler") == [{"units": n} for n in range(8)]
    assert base_points(game.state, "merc") == 3 + 2 + 1  # EX-10, Zakui, EX-9


def test_4_3_2_to_4_3_4_units_face_down_to_the_palace_and_the_rest_as_2_rp(
    game: wartable.Game,
) -> None:
    palace_before = len(at(game, "K04", "bieler"))
    cup_before = len(game.state["cups"]["bieler"])
    game.apply("bieler", {"units": 3})
    new = at(game, "K04", "bieler")
    assert len(new) == palace_before + 3 and not any(u["up"] for u in new)
    assert len(game.state["cups"]["bieler"]) == cup_before - 3
    assert game.state["rp"] == 2 * (7 - 3)


def test_4_3_5_response_points_are_capped_at_9(game: wartable.Game) -> None:
    game.state["rp"] = 6
    game.apply("bieler", {"units": 5})  # 2 points -> 4 RP, 10 capped to 9
    assert game.state["rp"] == 9


def test_4_2_no_more_units_than_the_cup_holds(game: wartable.Game) -> None:
    game.state["cups"]["bieler"] = ["fatty", "fatty"]
    game._legal = {}
    assert game.legal_actions("bieler") == [{"units": 0}, {"units": 1}, {"units": 2}]


def test_4_4_1_acted_helis_at_home_are_readied(game: wartable.Game) -> None:
    for heli in (u for u in at(game, EX10, "merc") if u["type"] == "heli"):
        heli["acted"] = True
    merc_reinforcements(scripted([1, 1]), game.state)
    assert not any(u["acted"] for u in at(game, EX10, "merc") if u["type"] == "heli")


def test_4_4_3_cup_and_heli_columns_are_rolled_separately(game: wartable.Game) -> None:
    before = Counter(u["up"] for u in at(game, EX10, "merc"))
    ctx = scripted([6, 6])  # Cup column 6 -> 3 units; Heli column 6 -> 2 helis
    merc_reinforcements(ctx, game.state)
    after = Counter(u["up"] for u in at(game, EX10, "merc"))
    assert after[False] == before[False] + 3 and after[True] == before[True] + 2
    rolls = [e for e in ctx.events if e["kind"] == "roll"]
    assert [(r["by"], r["total"], r["rule"]) for r in rolls] == [("merc", 6, "4.4.3")] * 2


def test_4_2_an_empty_heli_stock_gives_no_helis(game: wartable.Game) -> None:
    game.state["stock"]["merc"] = ["kiriko"]
    helis = len([u for u in at(game, EX10, "merc") if u["type"] == "heli"])
    merc_reinforcements(scripted([1, 6]), game.state)
    assert len([u for u in at(game, EX10, "merc") if u["type"] == "heli"]) == helis


@pytest.mark.parametrize("route", ["C08", "D07"])
def test_4_4_2_an_enemy_held_river_hex_cuts_supply(game: wartable.Game, route: str) -> None:
    ctx = scripted([])
    place(ctx, game.state, "bieler", ["fatty"], route, up=False)
    assert not supplied(game.state)
    vp = game.state["vp"]["merc"]
    merc_reinforcements(ctx, game.state)  # no dice are rolled: no reinforcements
    assert game.state["vp"]["merc"] == vp + 6 // 2  # R11: base VP all the same


def test_4_4_2_neutral_route_hexes_do_not_cut_supply(game: wartable.Game) -> None:
    ctx = scripted([])
    place(ctx, game.state, "bieler", ["fatty"], "C08", up=False)
    place(ctx, game.state, "merc", ["scopedog"], "C08", up=False)  # both face-down: neutral
    assert supplied(game.state)


def test_4_4_2_an_enemy_held_zakui_cuts_supply(game: wartable.Game) -> None:
    game.state["control"]["zakui"] = "bieler"
    assert not supplied(game.state)


def test_R11_option_supplied_only_skips_base_vp_when_cut() -> None:
    g = wartable.new_game("votoms", seed=5, options={"merc_base_vp": "supplied_only"})
    g.state["control"]["zakui"] = "bieler"
    merc_reinforcements(scripted([]), g.state)
    assert g.state["vp"]["merc"] == 0


def test_4_4_4_merc_scores_half_its_base_points_rounded_down(game: wartable.Game) -> None:
    game.state["control"]["ex9"] = None  # EX-10 3 + Zakui 2 = 5 -> 2 VP
    merc_reinforcements(scripted([1, 1]), game.state)
    assert game.state["vp"]["merc"] == 2


def test_4_5_turn_7_merc_draws_the_offensive_turn_in_secret(game: wartable.Game) -> None:
    game.state["turn"] = 7
    ctx = scripted([1, 1])
    merc_reinforcements(ctx, game.state)
    turn = game.state["offensive"]["turn"]
    assert turn in (8, 9, 10, 11) and len(game.state["offensive"]["pool"]) == 6
    secret = [e for e in ctx.events if e.get("to") == ["merc"]]
    assert len(secret) == 1 and str(turn) in secret[0]["msg"]["en"]
    public = [e for e in ctx.events if "to" not in e]
    assert all(
        str(turn) not in e["msg"]["en"]
        for e in public
        if e["kind"] == "say" and "offensive" in e["msg"]["en"]
    )


def test_4_5_4_bieler_never_sees_the_offensive_turn_before_the_end(game: wartable.Game) -> None:
    game.state["turn"] = 7
    reinforcement.draw_offensive(scripted([]), game.state)
    assert game.view("bieler")["board"]["offensive"] == {
        "drawn": True,
        "turn": None,
        "markers": [8, 9, 9, 10, 10, 10, 11],
    }
    assert game.view("merc")["board"]["offensive"]["turn"] == game.state["offensive"]["turn"]
    assert game.view(None)["board"]["offensive"]["turn"] is None
