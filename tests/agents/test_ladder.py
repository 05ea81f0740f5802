"""The ladder: seats rotated, results counted for the right agent, intervals, CSV, the CLI."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from wartable.agents import ladder
from wartable.engine import OptionError


def test_wilson_interval_matches_the_textbook_values() -> None:
    # 8 successes in 10 trials: the 95% Wilson score interval is [0.490, 0.943]
    low, high = ladder.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert ladder.wilson(0, 0) == (0.0, 1.0)
    assert ladder.wilson(10, 10)[1] == 1.0


def test_pairings_rotate_the_seats() -> None:
    games = list(ladder.pairings("skirmish", ["random", "scripted", "search"], 4, 10, 0.1))
    assert len(games) == 3 * 4  # three pairs
    first = [g for g in games if (g.a, g.b) == ("random", "scripted")]
    assert [g.hero for g in first] == ["red", "blue", "red", "blue"]
    assert [g.seed for g in first] == [10, 11, 12, 13]
    for g in first:
        assert g.kinds[g.hero] == "random"
        assert [k for s, k in g.kinds.items() if s != g.hero] == ["scripted"]


def test_three_player_pairings_put_one_agent_against_two() -> None:
    games = list(ladder.pairings("zeta-cards", ["random", "scripted"], 3, 0, 0.1))
    assert len({g.hero for g in games}) == 3
    for g in games:
        assert sorted(g.kinds.values()) == ["random", "scripted", "scripted"]


def test_a_ladder_counts_each_game_for_agent_a() -> None:
    outcomes = ladder.run("skirmish", ["random", "scripted"], games=4, seed=0)
    assert len(outcomes) == 4
    for o in outcomes:
        expected = (
            "win"
            if o.winners == [o.pairing.hero]
            else "loss"
            if o.winners and o.pairing.hero not in o.winners
            else "draw"
        )
        assert o.verdict == expected
        assert set(o.times) == {"random", "scripted"}
    (line,) = ladder.summary(outcomes)[0]
    assert (line.a, line.b, line.games) == ("random", "scripted", 4)
    assert line.wins + line.draws + line.losses == 4


def test_a_ladder_plays_every_game_with_the_options_given_and_refuses_a_bad_one() -> None:
    outcomes = ladder.run(
        "zeta-cards", ["random", "scripted"], games=1, options={"seating": "aeug_neo_zeon_titans"}
    )
    assert outcomes[0].pairing.options == {"seating": "aeug_neo_zeon_titans"}
    with pytest.raises(OptionError, match="seating"):
        ladder.run("zeta-cards", ["random", "scripted"], games=1, options={"seating": "x"})


def test_ladder_refuses_unknown_or_single_agents() -> None:
    with pytest.raises(ValueError, match="no agent 'genius'"):
        ladder.run("skirmish", ["random", "genius"], games=1)
    with pytest.raises(ValueError, match="two different agents"):
        ladder.run("skirmish", ["random"], games=1)


def test_wartable_ladder_prints_rates_and_writes_a_csv(tmp_path: Path) -> None:
    out = tmp_path / "ladder.csv"
    done = subprocess.run(
        [
            *(str(Path(sys.executable).with_name("wartable")), "ladder", "skirmish"),
            *("--plugin", "support.skirmish_agent", "--agents", "random,scripted,search"),
            *("--games", "2", "--jobs", "2", "--seconds", "0.02", "--csv", str(out)),
            *("--option", "turns=2"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(Path(__file__).parents[1]), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert "random vs scripted: 2 games" in done.stdout
    assert "scripted vs search: 2 games" in done.stdout
    assert "search:" in done.stdout.split("decision time")[1]
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 6
    assert {r["a_result"] for r in rows} <= {"win", "draw", "loss"}
    assert all(r["a_seat"] in ("red", "blue") for r in rows)
    assert {r["options"] for r in rows} == {'{"turns": 2}'}
