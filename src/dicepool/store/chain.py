"""The hash chain of a campaign's log: every event hashes the one before it.

Each event is stored with a random ``salt`` (16 bytes, hex), its ``digest`` and its ``hash``:

- ``digest`` is the SHA-256, in lowercase hex, of the :func:`canonical` JSON of the object
  ``{"actor", "at", "data", "kind", "salt", "seq"}`` (the event as ``Event.to_dict`` writes it,
  its salt added, its id left out). The salt makes the digest of a hidden roll say nothing of
  its faces: no one can try the few outcomes a pool has against it.
- ``hash`` is the SHA-256, in lowercase hex, of the ASCII text ``f"{prev}:{seq}:{digest}"``,
  where ``prev`` is the hash of the event before it in its campaign (:data:`GENESIS` for the
  first). The last event's hash is the log's **head**: whoever remembers a head can tell
  whether any event up to it was changed, removed or put in another order since.

A player's view of an event whose data is screened (a hidden roll, a storyteller's sheet)
keeps its digest and leaves out its salt, so the chain still checks through it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

GENESIS = "0" * 64
"""The ``prev`` of a campaign's first event."""

SALT_BYTES = 16
"""The random bytes of an event's salt (hex: 32 characters)."""


def canonical(value: Any) -> bytes:
    """``value`` as the chain hashes it: JSON with every object's keys sorted, no whitespace
    (``,`` and ``:``), and only printable ASCII (every character from U+007F up written
    ``\\uXXXX``, lowercase hex, by UTF-16 code unit). The log's data holds no fraction, so a
    checker in any language writes the same bytes (``JSON.stringify`` with sorted keys does,
    once those characters are escaped: docs/dice.md, "The scheme")."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode(
        "ascii"
    )


def new_salt() -> str:
    """A fresh salt for an event: :data:`SALT_BYTES` random bytes, in hex."""
    return secrets.token_hex(SALT_BYTES)


def digest_of(seq: int, at: str, actor: str, kind: str, data: Mapping[str, Any], salt: str) -> str:
    """An event's digest: the SHA-256 of its canonical JSON with its salt (lowercase hex)."""
    body = {"actor": actor, "at": at, "data": data, "kind": kind, "salt": salt, "seq": seq}
    return hashlib.sha256(canonical(body)).hexdigest()


def link(prev: str, seq: int, digest: str) -> str:
    """An event's hash: the SHA-256 of ``f"{prev}:{seq}:{digest}"`` (lowercase hex)."""
    return hashlib.sha256(f"{prev}:{seq}:{digest}".encode("ascii")).hexdigest()
