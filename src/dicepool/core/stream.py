"""The verifiable dice stream: faces anyone can recompute from a seal's seed.

A seal commits to a secret ``seed`` (32 bytes) by publishing :func:`commitment`, the SHA-256 of
the seed. Each roll logged under the seal carries its ``roll_no`` (1, 2, 3... within the seal)
and a ``nonce`` (any short printable ASCII text, possibly empty). The roll's dice read one byte
stream: block ``i`` (``i`` = 0, 1, 2...) is HMAC-SHA256, keyed by the seed, of the ASCII message
``f"{roll_no}:{nonce}:{i}"``, and the blocks' 32 bytes follow one another.

A die of ``s`` sides (``s`` <= 256) takes the next byte ``b`` and shows ``b % s + 1`` when
``b < 256 - 256 % s``; otherwise the byte is skipped and the next one read, so every face is
exactly as likely as every other (no modulo bias). A die of more than 256 sides takes two bytes
(big-endian) the same way against 65536. Faces are read in the order the systems ask for them
(rulings 9 and 12), so once the seed is revealed anyone can replay a roll die by die with
:func:`stream_faces` and check it against the log.

Players' browsers add to a seal after its commitment is published: each contribution (32
random bytes) is mixed into the key the stream is read with, in the order logged, by
:func:`mixed_key`: ``key = HMAC-SHA256(key, contribution)``, starting from the seed. A roll
reads the stream keyed by the mix of the contributions logged before it (the number it names
as ``mixed``), so a seed chosen before any contribution cannot have chosen those faces.

Standard library only, no I/O, no clock: the same inputs always give the same faces.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Sequence

from dicepool.errors import DiceError

SEED_BYTES = 32
"""The length of a seal's seed: one HMAC-SHA256 key of the hash's own size."""

MAX_SIDES = 65536
"""The most sides a die read from the stream may have (two bytes of the stream per face)."""

MAX_NONCE = 64
"""The longest nonce, in characters: it goes into the log and into every block's message."""

BLOCK_BYTES = 32
"""The bytes one block of the stream gives (one HMAC-SHA256 digest)."""

ONE_BYTE = 256
"""The values one byte can take; dice of at most this many sides read one byte per face."""

TWO_BYTES = 65536
"""The values two bytes can take; larger dice read two bytes (big-endian) per face."""


def commitment(seed: bytes) -> str:
    """The public commitment to a seal's seed: its SHA-256, in lowercase hex.

    Args:
        seed: the seal's secret seed, exactly 32 bytes.

    Raises:
        DiceError: the seed is not 32 bytes long.
    """
    check_seed(seed)
    return hashlib.sha256(seed).hexdigest()


CONTRIBUTION_BYTES = 32
"""The length of a player's contribution to a seal (hex: 64 characters)."""


def mixed_key(seed: bytes, contributions: Sequence[bytes]) -> bytes:
    """The key a roll's stream is read with: the seal's seed, each contribution mixed into it
    in turn (``HMAC-SHA256(key, contribution)``); the seed itself for none.

    Raises:
        DiceError: a seed or a contribution that is not 32 bytes long.
    """
    check_seed(seed)
    key = seed
    for given in contributions:
        if len(given) != CONTRIBUTION_BYTES:
            raise DiceError(f"a contribution is {CONTRIBUTION_BYTES} bytes, not {len(given)}")
        key = hmac.digest(key, given, "sha256")
    return key


def check_seed(seed: bytes) -> None:
    """Raise :class:`DiceError` unless ``seed`` is exactly :data:`SEED_BYTES` bytes."""
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        size = f"{len(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise DiceError(f"a seal's seed is {SEED_BYTES} bytes, not {size}")


def check_nonce(nonce: str) -> None:
    """Raise :class:`DiceError` unless ``nonce`` is printable ASCII of at most 64 characters.

    ASCII because the block message is ASCII; printable (space to ``~``) so that a verifier can
    copy it from the log exactly as it went into the messages.
    """
    if not isinstance(nonce, str):
        raise DiceError(f"a roll's nonce is text, not {type(nonce).__name__}")
    if len(nonce) > MAX_NONCE:
        raise DiceError(f"a roll's nonce has at most {MAX_NONCE} characters, not {len(nonce)}")
    if not (nonce.isascii() and nonce.isprintable()):
        bad = next(c for c in nonce if not (c.isascii() and c.isprintable()))
        raise DiceError(
            f"a roll's nonce is printable ASCII (space to '~'), but has {bad!r}: remove it"
        )


class StreamDice:
    """Faces of one logged roll, read from its seal's stream (a :class:`DiceSource`).

    Each call to :meth:`roll` goes on where the last one stopped, so a pool read in several
    calls shows the same faces as the same pool read in one. Blocks are made only when a face
    needs their bytes.

    Args:
        seed: the seal's secret seed, exactly 32 bytes.
        roll_no: the roll's number within its seal, from 1.
        nonce: the roll's nonce: printable ASCII, at most 64 characters, possibly empty.

    Raises:
        DiceError: a bad seed, roll number or nonce (the message says which, and what is allowed).
    """

    def __init__(self, seed: bytes, roll_no: int, nonce: str = "") -> None:
        check_seed(seed)
        if isinstance(roll_no, bool) or not isinstance(roll_no, int) or roll_no < 1:
            raise DiceError(f"a roll's number in its seal counts from 1, not {roll_no!r}")
        check_nonce(nonce)
        self._seed = seed
        # Every block's message starts the same way; only the block number after it changes.
        # A nonce may hold ':' and stay unambiguous: roll_no has none and the block is last.
        self._prefix = f"{roll_no}:{nonce}:".encode("ascii")
        self._buffer = b""  # bytes made and not yet read
        self._block = 0  # the number of the next block to make

    def roll(self, sides: int, count: int) -> list[int]:
        """Return the next ``count`` faces of a ``sides``-sided die.

        Raises:
            DiceError: ``sides`` is not 1..65536, or ``count`` is negative.
        """
        if isinstance(sides, bool) or not isinstance(sides, int) or not 1 <= sides <= MAX_SIDES:
            raise DiceError(f"a die read from the stream has 1..{MAX_SIDES} sides, not {sides!r}")
        if count < 0:
            raise DiceError(f"a roll cannot ask for {count} dice: ask for 0 or more")
        if sides <= ONE_BYTE:
            return self._read(sides, count, 1, ONE_BYTE - ONE_BYTE % sides)
        return self._read(sides, count, 2, TWO_BYTES - TWO_BYTES % sides)

    def _read(self, sides: int, count: int, width: int, limit: int) -> list[int]:
        """Read ``count`` faces of ``width`` bytes each, skipping values at or above ``limit``.

        Each pass reads exactly as many values as faces are still missing: even if every one
        is accepted, no byte a later face (or a later call) should read is taken.
        """
        faces: list[int] = []
        while len(faces) < count:
            size = (count - len(faces)) * width
            chunk = self._take(size)
            if width == 1:
                values: Sequence[int] = chunk
            else:
                values = struct.unpack(f">{size // 2}H", chunk)
            faces += [value % sides + 1 for value in values if value < limit]
        return faces

    def _take(self, size: int) -> bytes:
        """The next ``size`` bytes of the stream, making only the blocks they need."""
        missing = size - len(self._buffer)
        if missing > 0:
            blocks = -(-missing // BLOCK_BYTES)  # ceiling division
            start, self._block = self._block, self._block + blocks
            made = b"".join(
                hmac.digest(self._seed, self._prefix + str(i).encode("ascii"), "sha256")
                for i in range(start, start + blocks)
            )
            self._buffer += made
        chunk, self._buffer = self._buffer[:size], self._buffer[size:]
        return chunk


def stream_faces(seed: bytes, roll_no: int, nonce: str, sides_in_order: Sequence[int]) -> list[int]:
    """Recompute a logged roll's faces: one face per die, the dice in the order they were read.

    A verifier takes ``sides_in_order`` from the logged dice (every die's sides, first read
    first) and compares the answer with the logged faces. It reads the same stream, through
    the same reader, as :class:`StreamDice` did for the roll.

    Args:
        seed: the seal's seed, revealed when the seal is opened (32 bytes).
        roll_no: the roll's number within its seal, from 1.
        nonce: the roll's nonce as logged.
        sides_in_order: the sides of each die, in the order the roll read them.

    Raises:
        DiceError: a bad seed, roll number, nonce, or number of sides.
    """
    dice = StreamDice(seed, roll_no, nonce)
    faces: list[int] = []
    run_start = 0
    # Dice of one size in a row are read in one call: the same faces, fewer calls.
    for index in range(1, len(sides_in_order) + 1):
        if index == len(sides_in_order) or sides_in_order[index] != sides_in_order[run_start]:
            faces += dice.roll(sides_in_order[run_start], index - run_start)
            run_start = index
    return faces
