"""Checking an export's hash chain: every event hashes the one before it (see
:mod:`dicepool.store.chain` for what is hashed, and how).

The check walks the events in the export's order: their sequence numbers run 1, 2, 3... with
none missing; each one's ``prev`` is the hash of the event before it; its ``hash`` is the
SHA-256 of ``prev:seq:digest``; and where its salt is given (the reader sees the event whole),
its ``digest`` is its content's. A head someone remembers (``--head``, a player's browser) must
be one of the chain's hashes. Like the seals' check, it reads whatever the file holds and turns
anything malformed into a problem of its event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dicepool.campaign.problems import Problem
from dicepool.campaign.shown import shown, unsealed_mark, whole
from dicepool.sheet.events import Event
from dicepool.store.chain import GENESIS, digest_of, link

MAX_CHAIN_PROBLEMS = 20
"""The most problems of the chain reported (the first is the one that matters)."""

_HEX = frozenset("0123456789abcdef")


@dataclass(frozen=True)
class ChainReport:
    """An export's chain checked.

    Attributes:
        events: the events on the chain.
        whole: those whose digest was recomputed from their content (their salt given).
        head: the last event's hash, as the export states it ("" for an empty log).
        heads: the heads given to check, each found on the chain or not.
        problems: what is wrong, the first bad event first.
    """

    events: int
    whole: int
    head: str
    heads: tuple[tuple[str, bool], ...] = ()
    problems: tuple[Problem, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --json``."""
        return {
            "events": self.events,
            "whole": self.whole,
            "head": self.head,
            "heads": [{"hash": h, "found": found} for h, found in self.heads],
            "problems": [p.to_dict() for p in self.problems],
        }


@dataclass
class _Walk:
    """The chain as far as it has been read."""

    seq: int = 0
    hash: str = GENESIS
    whole: int = 0
    hashes: set[str] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)


def chained(events: Sequence[Any]) -> bool:
    """Whether an export's events carry the chain (version 2 does; version 1 did not)."""
    return any(isinstance(e, Mapping) and "chain" in e for e in events)


def exported(event: Event) -> dict[str, Any]:
    """An event as the export writes it, with its chain (a screened event's without its salt:
    :func:`~dicepool.sheet.events.shown_as`); one whose dice no seal drew and no one typed
    marked ``"unsealed"``, outside what the chain hashes."""
    held = {**event.to_dict(), **unsealed_mark(event.kind.value, event.data)}
    return {**held, "chain": event.chain.to_dict()} if event.chain is not None else held


def check_chain(events: Sequence[Any], heads: Sequence[str] = ()) -> ChainReport:
    """Check the chain of an export's events (as :func:`exported` writes them), in
    order, and that each of ``heads`` is one of its hashes. Never raises for what they hold."""
    walk = _Walk()
    for index, event in enumerate(events):
        _step(walk, index, event)
    found = tuple((h, h in walk.hashes) for h in heads)
    for head, on in found:
        if not on:
            walk.problems.append(
                Problem(
                    f"the head {head[:16]}... is not on this log's chain: an event up to it was "
                    "changed, removed or put in another order, or the log was cut before it"
                )
            )
    head = walk.hash if walk.seq else ""
    return ChainReport(walk.seq, walk.whole, head, found, tuple(walk.problems[:MAX_CHAIN_PROBLEMS]))


def _unlinked(chain: object) -> str:
    """What is wrong with an event's chain that is not one: missing (said for what it is:
    a dicepool too old to chain wrote it, a server left running through the upgrade), or
    malformed."""
    if chain is None:
        return (
            "it has no chain: written by a server of an older version after the upgrade "
            "(stop every server before `dicepool db upgrade`)"
        )
    return f"its chain is not prev, digest and hash in hex: {shown(chain)}"


def _step(walk: _Walk, index: int, event: object) -> None:
    """Check one event against the chain so far, and move the chain on past it."""
    if not isinstance(event, Mapping):
        walk.problems.append(Problem(f"not an event: {shown(event)}", entry=index + 1))
        return
    seq = whole(event.get("seq"))
    if seq is None:
        walk.problems.append(Problem("its seq is not a whole number", entry=index + 1))
        return
    chain = event.get("chain")
    links = _links(chain)
    if links is None:
        walk.problems.append(Problem(_unlinked(chain), seq=seq))
        walk.seq = seq
        return
    prev, digest, hashed = links
    expected = walk.seq + 1
    if seq > expected:
        gap = f"event {expected} is" if seq == expected + 1 else f"events {expected}-{seq - 1} are"
        walk.problems.append(Problem(f"{gap} missing before it: the log was cut", seq=seq))
    elif seq < expected:
        walk.problems.append(
            Problem(f"it comes after seq {walk.seq}: the log's order is broken", seq=seq)
        )
    if prev != walk.hash:
        walk.problems.append(
            Problem(
                f"its prev is not the hash of the event before it (seq {walk.seq}): an event "
                "was changed, removed or put in another order there",
                seq=seq,
            )
        )
    if link(prev, seq, digest) != hashed:
        walk.problems.append(Problem("its hash is not the SHA-256 of prev:seq:digest", seq=seq))
    salt = chain.get("salt") if isinstance(chain, Mapping) else None
    if isinstance(salt, str):
        walk.whole += 1
        if _digest(event, seq, salt) != digest:
            walk.problems.append(
                Problem(
                    "its content is not what its digest says: changed after it was logged", seq=seq
                )
            )
    walk.seq, walk.hash = seq, hashed
    walk.hashes.add(hashed)


def _links(chain: object) -> tuple[str, str, str] | None:
    """An event's ``prev``, ``digest`` and ``hash``, or None when any is not 64 hex digits."""
    if not isinstance(chain, Mapping):
        return None
    found = [chain.get(k) for k in ("prev", "digest", "hash")]
    hexes = [v for v in found if isinstance(v, str) and len(v) == 64 and set(v) <= _HEX]
    return (hexes[0], hexes[1], hexes[2]) if len(hexes) == 3 else None


def _digest(event: Mapping[str, Any], seq: int, salt: str) -> str | None:
    """The digest of an event's content as the export gives it (None when it cannot be one)."""
    at, actor, kind, data = (event.get(k) for k in ("at", "actor", "kind", "data"))
    if not (isinstance(at, str) and isinstance(actor, str) and isinstance(kind, str)):
        return None
    if not isinstance(data, Mapping):
        return None
    try:
        return digest_of(seq, at, actor, kind, data, salt)
    except (TypeError, ValueError):  # a float that is not finite, a key that is not text...
        return None
