"""A token bucket per key (the Bot API's rate per token) and a sliding window read without counting (its failed
authentications per address)."""

from __future__ import annotations

from ra.server.guards.rates import KeyedRates, RateLimiter


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_each_key_has_its_own_bucket_refilled_at_its_rate() -> None:
    clock = Clock()
    rates = KeyedRates(10.0, 20, monotonic=clock)
    assert [rates.retry_after("a") for _ in range(20)] == [0] * 20
    assert rates.retry_after("a") == 1  # the burst spent
    assert rates.retry_after("b") == 0  # another token is untouched
    clock.now += 0.15  # one event's worth, and a half
    assert rates.retry_after("a") == 0 and rates.retry_after("a") == 1


def test_the_buckets_are_bounded_the_stalest_forgotten_first() -> None:
    rates = KeyedRates(1.0, 1, max_keys=2, monotonic=Clock())
    for key in ("a", "b", "c"):
        assert rates.retry_after(key) == 0
    assert list(rates.buckets) == ["b", "c"]


def test_waiting_reads_a_window_without_counting() -> None:
    clock = Clock()
    limiter = RateLimiter(2, 60.0, monotonic=clock)
    assert limiter.waiting("x") == 0
    limiter.retry_after("x")
    assert limiter.waiting("x") == 0 and limiter.waiting("x") == 0  # reading counts nothing
    limiter.retry_after("x")
    assert limiter.waiting("x") == 60
    clock.now += 60.5
    assert limiter.waiting("x") == 0
