"""Rule 29.2.2-29.2.5: La Vie en Rose repairing as it moves (ruling S57)."""

from __future__ import annotations

from games.zeta.helpers import game, legal, open_phase, put
from wartable.engine import Game

HEX = "space:D9"


def damaged(g: Game, type_id: str, carrier: str | None = None) -> str:
    uid = put(g, "aeug", type_id, HEX, carrier=carrier)
    g.state["units"][uid]["back"] = True
    return uid


def test_29_2_2_29_2_3_one_ship_or_three_ms_a_phase() -> None:
    g = game()
    dock = put(g, "aeug", "la_vie_en_rose", HEX)
    argama = put(g, "aeug", "argama", HEX)
    ms = [damaged(g, "gm2", argama) for _ in range(4)]
    salamis = damaged(g, "salamis_kai")
    open_phase(g, "aeug", "space")
    assert {"dock": salamis, "by": dock} in legal(g, "dock")
    for uid in ms[:3]:
        g.apply("aeug", {"dock": uid, "by": dock})
    assert g.state["units"][ms[0]] == {
        "type": "gm2",
        "faction": "aeug",
        "at": HEX,
        "carrier": dock,
        "back": False,
    }
    assert legal(g, "dock") == []  # three MS: the phase's work is done


def test_29_2_4_what_it_repairs_moves_with_it_and_may_fight() -> None:
    g = game()
    dock = put(g, "aeug", "la_vie_en_rose", HEX)
    salamis = damaged(g, "salamis_kai")
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"dock": salamis, "by": dock})
    assert legal(g, "dock") == []  # one ship
    assert all(a["move"] != salamis for a in legal(g, "move"))  # not on its own
    g.apply("aeug", {"move": dock, "to": "space:D8"})
    assert g.state["units"][salamis]["at"] == "space:D8"  # the same move
    assert salamis not in g.state["action"]["recover"]  # it chose Move (29.2.4)


def test_29_2_2_s57_not_once_it_has_moved_nor_when_it_recovers_itself() -> None:
    g = game()
    dock = put(g, "aeug", "la_vie_en_rose", HEX)
    damaged(g, "salamis_kai")
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"move": dock, "to": "space:D8"})
    g.apply("aeug", {"move": dock, "to": "space:D9"})
    assert legal(g, "dock") == []
    g = game()
    granada = next(u for u, x in g.state["units"].items() if x["type"] == "la_vie_en_rose")
    g.state["units"][granada]["back"] = True
    gm = next(
        u for u, x in g.state["units"].items() if x["at"] == "space:M5" and x["type"] == "gm2"
    )
    g.state["units"][gm]["back"] = True
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"recover": granada, "base": "granada"})  # 29.2.5: as any ship
    assert legal(g, "dock") == []


def test_29_2_2_once_it_repairs_it_has_chosen_move_and_may_not_recover_or_govern() -> None:
    g = game()
    dock = next(u for u, x in g.state["units"].items() if x["type"] == "la_vie_en_rose")
    g.state["units"][dock]["back"] = True
    gm = next(
        u for u, x in g.state["units"].items() if x["at"] == "space:M5" and x["type"] == "gm2"
    )
    g.state["units"][gm]["back"] = True
    open_phase(g, "aeug", "space")
    assert {"recover": dock, "base": "granada"} in legal(g, "recover")
    g.apply("aeug", {"dock": gm, "by": dock})
    assert all(a["recover"] != dock for a in legal(g, "recover"))
    assert all(a.get("govern") != dock for a in legal(g, "govern"))
