"""Shared fixtures: the Skirmish test game is registered for every test. With pytest-xdist
(`make test` runs `pytest -n auto --dist loadgroup`), the browser tests stay together in one
worker (one Chromium, their module-scoped servers); every other test goes wherever a worker is
free, each worker with its own temporary folders, free ports and PostgreSQL server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.skirmish import SKIRMISH
from wartable.engine import register, unregister

WEB = Path(__file__).resolve().parent / "web"

# No terminal size from outside: GNU readline, once imported, puts the terminal's LINES and
# COLUMNS in the environment, which pytest-xdist's workers inherit; a Rich console made at import
# (wartable.cli's) would keep that width for good, whatever width a test asks for.
for name in ("COLUMNS", "LINES"):
    os.environ.pop(name, None)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    browser = pytest.mark.xdist_group("browser")
    for item in items:
        if item.path.is_relative_to(WEB):
            item.add_marker(browser)


@pytest.fixture(autouse=True, scope="session")
def skirmish_registered() -> Iterator[None]:
    register(SKIRMISH)
    yield
    unregister(SKIRMISH.id)
