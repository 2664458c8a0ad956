"""The per-seat token bucket: a burst, then the refill rate."""

from __future__ import annotations

import pytest

from dicepool.web import limits
from dicepool.web.limits import Bucket


def test_a_bucket_allows_a_burst_then_its_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    bucket = Bucket(rate=2.0, burst=3.0)
    assert [bucket.allow(1) for _ in range(4)] == [True, True, True, False]
    assert bucket.allow(2)  # another seat has its own bucket
    now[0] += 0.5  # one token back
    assert bucket.allow(1) and not bucket.allow(1)
    now[0] += 100  # never more than the burst
    assert [bucket.allow(1) for _ in range(4)] == [True, True, True, False]
