"""The one-line roll language users type, turned into a typed roll request and back.

``parse("classic 7 diff 8 spec")`` gives a :class:`~dicepool.core.classic.ClassicRequest`;
``render`` writes a request back as its canonical line; ``expand_aliases`` rewrites Dice Maiden
style shorthands (``8cod9``) into the full language; ``split_comment`` separates the roll from a
``# comment`` after it; ``system_name`` reads a system's name or alias (``cod``, ``vtm``). The
grammar is in :mod:`dicepool.notation.grammar`.
"""

from __future__ import annotations

from dicepool.notation.aliases import expand_aliases
from dicepool.notation.names import system_name
from dicepool.notation.parser import parse
from dicepool.notation.renderer import render
from dicepool.notation.tokens import split_comment

__all__ = ["expand_aliases", "parse", "render", "split_comment", "system_name"]
