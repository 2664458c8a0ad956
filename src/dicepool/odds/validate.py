"""Refuse exactly the requests the rules core refuses, with the core's own error.

The odds of a request the core would not roll are not a question: ``distribution`` first asks
the core to start resolving the request with a dice source that stops at the first face. Every
check the core makes before reading a face (a classic pool of 0, a sundown pool of 0 without
Edge, a pool over the limit...) then raises the same :class:`~dicepool.errors.RulesError` or
:class:`~dicepool.errors.LimitError`, word for word, and no check is copied here.
"""

from __future__ import annotations

from dicepool.core.request import RollRequest
from dicepool.core.roll import resolve


class _FirstFace(Exception):
    """Raised by :class:`_Probe` when the core, its checks passed, asks for the first face."""


class _Probe:
    """A dice source that stops the roll at the first face."""

    def roll(self, sides: int, count: int) -> list[int]:
        raise _FirstFace


def check_request(request: RollRequest) -> None:
    """Raise what the core raises for ``request`` before any die is read; else return."""
    try:
        resolve(request, _Probe())
    except _FirstFace:
        return
