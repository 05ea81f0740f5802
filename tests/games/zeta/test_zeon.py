"""Rule 32: the Zeon Republic Army and the Zeon Africa unit (rulings S12, S58)."""

from __future__ import annotations

from games.zeta.helpers import board, game, legal, open_phase, put
from support.dice import script_game

SIDE3 = "space:M3"


def test_32_1_3_32_1_4_32_1_5_s58_haman_at_side3_raises_it_and_the_republic_army() -> None:
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", "space:L3")
    board(g, "haman", gwadan)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"move": gwadan, "to": SIDE3})
    assert g.state["bases"]["side3"] == {"owner": "neo_zeon", "level": 3, "at": SIDE3}
    assert g.state["side3_open"]  # 32.1.6
    army = [u for u, x in g.state["units"].items() if x["type"].startswith("zeon_republic")]
    assert len(army) == 4 and all(g.state["units"][u]["at"] == SIDE3 for u in army)
    ms = [u for u in army if g.state["units"][u]["type"] == "zeon_republic_ms"]
    (ship,) = [u for u in army if g.state["units"][u]["type"] == "zeon_republic_ship"]
    # S58: its MS aboard its own ship (room for two), the third aboard the Gwadan
    assert [g.state["units"][u]["carrier"] for u in ms] == [ship, ship, gwadan]
    assert all(a["move"] not in army for a in legal(g, "move"))  # 32.1.5


def test_32_1_4_governed_by_other_means_it_comes_all_the_same_once() -> None:
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", SIDE3)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"govern": gwadan, "base": "side3"})
    script_game(g, [1])
    g.apply("neo_zeon", {"end": True})
    assert g.state["bases"]["side3"]["owner"] == "neo_zeon"
    assert g.state["zeon"]["republic"]
    count = sum(1 for x in g.state["units"].values() if x["type"] == "zeon_republic_ms")
    assert count == 3


def test_32_2_1_to_32_2_4_haman_descending_brings_the_zeon_africa_unit() -> None:
    g = game()
    ship = put(g, "neo_zeon", "argama", "space:I6")  # drop point B
    board(g, "haman", ship)
    open_phase(g, "neo_zeon", "atmosphere")
    g.apply("neo_zeon", {"descend": ship, "to": "ground:G4"})
    assert g.legal_actions("neo_zeon") == [
        {"africa": at}
        for at in (
            "ground:K5",
            "ground:L5",
            "ground:L4",
            "ground:K4",
            "ground:J4",
            "ground:J5",
            "ground:K6",
        )
    ]  # 32.2.2, 32.2.3: at once, at Kilimanjaro or next to it
    g.apply("neo_zeon", {"africa": "ground:K5"})
    africa = [u for u, x in g.state["units"].items() if x["type"] == "zeon_africa_ms"]
    assert len(africa) == 3 and g.state["zeon"]["africa"] == "done"
    g.apply("neo_zeon", {"end": True})
    assert {"fight": "ground:K5", "against": ["titans"]} in g.legal_actions("neo_zeon")  # 32.2.4
