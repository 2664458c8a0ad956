"""Hypothesis strategies for adversarial roll lines and command options: what a stranger types.

Used by the brief fuzz in the test command (``test_fuzz_lines.py``) and at length by
``benchmarks/fuzz_lines.py``. Lines are built from the language's own words with numbers drawn
towards the extremes (pools near 10,000, custom dice of a thousand sides that nearly always
explode, thresholds and goals at their limits, numbers too large for any machine integer), mixed
with near misses, stray punctuation, control characters and plain junk, and cut at 500
characters (the longest line accepted).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from dicepool.notation.grammar import SYSTEMS
from dicepool.notation.tokens import MAX_LINE

Draw = Callable[[st.SearchStrategy[Any]], Any]

HEADS = (
    *SYSTEMS,
    *("cofd", "cod", "nwod", "wod", "owod", "vtm", "v20", "scion", "sp", "sr", "aoh"),
    *("v5", "chronicle", "clasic", "CHRONICLES", "8cod", "8codR", "8CODN", "6wod11", "sr12"),
    *("sp5t7", "sp5t99999999999", "99999999999cod", "7", ""),
)
WORDS = (
    *sorted({keyword for system in SYSTEMS.values() for keyword in system.options}),
    *("9again", "8-again", "10-again", "no-again", "9agian", "dif", "until", "zero", "misses"),
    *("always", "never", "double", "first", "second", "larger", "cancel", "team", "min", "ties"),
    *("attacker", "defender", "tie", "assist", "scale", ";", "vs", "versus", "#", "+", "-", "d"),
)
HUGE = (
    10_000,
    10_001,
    99_999,
    2**31,
    2**63,
    2**64,
    10**30,
    int("9" * 60),
)
JUNK = st.text(
    alphabet=st.sampled_from("abcxyz019 +-#;,.dD\t\x1b\x07\x00\u202e\u00a0é²٣"), max_size=12
)


def numbers() -> st.SearchStrategy[int]:
    """Whole numbers drawn towards the edges: small ones, pools near the limit, huge ones."""
    return st.one_of(
        st.integers(0, 12),
        st.integers(0, 1000),
        st.integers(9_000, 10_001),
        st.sampled_from(HUGE),
    )


@st.composite
def pools(draw: Draw) -> str:
    """A pool: ``7``, ``5+2-3``, ``10000``, ``8d1000`` (custom), huge or negative parts."""
    parts = draw(st.lists(numbers(), min_size=1, max_size=3))
    signs = draw(st.lists(st.sampled_from(("", "+", "-")), min_size=len(parts)))
    text = "".join(
        f"{sign if i else sign.strip('+')}{n}"
        for i, (n, sign) in enumerate(zip(parts, signs, strict=False))
    )
    if draw(st.booleans()):
        text += f"d{draw(st.sampled_from((2, 6, 10, 100, 999, 1000, 1001)))}"
    return text


@st.composite
def options(draw: Draw) -> str:
    """A run of option words, each maybe with a number after it or glued to it."""
    out = []
    for _ in range(draw(st.integers(0, 7))):
        word = draw(st.sampled_from(WORDS))
        style = draw(st.integers(0, 3))
        if style == 1:
            word += f" {draw(numbers())}"
        elif style == 2:
            word += str(draw(numbers()))
        elif style == 3:
            word = f"{draw(st.integers(2, 10))}{word}"
        out.append(word)
    return " ".join(out)


@st.composite
def explosive(draw: Draw) -> str:
    """A custom pool whose dice nearly always add another (the dearest odds there are)."""
    dice = draw(st.sampled_from((1, 10, 100, 1000, 3000, 10_000)))
    sides = draw(st.sampled_from((10, 100, 1000)))
    extra = draw(st.sampled_from(("", " double 2", " cancel 1", " rote", " botch", " double 50")))
    return f"custom {dice}d{sides} t2 again {draw(st.sampled_from((2, 3, sides)))}{extra}"


@st.composite
def system_line(draw: Draw) -> str:
    """A line of one system's own words, its numbers small or near their limits: most parse."""
    name = draw(st.sampled_from(sorted(SYSTEMS)))
    system = SYSTEMS[name]
    pool = draw(st.one_of(st.integers(1, 12), st.integers(1, 10_000)))
    head = f"{name} {pool}" + (
        f"d{draw(st.sampled_from((6, 10, 100, 1000)))}" if system.sided else ""
    )
    words = []
    for keyword in draw(st.lists(st.sampled_from(sorted(system.options)), max_size=5)):
        value = draw(st.one_of(st.integers(0, 12), st.integers(0, 10_000)))
        words.append(f"{keyword} {value}" if system.options[keyword].takes_number else keyword)
    return " ".join([head, *words])


@st.composite
def sides(draw: Draw) -> str:
    """One side of a line: one system's own words, a pool that explodes and explodes, or a
    soup of every system's words, numbers and near misses."""
    kind = draw(st.integers(0, 9))
    if kind < 2:
        return str(draw(explosive()))
    if kind < 6:
        return str(draw(system_line()))
    return f"{draw(st.sampled_from(HEADS))} {draw(pools())} {draw(options())}".strip()


@st.composite
def lines(draw: Draw) -> str:
    """A line a stranger might type: one side or two, maybe a comment, maybe junk, <= 500 chars."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return str(draw(st.text(max_size=60)))
    line = str(draw(sides()))
    if draw(st.integers(0, 3)) == 0:
        line += f" {draw(st.sampled_from(('vs', 'versus', 'VS')))} {draw(sides())}"
        if draw(st.booleans()):
            line += f" ties {draw(st.sampled_from(('attacker', 'defender', 'tie', 'nobody')))}"
    if draw(st.integers(0, 4)) == 0:
        line += draw(JUNK)
    if draw(st.integers(0, 5)) == 0:
        line += f" # {draw(st.text(max_size=20))}"
    return line[:MAX_LINE]


@st.composite
def odds_options(draw: Draw) -> list[str]:
    """Options of ``dicepool odds`` at their extremes: goals, rolls, Milestones, simulations."""
    picked: list[str] = []
    if draw(st.booleans()):
        picked += ["--goal", str(draw(st.sampled_from((1, 3, 100, 1000, 10_000))))]
        if draw(st.booleans()):
            picked += ["--rolls", str(draw(st.sampled_from((1, 10, 1000, 15_000, 100_000))))]
    if draw(st.integers(0, 4)) == 0:
        picked += ["--milestones", str(draw(st.sampled_from((1, 100, 100_000))))]
        picked += ["--intervals", str(draw(st.sampled_from((1, 100, 100_000))))]
    if draw(st.integers(0, 4)) == 0:
        picked += ["--resistance", draw(st.sampled_from(("3,2", "100,100", "1,100")))]
    if draw(st.integers(0, 3)) == 0:
        picked += ["--simulate", str(draw(st.sampled_from((1, 1000, 100_000, 10_000_000))))]
    if draw(st.booleans()):
        picked.append("--json")
    return picked


@st.composite
def chart_options(draw: Draw) -> list[str]:
    """A chart at its extremes: the largest pools, a hundred difficulties, every statistic."""
    system = draw(st.sampled_from((*SYSTEMS, "cod", "wod", "vtm", "scion")))
    pools = draw(st.sampled_from(("1-10", "9901-10000", "100,1000,5000,10000", "1-100")))
    stat = draw(st.sampled_from(("mean", "success", "botch", "exceptional")))
    picked = [system, "--pools", pools, "--stat", stat]
    if draw(st.booleans()):
        picked += ["--difficulties", draw(st.sampled_from(("0-99", "2-10", "900-999", "1")))]
    picked += draw(st.sampled_from(([], ["--format", "csv"], ["--format", "markdown"])))
    return picked
