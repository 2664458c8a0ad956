"""The web table's errors, and the HTTP status each error of dicepool's tree answers with.

Every error becomes JSON ``{"error": message}`` with its status; nothing a request can send
makes the server answer 500 (an unexpected exception is logged and answered 500 with a plain
message, and the tests hunt for any request that gets one). :func:`answers` describes them in
the OpenAPI document, so a client knows every status a route may give and the body it has.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

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
    """Too many requests from one seat, or too costly: ``retry_after`` seconds to wait, the
    answer held back ``delay`` seconds."""

    status = 429

    def __init__(self, message: str, retry_after: int | None = None, delay: float = 0.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.delay = delay


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


class Problem(BaseModel):
    """What every error answers: one line that says what is wrong and how to fix it."""

    error: str


MEANINGS = {
    400: "The body is not JSON.",
    401: "No `Authorization: Bearer` token, or one that opens no seat here.",
    403: "The seat's role may not do this (a player acting for another's character, a hidden "
    "roll or a reveal by a player, an invitation doing more than take a seat).",
    404: "No such table for this token.",
    409: "The campaign, character or event is not as the request needs it (a name taken, "
    "something not there, a roll already revealed).",
    413: "The request body is over 64 KiB.",
    422: "The request does not fit the schema, or the rules refuse it (a roll line, faces by "
    "hand, a limit, the odds budget).",
    429: "Too many requests from this seat, or too costly ones (bytes of the log read, the "
    "server's time spent): wait the seconds `Retry-After` says.",
    503: "The database cannot serve the request (it cannot be opened, or is newer than the "
    "server).",
}
"""What each error status means, as the OpenAPI document says it."""


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of error ``statuses``: each a :class:`Problem`."""
    return {status: {"model": Problem, "description": MEANINGS[status]} for status in statuses}
