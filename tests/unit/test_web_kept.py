"""The server's bounded keep: the least recently used goes first, past its bytes."""

from __future__ import annotations

from dicepool.web.kept import Kept


def test_the_least_recently_used_goes_past_the_bytes() -> None:
    kept: Kept[str, str] = Kept(most_bytes=100)
    kept.put("a", "A", 40)
    kept.put("b", "B", 40)
    assert kept.get("a") == "A"  # a is now the most recent
    kept.put("c", "C", 40)  # over 100: b goes
    assert kept.get("b") is None and kept.get("a") == "A" and kept.get("c") == "C"
    assert kept.size == 80 and len(kept) == 2
    assert (kept.hits, kept.misses) == (3, 1)


def test_a_value_over_the_bound_is_not_kept_and_a_key_kept_again_is_weighed_again() -> None:
    kept: Kept[str, str] = Kept(most_bytes=100)
    kept.put("a", "A", 60)
    kept.put("a", "A2", 30)
    assert kept.size == 30 and kept.get("a") == "A2"
    kept.put("huge", "H", 101)
    assert kept.get("huge") is None and kept.size == 30
    kept.put("a", "A3", 101)  # too big now: the old value goes too
    assert kept.get("a") is None and kept.size == 0
