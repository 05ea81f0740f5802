"""Rule 35: the colony drop, with scripted dice (ruling S54)."""

from __future__ import annotations

from pytest import MonkeyPatch

from games.zeta.helpers import C, battle, game, legal, open_phase, put
from support.dice import script_game
from wartable.engine import Context, Game, State
from wartable.games.zeta.combat import following
from wartable.games.zeta.damage import inflict
from wartable.games.zeta.forces import ship_targets

SIDE2 = "space:J2"


def neo_zeon_side2(g: Game) -> str:
    g.state["bases"]["side2"].update(owner="neo_zeon", level=1)
    ship = put(g, "neo_zeon", "gwadan", SIDE2)
    return put(g, "neo_zeon", "gaza_c", SIDE2, carrier=ship)


def colony_at(g: Game, owner: str, at: str, back: bool = False) -> None:
    g.state["colony"].update(owner=owner, at=at, back=back, used=[owner])


def test_35_1_35_5_placed_at_an_own_side_with_an_own_ms_as_the_phase_begins() -> None:
    g = game()
    gaza = neo_zeon_side2(g)
    open_phase(g, "neo_zeon", "space")
    assert legal(g, "colony_drop") == [{"colony_drop": "side2"}]
    open_phase(g, "aeug", "space")  # 35.1: the AEUG never drop one; its Sides are no use
    assert legal(g, "colony_drop") == []
    g.state["units"][gaza]["at"] = "factory"  # 35.5.2: no MS there
    open_phase(g, "neo_zeon", "space")
    assert legal(g, "colony_drop") == []


def test_35_5_not_once_an_order_has_been_given() -> None:
    g = game()
    neo_zeon_side2(g)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"shift": "axis", "to": "space:O5"})
    assert legal(g, "colony_drop") == []


def test_35_6_it_must_move_exactly_two_hexes_in_the_phase_it_is_placed() -> None:
    g = game()
    neo_zeon_side2(g)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"colony_drop": "side2"})
    assert g.state["colony"] == {
        "owner": "neo_zeon",
        "at": SIDE2,
        "back": False,
        "used": ["neo_zeon"],
    }
    assert {"end": True} not in g.legal_actions("neo_zeon")  # 35.6: it must move
    targets = [a["colony"] for a in legal(g, "colony")]
    assert targets and all(C.distance(SIDE2, to) == 2 for to in targets)
    g.apply("neo_zeon", {"colony": targets[0]})
    assert g.state["colony"]["at"] == targets[0]
    assert legal(g, "colony") == [] and {"end": True} in g.legal_actions("neo_zeon")


def test_35_3_not_while_another_faction_uses_it() -> None:
    g = game()
    colony_at(g, "neo_zeon", "space:J4")
    g.state["bases"]["side1"].update(owner="titans", level=1)
    put(g, "titans", "hizack", "space:J8")
    open_phase(g, "titans", "space")
    assert legal(g, "colony_drop") == []


def test_35_7_35_7_2_35_7_3_a_landing_on_the_earth_from_a_drop_point() -> None:
    g = game()
    colony_at(g, "neo_zeon", "space:H4")  # drop point A
    gm = put(g, "titans", "gm2", "ground:B4")  # Hawaii, in area A
    hizack = put(g, "titans", "hizack", "ground:B4")
    open_phase(g, "neo_zeon", "space")
    options = g.legal_actions("neo_zeon")
    assert options and all("land" in a for a in options)  # 35.7: before anything else
    assert {"land": "hawaii"} in options and {"land": "granada"} not in options
    script_game(g, [5, 1, 2])  # lands on a 5 (front); the GM II eliminated on a 1
    g.apply("neo_zeon", {"land": "hawaii"})
    assert "hawaii" not in g.state["bases"]  # 35.7.2
    assert g.state["units"][gm]["at"] == "factory" and g.state["units"][hizack]["at"] == "ground:B4"
    assert g.state["colony"] == {"owner": None, "at": None, "back": False, "used": ["neo_zeon"]}
    assert legal(g, "land") == [] and legal(g, "colony_drop") == []  # 35.1: once a game


def test_35_7_1_on_its_back_only_1_to_3() -> None:
    g = game()
    colony_at(g, "titans", "space:L5", back=True)  # Von Braun City on the Moon
    open_phase(g, "titans", "space")
    assert g.legal_actions("titans") == [{"land": "von_braun"}]
    script_game(g, [4])
    g.apply("titans", {"land": "von_braun"})
    assert "von_braun" in g.state["bases"]  # missed
    assert g.state["colony"]["at"] is None  # ruling S54: gone all the same


def test_35_2_s54_a_titans_colony_on_a_drop_point_moves_on() -> None:
    g = game()
    colony_at(g, "titans", "space:H4")
    open_phase(g, "titans", "space")
    assert legal(g, "land") == [] and legal(g, "colony")


def test_35_8_23_3_a_colony_is_a_ship_of_defence_7_in_a_battle(monkeypatch: MonkeyPatch) -> None:
    g = game()
    colony_at(g, "titans", "space:D9")
    put(g, "aeug", "salamis_kai", "space:D9")

    def seven_hits(ctx: Context, state: State) -> str | None:
        hits = {"defender": (7, ship_targets(state, "defender"))}  # 23.3: the colony a target
        return inflict(ctx, state, hits, "ship", following("bombing"))

    battle(monkeypatch, g, {"bombing": seven_hits}, by="aeug")  # ruling S54: it may be fought
    assert g.legal_actions("aeug") == [{"hit": "colony"}]
    g.apply("aeug", {"hit": "colony"})
    assert g.state["colony"]["back"]  # 7 hits flip it


def test_35_8_s54_seven_more_hits_remove_the_colony(monkeypatch: MonkeyPatch) -> None:
    g = game()
    colony_at(g, "titans", "space:D9")
    put(g, "aeug", "salamis_kai", "space:D9")

    def seven_hits(ctx: Context, state: State) -> str | None:
        hits = {"defender": (7, ship_targets(state, "defender"))}
        return inflict(ctx, state, hits, "ship", following("bombing"))

    battle(monkeypatch, g, {"bombing": seven_hits}, by="aeug")
    g.apply("aeug", {"hit": "colony"})  # 7 hits flip it
    assert g.state["colony"]["back"] and g.state["colony"]["at"] == "space:D9"
    battle(monkeypatch, g, {"bombing": seven_hits}, by="aeug")  # a later battle
    assert g.legal_actions("aeug") == [{"hit": "colony"}]
    g.apply("aeug", {"hit": "colony"})  # 7 more on its back: it is gone (35.8)
    assert g.state["colony"] == {**g.state["colony"], "owner": None, "at": None, "back": False}
    said = [e["msg"]["en"] for e in g.events if e.get("rule") == "35.8"]
    assert said == ["the Colony is damaged", "the Colony is destroyed"]


def test_35_8_s54_fourteen_hits_at_once_remove_the_colony(monkeypatch: MonkeyPatch) -> None:
    g = game()
    colony_at(g, "titans", "space:D9")
    put(g, "aeug", "salamis_kai", "space:D9")

    def fourteen_hits(ctx: Context, state: State) -> str | None:
        hits = {"defender": (14, ship_targets(state, "defender"))}
        return inflict(ctx, state, hits, "ship", following("bombing"))

    battle(monkeypatch, g, {"bombing": fourteen_hits}, by="aeug")
    g.apply("aeug", {"hit": "colony"})  # 7 for its front
    assert g.legal_actions("aeug") == [{"hit": "colony"}]  # 7 more for its back
    g.apply("aeug", {"hit": "colony"})
    assert g.state["colony"]["at"] is None and g.state["colony"]["owner"] is None
    said = [e["msg"]["en"] for e in g.events if e.get("rule") == "35.8"]
    assert said == ["the Colony is destroyed"]
