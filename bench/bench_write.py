"""Benchmark the RA and Write engine's hot paths in CPU time: legal actions, push, clone and random rollouts per second.

Usage: python bench/bench_write.py [--players 2 3 4 5] [--seconds S] [--compare OLD_CHECKOUT] [--rounds R]

The harness is bench_ra.py's (see there): one key=value line per player count; with `--compare PATH` old and new
engines run alternately in subprocesses and the line holds both medians and their ratios (new / old).
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_ra import run_cli  # bench/ is not a package: found by path

if __name__ == "__main__":
    run_cli("write", __doc__)
