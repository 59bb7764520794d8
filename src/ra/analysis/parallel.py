"""Mappers (`ra.analysis.run.Mapper`) that evaluate an analysis's decisions in other processes or on Ray.

Each decision's report depends only on its `Position` (its own seed included), so where and in which order the
work is done changes nothing: every mapper yields the reports in the positions' order, as `serial_map` does, and
`analyse` gives the same analysis with any of them. Ray is imported only inside `ray_map`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ra.analysis.model import DecisionReport
from ra.analysis.run import Mapper, Position

Work = Callable[[Position], DecisionReport]
LOCAL_RAY = "local"  # RAY_ADDRESS if set, else a new Ray instance on this machine (as `ra tournament --ray`)
CHUNKS_PER_WORKER = 8  # aim for this many chunks per worker: few round trips, yet busy to the end


def chunk_size(items: int, workers: int) -> int:
    """Decisions sent to a worker at a time: a cheap decision costs less than its round trip, so batch them."""
    return max(1, -(-items // (CHUNKS_PER_WORKER * max(1, workers))))


def process_mapper(jobs: int) -> Mapper:
    """A mapper evaluating in `jobs` worker processes (1: in this process)."""
    if jobs <= 1:
        return lambda work, items: map(work, items)

    def mapper(work: Work, items: Sequence[Position]) -> Iterator[DecisionReport]:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            # Executor.map yields in the items' order, each as soon as it and those before it are done.
            yield from pool.map(work, items, chunksize=chunk_size(len(items), jobs))

    return mapper


def _chunk(work: Work, items: Sequence[Position]) -> list[DecisionReport]:
    """The body of one Ray task: a few decisions, one after the other."""
    return [work(item) for item in items]


def ray_init_options(address: str | None, num_cpus: int | None) -> dict[str, Any]:
    """`ray.init`'s keyword arguments for an address (`local`/None: RAY_ADDRESS, else a new local instance)."""
    if address in (None, "", LOCAL_RAY):
        if os.environ.get("RAY_ADDRESS"):
            return {}  # ray.init connects to RAY_ADDRESS
        return {"include_dashboard": False, **({"num_cpus": num_cpus} if num_cpus else {})}
    return {"address": address}


def ray_mapper(address: str | None = LOCAL_RAY, num_cpus: int | None = None) -> Mapper:
    """A mapper evaluating as Ray tasks (extra `ra[ray]`); ImportError when Ray is not installed.

    Connects when the mapper runs, unless Ray is already initialized in this process (that session is then used
    and left running); a session it starts is shut down when the mapping ends, also after an error.
    """
    import ray  # here, so that a missing Ray fails before any work

    def mapper(work: Work, items: Sequence[Position]) -> Iterator[DecisionReport]:
        started = False
        if not ray.is_initialized():
            ray.init(**ray_init_options(address, num_cpus), log_to_driver=False)
            started = True
        try:
            resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
            size = chunk_size(len(items), int(resources.get("CPU", 1)))
            remote = ray.remote(num_cpus=1, max_retries=2)(_chunk)
            refs = [remote.remote(work, list(items[i : i + size])) for i in range(0, len(items), size)]
            for ref in refs:  # in order: a chunk's reports come out once it and those before it are done
                yield from ray.get(ref)
        finally:
            if started:
                ray.shutdown()

    return mapper


__all__ = ["LOCAL_RAY", "chunk_size", "process_mapper", "ray_init_options", "ray_mapper"]
