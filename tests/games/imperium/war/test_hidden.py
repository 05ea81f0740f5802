"""What each side may see of the war, and the determinizer's part (digest D.1, ruling I121)."""

from __future__ import annotations

import copy
import random
from collections import Counter

from games.imperium.war.helpers import fleet_in, homes, land, war
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.setup import galactic_battle
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import hidden
from wartable.games.imperium.war.movement import max_jumps, ship_jumps, warship
from wartable.games.imperium.war.state import arrival


def board() -> State:
    state = homes()
    fleet_in(state, TERRAN, "sol", "terran_dd", "terran_tr")
    fleet_in(state, IMPERIAL, "dingir", "imperial_bb", "imperial_dd")
    fleet_in(state, IMPERIAL, "dingir", "imperial_sc")
    land(state, IMPERIAL, "dingir", "imperial_battery")
    land(state, TERRAN, "sol_1", "terran_infantry_3")
    return state


def sides(view: dict[str, object]) -> Counter[str]:
    return Counter(u["side"] for u in view["units"].values())  # type: ignore[attr-defined]


def test_d1_3_2_11_3_fleet_markers_are_public_their_ships_are_not() -> None:
    state = board()
    seen = hidden.view(state, TERRAN)
    assert sides(seen) == {TERRAN: 3}  # his own fleet, cargo and troops; none of the enemy's
    assert seen["war"]["fleets"] == state["war"]["fleets"]  # every marker, where, moved
    assert set(hidden.secret_units(state, TERRAN)) == {
        uid for uid, u in state["units"].items() if u["side"] == IMPERIAL
    }


def test_d1_units_in_planet_boxes_are_hidden_from_the_enemy() -> None:
    state = board()
    battery = units_at(state, "box:dingir")[0]
    assert battery not in hidden.view(state, TERRAN)["units"]
    assert battery in hidden.view(state, IMPERIAL)["units"]


def test_d1_a_spectator_sees_neither_side_s_fleets() -> None:
    assert sides(hidden.view(board(), None)) == {}


def test_11_5_transport_cargo_goes_hidden_with_its_transport() -> None:
    state = board()
    tr = units_at(state, "fleet:TF1")[1]
    inf = units_at(state, "box:sol_1")[0]
    state["units"][inf].update(at=None, aboard=tr)
    assert inf in hidden.secret_units(state, IMPERIAL)


def test_12_2_ships_in_the_battle_under_way_are_in_plain_sight() -> None:
    state = board()
    state["war"]["fleets"]["TF1"]["system"] = "dingir"
    state["battle"] = galactic_battle(state, TERRAN, ["fleet:TF1"], ["fleet:IF1"], True)
    seen = hidden.view(state, TERRAN)["units"]
    assert set(units_at(state, "fleet:IF1")) <= set(seen)
    assert not set(units_at(state, "fleet:IF2")) & set(seen)  # not in the battle


def test_i121_ships_seen_in_battle_stay_known_while_they_stay_in_their_fleet() -> None:
    state = board()
    bb, dd = units_at(state, "fleet:IF1")
    hidden.reveal(state, [bb, dd])
    assert {bb, dd} <= set(hidden.view(state, TERRAN)["units"])
    state["units"][dd]["at"] = "fleet:IF2"  # regrouped since: no longer known
    assert dd not in hidden.view(state, TERRAN)["units"]


def test_9_0_i121_the_enemy_s_troops_on_the_track_show_their_kind_only() -> None:
    state = board()
    state["war"]["track"]["3"] = [
        arrival(state, IMPERIAL, "imperial_infantry_4"),
        arrival(state, IMPERIAL, "imperial_dd"),
    ]
    track = hidden.view(state, TERRAN)["war"]["track"]["3"]
    assert track == [
        {"side": IMPERIAL, "kind": "infantry"},
        {"side": IMPERIAL, "type": "imperial_dd"},
    ]
    assert hidden.view(state, IMPERIAL)["war"]["track"]["3"][0]["type"] == "imperial_infantry_4"
    assert ("war", "track", "3", 0, "type") in list(hidden.hidden_paths(state, TERRAN))


def shape(state: State, side: str) -> dict[str, Counter[tuple[int, bool]]]:
    """What 11.1 and 11.3 could show of each fleet: its ships by (jumps, warship)."""
    found: dict[str, Counter[tuple[int, bool]]] = {}
    for number, fleet in state["war"]["fleets"].items():
        if fleet["side"] == side:
            ships = units_at(state, f"fleet:{number}")
            found[number] = Counter((ship_jumps(state, u), warship(state, u)) for u in ships)
    return found


def test_d1_i121_the_determinizer_redeals_fleets_keeping_all_that_was_shown() -> None:
    state = war("s7")
    before = shape(state, IMPERIAL)
    jumps = {n: max_jumps(state, n) for n in state["war"]["fleets"]}
    mine = {u: dict(v) for u, v in state["units"].items() if v["side"] == TERRAN}
    places = {u: v["at"] for u, v in state["units"].items() if v["side"] == IMPERIAL}
    moved = False
    for seed in range(5):
        redrawn = _copy(state)
        secret = hidden.determinize(redrawn, TERRAN, random.Random(seed))
        # the deal swaps places among the secret units only: they stay the secret ones
        assert secret == hidden.secret_units(redrawn, TERRAN) == hidden.secret_units(state, TERRAN)
        assert shape(redrawn, IMPERIAL) == before
        assert {n: max_jumps(redrawn, n) for n in redrawn["war"]["fleets"]} == jumps
        assert {u: v for u, v in redrawn["units"].items() if v["side"] == TERRAN} == mine
        assert hidden.view(redrawn, TERRAN) == hidden.view(state, TERRAN)  # no visible change
        moved |= any(redrawn["units"][u]["at"] != at for u, at in places.items())
    assert moved


def test_i121_the_determinizer_leaves_seen_ships_and_monitors_where_they_are() -> None:
    state = board()
    land(state, IMPERIAL, "dingir", "imperial_m")
    monitor = units_at(state, "box:dingir")[1]
    bb = units_at(state, "fleet:IF1")[0]
    hidden.reveal(state, [bb])
    for seed in range(5):
        redrawn = _copy(state)
        hidden.determinize(redrawn, TERRAN, random.Random(seed))
        assert redrawn["units"][bb]["at"] == "fleet:IF1"
        assert redrawn["units"][monitor]["at"] == "box:dingir"


def _copy(state: State) -> State:
    return copy.deepcopy(state)


def test_11_5_12_2_i121_what_a_ship_seen_in_battle_carries_stays_secret() -> None:
    state = board()
    tr = units_at(state, "fleet:TF1")[1]
    inf = units_at(state, "box:sol_1")[0]
    state["units"][inf].update(at=None, aboard=tr)
    hidden.reveal(state, [tr])
    shown = hidden.view(state, IMPERIAL)["units"]
    assert tr in shown and inf not in shown
