"""The key a roll's stream is read with: the seal's seed, the players' contributions mixed in
one after another by HMAC-SHA256, as the README's dice scheme says."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from dicepool.core.stream import mixed_key
from dicepool.errors import DiceError

SEED = hashlib.sha256(b"seed").digest()
ONE, TWO = hashlib.sha256(b"one").digest(), hashlib.sha256(b"two").digest()


def test_no_contribution_leaves_the_seed() -> None:
    assert mixed_key(SEED, []) == SEED


def test_each_contribution_is_mixed_into_the_key_before_it_in_order() -> None:
    first = hmac.new(SEED, ONE, hashlib.sha256).digest()
    assert mixed_key(SEED, [ONE]) == first
    assert mixed_key(SEED, [ONE, TWO]) == hmac.new(first, TWO, hashlib.sha256).digest()
    assert mixed_key(SEED, [TWO, ONE]) != mixed_key(SEED, [ONE, TWO])


def test_a_contribution_that_is_not_32_bytes_is_refused() -> None:
    with pytest.raises(DiceError, match="a contribution is 32 bytes, not 3"):
        mixed_key(SEED, [b"abc"])
    with pytest.raises(DiceError, match="a seal's seed is 32 bytes"):
        mixed_key(b"short", [])
