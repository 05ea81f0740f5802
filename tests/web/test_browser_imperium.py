"""IMPERIUM in a real headless Chromium, seen from the Terran seat: scenario 2 started from the
lobby with the Imperial seat invited (the test plays it through the server with the scripted
player, so the game is the same every run); every Terran decision made by clicking a counter and
a lit area or enemy counter on the three levels of the space board, or an action button; a
reload in the middle; the ranges of a clicked ship lit; the Japanese interface. Scenario 1's
planetary battle: the Terran page and its websocket never hold which transport carries which
Imperial troops (11.5, ruling I40)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

import wartable
from wartable.agents.scripted.imperium import Scripted
from web.web_support import LiveServer, start_imperium, wait_until, watch_frames

Snap = Callable[..., None]
SEED = 2
TERRAN, IMPERIAL = "terran", "imperial"


def play_imperial(live: LiveServer, table_id: str) -> None:
    """The invited Imperial seat, played through the server by the scripted player."""
    table = live.app.server.tables.tables[table_id]
    agent = Scripted(SEED)
    while IMPERIAL in table.game.to_act and not table.game.over:
        action = agent.choose(table.game.view(IMPERIAL, texts=False))
        live.call(live.app.server.tables.act(table, IMPERIAL, action))


def wait_for_my_decision(page: Page, live: LiveServer, table_id: str) -> bool:
    """Wait until the Terran page offers a decision; False once the game is over."""
    game = live.game(table_id)
    if game.over:
        return False
    wait_until(page, lambda: TERRAN in game.to_act or game.over, "the Terran's turn")
    if game.over:
        return False
    table = live.app.server.tables.tables[table_id]
    board = page.locator(".imp-board")
    # the page has drawn the table's latest view (a reload's old connection may still end
    # after the new one joins, and that too is a new version)
    wait_until(page, lambda: board.get_attribute("data-version") == str(table.version), "the view")
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])", timeout=15_000)
    return True


def click_counter(page: Page, uid: str) -> None:
    """Select a counter (a ship that has just moved stays selected: no click then)."""
    if not page.locator(f'.imp-board .selected[data-counter="{uid}"]').count():
        page.locator(f'.imp-board [data-counter="{uid}"]').first.click()


def play_by_clicking(page: Page, action: dict[str, Any]) -> None:
    """Make `action` as a player does: a counter then a lit area or enemy, or its button."""
    if "place" in action or "move" in action or "enter" in action:
        uid = action.get("place") or action.get("move") or action.get("enter")
        area = action.get("area") or action.get("to")
        click_counter(page, uid)
        page.locator(f'.imp-area.lit[data-area="{area}"]').click()
    elif "fire" in action and "dice" not in action:
        click_counter(page, action["fire"])
        lit = page.locator(f'.imp-ship.lit[data-counter="{action["at"]}"]')
        lit.wait_for()
        lit.click()  # (Sc2 has no capital ship: no split of the dice to choose, ruling I25)
    else:
        text = page.locator("#actions .action").first.inner_text()
        page.locator("#actions .action", has_text=text).first.click()


def check_ranges(page: Page, game: wartable.Game, snap: Snap) -> None:
    """A clicked enemy ship lights its ranges: beams in its area and the areas beside it (12.6;
    no capital ship in Sc2), torpedoes up to three areas away (12.7)."""
    areas = game.state["battle"]["areas"]
    enemy = next(u for u in areas if game.state["units"][u]["side"] == IMPERIAL)
    page.locator(f'.imp-area [data-counter="{enemy}"]').click()
    page.wait_for_selector(f'.imp-area.imp-beam[data-area="{areas[enemy]}"]')
    board = game.rules.components.get({}).board

    def within(reach: int) -> set[str]:
        return {a for a in board.areas if board.distance(a, areas[enemy]) <= reach}

    assert {e.get_attribute("data-area") for e in page.locator(".imp-beam").all()} == within(1)
    assert {e.get_attribute("data-area") for e in page.locator(".imp-torp").all()} == within(3)
    # and the exact odds of its fire at each of our ships it reaches, from the server
    try:
        rows = game.odds(TERRAN, {"shooter": enemy})["data"]["rows"]  # type: ignore[index]
    except ValueError:
        rows = []
    panel = page.locator('[data-panel="imp-odds"]')
    if rows:
        page.wait_for_selector(".imp-odds li")
        assert panel.locator("li").count() == len(rows)
        assert rows[0]["note"]["en"] in panel.inner_text()
    else:
        assert panel.is_hidden()  # nothing in reach: no odds asked
    snap(page, "imperium-ranges")
    page.locator(f'.imp-area [data-counter="{enemy}"]').click()  # and off again
    page.wait_for_selector(".imp-beam", state="detached")


def test_scenario_2_played_by_clicking_with_a_reload(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    table_id = start_imperium(page, live, "s2", SEED, ".imp-grid")
    game = live.game(table_id)
    assert page.locator(".imp-grid").count() == 3  # the three levels side by side (12.1)
    assert page.locator(".imp-area").count() == 75
    assert page.locator('.imp-area.imp-planet[data-area="233"]').count() == 1
    played = 0
    while played < 30 and wait_for_my_decision(page, live, table_id):
        legal = game.legal_actions(TERRAN)
        clickable = [a for a in legal if "place" in a or "move" in a or "fire" in a]
        action = clickable[0] if clickable else legal[0]
        before = len(game.actions)
        if clickable:
            play_by_clicking(page, action)
        else:
            page.locator("#actions .action").first.click()
        wait_until(page, lambda n=before: len(game.actions) > n, "the server to get the action")
        player, made = game.actions[before]
        assert player == TERRAN and (made == action or not clickable)
        played += 1
        play_imperial(live, table_id)
        if played == 10:
            snap(page, "imperium-space")
            page.reload()
            page.wait_for_selector(".imp-board .imp-area [data-counter]")
            areas = game.state["battle"]["areas"]
            assert page.locator(".imp-area [data-counter]").count() == len(areas)
            check_ranges(page, game, snap)
    assert played >= 10
    page.click("#lang")
    page.wait_for_selector("text=レベル1")
    assert "警棒作戦" in page.content()


def test_scenario_1_no_page_or_frame_holds_the_secret_cargo(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    frames = watch_frames(page)
    table_id = start_imperium(page, live, "s1", SEED, ".imp-map .hex")
    game = live.game(table_id)
    play_imperial(live, table_id)  # loading (ruling I15), bombardment
    checked = 0
    while wait_for_my_decision(page, live, table_id) and checked < 12:
        units = live.truth(table_id)["units"]
        secret = {
            uid: u["aboard"]
            for uid, u in units.items()
            if u["side"] == IMPERIAL and u["aboard"] is not None and uid not in game.state["shown"]
        }
        html = page.content()
        for uid, ship in secret.items():
            assert f"aboard {ship}" not in html
            chip = page.locator(f'[data-counter="{uid}"]')
            if chip.count():
                assert ship not in (chip.first.get_attribute("title") or "")
        for frame in frames:
            board = (frame.get("view") or {}).get("board")
            if board is not None:
                for uid in secret:
                    if uid in board["units"]:
                        assert board["units"][uid]["aboard"] in ("hidden", None)
        if secret:
            checked += 1
            if checked == 1:
                snap(page, "imperium-planet")
        before = len(game.actions)
        legal = game.legal_actions(TERRAN)
        if "deploy" in legal[0]:
            click_counter(page, legal[0]["deploy"])
            page.locator(f'.hex.lit[data-hex="{legal[0]["hex"]}"] .hex-face').first.click(
                force=True
            )
        else:
            page.locator("#actions .action").first.click()
        wait_until(page, lambda n=before: len(game.actions) > n, "the server to get the action")
        play_imperial(live, table_id)
    assert checked > 0
    assert wartable.games().count("imperium") == 1
