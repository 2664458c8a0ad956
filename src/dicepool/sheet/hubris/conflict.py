"""hubris prolonged conflicts (ruling 22), as pure values.

"As a rule of thumb, once a character has lost contests within a certain arena equal to the
relevant Resistance attribute (Resolve for mental, Stamina for physical, and Composure for
social), that character is too tired, discouraged, or flustered to continue a struggle and must
accept defeat." A campaign counts the contests each character has lost in the current conflict,
per arena (:class:`Conflict`); the count ends with the conflict: when a new scene begins (its
count kept under the scene's mark, as a limit per scene is), or when the storyteller ends it.

Choices where the text is silent: a tie is lost by no one; a character who must accept defeat
in an arena takes no further contest of that arena in the conflict (a loss past the attribute
is refused, so the count never passes it); a Resistance attribute lowered below the count
leaves the character defeated, the count as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.traits import check_name, name_key

ARENAS = {"mental": "Resolve", "physical": "Stamina", "social": "Composure"}
"""Each arena of a conflict, with the Resistance attribute that says how many losses it takes."""


def check_arena(arena: str) -> str:
    """An arena's name, or a SheetError naming the three."""
    word = arena.strip().lower()
    if word not in ARENAS:
        raise SheetError(
            f"`{arena[:20]}` is no arena of a conflict: write mental, physical or social"
        )
    return word


@dataclass(frozen=True)
class Conflict:
    """The contests lost in a campaign's current conflict.

    Attributes:
        mark: the clock's scene mark the losses were counted under (another mark: a new
            scene, so a new conflict, and no loss counted yet).
        losses: each character's losses in each arena (character, arena, count), in the
            order first lost.
    """

    mark: int = 0
    losses: tuple[tuple[str, str, int], ...] = ()

    def current(self, scene_mark: int) -> tuple[tuple[str, str, int], ...]:
        """The losses of the conflict under way in the scene of ``scene_mark``."""
        return self.losses if scene_mark == self.mark else ()

    def lost(self, character: str, arena: str, scene_mark: int) -> int:
        """How many contests of ``arena`` ``character`` has lost in the current conflict."""
        key = name_key(character)
        return sum(n for c, a, n in self.current(scene_mark) if name_key(c) == key and a == arena)

    def of(self, character: str, scene_mark: int) -> dict[str, int]:
        """``character``'s losses in the current conflict, by arena (those with any)."""
        key = name_key(character)
        return {a: n for c, a, n in self.current(scene_mark) if name_key(c) == key}

    def stored(self) -> dict[str, object]:
        """As the story keeps it (read back by :func:`stored_conflict`)."""
        return {"mark": self.mark, "losses": [list(x) for x in self.losses]}


def stored_conflict(data: dict[str, Any]) -> Conflict:
    """A conflict from :meth:`Conflict.stored`'s JSON (an empty mapping: none)."""
    losses = tuple((str(c), str(a), int(n)) for c, a, n in data.get("losses", []))
    return Conflict(int(data.get("mark", 0)), losses)


def defeat_words(character: str, arena: str, lost: int) -> str:
    """Why ``character`` must accept defeat in ``arena``, and until when."""
    attribute = ARENAS[arena]
    return (
        f"{character} has lost {lost} {arena} contest{'s' if lost != 1 else ''} of this "
        f"conflict, as many as their {attribute}, and must accept defeat (ruling 22); the "
        "conflict ends with the scene, or `dicepool conflict end`"
    )


def check_standing(
    conflict: Conflict, character: str, arena: str, resistance: int, scene_mark: int
) -> None:
    """Refuse a contest of ``arena`` to a character who must accept defeat in it.

    Raises:
        SheetError: the losses counted have reached ``resistance``.
    """
    lost = conflict.lost(character, arena, scene_mark)
    if lost >= resistance:
        raise SheetError(defeat_words(character, arena, lost))


def lose(
    conflict: Conflict, character: str, arena: str, resistance: int, scene_mark: int
) -> Conflict:
    """The conflict after ``character`` lost a contest of ``arena`` in the scene of
    ``scene_mark`` (a new scene begins the count anew).

    Raises:
        SheetError: no such arena, or the character must already accept defeat in it.
    """
    arena = check_arena(arena)
    check_standing(conflict, character, arena, resistance, scene_mark)
    name, key = check_name(character, "character"), name_key(character)
    held = list(conflict.current(scene_mark))
    for i, (c, a, n) in enumerate(held):
        if name_key(c) == key and a == arena:
            held[i] = (c, a, n + 1)
            break
    else:
        held.append((name, arena, 1))
    return Conflict(scene_mark, tuple(held))


def end(conflict: Conflict, scene_mark: int) -> Conflict:
    """The campaign once the storyteller ends the conflict: no loss counted.

    Raises:
        SheetError: no contest was lost in the current conflict: nothing to end.
    """
    if not conflict.current(scene_mark):
        raise SheetError("no contest has been lost in the current conflict: there is none to end")
    return replace(conflict, losses=())
