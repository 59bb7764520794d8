"""The analyses' lane of the bot workers (bots/pool.py): worker processes of their own at the lowest CPU priority,
answering what `ra.analysis.evaluate` answers in this process, while bot decisions go on in theirs undelayed."""

from __future__ import annotations

import asyncio
import os
import time

from analysis_helpers import CHEAP

from ra.analysis import evaluate, positions
from ra.server.bots.decisions import Decision
from ra.server.bots.pool import LOWEST_PRIORITY, ThreadBotPool, make_analysis_pool
from ra.server.bots.workers import ProcessBotPool
from ra.tournament.games import play_game


def test_the_analysis_lane_evaluates_in_low_priority_processes_while_bots_decide_at_once() -> None:
    state, _ = play_game("write", ["random"] * 2, 3, [3, 4])
    heavy = positions(state.record(), 0, "search:samples=100")[:6]  # the default spec: about a second each here
    cheap = positions(state.record(), 0, CHEAP["write"])[0]
    assert isinstance(make_analysis_pool(1, 5.0, bot_workers=0), ThreadBotPool)
    lane = make_analysis_pool(1, 60.0, bot_workers=1)
    assert isinstance(lane, ProcessBotPool)
    bots = ProcessBotPool(1, 5.0)

    async def run() -> tuple[list[float], bool]:
        try:
            assert (await lane.evaluate(cheap)) == evaluate(cheap)  # the same report as in this process
            assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in lane.pids] == [LOWEST_PRIORITY]
            busy = asyncio.gather(*(lane.evaluate(position) for position in heavy))
            await bots.decide(Decision("write", "greedy", 0, heavy[0].view))  # a bot worker is ready
            waits = []
            for seed in range(10):  # bot decisions while the lane is busy: none waits for it
                asked = time.monotonic()
                await bots.decide(Decision("write", "greedy", seed, heavy[seed % len(heavy)].view))
                waits.append(time.monotonic() - asked)
            still = not busy.done()
            await busy
            return waits, still
        finally:
            lane.close()
            bots.close()

    waits, still = asyncio.run(run())
    assert still  # the analysis was still running while the bots decided
    assert max(waits) < 0.5, waits
