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
from typing import Any

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.custom import MAX_SIDES, CustomRequest, default_target
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import MAX_COUNT, MAX_POOL, Pool
from dicepool.core.request import RollRequest
from dicepool.core.storypath import (
    MAX_ASSISTS,
    MAX_CHALLENGES,
    MAX_SCALE,
    Challenge,
    StorypathRequest,
)
from dicepool.core.sundown import MAX_EDGE, SecondChance, SundownRequest
from dicepool.notation import options as o
from dicepool.notation.options import Found, Option, Speller
from dicepool.notation.tokens import DIGITS, Cursor, Token

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
        derived: the defaults that follow other fields, for the fields a line leaves out
            (custom's target follows its die).
    """

    name: str
    make: Callable[..., RollRequest]
    options: Mapping[str, Option]
    listed: tuple[str, ...]
    spelling: tuple[tuple[str, Speller], ...]
    always: frozenset[str] = frozenset()
    checks: tuple[Check, ...] = ()
    sided: bool = False
    derived: Callable[[Values], dict[str, object]] | None = None

    def default(self, **given: object) -> RollRequest:
        """A request with every field at its default (but those ``given``, such as custom's
        ``sides``), to tell which fields were changed."""
        return self.make(**self.fill({"pool": Pool.of(1), **given}))

    def fill(self, values: dict[str, object]) -> dict[str, object]:
        """``values`` (a line's fields) with the defaults that follow them set where the line
        left them out."""
        if self.derived is not None:
            for name, value in self.derived(values).items():
                values.setdefault(name, value)
        return values

    def lookup(self, token: Token) -> Found | None:
        """The option a token names, with its keyword part and any number glued to it.

        A number may be glued after a keyword that takes one (``t8``, ``diff7``), and before
        ``again``, with or without the hyphen players often write (``9again``, ``9-again``);
        ``no-again`` is ``noagain``.
        """
        text, word = token.text, token.word
        word = "noagain" if word == "no-again" else word
        if word in self.options:
            return self.options[word], token, None
        head = text.rstrip("0123456789")
        option = self.options.get(head.lower())
        if head and head != text and option is not None and option.takes_number:
            return option, token.part(0, len(head)), token.part(len(head))
        cut = len(text) - len("again")
        number = text[:cut].removesuffix("-")
        option = self.options.get("again")
        if cut > 0 and text[cut:].lower() == "again" and DIGITS.fullmatch(number) and option:
            return option, token.part(cut), token.part(0, len(number))
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
        return (
            field,
            f"custom {field} must be {target}..{sides} (a face that succeeds at t{target}), "
            f"not {face}; lower the target with `tN` or raise the face",
        )

    return check


def _custom_derived(values: Values) -> dict[str, object]:
    """A custom pool's target, where the line gives none, follows its die (8 on a d10)."""
    sides = values.get("sides", 10)
    assert isinstance(sides, int), "read as a number"
    return {"target": default_target(sides)}


def _hubris_again(values: Values) -> tuple[str, str] | None:
    target, again = _int(values, "target"), _maybe_int(values, "again")
    if again is None or again >= target:
        return None
    return "again", f"hubris again must be {target}..10 (a face that succeeds), not {again}"


def _storypath_assists(values: Values) -> tuple[str, str] | None:
    assists = values["assists"]
    assert isinstance(assists, tuple)
    if len(assists) <= MAX_ASSISTS:
        return None
    return (
        "assists",
        f"a storypath roll takes at most {MAX_ASSISTS} assistants, not {len(assists)}; "
        "remove some `assist`",
    )


def _storypath_challenges(values: Values) -> tuple[str, str] | None:
    mixed = values["mixed"]
    assert isinstance(mixed, tuple)
    if 1 + len(mixed) <= MAX_CHALLENGES:
        return None
    return (
        "mixed",
        f"a storypath mixed action takes at most {MAX_CHALLENGES} challenges, not "
        f"{1 + len(mixed)}; split it into several rolls",
    )


CHALLENGE_FIELDS = ("difficulty", "enhancement", "complications")
"""The options of one challenge: after a `;` only these; before it they are the first's."""


def _challenge(cursor: Cursor, keyword: Token) -> object:
    """Read a mixed action's next challenge: its `diff`, `enh`, `comp` up to the next `;`."""
    values: dict[str, object] = {}
    where: dict[str, Token] = {}
    while not cursor.at_end() and cursor.peek().text != ";":
        token = cursor.take()
        found = STORYPATH.lookup(token)
        if found is None or found[0].field not in CHALLENGE_FIELDS:
            raise cursor.error(_not_a_challenge_option(token, found is not None), token)
        o.read_into(cursor, found, token, values, where, " in this challenge")
    if not where:
        token = cursor.peek()
        raise cursor.error(
            f"expected a challenge after `;`, like `diff 2`, got {token.shown}", token
        )
    make: Callable[..., Challenge] = Challenge  # the values were read by the options above
    return make(**values)


def _not_a_challenge_option(token: Token, of_the_roll: bool) -> str:
    if of_the_roll:
        return f"`{token.text}` belongs to the whole roll: write it before the first `;`"
    return f"a storypath challenge has no option `{token.text}`; its options are diff, enh, comp"


def _spell_challenges(challenges: tuple[Challenge, ...]) -> str:
    """``; diff 1 comp 1`` for each further challenge, its Difficulty always written."""
    spelled = []
    for c in challenges:
        words = [f"; diff {c.difficulty}"]
        words += [f"enh {c.enhancement}"] if c.enhancement else []
        words += [f"comp {rating}" for rating in c.complications]
        spelled.append(" ".join(words))
    return " ".join(spelled)


STORYPATH_RATING = 1000
"""The largest storypath Difficulty, enhancement or complication rating a line takes: a sanity
bound (the text's tables stop at 5, Extreme), as far as a chart's difficulty axis goes."""

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
        (THRESHOLD, o.number("threshold", "a sundown threshold", 0, MAX_COUNT)),
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
        (WILLPOWER, o.flag("willpower")),  # ruling 23: three dice
    ),
    listed=("9again", "8again", "noagain", "rote", "chance-again", "wp"),
    spelling=(
        ("again", o.again),
        ("rote", o.word("rote")),
        ("chance_again", o.word("chance-again")),
        ("willpower", o.word("wp")),
    ),
)

CLASSIC = System(
    name="classic",
    make=ClassicRequest,
    options=_table(
        (DIFFICULTY, o.number("difficulty", "classic difficulty", 2, 10)),
        (THRESHOLD, o.number("threshold", "a classic threshold", 0, MAX_COUNT)),
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


def _storypath(pool: Pool, momentum: int = 0, **fields: Any) -> StorypathRequest:
    """A storypath request, the dice ``momentum`` buys a part of its pool.

    The text's Momentum "add[s] dice (per Momentum point spent)": the dice join the pool
    (Attribute + Skill and any dice bought with Momentum), as a table's roll adds those it
    spends, so ``storypath 5 momentum 2`` is ``storypath 5+2``. The line says what a question
    at no table buys; at a table the dice are spent from its pool (a roll's choice), and a
    sheet line refuses the word (:mod:`dicepool.sheet.lines`).
    """
    return StorypathRequest(pool=Pool((*pool.terms, momentum)) if momentum else pool, **fields)


STORYPATH = System(
    name="storypath",
    make=_storypath,
    options=_table(
        ("tn", o.number("target", "storypath target number", 2, 10)),
        (DIFFICULTY, o.number("difficulty", "storypath Difficulty", 1, STORYPATH_RATING)),
        (("enh", "enhancement"), o.number("enhancement", "an enhancement", 0, STORYPATH_RATING)),
        (
            ("comp", "complication"),
            o.number("complications", "a complication", 1, STORYPATH_RATING, repeat=True),
        ),
        (SPECIALTY, o.flag("specialty")),
        ("double", o.flag("double_tens")),
        (
            ("assist", "assistant"),
            o.number("assists", "an assistant's pool", 1, MAX_POOL, repeat=True),
        ),
        ("scale", o.number("scale", "storypath Scale", 0, MAX_SCALE)),
        ("momentum", o.number("momentum", "a count of Momentum dice", 1, MAX_POOL)),
        (";", o.Option("mixed", _challenge, repeat=True)),
    ),
    listed=("tn", "diff", "enh", "comp", "spec", "double", "assist", "scale", "momentum"),
    spelling=(
        ("target", o.spelled("tn")),
        ("difficulty", o.spelled("diff")),
        ("enhancement", o.spelled("enh")),
        ("complications", o.each("comp")),
        ("specialty", o.word("spec")),
        ("double_tens", o.word("double")),
        ("assists", o.each("assist")),
        ("scale", o.spelled("scale")),
        ("mixed", _spell_challenges),  # last: everything after the first `;` is a challenge's
    ),
    checks=(_storypath_assists, _storypath_challenges),
)

HUBRIS = System(
    name="hubris",
    make=HubrisRequest,
    # Every number has a range: dice and successes up to the largest pool (MAX_POOL).
    options=_table(
        ("edge", o.number("edge", "hubris Edge", 0, MAX_COUNT)),
        (DIFFICULTY, o.number("difficulty", "hubris Difficulty", 0, MAX_COUNT)),
        ("rote", o.flag("rote")),
        (WILLPOWER, o.flag("willpower")),
        (("auto", "automatic"), o.number("auto", "a count of automatic successes", 0, MAX_COUNT)),
        (("min", "minimum"), o.number("minimum", "a minimum of successes", 0, MAX_COUNT)),
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
    derived=_custom_derived,
)

SYSTEMS: dict[str, System] = {
    s.name: s for s in (SUNDOWN, CHRONICLES, CLASSIC, STORYPATH, HUBRIS, CUSTOM)
}
"""Every system by the name a line starts with, in the order messages list them."""
