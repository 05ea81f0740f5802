"""Rule 32: the Zeon Republic Army and the Zeon Africa unit (rulings S12, S58)."""

from __future__ import annotations

from games.zeta.helpers import board, finish_armament, game, legal, open_phase, put
from support.dice import script_game
from wartable.engine import Game

SIDE3 = "space:M3"
BESIDE = "space:L3"  # next to Side 3
DROP_B = "space:I6"  # drop point B, above ground area B


def placed_at_deployment(g: Game, cid: str, code: str, to: str) -> None:
    """`cid` recovers (4.4.1) and Neo Zeon places it at `to` in turn 1's deployment phase (9.5)."""
    g.state["characters"][cid].update(at="pending", on=None, code=code)
    finish_armament(g)
    assert g.state["phase"] == "deployment"
    g.apply("neo_zeon", {"place": cid, "to": to})
    assert g.state["characters"][cid]["at"] == to


def test_32_1_3_32_1_4_32_1_5_s58_haman_entering_side3_raises_it_and_the_republic_army() -> None:
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


def test_32_1_3_s58_mineva_entering_with_axis_raises_side3() -> None:
    g = game()
    g.state["bases"]["axis"]["at"] = BESIDE
    g.state["characters"]["mineva"].update(at=BESIDE, on=None)  # at the base, on her own (15.6)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"shift": "axis", "to": SIDE3})  # Axis carries her in (30.3.6, S50)
    assert g.state["characters"]["mineva"]["at"] == SIDE3
    assert g.state["bases"]["side3"] == {"owner": "neo_zeon", "level": 3, "at": SIDE3}
    assert g.state["zeon"]["republic"]


def test_32_1_3_s58_being_in_the_hex_is_not_entering_it() -> None:
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", SIDE3)
    board(g, "haman", gwadan)  # there already, as after a battle brought Side 3 down to 0
    other = put(g, "neo_zeon", "gwadan", BESIDE)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"move": other, "to": "space:K3"})
    g.apply("neo_zeon", {"alight": "haman"})  # in the hex, not into it
    assert g.state["bases"]["side3"]["owner"] is None
    assert not g.state["zeon"]["republic"]
    g.apply("neo_zeon", {"board": "haman", "on": gwadan})
    g.apply("neo_zeon", {"move": gwadan, "to": BESIDE})
    g.apply("neo_zeon", {"move": gwadan, "to": SIDE3})  # out and in again: she enters
    assert g.state["bases"]["side3"] == {"owner": "neo_zeon", "level": 3, "at": SIDE3}


def test_32_1_3_s58_placed_at_side3_in_deployment_is_not_entering_it() -> None:
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", SIDE3)
    placed_at_deployment(g, "haman", "any", SIDE3)  # 9.5 任意: a hex with an own unit
    open_phase(g, "neo_zeon", "space")
    other = put(g, "neo_zeon", "gwadan", BESIDE)
    g.apply("neo_zeon", {"move": other, "to": "space:K3"})
    assert g.state["bases"]["side3"]["owner"] is None  # placement (9) is not 進入
    assert not g.state["zeon"]["republic"]
    assert g.state["characters"]["haman"]["on"] is None  # alone at the neutral base (15.6, S29)
    g.apply("neo_zeon", {"board": "haman", "on": gwadan})
    g.apply("neo_zeon", {"move": gwadan, "to": BESIDE})
    g.apply("neo_zeon", {"move": gwadan, "to": SIDE3})  # out and in again: she enters
    assert g.state["bases"]["side3"] == {"owner": "neo_zeon", "level": 3, "at": SIDE3}


def test_32_1_3_s58_entering_raises_side3_whoever_holds_it_the_army_comes_once() -> None:
    g = game()
    g.state["side3_open"] = True  # 32.1.6: Neo Zeon held it once; the army has come
    g.state["zeon"]["republic"] = True
    g.state["bases"]["side3"].update(owner="aeug", level=1)
    gwadan = put(g, "neo_zeon", "gwadan", BESIDE)
    board(g, "haman", gwadan)
    open_phase(g, "neo_zeon", "space")
    g.apply("neo_zeon", {"move": gwadan, "to": SIDE3})
    assert g.state["bases"]["side3"] == {"owner": "neo_zeon", "level": 3, "at": SIDE3}
    assert not any(u["type"].startswith("zeon_republic") for u in g.state["units"].values())


def test_32_2_1_s58_haman_descending_on_her_own_brings_the_zeon_africa_unit() -> None:
    g = game()
    above = put(g, "neo_zeon", "gwadan", DROP_B)
    below = put(g, "neo_zeon", "argama", "ground:G4")
    board(g, "haman", above)
    open_phase(g, "neo_zeon", "atmosphere")
    g.apply("neo_zeon", {"descend": "haman", "to": "ground:G4"})  # 14.12: ships at both ends
    assert g.state["characters"]["haman"] == {"faction": "neo_zeon", "at": "ground:G4", "on": below}
    assert g.state["zeon"]["africa"] == "due"
    assert legal(g, "africa") == g.legal_actions("neo_zeon")  # 32.2.2: before any other order


def test_32_2_1_s58_placed_on_the_ground_in_deployment_is_not_descending() -> None:
    g = game()
    ship = put(g, "neo_zeon", "argama", "ground:G4")
    placed_at_deployment(g, "mineva", "G", "ground:G4")
    open_phase(g, "neo_zeon", "ground")
    g.apply("neo_zeon", {"move": ship, "to": "ground:G5"})
    assert g.state["characters"]["mineva"]["at"] == "ground:G5"
    assert g.state["zeon"]["africa"] is None  # 32.2.1: 降下 is the descent of 14.5 alone
    assert legal(g, "africa") == []
