"""Hypothesis: every valid request renders to a line that parses back to it; junk only ever
raises our own errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.custom import CustomRequest
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.errors import DicepoolError, LimitError
from dicepool.notation import expand_aliases, parse, render
from dicepool.notation.tokens import MAX_LINE
from tests.hypothesis_profiles import examples

from .strategies import contests, requests, spellings

ANY_REQUEST = requests() | contests()

KEYWORD_LINES = (
    "sundown chronicles classic storypath hubris custom cofd cod nwod wod owod vtm v20 v5 scion sr"
    " sp aoh vs versus",
    "thr threshold edge second-chance zero misses 9again 8again 10again 7again noagain again"
    " 9-again 10-again no-again #",
    "rote chance-again diff difficulty spec specialty until never double always wp willpower tn",
    "enh enhancement comp complication auto automatic keep first second larger t t8 cancel botch",
    "assist assistant scale ; ;diff 1; comp2;",
    "min minimum team team3 ties attacker defender tie",
    "8cod 8cod9 8codr 8CODN 6wod7 sr12 sp5t7 d10 8d10 6+2d6 (6+2)d6 (6+2) ( ) 5+2-3 2-4 + - 0 1"
    " -1 11 9000+2000 x",
)
KEYWORDS = [word for line in KEYWORD_LINES for word in line.split()]
SOUP_WORDS = st.sampled_from(KEYWORDS) | st.integers(0, 12).map(str) | st.text(max_size=4)
SOUP = st.lists(SOUP_WORDS, max_size=12).map(" ".join)
# Option words after a valid head parse more often, so odd valid lines get round-tripped too.
HEADS = st.sampled_from(KEYWORD_LINES[0].split()[:-2])
OPTION_WORDS = st.sampled_from(" ".join(KEYWORD_LINES[1:6]).split()) | st.integers(1, 9).map(str)
HEADED_SOUP = st.builds(
    lambda head, n, rest: f"{head} {n} {' '.join(rest)}",
    HEADS,
    st.integers(1, 9),
    st.lists(OPTION_WORDS, max_size=6),
)


def parse_or_our_error(line: str) -> RollRequest | ContestRequest | None:
    """Parse ``line``; a DicepoolError is fine (None), any other exception fails the test."""
    try:
        return parse(line)
    except DicepoolError:
        return None


@settings(max_examples=examples(200))
@given(ANY_REQUEST)
def test_render_then_parse_gives_the_request_back(request: RollRequest | ContestRequest) -> None:
    line = render(request)
    assert parse(line) == request
    assert render(parse(line)) == line
    assert line == line.lower()
    assert "  " not in line


@settings(max_examples=examples(200))
@given(requests("custom"))
def test_a_custom_pool_of_several_parts_is_echoed_as_one_count_of_dice(
    request: CustomRequest,
) -> None:
    line = render(request)
    pool = line.split()[1]
    several = len(request.pool.terms) > 1
    # `(3+2)d10` is five d10: the parts in brackets, so no reader takes it for 3 plus 2d10
    assert pool == (f"({request.pool})" if several else str(request.pool)) + f"d{request.sides}"
    assert parse(line) == request
    assert parse(line.replace(pool, f"{request.pool}d{request.sides}")) == request  # older lines


@settings(max_examples=examples(200))
@given(st.data())
def test_any_spelling_parses_to_the_same_request(data: st.DataObject) -> None:
    request = data.draw(ANY_REQUEST)
    line = data.draw(spellings(request))
    assert parse(line) == request
    assert parse(expand_aliases(line)) == request


@settings(max_examples=examples(200))
@given(st.text(max_size=60) | SOUP | HEADED_SOUP)
def test_junk_raises_only_our_errors_and_what_parses_round_trips(line: str) -> None:
    request = parse_or_our_error(line)
    expanded = expand_aliases(line)
    if request is not None:
        assert parse(render(request)) == request
        assert parse(expanded) == request


@settings(max_examples=examples(50))
@given(st.text(min_size=MAX_LINE + 1, max_size=MAX_LINE + 40))
def test_a_line_over_the_limit_is_a_limit_error(line: str) -> None:
    with pytest.raises(LimitError, match=f"column {MAX_LINE + 1}: the line is"):
        parse(line)
