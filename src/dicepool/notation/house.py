"""House rules: roll-language options a campaign applies to every roll of its system.

House rules are written as a line's options (``"chance-again spec double ties attacker"``). Each
one sets a field of the request; a roll's own option for the same field wins, so a line can
still say ``8again`` at a table whose house rule is ``9again``. ``ties ...`` applies to
contests only.
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


@dataclass(frozen=True)
class HouseRules:
    """A campaign's house rules, read.

    Attributes:
        system: the system they belong to.
        fields: each request field a house rule sets, with its value.
        ties: who takes equal totals in a contest, or None for the system's rule.
        text: the rules written back in canonical form ("" for none).
    """

    system: str
    fields: dict[str, object]
    ties: Winner | None
    text: str

    def apply(self, request: Request) -> Request:
        """The request with every house rule its own options leave unset.

        Raises:
            NotationError: a house rule that does not fit this roll (the message names it).
        """
        if isinstance(request, ContestRequest):
            ties = request.ties if request.ties is not None else self.ties
            attacker, defender = self._side(request.attacker), self._side(request.defender)
            return ContestRequest(attacker, defender, ties)
        return self._side(request)

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
def read_house_rules(system: str, text: str) -> HouseRules:
    """Read house rules for ``system``: options as a roll line writes them.

    ``ties WHO`` may end them (for contests). A specialty's policy may be a house rule (``spec
    double``): it applies to the rolls that use a specialty; whether a roll does is the roll's.

    Raises:
        NotationError: an option the system does not have, one out of range, a contest or a
            specialty in use written as a house rule (the message says which).
    """
    text = " ".join(text.split())
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
    written = render(request).removeprefix(f"{system} {one}").strip() if changed else ""
    if ties is not None:
        written = f"{written} ties {ties.value}".strip()
    return HouseRules(system, changed, ties, written)


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
