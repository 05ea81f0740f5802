"""Rule 12.9: carriers launch or recover fighters in movement steps 2/3 and 10/11, fewer once
damaged, and take them aboard at the end; rule 12.5: retreat off the board and the ships that
wait beside it for room."""

from __future__ import annotations

from games.imperium.helpers import begun, fight, set_up
from wartable.engine import Action, Game
from wartable.games.imperium import RULES, carriers, damage, move_step


def step(g: Game, side: str, least: int, number: int) -> None:
    begun(g, move_step.begin(g.state, side, least, number))


def of(g: Game, key: str) -> list[Action]:
    return [a for a in g.legal_actions(g.to_act[0]) if key in a]


def test_12_9_a_carrier_launches_2_fighters_a_step_in_steps_2_3_10_and_11_only() -> None:
    fighters = [("terran", "terran_f", None)] * 3
    g = fight(("terran", "terran_cv", "224"), *fighters, ("imperial", "imperial_dd", "211"))
    step(g, "terran", 2, 6)
    assert not of(g, "launch")  # step 6 has no launches (12.3)
    step(g, "terran", 3, 2)
    assert of(g, "launch") == [{"launch": f, "from": "T1"} for f in ("T2", "T3", "T4")]
    g.apply("terran", {"launch": "T2", "from": "T1"})
    assert g.state["battle"]["areas"]["T2"] == "224"
    g.apply("terran", {"launch": "T3", "from": "T1"})
    assert not of(g, "launch")  # two a step
    g.apply("terran", {"move": "T2", "to": "214"})
    g.apply("terran", {"move": "T2", "to": "213"})  # a fighter launched moves at once


def test_12_9_launching_starts_from_the_carriers_area_before_it_moves() -> None:
    g = fight(
        ("terran", "terran_cv", "224"),
        ("terran", "terran_f", None),
        ("imperial", "imperial_dd", "211"),
    )
    step(g, "terran", 3, 2)
    g.apply("terran", {"move": "T1", "to": "225"})
    assert not of(g, "launch")


def test_12_9_i29_a_damaged_carrier_launches_or_recovers_1_and_never_both_in_a_step() -> None:
    g = fight(
        ("imperial", "imperial_cv", "224"),
        ("imperial", "imperial_f", None),
        ("imperial", "imperial_f", "224"),
        ("terran", "terran_dd", "211"),
        initiative="imperial",
    )
    g.state["units"]["I1"]["damaged"] = True  # capacity 1 (12.9's example), one aboard
    assert carriers.room(g.state, "I1") == 0
    step(g, "imperial", 3, 2)
    g.apply("imperial", {"launch": "I2", "from": "I1"})
    assert not of(g, "launch") and not of(g, "recover")  # room again, but not both


def test_12_9_any_carrier_recovers_a_fighter_in_its_area_and_ends_its_move_there() -> None:
    g = fight(
        ("terran", "terran_cv", "224"),
        ("terran", "terran_bb", "224"),
        ("terran", "terran_f", "224"),
        ("imperial", "imperial_dd", "211"),
    )
    step(g, "terran", 1, 10)
    assert of(g, "recover") == [{"recover": "T3", "to": "T1"}, {"recover": "T3", "to": "T2"}]
    g.state["units"]["T2"]["damaged"] = True  # a damaged Earth BB carries none (12.9)
    g._legal = {}
    assert of(g, "recover") == [{"recover": "T3", "to": "T1"}]
    g.apply("terran", {"recover": "T3", "to": "T1"})
    assert g.state["units"]["T3"]["aboard"] == "T1" and "T3" not in g.state["battle"]["areas"]
    assert not [a for a in of(g, "move") if a["move"] == "T1"]  # it ends its move there


def test_12_9_i28_a_damaged_carrier_sheds_the_fighters_it_can_no_longer_hold() -> None:
    fighters = [("terran", "terran_f", None)] * 3
    g = fight(("terran", "terran_cv", "224"), *fighters, ("imperial", "imperial_dd", "211"))
    damage.apply(g._ctx, g.state, {"T1": 2}, "12.7")
    assert carriers.aboard(g.state, "T1") == ["T2", "T3"]  # capacity 3 → 2
    assert g.state["battle"]["areas"]["T4"] == "224"


def test_12_9_i33_at_the_end_carriers_take_fighters_aboard_the_rest_are_left_over() -> None:
    g = fight(
        ("terran", "terran_cv", "224"),
        ("terran", "terran_f", "224"),
        ("terran", "terran_f", "315"),
        ("terran", "terran_f", "315"),
        ("terran", "terran_f", "315"),
        ("imperial", "imperial_dd", "211"),
    )
    g.state["units"]["T2"]["damaged"] = True
    left = carriers.stow(g.state)
    assert carriers.aboard(g.state, "T1") == ["T3", "T4", "T5"]  # undamaged first, any area
    assert left == {"terran": ["T2"], "imperial": []}


def test_12_5_i30_ftl_ships_2_or_more_areas_from_233_may_retreat_in_any_movement_step() -> None:
    g = fight(
        ("terran", "terran_bb", "213"),  # 2 areas from 233: a capital ship, in step 2
        ("terran", "terran_dd", "223"),  # beside 233
        ("terran", "terran_f", "211"),  # a fighter cannot jump
        ("terran", "terran_m", "211"),  # nor can a monitor
        ("imperial", "imperial_dd", "255"),
    )
    step(g, "terran", 3, 2)
    assert of(g, "retreat") == [{"retreat": "T1"}]
    g.apply("terran", {"retreat": "T1"})
    assert g.state["battle"]["left"]["terran"] == ["T1"]
    assert "T1" in g.state["units"]  # still in its fleet: the war moves it (Q8, Q9)


def test_12_5_q5_i31_the_last_ship_to_retreat_ends_the_battle() -> None:
    g = fight(("terran", "terran_dd", "223"), ("imperial", "imperial_dd", "255"))
    step(g, "imperial", 3, 2)
    g.apply("imperial", {"retreat": "I1"})
    assert g.state["battle"]["outcome"]["left"]["imperial"] == ["I1"]
    assert g.result is not None and g.result["winners"] == ["terran"]


def test_12_5_i32_a_ship_waiting_for_room_comes_on_before_anything_else() -> None:
    g = fight(("terran", "terran_dd", "224"), ("imperial", "imperial_dd", "255"))
    g.state["battle"]["waiting"]["T1"] = [g.state["battle"]["areas"].pop("T1")]
    step(g, "terran", 1, 10)
    assert g.legal_actions("terran") == [{"enter": "T1", "to": "224"}]
    g.apply("terran", {"enter": "T1", "to": "224"})
    assert g.state["battle"]["areas"]["T1"] == "224" and not g.state["battle"]["waiting"]


def test_12_2_12_5_i32_ships_with_no_room_at_set_up_wait_beside_the_board() -> None:
    crowd = {"forces": {"s3_imperial": {"ships": {"imperial_dd": 13}}}}
    g = Game(RULES, 1, {"scenario": "s3", "data": crowd})
    set_up(g)  # 1 CR, 13 DD and 2 TR set up in one area (Sc3): 12 fit
    battle = g.state["battle"]
    (area,) = {battle["areas"][u] for u in battle["groups"][0]["units"] if u in battle["areas"]}
    assert list(battle["waiting"].values()) == [[area]] * 4
