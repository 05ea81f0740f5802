"""VOTOMS in a real headless Chromium, seen from the Bieler seat: started from the lobby with
Merc invited (the test plays Merc through the server, so the game is the same every run);
decisions made by clicking a Bieler unit and a lit hex and with the action buttons, a reload
in the middle, a combat with its exact odds from the server, never a Merc secret in the page,
the Japanese interface. The map is checked against the engine's grid."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

import wartable
from wartable.engine import Game
from wartable.games.votoms.state import comp
from web.web_support import LiveServer, wait_until, watch_frames

Snap = Callable[..., None]
SEED = 1
MERC_BASES = ("E11", "E07", "B08")  # EX-9, Zakui, EX-10: a Bieler unit there means a combat
# Words of Merc unit types that must never reach the Bieler page while every counter of the
# type is face-down (besides every name and type id of such units, which are checked too).
EXAMPLES = {
    "Kan Yu": "kan_yu",
    "カン・ユー": "kan_yu",
    "scopedog": "scopedog",
    "marshydog": "marshydog",
    "merc_soldier": "merc_soldier",
}


# -- helpers -------------------------------------------------------------------------------------


def start_from_lobby(page: Page, live: LiveServer) -> str:
    page.goto(live.base + "/")
    page.click("[data-game=votoms]")
    page.select_option("select[data-seat=merc]", "invite")
    page.select_option("select[data-seat=bieler]", "here")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_selector("#invites:not([hidden])")
    link = page.locator("input[data-invite=merc]").input_value()
    assert "token" in parse_qs(urlsplit(link).fragment)
    page.click("#go")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".counter")
    return page.url.rsplit("/", 1)[1]


def wait_for_moves(page: Page, live: LiveServer, table_id: str, before: int, what: str) -> None:
    wait_until(page, lambda: len(live.game(table_id).actions) > before, f"the server to get {what}")


def wait_for_my_decision(page: Page) -> None:
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])", timeout=10_000)


def click_counter(page: Page, unit_id: str, hex_label: str) -> None:
    """Click a counter on the map; a stack opens first when it holds the counter."""
    shown = page.locator(f'.stack [data-counter="{unit_id}"]')
    if shown.count():
        shown.first.click(force=True)
    else:
        page.locator(f'.badge[data-badge="{hex_label}"]').first.click(force=True)
    if page.locator(".expanded").count():
        page.locator(f'.expanded [data-counter="{unit_id}"]').click(force=True)


def click_lit_hex(page: Page, hex_label: str) -> None:
    page.wait_for_selector(f'.hex.lit[data-hex="{hex_label}"]')
    page.locator(f'.hex.lit[data-hex="{hex_label}"] .hex-face').first.click(force=True)


def click_action(page: Page, text: str) -> None:
    page.locator("#actions .action", has_text=text).first.click()


def path_to_combat(game: Game) -> tuple[str, list[str]]:
    """A Bieler unit and its steps (hex by hex) into a Merc base this movement phase."""
    for uid in sorted(game.state["units"], key=lambda u: (u[0], int(u[1:]))):
        unit = game.state["units"][uid]
        if unit["side"] != "bieler" or unit["hex"] is None:
            continue
        frontier: list[tuple[Game, list[str]]] = [(game, [])]
        seen = {unit["hex"]}
        for _ in range(5):
            grown = []
            for at, steps in frontier:
                for action in at.legal_actions("bieler"):
                    if action.get("move") != uid or action["to"] in seen:
                        continue
                    seen.add(action["to"])
                    after = at.clone()
                    after.apply("bieler", action)
                    if action["to"] in MERC_BASES:
                        return uid, [*steps, action["to"]]
                    grown.append((after, [*steps, action["to"]]))
            frontier = grown
    raise AssertionError("no Bieler unit reaches a Merc base this turn")


def play_merc(live: LiveServer, table_id: str) -> int:
    """Merc (the invited seat, played here through the server) ends each of its phases."""
    table = live.app.server.tables.tables[table_id]
    played = 0
    while "merc" in table.game.to_act and not table.game.over and played < 60:
        legal = table.game.legal_actions("merc")
        action = next((a for a in legal if a.get("end") or a.get("done")), legal[0])
        live.call(live.app.server.tables.act(table, "merc", action))
        played += 1
    return played


def public_types(state: dict[str, Any]) -> set[str]:
    """The unit types the Bieler seat may know of: every unit it sees, and the named units
    that stock, removed and returns list by type."""
    types = {u["type"] for u in state["units"].values() if u["side"] == "bieler" or u["up"]}
    types |= set(state["stock"]["merc"]) | set(state["stock"]["bieler"]) | set(state["removed"])
    return types | {r["type"] for r in state["returns"]}


def check_no_merc_secrets(page: Page, live: LiveServer, table_id: str) -> set[str]:
    """The Bieler page shows no Merc face-down unit's type, in its counter or anywhere else;
    the secret words checked."""
    state = live.truth(table_id)
    c = comp(state)
    hidden = [u for u in state["units"].values() if u["side"] == "merc" and not u["up"]]
    known = public_types(state)
    shown = {w for t in known for w in (t, c.units[t].name["en"], c.units[t].name["ja"])}
    secrets = {
        w
        for u in hidden
        for w in (u["type"], c.units[u["type"]].name["en"], c.units[u["type"]].name["ja"])
    }
    secrets -= shown
    secrets |= {word for word, type_ in EXAMPLES.items() if type_ not in known}
    html = page.content()
    for word in sorted(shown, key=len, reverse=True):  # "Scopedog (Bieler)" is Bieler's own
        html = html.replace(word, "")
    for word in secrets:
        assert word not in html, word
    for unit in hidden:
        if unit["hex"] is None:
            continue
        counter = page.locator(f'[data-counter="{unit["id"]}"]')
        if counter.count():  # (the top three of a stack are drawn; the rest open on click)
            assert "back" in (counter.first.get_attribute("class") or "")
    return secrets


def leaks_for_bieler(message: dict[str, Any]) -> list[str]:
    if message.get("type") != "view":
        return []
    if message["seat"] != "bieler":
        return [f"a view for {message['seat']}"]
    board = message["view"]["board"]
    leaks = [
        f"type of face-down {u['id']}"
        for u in board["units"]
        if u["side"] == "merc" and not u["up"] and ("type" in u or "name" in u)
    ]
    if board["offensive"]["turn"] is not None:
        leaks.append("the offensive turn")
    return leaks


# -- the test --------------------------------------------------------------------------------------


def test_votoms_as_bieler_by_clicking_with_a_combat_and_its_odds(
    page: Page, live: LiveServer, snap: Snap
) -> None:
    frames = watch_frames(page)
    table_id = start_from_lobby(page, live)
    assert page.locator(".seat-tab.mine").inner_text().startswith("Bieler")
    game = live.game(table_id)
    assert page.locator("g.hex").count() == len(comp(game.state).grid.hexes) == 144
    names = page.locator(".hex-name").all_text_contents()
    assert "Kanjelman Palace" in names and "EX-10" in names
    assert page.locator(".hex-path.vt-river").count() == 1
    assert page.locator('.hex-chip[data-hex="B08"]').count() == 2  # EX-10: control, base attack
    secrets = check_no_merc_secrets(page, live, table_id)
    assert {"Kan Yu squad", "カン・ユー隊", *EXAMPLES} <= secrets
    wait_for_my_decision(page)
    snap(page, "votoms-01-start")

    # reinforcement, with a button: every point as response points
    before = len(game.actions)
    click_action(page, "take 0 units")
    wait_for_moves(page, live, table_id, before, "reinforcement")
    wait_for_my_decision(page)
    rp = live.game(table_id).state["rp"]
    assert rp == 9  # 7 points, 2 RP each, at most 9 (4.3.5)
    expect(page.locator(f'.vt-rp .track-cell.current[data-at="{rp}"]')).to_have_count(1)

    # movement on the board: a unit, then a lit hex, one hex at a time, into a Merc base
    uid, steps = path_to_combat(live.game(table_id).clone())
    start = live.game(table_id).state["units"][uid]["hex"]
    click_counter(page, uid, start)
    page.wait_for_selector(".hex.lit")
    assert page.locator(".selection").inner_text().startswith("Selected")
    for i, to in enumerate(steps):
        before = len(live.game(table_id).actions)
        click_lit_hex(page, to)
        wait_for_moves(page, live, table_id, before, f"{uid} to {to}")
        assert live.game(table_id).state["units"][uid]["hex"] == to
        if i + 1 < len(steps):  # the unit stays selected while it may go on
            page.wait_for_selector(f'.counter.selected[data-counter="{uid}"]')
        check_no_merc_secrets(page, live, table_id)
    snap(page, "votoms-02-moved")

    # a reload: the same game comes back, and play carries on
    page.reload()
    page.wait_for_selector(".counter")
    wait_for_my_decision(page)
    log = live.game(table_id).log("bieler")
    expect(page.locator("#log .event")).to_have_count(len(log))

    # a button that belongs to a unit: select a Palace counter, reveal it from its own list
    palace = live.game(table_id).state["units"]
    first = min(
        (u for u in palace.values() if u["side"] == "bieler" and u["hex"] == "K04"),
        key=lambda u: int(u["id"][1:]),
    )["id"]
    click_counter(page, first, "K04")
    page.wait_for_selector(f'#actions .action:has-text("reveal {first}")')
    before = len(live.game(table_id).actions)
    click_action(page, f"reveal {first}")
    wait_for_moves(page, live, table_id, before, f"reveal {first}")
    assert live.game(table_id).state["units"][first]["up"]
    check_no_merc_secrets(page, live, table_id)

    # the end of the phase; Merc answers; the combat in the Merc base comes to Bieler
    before = len(live.game(table_id).actions)
    click_action(page, "end the movement phase")
    wait_for_moves(page, live, table_id, before, "end of movement")
    saw_combat = False
    decisions = 0
    while decisions < 8:
        play_merc(live, table_id)
        game = live.game(table_id)
        if game.over or "bieler" not in game.to_act:
            break
        wait_for_my_decision(page)
        step = game.state["step"]["kind"]
        if not step.startswith("combat"):
            break
        check_no_merc_secrets(page, live, table_id)
        cb = game.state["combat"]
        panel = page.locator('[data-panel="combat"]')
        # (the page may still show the step before Merc's last answer: wait for this one)
        expect(panel).to_be_visible()
        expect(panel).to_contain_text(f"Combat in {cb['hex']}", use_inner_text=True)
        for uid_ in cb["units"]["bieler"] + cb["units"]["merc"]:
            expect(panel.locator(f'[data-unit="{uid_}"]')).to_have_count(1)
        # the exact odds, worked out by the server, before Bieler commits
        expected = game.odds("bieler", {"hex": cb["hex"]})
        assert expected is not None
        expect(panel.locator(".vt-odds table.odds")).to_be_visible()
        expect(panel).to_contain_text(expected["text"]["en"], use_inner_text=True)
        if not saw_combat:
            snap(page, "votoms-03-combat")
        saw_combat = True
        before = len(game.actions)
        if step == "combat_retreat":
            legal = game.legal_actions("bieler")
            click_action(page, "retreat" if {"retreat": True} in legal else "fight on")
        elif step == "combat_retreat_move":
            action = game.legal_actions("bieler")[0]
            if "retreat_unit" in action:
                here = game.state["units"][action["retreat_unit"]]["hex"]
                click_counter(page, action["retreat_unit"], here)
                click_lit_hex(page, action["to"])
            else:
                click_lit_hex(page, action["retreat_all"])
        else:
            page.locator("#actions .action").first.click()
        wait_for_moves(page, live, table_id, before, step)
        decisions += 1
    assert saw_combat, "no combat reached the Bieler seat"
    wait_for_my_decision(page)
    check_no_merc_secrets(page, live, table_id)
    snap(page, "votoms-04-after-combat")

    # Japanese, everywhere
    page.click("#lang")
    page.wait_for_selector("html[lang=ja]")
    heading = page.locator("#decision-heading").inner_text()
    assert any("\u3040" <= ch <= "\u9fff" for ch in heading), heading
    assert page.locator(".stages .stage.current").inner_text() in (
        "増援",
        "ビーラー側移動",
        "第一対応",
        "第一戦闘",
        "傭兵側移動",
        "調査",
        "第二対応",
        "第二戦闘",
    )
    assert "カンジェルマン宮殿" in page.locator(".hex-name").all_text_contents()
    fronts = page.locator('.stack .counter:not(.back)[data-counter^="B"] .counter-top')
    assert fronts.count() and all(
        any("\u30a0" <= ch <= "\u30ff" for ch in name) for name in fronts.all_text_contents()
    )
    check_no_merc_secrets(page, live, table_id)
    snap(page, "votoms-05-japanese")

    # not one message that reached the page carried a Merc secret
    assert [f for f in frames if f.get("type") == "view"]
    assert [leak for f in frames for leak in leaks_for_bieler(f)] == []


def test_the_votoms_map_lays_hexes_out_as_the_engine_does(page: Page, live: LiveServer) -> None:
    """Columns lettered from the east edge (L..A, west to east), even-q: two hexes are
    neighbours on the screen exactly when the engine says so."""
    game = wartable.new_game("votoms", seed=1)
    c = comp(game.state)
    board = game.view(None)["board"]["map"]
    labels = sorted(board["hexes"])
    page.goto(live.base + "/")
    page.wait_for_selector("[data-game]")
    positions = page.evaluate(
        """async ([labels, columns, parity]) => {
            const { HexMap } = await import("/static/js/render/hexmap.js");
            const box = document.createElement("div");
            document.body.append(box);
            const map = new HexMap(box, { orientation: "flat", parity, columns, size: 10 });
            const out = Object.fromEntries(labels.map((l) => [l, map.position(l)]));
            map.destroy();
            box.remove();
            return out;
        }""",
        [labels, board["columns"], board["parity"]],
    )
    for a in labels:
        near = {c.grid.label(n) for n in c.grid.neighbours(a)}
        for b in labels:
            if a != b:
                pa, pb = positions[a], positions[b]
                distance = ((pa["x"] - pb["x"]) ** 2 + (pa["y"] - pb["y"]) ** 2) ** 0.5
                assert (abs(distance - 10 * 3**0.5) < 0.01) == (b in near), (a, b)
    # west is left: L01 is left of A01, and row 1 is at the top
    assert positions["L01"]["x"] < positions["A01"]["x"]
    assert positions["A01"]["y"] < positions["A12"]["y"]
