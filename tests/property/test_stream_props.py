"""Hypothesis: the seal's dice stream always shows faces on the die, however a pool is split."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.stream import MAX_NONCE, StreamDice, stream_faces
from tests.hypothesis_profiles import examples

SEEDS = st.binary(min_size=32, max_size=32)
ROLL_NUMBERS = st.integers(min_value=1, max_value=2**40)
NONCES = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=MAX_NONCE)
# both readers: one byte a face (up to 256 sides) and two (above), and the edges between them
SIDES = st.one_of(
    st.sampled_from([1, 2, 3, 6, 7, 10, 100, 255, 256, 257, 1000, 65535, 65536]),
    st.integers(min_value=1, max_value=65536),
)


@settings(max_examples=examples(300), deadline=None)
@given(SEEDS, ROLL_NUMBERS, NONCES, SIDES, st.integers(0, 200))
def test_faces_are_always_on_the_die(
    seed: bytes, roll_no: int, nonce: str, sides: int, count: int
) -> None:
    faces = StreamDice(seed, roll_no, nonce).roll(sides, count)
    assert len(faces) == count
    assert all(1 <= face <= sides for face in faces)


@settings(max_examples=examples(300), deadline=None)
@given(SEEDS, ROLL_NUMBERS, NONCES, SIDES, st.integers(0, 150), st.integers(0, 150))
def test_a_pool_in_two_calls_is_the_pool_in_one(
    seed: bytes, roll_no: int, nonce: str, sides: int, first: int, second: int
) -> None:
    whole = StreamDice(seed, roll_no, nonce).roll(sides, first + second)
    dice = StreamDice(seed, roll_no, nonce)
    assert dice.roll(sides, first) + dice.roll(sides, second) == whole


@settings(max_examples=examples(200), deadline=None)
@given(SEEDS, ROLL_NUMBERS, NONCES, st.lists(SIDES, max_size=80))
def test_mixed_dice_one_at_a_time_are_the_verifiers_faces(
    seed: bytes, roll_no: int, nonce: str, sides: list[int]
) -> None:
    dice = StreamDice(seed, roll_no, nonce)
    one_by_one = [face for s in sides for face in dice.roll(s, 1)]
    assert one_by_one == stream_faces(seed, roll_no, nonce, sides)
    assert all(1 <= face <= s for face, s in zip(one_by_one, sides, strict=True))
