"""Turn a typed roll line into a request: ``SYSTEM POOL OPTION...``, or two joined by ``vs``.

A ``# comment`` at the end of the line is allowed and left out of the request.

Every problem is reported as a :class:`~dicepool.errors.NotationError` naming the 1-based column
and what was expected there, or a :class:`~dicepool.errors.LimitError` for a line or a pool over
the limits. Range rules the request constructors also enforce are checked here first, so the
message can point at the number at fault.
"""

from __future__ import annotations

import re
from functools import lru_cache

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.custom import MAX_SIDES
from dicepool.core.hubris import HubrisRequest
from dicepool.core.pool import MAX_POOL, Pool, shown_number
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.core.result import Winner
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest
from dicepool.errors import LimitError, NotationError, RulesError
from dicepool.notation.aliases import expand_token
from dicepool.notation.grammar import SYSTEMS, System
from dicepool.notation.names import unknown_system
from dicepool.notation.options import read_into
from dicepool.notation.suggest import did_you_mean
from dicepool.notation.tokens import (
    MAX_LINE,
    VERSUS,
    Cursor,
    Token,
    end_of,
    split_comment,
    tokenize,
)

_SUM = r"[+-]?[0-9]+(?:[+-][0-9]+)*"
_POOL = re.compile(_SUM)
# custom's pool: `8d10`, `8` (a d10), and a sum of parts `(6+2)d10` (as written back) or
# `6+2d10` (as older lines have it): both eight dice
_SIDED_POOL = re.compile(
    rf"(?:\((?P<bracketed>{_SUM})\)(?=[dD])|(?P<sum>{_SUM}))(?:[dD](?P<sides>[0-9]+))?"
)
_TERM = re.compile(r"[+-]?[0-9]+")
_POOLISH = re.compile(r"[0-9+-]+")
_NAMES = ", ".join(SYSTEMS)
_TIES = {w.value: w for w in (Winner.ATTACKER, Winner.DEFENDER, Winner.TIE)}


@lru_cache(maxsize=512)  # a table rolls the same few lines again and again; requests are frozen
def parse(line: str) -> Request:
    """Parse one roll line into a request.

    Args:
        line: e.g. ``"chronicles 5+2-3 9again rote"`` or ``"storypath 5 vs storypath 6"``;
            case-insensitive, any whitespace between words; aliases such as ``8cod9`` accepted;
            a comment after ``#`` is ignored (:func:`~dicepool.notation.split_comment` reads it).

    Returns:
        A single roll request, or a :class:`~dicepool.core.request.ContestRequest`.

    Raises:
        LimitError: the line (its comment included) is over 500 characters, or a pool over
            10,000 dice.
        NotationError: anything else wrong with the line; the message names the column.
    """
    if len(line) > MAX_LINE:
        raise LimitError(
            f"column {MAX_LINE + 1}: the line is {len(line)} characters long, over the limit of "
            f"{MAX_LINE}; shorten it"
        )
    body, _ = split_comment(line)
    tokens = tokenize(body)
    if not tokens:
        raise NotationError(
            "the line is empty; write a system and a pool, like `chronicles 7`", line, 1
        )
    sides = _split_sides(body, tokens)
    ties = _take_ties(body, sides)
    attacker = _parse_roll(Cursor(line, *sides[0]), None)
    if len(sides) == 1:
        return attacker
    defender = _parse_roll(Cursor(line, *sides[1]), attacker.system)
    if len(sides) > 2:
        extra = sides[1][1]
        raise NotationError("a contest has two sides; remove this second `vs`", line, extra.column)
    mixed = next((t for t in tokens if t.text == ";"), None)
    if mixed is not None:  # the core refuses it too; this names the column
        raise NotationError(
            "a storypath mixed action (`;`) cannot be a side of a contest, which compares one "
            "total a side; contest one challenge and roll the others on their own line",
            line,
            mixed.column,
        )
    try:
        return ContestRequest(attacker, defender, ties[0] if ties else None)
    except RulesError as exc:  # a tie rule the system refuses (the system check is above)
        at = ties[1] if ties else sides[1][0][0]
        raise NotationError(str(exc), line, at.column) from exc


def _split_sides(line: str, tokens: list[Token]) -> list[tuple[list[Token], Token]]:
    """Split at each ``vs`` (or ``versus``): each side's tokens, and the token that ends it."""
    sides: list[tuple[list[Token], Token]] = []
    current: list[Token] = []
    for token in tokens:
        if token.word in VERSUS:
            sides.append((current, token))
            current = []
        else:
            current.append(token)
    sides.append((current, end_of(line)))
    return sides


def _take_ties(line: str, sides: list[tuple[list[Token], Token]]) -> tuple[Winner, Token] | None:
    """Take a contest's ``ties attacker|defender|tie`` off the end of the line (in place).

    Returns:
        Who takes equal totals and the token that says so, or None where the line is silent.
    """
    found = [(i, t) for i, (tokens, _) in enumerate(sides) for t in tokens if t.word == "ties"]
    if not found:
        return None
    i, keyword = found[0]
    tokens, stop = sides[i]
    j = tokens.index(keyword)
    if len(sides) == 1:
        raise NotationError(
            "`ties` settles a contest: write it after the defender, like "
            "`hubris 5 vs hubris 4 ties attacker`",
            line,
            keyword.column,
        )
    if i != len(sides) - 1 or j < len(tokens) - 2:
        raise NotationError(
            "`ties` ends a contest line: write it last, after the defender's options",
            line,
            keyword.column,
        )
    value = tokens[j + 1] if j + 1 < len(tokens) else stop
    if value.word not in _TIES:
        listed = ", ".join(_TIES)
        raise NotationError(
            f"expected one of {listed} after `{keyword.text}`, got {value.shown}",
            line,
            value.column,
        )
    sides[i] = (tokens[:j], keyword)
    return _TIES[value.word], value


def _parse_roll(cursor: Cursor, contest_system: str | None) -> RollRequest:
    """Parse one side: system, pool, options; ``contest_system`` is the attacker's system."""
    head = cursor.peek()
    if cursor.at_end():
        after = " after `vs`" if contest_system else ""
        raise cursor.error(f"expected a system ({_NAMES}){after}, got {head.shown}", head)
    expanded = expand_token(head)
    if expanded is not None:
        cursor.replace_next(expanded)
    head = cursor.take()
    system = SYSTEMS.get(head.word)
    if system is None:
        raise cursor.error(unknown_system(head.text, cursor.peek().text), head)
    if contest_system is not None and system.name != contest_system:
        raise cursor.error(
            f"both sides of `vs` must roll one system: the first side rolls {contest_system}, "
            f"this one {system.name}",
            head,
        )
    pool_token = cursor.peek()
    values: dict[str, object] = _read_pool(cursor, head, system)
    where = _read_options(cursor, system, values)
    system.fill(values)
    _check(cursor, system, values, where, pool_token)
    try:
        request = system.make(**values)
    except RulesError as exc:
        raise cursor.error(str(exc), head) from exc
    _check_dice(request, pool_token)
    return request


def _read_pool(cursor: Cursor, head: Token, system: System) -> dict[str, object]:
    """Read the pool (and custom's die size): ``7``, ``5+2-3``, ``8d10``, ``(6+2)d10``."""
    token = cursor.take()
    m = (_SIDED_POOL if system.sided else _POOL).fullmatch(token.text)
    if m is None:
        like = "`8d10` or `(6+2)d10`" if system.sided else "`7` or `5+2-3`"
        raise cursor.error(
            f"expected a pool after `{head.text}`, like {like}; got {token.shown}", token
        )
    parts = (m["bracketed"] or m["sum"]) if system.sided else m[0]
    pool = Pool(tuple(int(t) for t in _TERM.findall(parts)))
    if pool.size > MAX_POOL:
        raise LimitError(
            f"column {token.column}: a pool of {shown_number(pool.size)}"
            f"{' dice' if pool.size < 10**12 else ' of dice'} is over the limit of {MAX_POOL}; "
            "roll fewer dice"
        )
    if any(abs(term) > MAX_POOL for term in pool.terms):
        part = max(pool.terms, key=abs)
        raise LimitError(
            f"column {token.column}: each part of a pool is 0..{MAX_POOL} dice, not "
            f"{shown_number(abs(part))}; roll fewer dice"
        )
    values: dict[str, object] = {"pool": pool}
    if system.sided and m["sides"] is not None:
        sides = int(m["sides"])
        if not 2 <= sides <= MAX_SIDES:
            at = token.part(m.start("sides"))
            raise cursor.error(
                f"custom dice have 2..{MAX_SIDES} sides, not {shown_number(sides)}", at
            )
        values["sides"] = sides
    return values


def _read_options(cursor: Cursor, system: System, values: dict[str, object]) -> dict[str, Token]:
    """Read options to the end of the side into ``values``; returns where each field was set."""
    where: dict[str, Token] = {}
    while not cursor.at_end():
        token = cursor.take()
        found = system.lookup(token)
        if found is None:
            raise cursor.error(_unknown(system, token), token)
        read_into(cursor, found, token, values, where)
    return where


def _unknown(system: System, token: Token) -> str:
    hint = did_you_mean(token.word, [*system.listed, *system.options, *sorted(VERSUS)])
    if hint:
        return f"{system.name} has no option `{token.text}`; {hint}"
    message = f"{system.name} has no option `{token.text}`; its options are "
    message += ", ".join(system.listed)
    if _POOLISH.fullmatch(token.text):
        message += " (write the pool without spaces, like `5+2-3`)"
    return message


def _check(
    cursor: Cursor,
    system: System,
    values: dict[str, object],
    where: dict[str, Token],
    pool_token: Token,
) -> None:
    """Run the system's cross-field checks; blame the option at fault (or the pool)."""
    default = system.default()
    full = {name: getattr(default, name) for name, _ in system.spelling}
    full["sides"] = getattr(default, "sides", None)
    full.update(values)
    for check in system.checks:
        fault = check(full)
        if fault is not None:
            field, message = fault
            raise cursor.error(message, where.get(field, pool_token))


def _check_dice(request: RollRequest, pool_token: Token) -> None:
    """Refuse a roll whose Edge, Willpower, assistants' or team dice take it over the pool
    limit."""
    bonus = SundownRequest | StorypathRequest | ChroniclesRequest
    dice = request.dice if isinstance(request, bonus) else 0
    team = isinstance(request, HubrisRequest) and bool(request.team)
    if isinstance(request, HubrisRequest):
        dice = request.all_dice if team else request.dice
    if dice > MAX_POOL:
        what = "bonus and team dice" if team else "bonus dice"
        raise LimitError(
            f"column {pool_token.column}: with its {what} the roll is {dice} dice, over the "
            f"limit of {MAX_POOL}; roll fewer dice"
        )
