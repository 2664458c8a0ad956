"""What the Discord tests share: Discord's side of the wire.

:class:`Application` signs interactions with an Ed25519 key made for the test, in the byte
format of Discord's published examples (compact JSON, the timestamp in seconds), and POSTs them
to a real `dicepool serve`. :class:`Receiver` is a real local HTTP server standing in for
Discord's API and a channel's webhook: it records every request in order, and answers as the
test sets it (429 with ``Retry-After`` a number of times, then 404, ...).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

_ids = itertools.count(1)


@dataclass
class Application:
    """A Discord application: its key pair, and the interactions it sends to ``port``."""

    port: int
    key: Ed25519PrivateKey = field(default_factory=Ed25519PrivateKey.generate)

    @property
    def public_hex(self) -> str:
        """The public key as the developer portal shows it."""
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        return self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()

    def interaction(
        self, name: str, user: str, channel: str = "700", /, **options: object
    ) -> dict[str, Any]:
        """A slash command as Discord sends it, from ``user`` in ``channel``."""
        given = [{"name": k, "type": _type(v), "value": v} for k, v in options.items()]
        return {
            "app_permissions": "2147483648",
            "application_id": "900",
            "channel_id": channel,
            "data": {"id": "901", "name": name, "options": given, "type": 1},
            "guild_id": "800",
            "id": str(next(_ids)),
            "member": {"user": {"id": user, "username": f"user{user}"}},
            "token": f"interaction-token-{next(_ids)}",
            "type": 2,
            "version": 1,
        }

    def post(
        self,
        body: dict[str, Any],
        key: Ed25519PrivateKey | None = None,
        timestamp: int | None = None,
        tamper: bool = False,
        headers: bool = True,
    ) -> tuple[int, Any]:
        """POST ``body`` signed (by ``key``, at ``timestamp``; ``tamper``: changed after
        signing; ``headers`` False: unsigned); Discord's status and JSON."""
        raw = json.dumps(body, separators=(",", ":")).encode()
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        signature = (key or self.key).sign(stamp.encode() + raw).hex()
        sent = raw.replace(b',"type":2,', b',"type":1,') if tamper else raw  # a PING now
        assert sent != raw or not tamper
        signed = {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": stamp}
        return self.send(sent, signed if headers else {})

    def send(self, raw: bytes, signed: dict[str, str]) -> tuple[int, Any]:
        """POST bytes as they are, with headers ``signed``."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/discord/interactions",
            data=raw,
            headers={"Content-Type": "application/json", **signed},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"null")

    def command(self, name: str, user: str, channel: str = "700", /, **options: object) -> Any:
        """A command's answer (200 expected): the answer's ``data``."""
        status, answer = self.post(self.interaction(name, user, channel, **options))
        assert status == 200, answer
        return answer


def _type(value: object) -> int:
    return 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3


@dataclass
class Heard:
    """A request the receiver got: its method, path and JSON body."""

    method: str
    path: str
    body: Any
    headers: dict[str, str]


class Receiver:
    """A local HTTP server standing in for Discord: records each request, and answers
    ``answers`` in turn (a status and a Retry-After), then ``then``."""

    def __init__(self) -> None:
        self.heard: list[Heard] = []
        self.answers: list[tuple[int, str | None]] = []
        self.then = 204
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                size = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(size) or b"null")
                with receiver.lock:
                    status, wait = (
                        receiver.answers.pop(0) if receiver.answers else (receiver.then, None)
                    )
                    if status < 300:
                        receiver.heard.append(
                            Heard(self.command, self.path, body, dict(self.headers))
                        )
                self.send_response(status)
                if wait is not None:
                    self.send_header("Retry-After", wait)
                answer = b'{"message": "You are being rate limited."}' if status == 429 else b"{}"
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_POST = do_PATCH = do_PUT = do_GET = _any

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]

    @property
    def base(self) -> str:
        """Its address."""
        return f"http://127.0.0.1:{self.port}"

    def posted(self, path: str) -> list[Heard]:
        """What was taken at ``path`` (a 2xx answered), in order."""
        with self.lock:
            return [h for h in self.heard if h.path == path]

    def wait_for(self, path: str, test: Any, seconds: float = 60.0) -> list[Heard]:
        """What was taken at ``path`` once ``test`` of it is true (failing after ``seconds``)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = self.posted(path)
            if test(found):
                return found
            time.sleep(0.05)
        raise AssertionError(f"the receiver never got it: {self.posted(path)}")


@contextmanager
def receiving() -> Iterator[Receiver]:
    """A receiver serving on a thread of its own while the block runs."""
    receiver = Receiver()
    thread = threading.Thread(target=receiver.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()
