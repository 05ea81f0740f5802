"""The Zeta Gundam / ZZ card game in a real headless Chromium, through its own view module
(web/games/zeta-cards.js): decisions made by clicking cards in the hand, bases, stock piles and
craft, and the action buttons; a reload in the middle; the page never showing another faction's
hand or face-down fight cards (checked against the server's state and the seat's view at every
decision, and in every WebSocket message); the Japanese interface; screenshots in
test-artifacts/."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

import wartable
from web.web_support import LiveServer, wait_until, watch_frames

Snap = Callable[..., None]
ME = "aeug"
SEATS = ("aeug", "titans", "neo_zeon")
SIDES = ("attacker", "defender")


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose computer players hardly wait: their turns pass in a moment."""
    server = LiveServer(
        f"sqlite://{tmp_path_factory.mktemp('zeta') / 'wartable.db'}", computer_delay=0.02
    )
    yield server
    server.stop()


def seed_where(first: str) -> int:
    """A seed whose game starts with `first`'s turn (rule 1.6 draws the start player)."""
    for seed in range(500):
        if wartable.new_game("zeta-cards", seed=seed).state["first"] == first:
            return seed
    raise AssertionError(f"no seed starts with {first}")


def snapshot(live: LiveServer, table_id: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """The table's version, the whole state (what no page may hold) and my seat's view, taken
    together under the table's lock."""

    async def copy() -> tuple[int, dict[str, Any], dict[str, Any]]:
        table = await live.app.server.tables.get(table_id)
        assert table is not None
        async with table.lock:
            state = json.loads(json.dumps(table.game.state))
            view = json.loads(json.dumps(table.view(ME)))
            return table.version, state, view

    result: tuple[int, dict[str, Any], dict[str, Any]] = live.call(copy())
    return result


def actions_by(live: LiveServer, table_id: str, seat: str) -> int:
    game = live.game(table_id)
    return sum(1 for player, _ in game.actions if player == seat)


def leaks_in_frame(message: dict[str, Any]) -> list[str]:
    """What a message to my page carries that only another faction may know."""
    if message.get("type") != "view":
        return []
    leaks = []
    if message["seat"] != ME:
        leaks.append(f"a view for {message['seat']}")
    board = message["view"]["board"]
    if not isinstance(board["hand"], list):
        leaks.append("no hand of my own")
    for p in SEATS:
        if not isinstance(board["factions"][p]["hand"], int):
            leaks.append(f"{p}'s hand")
        if not isinstance(board["factions"][p]["deck"], int):
            leaks.append(f"{p}'s deck")
    fight = board["fight"]
    if fight and not fight["revealed"]:
        for side in SIDES:
            if fight[side] != ME and not isinstance(fight["picked"][side], int):
                leaks.append(f"{side}'s face-down cards")
    leaks += [f"log {e['n']}" for e in message["log"] if "to" in e and ME not in e["to"]]
    return leaks


def public_cards(board: dict[str, Any]) -> set[str]:
    """Every card my view shows face up: my hand, the factions' open piles, the fight's
    revealed cards."""
    seen = set(board["hand"])
    for f in board["factions"].values():
        for key in ("discard", "face_up", "bought", "held"):
            seen.update(f[key])
    fight = board["fight"]
    if fight:
        for side in SIDES:
            if isinstance(fight["picked"][side], list):
                seen.update(fight["picked"][side])
            seen.update(fight["drawn"][side])
            seen.update(fight["waiting"][side])
        for unit in fight["units"]:
            seen.add(unit["card"])
            if unit["pilot"]:
                seen.add(unit["pilot"])
    return seen


READ_PAGE = """() => {
    // the board at one instant: its version, and everything on it but the stock (where every
    // card of the game is)
    const board = document.querySelector(".zc-board").cloneNode(true);
    board.querySelector('[data-zone="stock"]')?.remove();
    const all = (selector) => [...board.querySelectorAll(selector)];
    const zone = (side) => board.querySelector(`[data-zone="picked:${side}"]`);
    return {
        version: board.dataset.zcVersion,
        text: board.textContent,
        cards: all("[data-card]").map((e) => e.dataset.card),
        hands: all('[data-zone="hand"]').map((e) => e.dataset.owner),
        counts: Object.fromEntries(
            all(".zc-faction").map((e) => [
                e.dataset.faction,
                e.querySelector('[data-zc="hand-count"]').textContent,
            ]),
        ),
        picked: Object.fromEntries(
            ["attacker", "defender"].map((side) => [
                side,
                {
                    backs: zone(side)?.querySelectorAll(".card.back").length ?? 0,
                    faces: zone(side)?.querySelectorAll(".card:not(.back)").length ?? 0,
                    html: zone(side)?.outerHTML ?? "",
                },
            ]),
        ),
        allocBy: {
            attacker: all('[data-alloc-by="attacker"]').length,
            defender: all('[data-alloc-by="defender"]').length,
        },
    };
}"""


def shown(
    page: Page, live: LiveServer, table_id: str
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The state, my view and the page, all at the version the page shows."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        version, state, view = snapshot(live, table_id)
        seen = page.evaluate(READ_PAGE)
        if seen["version"] == str(version):
            return state, view, seen
        page.wait_for_timeout(25)
    raise AssertionError("the page never caught up with the server")


def check_hidden(page: Page, live: LiveServer, table_id: str) -> int:
    """The page shows my hand as the server holds it, the other hands only as counts, and the
    other side's face-down fight cards only as backs; the number of secret cards checked."""
    state, view, seen = shown(page, live, table_id)
    board = view["board"]
    names = {cid: card["name"] for cid, card in board["catalog"]["cards"].items()}
    # my hand, card for card, and no other hand on the page
    assert seen["hands"] == [ME]
    mine = sorted(c.split(":", 1)[1] for c in seen["cards"] if c.startswith("hand:"))
    assert mine == sorted(state["hand"][ME]) == sorted(board["hand"])
    for p in SEATS:
        assert seen["counts"][p].split()[-1] == str(len(state["hand"][p]))
    # no card of another hand, by id or by name, unless my view shows it face up somewhere
    public = public_cards(board)
    secret = {cid for p in SEATS if p != ME for cid in state["hand"][p]} - public
    fight = state["fight"]
    hidden_picks: dict[str, list[str]] = {}
    if fight and not fight["revealed"]:
        for side in SIDES:
            if fight[side] != ME:
                hidden_picks[side] = fight["picked"][side]
                secret |= set(fight["picked"][side]) - public
    ids = {c.rsplit(":", 1)[-1] for c in seen["cards"]}
    for cid in secret:
        assert cid not in ids, cid
        for name in names[cid].values():
            assert name not in seen["text"], (cid, name)
    # face-down fight cards: as many backs, and nothing printed on them
    for side, picked in hidden_picks.items():
        zone = seen["picked"][side]
        assert (zone["backs"], zone["faces"]) == (len(picked), 0), (side, zone)
        for cid, name in names.items():
            assert f":{cid}" not in zone["html"]
            assert all(n not in zone["html"] for n in name.values())
    # the other side's allocation of attack while it is secret (rule 6.10)
    step = state["step"]
    if fight and step and step["kind"] == "alloc" and step["mode"] == "normal":
        for side in SIDES:
            if fight[side] != ME:
                assert seen["allocBy"][side] == 0
    return len(secret) + sum(len(p) for p in hidden_picks.values())


# -- making my decisions on the page ---------------------------------------------------------


def choose(board: dict[str, Any], legal: list[dict[str, Any]], memo: dict[str, Any]) -> tuple:
    """What to do now: ("card", data-card, entry) to click on the board, or ("list", entry)
    for the action buttons. Fights first, a purchase, governance, then the end of the turn."""
    entries = {json.dumps(e["action"], sort_keys=True): e for e in legal}

    def entry(action: dict[str, Any]) -> dict[str, Any] | None:
        return entries.get(json.dumps(action, sort_keys=True))

    def first(key: str) -> dict[str, Any] | None:
        return next((e for e in legal if key in e["action"]), None)

    step = board["step"]["kind"]
    turn = board["turn"]
    up = board["factions"][ME]["face_up"]
    if step == "turn":
        for want in ("fight", "buy", "govern", "develop"):
            e = entry({"take": want})
            if e:
                return ("list", e)
        return ("list", entry({"end": True}))
    if step == "fight":
        e = first("attack")
        if e and memo.get("attacked") != turn:
            memo["attacked"] = turn
            return ("card", f"base:{e['action']['attack']}", e)
        return ("list", entry({"done": True}))
    if step == "select":
        side = "attacker" if board["fight"]["attacker"] == ME else "defender"
        e = first("commit")
        if e and len(board["fight"]["picked"][side]) < 2:
            return ("card", f"hand:{e['action']['commit']}", e)
        return ("list", entry({"ready": True}) or e)
    if step == "board":
        e = first("board")
        assert e
        return ("card", f"wait:{e['action']['board']}", e)
    if step == "strike":
        e = first("strike")
        return ("card", f"unit:{e['action']['strike']}", e) if e else ("list", first("done"))
    if step == "alloc":
        e = first("hit")
        assert e
        return ("card", f"unit:{e['action']['hit']}", e)
    if step == "buy":
        e = first("buy")
        if e and memo.get("bought") != turn:
            memo["bought"] = turn
            return ("card", f"stock:{e['action']['buy']}", e)
        return ("list", entry({"done": True}))
    if step in ("govern", "develop"):
        e = first("lay")
        if e:
            return ("card", f"hand:{e['action']['lay']}", e)
        e = first("govern")
        if e:
            return ("card", f"base:{e['action']['govern']}", e)
        return ("list", entry({"develop": True}) or entry({"done": True}))
    if step == "pay":
        e = first("pay")
        assert e
        cid = e["action"]["pay"]
        return ("card", f"{'up' if cid in up else 'hand'}:{cid}", e)
    if step == "keep":
        e = first("keep")
        assert e
        return ("card", f"up:{e['action']['keep']}", e)
    raise AssertionError(f"no plan for {step}")


def click_action(page: Page, entry: dict[str, Any], lang: str) -> None:
    """Click the action's button in the page's list, found by its text in the language shown."""
    text = entry["text"][lang]
    page.locator("#actions .action").filter(has_text=text).first.click()


def decide(
    page: Page, live: LiveServer, table_id: str, memo: dict[str, Any], lang: str = "en"
) -> tuple[str, str]:
    """Make my current decision by clicking; returns (how, the action's text)."""
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])", timeout=20_000)
    memo["checked"] = memo.get("checked", 0) + check_hidden(page, live, table_id)
    _, view, _ = shown(page, live, table_id)
    before = actions_by(live, table_id, ME)
    plan = choose(view["board"], view["legal_actions"], memo)
    if plan[0] == "card":
        _, card, entry = plan
        page.locator(f'.zc-board [data-card="{card}"].selectable').first.click()
        # One card, several actions (a character and its craft): the list asks which, with live
        # buttons. One action: it is on its way, and the page shows no live button until the
        # server has stored it (its answer comes after), so look at the page first.
        asks = page.locator("#actions .action:not([disabled])").count() > 0
        if asks and actions_by(live, table_id, ME) == before:
            click_action(page, entry, lang)
    else:
        _, entry = plan
        click_action(page, entry, lang)
    wait_until(
        page,
        lambda: actions_by(live, table_id, ME) > before,
        f"the server to get {plan[0]} {entry['text']['en']}",
    )
    return plan[0], entry["text"]["en"]


def my_turn_or_over(page: Page, live: LiveServer, table_id: str) -> bool:
    """Wait for my next decision; False once the game is over."""

    def mine_or_over() -> bool:
        game = live.game(table_id)
        return game.over or ME in game.to_act

    wait_until(page, mine_or_over, "my turn", seconds=20)
    return not live.game(table_id).over


# -- the tests ---------------------------------------------------------------------------------


def test_zeta_cards_against_two_computers_by_clicking(
    page: Page, quick: LiveServer, snap: Snap
) -> None:
    frames = watch_frames(page)
    page.goto(quick.base + "/")
    page.click("[data-game=zeta-cards]")
    page.select_option("select[data-seat=titans]", "computer")
    page.select_option("select[data-seat=neo_zeon]", "computer")
    page.fill("#seed", str(seed_where(ME)))
    page.click("#start")
    page.wait_for_url("**/play/*")
    table_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector(".zc-board .card")
    assert page.locator(".seat-tab.mine").inner_text().startswith("AEUG")
    assert page.locator('[data-zone="hand"] .card').count() == 5
    assert page.locator('.zc-faction[data-faction="titans"] [data-card^="base:"]').count() == 4
    assert page.locator('[data-zone="stock:shared"] .card').count() == 5
    snap(page, "zeta-cards-01-start")

    memo: dict[str, Any] = {}
    done: list[tuple[str, str]] = []
    snapped_fight = reloaded = False
    for i in range(14):
        if not my_turn_or_over(page, quick, table_id):
            break
        if i == 6:  # reload: the page comes back as it was, and play carries on
            page.reload()
            page.wait_for_selector(".zc-board .card")
            state, view, seen = shown(page, quick, table_id)
            hand = sorted(c[5:] for c in seen["cards"] if c.startswith("hand:"))
            assert hand == sorted(view["board"]["hand"]) == sorted(state["hand"][ME])
            snap(page, "zeta-cards-03-after-reload")
            reloaded = True
        if i == 11:
            page.click("#lang")
            page.wait_for_selector("html[lang=ja]")
        done.append(decide(page, quick, table_id, memo, "ja" if i >= 11 else "en"))
        if not snapped_fight and page.locator('.zc-board [data-zone="fight"]').count():
            snap(page, "zeta-cards-02-fight")
            snapped_fight = True
    assert reloaded, done
    hows = [how for how, _ in done]
    assert "card" in hows and "list" in hows, done
    assert any(text.startswith("put ") and "face down" in text for _, text in done), done
    assert any(text.startswith("attack ") for _, text in done), done
    assert memo["checked"] > 0

    # Japanese: the board's own strings and the cards' names (at my next decision, when the
    # computers wait for me)
    my_turn_or_over(page, quick, table_id)
    if page.locator("html[lang=ja]").count() == 0:
        page.click("#lang")
        page.wait_for_selector("html[lang=ja]")
    assert page.locator(".zc-hand h3").inner_text() == "あなたの手札"
    assert page.locator('.zc-faction[data-faction="titans"] strong').first.inner_text() == (
        "ティターンズ"
    )
    check_hidden(page, quick, table_id)
    _, view, _ = shown(page, quick, table_id)
    cards = view["board"]["catalog"]["cards"]
    titles = page.locator('[data-zone="stock:shared"] .card-title').all_text_contents()
    assert titles == [c["name"]["ja"] for c in cards.values() if c["faction"] == "shared"]
    snap(page, "zeta-cards-04-japanese")

    # not one message that reached my page carried another faction's secrets
    assert [f for f in frames if f.get("type") == "view"]
    assert [leak for f in frames for leak in leaks_in_frame(f)] == []


def test_the_attackers_cards_stay_face_down_until_both_reveal(
    page: Page, quick: LiveServer, snap: Snap
) -> None:
    """Titans (played here through the server) attack an AEUG base with two cards face down:
    my page shows two backs and nothing of them; I put my cards face down by clicking, both
    reveal, and the page shows both sides' craft."""
    server = quick.app.server
    seats = {"aeug": "here", "titans": "invite", "neo_zeon": "invite"}
    table, tokens = quick.call(server.tables.create("zeta-cards", seats, seed=seed_where("titans")))
    titans = table.game.view("titans")["board"]
    catalog = titans["catalog"]["cards"]

    def play_titans(action: dict[str, Any]) -> None:
        quick.call(server.tables.act(table, "titans", action))

    play_titans({"take": "fight"})
    target = next(b for b, base in titans["bases"].items() if base["owner"] == ME)
    play_titans({"attack": target})
    committed = []
    for _ in range(2):
        legal = table.game.legal_actions("titans")
        action = next(a for a in legal if "commit" in a)
        committed.append(action["commit"])
        play_titans(action)
    play_titans({"ready": True})

    frames = watch_frames(page)
    page.goto(f"{quick.base}/play/{table.id}#seat={ME}&token={tokens[ME]}")
    page.wait_for_selector("#decision.yours #actions .action:not([disabled])")
    assert check_hidden(page, quick, table.id) >= 2
    backs = page.locator('[data-zone="picked:attacker"] .card.back')
    assert backs.count() == 2
    assert "face down" in backs.first.inner_text()
    snap(page, "zeta-cards-05-face-down")

    memo: dict[str, Any] = {}
    for _ in range(3):  # my cards face down by clicking my hand, then "done"
        if table.game.state["step"]["kind"] != "select":
            break
        decide(page, quick, table.id, memo)
    assert table.game.state["fight"] is None or table.game.state["fight"]["revealed"]
    revealed = False
    for _ in range(30):  # the rest of the fight: mine by clicking, the Titans' here
        fight = table.game.state["fight"]
        if fight is None:
            break
        if fight["units"] and not revealed:  # both sides' craft, face up
            _, _, seen = shown(page, quick, table.id)
            units = [c for c in seen["cards"] if c.startswith("unit:")]
            assert len(units) == len(fight["units"])
            # each of the attacker's cards is face up: a craft, aboard one, or discarded for
            # want of a craft (6.7)
            shown_up = page.evaluate(
                """() => ["fight-attacker", "discard:titans"]
                    .map((z) => document.querySelector(`[data-zone="${z}"]`)?.textContent ?? "")
                    .join(" ")"""
            )
            assert all(catalog[cid]["name"]["en"] in shown_up for cid in committed), shown_up
            revealed = True
            snap(page, "zeta-cards-06-revealed")
        if ME in table.game.to_act:
            decide(page, quick, table.id, memo)
        else:
            play_titans(table.game.legal_actions("titans")[0])
    page.wait_for_selector('[data-zc="last-fight"]')
    assert "attacked" in page.locator('[data-zc="last-fight"]').inner_text()
    # 6.19: the attacker's cards, face up at last, went to its discard pile
    discard = page.locator('[data-zone="discard:titans"]').text_content() or ""
    assert all(catalog[cid]["name"]["en"] in discard for cid in committed), discard
    check_hidden(page, quick, table.id)
    snap(page, "zeta-cards-07-after-the-fight")
    assert [leak for f in frames for leak in leaks_in_frame(f)] == []
