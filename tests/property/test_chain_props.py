"""The hash chain's invariants (hypothesis): a log chained as dicepool chains it checks, and
any one event changed, removed or swapped with the next is named, and nothing before it."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from dicepool.campaign.chained import check_chain
from dicepool.store.chain import GENESIS, digest_of, link

TEXT = st.text(max_size=12)  # any characters: the canonical JSON escapes what is not ASCII
DATA = st.dictionaries(
    TEXT, st.one_of(st.integers(-(2**53), 2**53), TEXT, st.booleans(), st.none()), max_size=4
)


def _chained(contents: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Events chained as dicepool's store chains them."""
    events, prev = [], GENESIS
    for seq, (actor, data) in enumerate(contents, 1):
        salt = f"{seq:032x}"
        at = "2026-11-27T10:00:00+00:00"
        digest = digest_of(seq, at, actor, "rolled", data, salt)
        hashed = link(prev, seq, digest)
        chain = {"prev": prev, "digest": digest, "hash": hashed, "salt": salt}
        events.append(
            {
                "id": seq,
                "seq": seq,
                "at": at,
                "actor": actor,
                "kind": "rolled",
                "data": data,
                "chain": chain,
            }
        )
        prev = hashed
    return events


LOGS = st.lists(st.tuples(TEXT, DATA), min_size=2, max_size=8).map(_chained)


@given(LOGS)
def test_a_chained_log_checks_and_its_every_hash_is_a_head(events: list[dict[str, Any]]) -> None:
    heads = [e["chain"]["hash"] for e in events]
    checked = check_chain(events, heads)
    assert checked.problems == () and checked.head == heads[-1]
    assert checked.whole == len(events) and all(found for _, found in checked.heads)


@given(LOGS, st.data())
def test_one_event_changed_is_the_first_named(
    events: list[dict[str, Any]], data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(events) - 1))
    changed = copy.deepcopy(events)
    changed[at]["actor"] += "!"
    first = check_chain(changed).problems[0]
    assert first.seq == at + 1 and "changed after it was logged" in first.message


@given(LOGS, st.data())
def test_one_event_removed_or_swapped_is_named_where_it_was(
    events: list[dict[str, Any]], data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(events) - 2))
    removed = events[:at] + events[at + 1 :]
    assert check_chain(removed).problems[0].seq == at + 2  # the event after it: a gap
    swapped = [*events[:at], events[at + 1], events[at], *events[at + 2 :]]
    assert check_chain(swapped).problems[0].seq == at + 2  # the later one, come too early
    # rewritten and chained again, a log still checks alone: a head kept finds it
    kept = events[at]["chain"]["hash"]
    again = _chained(
        [(e["actor"] + ("?" if i == 0 else ""), e["data"]) for i, e in enumerate(events)]
    )
    assert check_chain(again).problems == ()
    assert "is not on this log's chain" in check_chain(again, [kept]).problems[0].message
