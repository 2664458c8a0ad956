"""Characters out of action (ruling 18), read from the Health track (ruling 13).

An unconscious, incapacitated or dead hubris character takes no action of its own: no roll, no
Willpower spent, no rest, Vice, Virtue or Intimacy roll. The dead also regain nothing and heal
nothing, and damage to the dead is refused with the reason. Others may still act on them (care,
stabilizing, the storyteller's changes), so only a character's own actions ask these checks.
"""

from __future__ import annotations

from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.health import HealthTrack, State
from dicepool.sheet.status import health_of

OUT_OF_ACTION = frozenset({State.UNCONSCIOUS, State.INCAPACITATED, State.DEAD})
"""The states in which a character takes no action of its own (ruling 18)."""


def stamina(sheet: Character) -> int:
    """A hubris character's Stamina (the size of the Health track is 5 + Stamina)."""
    return sheet.traits.get("Stamina", 1)


def health(sheet: Character) -> HealthTrack:
    """A hubris character's Health track (the unhurt one when nothing is stored)."""
    return health_of(sheet.status, stamina(sheet))


def out_of_action(sheet: Character) -> State | None:
    """The state that keeps a hubris character from acting, or None (it may act; a character
    of another system keeps no Health track, so nothing keeps it from acting here)."""
    if sheet.system != "hubris":
        return None
    state = health(sheet).state
    return state if state in OUT_OF_ACTION else None


def must_act(sheet: Character, what: str) -> None:
    """Refuse ``what`` (the character's own action, in a few words) when it is out of action.

    Raises:
        SheetError: unconscious, incapacitated or dead, named with the action refused.
    """
    state = out_of_action(sheet)
    if state is not None:
        raise SheetError(
            f"{sheet.name} is {state.value}: one out of action takes no action of their own, "
            f"so no {what} (ruling 18)"
        )


def must_be_alive(sheet: Character, what: str) -> None:
    """Refuse ``what`` done to a dead character (damage; a regain).

    Raises:
        SheetError: the character is dead.
    """
    if out_of_action(sheet) is State.DEAD:
        raise SheetError(f"{sheet.name} is dead: {what} (ruling 18)")
