"""Browser tests: the server in a thread of this process (uvicorn on 127.0.0.1, a fresh SQLite
file) and Debian's chromium driven by Playwright. Screenshots go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from web.web_support import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("web")
    server = LiveServer(f"sqlite://{folder / 'wartable.db'}")
    yield server
    server.stop()


# Package scope, not session: while Playwright's sync API is started it marks its event loop
# as running in the main thread (between calls too), so `asyncio.run()` in any later test
# (tests/server's storage tests, say) would fail. Playwright stops when the last browser test
# of this folder is done, in whatever order the tests run.
@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        pytest.skip("Playwright is not installed (pip install -e '.[dev]')")
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context (its own localStorage) at a laptop's size; a JavaScript error
    on the page fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == [], errors


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def snap(artifacts: Path) -> Callable[..., None]:
    """snap(page, name): a screenshot kept as test-artifacts/NAME.png."""

    def take(page: Page, name: str, full_page: bool = False) -> None:
        page.screenshot(path=str(artifacts / f"{name}.png"), full_page=full_page)

    return take
