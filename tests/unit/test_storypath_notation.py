"""The storypath options of the roll language: teamwork (`assist N`) and Scale (`scale N`)."""

from __future__ import annotations

import pytest

from dicepool.core.pool import Pool
from dicepool.core.storypath import StorypathRequest
from dicepool.errors import LimitError, NotationError
from dicepool.notation import parse, render

P = Pool.of


@pytest.mark.parametrize(
    ("line", "request_", "canonical"),
    [
        (
            "storypath 5 diff 2 assist 3 assist 2",
            StorypathRequest(P(5), difficulty=2, assists=(3, 2)),
            "storypath 5 diff 2 assist 3 assist 2",
        ),
        (
            "sp5 scale2 assistant 4 diff 3",
            StorypathRequest(P(5), difficulty=3, assists=(4,), scale=2),
            "storypath 5 diff 3 assist 4 scale 2",
        ),
        ("storypath 3 scale 0", StorypathRequest(P(3)), "storypath 3"),
    ],
)
def test_teamwork_and_scale_parse_and_render(
    line: str, request_: StorypathRequest, canonical: str
) -> None:
    assert parse(line) == request_
    assert render(request_) == canonical


def test_assistants_keep_the_order_written() -> None:
    request = parse("storypath 5 assist 1 comp 2 assist 3 assist 2")
    assert isinstance(request, StorypathRequest)
    assert request.assists == (1, 3, 2)


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("storypath 5 assist 0", 20, "an assistant's pool is 1..10000, not 0"),
        ("storypath 5 assist 10001", 20, "an assistant's pool is 1..10000, not 10001"),
        ("storypath 5 assist", 19, "expected a number after `assist`, got end of line"),
        ("storypath 5 scale 11", 19, "storypath Scale is 0..10, not 11"),
        ("storypath 5 scale 1 scale 2", 21, "`scale` repeats scale, already set by `scale`"),
        ("storypath 5 diff 1001", 18, "storypath Difficulty is 1..1000, not 1001"),
        ("storypath 5 enh 1001", 17, "an enhancement is 0..1000, not 1001"),
        ("storypath 5 comp 1001", 18, "a complication is 1..1000, not 1001"),
        (
            "storypath 5 " + "assist 1 " * 11,
            13,
            "a storypath roll takes at most 10 assistants, not 11; remove some `assist`",
        ),
        ("storypath 5 teamwork 2", 13, "its options are tn, diff, enh, comp, spec, double, assist"),
    ],
)
def test_bad_teamwork_and_scale_name_the_column(line: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(line)
    assert caught.value.column == column
    assert message in str(caught.value)


def test_the_assistants_dice_count_toward_the_pool_limit() -> None:
    assert parse("storypath 9990 assist 10").dice == 10_000  # type: ignore[union-attr]
    with pytest.raises(LimitError, match="column 11: with its bonus dice the roll is 10001 dice"):
        parse("storypath 9990 assist 5 assist 6")
