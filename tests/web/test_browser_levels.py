"""Computer levels in a real headless Chromium (issue 9): the lobby offers easy, normal and
hard for each seat, in English and Japanese; a table started with a hard computer seat has
that level at the server, and while the computer decides the page says it is thinking."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from web.web_support import LiveServer, wait_until

LEVELS = ("computer:easy", "computer", "computer:hard")


def test_the_lobby_offers_each_level_in_both_languages(page: Page, live: LiveServer) -> None:
    page.goto(live.base + "/")
    page.click("[data-game=votoms]")
    seat = page.locator("select[data-seat=bieler] option")
    expect(seat).to_have_count(5)  # here, invite and the three levels
    options = dict(seat.evaluate_all("options => options.map((o) => [o.value, o.textContent])"))
    assert {kind: options[kind] for kind in LEVELS} == {
        "computer:easy": "Computer (easy)",
        "computer": "Computer (normal)",
        "computer:hard": "Computer (hard)",
    }
    page.click("#lang")  # English → 日本語
    expect(page.locator("select[data-seat=bieler] option[value='computer:hard']")).to_have_text(
        "コンピューター（強い）"
    )


def test_a_hard_computer_seat_thinks_and_the_page_says_so(page: Page, live: LiveServer) -> None:
    page.goto(live.base + "/")
    page.click("[data-game=votoms]")
    page.select_option("select[data-seat=merc]", "here")
    page.select_option("select[data-seat=bieler]", "computer:hard")  # Bieler decides first
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_url("**/play/*")
    table_id = page.url.rsplit("/", 1)[1]

    table = live.app.server.tables.tables[table_id]
    assert table.kinds == {"merc": "here", "bieler": "computer:hard"}
    # a hard computer searches for a second and a half per decision: long enough to be seen
    expect(page.locator("#decision-heading")).to_contain_text("is thinking", timeout=10_000)
    wait_until(page, lambda: len(live.game(table_id).actions) > 0, "the computer's first action")
    assert live.game(table_id).actions[0][0] == "bieler"
