"""A report opened in Chromium: every plot drawn, in English and Japanese, nothing fetched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wartable.workbench import report
from wartable.workbench.simulation import plan, run
from web.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.xdist_group("browser")  # with the other browser tests: one Chromium

sync_api = pytest.importorskip("playwright.sync_api")

# each figure: its size, how many data marks have an area on the page (a whisker of a box with
# no spread has none), how many lie outside the figure, and its words
FIGURES = """() => [...document.querySelectorAll("figure.plot")].map(figure => {
  const svg = figure.querySelector("svg");
  const box = svg.getBoundingClientRect();
  const marks = [...svg.querySelectorAll('[id*="-mark-"]')].map(m => m.getBoundingClientRect());
  const drawn = marks.filter(b => b.width + b.height > 0);
  const texts = [...svg.querySelectorAll("text")];
  return {
    plot: figure.dataset.plot,
    width: box.width,
    height: box.height,
    drawn: drawn.length,
    outside: drawn.filter(b => b.left < box.left - 1 || b.right > box.right + 1).length,
    words: texts.map(t => t.textContent),
    inked: texts.filter(t => t.getComputedTextLength() > 0).length,
  };
})"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A simulation and a sweep of Silhouette, reported in both languages."""
    folder = tmp_path_factory.mktemp("report")
    simulated = run(
        plan("silhouette", 8, 1, ["p1=random"], {}, {}), folder / "sim", show_progress=False
    )
    swept = run(
        plan("silhouette", 3, 1, ["p1=random"], {}, {}, [{"rules.rounds": n} for n in (2, 4, 6)]),
        folder / "sweep",
        show_progress=False,
    )
    out = {}
    for lang in ("en", "ja"):
        out[lang] = folder / f"report-{lang}.html"
        report.write([*simulated.rows, *swept.rows], out[lang], lang, ["sim", "sweep"])
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def opened(browser: Any, page_file: Path) -> tuple[list[dict[str, Any]], list[str], Any]:
    """The figures of a report as Chromium draws them, and every URL the page asked for."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(page_file.as_uri())
    return page.evaluate(FIGURES), asked, page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_plot_is_drawn_and_nothing_is_fetched(
    browser: Any, pages: dict[str, Path], lang: str
) -> None:
    figures, asked, page = opened(browser, pages[lang])
    assert asked == [pages[lang].as_uri()]  # the page itself, nothing else
    assert [f["plot"] for f in figures] == ["winrates", "first", "length", "scores", "sweep"]
    for figure in figures:
        assert figure["width"] > 300 and figure["height"] > 150, figure["plot"]
        # four configurations (a simulation, three sweep points): a mark or more for each
        assert figure["drawn"] >= 4 and figure["outside"] == 0, figure
        assert figure["inked"] == len(figure["words"]), figure["plot"]  # every label has glyphs
    sweep = figures[-1]
    assert {"rules.rounds", "p1", "p2"} <= set(sweep["words"])
    said = {"en": "win rate", "ja": "勝率"}[lang]
    assert said in figures[0]["words"]
    assert {"en": "Win rate by side", "ja": "陣営別の勝率"}[lang] in page.inner_text("h3")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"workbench-report-{lang}.png"), full_page=True)
    page.context.close()
