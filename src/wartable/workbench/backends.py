"""Where the games of a run are played: processes on this machine, or a Ray cluster.

Each backend yields the games as they finish, in any order (every game depends only on its
task, so the order changes nothing). Closing the generator (Ctrl-C) stops the games still
being played; the games already yielded are the caller's to keep.
"""

from __future__ import annotations

import signal
from collections.abc import Generator, Sequence
from multiprocessing import Pool
from typing import Any

from wartable.workbench import WorkbenchError
from wartable.workbench.runner import Played, Task, play

BACKENDS = ("process", "ray")
Games = Generator[Played, None, None]


def played(
    tasks: Sequence[Task], jobs: int, backend: str = "process", address: str | None = None
) -> Games:
    """Every task's game, as it finishes, on `jobs` processes or on Ray (a local instance of
    `jobs` CPUs, or the cluster at `address`)."""
    if backend == "ray":
        return _on_ray(_ray(), tasks, jobs, address)
    if backend != "process":
        raise WorkbenchError(f"--backend {backend!r}: one of {', '.join(BACKENDS)}")
    if address is not None:
        raise WorkbenchError("--address is the address of a Ray cluster: use it with --backend ray")
    return _on_processes(tasks, jobs)


def _on_processes(tasks: Sequence[Task], jobs: int) -> Games:
    if jobs <= 1 or len(tasks) <= 1:  # in this process: nothing to start
        yield from map(play, tasks)
        return
    # the workers are forked when the first game is asked for: the caller must not run a
    # thread then (a process forked while another thread holds a lock inherits it held)
    with Pool(min(jobs, len(tasks)), initializer=_ignore_ctrl_c) as pool:
        yield from pool.imap_unordered(play, tasks)
    # leaving the block, finished or interrupted, terminates the workers


def _ignore_ctrl_c() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it terminates the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_ray(ray: Any, tasks: Sequence[Task], jobs: int, address: str | None) -> Games:
    if not tasks:  # (a resumed run with nothing left to play)
        return
    started = not ray.is_initialized()
    if started and address:  # a cluster: its own CPUs
        ray.init(address=address, log_to_driver=False)
    elif started:
        ray.init(num_cpus=max(jobs, 1), include_dashboard=False, log_to_driver=False)
    remote: Any = ray.remote(play)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise WorkbenchError("--backend ray needs Ray: pip install 'wartable[ray]'") from None
    return ray
