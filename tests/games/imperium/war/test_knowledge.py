"""What a side knows of the enemy when it gives orders (D.1, 11.3, 13.0, Q7; rulings I127-I129):
the orders are computed from the markers, the disclosures and the units seen; what stands unseen
comes out when the rules make the enemy speak. (Q8's retreats, ruling I127: test_battles.)"""

from __future__ import annotations

from games.imperium.war.helpers import act, activated, fleet_in, homes, land, legal
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import hidden
from wartable.games.imperium.war.state import box, known


def test_13_0_i128_troops_unseen_on_a_planet_without_a_marker_show_themselves_on_landing() -> None:
    state = homes()
    enemy = land(state, IMPERIAL, "procyon", "imperial_drop_4")  # Procyon: no marker
    number = fleet_in(state, TERRAN, "procyon", "terran_dd", "terran_tr")
    tr = units_at(state, f"fleet:{number}")[1]
    ours = land(state, TERRAN, "sol_1", "terran_drop_4")
    state["units"][ours].update(at=None, aboard=tr)
    ctx = activated(state, "procyon", TERRAN)
    orders = legal(state, TERRAN)
    assert {"attack": "procyon"} not in orders  # Earth has seen nothing there
    act(ctx, state, TERRAN, {"unload": ours, "to": "procyon"})
    assert state["units"][ours]["aboard"] == tr  # 11.5, I118: not among enemy units
    assert known(state)[enemy] == box("procyon")  # the Imperium has shown them
    orders = legal(state, TERRAN)
    assert {"unload": ours, "to": "procyon"} not in orders
    assert {"attack": "procyon"} in orders  # 13.0: now the planet is attacked
    assert not state["war"]["fleets"][number]["moved"]


def test_13_0_i129_a_monitor_not_seen_does_not_bar_an_attack_one_seen_does() -> None:
    state = homes()
    monitor = land(state, TERRAN, "sol_2", "terran_m")  # Mars, a monitor alone in its box
    fleet_in(state, IMPERIAL, "sol", "imperial_dd")
    activated(state, "sol", IMPERIAL)
    assert {"attack": "sol_1"} in legal(state, IMPERIAL)
    hidden.reveal(state, [monitor])
    assert {"attack": "sol_1"} not in legal(state, IMPERIAL)  # I119: fight it first


def test_b_2_i129_an_unseen_monitor_stops_a_fleet_without_a_battle_in_the_negotiations() -> None:
    state = homes()
    state["war"]["event"] = "peace_negotiations"
    monitor = land(state, IMPERIAL, "barnards_star", "imperial_m")
    number = fleet_in(state, TERRAN, "sol", "terran_dd")
    ctx = activated(state, "sol", TERRAN)
    assert {"jump": number, "to": "barnards_star"} in legal(state, TERRAN)
    act(ctx, state, TERRAN, {"jump": number, "to": "barnards_star"})
    assert state["battle"] is None  # B.2: no attack
    assert legal(state, TERRAN) == [{"halt": number}]  # Q7: it stops there
    assert monitor in known(state)


def test_11_8_i129_a_seen_monitor_changing_box_stays_seen() -> None:
    state = homes()
    monitor = land(state, TERRAN, "sol_1", "terran_m")
    hidden.reveal(state, [monitor])
    ctx = activated(state, "sol", TERRAN)
    act(ctx, state, TERRAN, {"shift": monitor, "to": "sol_2"})
    assert known(state)[monitor] == box("sol_2")
