"""The roll language, one table per system: keywords, what they set, and the canonical order.

A line is ``SYSTEM POOL OPTION...``. Each :class:`System` maps every keyword it accepts to an
:class:`~dicepool.notation.options.Option` (which request field it sets and how its value is
read), lists the canonical keywords for messages, gives the order and spelling :func:`render`
writes fields in, and the checks that relate one field to another (a custom target must fit on the
die). The parser and the renderer are generic over these tables.

Where a word means different things in two systems, each table keeps its system's meaning:
``diff`` is classic's per-die difficulty, storypath's Difficulty in successes, and hubris's
Difficulty in dice; ``edge`` is sundown's Edge (0..6) or hubris's Edge dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.custom import MAX_SIDES, CustomRequest
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import MAX_POOL, Pool
from dicepool.core.request import RollRequest
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import MAX_EDGE, SecondChance, SundownRequest
from dicepool.notation import options as o
from dicepool.notation.options import Option, Speller
from dicepool.notation.tokens import DIGITS, Token

Values = Mapping[str, object]
Check = Callable[[Values], tuple[str, str] | None]
"""Relates fields to each other: returns the field to blame and the message, or None if fine."""


@dataclass(frozen=True)
class System:
    """The grammar of one system.

    Attributes:
        name: the system name a line starts with.
        make: the request constructor (keyword arguments: ``pool`` and the fields).
        options: every keyword accepted, long forms included, to what it does.
        listed: the canonical keywords, as messages list them.
        spelling: the fields :func:`render` writes, in canonical order, with their spelling.
        always: fields written even at their default (custom's target).
        checks: relations between fields, run once every option is read.
        sided: the pool is written ``NdS`` with the die size (custom).
    """

    name: str
    make: Callable[..., RollRequest]
    options: Mapping[str, Option]
    listed: tuple[str, ...]
    spelling: tuple[tuple[str, Speller], ...]
    always: frozenset[str] = frozenset()
    checks: tuple[Check, ...] = ()
    sided: bool = False

    def default(self) -> RollRequest:
        """A request with every field at its default, to tell which fields were changed."""
        return self.make(pool=Pool.of(1))

    def lookup(self, token: Token) -> tuple[Option, Token, Token | None] | None:
        """The option a token names, with its keyword part and any number glued to it.

        A number may be glued after a keyword that takes one (``t8``, ``diff7``), and before
        ``again`` (``9again``).
        """
        text, word = token.text, token.word
        if word in self.options:
            return self.options[word], token, None
        head = text.rstrip("0123456789")
        option = self.options.get(head.lower())
        if head and head != text and option is not None and option.takes_number:
            return option, token.part(0, len(head)), token.part(len(head))
        cut = len(text) - len("again")
        option = self.options.get("again")
        if cut > 0 and text[cut:].lower() == "again" and DIGITS.fullmatch(text[:cut]) and option:
            return option, token.part(cut), token.part(0, cut)
        return None


def _int(values: Values, name: str) -> int:
    value = values[name]
    assert isinstance(value, int), name
    return value


def _maybe_int(values: Values, name: str) -> int | None:
    return None if values[name] is None else _int(values, name)


def _custom_target(values: Values) -> tuple[str, str] | None:
    sides, target = _int(values, "sides"), _int(values, "target")
    if 2 <= target <= sides:
        return None
    return (
        "target",
        f"custom target must be 2..{sides} on a d{sides}, not {target}; set it with `tN`",
    )


def _custom_faces(field: str) -> Check:
    """Again and double must be faces that also succeed: target..sides."""

    def check(values: Values) -> tuple[str, str] | None:
        sides, target = _int(values, "sides"), _int(values, "target")
        face = _maybe_int(values, field)
        if face is None or target <= face <= sides:
            return None
        return field, f"custom {field} must be {target}..{sides} (a face that succeeds), not {face}"

    return check


def _hubris_again(values: Values) -> tuple[str, str] | None:
    target, again = _int(values, "target"), _maybe_int(values, "again")
    if again is None or again >= target:
        return None
    return "again", f"hubris again must be {target}..10 (a face that succeeds), not {again}"


THRESHOLD = ("thr", "threshold")
DIFFICULTY = ("diff", "difficulty")
WILLPOWER = ("wp", "willpower")
SPECIALTY = ("spec", "specialty")


def _table(*entries: tuple[tuple[str, ...] | str, Option]) -> dict[str, Option]:
    """Keyword -> option, with every spelling of a keyword pointing at one option."""
    table: dict[str, Option] = {}
    for names, option in entries:
        for name in (names,) if isinstance(names, str) else names:
            table[name] = option
    return table


SUNDOWN = System(
    name="sundown",
    make=SundownRequest,
    options=_table(
        (THRESHOLD, o.number("threshold", "a sundown threshold", 0)),
        ("edge", o.number("edge", "Edge", 0, MAX_EDGE)),
        (
            "second-chance",
            o.word_choice(
                "second_chance",
                {"misses": SecondChance.MISSES, "zero": SecondChance.ZERO},
                default=SecondChance.MISSES,
            ),
        ),
    ),
    listed=("thr", "edge", "second-chance"),
    spelling=(
        ("threshold", o.spelled("thr")),
        ("edge", o.spelled("edge")),
        (
            "second_chance",
            lambda v: "second-chance" if v is SecondChance.MISSES else f"second-chance {v.value}",
        ),
    ),
)

CHRONICLES = System(
    name="chronicles",
    make=ChroniclesRequest,
    options=_table(
        ("again", o.number("again", "chronicles again", 8, 10)),
        ("noagain", o.flag("again", None)),
        ("rote", o.flag("rote")),
        ("chance-again", o.flag("chance_again")),
    ),
    listed=("9again", "8again", "noagain", "rote", "chance-again"),
    spelling=(
        ("again", o.again),
        ("rote", o.word("rote")),
        ("chance_again", o.word("chance-again")),
    ),
)

CLASSIC = System(
    name="classic",
    make=ClassicRequest,
    options=_table(
        (DIFFICULTY, o.number("difficulty", "classic difficulty", 2, 10)),
        (THRESHOLD, o.number("threshold", "a classic threshold", 0)),
        (SPECIALTY, o.specialty("specialty")),
        (WILLPOWER, o.flag("willpower")),
    ),
    listed=("diff", "thr", "spec", "wp"),
    spelling=(
        ("difficulty", o.spelled("diff")),
        ("threshold", o.spelled("thr")),
        ("specialty", o.spec),
        ("willpower", o.word("wp")),
    ),
)

STORYPATH = System(
    name="storypath",
    make=StorypathRequest,
    options=_table(
        ("tn", o.number("target", "storypath target number", 2, 10)),
        (DIFFICULTY, o.number("difficulty", "storypath Difficulty", 1)),
        (("enh", "enhancement"), o.number("enhancement", "an enhancement", 0)),
        (("comp", "complication"), o.number("complications", "a complication", 1, repeat=True)),
        (SPECIALTY, o.flag("specialty")),
        ("double", o.flag("double_tens")),
    ),
    listed=("tn", "diff", "enh", "comp", "spec", "double"),
    spelling=(
        ("target", o.spelled("tn")),
        ("difficulty", o.spelled("diff")),
        ("enhancement", o.spelled("enh")),
        ("complications", o.each("comp")),
        ("specialty", o.word("spec")),
        ("double_tens", o.word("double")),
    ),
)

HUBRIS = System(
    name="hubris",
    make=HubrisRequest,
    # Every number has a range: dice and successes up to the largest pool (MAX_POOL).
    options=_table(
        ("edge", o.number("edge", "hubris Edge", 0, MAX_POOL)),
        (DIFFICULTY, o.number("difficulty", "hubris Difficulty", 0, MAX_POOL)),
        ("rote", o.flag("rote")),
        (WILLPOWER, o.flag("willpower")),
        (("auto", "automatic"), o.number("auto", "automatic successes", 0, MAX_POOL)),
        (("min", "minimum"), o.number("minimum", "a minimum of successes", 0, MAX_POOL)),
        ("keep", o.word_choice("keep", {k.value: k for k in Keep})),
        ("tn", o.number("target", "hubris target number", 2, 10)),
        ("again", o.number("again", "hubris again", 2, 10)),
        ("noagain", o.flag("again", None)),
        ("chance-again", o.flag("chance_again")),
        ("team", o.number("team", "a team member's pool", 1, MAX_POOL, repeat=True)),
    ),
    listed=(
        "edge",
        "diff",
        "rote",
        "wp",
        "auto",
        "min",
        "keep",
        "tn",
        "9again",
        "8again",
        "noagain",
        "chance-again",
        "team",
    ),
    spelling=(
        ("edge", o.spelled("edge")),
        ("difficulty", o.spelled("diff")),
        ("rote", o.word("rote")),
        ("willpower", o.word("wp")),
        ("auto", o.spelled("auto")),
        ("minimum", o.spelled("min")),
        ("keep", lambda v: f"keep {v.value}"),
        ("target", o.spelled("tn")),
        ("again", o.again),
        ("chance_again", o.word("chance-again")),
        ("team", o.each("team")),
    ),
    checks=(_hubris_again,),
)

CUSTOM = System(
    name="custom",
    make=CustomRequest,
    options=_table(
        ("t", o.number("target", "custom target", 2, MAX_SIDES)),
        ("again", o.number("again", "custom again", 2, MAX_SIDES)),
        ("cancel", o.cancel_ones("cancel")),
        ("botch", o.flag("botch")),
        ("rote", o.flag("rote")),
        ("double", o.number("double", "custom double", 2, MAX_SIDES)),
    ),
    listed=("t", "again", "cancel", "botch", "rote", "double"),
    spelling=(
        ("target", o.spelled("t", glued=True)),
        ("again", o.spelled("again")),
        ("cancel", o.word("cancel 1")),
        ("botch", o.word("botch")),
        ("rote", o.word("rote")),
        ("double", o.spelled("double")),
    ),
    always=frozenset({"target"}),
    checks=(_custom_target, _custom_faces("again"), _custom_faces("double")),
    sided=True,
)

SYSTEMS: dict[str, System] = {
    s.name: s for s in (SUNDOWN, CHRONICLES, CLASSIC, STORYPATH, HUBRIS, CUSTOM)
}
"""Every system by the name a line starts with, in the order messages list them."""
