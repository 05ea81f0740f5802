"""The Skirmish test game's scripted player serves the search agent's tests (importing it
registers it)."""

import support.skirmish_agent  # noqa: F401
