"""Hypothesis strategies for valid roll requests and the many ways a line can spell them.

Import from other tests as ``from tests.property.strategies import requests, contests``.

- :func:`requests` builds single rolls in every system (or one), with every option, pools of
  0..30 dice where the system rolls such a pool; every request it builds can be resolved.
- :func:`contests` builds two rolls of one system, sometimes with a tie rule (``ties``) where
  the system lets the line choose one.
- :func:`spellings` writes a request as a line in any accepted form: random case, extra
  whitespace, options in any order, long keywords, glued numbers, explicit defaults, aliases
  (``cod``, ``vtm``, ``scion``...), ``9-again`` and ``no-again``, ``versus``, a ``# comment``.
  It is written from the language's description, not from the parser's tables, so it checks them.

Explosion chances are kept at or below one half (custom again, hubris again), so rolls and exact
odds over these requests stay small.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest, default_target
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.result import Winner
from dicepool.core.storypath import Challenge, StorypathRequest
from dicepool.core.sundown import SecondChance, SundownRequest

SYSTEM_NAMES = ("sundown", "chronicles", "classic", "storypath", "hubris", "custom")
MAX_TEST_POOL = 30

Draw = Callable[[st.SearchStrategy[Any]], Any]


@st.composite
def pools(draw: Draw, low: int = 0, high: int = MAX_TEST_POOL) -> Pool:
    """A pool of ``low..high`` dice, written as one to three signed parts (``5+2-3``)."""
    size = draw(st.integers(low, high))
    extra = draw(st.lists(st.integers(-5, 5), max_size=2))
    return Pool.of(size - sum(extra), *extra)


def _maybe(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.none() | values


@st.composite
def sundown_requests(draw: Draw) -> SundownRequest:
    """A sundown test; a pool of zero or less spends Edge (ruling 2)."""
    pool = draw(pools(-3))
    edge = draw(st.integers(1 if pool.size <= 0 else 0, 6))
    return SundownRequest(
        pool,
        threshold=draw(st.integers(0, 6)),
        edge=edge,
        second_chance=draw(_maybe(st.sampled_from(SecondChance))),
    )


@st.composite
def chronicles_requests(draw: Draw) -> ChroniclesRequest:
    """A chronicles roll; a pool of zero or less is a chance die."""
    return ChroniclesRequest(
        draw(pools(-3)),
        again=draw(st.sampled_from((10, 9, 8, None))),
        rote=draw(st.booleans()),
        chance_again=draw(st.booleans()),
        willpower=draw(st.booleans()),
    )


SPECIALTIES = st.none() | st.one_of(
    st.sampled_from([Specialty(), Specialty(Policy.NEVER), Specialty(Policy.DOUBLE)]),
    st.integers(1, 5).map(lambda n: Specialty(Policy.UNTIL, n)),
)


@st.composite
def classic_requests(draw: Draw) -> ClassicRequest:
    """A classic roll (one die at least: classic has no chance die)."""
    return ClassicRequest(
        draw(pools(1)),
        difficulty=draw(st.integers(2, 10)),
        threshold=draw(st.integers(0, 4)),
        specialty=draw(SPECIALTIES),
        willpower=draw(st.booleans()),
    )


CHALLENGES = st.builds(
    Challenge,
    difficulty=st.integers(1, 6),
    enhancement=st.integers(0, 3),
    complications=st.lists(st.integers(1, 4), max_size=3).map(tuple),
)


@st.composite
def storypath_requests(draw: Draw, mixed: bool = True) -> StorypathRequest:
    """A storypath roll (one die at least); with ``mixed``, maybe a mixed action."""
    return StorypathRequest(
        draw(pools(1)),
        target=draw(st.integers(2, 10)),
        difficulty=draw(st.integers(1, 6)),
        enhancement=draw(st.integers(0, 3)),
        complications=tuple(draw(st.lists(st.integers(1, 4), max_size=3))),
        specialty=draw(st.booleans()),
        double_tens=draw(st.booleans()),
        assists=tuple(draw(st.lists(st.integers(1, 8), max_size=3))),
        scale=draw(st.integers(0, 3)),
        mixed=tuple(draw(st.lists(CHALLENGES, max_size=3 if mixed else 0))),
    )


@st.composite
def hubris_requests(draw: Draw) -> HubrisRequest:
    """A hubris roll; Difficulty may take it to a chance die."""
    target = draw(st.integers(2, 10))
    rote, willpower = draw(st.booleans()), draw(st.booleans())
    return HubrisRequest(
        draw(pools()),
        edge=draw(st.integers(0, 4)),
        difficulty=draw(st.integers(0, 5)),
        rote=rote,
        willpower=willpower,
        auto=draw(st.integers(0, 3)),
        keep=draw(st.sampled_from(Keep)) if rote or willpower else Keep.LARGER,
        target=target,
        again=draw(_maybe(st.integers(max(target, 6), 10))),
        chance_again=draw(st.booleans()),
        minimum=draw(st.sampled_from((0, 0, 1, 2, 5, 10_000))),
        team=tuple(draw(st.lists(st.integers(1, 8), max_size=3))),
    )


@st.composite
def custom_requests(draw: Draw) -> CustomRequest:
    """A custom pool on a d2..d12 or d20 (one die at least)."""
    sides = draw(st.sampled_from((*range(2, 13), 20)))
    target = draw(st.integers(2, sides))
    return CustomRequest(
        draw(pools(1)),
        sides=sides,
        target=target,
        again=draw(_maybe(st.integers(max(target, (sides + 3) // 2), sides))),
        cancel=draw(st.booleans()),
        botch=draw(st.booleans()),
        rote=draw(st.booleans()),
        double=draw(_maybe(st.integers(target, sides))),
    )


BUILDERS: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "sundown": sundown_requests,
    "chronicles": chronicles_requests,
    "classic": classic_requests,
    "storypath": storypath_requests,
    "hubris": hubris_requests,
    "custom": custom_requests,
}


def requests(system: str | None = None) -> st.SearchStrategy[RollRequest]:
    """Valid single-roll requests, in every system or only in ``system``."""
    names = SYSTEM_NAMES if system is None else (system,)
    return st.one_of(*(BUILDERS[name]() for name in names))


TIE_RULES = {"storypath": (None, Winner.DEFENDER), "sundown": (None, Winner.DEFENDER)}
"""The tie rules a contest may be built with, by system (any where the rules leave it open)."""


def contests(system: str | None = None) -> st.SearchStrategy[ContestRequest]:
    """Valid contests: two rolls of one system (a storypath mixed action is never a side),
    with a tie rule the system accepts."""
    names = st.sampled_from(SYSTEM_NAMES if system is None else (system,))
    return names.flatmap(
        lambda name: st.builds(
            ContestRequest,
            _side(name),
            _side(name),
            st.sampled_from(TIE_RULES.get(name, (None, *Winner))),
        )
    )


def _side(name: str) -> st.SearchStrategy[Any]:
    return storypath_requests(mixed=False) if name == "storypath" else BUILDERS[name]()


# --- spelling a request as a line, in any accepted form ---------------------------------------

SYSTEM_SPELLINGS = {
    "sundown": ("sundown", "sr"),
    "chronicles": ("chronicles", "cofd", "cod", "nwod"),
    "classic": ("classic", "wod", "owod", "vtm", "v20"),
    "storypath": ("storypath", "scion", "sp"),
    "hubris": ("hubris", "aoh"),
    "custom": ("custom",),
}
POOL_ALIASES = {"chronicles": "{}cod", "classic": "{}wod", "sundown": "sr{}", "storypath": "sp{}"}
SPACES = st.sampled_from((" ", "  ", "\t", " \t ", "\u00a0"))


class _Writer:
    """Collects the option chunks of one roll, each a list of words."""

    def __init__(self, draw: Draw) -> None:
        self.draw = draw
        self.chunks: list[list[str]] = []

    def add(self, *words: str) -> None:
        self.chunks.append(list(words))

    def number(self, keywords: tuple[str, ...], value: int, default: int | None = None) -> None:
        """``kw N`` or ``kwN``; at its default, maybe written, maybe left out."""
        if value == default and self.draw(st.booleans()):
            return
        keyword = self.draw(st.sampled_from(keywords))
        if self.draw(st.booleans()):
            self.add(f"{keyword}{value}")
        else:
            self.add(keyword, str(value))

    def flag(self, keywords: tuple[str, ...], value: bool) -> None:
        if value:
            self.add(self.draw(st.sampled_from(keywords)))

    def again(self, value: int | None, default: int | None) -> None:
        """``9again``, ``9-again``, ``again 9``, ``noagain`` or ``no-again``; the default maybe
        written."""
        if value == default and self.draw(st.booleans()):
            return
        if value is None:
            self.add(self.draw(st.sampled_from(("noagain", "no-again"))))
        else:
            spelled = (f"{value}again", f"{value}-again", f"again {value}")
            self.add(*self.draw(st.sampled_from(spelled)).split())


def _pool_text(draw: Draw, pool: Pool) -> str:
    """The pool's parts, sometimes with a leading ``+`` or leading zeros."""
    words = []
    for i, term in enumerate(pool.terms):
        digits = str(abs(term)).zfill(draw(st.integers(1, 3)))
        sign = "-" if term < 0 else ("+" if i or draw(st.booleans()) else "")
        words.append(sign + digits)
    return "".join(words)


def _options(request: RollRequest, w: _Writer) -> None:
    """Write every option of ``request`` into ``w`` (order does not matter yet)."""
    if isinstance(request, SundownRequest):
        w.number(("thr", "threshold"), request.threshold, 1)
        w.number(("edge",), request.edge, 0)
        if request.second_chance is SecondChance.MISSES:
            w.add(*w.draw(st.sampled_from((["second-chance"], ["second-chance", "misses"]))))
        elif request.second_chance is SecondChance.ZERO:
            w.add("second-chance", "zero")
    elif isinstance(request, ChroniclesRequest):
        w.again(request.again, 10)
        w.flag(("rote",), request.rote)
        w.flag(("chance-again",), request.chance_again)
        w.flag(("wp", "willpower"), request.willpower)
    elif isinstance(request, ClassicRequest):
        w.number(("diff", "difficulty"), request.difficulty, 6)
        w.number(("thr", "threshold"), request.threshold, 0)
        spec = request.specialty
        if spec is not None:
            keyword = w.draw(st.sampled_from(("spec", "specialty")))
            if spec.policy is Policy.UNTIL:
                w.add(keyword, "until", str(spec.until))
            elif spec.policy is Policy.ALWAYS and w.draw(st.booleans()):
                w.add(keyword)
            else:
                w.add(keyword, spec.policy.value)
        w.flag(("wp", "willpower"), request.willpower)
    elif isinstance(request, StorypathRequest):
        w.number(("tn",), request.target, 8)
        w.number(("diff", "difficulty"), request.difficulty, 1)
        w.number(("enh", "enhancement"), request.enhancement, 0)
        for rating in request.complications:
            w.number(("comp", "complication"), rating)
        w.flag(("spec", "specialty"), request.specialty)
        w.flag(("double",), request.double_tens)
        for dice in request.assists:
            w.number(("assist", "assistant"), dice)
        w.number(("scale",), request.scale, 0)
    elif isinstance(request, HubrisRequest):
        w.number(("edge",), request.edge, 0)
        w.number(("diff", "difficulty"), request.difficulty, 0)
        w.flag(("rote",), request.rote)
        w.flag(("wp", "willpower"), request.willpower)
        w.number(("auto", "automatic"), request.auto, 0)
        w.number(("min", "minimum"), request.minimum, 0)
        for pool in request.team:
            w.number(("team",), pool)
        if request.keep is not Keep.LARGER or w.draw(st.booleans()):
            w.add("keep", request.keep.value)
        w.number(("tn",), request.target, 8)
        w.again(request.again, 10)
        w.flag(("chance-again",), request.chance_again)
    else:
        w.number(("t",), request.target, default_target(request.sides))  # follows the die
        if request.again is not None:
            w.again(request.again, None)
        if request.cancel:
            w.add(w.draw(st.sampled_from(("cancel 1", "cancel1"))))
        w.flag(("botch",), request.botch)
        w.flag(("rote",), request.rote)
        if request.double is not None:
            w.number(("double",), request.double)


def _head(draw: Draw, request: RollRequest) -> str:
    """System and pool: ``chronicles 5+2``, ``cod 7``, ``7cod``, ``8d10``, ``8`` (a d10)."""
    pattern = POOL_ALIASES.get(request.system)
    single = len(request.pool.terms) == 1 and request.pool.size >= 0
    if pattern and single and draw(st.booleans()):
        return pattern.format(request.pool.size)
    name = draw(st.sampled_from(SYSTEM_SPELLINGS[request.system]))
    pool = _pool_text(draw, request.pool)
    if isinstance(request, CustomRequest) and (request.sides != 10 or draw(st.booleans())):
        die = draw(st.sampled_from(("d", "D")))
        # a sum of parts as written back, `(6+2)d6`, or as older lines have it, `6+2d6`
        pool = (
            f"({pool}){die}{request.sides}"
            if draw(st.booleans())
            else pool + f"{die}{request.sides}"
        )
    return f"{name} {pool}"


def _shuffled(draw: Draw, w: _Writer) -> list[str]:
    """The chunks in any order, as words; complications, assistants and team members keep
    theirs."""
    order = draw(st.permutations(range(len(w.chunks))))
    chunks = [w.chunks[i] for i in order]
    for repeated in ("comp", "assist", "team"):
        same = iter([c for c in w.chunks if c[0].startswith(repeated)])
        chunks = [next(same) if c[0].startswith(repeated) else c for c in chunks]
    return [" ".join(c) for c in chunks]


def _challenge_words(draw: Draw, challenge: Challenge) -> str:
    """``; diff 2 comp 1`` in any order, the `;` spaced or glued to either side."""
    w = _Writer(draw)
    w.number(("diff", "difficulty"), challenge.difficulty, 1)
    w.number(("enh", "enhancement"), challenge.enhancement, 0)
    for rating in challenge.complications:
        w.number(("comp", "complication"), rating)
    if not w.chunks:  # a challenge needs at least one option after its `;`
        w.number(("diff", "difficulty"), challenge.difficulty)
    words = " ".join(_shuffled(draw, w))
    return draw(st.sampled_from((f"; {words}", f";{words}", f" ;{words}", f" ; {words}")))


@st.composite
def roll_spellings(draw: Draw, request: RollRequest) -> str:
    """One roll written in any accepted form (single spaces; :func:`spellings` adds the rest)."""
    w = _Writer(draw)
    _options(request, w)
    line = " ".join([_head(draw, request), *_shuffled(draw, w)])
    if isinstance(request, StorypathRequest):
        line += "".join(_challenge_words(draw, c) for c in request.mixed)
    return line


@st.composite
def spellings(draw: Draw, request: RollRequest | ContestRequest) -> str:
    """A line for ``request`` with random case, whitespace and option order."""
    if isinstance(request, ContestRequest):
        sides = [draw(roll_spellings(request.attacker)), draw(roll_spellings(request.defender))]
        line = f"{sides[0]} {draw(st.sampled_from(('vs', 'VS', 'Vs', 'versus')))} {sides[1]}"
        # the tie rule ends the line; the system's own rule may be written too
        if request.ties is not None or draw(st.booleans()):
            line += f" ties {request.tie_rule.value}"
    else:
        line = draw(roll_spellings(request))
    words = line.split(" ")
    out = draw(st.sampled_from(("", " ", "\t")))
    for i, word in enumerate(words):
        cased = "".join(c.upper() if draw(st.booleans()) else c for c in word)
        out += cased + (draw(SPACES) if i < len(words) - 1 else "")
    tail: str = draw(st.sampled_from(("", " ", "\t ")))
    return out + tail + draw(COMMENTS)


COMMENTS = st.just("") | st.text(max_size=30).map(lambda text: f" #{text}")
"""Nothing, or a comment: any text after a ``#`` (words, ``#``, ``vs``, control characters)."""
