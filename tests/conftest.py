"""Shared fixtures: the Skirmish test game is registered for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.skirmish import SKIRMISH
from wartable.engine import register, unregister


@pytest.fixture(autouse=True, scope="session")
def skirmish_registered() -> Iterator[None]:
    register(SKIRMISH)
    yield
    unregister(SKIRMISH.id)
