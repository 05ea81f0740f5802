"""IMPERIUM's galactic war in a real headless Chromium, seen from the Terran seat: scenario 6
started from the lobby with the Imperial seat invited (the test plays it through the server, so
the game is the same every run); a unit set up and fleets moved on the galactic map by clicking
a unit or fleet marker and a lit system, a system activated by clicking it, the other
decisions from the action list; a battle of the war drawn with part 1's combat view, then the
map again; a reload in the middle; and at every Terran decision neither the page nor its
websocket holds a unit the Terran may not see (the Imperial fleets' contents, hidden.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from wartable.engine import Game
from wartable.games.imperium.war import hidden
from wartable.games.imperium.war.state import gal
from web.web_support import LiveServer, start_imperium, wait_until, watch_frames

Snap = Callable[..., None]
SEED = 1
TERRAN, IMPERIAL = "terran", "imperial"
QUICK = ({"done": True}, {"pass": True}, {"pay": True}, {"deploy": True}, {"contact": "fight"})


def choose(game: Game, side: str) -> dict[str, Any]:
    """A short way to a battle: fleets jump toward the nearest enemy planet, everything else
    ends as soon as it may (the test's choice, read from the server's state)."""
    legal = game.legal_actions(side)
    galaxy = gal(game.state)
    planets = game.state["war"]["planets"]
    goals = {galaxy.system_of[p] for p, held in planets.items() if held["owner"] != side}
    away = {s: min((galaxy.hops[g].get(s, 99) for g in goals), default=99) for s in galaxy.links}
    jumps = [a for a in legal if "jump" in a]
    if jumps:
        return min(jumps, key=lambda a: away.get(a["to"], 99))
    mine = {f["system"] for f in game.state["war"]["fleets"].values() if f["side"] == side}
    activations = [a for a in legal if a.get("activate") in mine]
    if activations:
        return min(activations, key=lambda a: away.get(a["activate"], 99))
    return next((a for a in QUICK if a in legal), legal[0])


def play_imperial(live: LiveServer, table_id: str) -> None:
    """The invited Imperial seat, played through the server."""
    table = live.app.server.tables.tables[table_id]
    while IMPERIAL in table.game.to_act and not table.game.over:
        live.call(live.app.server.tables.act(table, IMPERIAL, choose(table.game, IMPERIAL)))


def wait_for_my_decision(page: Page, live: LiveServer, table_id: str) -> bool:
    """Wait until the page shows the table's latest view with a Terran decision; False once
    the game is over."""
    table = live.app.server.tables.tables[table_id]
    game = table.game
    wait_until(page, lambda: TERRAN in game.to_act or game.over, "the Terran's turn")
    if game.over:
        return False
    board = page.locator(".imp-board")
    wait_until(page, lambda: board.get_attribute("data-version") == str(table.version), "the view")
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])")
    return True


def button(action: dict[str, Any]) -> str:
    return f"#actions .action[data-action='{json.dumps(action, separators=(',', ':'))}']"


def click_system(page: Page, system: str) -> None:
    page.locator(f'.imp-system.lit[data-system="{system}"] .imp-star').click()


def play_on_map(page: Page, action: dict[str, Any]) -> str:
    """Make a war decision as a player does; returns how ("map" or "list")."""
    if "place" in action and str(action.get("at", "")).startswith("system:"):
        page.locator(f'[data-unit="{action["place"]}"]').click()
        click_system(page, action["at"].split(":", 1)[1])
        return "map"
    if "jump" in action or ("retreat" in action and "to" in action):
        fleet = str(action.get("jump") or action["retreat"]).removeprefix("fleet:")
        if not page.locator(f'.imp-fleet.selected[data-fleet="{fleet}"]').count():
            page.locator(f'.imp-fleet[data-fleet="{fleet}"] rect').click()
        click_system(page, action["to"])
        return "map"
    if "activate" in action:
        click_system(page, action["activate"])
        return "map"
    page.locator(button(action)).click()
    return "list"


def check_secrets(page: Page, frames: list[dict[str, Any]], game: Game, version: int) -> int:
    """No Imperial unit the Terran may not see is in the page's view of this version or in
    its page (a fleet sheet, a counter); returns how many there are."""
    secret = set(hidden.secret_units(game.state, TERRAN))
    views = [f for f in frames if f.get("type") == "view" and f.get("version") == version]
    assert views, "the page got this version"
    for frame in views:
        assert frame["seat"] == TERRAN
        board = frame["view"]["board"]
        assert not secret & set(board["units"]), secret & set(board["units"])
        for uid, unit in board["units"].items():
            assert unit["side"] == TERRAN or uid not in secret
    shown = set(
        page.eval_on_selector_all(
            "[data-unit], [data-counter]",
            "els => els.map((e) => e.dataset.unit || e.dataset.counter)",
        )
    )
    assert not secret & shown, secret & shown
    for fleet, held in game.state["war"]["fleets"].items():
        inside = [u for u, unit in game.state["units"].items() if unit["at"] == f"fleet:{fleet}"]
        if held["side"] == IMPERIAL and inside and set(inside) <= secret:
            sheet = page.locator(f'[data-fleet-sheet="{fleet}"]')
            assert "contents unknown" in sheet.inner_text()  # its marker, and nothing else
    return len(secret)


def check_told(page: Page, game: Game) -> int:
    """The war panel names this turn's interference event (6.1, B.2) in words (returns 1 if
    there is one), and the fleet sheet of each fleet that said on contact whether it holds
    warships (11.3) says it."""
    war = game.state["war"]
    events = 0
    if war.get("event"):
        name = gal(game.state).events[war["event"]].name["en"]
        assert page.locator(f'[data-event="{war["event"]}"]').inner_text() == f"Event: {name}"
        events = 1
    for fleet, warships in war.get("disclosed", {}).items():
        if fleet in war["fleets"]:
            words = "warships" if warships else "only fighters, scouts, auxiliaries"
            sheet = page.locator(f'[data-fleet-sheet="{fleet}"] h4')
            assert f"said on contact: {words}" in sheet.inner_text()
    return events


def test_scenario_6_a_war_played_by_clicking_with_a_battle_and_a_reload(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    frames = watch_frames(page)
    table_id = start_imperium(page, live, "s6", SEED, ".imp-galaxy [data-system]")
    table = live.app.server.tables.tables[table_id]
    game = table.game
    view = game.view(TERRAN)
    systems = view["board"]["printed"]["systems"]
    assert page.locator(".imp-galaxy [data-system]").count() == len(systems)
    assert "Sol" in page.locator(".imp-galaxy").inner_text()
    for planet, held in view["board"]["war"]["planets"].items():
        mark = page.locator(f'.imp-planet-mark[data-planet="{planet}"]')
        assert mark.get_attribute("data-owner") == held["owner"]
        assert mark.get_attribute("data-marker") == held["marker"]
    snap(page, "imperium-war-setup")

    by_map: list[dict[str, Any]] = []
    jumped = battle = back = reloaded = False
    most_secret = 0
    events = 0
    played = 0
    while played < 200 and wait_for_my_decision(page, live, table_id):
        most_secret = max(most_secret, check_secrets(page, frames, game, table.version))
        mode = page.locator(".imp-board").get_attribute("data-mode")
        if mode == "battle":
            if not battle:
                page.wait_for_selector(".imp-grid")  # part 1's space combat board
                assert page.locator(".imp-war").is_hidden()
                where = page.locator("[data-battle-at]").inner_text()
                assert where.startswith("Battle at "), where
                snap(page, "imperium-war-battle")
            battle = True
        elif battle and game.state["battle"] is None:
            page.wait_for_selector(".imp-galaxy [data-system]")  # the map again
            back = True
        if mode != "battle":
            events += check_told(page, game)
        if back and jumped:
            break
        action = choose(game, TERRAN)
        places = [a for a in game.legal_actions(TERRAN) if "place" in a and "at" in a]
        if places and not by_map:
            action = places[0]  # one unit set up by hand, the rest by the list's "deploy"
        before = len(game.actions)
        if mode == "battle":
            how = "list"
            page.locator(button(action)).click()
        else:
            how = play_on_map(page, action)
        wait_until(page, lambda n=before: len(game.actions) > n, "the server to get the action")
        assert game.actions[before] == (TERRAN, action)
        if how == "map":
            by_map.append(action)
            jumped = jumped or "jump" in action
        played += 1
        if jumped and not reloaded:
            fleet, system = action["jump"], action["to"]
            snap(page, "imperium-war-map")
            page.locator('[data-panel="imw-fleets"]').scroll_into_view_if_needed()
            snap(page, "imperium-war-fleets")
            page.reload()
            # the same game: the fleet's marker where it jumped to
            page.wait_for_selector(f'.imp-system[data-system="{system}"] [data-fleet="{fleet}"]')
            assert page.url.endswith(table_id)
            reloaded = True
        play_imperial(live, table_id)

    assert any("place" in a for a in by_map), by_map
    assert any("activate" in a for a in by_map), by_map
    assert jumped and reloaded
    assert battle, "a battle of the war opened in the combat view"
    assert back, "the map came back after the battle"
    assert most_secret > 0  # the Imperial fleets held units the Terran page never got
    assert events  # the interference events by name (a disclosure is checked when one stands)
    snap(page, "imperium-war-after")
    page.click("#lang")
    page.wait_for_selector(".imp-galaxy text:has-text('ソル')")
