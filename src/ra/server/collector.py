"""The garbage collector of a serving process (`ra serve`), tuned once at start-up.

Measured with bench/bench_server.py (100 tables × 3 clients): under CPython's defaults the collector took about a
third of the server's CPU. Every move leaves a few hundred new container objects alive for a while (views, log
entries, the new state), so young collections ran every few moves, and each full collection walked every table's
objects. Moving what start-up made (modules, the app) out of the collector's sight and collecting the young
objects a few times less often cut that share to a few per cent at the same memory (docs/DEPLOY.md).
"""

from __future__ import annotations

import gc

# Container objects allocated (net) before a young collection, then how many collections of a generation make one
# of the next: CPython's defaults are (700, 10, 10).
THRESHOLDS = (20_000, 20, 20)


def tune() -> None:
    """Freeze what exists now (collected first) and raise the thresholds; call once the app is built."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
