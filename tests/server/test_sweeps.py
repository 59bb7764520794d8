"""The one background sweep (sweeps.py) that the abandon sweep, the timers, the results, the notices and the shared
presence run on: when its rounds come, that a failed round neither ends it nor goes unlogged, that a wake ends a
pause early, and that stopping ends it."""

from __future__ import annotations

import asyncio
import logging
from itertools import pairwise

import pytest

from ra.server.sweeps import Sweep


def rounds_within(seconds: float, wait_first: bool = True) -> list[float]:
    """The times (since its start) at which a sweep every 0.05 s ran its rounds during `seconds`."""
    times: list[float] = []

    async def one_round() -> None:
        times.append(asyncio.get_running_loop().time())

    async def main() -> list[float]:
        sweep = Sweep("test-sweep", one_round, 0.05, what="test sweep", wait_first=wait_first)
        start = asyncio.get_running_loop().time()
        sweep.start()
        await asyncio.sleep(seconds)
        await sweep.stop()
        return [t - start for t in times]

    return asyncio.run(main())


def test_the_first_round_waits_one_pause_unless_told_not_to() -> None:
    assert rounds_within(0.03) == []
    assert len(rounds_within(0.03, wait_first=False)) == 1
    times = rounds_within(0.16)
    assert times and times[0] >= 0.045
    assert all(later - earlier >= 0.045 for earlier, later in pairwise(times))  # a pause apart


def test_a_failed_round_is_logged_and_the_next_round_comes(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[int] = []

    async def one_round() -> None:
        calls.append(1)
        raise OSError("storage away")

    async def main() -> None:
        sweep = Sweep("test-sweep", one_round, 0.01, what="test sweep", wait_first=False)
        sweep.start()
        await asyncio.sleep(0.05)
        assert sweep.running
        await sweep.stop()

    with caplog.at_level(logging.WARNING, logger="ra.server"):
        asyncio.run(main())
    assert len(calls) >= 2
    assert "test sweep failed: OSError: storage away" in caplog.text


def test_a_failure_goes_to_its_own_handler_when_given_one(caplog: pytest.LogCaptureFixture) -> None:
    failures: list[Exception] = []

    async def one_round() -> None:
        raise OSError("redis away")

    async def main() -> None:
        sweep = Sweep("test-sweep", one_round, 1.0, what="test sweep", wait_first=False, failed=failures.append)
        sweep.start()
        await asyncio.sleep(0.02)
        await sweep.stop()

    with caplog.at_level(logging.WARNING, logger="ra.server"):
        asyncio.run(main())
    assert [str(exc) for exc in failures] == ["redis away"]
    assert "failed" not in caplog.text


def test_a_wake_ends_the_pause_and_stop_ends_the_rounds() -> None:
    calls: list[int] = []

    async def one_round() -> None:
        calls.append(1)

    async def main() -> None:
        sweep = Sweep("test-sweep", one_round, 60.0, what="test sweep", wait_first=False)
        sweep.wake()  # stopped: nothing to wake
        sweep.start()
        sweep.start()  # already running: no second task
        await asyncio.sleep(0.01)
        assert len(calls) == 1
        sweep.wake()
        await asyncio.sleep(0.01)
        assert len(calls) == 2
        await sweep.stop()
        assert not sweep.running
        sweep.wake()
        await asyncio.sleep(0.01)
        assert len(calls) == 2

    asyncio.run(main())


def test_until_idle_the_next_round_comes_at_once_after_one_that_found_work() -> None:
    work = [True, True, True, False, True]  # what each round finds; the fifth waits for the pause

    async def one_round() -> bool:
        return work.pop(0)

    async def main() -> None:
        sweep = Sweep("test-sweep", one_round, 60.0, what="test sweep", wait_first=False, until_idle=True)
        sweep.start()
        await asyncio.sleep(0.02)
        await sweep.stop()

    asyncio.run(main())
    assert work == [True]


def test_a_wake_while_a_round_runs_brings_the_next_round_at_once() -> None:
    calls: list[int] = []

    async def main() -> None:
        async def one_round() -> None:
            calls.append(1)
            if len(calls) == 1:
                sweep.wake()  # work came in while this round ran

        sweep = Sweep("test-sweep", one_round, 60.0, what="test sweep", wait_first=False)
        sweep.start()
        await asyncio.sleep(0.02)
        await sweep.stop()

    asyncio.run(main())
    assert len(calls) == 2
