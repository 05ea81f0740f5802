"""The Ray backend plays the same games as local processes, seed for seed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wartable.workbench.simulation import plan, run
from workbench.alike import played_alike

ray = pytest.importorskip("ray")


@pytest.fixture
def no_ray_left() -> Iterator[None]:
    yield
    if ray.is_initialized():  # the run failed before shutting down its instance
        ray.shutdown()


def test_a_local_ray_instance_plays_the_same_games_as_processes(
    tmp_path: Path, no_ray_left: None
) -> None:
    chosen = plan("silhouette", 4, 7, ["p1=random"], {}, {})
    local = run(chosen, tmp_path / "process", jobs=2, show_progress=False)
    on_ray = run(chosen, tmp_path / "ray", jobs=2, backend="ray", show_progress=False)
    assert on_ray.played == 4
    assert played_alike(on_ray.rows) == played_alike(local.rows)
    assert not ray.is_initialized()  # the run shut down the instance it started
