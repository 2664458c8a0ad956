"""What a roll in a campaign spends or asks of the state rules, beside its line.

A roll logged for a character may spend a resource (a Willpower point, Edge, Momentum), choose
a consolation, or count toward an action under way. :func:`prepare` changes the request before
the dice are rolled (a Willpower point: :mod:`~dicepool.sheet.roll_willpower`); :func:`effects`
says, from the result, what the roll does to the state; the ``rolled`` event carries those
effects, and :func:`rolled` applies them, refusing the whole roll (nothing logged, nothing spent)
when a rule forbids one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicepool.core.request import Request
from dicepool.core.result import ContestResult, RollResult
from dicepool.errors import SheetError
from dicepool.sheet import roll_willpower, tracker_play
from dicepool.sheet.character import Character
from dicepool.sheet.hubris import conflict_play
from dicepool.sheet.hubris.out_of_action import must_act
from dicepool.sheet.payloads import effects_of, rollers_of
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath import play as storypath_play
from dicepool.sheet.storypath import stunt_play
from dicepool.sheet.sundown import play as sundown_play
from dicepool.sheet.sundown.play import Resistance, edge_effects, prepare_edge
from dicepool.sheet.traits import name_key

Effect = Callable[[CampaignState, Mapping[str, Any], int], CampaignState]


@dataclass(frozen=True)
class Spends:
    """A campaign roll's spends and choices (each system reads its own).

    Attributes:
        willpower: hubris, chronicles, classic: spend a Willpower point (the line's ``wp``:
            hubris three dice and the rote property, ruling 14; chronicles three dice, classic
            one automatic success, ruling 23).
        edge: sundown: spend Edge for Edge dice (the whole pool at zero or less, ruling 2).
        resist: sundown: a Resistance Test (Edge added free; Armor on a Soak roll), or None.
        momentum: storypath: Momentum spent from the pool, a die each.
        consolation: storypath: the Consolation taken if the roll fails (None: Momentum).
        advantage: storypath: use the roller's oldest Unlooked-for Advantage (Enhancement 1).
        feat: storypath: a Feat of Scale, ``title`` (within the Legendary Title) or
            ``calling`` (outside it: two Momentum more).
        drawback: storypath: the Drawback an Enhancement above 3 comes with.
        complex: storypath: the Complex Action the roll is an Interval of.
        extended: chronicles: the extended action the roll counts toward.
        stunt: storypath: use the roller's Enhancement Stunt bought on this logged roll
            (ruling 20).
        arena: hubris: the arena of a contest (mental, physical, social) whose loser's loss
            the roll counts in the current conflict (ruling 22).
    """

    willpower: bool = False
    edge: bool = False
    resist: Resistance | None = None
    momentum: int = 0
    consolation: str | None = None
    advantage: bool = False
    feat: str | None = None
    drawback: str | None = None
    complex: str | None = None
    extended: str | None = None
    stunt: int | None = None
    arena: str | None = None

    def __bool__(self) -> bool:
        return self != Spends()


NO_SPENDS = Spends()


def prepare(
    spender: Character | None,
    request: Request,
    spends: Spends,
    *,
    rollers: Sequence[Character | None] = (),
    state: CampaignState | None = None,
    hidden: bool = False,
) -> Request:
    """The request as the spends change it (before any die is rolled), checked against
    ``state`` (the campaign before the roll).

    Args:
        rollers: each side's roller (default: the spender alone).
        hidden: a hidden roll, which takes no Stunt or Drawback waiting for its rollers.
    """
    if spends.edge or spends.resist is not None:
        request = prepare_edge(request, rollers or (spender,), spends.edge, spends.resist)
    sides = rollers or (spender,)
    # the chosen point is the line's `wp`; a point typed or chosen is checked alike
    request = roll_willpower.prepare(request, sides, spends.willpower, state, hidden)
    if spends.arena is not None:
        if state is None:
            raise SheetError("--arena counts a loss in a campaign's conflict: roll in one")
        conflict_play.prepare(state, rollers or (spender,), request, spends.arena)
    if state is not None:
        request = tracker_play.prepare(state, spender, request, spends)
        request = storypath_play.prepare(state, spender, request, spends)
        if not hidden:
            request = stunt_play.prepare(state, rollers or (spender,), request)
    return request


def effects(
    spender: Character | None,
    request: Request,
    result: RollResult | ContestResult,
    spends: Spends = NO_SPENDS,
    *,
    rollers: Sequence[Character | None] = (),
    state: CampaignState | None = None,
) -> dict[str, Any]:
    """What a roll does to the state: the ``effects`` its ``rolled`` event carries.

    Args:
        spends: what the roll spent or chose (a Resistance Test is recorded as one).
        rollers: each side's roller (default: the spender alone).
        state: the campaign before the roll (Momentum, trackers read it).
    """
    found: dict[str, Any] = {}
    willpower = roll_willpower.effect(request, rollers or (spender,), state)  # `wp` typed too
    if willpower is not None:
        found["willpower"] = willpower
    edge = edge_effects(request, rollers or (spender,))  # `edge N` in the line spends it too
    if edge:
        found["edge"] = {"spends": edge}
    if spends.resist is not None:
        found["resist"] = sundown_play.resisted(request, rollers or (spender,), spends.resist)
    if state is not None:
        found.update(storypath_play.effects(state, spender, request, result, spends))
        found.update(stunt_play.effects(state, rollers or (spender,), request, spends.stunt))
        found.update(tracker_play.roll_effects(state, spender, result, spends))
    if spends.arena is not None:
        found.update(conflict_play.effects(rollers or (spender,), result, spends.arena))
    return found


ROLL_EFFECTS: dict[str, Effect] = {
    "willpower": roll_willpower.spent_on_roll,
    "edge": sundown_play.edge_on_roll,
    **storypath_play.ROLL_EFFECTS,
    "carried": stunt_play.carried_used,
    **tracker_play.ROLL_EFFECTS,
    "conflict": conflict_play.conflict_lost,
}
"""Each effect a roll can have, with its transition, applied in this order (an effect with
none, like a Drawback named, is a record only)."""


def rolled(state: CampaignState, data: Mapping[str, Any], event: int = 0) -> CampaignState:
    """``rolled``: the roll's effects on the state, in order (none for a plain roll); each
    effect's transition is given the roll's seq too, ``event`` (an Advantage names it).

    Raises:
        SheetError: a roller out of action (ruling 18: an unconscious, incapacitated or dead
            hubris character makes no roll of its own), or an effect the rules refuse.
    """
    for name in rollers_of(data):
        roller = state.characters.get(name_key(name)) if name else None
        if roller is not None:
            must_act(roller, "roll")
    effects = effects_of(data)
    for name, transition in ROLL_EFFECTS.items():
        if name in effects:
            state = transition(state, effects[name], event)
    return state
