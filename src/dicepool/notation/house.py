"""House rules: roll-language options a campaign applies to every roll of its system.

House rules are written as a line's options (``"chance-again spec double ties attacker"``). Each
one sets a field of the request; a roll's own option for the same field wins, so a line can
still say ``8again`` at a table whose house rule is ``9again``. ``ties ...`` applies to
contests only. ``wp off`` (chronicles and classic) turns Willpower on a roll off: what a point
buys there is the project's ruling 23, not the text's, and a table may play without it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from functools import cache, lru_cache
from typing import Any

from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.core.result import Winner
from dicepool.errors import DicepoolError, NotationError
from dicepool.notation.grammar import SYSTEMS
from dicepool.notation.parser import parse
from dicepool.notation.renderer import render

_TIES = re.compile(r"(?:^|\s)ties\s+(?P<who>\S+)\s*$", re.IGNORECASE)
_WP_OFF = re.compile(r"(?:^|\s)(?:wp|willpower)\s+off(?=\s|$)", re.IGNORECASE)
_WP_KEPT = re.compile(r"(?<!\S)(?:wp|willpower)(?!\S)(?!\s+off(?!\S))", re.IGNORECASE)

WILLPOWER_OFF = ("chronicles", "classic")
"""The systems whose tables may turn Willpower on a roll off (``wp off``): there what a point
buys is ruling 23's; hubris's Willpower is its text's (ruling 14)."""


@dataclass(frozen=True)
class HouseRules:
    """A campaign's house rules, read.

    Attributes:
        system: the system they belong to.
        fields: each request field a house rule sets, with its value.
        ties: who takes equal totals in a contest, or None for the system's rule.
        text: the rules written back in canonical form ("" for none).
        willpower: whether a roll may spend Willpower (False under ``wp off``, ruling 23).
    """

    system: str
    fields: dict[str, object]
    ties: Winner | None
    text: str
    willpower: bool = True

    def apply(self, request: Request) -> Request:
        """The request with every house rule its own options leave unset.

        Raises:
            NotationError: a house rule that does not fit this roll (the message names it), or
                Willpower on a roll at a table that turned it off.
        """
        self.refuse_willpower(request)
        if isinstance(request, ContestRequest):
            ties = request.ties if request.ties is not None else self.ties
            attacker, defender = self._side(request.attacker), self._side(request.defender)
            return ContestRequest(attacker, defender, ties)
        return self._side(request)

    def refuse_willpower(self, request: Request) -> None:
        """Refuse a roll that spends Willpower (``wp``, typed or chosen) at a table whose house
        rules turn it off (ruling 23).

        Raises:
            NotationError: the roll spends Willpower here.
        """
        sides = (request.attacker, request.defender) if isinstance(request, ContestRequest) else ()
        if self.willpower or not any(getattr(s, "willpower", False) for s in sides or (request,)):
            return
        raise NotationError(
            "this table's house rules turn Willpower off (`wp off`, ruling 23): roll without "
            "Willpower (`wp`), or the storyteller changes the house rules"
        )

    def _side(self, request: RollRequest) -> RollRequest:
        default = _default(request.system, getattr(request, "sides", None))
        unset: dict[str, Any] = {
            name: value
            for name, value in self.fields.items()
            if getattr(request, name) == getattr(default, name)
        }
        if _SPECIALTY in self.fields:  # a policy: for a roll with a bare `spec` only
            unset.pop(_SPECIALTY, None)
            if getattr(request, _SPECIALTY) == _plain_specialty(request.system):
                unset[_SPECIALTY] = self.fields[_SPECIALTY]
        try:
            return replace(request, **unset) if unset else request
        except DicepoolError as exc:
            raise NotationError(
                f"the house rules `{self.text}` do not fit this roll: {exc}"
            ) from exc


MAX_HOUSE_RULES = 200
"""The longest house rules, in characters."""

_COLUMN = re.compile(r"^column \d+: ")
_SPECIALTY = "specialty"  # the field a specialty sets: a house rule may give its policy only


def _house_error(exc: NotationError) -> NotationError:
    """An error of the line house rules are read in, without that line's column."""
    return NotationError(f"house rules: {_COLUMN.sub('', str(exc))}")


@lru_cache(maxsize=64)  # a campaign's rules are read at every roll: read them once
def read_house_rules(system: str, text: str, stored: bool = False) -> HouseRules:
    """Read house rules for ``system``: options as a roll line writes them; ``stored``: rules
    a table kept, read again (its log replayed, its rolls), where a ``wp`` kept from before
    ruling 23 (when it was a house rule like any option) is left out, not refused: a point is
    the roll's to spend now, and the table's log must still read.

    ``ties WHO`` may end them (for contests). A specialty's policy may be a house rule (``spec
    double``): it applies to the rolls that use a specialty; whether a roll does is the roll's.
    So is a Willpower point: ``wp`` is no house rule, but ``wp off`` (chronicles, classic) turns
    Willpower on a roll off (ruling 23).

    Raises:
        NotationError: an option the system does not have, one out of range, a contest, a
            specialty in use or a Willpower point written as a house rule, ``wp off`` where
            the system has no such ruling (the message says which).
    """
    text = " ".join(text.split())
    if stored:
        text = " ".join(_WP_KEPT.sub(" ", text).split())
    if len(text) > MAX_HOUSE_RULES:
        raise NotationError(
            f"house rules are at most {MAX_HOUSE_RULES} characters, not {len(text)}"
        )
    words = {w.lower() for w in text.split()}
    if words & {"vs", "versus", ";"} or "#" in text:
        raise NotationError(
            "house rules are options for every roll, like `9again ties attacker`: no `vs`, "
            "`;` or comment"
        )
    ties: Winner | None = None
    text, willpower = _willpower_off(system, text)
    found = _TIES.search(text)
    # a pool the system reads: one die (a custom pool names its dice: one of its default size)
    one = f"1d{getattr(_default(system), 'sides', 10)}" if SYSTEMS[system].sided else "1"
    try:
        if found:
            contest = parse(f"{system} {one} vs {system} {one} ties {found['who']}")
            assert isinstance(contest, ContestRequest)
            ties = contest.ties
            text = text[: found.start()].strip()
        request = parse(f"{system} {one} {text}")
    except NotationError as exc:
        raise _house_error(exc) from exc
    assert isinstance(request, RollRequest)
    default = SYSTEMS[system].default()
    changed = {
        f.name: getattr(request, f.name)
        for f in fields(request)
        if f.name not in ("pool", "sides") and getattr(request, f.name) != getattr(default, f.name)
    }
    if _SPECIALTY in changed and changed[_SPECIALTY] in (True, _plain_specialty(system)):
        raise NotationError(
            "house rules: `spec` says a roll uses a specialty, which is the roll's to say; a "
            "house rule may set how specialties work (`spec double`, `spec never`)"
        )
    if changed.get("willpower"):
        off = "; a house rule may turn it off: `wp off`" if system in WILLPOWER_OFF else ""
        raise NotationError(
            "house rules: `wp` spends the roller's Willpower point, which is the roll's to say "
            f"(write it on the roll, or tick Willpower){off}"
        )
    written = render(request).removeprefix(f"{system} {one}").strip() if changed else ""
    if not willpower:
        written = f"{written} wp off".strip()
    if ties is not None:
        written = f"{written} ties {ties.value}".strip()
    return HouseRules(system, changed, ties, written, willpower)


def _willpower_off(system: str, text: str) -> tuple[str, bool]:
    """The house rules without ``wp off``, and whether Willpower stays on (ruling 23).

    Raises:
        NotationError: ``wp off`` at a table of a system it is not for.
    """
    rest, found = _WP_OFF.subn(" ", text)
    if not found:
        return text, True
    if system not in WILLPOWER_OFF:
        whose = (
            "hubris's Willpower is its text's rule (ruling 14) and stays on"
            if system == "hubris"
            else f"{system} spends no Willpower"
        )
        raise NotationError(f"house rules: `wp off` is for chronicles and classic tables; {whose}")
    return " ".join(rest.split()), False


@cache
def _default(system: str, sides: int | None = None) -> RollRequest:
    """A request of ``system`` with every field at its default (requests are frozen); for a
    custom pool, those of its die of ``sides`` (its target follows the die)."""
    return SYSTEMS[system].default() if sides is None else SYSTEMS[system].default(sides=sides)


@cache
def _plain_specialty(system: str) -> object:
    """A specialty as a bare ``spec`` sets it in ``system``."""
    request = parse(f"{system} 1 spec")
    return getattr(request, _SPECIALTY)
