"""Tournament games as Ray tasks (extra `ra[ray]`), on a Ray cluster or a local Ray instance.

Each game is `games.play_task` on the same `GameTask` the process pool would run, so a game's engine and bot
seeds, and therefore its moves, scores and record, do not depend on where it ran. A Ray task plays a few games
(`chunk_size`): Ray's cost per task is then paid once per few games. Records travel back with the
results and are written by the driver, so `--out` works when the workers are other machines. Ray is imported
only inside `run_on_ray`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ra.core.record import save_record
from ra.tournament.games import LOCAL_RAY as LOCAL
from ra.tournament.games import GameTask, play_task

Outcome = tuple[dict[str, Any], dict[str, Any] | None]  # a game's result, and its record if one is to be written
Task = Any  # a GameTask, or another task with `out` that `play` plays (ra.tournament.evaluate.EvalTask)
Play = Callable[[Any], Outcome]
MAX_CHUNK = 8  # games per Ray task at most
CHUNKS_PER_CPU = 4  # aim for this many tasks per CPU, so that CPUs stay busy to the end


def ray_task(task: GameTask) -> Outcome:
    """Play one game: its result, and its record when the task asks for records."""
    return play_task(task)


def ray_chunk(tasks: Sequence[Task], play: Play) -> list[Outcome]:
    """The body of one Ray task: play a few games, one after the other."""
    return [play(task) for task in tasks]


def chunk_size(games: int, cpus: int) -> int:
    """Games per Ray task: few enough tasks to keep Ray's per-task cost small, enough to keep every CPU busy."""
    return max(1, min(MAX_CHUNK, -(-games // (CHUNKS_PER_CPU * max(1, cpus)))))


def init_options(address: str | None, num_cpus: int | None) -> dict[str, Any]:
    """The keyword arguments of `ray.init` for an address (`local`/None: RAY_ADDRESS or a new local instance)."""
    if address in (None, "", LOCAL) and os.environ.get("RAY_ADDRESS"):
        return {}  # ray.init connects to RAY_ADDRESS; CPUs are the cluster's
    if address in (None, "", LOCAL):
        options: dict[str, Any] = {"include_dashboard": False}
        if num_cpus is not None:
            options["num_cpus"] = num_cpus
        return options
    return {"address": address}


def collect(task: Task, outcome: Outcome) -> dict[str, Any]:
    """A finished task's result, after writing its record into the task's output directory (if any)."""
    result, record = outcome
    if task.out is not None and record is not None:
        save_record(record, Path(task.out) / str(result["record"]))
    return result


def run_on_ray(
    tasks: Sequence[Task],
    address: str | None = LOCAL,
    num_cpus: int | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    play: Play = play_task,
) -> list[dict[str, Any]]:
    """Play every game on Ray, a few games per Ray task, each by `play`; results in completion order (`on_result`
    for each).

    Connects with `ray.init` unless Ray is already initialized in this process (that session is then used and
    left running); a session started here is shut down at the end, also after an error.
    """
    import ray

    started = False
    if not ray.is_initialized():
        ray.init(**init_options(address, num_cpus), log_to_driver=False)
        started = True
    try:
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        size = chunk_size(len(tasks), int(resources.get("CPU", 1)))
        remote = ray.remote(num_cpus=1, max_retries=2)(ray_chunk)
        chunks = [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
        by_ref = {remote.remote(chunk, play): chunk for chunk in chunks}
        pending = list(by_ref)
        results: list[dict[str, Any]] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                for task, outcome in zip(by_ref[ref], ray.get(ref), strict=True):
                    result = collect(task, outcome)
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
        return results
    finally:
        if started:
            ray.shutdown()


__all__ = ["LOCAL", "chunk_size", "collect", "init_options", "ray_chunk", "ray_task", "run_on_ray"]
