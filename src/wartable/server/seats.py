"""Seats and their secret tokens.

Every seat that a person plays ("here": at the browser that created the game, hot-seat;
"invite": a person given a link) has a secret token. The browser keeps it and shows it to the
server to act for that seat or to see that seat's view; the server stores only its SHA-256 hash.
A computer seat has no token: the server plays it, at a level: "computer" (normal) or
"computer:easy", "computer:normal", "computer:hard" (wartable.agents.levels).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from typing import Literal, get_args

SeatKind = Literal[
    "here", "invite", "computer", "computer:easy", "computer:normal", "computer:hard"
]
SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)
PEOPLE = ("here", "invite")


def is_computer(kind: str | None) -> bool:
    return kind is not None and kind.split(":")[0] == "computer"


def level(kind: str) -> str:
    """The level of a computer seat: "computer" alone is the normal one."""
    return kind.partition(":")[2] or "normal"


class TokenError(Exception):
    """A token that opens no seat of this game."""


def new_token() -> str:
    """A fresh secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_for(token: str, hashes: Mapping[str, str | None]) -> str:
    """The seat whose stored hash matches `token`; `TokenError` if none does."""
    if not isinstance(token, str) or not 8 <= len(token) <= 200:
        raise TokenError("that is not a seat token of this game")
    digest = token_hash(token)
    found = None
    for seat, stored in hashes.items():
        if stored is not None and hmac.compare_digest(stored, digest):
            found = seat
    if found is None:
        raise TokenError("that is not a seat token of this game")
    return found


def seats_for(tokens: Iterable[str], hashes: Mapping[str, str | None]) -> list[str]:
    """The seats these tokens open, in the game's seat order; `TokenError` if any is wrong."""
    held = {seat_for(token, hashes) for token in tokens}
    return [seat for seat in hashes if seat in held]
