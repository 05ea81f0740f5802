"""Skirmish in a real headless Chromium: the lobby, decisions made by clicking the board and the
action buttons, a reload in the middle, no hidden data of the other seat in the page, the
Japanese interface, hot-seat with its curtain, and the replay of a finished game."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from web.web_support import LiveServer, settled, wait_until, watch_frames

Snap = Callable[..., None]
KIND_NAMES = {
    "guard": ("guard", "Guard", "護衛"),
    "scout": ("scout", "Scout", "斥候"),
    "tank": ("tank", "Tank", "戦車"),
}
STANCE_NAMES = ("Attack", "Defend", "攻撃", "防御")


def start_from_lobby(
    page: Page, live: LiveServer, seats: dict[str, str], seed: int, turns: int | None = None
) -> str:
    page.goto(live.base + "/")
    page.click("[data-game=skirmish]")
    for seat, kind in seats.items():
        page.select_option(f"select[data-seat={seat}]", kind)
    if turns is not None:
        page.fill("input[name=turns]", str(turns))
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".counter")
    return page.url.rsplit("/", 1)[1]


def leaks_for_red(message: dict[str, Any]) -> list[str]:
    if message.get("type") != "view":
        return []
    leaks = []
    if message["seat"] != "red":
        leaks.append(f"a view for {message['seat']}")
    board = message["view"]["board"]
    for unit in board["units"]:
        if unit["side"] == "blue" and not unit["up"] and unit["kind"] is not None:
            leaks.append(f"kind of face-down {unit['id']}")
    if board["phase"] == "stance" and board["stance"]["blue"] not in (None, False, "chosen"):
        leaks.append("blue's secret stance")
    leaks += [f"log {e['n']}" for e in message["log"] if "to" in e and "red" not in e["to"]]
    return leaks


def check_no_hidden_data(page: Page, live: LiveServer, table_id: str) -> int:
    """Red's page shows none of blue's secrets; the number of blue secrets checked."""
    state = live.truth(table_id)
    checked = 0
    for unit in state["units"]:
        if unit["side"] == "blue" and not unit["up"]:
            counter = page.locator(f'.stack [data-counter="{unit["id"]}"]').first
            assert "back" in (counter.get_attribute("class") or "")
            html = counter.evaluate("el => el.outerHTML")
            for name in KIND_NAMES[unit["kind"]]:
                assert name not in html, (unit, html)
            checked += 1
    if state["phase"] == "stance" and state["stance"]["blue"] is not None:
        card = page.locator('[data-card="side:blue"]')
        assert "back" in (card.get_attribute("class") or "")
        html = card.evaluate("el => el.outerHTML")
        assert not any(name in html for name in STANCE_NAMES), html
        checked += 1
    return checked


def wait_for_my_decision(page: Page) -> None:
    """Until the page shows red's decision with its buttons live: a page whose action is on its
    way shows no live button until the server's answer, and the view after it, are in."""
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])", timeout=15_000)


def click_counter(page: Page, unit_id: str) -> None:
    page.locator(f'.stack [data-counter="{unit_id}"]').first.click(force=True)
    if page.locator(".expanded").count():  # a stack opens: pick the counter from it
        page.locator(f'.expanded [data-counter="{unit_id}"]').click(force=True)


def decide(page: Page, live: LiveServer, table_id: str, how: str) -> str:
    """Make red's current decision: on the board ("board") or with the action buttons
    ("list"); returns what was done."""
    wait_for_my_decision(page)
    state = live.truth(table_id)
    before = len(live.game(table_id).actions)
    if state["phase"] == "stance":
        stance = "attack" if before % 4 < 2 else "defend"
        if how == "board":
            page.click(f'.hand [data-card="stance:{stance}"]')
        else:
            page.locator("#actions .action", has_text=f"stance: {stance}").click()
        done = f"stance {stance} ({how})"
    elif state["phase"] == "defend":
        here = state["fight"]["hex"]
        mine = [u for u in state["units"] if u["side"] == "red" and u["hex"] == here]
        if how == "board":
            click_counter(page, mine[0]["id"])
        else:
            page.locator("#actions .action", has_text=f"defend with {mine[0]['id']}").click()
        done = f"defend with {mine[0]['id']} ({how})"
    elif how == "board":
        selectable = page.locator(".stack .counter.selectable")
        unit_id = selectable.first.get_attribute("data-counter")
        assert unit_id
        click_counter(page, unit_id)
        page.wait_for_selector(".hex.lit")
        lit = page.locator(".hex.lit").last.get_attribute("data-hex")
        expect(page.locator(".selection")).to_contain_text("Selected")
        page.locator(f'.hex.lit[data-hex="{lit}"] .hex-face').click(force=True)
        done = f"move {unit_id} to {lit} (board)"
    else:
        page.locator("#actions .action", has_text="pass").click()
        done = "pass (list)"
    wait_until(page, lambda: len(live.game(table_id).actions) > before, f"the server to get {done}")
    return done


def test_skirmish_against_the_computer_by_clicking(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    frames = watch_frames(page)
    page.goto(live.base + "/")
    page.wait_for_selector("[data-game=skirmish]")
    snap(page, "skirmish-01-lobby")
    table_id = start_from_lobby(page, live, {"red": "here", "blue": "computer"}, seed=7)
    assert page.locator(".seat-tab.mine").inner_text().startswith("Red")
    snap(page, "skirmish-02-start")

    done = []
    checked = 0
    plan = ["board", "board", "board", "list", "board", "board"]
    for i, how in enumerate(plan):
        done.append(decide(page, live, table_id, how))
        checked += check_no_hidden_data(page, live, table_id)
        if i == 1:
            snap(page, "skirmish-03-after-moves")
    assert any("(board)" in d and d.startswith("move") for d in done), done
    assert any("(list)" in d for d in done), done

    # reload: the page comes back with the game as it was, and play carries on
    moves = len(live.game(table_id).actions)
    page.reload()
    page.wait_for_selector(".counter")
    wait_for_my_decision(page)
    game = live.game(table_id)
    assert len(game.actions) >= moves  # (the computer may have moved meanwhile)
    wait_until(  # the whole log that red may see is back on the page
        page,
        lambda: page.locator("#log .event").count() == len(game.log("red")),
        "the whole log on the page",
    )
    for how in ("board", "board"):
        done.append(decide(page, live, table_id, how))
        checked += check_no_hidden_data(page, live, table_id)
    snap(page, "skirmish-04-after-reload")
    assert checked > 0

    # the dice and the log: every roll shows its dice and rule number
    if page.locator("#log .event.roll").count():
        assert page.locator("#log .event.roll .die").count() >= 1
        assert page.locator("#log .event.roll .rule").first.inner_text() == "S5"

    # Japanese, everywhere
    page.click("#lang")
    page.wait_for_selector("html[lang=ja]")
    expect(page.locator("#lang")).to_have_text("English")
    assert page.locator(".panel-body").first.is_visible()
    heading = page.locator("#decision-heading").inner_text()
    assert any("\u3040" <= ch <= "\u9fff" for ch in heading), heading
    faces = page.locator(".stack .counter:not(.back) .counter-top").all_text_contents()
    assert faces and all(name in ("護衛", "斥候", "戦車") for name in faces), faces
    snap(page, "skirmish-05-japanese")
    page.set_viewport_size({"width": 820, "height": 1180})
    settled(page)
    snap(page, "skirmish-06-tablet-portrait", full_page=True)

    # not one message that reached red's page carried blue's secrets
    views = [f for f in frames if f.get("type") == "view"]
    assert views
    assert [leak for f in frames for leak in leaks_for_red(f)] == []


def test_hot_seat_puts_up_a_curtain_between_the_seats(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    table_id = start_from_lobby(page, live, {"red": "here", "blue": "here"}, seed=3)
    assert page.locator("button.seat-tab").count() == 2
    wait_for_my_decision(page)
    page.click('.hand [data-card="stance:attack"]')
    # blue must choose now: the page hides red's view behind a curtain
    page.wait_for_selector("#curtain:not([hidden])")
    assert "Blue" in page.locator("#curtain").inner_text()
    snap(page, "skirmish-07-curtain")
    page.locator("#curtain button").click()
    page.wait_for_selector("#curtain", state="hidden")
    assert page.locator(".seat-tab.shown").inner_text().startswith("Blue")
    # blue's own units are face up for blue, red's are backs
    state = live.truth(table_id)
    for unit in state["units"]:
        cls = page.locator(f'.stack [data-counter="{unit["id"]}"]').first.get_attribute("class")
        assert ("back" in (cls or "")) == (unit["side"] == "red")
    page.click('.hand [data-card="stance:defend"]')
    # stances are revealed; red (the active side) moves: the curtain again, then red's view
    page.wait_for_selector("#curtain:not([hidden])")
    assert "Red" in page.locator("#curtain").inner_text()
    page.locator("#curtain button").click()
    page.wait_for_selector(".counter.selectable")
    assert page.locator(".seat-tab.shown").inner_text().startswith("Red")
    assert len(live.game(table_id).actions) == 2


def test_a_finished_game_is_replayed_step_by_step(page: Page, live: LiveServer, snap: Snap) -> None:
    table_id = start_from_lobby(page, live, {"red": "here", "blue": "computer"}, seed=4, turns=1)
    for how in ("board", "list", "board", "list"):
        if live.game(table_id).over:
            break
        decide(page, live, table_id, how)
    page.wait_for_selector("#replay-button", timeout=15_000)
    assert page.locator("#banner").is_visible()
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    moves = len(live.game(table_id).actions)
    info = page.locator(".replay-info")
    expect(info).to_contain_text(f"Step 0 of {moves}")
    assert info.inner_text().endswith("Set-up")
    page.click('button[aria-label="Forward"]')
    expect(info).to_contain_text(f"Step 1 of {moves}")
    page.keyboard.press("ArrowRight")
    expect(info).to_contain_text(f"Step 2 of {moves}")
    snap(page, "skirmish-08-replay")
    page.click('button[aria-label="End"]')
    expect(info).to_contain_text(f"Step {moves} of {moves}")
    page.click("text=Back to the game")
    page.wait_for_selector("#replay-bar", state="hidden")


def test_a_seat_invited_by_link_plays_from_another_browser(
    page: Page, browser: Any, live: LiveServer, snap: Snap
) -> None:
    page.goto(live.base + "/")
    page.click("[data-game=skirmish]")
    page.select_option("select[data-seat=blue]", "invite")
    page.click("#start")
    page.wait_for_selector("#invites:not([hidden])")
    link = page.locator("input[data-invite=blue]").input_value()
    assert "#seat=blue&token=" in link
    snap(page, "skirmish-09-invitation")
    page.click("#go")
    page.wait_for_selector(".counter")
    table_id = page.url.rsplit("/", 1)[1]
    assert "token" not in page.url

    other = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        blue = other.new_page()
        blue.goto(link)
        blue.wait_for_selector(".counter")
        assert "#" not in blue.url  # the token left the address bar
        assert blue.locator(".seat-tab.mine").inner_text().startswith("Blue")
        state = live.truth(table_id)
        for unit in state["units"]:
            cls = blue.locator(f'.stack [data-counter="{unit["id"]}"]').first.get_attribute("class")
            assert ("back" in (cls or "")) == (unit["side"] == "red")
        # red's card on blue's page: "choosing…" while red chooses (face up, with no stance)
        reds = blue.locator('[data-card="side:red"]')
        expect(reds).to_contain_text("choosing")
        blue.click('.hand [data-card="stance:defend"]')
        # red's page learns at once that blue has chosen (face down), but not what
        blues = page.locator('[data-card="side:blue"]')
        expect(blues).to_have_class(re.compile(r"\bback\b"))
        assert not any(name in blues.inner_text() for name in STANCE_NAMES)
        page.click('.hand [data-card="stance:attack"]')
        # both have chosen: the stances are revealed on both pages
        expect(reds).to_contain_text("Attack")
        expect(reds).not_to_have_class(re.compile(r"\bback\b"))
        expect(blues).to_contain_text("Defend")
        snap(blue, "skirmish-10-invited-blue")
    finally:
        other.close()


LAYOUTS = [("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")]


def test_the_hex_map_lays_hexes_out_as_the_engine_does(page: Page, live: LiveServer) -> None:
    """For every layout, two hexes are neighbours on the screen exactly when the engine says
    so; a wrap-around map is drawn three times side by side."""
    from wartable.engine.hexmap import HexGrid

    page.goto(live.base + "/")
    page.wait_for_selector("[data-game]")
    for orientation, parity in LAYOUTS:
        grid = HexGrid.rectangle(6, 5, orientation=orientation, parity=parity)  # type: ignore[arg-type]
        labels = [grid.label(h) for h in grid]
        positions = page.evaluate(
            """async ([labels, orientation, parity]) => {
                const { HexMap } = await import("/static/js/render/hexmap.js");
                const box = document.createElement("div");
                box.style.cssText = "position:fixed;left:0;top:0;width:400px;height:300px";
                document.body.append(box);
                const map = new HexMap(box, { orientation, parity, size: 10 });
                const out = Object.fromEntries(labels.map((l) => [l, map.position(l)]));
                map.destroy();
                box.remove();
                return out;
            }""",
            [labels, orientation, parity],
        )
        for a in labels:
            near = {grid.label(n) for n in grid.neighbours(a)}
            for b in labels:
                if a == b:
                    continue
                pa, pb = positions[a], positions[b]
                distance = ((pa["x"] - pb["x"]) ** 2 + (pa["y"] - pb["y"]) ** 2) ** 0.5
                assert (abs(distance - 10 * 3**0.5) < 0.01) == (b in near), (
                    orientation,
                    parity,
                    a,
                    b,
                    distance,
                )
    copies = page.evaluate(
        """async () => {
            const { HexMap } = await import("/static/js/render/hexmap.js");
            const box = document.createElement("div");
            box.style.cssText = "position:fixed;left:0;top:0;width:400px;height:300px";
            document.body.append(box);
            const map = new HexMap(box, { orientation: "pointy", parity: "odd", wrap: true });
            map.render({ hexes: ["A01", "B01", "C01", "D01"].map((label) => ({ label })) });
            const n = box.querySelectorAll('[data-hex="A01"]').length;
            map.destroy();
            box.remove();
            return n;
        }"""
    )
    assert copies == 3


def test_a_wrong_link_shows_nothing_of_the_seat_and_offers_to_watch(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    created = live.call(
        live.app.server.tables.create("skirmish", {"red": "here", "blue": "here"}, seed=2)
    )
    table_id = created[0].id
    frames = watch_frames(page)
    page.goto(f"{live.base}/play/{table_id}#seat=red&token=not-the-token-of-this-seat")
    page.wait_for_selector("#curtain .fatal")
    assert "not valid" in page.locator("#curtain").inner_text()
    assert not [f for f in frames if f.get("type") in ("view", "joined")]
    snap(page, "skirmish-11-wrong-link")
    page.click("text=Watch as a spectator")
    page.wait_for_selector("#curtain", state="hidden")
    page.wait_for_selector(".counter")
    assert page.locator(".stack .counter").count() == page.locator(".stack .counter.back").count()
    assert page.locator(".seat-tab.spectator").is_visible()
    assert page.locator("#actions .action").count() == 0


def test_a_page_for_no_game(browser: Any, live: LiveServer) -> None:
    page = browser.new_page()  # (its console shows the 404 of the missing table: expected)
    try:
        page.goto(f"{live.base}/play/no-such-table")
        page.wait_for_selector("#curtain .fatal")
        assert "no such game" in page.locator("#curtain").inner_text()
        assert page.locator("#curtain a[href='/']").is_visible()
    finally:
        page.close()
