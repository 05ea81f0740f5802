"""Rule 18.1-18.3 and 18.6 (where combat may be fought once the orders are done) and 34.3 (never
at Side 6). Choosing the battles there is tested in test_battle.py."""

from __future__ import annotations

from games.zeta.helpers import game, open_phase, put, units_of
from wartable.games.zeta.occurrence import combat_hexes


def test_18_1_18_2_where_own_movers_meet_another_faction_on_the_card_s_map() -> None:
    g = game()
    put(g, "titans", "hizack", "space:C4")
    put(g, "titans", "hizack", "ground:E2")  # beside Hickory, but not this card's map
    open_phase(g, "aeug", "space")
    argama = units_of(g, "aeug", "argama", "space:C5")[0]
    g.apply("aeug", {"move": argama, "to": "space:C4"})
    assert combat_hexes(g.state) == ["space:C4"]
    g.apply("aeug", {"end": True})
    assert g.legal_actions("aeug") == [
        {"fight": "space:C4", "against": ["titans"]},
        {"end_combat": True},
    ]


def test_18_1_another_faction_s_military_base_is_enough() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    argama = units_of(g, "aeug", "argama", "space:C5")[0]
    g.apply("aeug", {"move": argama, "to": "space:C6"})
    g.apply("aeug", {"move": argama, "to": "space:C7"})  # Luna Two
    assert combat_hexes(g.state) == ["space:C7"]
    g.state["units"] = {k: u for k, u in g.state["units"].items() if u["faction"] != "titans"}
    g.state["characters"]["lila"].update(at="wounded:L", on=None)
    assert combat_hexes(g.state) == ["space:C7"]  # the base alone
    g.state["bases"]["luna_two"].update(owner=None, level=0)
    assert combat_hexes(g.state) == []  # a neutral base is no enemy


def test_18_6_units_that_recovered_or_governed_start_no_combat() -> None:
    g = game()
    gm = put(g, "aeug", "gm2", "space:L5")
    g.state["units"][gm]["back"] = True
    put(g, "titans", "hizack", "space:L5")  # arrived in the Titans' last phase
    open_phase(g, "aeug", "space")
    assert "space:L5" in combat_hexes(g.state)  # it has chosen Move by default (ruling S31)
    g.state["action"]["recover"][gm] = "von_braun"  # (16.3 would forbid it: a bare order)
    assert "space:L5" not in combat_hexes(g.state)


def test_18_3_an_atmosphere_card_fights_where_units_arrived_by_air() -> None:
    g = game()
    put(g, "titans", "hizack", "ground:E2")
    for piece in [*g.state["units"].values(), *g.state["characters"].values()]:
        if piece["at"] == "space:C5":
            piece["at"] = "space:H4"
    open_phase(g, "aeug", "atmosphere")
    assert combat_hexes(g.state) == []  # nothing has moved yet
    argama = units_of(g, "aeug", "argama", "space:H4")[0]
    g.apply("aeug", {"descend": argama, "to": "ground:E2"})
    assert combat_hexes(g.state) == ["ground:E2"]


def test_34_3_never_in_the_hex_of_side6() -> None:
    g = game()
    put(g, "titans", "hizack", "space:I2")
    put(g, "aeug", "salamis_kai", "space:I2")
    open_phase(g, "aeug", "space")
    assert combat_hexes(g.state) == []


def test_18_1_with_nothing_to_fight_the_next_card_is_drawn() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"end": True})
    assert g.state["phase"] != "action" or g.state["step"]["kind"] != "battle"
