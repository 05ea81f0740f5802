"""Rule 16 (recovery at an own base, within three times its deployment points) and 34.4 (Side 6
recovers 6 points for anyone); ruling S35."""

from __future__ import annotations

from games.zeta.helpers import game, legal, open_phase, put, units_of
from wartable.engine import Game

GRANADA, VON_BRAUN, SIDE6 = "space:M5", "space:L5", "space:I2"


def damaged(g: Game, faction: str, type_id: str, at: str, count: int = 1) -> list[str]:
    uids = [put(g, faction, type_id, at) for _ in range(count)]
    for uid in uids:
        g.state["units"][uid]["back"] = True
    return uids


def test_16_1_16_2_16_4_a_damaged_unit_at_an_own_base_turns_to_its_front_and_stays() -> None:
    g = game()
    (gm,) = damaged(g, "aeug", "gm2", GRANADA)
    open_phase(g, "aeug", "space")
    assert legal(g, "recover") == [{"recover": gm, "base": "granada"}]
    g.apply("aeug", {"recover": gm, "base": "granada"})
    assert g.state["units"][gm]["back"] is False
    g.state["bases"]["granada"]["level"] = 2
    g._legal = {}
    keys = {a.get("govern") for a in legal(g, "govern")} | {a["load"] for a in legal(g, "load")}
    assert gm not in keys  # 16.4, 16.6: neither moves nor governs


def test_s35_only_a_damaged_unit_is_offered_recovery() -> None:
    g = game()
    open_phase(g, "aeug", "space")
    assert legal(g, "recover") == []


def test_16_2_16_3_only_at_an_own_base_and_with_no_other_faction_there() -> None:
    g = game()
    damaged(g, "aeug", "gm2", "space:C6")  # no base
    damaged(g, "titans", "gm2", VON_BRAUN)  # an AEUG base
    open_phase(g, "aeug", "space")
    assert legal(g, "recover") == []
    open_phase(g, "titans", "space")
    assert legal(g, "recover") == []
    (gm,) = damaged(g, "aeug", "gm2", GRANADA)
    put(g, "titans", "hizack", GRANADA)
    open_phase(g, "aeug", "space")
    assert {"recover": gm, "base": "granada"} not in legal(g, "recover")


def test_16_5_a_base_recovers_three_times_its_deployment_points() -> None:
    g = game()
    gms = damaged(g, "aeug", "gm2", VON_BRAUN, 4)  # Von Braun at level 1: 1 DP, so 3 PP
    open_phase(g, "aeug", "space")
    for gm in gms[:3]:
        g.apply("aeug", {"recover": gm, "base": "von_braun"})
    assert legal(g, "recover") == [] and g.state["action"]["recovered"] == {"von_braun": 3}
    open_phase(g, "aeug", "space")  # a new phase, a new allowance
    assert legal(g, "recover") == [{"recover": gms[3], "base": "von_braun"}]


def test_16_5_the_count_is_in_production_points() -> None:
    g = game()
    (mk2,) = damaged(g, "aeug", "gundam_mk2", VON_BRAUN)  # 2 PP
    (gm,) = damaged(g, "aeug", "gm2", VON_BRAUN)  # 1 PP
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"recover": gm, "base": "von_braun"})
    assert legal(g, "recover") == [{"recover": mk2, "base": "von_braun"}]  # 1 + 2 = 3
    g.apply("aeug", {"recover": mk2, "base": "von_braun"})
    assert g.state["action"]["recovered"] == {"von_braun": 3}


def test_34_4_at_side6_any_faction_recovers_6_points_a_phase() -> None:
    g = game()
    ships = damaged(g, "titans", "alexandria", SIDE6, 4)  # 2 PP each
    open_phase(g, "titans", "space")
    for ship in ships[:3]:
        g.apply("titans", {"recover": ship, "base": "side6"})
    assert legal(g, "recover") == []
    assert [
        u for u in units_of(g, "titans", "alexandria", SIDE6) if g.state["units"][u]["back"]
    ] == [ships[3]]


def test_12_7_no_recovery_in_an_atmosphere_phase() -> None:
    g = game()
    damaged(g, "aeug", "gm2", "ground:E3")
    open_phase(g, "aeug", "atmosphere")
    assert legal(g, "recover") == []
