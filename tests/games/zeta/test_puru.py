"""Rules 29.4 and 29.5: Puru's death on Neo Zeon's side and who comes after her (ruling S53)."""

from __future__ import annotations

from games.zeta.helpers import finish_armament, game, put, restart
from support.dice import script_game
from wartable.engine import Game
from wartable.games.zeta.state import to_factory
from wartable.games.zeta.survival import survive

PURU_D = 6  # the last face of her survival table is D


def neo_zeon_puru(g: Game, at: str = "space:O5") -> str:
    gwadan = put(g, "neo_zeon", "gwadan", at)
    qubeley = put(g, "neo_zeon", "black_qubeley_mk2", at, carrier=gwadan)
    g.state["characters"]["puru_nz"] = {"faction": "neo_zeon", "at": at, "on": qubeley}
    return qubeley


def puru_dies(g: Game) -> None:
    script_game(g, [PURU_D])
    survive(g._ctx, g.state, "puru_nz")


def test_29_4_1_her_black_qubeley_leaves_the_game_and_is_never_built_again() -> None:
    g = game()
    g.state["turn"] = 7
    qubeley = neo_zeon_puru(g)
    g.state["permitted"]["neo_zeon"].append("black_qubeley_mk2")
    puru_dies(g)
    assert g.state["characters"]["puru_nz"]["at"] == "dead"
    assert g.state["units"][qubeley]["at"] == "out"
    assert "black_qubeley_mk2" not in g.state["permitted"]["neo_zeon"]
    assert g.state["puru"]["from"] == 8


def test_29_4_1_the_track_does_not_bring_the_type_back() -> None:
    g = game()
    neo_zeon_puru(g)
    puru_dies(g)
    script_game(g, [])
    restart(g, 7)  # turn 7 opens the Black Qubeley Mk-II to Neo Zeon (5.2)
    assert "black_qubeley_mk2" not in g.state["permitted"]["neo_zeon"]


def test_29_4_2_29_5_1_the_aeug_puru_comes_to_judau_and_puru_two_to_glemy() -> None:
    g = game()
    g.state["turn"] = 7
    neo_zeon_puru(g)
    argama = put(g, "aeug", "argama", "space:D9")
    g.state["characters"]["judau"] = {"faction": "aeug", "at": "space:D9", "on": argama}
    gwadan = put(g, "neo_zeon", "gwadan", "space:E9")
    g.state["characters"]["glemy"] = {"faction": "neo_zeon", "at": "space:E9", "on": gwadan}
    puru_dies(g)
    script_game(g, [])
    restart(g, 8)
    finish_armament(g)
    aeug_bq = [
        u
        for u, x in g.state["units"].items()
        if x["faction"] == "aeug" and x["type"] == "black_qubeley_mk2"
    ]
    (bq,) = aeug_bq
    assert g.state["units"][bq] | {} == {
        **g.state["units"][bq],
        "at": "space:D9",
        "carrier": argama,
    }
    assert g.state["characters"]["puru_aeug"] == {"faction": "aeug", "at": "space:D9", "on": bq}
    red = next(u for u, x in g.state["units"].items() if x["type"] == "red_qubeley_mk2")
    assert g.state["units"][red]["at"] == "space:E9"
    assert g.state["characters"]["puru_two"]["on"] == red
    assert g.state["puru"] == {"from": 8, "puru_aeug": "done", "puru_two": "done"}


def test_29_4_3_29_5_2_judau_away_puts_off_the_arrival_glemy_away_means_normal_deployment() -> None:
    g = game()
    neo_zeon_puru(g)
    g.state["characters"]["judau"] = {"faction": "aeug", "at": "wounded:M", "on": None}
    g.state["characters"]["glemy"] = {"faction": "neo_zeon", "at": "dead", "on": None}
    puru_dies(g)
    script_game(g, [2])  # Judau's recovery check: no recovery
    restart(g, 2)
    g.state["characters"]["judau"]["at"] = "wounded:M"  # whatever the die said
    finish_armament(g)
    assert g.state["puru"]["puru_aeug"] == "waiting"  # 29.4.3
    assert "puru_aeug" not in g.state["characters"]
    red = next(u for u, x in g.state["units"].items() if x["type"] == "red_qubeley_mk2")
    assert g.state["units"][red]["at"] == "pending"  # 29.5.2: placed by the faction (9)
    assert g.state["characters"]["puru_two"]["at"] == "pending"
    assert {"deploy": "red_qubeley_mk2", "to": "axis"} in g.legal_actions("neo_zeon")
    assert g.state["puru"]["puru_two"] == "done"


def test_29_4_3_judau_dead_means_no_aeug_puru() -> None:
    g = game()
    neo_zeon_puru(g)
    g.state["characters"]["judau"] = {"faction": "aeug", "at": "dead", "on": None}
    puru_dies(g)
    script_game(g, [])
    restart(g, 2)
    finish_armament(g)
    assert g.state["puru"]["puru_aeug"] == "cancelled"


def test_29_4_4_the_aeug_black_qubeley_leaves_the_game_when_lost() -> None:
    g = game()
    bq = put(g, "aeug", "black_qubeley_mk2", "ground:E3")
    gm = put(g, "aeug", "gm2", "ground:E3")
    to_factory(g.state, bq)
    to_factory(g.state, gm)
    assert g.state["units"][bq]["at"] == "out" and g.state["units"][gm]["at"] == "factory"


def test_29_4_3_29_5_1_s62_a_judau_and_a_glemy_recovered_this_turn_bring_them_at_once() -> None:
    g = game()
    g.state["turn"] = 7
    neo_zeon_puru(g)
    argama = put(g, "aeug", "argama", "space:D9")
    g.state["characters"]["judau"] = {"faction": "aeug", "at": "wounded:M", "on": None}
    gwadan = put(g, "neo_zeon", "gwadan", "space:E9")
    g.state["characters"]["glemy"] = {"faction": "neo_zeon", "at": "wounded:M", "on": None}
    puru_dies(g)
    script_game(g, [1, 1])  # 4.4: both recover (the AEUG's check first)
    restart(g, 8)
    finish_armament(g)
    assert g.state["characters"]["judau"]["at"] == "pending"  # to be placed now (4.4.1)
    assert g.state["puru"]["puru_aeug"] == "waiting" and "puru_aeug" not in g.state["characters"]
    assert g.state["puru"]["puru_two"] == "waiting"  # not sent to normal deployment (29.5.2)
    g.apply("aeug", {"place": "judau", "to": "space:D9"})
    assert g.state["puru"]["puru_aeug"] == "done"  # 29.4.3: he recovered, they come this turn
    bq = g.state["characters"]["puru_aeug"]["on"]
    assert g.state["units"][bq]["at"] == "space:D9" and g.state["units"][bq]["carrier"] == argama
    g.apply("neo_zeon", {"place": "glemy", "to": "space:E9"})
    red = next(u for u, x in g.state["units"].items() if x["type"] == "red_qubeley_mk2")
    assert g.state["units"][red]["at"] == "space:E9" and g.state["units"][red]["carrier"] == gwadan
    assert g.state["characters"]["puru_two"] == {"faction": "neo_zeon", "at": "space:E9", "on": red}


def test_29_4_2_15_7_s62_a_black_qubeley_with_no_ship_to_board_in_space_is_lost() -> None:
    g = game()
    g.state["turn"] = 7
    neo_zeon_puru(g)
    ship = put(g, "aeug", "salamis_kai", "space:D9")  # carries 2, both taken
    put(g, "aeug", "gm2", "space:D9", carrier=ship)
    put(g, "aeug", "gm2", "space:D9", carrier=ship)
    g.state["characters"]["judau"] = {"faction": "aeug", "at": "space:D9", "on": ship}
    g.state["characters"]["glemy"] = {"faction": "neo_zeon", "at": "dead", "on": None}
    puru_dies(g)
    script_game(g, [])
    restart(g, 8)
    finish_armament(g)
    (bq,) = [
        u
        for u, x in g.state["units"].items()
        if x["faction"] == "aeug" and x["type"] == "black_qubeley_mk2"
    ]
    assert g.state["units"][bq]["at"] == "out"  # 15.4, 15.7; 29.4.4: out of the game
    assert g.state["characters"]["puru_aeug"] == {"faction": "aeug", "at": "space:D9", "on": ship}
    assert any(e.get("rule") == "15.7" for e in g.events)
    assert g.state["puru"]["puru_aeug"] == "done"
