"""Runs of the workbench: seeds derived from the run's, every record kept and reproduced by
its row alone, the table as CSV and Parquet, Ctrl-C and --resume, processes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from wartable.engine import WartableError, load_record, replay
from wartable.workbench import WorkbenchError, backends, seating
from wartable.workbench.results import read, task
from wartable.workbench.runner import Played, Task, derive, play
from wartable.workbench.simulation import Outcome, plan, run
from workbench.alike import played_alike

SILHOUETTE = plan("silhouette", 6, 11, ["p1=random"], {}, {})


def copied(out: Path, to: Path) -> Path:
    """A copy of a run's plan and CSV table (no records) in `to`; the table's path."""
    for name in ("run.json", "results.csv"):
        (to / name).write_text((out / name).read_text())
    return to / "results.csv"


@pytest.fixture(scope="module")
def silhouette(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Outcome]:
    out = tmp_path_factory.mktemp("run")
    return out, run(SILHOUETTE, out, show_progress=False)


def test_game_i_is_played_from_a_seed_derived_from_the_runs(
    silhouette: tuple[Path, Outcome],
) -> None:
    _, outcome = silhouette
    assert [r.seed for r in outcome.rows] == [derive(11, i) for i in range(6)]
    other = plan("silhouette", 6, 12, ["p1=random"], {}, {})
    assert not {t.seed for t in other.tasks()} & {r.seed for r in outcome.rows}


def test_every_row_says_who_played_and_how_it_ended(silhouette: tuple[Path, Outcome]) -> None:
    _, outcome = silhouette
    assert outcome.played == 6 and not outcome.interrupted
    for r in outcome.rows:
        assert r.seats == ["p1", "p2"]
        assert r.agents == {"p1": "random", "p2": "scripted"}  # p2 not named: scripted
        assert r.over and r.first == "p1"
        assert set(r.winners) <= {"p1", "p2"}
        assert set(r.scores) == {"p1", "p2"}
        assert r.turns is not None and 1 <= r.turns <= 6  # rounds (S8: at most 6)
        assert r.decisions > 0 and r.seconds > 0
        assert len(r.data_digest) == 64


def test_a_rows_seed_agents_options_and_data_reproduce_its_record(
    silhouette: tuple[Path, Outcome],
) -> None:
    out, outcome = silhouette
    for r in outcome.rows[:3]:
        kept = load_record(out / r.record)
        assert play(task(r)).record == kept
        assert replay(kept).over


def test_a_game_with_hidden_cards_and_printed_values_is_reproduced_too(tmp_path: Path) -> None:
    """Zeta cards: shuffled decks, hands unseen, a printed value changed."""
    seats = ["aeug=random", "titans=random", "neo_zeon=random"]
    chosen = plan("zeta-cards", 2, 3, seats, {}, {}, [{"rules.hand": 4}])
    outcome = run(chosen, tmp_path, show_progress=False)
    for r in outcome.rows:
        assert r.data == {"rules": {"hand": 4}}
        kept = load_record(tmp_path / r.record)
        assert kept["options"]["data"] == r.data
        assert play(task(r)).record == kept


def test_the_table_is_the_same_as_csv_and_as_parquet(silhouette: tuple[Path, Outcome]) -> None:
    out, outcome = silhouette
    assert read(out / "results.csv") == outcome.rows
    assert read(out / "results.parquet") == outcome.rows
    assert read(out) == outcome.rows


def test_two_processes_play_the_same_games_as_one(
    silhouette: tuple[Path, Outcome], tmp_path: Path
) -> None:
    _, outcome = silhouette
    twice = run(SILHOUETTE, tmp_path, jobs=2, show_progress=False)
    assert played_alike(twice.rows) == played_alike(outcome.rows)


def test_an_out_folder_with_results_is_not_overwritten(silhouette: tuple[Path, Outcome]) -> None:
    out, _ = silhouette
    with pytest.raises(WorkbenchError, match="holds results already: --resume"):
        run(SILHOUETTE, out, show_progress=False)


def test_resume_refuses_the_results_of_another_run(silhouette: tuple[Path, Outcome]) -> None:
    out, _ = silhouette
    other = plan("silhouette", 6, 11, ["p1=scripted:easy"], {}, {})
    with pytest.raises(WorkbenchError, match=r"holds another run \(agents differ\)"):
        run(other, out, resume=True, show_progress=False)


def test_ctrl_c_keeps_the_games_finished_and_resume_plays_the_rest(
    silhouette: tuple[Path, Outcome], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, whole = silhouette

    def interrupted_at_the_fourth_game(t: Task) -> Played:
        if t.index == 3:
            raise KeyboardInterrupt
        return play(t)

    monkeypatch.setattr(backends, "play", interrupted_at_the_fourth_game)
    cut = run(SILHOUETTE, tmp_path, show_progress=False)
    assert cut.interrupted and cut.played == 3
    assert [r.index for r in read(tmp_path / "results.parquet")] == [0, 1, 2]
    assert len(list((tmp_path / "records").iterdir())) == 3

    monkeypatch.setattr(backends, "play", play)
    rest = run(SILHOUETTE, tmp_path, resume=True, show_progress=False)
    assert rest.played == 3 and not rest.interrupted
    assert played_alike(read(tmp_path / "results.parquet")) == played_alike(whole.rows)


def test_resume_leaves_out_a_line_cut_short_and_plays_its_game_again(
    silhouette: tuple[Path, Outcome], tmp_path: Path
) -> None:
    out, whole = silhouette
    table = copied(out, tmp_path)
    text = table.read_text()
    table.write_text(text[: len(text) - 40])  # a run killed while writing its last row
    again = run(SILHOUETTE, tmp_path, resume=True, show_progress=False)
    assert again.played == 1
    assert played_alike(again.rows) == played_alike(whole.rows)


def test_more_games_on_resume_plays_only_the_new_ones(
    silhouette: tuple[Path, Outcome], tmp_path: Path
) -> None:
    out, whole = silhouette
    copied(out, tmp_path)
    more = run(dataclasses.replace(SILHOUETTE, games=8), tmp_path, resume=True, show_progress=False)
    assert more.played == 2
    assert played_alike(more.rows[:6]) == played_alike(whole.rows)
    assert json.loads((tmp_path / "run.json").read_text())["seed"] == 11


def test_the_search_player_is_bounded_by_copies_so_its_games_reproduce(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(seating, "SEARCH_SAMPLES", 4)
    chosen = plan("silhouette", 1, 5, ["p1=search"], {}, {})
    first, again = (play(chosen.tasks()[0]) for _ in range(2))
    assert first.record == again.record


@pytest.mark.parametrize(
    ("specs", "options", "said"),
    [
        (["p3=random"], {}, "SEAT one of silhouette's seats: p1, p2"),
        (["p1=scripted:hard"], {}, "AGENT\\[:LEVEL\\] is one of random, scripted"),
        ([], {"rounds": 3}, "silhouette has no option 'rounds'"),
        ([], {"data": {}}, "with --data FILE"),
    ],
)
def test_a_bad_seat_or_option_is_named_before_anything_is_played(
    specs: list[str], options: dict[str, Any], said: str
) -> None:
    with pytest.raises(WartableError, match=said):
        plan("silhouette", 2, 0, specs, options, {})


def test_a_bad_value_at_a_point_is_named_with_the_point() -> None:
    with pytest.raises(WorkbenchError, match=r"--set rules\.rounds=0: option data: rules\.rounds"):
        plan("silhouette", 2, 0, [], {}, {}, [{"rules.rounds": 3}, {"rules.rounds": 0}])
