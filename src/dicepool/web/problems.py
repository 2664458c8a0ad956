"""The web table's errors, and the HTTP status each error of dicepool's tree answers with.

Every error becomes JSON ``{"error": message}`` with its status; nothing a request can send
makes the server answer 500 (an unexpected exception is logged and answered 500 with a plain
message, and the tests hunt for any request that gets one).
"""

from __future__ import annotations

from dicepool.errors import (
    AccessError,
    BudgetError,
    CampaignError,
    DicepoolError,
    LimitError,
    StoreError,
)


class WebError(DicepoolError):
    """An error of the web edge itself, with its status."""

    status = 400


class Unauthorized(WebError):
    """No token, or one that opens no seat."""

    status = 401


class NotFound(WebError):
    """A table, seat or event that is not there (for this token)."""

    status = 404


class TooLarge(WebError):
    """A request body over the limit."""

    status = 413


class RateLimited(WebError):
    """Too many requests from one seat."""

    status = 429


def status_of(exc: DicepoolError) -> int:
    """The status an error answers with: the caller's fault in every case but the store's."""
    if isinstance(exc, WebError):
        return exc.status
    if isinstance(exc, AccessError):
        return 403
    if isinstance(exc, BudgetError | LimitError):
        return 422
    if isinstance(exc, CampaignError):
        return 409
    if isinstance(exc, StoreError):
        return 503
    return 422  # a line, a sheet change or faces that the rules refuse
