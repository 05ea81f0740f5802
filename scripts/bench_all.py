"""Random-play speed of every registered game and the Skirmish test game, beside OpenSpiel's
Python tic-tac-toe when `open_spiel` can be imported (it is not a dependency of wartable).

    .venv/bin/python scripts/bench_all.py [--runs 5] [--games 20] [--no-copies] [GAME ...]

Prints engine actions per second (legal actions, check, apply: what `wartable bench` measures),
the ratio to tic-tac-toe's, random games per second, and the microseconds of one `clone` and
one `determinized` copy of a position halfway through a game: the work a search repeats
thousands of times per decision. Wall-clock medians: run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # support.skirmish, the test game
sys.path.insert(0, str(ROOT / "src"))

from wartable.bench import BenchResult, bench  # noqa: E402
from wartable.engine import Rules, games, register  # noqa: E402

TIC_TAC_TOE = "python_tic_tac_toe"


def add_skirmish() -> None:
    import support.skirmish

    for value in vars(support.skirmish).values():
        if isinstance(value, Rules) and value.id not in games():
            register(value)


def tic_tac_toe(runs: int, seconds: float = 1.0) -> float | None:
    """OpenSpiel's Python tic-tac-toe played at random: actions per second (median of `runs`
    runs of about `seconds` each), or None without `open_spiel`."""
    try:
        import pyspiel  # type: ignore[import-not-found]

        importlib.import_module("open_spiel.python.games")  # registers the python_* games
    except ImportError:
        return None
    game = pyspiel.load_game(TIC_TAC_TOE)
    chooser = random.Random(0)

    def run() -> float:
        actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(chooser.choice(state.legal_actions()))
                actions += 1
        return actions / (time.perf_counter() - start)

    run()
    return statistics.median(run() for _ in range(runs))


def micro(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game and skirmish)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", dest="per_run", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-copies", action="store_true", help="skip clone/determinize")
    args = parser.parse_args(argv)
    add_skirmish()
    ids = args.games or games()

    ttt = tic_tac_toe(args.runs)
    if ttt is None:
        print(f"open_spiel is not importable: no {TIC_TAC_TOE} to compare with", flush=True)
    else:
        print(f"{TIC_TAC_TOE} (OpenSpiel): {ttt:,.0f} actions/s", flush=True)
    header = (
        f"{'game':<12} {'actions/s':>10} {'vs ttt':>7} {'games/s':>9} {'actions/game':>12} "
        f"{'clone µs':>9} {'determinize µs':>15}"
    )
    print(header)
    print("-" * len(header))
    for game_id in ids:
        r: BenchResult = bench(
            game_id, runs=args.runs, games=args.per_run, seed=args.seed, copies=not args.no_copies
        )
        ratio = "-" if ttt is None else f"{r.actions_per_second / ttt:.2f}"
        print(
            f"{r.game:<12} {r.actions_per_second:>10,.0f} {ratio:>7} {r.games_per_second:>9,.2f} "
            f"{r.mean_actions_per_game:>12,.0f} {micro(r.clone_us):>9} "
            f"{micro(r.determinize_us):>15}",
            flush=True,
        )


if __name__ == "__main__":
    main()
