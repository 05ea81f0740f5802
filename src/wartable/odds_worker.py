"""The worker process of one odds question of the web server (see `wartable.server.odds`);
out of the server package so that it starts without importing the web framework.

Run as ``python -m wartable.odds_worker``: it reads ``(rules, state, seat, query)``
pickled on standard input and writes pickled on standard output ``("ok", answer)``,
``("bad", message)`` for a question the game refuses (ValueError), or ``("error", message)``.
It imports nothing but what unpickling the game's rules needs.
"""

from __future__ import annotations

import pickle
import sys


def main() -> None:
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # anything the game prints stays out of the answer
    rules, state, seat, query = pickle.load(sys.stdin.buffer)
    try:
        outcome = ("ok", rules.odds(state, seat, query))
    except ValueError as error:
        outcome = ("bad", str(error))
    except Exception as error:  # reported to the server, which logs it
        outcome = ("error", f"{type(error).__name__}: {error}")
    out.write(pickle.dumps(outcome))
    out.flush()


if __name__ == "__main__":
    main()
