"""Sealed logs built for the tests, with a dice stream written here from the README's words.

:func:`stream` is an independent reader of the seal's stream (HMAC-SHA256 blocks of
``f"{roll_no}:{nonce}:{block}"`` keyed by the seed; one byte per face up to 256 sides, two
big-endian bytes above; values at or above the largest multiple of the sides skipped). It
imports nothing from dicepool, so a log it builds verifying is a check of the verifier too.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections.abc import Iterator
from typing import Any

SEED_A = hashlib.sha256(b"seal one").digest()
SEED_B = hashlib.sha256(b"seal two").digest()


def reference_bytes(seed: bytes, roll_no: int, nonce: str) -> Iterator[int]:
    """A roll's stream, byte after byte, without end: HMAC-SHA256 blocks, as the issue says."""
    for block in itertools.count():
        yield from hmac.new(seed, f"{roll_no}:{nonce}:{block}".encode(), hashlib.sha256).digest()


def reference_faces(seed: bytes, roll_no: int, nonce: str, sides: list[int]) -> list[int]:
    """One face per die of ``sides``, read in order from a roll's stream as the issue says."""
    data = reference_bytes(seed, roll_no, nonce)
    faces = []
    for each in sides:
        span = 256 if each <= 256 else 65536
        while True:
            value = next(data) if span == 256 else next(data) * 256 + next(data)
            if value < span - span % each:
                faces.append(value % each + 1)
                break
    return faces


def stream(seed: bytes, roll_no: int, nonce: str, runs: list[list[int]]) -> list[int]:
    """The faces of ``runs`` (``[sides, count]``, in order) read from a roll's stream."""
    return reference_faces(seed, roll_no, nonce, [s for s, count in runs for _ in range(count)])


def dice(faces: list[int], roll: int = 0) -> list[dict[str, Any]]:
    """A roll record's dice showing ``faces``."""
    return [{"face": f, "origin": "rolled", "roll": roll, "successes": 0} for f in faces]


class Log:
    """A campaign's log as an export holds it: event dicts with ids, seqs and data."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def add(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        """Append an event; its id is 100 more than its seq, so the two are told apart."""
        seq = len(self.events) + 1
        event = {
            "id": 100 + seq,
            "seq": seq,
            "at": f"2025-01-01T00:00:{seq % 60:02d}+00:00",
            "actor": "tester",
            "kind": kind,
            "data": data,
        }
        self.events.append(event)
        return event

    def open(self, seal: int, seed: bytes) -> dict[str, Any]:
        """``seal-open``: the seed's SHA-256."""
        return self.add("seal-open", {"seal": seal, "commitment": hashlib.sha256(seed).hexdigest()})

    def close(self, seal: int, seed: bytes, rolls: int) -> dict[str, Any]:
        """``seal-close``: the seed, and how many roll numbers the seal gave out."""
        return self.add("seal-close", {"seal": seal, "seed": seed.hex(), "rolls": rolls})

    def roll(
        self, seal: int, seed: bytes, roll_no: int, runs: list[list[int]], nonce: str = ""
    ) -> dict[str, Any]:
        """A plain sealed roll: its record shows the stream's faces."""
        faces = stream(seed, roll_no, nonce, runs)
        data = {"line": "test", "result": {"system": "custom", "dice": dice(faces)}}
        return self.add("rolled", {**data, "seal": _ref(seal, roll_no, nonce, runs)})

    def contest(
        self, seal: int, seed: bytes, roll_no: int, attacker: int, defender: int
    ) -> dict[str, Any]:
        """A sealed contest of d10s: the attacker's dice read first."""
        runs = [[10, attacker + defender]]
        faces = stream(seed, roll_no, "", runs)
        result = {
            "system": "chronicles",
            "attacker": {"dice": dice(faces[:attacker])},
            "defender": {"dice": dice(faces[attacker:])},
            "winner": "tie",
        }
        return self.add("rolled", {"result": result, "seal": _ref(seal, roll_no, "", runs)})

    def rerolled(
        self, seal: int, seed: bytes, roll_no: int, first: list[int], again: int
    ) -> dict[str, Any]:
        """A second chance: the first pool's faces copied, ``again`` d6 read from the stream."""
        runs = [[6, again]]
        faces = stream(seed, roll_no, "chance", runs)
        result = {"system": "sundown", "dice": dice(first) + dice(faces, roll=1)}
        return self.add("rerolled", {"result": result, "seal": _ref(seal, roll_no, "chance", runs)})

    def rested(self, seal: int, seed: bytes, roll_no: int, pools: list[int]) -> dict[str, Any]:
        """A state rule's event rolling one d10 pool per entry of ``pools``."""
        runs = [[10, sum(pools)]]
        faces = iter(stream(seed, roll_no, "", runs))
        rolls = [
            {
                "character": "Ana",
                "purpose": "crisis",
                "roll": {"dice": dice([next(faces) for _ in range(size)])},
                "successes": 0,
            }
            for size in pools
        ]
        return self.add(
            "rested", {"character": "Ana", "rolls": rolls, "seal": _ref(seal, roll_no, "", runs)}
        )

    def typed(self, faces: list[int]) -> dict[str, Any]:
        """A roll typed by hand: no seal."""
        return self.add("rolled", {"typed": True, "result": {"dice": dice(faces)}})

    def unsealed(self, faces: list[int]) -> dict[str, Any]:
        """A roll from before seals: neither a seal nor typed."""
        return self.add("rolled", {"result": {"dice": dice(faces)}})

    def hidden(self, seal: int, roll_no: int) -> dict[str, Any]:
        """A hidden roll as a player receives it: its number only."""
        return self.add("rolled", {"hidden": True, "seal": {"seal": seal, "roll_no": roll_no}})


def _ref(seal: int, roll_no: int, nonce: str, runs: list[list[int]]) -> dict[str, Any]:
    return {"seal": seal, "roll_no": roll_no, "nonce": nonce, "sides": [list(r) for r in runs]}


def good_log() -> Log:
    """A log with every kind of roll: seal 1 closed after 7 roll numbers, seal 2 open.

    Event seqs: 1 created, 2 a roll from before seals, 3 seal 1 opens, 4 roll 1 (d10s and a
    d1000), 5 roll 2 (a contest), 6 a typed roll, 7 roll 3 (a second chance), 8 roll 4 (a
    rule's two pools), 9 roll 5 (hidden), 10 roll 6, 11 roll 7 (d6 and d20 with a nonce),
    12 seal 1 closes, 13 seal 2 opens, 14 its roll 1.
    """
    log = Log()
    log.add("campaign-created", {"name": "Night", "system": "custom"})
    log.unsealed([3, 4, 5])
    log.open(1, SEED_A)
    log.roll(1, SEED_A, 1, [[10, 5], [1000, 2]])
    log.contest(1, SEED_A, 2, 4, 3)
    log.typed([1, 2, 3])
    log.rerolled(1, SEED_A, 3, [6, 5, 1, 2], 2)
    log.rested(1, SEED_A, 4, [3, 2])
    log.hidden(1, 5)
    log.roll(1, SEED_A, 6, [[10, 8]])
    log.roll(1, SEED_A, 7, [[6, 3], [20, 1], [6, 2]], nonce="table 1: Ana's knife")
    log.close(1, SEED_A, 7)
    log.open(2, SEED_B)
    log.roll(2, SEED_B, 1, [[10, 4]])
    return log
