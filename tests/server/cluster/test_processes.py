"""The pair of server processes answers its health and readiness checks."""

from __future__ import annotations

import httpx
from processes import Pair


def test_health_and_readiness(scale_pair: Pair) -> None:
    a, _ = scale_pair.servers
    assert httpx.get(f"{a.base}/healthz", timeout=5).json() == {"status": "alive"}
    ready = httpx.get(f"{a.base}/readyz", timeout=5)
    assert ready.status_code == 200 and ready.json() == {"status": "ready", "database": "ok", "redis": "ok"}
