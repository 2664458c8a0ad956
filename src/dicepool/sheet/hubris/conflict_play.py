"""hubris prolonged conflicts as transitions of a campaign (ruling 22).

The pure rules are :mod:`~dicepool.sheet.hubris.conflict`'s; the count is the story's, kept
under the clock's scene mark. A loss is recorded by a logged contest roll that names its arena
(``--arena``: its loser's loss, counted in the roll's own transaction; a tie is no one's), or by
hand (``conflict-lost``: a contest rolled away from the log); the storyteller ends the conflict
(``conflict-ended``), and a new scene ends it too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from dicepool.core.hubris import HubrisRequest
from dicepool.core.request import ContestRequest, Request
from dicepool.core.result import ContestResult, RollResult, Winner
from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.hubris.conflict import ARENAS, Conflict, check_arena, check_standing, end, lose
from dicepool.sheet.hubris.payloads import ConflictEnded, ConflictLost
from dicepool.sheet.state import CampaignState

Data = Mapping[str, Any]


def resistance(sheet: Character, arena: str) -> int:
    """The character's Resistance attribute for ``arena`` (Resolve, Stamina or Composure)."""
    return sheet.traits.get(ARENAS[arena], 1)


def _hubris(state: CampaignState, name: str) -> Character:
    sheet = state.character(name)
    if sheet.system != "hubris":
        raise SheetError(
            f"prolonged conflicts are hubris's rule (ruling 22); {sheet.system} counts no losses"
        )
    return sheet


def _with(state: CampaignState, conflict: Conflict) -> CampaignState:
    return replace(state, story=replace(state.now, conflict=conflict))


def _scene(state: CampaignState) -> int:
    return state.now.clock.mark("scene")


def conflict_lost(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """``conflict-lost`` (or a contest roll's ``conflict`` effect): a contest lost."""
    event = ConflictLost.of(data)
    sheet = _hubris(state, event.character)
    arena = check_arena(event.arena)
    held = resistance(sheet, arena)
    return _with(state, lose(state.now.conflict, sheet.name, arena, held, _scene(state)))


def conflict_ended(state: CampaignState, data: Data) -> CampaignState:
    """``conflict-ended``: the storyteller ends the conflict; no loss is counted any more."""
    ConflictEnded.of(data)
    if state.system != "hubris":
        raise SheetError(f"prolonged conflicts are hubris's rule (ruling 22), not {state.system}'s")
    return _with(state, end(state.now.conflict, _scene(state)))


def _contest(request: Request) -> ContestRequest:
    if not isinstance(request, ContestRequest) or not isinstance(request.attacker, HubrisRequest):
        raise SheetError(
            "--arena counts the loser of a hubris contest (`Ana: ... vs Bo: ...`), ruling 22"
        )
    return request


def prepare(
    state: CampaignState, rollers: Sequence[Character | None], request: Request, arena: str
) -> None:
    """Refuse a contest that cannot count: not a hubris contest, no such arena, or a side's
    character who must already accept defeat in that arena (they struggle no more)."""
    _contest(request)
    arena = check_arena(arena)
    for sheet in rollers:
        if sheet is not None:
            check_standing(
                state.now.conflict, sheet.name, arena, resistance(sheet, arena), _scene(state)
            )


def effects(
    rollers: Sequence[Character | None], result: RollResult | ContestResult, arena: str
) -> dict[str, Any]:
    """A contest roll's ``conflict`` effect: its loser's loss in ``arena`` (a tie, or a
    losing side that is no character, counts none)."""
    if not isinstance(result, ContestResult) or result.winner is Winner.TIE:
        return {}
    loser = rollers[1] if result.winner is Winner.ATTACKER else rollers[0]
    if loser is None:
        return {}
    return {"conflict": ConflictLost(loser.name, check_arena(arena)).data()}


def losses_view(sheet: Character, conflict: Conflict, scene_mark: int) -> dict[str, object]:
    """A character's count in the current conflict, by arena: ``lost``, the ``resistance``
    it ends at, and whether the character must accept ``defeat`` (empty: no loss)."""
    return {
        arena: {
            "lost": lost,
            "resistance": resistance(sheet, arena),
            "defeat": lost >= resistance(sheet, arena),
        }
        for arena, lost in conflict.of(sheet.name, scene_mark).items()
    }
