"""Rules 25-27: hits allotted and applied, command, losses, survival checks (rulings S42-S45).

Each test fights a battle at space D9 (no base) or C7 (Luna Two, Titans military, level 2) whose
only step scores the hits the test gives, so the allotments and their results go through the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest import MonkeyPatch

from games.zeta.helpers import aboard, battle, board, game, put
from support.dice import script_game
from wartable.engine import Context, Game, State
from wartable.games.zeta import damage

Hits = Callable[[State], dict[str, tuple[int, list[str]]]]


def fight(
    monkeypatch: MonkeyPatch,
    g: Game,
    hits: Hits,
    kind: str = "ms",
    at: str = "space:D9",
    prepare: Callable[[dict[str, Any]], None] = lambda fight: None,
    by: str = "titans",
) -> None:
    """`by` fights at `at` a battle whose one step scores `hits`."""

    def scoring(ctx: Context, state: State) -> str | None:
        prepare(state["action"]["battle"])
        return damage.inflict(ctx, state, hits(state), kind, "aa")

    battle(monkeypatch, g, {"air": scoring}, at, by)


def on_aeug(n: int, *targets: str) -> Hits:
    return lambda state: {"defender": (n, list(targets))}


def test_25_3_25_4_the_scorer_flips_a_front_unit_and_eliminates_a_back_one(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    front, back = aboard(g, "gm2", "nemo")
    g.state["units"][back]["back"] = True
    fight(monkeypatch, g, on_aeug(2, front, back))
    assert g.to_act == ("titans",)  # 25.3: the side that scored
    assert g.legal_actions("titans") == [{"hit": front}, {"hit": back}]  # defence 1 each
    g.apply("titans", {"hit": front})
    g.apply("titans", {"hit": back})
    assert g.state["units"][front]["back"] is True
    assert g.state["units"][back] == {**g.state["units"][back], "at": "factory", "back": False}


def test_25_4_25_5_front_and_back_defence_eliminate_at_once_and_the_rest_is_lost(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    (dias,) = aboard(g, "rick_dias")  # defence 2, back 1
    fight(monkeypatch, g, on_aeug(4, dias))
    g.apply("titans", {"hit": dias})  # 2: it would flip
    g.apply("titans", {"hit": dias})  # 1 more: front + back, eliminated; 1 hit is lost
    assert g.state["units"][dias]["at"] == "factory"
    assert g.state["step"]["kind"] != "allocate"  # 25.5: nothing left to allot


def test_25_6_a_pilot_s_ms_defence_counts_on_both_faces(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    (gm,) = aboard(g, "gm2")  # defence 1, back 1
    board(g, "kamille_1", gm)  # MS defence 1
    script_game(g, [])
    fight(monkeypatch, g, on_aeug(3, gm))
    assert damage.stages(g.state, gm) == [2, 2]
    g.apply("titans", {"hit": gm})  # 1 hit left, under 2: lost
    assert g.state["units"][gm]["back"] is True and g.state["units"][gm]["at"] == "space:D9"


def test_25_7_a_captain_s_ship_defence_counts_on_both_faces(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    ship = put(g, "aeug", "salamis_kai", "space:D9")  # defence 2, back 1
    board(g, "henken", ship)  # ship defence 1

    def captain(fight: dict[str, Any]) -> None:
        fight["captains"] = {ship: "henken"}

    fight(monkeypatch, g, on_aeug(4, ship), "ship", prepare=captain)
    assert damage.stages(g.state, ship) == [3, 2]
    assert g.legal_actions("titans") == [{"hit": ship}]


def test_26_1_26_3_the_receiver_allots_its_command_first_then_the_scorer(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    gm, nemo, dias = aboard(g, "gm2", "nemo", "rick_dias")
    board(g, "apolly", gm)  # no command
    board(g, "emma_1", nemo)  # no command
    board(g, "quattro", dias)  # MS command 2: the two best are 2 + 0
    script_game(g, [3])  # Apolly's survival check: M
    fight(monkeypatch, g, on_aeug(4, gm, nemo))
    assert g.to_act == ("aeug",)
    assert g.legal_actions("aeug") == [{"hit": gm}, {"hit": nemo}, {"pass": True}]
    g.apply("aeug", {"hit": gm})  # gm2 with Apolly: defence 1 - 2 of the command left
    assert g.to_act == ("aeug",)
    g.apply("aeug", {"pass": True})  # 26.3: the rest goes to the scorer
    assert g.to_act == ("titans",)
    g.apply("titans", {"hit": nemo})  # Emma's +1: 2 hits
    g.apply("titans", {"hit": gm})  # the last hit: front + back
    assert g.state["units"][gm]["at"] == "factory" and g.state["units"][nemo]["back"]
    assert g.state["characters"]["apolly"]["at"] == "wounded:M"  # 27.1


def test_26_2_ship_command_needs_characters_aboard_ships(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    ship = put(g, "aeug", "argama", "space:D9")
    gm = put(g, "aeug", "gm2", "space:D9", carrier=ship)
    board(g, "henken", ship)  # ship command 2
    board(g, "quattro", gm)  # ship command 1, but aboard an MS
    fight(monkeypatch, g, on_aeug(3, ship), "ship")
    assert damage.command(g.state, "defender", "ship") == 2


def test_25_8_25_10_27_2_a_base_loses_levels_and_what_it_houses(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "aeug", "salamis_kai", "space:C7")
    galbaldy = next(uid for uid, u in g.state["units"].items() if u["at"] == "space:C7")
    script_game(g, [6])  # Lila's survival check: D

    def house(fight: dict[str, Any]) -> None:
        fight["housed"] = [galbaldy, "lila"]

    fight(monkeypatch, g, on_aeug(5, "base:luna_two"), "ship", "space:C7", house, by="aeug")
    assert damage.stages(g.state, "base:luna_two") == [3, 2]  # levels 2 and 1 (25.8)
    g.apply("aeug", {"hit": "base:luna_two"})
    g.apply("aeug", {"hit": "base:luna_two"})
    assert g.state["bases"]["luna_two"] == {"owner": None, "level": 0, "at": "space:C7"}
    assert g.state["units"][galbaldy]["at"] == "factory"  # 25.10
    assert g.state["characters"]["lila"]["at"] == "dead"  # 27.2, 27.3.5


def test_25_9_27_1_a_ship_lost_takes_its_ms_and_its_people_face_survival(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    ship = put(g, "aeug", "salamis_kai", "space:D9")  # defence 2 + 1
    kept, out = (put(g, "aeug", "gm2", "space:D9", carrier=ship) for _ in range(2))
    other = put(g, "aeug", "argama", "space:D9")
    board(g, "henken", ship)
    board(g, "apolly", kept)
    script_game(g, [1, 4])  # Henken L, Apolly H

    def sortie(fight: dict[str, Any]) -> None:
        fight.update(sortie=[out], captains={ship: "henken"})  # defence 3, back 2

    fight(monkeypatch, g, on_aeug(5, ship), "ship", prepare=sortie)
    assert g.to_act == ("titans",)  # Henken's command 2 fits no stage
    g.apply("titans", {"hit": ship})
    g.apply("titans", {"hit": ship})
    units, people = g.state["units"], g.state["characters"]
    assert units[ship]["at"] == units[kept]["at"] == "factory"  # 25.9
    assert units[out]["carrier"] == other  # S44: the MS on sortie boards another ship (25.11)
    assert people["henken"]["at"] == "wounded:L" and people["apolly"]["at"] == "wounded:H"


def test_25_11_s44_an_ms_with_no_ship_to_carry_it_is_lost(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    ship = put(g, "aeug", "salamis_kai", "space:D9")
    out = put(g, "aeug", "gm2", "space:D9", carrier=ship)
    board(g, "kamille_1", out)
    script_game(g, [3])  # Kamille: L

    def sortie(fight: dict[str, Any]) -> None:
        fight["sortie"] = [out]

    fight(monkeypatch, g, on_aeug(3, ship), "ship", prepare=sortie)
    g.apply("titans", {"hit": ship})
    g.apply("titans", {"hit": ship})
    assert g.state["units"][out]["at"] == "factory"
    assert g.state["characters"]["kamille_1"]["at"] == "wounded:L"


def test_27_3_1_27_5_s45_growth_swaps_the_counter_and_it_boards_nearby(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    put(g, "titans", "hizack", "space:D9")
    gm = put(g, "aeug", "gm2", "space:D9")  # no ship here to board after it
    board(g, "kamille_1", gm)  # defence 1 + 1, back 1 + 1
    far, near = put(g, "aeug", "argama", "space:D5"), put(g, "aeug", "argama", "space:D7")
    script_game(g, [1])  # G
    fight(monkeypatch, g, on_aeug(4, gm))
    g.apply("titans", {"hit": gm})
    g.apply("titans", {"hit": gm})
    assert "kamille_1" not in g.state["characters"]  # 27.3.1
    assert g.state["characters"]["kamille_2"]["at"] == "space:D7"  # 27.5: the nearest
    assert g.state["characters"]["kamille_2"]["on"] == near != far


def test_s43_a_side_of_two_factions_is_decided_by_its_first(monkeypatch: MonkeyPatch) -> None:
    g = game()
    ship = put(g, "titans", "salamis_kai", "space:D9")
    gm = put(g, "titans", "gm2", "space:D9", carrier=ship)
    aboard(g, "gm2")

    def allied(fight: dict[str, Any]) -> None:
        fight["attacker"] = ["titans", "neo_zeon"]
        fight["defender"] = ["aeug"]

    fight(monkeypatch, g, lambda state: {"attacker": (1, [gm])}, prepare=allied)
    assert g.to_act == ("aeug",)  # the scorer of hits on the attacker's side
