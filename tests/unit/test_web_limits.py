"""The per-seat token bucket: a burst, then the refill rate."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dicepool.web import limits
from dicepool.web.limits import Bucket, RateLimited


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


def test_a_cost_known_after_is_charged_and_its_debt_waited_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    bucket = Bucket(rate=1000.0, burst=4000.0)  # bytes a second
    assert bucket.allow("reader", 0.0)  # let in while it owes nothing
    bucket.charge("reader", 10_000.0)  # it read more than its burst
    assert not bucket.allow("reader", 0.0) and bucket.wait("reader", 0.0) == 6.0
    assert bucket.allow("other", 0.0)  # another key is not held back
    now[0] += 5.9
    assert not bucket.allow("reader", 0.0)
    now[0] += 0.2
    assert bucket.allow("reader", 0.0) and bucket.wait("reader", 0.0) == 0.0


def test_a_cost_over_the_burst_takes_a_full_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    bucket = Bucket(rate=1.0, burst=3.0)
    assert bucket.allow("k", 5.0)  # never refused for ever: it owes 2 now
    assert not bucket.allow("k", 1.0) and bucket.wait("k", 1.0) == 3.0


def test_a_seat_that_owes_is_refused_a_moment_later_one_over_its_rate_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(limits.time, "monotonic", lambda: 100.0)
    app = SimpleNamespace(state=SimpleNamespace(buckets={}, rates=limits.RATES))
    limits.charge(app, "reads", 7, 10 * limits.READ_BYTES)  # read far more than its burst
    with pytest.raises(RateLimited) as owed:
        limits.limited(app, "reads", 7, "read much", cost=0.0)
    assert owed.value.retry_after == 6 and owed.value.delay == limits.OWED_DELAY  # 12 MiB owed
    for _ in range(int(limits.RATES["rolls"][1])):
        limits.limited(app, "rolls", 7, "too many rolls")
    with pytest.raises(RateLimited) as fast:  # a request counted: its answer is not held back
        limits.limited(app, "rolls", 7, "too many rolls")
    assert fast.value.retry_after == 1 and fast.value.delay == 0.0
