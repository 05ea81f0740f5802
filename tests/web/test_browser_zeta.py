"""The Zeta Gundam strategic game in a real headless Chromium, through its own view module
(web/games/zeta.js), seen from the AEUG seat: started from the lobby with the Titans invited
(the test plays them through the server with the scripted player, so the game is the same
every run) and Neo Zeon a computer; decisions made by clicking counters, lit hexes and the
action buttons; a reload in the middle; the space and ground maps switched; never another
faction's kept cards, the deck's order or the Titans' nuclear base in the page or in any
WebSocket frame (digest D.1, rules 10.4, 10.5, 36.3); the Japanese interface."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from wartable.agents.scripted.zeta import Scripted
from web.web_support import LiveServer, wait_until, watch_frames

Snap = Callable[..., None]
ME, INVITED, COMPUTER = "aeug", "titans", "neo_zeon"
SEATS = (ME, INVITED, COMPUTER)
SEED = 4
PIECE_BUTTONS = ("govern", "recover", "load", "unload", "board", "alight", "launch", "sortie")


def start_from_lobby(page: Page, live: LiveServer) -> str:
    page.goto(live.base + "/")
    page.click("[data-game=zeta]")
    page.select_option(f"select[data-seat={ME}]", "here")
    page.select_option(f"select[data-seat={INVITED}]", "invite")
    page.select_option(f"select[data-seat={COMPUTER}]", "computer")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_selector("#invites:not([hidden])")
    link = page.locator(f"input[data-invite={INVITED}]").input_value()
    assert "token" in parse_qs(urlsplit(link).fragment)
    page.click("#go")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".zt-board .hex")
    return page.url.rsplit("/", 1)[1]


def play_invited(live: LiveServer, table_id: str, agent: Scripted) -> None:
    """The Titans (the invited seat, played here through the server) decide while they must."""
    table = live.app.server.tables.tables[table_id]
    for _ in range(300):
        game = table.game
        if game.over or INVITED not in game.to_act:
            return
        action = agent.choose(game.view(INVITED, texts=False))
        live.call(live.app.server.tables.act(table, INVITED, action))


def mine_or_over(live: LiveServer, table_id: str, agent: Scripted, page: Page) -> bool:
    """Play the Titans until it is my decision; False once the game is over."""

    def ready() -> bool:
        play_invited(live, table_id, agent)
        game = live.game(table_id)
        return game.over or ME in game.to_act

    wait_until(page, ready, "my decision", seconds=30)
    return not live.game(table_id).over


def where(at: str) -> tuple[str, str]:
    """A location as the page draws it: the map and the hex label."""
    kind, label = at.split(":")
    if kind == "box":
        return "space", {"jupiter": "Y5", "belt": "Z5"}[label]
    return kind, label


def show_map(page: Page, name: str) -> None:
    if page.locator(f'.zt-map[data-map="{name}"]:not([hidden])').count() == 0:
        page.click(f'[data-map-tab="{name}"]')
    page.wait_for_selector(f'.zt-map[data-map="{name}"]:not([hidden]) .hex')


def visible(name: str) -> str:
    return f'.zt-map[data-map="{name}"]:not([hidden])'


def middle(name: str) -> int:
    """Which of the drawings of a hex is the one in view: the ground map is drawn three times
    side by side (its east and west edges join, 13.12), the middle one in view."""
    return 1 if name == "ground" else 0


def click_counter(page: Page, piece: str, at: str) -> None:
    """Click a counter on the map; a stack opens first when its counter is not on top."""
    name, label = where(at)
    show_map(page, name)
    n = middle(name)
    shown = page.locator(f'{visible(name)} .stack [data-counter="{piece}"]')
    if shown.count():
        shown.nth(n).click(force=True)
    else:
        page.locator(f'{visible(name)} .badge[data-badge="{label}"]').nth(n).click(force=True)
    if page.locator(f"{visible(name)} .expanded").count():
        page.locator(f'{visible(name)} .expanded [data-counter="{piece}"]').nth(n).click(force=True)


def click_lit_hex(page: Page, at: str) -> None:
    name, label = where(at)
    show_map(page, name)
    hexes = f'{visible(name)} .hex.lit[data-hex="{label}"]'
    page.wait_for_selector(hexes)
    page.locator(f"{hexes} .hex-face").nth(middle(name)).click(force=True)


def click_action(page: Page, text: str) -> None:
    page.locator("#actions .action", has_text=text).first.click()


def decide(page: Page, live: LiveServer, table_id: str, memo: dict[str, int]) -> str:
    """Make my decision (the scripted player's choice) by clicking; returns how."""
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])", timeout=20_000)
    game = live.game(table_id)
    view = game.view(ME)
    action = Scripted(memo.setdefault("n", 0)).choose(view)
    memo["n"] += 1
    text = next(e["text"]["en"] for e in view["legal_actions"] if e["action"] == action)
    before = len(game.actions)
    units, bases = game.state["units"], game.state["bases"]
    if "move" in action:
        click_counter(page, action["move"], units[action["move"]]["at"])
        click_lit_hex(page, action["to"])
        how = "move"
    elif "fight" in action or ("deploy" in action and action["to"] in bases):
        at = action["fight"] if "fight" in action else bases[action["to"]]["at"]
        click_lit_hex(page, at)
        # one action there: it is on its way (the list is empty meanwhile) or already stored;
        # several: the list asks which
        sent = page.locator("#actions .action").count() == 0
        if not sent and len(live.game(table_id).actions) == before:
            click_action(page, text)
        how = "hex"
    elif any(k in action for k in PIECE_BUTTONS) and next(iter(action.values())) in units:
        piece = next(iter(action.values()))
        click_counter(page, piece, units[piece]["at"])
        page.wait_for_selector(f'#actions .action:has-text("{text}")')
        click_action(page, text)
        how = "piece"
    else:
        click_action(page, text)
        how = "list"
    wait_until(page, lambda: len(live.game(table_id).actions) > before, f"the server to get {text}")
    memo[how] = memo.get(how, 0) + 1
    return how


def snapshot(live: LiveServer, table_id: str) -> tuple[int, dict[str, Any]]:
    """The table's version and its whole state (what no page may hold), under its lock."""

    async def copy() -> tuple[int, dict[str, Any]]:
        table = await live.app.server.tables.get(table_id)
        assert table is not None
        async with table.lock:
            return table.version, json.loads(json.dumps(table.game.state))

    result: tuple[int, dict[str, Any]] = live.call(copy())
    return result


READ_PAGE = """() => {
    const board = document.querySelector(".zt-board");
    const all = (selector) => [...document.querySelectorAll(selector)];
    const kept = document.querySelector('[data-zone="kept"]');
    return {
        version: board.dataset.ztVersion,
        keptOwner: kept ? kept.dataset.owner : null,
        kept: kept ? kept.querySelectorAll(".card").length : 0,
        hand: document.querySelectorAll('[data-zone="hand"] .card').length,
        zones: all("[data-card]").map((e) => e.dataset.card.split(":")[0]),
        deck: document.querySelector('[data-zt="deck"]').textContent,
        held: Object.fromEntries(
            all(".zt-faction").map((e) => [
                e.dataset.faction,
                e.querySelector('[data-zt="cards"]').textContent,
            ]),
        ),
        nuke: document.querySelector('[data-zt="nuke"]')?.textContent ?? "",
    };
}"""


def shown(page: Page, live: LiveServer, table_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The server's state and the page, at the version the page shows."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        seen = page.evaluate(READ_PAGE)
        version, state = snapshot(live, table_id)
        if seen["version"] == str(version):
            return state, seen
        page.wait_for_timeout(25)
    raise AssertionError("the page never caught up with the server")


def check_hidden(page: Page, live: LiveServer, table_id: str) -> None:
    """The page holds my own cards as the server does, the others' only as counts, the deck
    only as its size and no nuclear base."""
    state, seen = shown(page, live, table_id)
    assert seen["keptOwner"] == ME
    assert (seen["hand"], seen["kept"]) == (len(state["hand"][ME]), len(state["kept"][ME]))
    assert set(seen["zones"]) <= {"drawn", "hand", "kept"}, seen["zones"]
    assert seen["deck"] == f"Action deck: {len(state['deck'])} cards"
    for f in SEATS:
        hand, kept = len(state["hand"][f]), len(state["kept"][f])
        assert seen["held"][f] == f"cards: {hand} in hand, {kept} in the deck", f
    if state["nuke"]["base"] is not None and not state["nuke"]["revealed"]:
        assert "a base the Titans keep secret" in seen["nuke"]
        names = live.game(table_id).view(None)["board"]["catalog"]["bases"]
        assert names[state["nuke"]["base"]]["name"]["en"] not in seen["nuke"]


def leaks_in_frame(message: dict[str, Any]) -> list[str]:
    """What a message to my page carries that only another faction may know."""
    if message.get("type") != "view":
        return []
    leaks = []
    if message["seat"] != ME:
        leaks.append(f"a view for {message['seat']}")
    board = message["view"]["board"]
    if not isinstance(board["deck"], int):
        leaks.append("the deck")
    for f in SEATS:
        held = board["cards"][f]
        if not (isinstance(held["hand"], int) and isinstance(held["in_deck"], int)):
            leaks.append(f"{f}'s cards")
    rest = {k: v for k, v in board.items() if k not in ("hand", "kept", "drawn", "action")}
    text = json.dumps(rest) + json.dumps(
        {k: v for k, v in (board["action"] or {}).items() if k != "card"}
    )
    leaks += [f"a card of {f}" for f in (INVITED, COMPUTER) if f"{f}." in text]
    if board["nuke"]["base"] is not None and not board["nuke"]["revealed"]:
        leaks.append("the nuclear base")
    leaks += [f"log {e['n']}" for e in message.get("log", []) if "to" in e and ME not in e["to"]]
    return leaks


def test_zeta_three_seats_played_by_clicking_with_a_reload(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    frames = watch_frames(page)
    table_id = start_from_lobby(page, live)
    titans = Scripted(11)
    assert page.locator(".seat-tab.mine").inner_text().startswith("AEUG")
    game = live.game(table_id)
    # the space map: every hex, the Earth and the two boxes; the ground map behind its tab
    space = game.view(ME)["board"]["catalog"]["maps"]["space"]
    expect(page.locator(f"{visible('space')} g.hex")).to_have_count(len(space["hexes"]) + 3)
    names = page.locator(f"{visible('space')} .hex-name").all_text_contents()
    assert "Granada" in names and "Asteroid Belt box" in names
    expect(page.locator('.zt-faction[data-faction="aeug"] [data-zt="vp"]')).to_have_text("14")
    show_map(page, "ground")
    ground = game.view(ME)["board"]["catalog"]["maps"]["ground"]
    expect(page.locator(f"{visible('ground')} g.hex")).to_have_count(3 * len(ground["hexes"]))
    assert "Jaburo" in page.locator(f"{visible('ground')} .hex-name").all_text_contents()
    snap(page, "zeta-01-ground")
    show_map(page, "space")
    snap(page, "zeta-02-space")

    memo: dict[str, int] = {}
    reloaded = False
    for i in range(60):
        if not mine_or_over(live, table_id, titans, page):
            break
        if i == 8:
            page.reload()
            page.wait_for_selector(".zt-board .hex")
            reloaded = True
            snap(page, "zeta-03-after-reload")
        check_hidden(page, live, table_id)
        decide(page, live, table_id, memo)
        if memo.get("move", 0) >= 2 and memo.get("piece", 0) + memo.get("hex", 0) >= 1 and i > 12:
            break
    assert reloaded
    assert memo.get("list", 0) > 0 and memo.get("move", 0) > 0, memo
    assert memo.get("hex", 0) + memo.get("piece", 0) > 0, memo
    snap(page, "zeta-04-played")

    # Japanese: the board's own words
    page.click("#lang")
    page.wait_for_selector("html[lang=ja]")
    expect(page.locator('[data-map-tab="space"]')).to_have_text("宇宙マップ")
    expect(page.locator('.zt-faction[data-faction="titans"] h3')).to_contain_text("ティターンズ")
    snap(page, "zeta-05-japanese")

    # not one message that reached my page carried another faction's secrets
    assert [f for f in frames if f.get("type") == "view"]
    assert [leak for f in frames for leak in leaks_in_frame(f)] == []
