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


def test_a_bucket_forgets_only_the_keys_that_refilled(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(limits, "MAX_KEYS", 4)
    bucket = Bucket(rate=1.0, burst=2.0)
    assert bucket.allow("spent") and bucket.allow("spent") and not bucket.allow("spent")
    for key in ("a", "b", "c"):
        assert bucket.allow(key)
    now[0] += 0.5  # a, b, c are not full yet: nothing is forgotten, "spent" stays empty
    assert bucket.allow("d") and not bucket.allow("spent")
    now[0] += 1.0  # a..d refilled and are forgotten; "spent" has 1.5 tokens, not 2: kept
    assert bucket.allow("e")
    assert len(bucket._held) <= 3
    assert bucket.allow("spent") and not bucket.allow("spent")
