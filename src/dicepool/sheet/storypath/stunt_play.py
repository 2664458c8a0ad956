"""Storypath's Stunts and Drawbacks carried forward as transitions of a campaign (ruling 20).

The pure rules are :mod:`~dicepool.sheet.storypath.stunts`'; what waits is the story's
``carries``, as the Unlooked-for Advantages are the story's. A Stunt is bought, and a Drawback
carried, by an event that names the logged roll it comes from (``stunt-bought``,
``drawback-carried``: the use case copies what it needs of the roll). A later roll takes what
waits for its rollers: :func:`prepare` adds it to the request before the dice are rolled (an
Enhancement Stunt only when the roll names it: ``--stunt ROLL``), :func:`effects` records what
was used, and :func:`carried_used` takes it off. A hidden roll neither takes nor uses any: the
table would see it waiting, then gone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from dicepool.core.request import ContestRequest, Request
from dicepool.core.storypath import StorypathRequest
from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.refs import seq_of
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.payloads import CarriedUsed, DrawbackCarried, StuntBought
from dicepool.sheet.storypath.stunts import (
    Carried,
    Carries,
    Effect,
    buy_stunt,
    carry_drawback,
    coming,
    named_stunt,
    use,
)

Data = Mapping[str, Any]


def _storypath(state: CampaignState) -> None:
    if state.system != "storypath":
        raise SheetError(f"Stunts and Drawbacks are storypath's (ruling 20), not {state.system}'s")


def _with(state: CampaignState, carries: Carries) -> CampaignState:
    return replace(state, story=replace(state.now, carries=carries))


def _effect(word: str, what: str) -> Effect:
    try:
        return Effect(word.strip().lower())
    except ValueError:
        names = ", ".join(e.value for e in Effect)
        raise SheetError(f"`{word[:20]}` is no {what}: write {names}") from None


def stunt_bought(state: CampaignState, data: Data) -> CampaignState:
    """``stunt-bought``: a Stunt bought with a logged roll's stunt successes, waiting."""
    _storypath(state)
    event = StuntBought.of(data)
    buyer = state.character(event.character).name
    adversary = state.character(event.adversary).name if event.adversary is not None else None
    carries = buy_stunt(
        state.now.carries,
        seq_of(event.event),
        buyer,
        event.successes,
        _effect(event.effect, "Stunt"),
        event.level,
        adversary,
        event.what,
    )
    return _with(state, carries)


def drawback_carried(state: CampaignState, data: Data) -> CampaignState:
    """``drawback-carried``: a logged roll's Drawback carried to a later action, waiting."""
    _storypath(state)
    event = DrawbackCarried.of(data)
    roller = state.character(event.character).name
    other = state.character(event.antagonist).name if event.antagonist is not None else None
    carries = carry_drawback(
        state.now.carries,
        seq_of(event.event),
        roller,
        _effect(event.effect, "Drawback carried forward"),
        event.level,
        other,
        event.what,
    )
    return _with(state, carries)


def carried_used(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's ``carried`` effect: the Stunts and Drawbacks it took, used up."""
    used = CarriedUsed.of(data).used
    keys = [
        (source, effect, level, holder, seq_of(roll))
        for source, effect, level, holder, roll in used
    ]
    return _with(state, use(state.now.carries, keys))


def stunt_enhancement(state: CampaignState, spender: Character | None, roll: int) -> int:
    """The Enhancement the roller's Stunt bought on logged roll ``roll`` adds (``--stunt``).

    Raises:
        SheetError: no roller, or no such Stunt waiting for them.
    """
    if spender is None:
        raise SheetError("--stunt is a character's: roll with --char NAME")
    return named_stunt(state.now.carries, spender.name, roll).level


def _sides(request: Request) -> list[StorypathRequest | None]:
    if isinstance(request, ContestRequest):
        sides = [request.attacker, request.defender]
    else:
        sides = [request]
    return [s if isinstance(s, StorypathRequest) else None for s in sides]


def _taken(
    state: CampaignState, rollers: Sequence[Character | None], request: Request
) -> list[tuple[int, tuple[Carried, ...]]]:
    """What goes to each storypath side's roller by itself: (side, what)."""
    found = []
    for i, side in enumerate(_sides(request)):
        roller = rollers[i] if i < len(rollers) else None
        if side is not None and roller is not None:
            items = coming(state.now.carries, roller.name)
            if items:
                found.append((i, items))
    return found


def added(request: StorypathRequest, items: Sequence[Carried]) -> StorypathRequest:
    """The request with what waited added to each of its challenges (a mixed action's too)."""
    more = sum(c.level for c in items if c.effect is Effect.DIFFICULTY)
    enhancement = sum(c.level for c in items if c.effect is Effect.ENHANCEMENT)
    complications = tuple(c.level for c in items if c.effect is Effect.COMPLICATION)
    mixed = tuple(
        replace(
            c,
            difficulty=c.difficulty + more,
            enhancement=c.enhancement + enhancement,
            complications=(*c.complications, *complications),
        )
        for c in request.mixed
    )
    return replace(
        request,
        difficulty=request.difficulty + more,
        enhancement=request.enhancement + enhancement,
        complications=(*request.complications, *complications),
        mixed=mixed,
    )


def prepare(state: CampaignState, rollers: Sequence[Character | None], request: Request) -> Request:
    """The request with what waits for its rollers' next roll added to their sides (a
    Complication or Difficulty Stunt on an adversary, a Drawback's Difficulty or free
    Enhancement); an Enhancement Stunt waits to be named (:func:`stunt_enhancement`)."""
    for i, items in _taken(state, rollers, request):
        if isinstance(request, ContestRequest):
            side = request.attacker if i == 0 else request.defender
            assert isinstance(side, StorypathRequest)
            changed = added(side, items)
            request = (
                replace(request, attacker=changed) if i == 0 else replace(request, defender=changed)
            )
        else:
            assert isinstance(request, StorypathRequest)
            request = added(request, items)
    return request


def effects(
    state: CampaignState,
    rollers: Sequence[Character | None],
    request: Request,
    stunt: int | None,
) -> dict[str, Any]:
    """A roll's ``carried`` effect: the Stunt it named (``stunt``: the logged roll it was
    bought on) and what went to its rollers by itself (none: no effect)."""
    used: list[Carried] = []
    spender = rollers[0] if rollers else None
    if stunt is not None and spender is not None:
        used.append(named_stunt(state.now.carries, spender.name, stunt))
    for _side, items in _taken(state, rollers, request):
        used.extend(items)
    if not used:
        return {}
    return {"carried": CarriedUsed.by_seqs(c.key() for c in used).data()}
