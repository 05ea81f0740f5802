"""The Skirmish test game gets a scripted player for the agents' tests only (elsewhere, say in
the server's tests, Skirmish's computer seats stay the random player)."""

from collections.abc import Iterator

import pytest

from wartable.agents.scripted import register_scripted, unregister_scripted


@pytest.fixture(autouse=True)
def skirmish_scripted() -> Iterator[None]:
    register_scripted("skirmish", "support.skirmish_agent")
    yield
    unregister_scripted("skirmish")
