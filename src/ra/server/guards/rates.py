"""How often a client may act and how much it may hold open: sliding windows per key, a token bucket per
connection, counts with a ceiling. Every limit is a field of `ra.server.settings`; 0 switches a count limit off.
Each refusal is told under the limit's `name` (a name of the code's, never a key; "" tells nothing, for a bucket
inside another limit) to the listener `ra.server.metrics` sets: guards import no other part of the server."""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

OTHER = "other"  # the name of a limit its maker did not name


class RateLimiter:
    """At most `count` events per `window` seconds for each key (a sliding window of event times).

    Memory is bounded: at most `max_keys` keys are tracked; the least recently used one is forgotten first.
    """

    def __init__(
        self,
        count: int,
        window: float,
        max_keys: int = 10_000,
        monotonic: Callable[[], float] = time.monotonic,
        name: str = OTHER,
    ) -> None:
        self.count, self.window, self.max_keys, self.monotonic = count, window, max_keys, monotonic
        self.name = name
        self.events: dict[str, deque[float]] = {}

    def retry_after(self, key: str) -> int:
        """0 and the event is counted if `key` may act now; else the whole seconds until it may."""
        if self.count <= 0:
            return 0
        now = self.monotonic()
        times = self.events.pop(key, None) or deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        self.events[key] = times  # re-inserted: dicts keep insertion order, so the first key is the stalest
        if len(times) >= self.count:
            refused(self.name)
            return max(1, math.ceil(times[0] + self.window - now))
        times.append(now)
        while len(self.events) > self.max_keys:
            del self.events[next(iter(self.events))]
        return 0

    def waiting(self, key: str) -> int:
        """The whole seconds until `key` may act again (0: now), counting nothing."""
        times = self.events.get(key)
        if self.count <= 0 or not times:
            return 0
        now = self.monotonic()
        live = [at for at in times if at > now - self.window]
        return 0 if len(live) < self.count else max(1, math.ceil(live[0] + self.window - now))

    def refuses(self, key: str) -> int:
        """As `waiting`, for a caller that refuses `key` while it waits: a refusal is told (counting nothing)."""
        wait = self.waiting(key)
        if wait:
            refused(self.name)
        return wait


class MessageRate:
    """At most `rate` events a second on average, in bursts of up to `burst` (a token bucket); `rate` 0 is no
    limit. For one connection's messages: memory and time constant whatever the client sends."""

    def __init__(
        self, rate: float, burst: int, monotonic: Callable[[], float] = time.monotonic, name: str = OTHER
    ) -> None:
        self.rate, self.burst, self.monotonic, self.name = rate, max(1, burst), monotonic, name
        self.tokens, self.last = float(self.burst), monotonic()

    def allow(self) -> bool:
        """True (the event counted) if one more event may happen now."""
        if self.rate <= 0:
            return True
        now = self.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            refused(self.name)
            return False
        self.tokens -= 1
        return True


class Counter:
    """Open things (WebSockets) per key, with a ceiling; `enter` refuses past it, `leave` gives the place back."""

    def __init__(self, limit: int, name: str = OTHER) -> None:
        self.limit, self.name = limit, name
        self.open: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        """Count one more for `key` and return True, or False (nothing counted) if `key` is at the limit."""
        n = self.open.get(key, 0)
        if self.limit > 0 and n >= self.limit:
            refused(self.name)
            return False
        self.open[key] = n + 1
        return True

    def leave(self, key: str) -> None:
        """Count one less for `key`."""
        n = self.open.get(key, 0) - 1
        if n > 0:
            self.open[key] = n
        else:
            self.open.pop(key, None)


class KeyedRates:
    """A token bucket (`MessageRate`) per key, e.g. per API token: at most `max_keys` buckets, the least recently
    used forgotten first (a forgotten key starts again with a full bucket)."""

    def __init__(
        self,
        rate: float,
        burst: int,
        max_keys: int = 10_000,
        monotonic: Callable[[], float] = time.monotonic,
        name: str = OTHER,
    ) -> None:
        self.rate, self.burst, self.max_keys, self.monotonic = rate, burst, max_keys, monotonic
        self.name = name
        self.buckets: dict[str, MessageRate] = {}

    def retry_after(self, key: str) -> int:
        """0 and the event counted if `key` may act now; else the whole seconds until one more event may happen."""
        bucket = self.buckets.pop(key, None) or MessageRate(self.rate, self.burst, self.monotonic, name="")
        self.buckets[key] = bucket  # re-inserted: the first key is the stalest
        while len(self.buckets) > self.max_keys:
            del self.buckets[next(iter(self.buckets))]
        if bucket.allow():
            return 0
        refused(self.name)
        return max(1, math.ceil((1 - bucket.tokens) / bucket.rate))


_listener: Callable[[str], None] | None = None


def tell_refusals(listener: Callable[[str], None] | None) -> None:
    """Tell each refusal's limit name to `listener` from now on (None: to nobody)."""
    global _listener
    _listener = listener


def refused(name: str) -> None:
    """Tell one refusal of the limit `name` ("": not told)."""
    if name and _listener is not None:
        _listener(name)
