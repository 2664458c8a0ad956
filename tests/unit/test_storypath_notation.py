"""The storypath options of the roll language: teamwork (`assist N`), Scale (`scale N`) and the
challenges of a mixed action (`; diff N ...`)."""

from __future__ import annotations

import pytest

from dicepool.core.pool import Pool
from dicepool.core.storypath import Challenge, StorypathRequest
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


@pytest.mark.parametrize(
    ("line", "request_", "canonical"),
    [
        (
            "storypath 4 diff 2 enh 1; diff 1 comp 1",
            StorypathRequest(P(4), difficulty=2, enhancement=1, mixed=(Challenge(1, 0, (1,)),)),
            "storypath 4 diff 2 enh 1; diff 1 comp 1",
        ),
        (
            "SP4 assist 2 diff2;comp 1 ;enh3 difficulty 2; diff 1",
            StorypathRequest(
                P(4),
                difficulty=2,
                assists=(2,),
                mixed=(Challenge(1, 0, (1,)), Challenge(2, 3), Challenge()),
            ),
            "storypath 4 diff 2 assist 2; diff 1 comp 1; diff 2 enh 3; diff 1",
        ),
        (
            "storypath 4 tn 7 scale 1 comp 2 comp 1; comp 3 comp 1 enh 1",
            StorypathRequest(
                P(4), target=7, scale=1, complications=(2, 1), mixed=(Challenge(1, 1, (3, 1)),)
            ),
            "storypath 4 tn 7 comp 2 comp 1 scale 1; diff 1 enh 1 comp 3 comp 1",
        ),
    ],
)
def test_mixed_actions_parse_and_render_with_semicolons(
    line: str, request_: StorypathRequest, canonical: str
) -> None:
    assert parse(line) == request_
    assert render(request_) == canonical
    assert parse(canonical) == request_


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        (
            "storypath 4; diff 2 tn 7",
            21,
            "`tn` belongs to the whole roll: write it before the first",
        ),
        ("storypath 4; assist 2", 14, "`assist` belongs to the whole roll"),
        ("storypath 4;", 13, "expected a challenge after `;`, like `diff 2`, got end of line"),
        ("storypath 4; ; diff 2", 14, "expected a challenge after `;`, like `diff 2`, got `;`"),
        ("storypath 4; diff 2 foo", 21, "a storypath challenge has no option `foo`; its options"),
        ("storypath 4; diff 2 diff 3", 21, "`diff` repeats difficulty in this challenge"),
        ("storypath 4; diff 0", 19, "storypath Difficulty is 1..1000, not 0"),
        ("storypath 4; diff", 18, "expected a number after `diff`, got end of line"),
        ("storypath 4" + "; diff 1" * 10, 12, "at most 10 challenges, not 11"),
        (
            "storypath 4; diff 2 vs storypath 3",
            12,
            "mixed action (`;`) cannot be a side of a contest",
        ),
        (
            "storypath 4 vs storypath 3; diff 2",
            27,
            "mixed action (`;`) cannot be a side of a contest",
        ),
        ("chronicles 4; rote", 13, "chronicles has no option `;`"),
    ],
)
def test_bad_mixed_actions_name_the_column(line: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(line)
    assert caught.value.column == column
    assert message in str(caught.value)
