"""Requests to Discord's HTTP API: a follow-up to a deferred answer, a webhook's message, the
commands registered. The standard library's client on a worker thread: each call is one small
JSON request, bounded in time."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dicepool import __version__

API = "https://discord.com/api/v10"
"""Discord's API, by default (``--discord-api`` or ``$DICEPOOL_DISCORD_API`` for another)."""

ENV_API = "DICEPOOL_DISCORD_API"
"""The environment variable naming Discord's API (tests: a local receiver)."""

SECONDS = 10.0
"""How long one request to Discord may take."""

MOST_WAIT = 600.0
"""The longest a ``Retry-After`` is waited, in seconds (a larger one is taken as this)."""

USER_AGENT = f"DiscordBot (https://pypi.org/project/dicepool, {__version__})"
"""The user agent Discord asks of a bot's requests."""


@dataclass(frozen=True)
class Answer:
    """Discord's answer: its status, headers and body."""

    status: int
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""

    @property
    def retry_after(self) -> float:
        """How long a 429 says to wait, in seconds (its header, else its JSON's
        ``retry_after``; 1 s when neither says), at most :data:`MOST_WAIT`."""
        said: Any = self.headers.get("retry-after")
        if said is None:
            try:
                said = json.loads(self.body or b"{}").get("retry_after")
            except (ValueError, AttributeError):
                said = None
        try:
            return min(max(float(said), 0.0), MOST_WAIT)
        except (TypeError, ValueError):
            return 1.0


def send(method: str, url: str, body: object, bot_token: str | None = None) -> Answer:
    """``method`` ``url`` with ``body`` as JSON (with a bot's token, where one is given).

    Raises:
        OSError: no answer (the network, a timeout).
    """
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    if bot_token:
        headers["Authorization"] = f"Bot {bot_token}"
    data = None if body is None else json.dumps(body).encode()  # None: a GET's, no body
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=SECONDS) as answer:
            return Answer(answer.status, _lower(answer.headers), answer.read())
    except urllib.error.HTTPError as refused:
        return Answer(refused.code, _lower(refused.headers), refused.read())


def _lower(headers: Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in headers.items()}
