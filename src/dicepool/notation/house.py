"""House rules: roll-language options a campaign applies to every roll of its system.

House rules are written as a line's options (``"chance-again spec double ties attacker"``). Each
one sets a field of the request; a roll's own option for the same field wins, so a line can
still say ``8again`` at a table whose house rule is ``9again``. ``ties ...`` applies to
contests only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
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
        default = SYSTEMS[request.system].default()
        unset: dict[str, Any] = {
            name: value
            for name, value in self.fields.items()
            if getattr(request, name) == getattr(default, name)
        }
        try:
            return replace(request, **unset) if unset else request
        except DicepoolError as exc:
            raise NotationError(
                f"the house rules `{self.text}` do not fit this roll: {exc}"
            ) from exc


def read_house_rules(system: str, text: str) -> HouseRules:
    """Read house rules for ``system``: options as a roll line writes them.

    Raises:
        NotationError: an option the system does not have, or one out of range (the message
            says which).
    """
    text = " ".join(text.split())
    ties: Winner | None = None
    found = _TIES.search(text)
    if found:
        contest = parse(f"{system} 1 vs {system} 1 ties {found['who']}")
        assert isinstance(contest, ContestRequest)
        ties = contest.tie_rule if contest.ties is not None else None
        text = text[: found.start()].strip()
    if not text:
        return HouseRules(system, {}, ties, "" if ties is None else f"ties {ties.value}")
    try:
        request = parse(f"{system} 1 {text}")
    except NotationError as exc:
        raise NotationError(f"house rules: {exc}") from exc
    assert isinstance(request, RollRequest)
    default = SYSTEMS[system].default()
    changed = {
        f.name: getattr(request, f.name)
        for f in fields(request)
        if f.name != "pool" and getattr(request, f.name) != getattr(default, f.name)
    }
    written = render(request).removeprefix(f"{system} 1").strip()
    if ties is not None:
        written = f"{written} ties {ties.value}".strip()
    return HouseRules(system, changed, ties, written)
