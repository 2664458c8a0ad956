"""The seal's dice stream, checked against a reader written here from the issue's description.

``reference_faces`` (in ``tests/sealed_log.py``, shared with the verifier's tests) is the
independent implementation: a few lines that follow the words of the issue (HMAC-SHA256
blocks of ``f"{roll_no}:{nonce}:{i}"`` keyed by the seed, one byte per
face up to 256 sides, two big-endian bytes above, values at or above the largest multiple of the
sides skipped). It imports nothing from dicepool.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from dicepool import StreamDice as PublicStreamDice
from dicepool import commitment as public_commitment
from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.custom import CustomRequest
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import RollResult
from dicepool.core.roll import resolve
from dicepool.core.stream import StreamDice, commitment, stream_faces
from dicepool.core.sundown import SundownRequest
from dicepool.errors import DiceError

from ..sealed_log import reference_bytes, reference_faces

SEEDS = [bytes(32), bytes(range(32)), hashlib.sha256(b"the table's seal").digest(), b"\xff" * 32]


# --- the faces against the reference ----------------------------------------------------------


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 7, 10, 100, 255, 256, 257, 1000, 4099, 65536])
@pytest.mark.parametrize("count", [1, 5, 31, 33, 100, 250])
def test_a_pool_reads_the_stream_as_the_issue_says(sides: int, count: int) -> None:
    for number, seed in enumerate(SEEDS, start=1):
        for nonce in ["", "abc", "a:b:c", "~ !" * 21]:
            expected = reference_faces(seed, number, nonce, [sides] * count)
            assert StreamDice(seed, number, nonce).roll(sides, count) == expected


def test_a_pool_longer_than_a_block_reads_the_next_blocks() -> None:
    seed = SEEDS[2]
    # 300 d10s need at least 10 blocks; 300 d1000s (two bytes each) at least 19
    for sides in (10, 1000):
        faces = StreamDice(seed, 7, "long").roll(sides, 300)
        assert faces == reference_faces(seed, 7, "long", [sides] * 300)
        assert faces != reference_faces(seed, 7, "long", [sides] * 301)[1:]


def test_rejected_bytes_are_skipped() -> None:
    # d7: 256 - 256 % 7 = 252, so bytes 252..255 are skipped; find a stream that has one
    seed = SEEDS[1]
    for roll_no in range(1, 200):
        first = next(reference_bytes(seed, roll_no, ""))
        if first >= 252:
            break
    else:
        pytest.fail("no roll in 1..199 starts with a byte a d7 skips")
    stream = reference_bytes(seed, roll_no, "")
    accepted = [b for b in (next(stream) for _ in range(64)) if b < 252][:20]
    assert StreamDice(seed, roll_no, "").roll(7, 20) == [b % 7 + 1 for b in accepted]


def test_mixed_dice_read_one_stream_in_the_order_asked() -> None:
    seed = SEEDS[2]
    sides = [10, 10, 6, 1000, 3, 256, 257, 100, 2, 65536] * 12 + [7] * 40
    expected = reference_faces(seed, 3, "mix", sides)
    assert stream_faces(seed, 3, "mix", sides) == expected
    dice = StreamDice(seed, 3, "mix")
    assert [face for s in sides for face in dice.roll(s, 1)] == expected


def test_a_pool_in_several_calls_is_the_pool_in_one() -> None:
    seed = SEEDS[3]
    whole = StreamDice(seed, 2, "").roll(10, 100)
    dice = StreamDice(seed, 2, "")
    parts = dice.roll(10, 33) + dice.roll(10, 0) + dice.roll(10, 1) + dice.roll(10, 66)
    assert parts == whole


def test_a_d1_shows_one_and_still_takes_a_byte() -> None:
    seed = SEEDS[1]
    dice = StreamDice(seed, 1, "")
    assert dice.roll(1, 3) == [1, 1, 1]
    assert dice.roll(256, 5) == [b + 1 for b in bytes(hmac.digest(seed, b"1::0", "sha256"))[3:8]]


def test_known_answer_computed_inline() -> None:
    seed = bytes(range(32))
    block = hmac.new(seed, b"12:table-7:0", hashlib.sha256).digest()
    assert StreamDice(seed, 12, "table-7").roll(256, 32) == [b + 1 for b in block]
    high = hmac.new(seed, b"12:table-7:1", hashlib.sha256).digest()
    both = block + high
    pairs = [both[i] * 256 + both[i + 1] for i in range(0, 64, 2)]
    assert StreamDice(seed, 12, "table-7").roll(65536, 32) == [p + 1 for p in pairs]


# --- a real roll through a system --------------------------------------------------------------


def dice_of(result: RollResult) -> list[int]:
    return [die.face for die in result.dice]


@pytest.mark.parametrize("roll_no", range(1, 41))
def test_a_chronicles_roll_shows_the_streams_faces_in_order(roll_no: int) -> None:
    # rote and 8-again: the pool, its batches of extra dice, then the reroll pool (ruling 9)
    request = ChroniclesRequest(Pool.of(12), again=8, rote=True)
    seed = SEEDS[2]
    result = resolve(request, StreamDice(seed, roll_no, "chronicles"))
    faces = dice_of(result)
    assert len(faces) >= 12
    assert faces == reference_faces(seed, roll_no, "chronicles", [10] * len(faces))


@pytest.mark.parametrize("roll_no", range(1, 21))
def test_a_custom_d1000_roll_reads_two_bytes_a_die(roll_no: int) -> None:
    request = CustomRequest(Pool.of(20), sides=1000, target=500, again=900)
    seed = SEEDS[3]
    faces = dice_of(resolve(request, StreamDice(seed, roll_no, "")))
    assert faces == reference_faces(seed, roll_no, "", [1000] * len(faces))


def test_a_contest_reads_the_attackers_faces_first() -> None:
    request = ContestRequest(SundownRequest(Pool.of(9), edge=2), SundownRequest(Pool.of(5)))
    seed = SEEDS[0]
    result = resolve(request, StreamDice(seed, 5, "vs"))
    faces = dice_of(result.attacker) + dice_of(result.defender)
    assert faces == reference_faces(seed, 5, "vs", [6] * len(faces))


# --- rejection sampling is exact ---------------------------------------------------------------


def dice_reading(values: bytes) -> StreamDice:
    """A StreamDice whose next bytes are ``values``: the reader takes them before making blocks.

    This sets the unread bytes directly, so every byte value can be fed to the reader.
    """
    dice = StreamDice(bytes(32), 1, "")
    dice._buffer = values
    return dice


def check_rejection_is_exact(sides: int, width: int) -> None:
    """Feed every value of ``width`` bytes, in order, to the reader of a ``sides``-sided die."""
    span = 256**width
    values = b"".join(v.to_bytes(width, "big") for v in range(span))
    limit = span - span % sides
    # limit faces read exactly the first limit values: each of them was accepted...
    dice = dice_reading(values)
    faces = dice.roll(sides, limit)
    assert dice._buffer == values[width * limit :]
    assert faces == [v % sides + 1 for v in range(limit)]
    # ...and each face came from the same number of them
    counts = Counter(faces)
    assert sorted(counts) == list(range(1, sides + 1))
    assert set(counts.values()) == {span // sides}
    # every value from limit on is skipped: one face reads past all of them to the zero after
    dice = dice_reading(values[width * limit :] + bytes(width))
    assert dice.roll(sides, 1) == [1]
    assert dice._buffer == b""


@pytest.mark.parametrize("sides", range(1, 257))
def test_every_face_of_a_one_byte_die_has_the_same_number_of_bytes(sides: int) -> None:
    check_rejection_is_exact(sides, 1)


@pytest.mark.parametrize("sides", [257, 1000, 4099, 65535, 65536])
def test_every_face_of_a_two_byte_die_has_the_same_number_of_values(sides: int) -> None:
    check_rejection_is_exact(sides, 2)


# --- determinism and the commitment ------------------------------------------------------------


def test_same_inputs_give_the_same_faces_and_others_differ() -> None:
    seed = SEEDS[2]
    faces = StreamDice(seed, 4, "x").roll(10, 64)
    assert StreamDice(seed, 4, "x").roll(10, 64) == faces
    assert stream_faces(seed, 4, "x", [10] * 64) == faces
    assert StreamDice(seed, 5, "x").roll(10, 64) != faces
    assert StreamDice(seed, 4, "y").roll(10, 64) != faces
    assert StreamDice(seed, 4, "").roll(10, 64) != faces
    assert StreamDice(SEEDS[1], 4, "x").roll(10, 64) != faces


def test_the_commitment_is_the_seeds_sha256() -> None:
    for seed in SEEDS:
        assert commitment(seed) == hashlib.sha256(seed).hexdigest()
        assert commitment(seed) == commitment(seed).lower()
    assert public_commitment is commitment
    assert PublicStreamDice is StreamDice


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [b"", bytes(31), bytes(33), bytes(64)])
def test_a_seed_must_be_32_bytes(seed: bytes) -> None:
    with pytest.raises(DiceError, match=rf"32 bytes, not {len(seed)} bytes"):
        StreamDice(seed, 1, "")
    with pytest.raises(DiceError, match="32 bytes"):
        commitment(seed)


def test_a_seed_must_be_bytes() -> None:
    with pytest.raises(DiceError, match="not str"):
        StreamDice("0" * 32, 1, "")  # type: ignore[arg-type]


@pytest.mark.parametrize("roll_no", [0, -1, -100])
def test_a_roll_number_counts_from_one(roll_no: int) -> None:
    with pytest.raises(DiceError, match=f"counts from 1, not {roll_no}"):
        StreamDice(bytes(32), roll_no, "")


@pytest.mark.parametrize("sides", [0, -6, 65537, 10**6])
def test_sides_are_one_to_65536(sides: int) -> None:
    dice = StreamDice(bytes(32), 1, "")
    with pytest.raises(DiceError, match=rf"1\.\.65536 sides, not {sides}"):
        dice.roll(sides, 1)
    with pytest.raises(DiceError, match=r"1\.\.65536"):
        stream_faces(bytes(32), 1, "", [6, sides])


def test_a_negative_count_is_refused() -> None:
    with pytest.raises(DiceError, match="ask for 0 or more"):
        StreamDice(bytes(32), 1, "").roll(6, -1)


@pytest.mark.parametrize("nonce", ["café", "dé", "\u2603", "tab\there", "new\nline", "\x00"])
def test_a_nonce_is_printable_ascii(nonce: str) -> None:
    with pytest.raises(DiceError, match="printable ASCII"):
        StreamDice(bytes(32), 1, nonce)


def test_a_nonce_has_at_most_64_characters() -> None:
    assert len(StreamDice(bytes(32), 1, "n" * 64).roll(6, 3)) == 3
    with pytest.raises(DiceError, match="at most 64 characters, not 65"):
        StreamDice(bytes(32), 1, "n" * 65)


def test_every_message_is_one_line() -> None:
    bad = [
        lambda: StreamDice(bytes(5), 1, ""),
        lambda: StreamDice(bytes(32), 0, ""),
        lambda: StreamDice(bytes(32), 1, "é"),
        lambda: StreamDice(bytes(32), 1, "x" * 99),
        lambda: StreamDice(bytes(32), 1, "").roll(0, 1),
    ]
    for make in bad:
        with pytest.raises(DiceError) as caught:
            make()
        assert "\n" not in str(caught.value) and str(caught.value)
