"""Rule 31.5: the Gryps 2 laser, with scripted dice (ruling S52)."""

from __future__ import annotations

from games.zeta.helpers import board, game, open_phase, put
from support.dice import script_game
from wartable.engine import Game


def gryps2(g: Game, owner: str, level: int, at: str) -> None:
    g.state["bases"]["gryps2"] = {"owner": owner, "level": level, "at": at}


def end_orders(g: Game, faction: str) -> None:
    open_phase(g, faction, "space")
    g.apply(faction, {"end": True})


def test_31_5_1_31_5_4_after_the_battles_one_of_seven_hexes() -> None:
    g = game()
    gryps2(g, "titans", 2, "space:D6")
    end_orders(g, "titans")
    assert g.state["step"]["kind"] == "laser"
    assert [a["laser"] for a in g.legal_actions("titans")] == [
        "space:D6",
        "space:E7",
        "space:E6",
        "space:D5",
        "space:C6",
        "space:C7",
        "space:D7",
        None,
    ]


def test_31_5_2_not_below_level_2_nor_in_another_faction_s_phase() -> None:
    g = game()
    gryps2(g, "titans", 1, "space:D6")
    end_orders(g, "titans")
    assert g.state["step"]["kind"] != "laser"
    gryps2(g, "titans", 3, "space:D6")
    end_orders(g, "aeug")
    assert g.state["step"]["kind"] != "laser"


def test_31_5_5_31_5_6_a_base_loses_levels_on_the_level_3_table() -> None:
    g = game()
    gryps2(g, "aeug", 3, "space:C6")
    end_orders(g, "aeug")
    lila = g.state["characters"]["lila"]
    script_game(g, [4, 6, 6])  # Luna Two -2 (level 3 table); the Galbaldy and Lila unharmed
    g.apply("aeug", {"laser": "space:C7"})
    assert g.state["bases"]["luna_two"] == {"owner": None, "level": 0, "at": "space:C7"}
    assert lila["at"] == "space:C7"
    g = game()
    gryps2(g, "aeug", 2, "space:C6")
    end_orders(g, "aeug")
    # -3 from level 2: destroyed; the Galbaldy and Lila unharmed, but alone in space (15.7):
    # the Galbaldy to the factory, Lila a survival check (and, the turn over, a recovery check)
    script_game(g, [1, 6, 6, 1, 3])
    g.apply("aeug", {"laser": "space:C7"})
    assert "luna_two" not in g.state["bases"]
    assert all(u["at"] != "space:C7" for u in g.state["units"].values())
    assert [e["rule"] for e in g.events if e["kind"] == "roll"][-2:] == ["27.3", "4.4"]


def test_31_5_7_to_31_5_11_every_unit_rolls_and_survivors_check_with_1_more() -> None:
    g = game()
    gryps2(g, "titans", 2, "space:D6")
    own = put(g, "titans", "salamis_kai", "space:D7")
    argama = put(g, "aeug", "argama", "space:D7")
    gm = put(g, "aeug", "gm2", "space:D7", carrier=argama)
    board(g, "henken", argama)
    g.state["colony"].update(owner="neo_zeon", at="space:D7")
    end_orders(g, "titans")
    g.apply("titans", {"end_combat": True})  # 31.5.3: the laser comes after the battles
    # the Salamis Kai 1 (31.5.11: its own too), the Argama 1, the GM II 2; Henken 3;
    # then his survival check: 4 + 1 = 5, D (31.5.9)
    script_game(g, [1, 1, 2, 3, 4])
    g.apply("titans", {"laser": "space:D7"})
    assert g.state["units"][own]["at"] == "factory"  # 31.5.8
    assert g.state["units"][argama]["at"] == "factory"
    assert g.state["units"][gm]["at"] == "factory"  # 15.7: no ship left to carry it in space
    assert g.state["characters"]["henken"]["at"] == "dead"
    assert g.state["colony"]["at"] is None  # 31.5.10
