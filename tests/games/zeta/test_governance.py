"""Rule 17 (governance: who may govern, one roll per base at the end of the orders, the
results), with 16.6/17.10 (recovery first), 32.1.6 (Side 3 opened), 34.2 (Side 6) and 36.8 (the
mined base shows its card); rulings S4, S31, S36."""

from __future__ import annotations

from games.zeta.helpers import game, legal, open_phase, put, units_of
from support.dice import script_game
from wartable.engine import Game

VON_BRAUN, DUBLIN, DAKAR, HICKORY = "space:L5", "ground:I2", "ground:I4", "ground:E3"


def govern_rolls(g: Game) -> list[tuple[int, str]]:
    return [(e["dice"][0], e["why"]["en"]) for e in g.events if e.get("rule") == "17.6"]


def level(g: Game, bid: str) -> tuple[str | None, int]:
    base = g.state["bases"][bid]
    return base["owner"], base["level"]


def govern(g: Game, faction: str, kind: str, orders: dict[str, str], dice: list[int]) -> None:
    """A phase of `faction` whose units govern (unit -> base), ended with these dice."""
    open_phase(g, faction, kind)
    for key, bid in orders.items():
        g.apply(faction, {"govern": key, "base": bid})
    script_game(g, dice)
    g.apply(faction, {"end": True})


def test_17_6_17_7_success_at_or_under_the_total_raises_an_own_base() -> None:
    g = game()
    gm, nemo = put(g, "aeug", "gm2", VON_BRAUN), put(g, "aeug", "nemo", VON_BRAUN)
    # one roll for the base (17.4), against 1 + 1
    govern(g, "aeug", "space", {gm: "von_braun", nemo: "von_braun"}, [2])
    assert govern_rolls(g) == [(2, "governance of Von Braun City (2)")]
    assert level(g, "von_braun") == ("aeug", 2)


def test_17_6_a_roll_over_the_total_fails() -> None:
    g = game()
    gm = put(g, "aeug", "gm2", VON_BRAUN)
    govern(g, "aeug", "space", {gm: "von_braun"}, [2])
    assert level(g, "von_braun") == ("aeug", 1)


def test_17_7_a_neutral_base_becomes_an_own_base_at_level_1() -> None:
    g = game()
    gm = put(g, "neo_zeon", "zeon_africa_ms", DAKAR)
    govern(g, "neo_zeon", "ground", {gm: "dakar"}, [1])
    assert level(g, "dakar") == ("neo_zeon", 1)


def test_17_7_another_faction_s_political_base_goes_down_to_neutral() -> None:
    g = game()
    gm = put(g, "titans", "gm2", DUBLIN)  # Dublin: AEUG, level 2
    for expected in (("aeug", 1), (None, 0)):
        govern(g, "titans", "ground", {gm: "dublin"}, [1])
        assert level(g, "dublin") == expected


def test_17_8_34_2_s36_bases_that_may_not_be_governed() -> None:
    g = game()
    odessa = put(g, "aeug", "gm2", "ground:K2")  # a Titans military base (17.8)
    side6 = put(g, "aeug", "salamis_kai", "space:I2")  # 34.2
    granada = put(g, "aeug", "salamis_kai", "space:M5")  # own, already at level 3
    open_phase(g, "aeug", "ground")
    assert odessa not in {a["govern"] for a in legal(g, "govern")}
    open_phase(g, "aeug", "space")
    assert {side6, granada}.isdisjoint(a["govern"] for a in legal(g, "govern"))


def test_17_9_not_in_a_hex_another_faction_held_when_the_phase_began() -> None:
    g = game()
    gm = put(g, "aeug", "gm2", VON_BRAUN)
    hizack = put(g, "titans", "hizack", VON_BRAUN)
    open_phase(g, "aeug", "space")
    del g.state["units"][hizack]  # even if they are gone by now
    g._legal = {}
    assert [a for a in legal(g, "govern") if a["govern"] == gm] == []


def test_17_4_17_5_several_bases_in_a_hex_each_roll_with_the_units_named_for_it() -> None:
    g = game()
    g.state["bases"]["gryps2"] = {"owner": "titans", "level": 1, "at": "space:D4"}
    g.state["bases"]["green_noa"]["level"] = 2
    hizacks = units_of(g, "titans", "hizack", "space:D4")
    orders = {hizacks[0]: "green_noa", hizacks[1]: "gryps2", hizacks[2]: "gryps2"}
    govern(g, "titans", "space", orders, [1, 2])
    rolls = [why for _, why in govern_rolls(g)]
    assert rolls == ["governance of Green Noa (1)", "governance of Gryps 2 (2)"]
    assert level(g, "green_noa") == ("titans", 3) and level(g, "gryps2") == ("titans", 2)


def test_s4_s31_characters_aboard_a_governing_unit_count_and_alone_govern_themselves() -> None:
    g = game()
    garuda = units_of(g, "aeug", "garuda", HICKORY)[0]
    g.state["bases"]["hickory"]["level"] = 1
    g.state["characters"]["hayato"]["on"] = garuda  # Hayato governance 1, Garuda 2
    govern(g, "aeug", "ground", {garuda: "hickory"}, [3])
    assert govern_rolls(g)[-1][1] == "governance of Hickory (3)"
    g = game()
    g.state["characters"]["blex"].update(at=VON_BRAUN, on=None)  # alone at an own base
    g._legal = {}
    open_phase(g, "aeug", "space")
    assert legal(g, "govern") == [{"govern": "blex", "base": "von_braun"}]


def test_16_6_17_3_a_unit_that_recovered_or_moved_does_not_govern() -> None:
    g = game()
    gm, nemo = put(g, "aeug", "gm2", VON_BRAUN), put(g, "aeug", "nemo", VON_BRAUN)
    g.state["units"][gm]["back"] = True
    open_phase(g, "aeug", "space")
    g.apply("aeug", {"recover": gm, "base": "von_braun"})
    assert [a["govern"] for a in legal(g, "govern")] == [nemo]
    g.apply("aeug", {"govern": nemo, "base": "von_braun"})
    assert nemo not in {a["load"] for a in legal(g, "load")}  # 17.3: it stays


def test_32_1_6_neo_zeon_governing_side3_opens_it_to_the_others() -> None:
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", "space:M3")
    govern(g, "neo_zeon", "space", {gwadan: "side3"}, [1])
    assert level(g, "side3") == ("neo_zeon", 1) and g.state["side3_open"]


def test_36_8_governing_the_mined_base_shows_the_card() -> None:
    g = game(nuke="hawaii")
    g.state["bases"]["hawaii"].update(owner=None, level=0)
    gm = put(g, "aeug", "gm2", "ground:B4")
    govern(g, "aeug", "ground", {gm: "hawaii"}, [1])
    assert g.state["nuke"]["revealed"]
    assert g.view("neo_zeon")["board"]["nuke"]["base"] == "hawaii"
