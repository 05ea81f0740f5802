"""The end of a war (4.0, 5.0, 15.0), the campaign's victory and its peace (16.0)."""

from __future__ import annotations

from games.imperium.war.helpers import empty, fleet_in, land, mark, war
from support.dice import scripted
from wartable.engine import State
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.war import peace
from wartable.games.imperium.war.flow import done
from wartable.games.imperium.war.income import income
from wartable.games.imperium.war.state import OUTPOST, WORLD


def types(state: State, side: str) -> list[str]:
    return sorted(u["type"] for u in state["units"].values() if u["side"] == side)


def test_5_0_15_0_a_war_scenario_ends_with_its_winner() -> None:
    state = war("s7")
    state["war"].update(phase="repair", war_turn=2, prestige=0)
    done(scripted([]), state)
    assert state["end"] == {"winners": [TERRAN], "scores": {TERRAN: 10, IMPERIAL: 0}}
    assert state["step"] is None


def test_15_0_a_truce_has_no_winner() -> None:
    state = war("s6")
    state["war"].update(phase="repair", war_turn=10, prestige=5)
    done(scripted([]), state)
    assert state["end"]["winners"] == []


def test_campaign_earth_wins_holding_the_three_imperial_homes_at_a_war_s_end() -> None:
    state = war("campaign")
    for home in ("dingir", "gashidda", "ishkur"):
        mark(state, home, WORLD, TERRAN)
    state["war"].update(phase="peace", ended=TERRAN)
    peace.begin(scripted([]), state)
    assert state["end"]["winners"] == [TERRAN]


def test_campaign_i106_the_imperium_needs_sol_1_sol_2_and_alpha_centauri_a_and_b() -> None:
    state = war("campaign")
    for planet in ("sol_1", "alpha_centauri_a", "alpha_centauri_b"):
        mark(state, planet, WORLD, IMPERIAL)
    assert peace.campaign_winner(state) is None  # Mars is still Earth's
    mark(state, "sol_2", OUTPOST, IMPERIAL)
    assert peace.campaign_winner(state) == IMPERIAL


def test_16_0_i115_the_peace_after_an_imperial_victory() -> None:
    ctx, state = scripted([2, 3, 4]), war("campaign")
    state["war"].update(phase="peace", ended=IMPERIAL, resources={TERRAN: 40, IMPERIAL: 30})
    state["war"]["temporary"] = ["imperial_dd", "imperial_cs"]  # no CS: the next larger, a CR
    before = types(state, IMPERIAL)
    peace.begin(ctx, state)
    after = types(state, IMPERIAL)
    assert before.count("imperial_dd") - after.count("imperial_dd") == 1
    assert "imperial_cr" in before and "imperial_cr" not in after
    w = state["war"]
    assert (w["peace"], w["war_turn"], w["phase"], w["turn"]) == (9, None, "construction", 2)
    assert w["resources"][IMPERIAL] == income(state, IMPERIAL)  # the winner's stockpile fell to 0
    assert w["resources"][TERRAN] == 40 + income(state, TERRAN)  # the loser kept his


def test_16_0_i115_the_imperium_keeps_the_emperor_s_ships_when_it_lost() -> None:
    state = war("campaign")
    state["war"].update(phase="peace", ended=TERRAN, temporary=["imperial_dd"])
    before = types(state, IMPERIAL)
    peace.begin(scripted([1, 1, 1]), state)
    assert types(state, IMPERIAL) == before and state["war"]["temporary"] == []


def test_16_0_unconnected_outposts_go_with_their_batteries_and_monitors() -> None:
    state = empty("campaign")
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "forlorn", OUTPOST, TERRAN)
    mark(state, "junction", OUTPOST, TERRAN)
    mark(state, "hades", OUTPOST, IMPERIAL)  # cuts Forlorn off
    fleet_in(state, IMPERIAL, "sol", "imperial_dd")  # enemy fleets are ignored
    battery = land(state, TERRAN, "forlorn", "terran_battery")
    monitor = land(state, TERRAN, "forlorn", "terran_m")
    peace.exchange(state)
    assert "forlorn" not in state["war"]["planets"] and "junction" in state["war"]["planets"]
    assert battery not in state["units"] and monitor not in state["units"]


def test_16_0_contested_planets_lose_their_markers() -> None:
    state = empty("campaign")
    mark(state, "sol_1", WORLD, TERRAN)
    mark(state, "alpha_centauri_a", WORLD, TERRAN)
    land(state, TERRAN, "alpha_centauri_a", "terran_infantry_4")
    land(state, IMPERIAL, "alpha_centauri_a", "imperial_drop_4")
    peace.exchange(state)
    assert "alpha_centauri_a" not in state["war"]["planets"]


def test_16_0_i115_all_but_batteries_and_monitors_go_home() -> None:
    state = war("campaign")
    state["war"]["fleets"]["TF1"]["system"] = "procyon"
    state["war"]["fleets"]["IF1"]["system"] = "shulgili"
    infantry = land(state, TERRAN, "alpha_centauri_a", "terran_infantry_3")
    battery = land(state, TERRAN, "alpha_centauri_a", "terran_battery")
    monitor = land(state, IMPERIAL, "tau_ceti", "imperial_m")
    peace.go_home(state)
    assert state["war"]["fleets"]["TF1"]["system"] == "sol"
    assert state["war"]["fleets"]["IF1"]["system"] == "gashidda"  # the home nearest to it
    assert state["units"][infantry]["at"] == "box:sol_1"
    assert state["units"][battery]["at"] == "box:alpha_centauri_a"
    assert state["units"][monitor]["at"] == "box:tau_ceti"
