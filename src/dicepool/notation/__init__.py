"""The one-line roll language users type, turned into a typed roll request and back.

``parse("classic 7 diff 8 spec")`` gives a :class:`~dicepool.core.classic.ClassicRequest`;
``render`` writes a request back as its canonical line; ``expand_aliases`` rewrites Dice Maiden
style shorthands (``8cod9``) into the full language. The grammar is in
:mod:`dicepool.notation.grammar`.
"""

from __future__ import annotations

from dicepool.notation.aliases import expand_aliases
from dicepool.notation.parser import parse
from dicepool.notation.renderer import render

__all__ = ["expand_aliases", "parse", "render"]
