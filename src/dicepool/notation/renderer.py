"""Write a request back as its canonical line: the form :func:`~dicepool.notation.parse` reads.

Canonical means lower case, single spaces, the system name, the pool as its parts (``5+2-3``;
custom adds the die size, ``8d10``, a pool of several parts in brackets, ``(3+2)d10``: five
dice, never 3 plus 2d10), then every option that differs from its default in the
system's fixed order (custom always writes its target, ``t8``, so the line reads fully). A
storypath mixed action writes each further challenge after ``; `` with its Difficulty always
written: ``storypath 4 diff 2 enh 1; diff 1 comp 1``.
"""

from __future__ import annotations

from dicepool.core.custom import CustomRequest
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.notation.grammar import SYSTEMS


def render(request: Request) -> str:
    """The canonical line for a request; ``parse(render(r)) == r`` for every valid request.

    >>> from dicepool.core.classic import ClassicRequest
    >>> from dicepool.core.pool import Pool
    >>> render(ClassicRequest(Pool.of(5, 2), difficulty=7))
    'classic 5+2 diff 7'
    """
    if isinstance(request, ContestRequest):
        line = f"{_render_roll(request.attacker)} vs {_render_roll(request.defender)}"
        # only an override is written: a tie rule equal to the system's is stored as None
        return line if request.ties is None else f"{line} ties {request.ties.value}"
    return _render_roll(request)


def _render_roll(request: RollRequest) -> str:
    system = SYSTEMS[request.system]
    default = system.default()
    pool = str(request.pool)
    if isinstance(request, CustomRequest):
        sum_of_parts = len(request.pool.terms) > 1 or request.pool.terms[0] < 0
        pool = f"({pool})d{request.sides}" if sum_of_parts else f"{pool}d{request.sides}"
    words = [system.name, pool]
    for field, spell in system.spelling:
        value = getattr(request, field)
        if field in system.always or value != getattr(default, field):
            words.append(spell(value))
    return " ".join(words).replace(" ;", ";")  # `;` follows the word before it: `enh 1; diff 1`
