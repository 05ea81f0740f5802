"""The event log: every roll, reveal and happening, each public or visible to named players.

An event is a plain dict. Keys every event has:
- ``n``: its position in the log (0-based, never reused);
- ``kind``: ``"roll"``, ``"shuffle"``, ``"say"`` or a game-specific kind;
- ``to``: absent for a public event, else the list of players who may see it.
Messages for people carry both languages: ``{"en": ..., "ja": ...}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Event = dict[str, Any]
Msg = dict[str, str]


def msg(en: str, ja: str) -> Msg:
    """A message in English and Japanese."""
    return {"en": en, "ja": ja}


def visible(event: Event, player: str | None) -> bool:
    """Whether `player` (None = spectator) may see `event`."""
    to = event.get("to")
    return to is None or (player is not None and player in to)


def events_for(events: Iterable[Event], player: str | None, since: int = 0) -> list[Event]:
    """The events from position `since` on that `player` may see."""
    if player is None:
        return [e for e in events if e["n"] >= since and e.get("to") is None]
    return [e for e in events if e["n"] >= since and ((to := e.get("to")) is None or player in to)]
