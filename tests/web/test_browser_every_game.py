"""Every registered game in the browser, through its own view module or the generic one:
start it from the lobby, make decisions with the action buttons, reload, carry on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

import wartable
from web.web_support import LiveServer, wait_until

GAMES = [game for game in wartable.games() if game != "skirmish"]  # skirmish: its own tests


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose computer players do not wait: long computer turns pass quickly."""
    server = LiveServer(
        f"sqlite://{tmp_path_factory.mktemp('games') / 'wartable.db'}", computer_delay=0.01
    )
    yield server
    server.stop()


def my_decision(page: Page) -> bool:
    try:
        page.wait_for_selector("#decision.yours #actions .action:not([disabled])", timeout=20_000)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("game", GAMES or [pytest.param("none", marks=pytest.mark.skip)])
def test_every_game_starts_and_plays_in_the_browser(
    page: Page, quick: LiveServer, game: str, snap: Callable[..., None], artifacts: Path
) -> None:
    page.goto(quick.base + "/")
    page.click(f"[data-game={game}]")
    page.click("#start")
    page.wait_for_url("**/play/*")
    table_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#decision-heading:not(:empty)")
    played = 0
    for round_ in range(2):
        for _ in range(3):
            if quick.game(table_id).over or not my_decision(page):
                break
            before = len(quick.game(table_id).actions)
            page.locator("#actions .action").first.click()
            wait_until(
                page,
                lambda n=before: len(quick.game(table_id).actions) > n,
                "the server to get it",
            )
            played += 1
        snap(page, f"game-{game}-{round_ + 1}")
        if round_ == 0:
            page.reload()
            page.wait_for_selector("#decision-heading:not(:empty)")
    assert played >= 1 or quick.game(table_id).over
