"""After Sundown's special attributes as transitions of a campaign (rulings 1, 2 and 15).

Each function takes an event's data and returns the campaign after it, asking the pure rules of
:mod:`~dicepool.sheet.sundown.edge`: Edge spent (on a roll's dice, a second chance, an escape or
another use), Initiative Passes taken, Power Points spent and regained. The limits per chronicle
and per round read the campaign's clock, so `next chronicle` gives every Edge spend back and
`next round` every pass. A roll's own Edge (``edge N`` on the line, ``--spend edge``) and a
Resistance Test's free dice are worked out here too, before the dice are rolled
(:func:`prepare_edge`) and from the request rolled (:func:`edge_effects`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, Request
from dicepool.core.sundown import SundownRequest
from dicepool.errors import SheetError
from dicepool.sheet.character import AnyChange, Change, Character, change
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import POWER, boosts_of, special_of, with_boosts, with_special
from dicepool.sheet.sundown.boosts import add_boost, end_boost
from dicepool.sheet.sundown.edge import (
    MAX_ARMOR,
    EdgeUse,
    SpecialAttributes,
    power_max,
    regain_power,
    resist_dice,
    spend_edge,
    spend_power,
    take_extra_pass,
    take_pass,
)
from dicepool.sheet.sundown.payloads import (
    Boosted,
    BoostEnded,
    EdgeOnRoll,
    EdgeSpends,
    EdgeSpent,
    PassTaken,
    PowerRegained,
    PowerSpent,
    Rerolled,
    Resisted,
)
from dicepool.sheet.traits import name_key

Data = Mapping[str, Any]

MAX_BONUS_PASSES = 3
"""The most normal passes a power adds to the first: four a round is everyone's ceiling."""


def sundown_character(state: CampaignState, name: str, rule: str) -> Character:
    """A sundown character, or a SheetError naming the rule that is sundown's."""
    sheet = state.character(name)
    if sheet.system != "sundown":
        raise SheetError(f"{rule} is After Sundown's (ruling 15); {sheet.system} has none")
    return sheet


def edge_rating(sheet: Character) -> int:
    """The sheet's Edge (0 for an Extra)."""
    return sheet.traits.get("Edge", 0)


def logged_change(sheet: Character, changes: Sequence[AnyChange]) -> Character:
    """The sheet after a ``character-changed`` event's ``changes``, as the log holds them.

    A sundown change of ``Power`` can only be in a log written before ruling 19, when the Power
    Reserve was typed on the sheet; its replay sets the reserve's points (``+=`` and ``-=``
    move them), kept within 0 and the maximum once the event's other changes are made. Any
    other change is :func:`~dicepool.sheet.character.change`'s, which refuses ``Power``.
    """
    power = name_key(POWER)
    typed = [c for c in changes if isinstance(c, Change) and name_key(c.trait) == power]
    if sheet.system != "sundown" or not typed:
        return change(sheet, changes)
    sheet = change(sheet, [c for c in changes if c not in typed])
    points = special(sheet).power
    for item in typed:
        points = {"=": item.value, "+": points + item.value, "-": points - item.value}[item.op]
    kept = replace(special(sheet), power=max(0, min(points, reserve_max(sheet))))
    return replace(sheet, status=with_special(sheet.status, kept))


def reserve_max(sheet: Character) -> int:
    """The Power Reserve's maximum: 10 + 3 x the sheet's Potency."""
    return power_max(sheet.traits.get("Potency", 0))


def special(sheet: Character) -> SpecialAttributes:
    """What the character's special attributes carry now."""
    return special_of(sheet.status)


def _put(state: CampaignState, sheet: Character, after: SpecialAttributes) -> CampaignState:
    status = with_special(sheet.status, after)
    return state.with_character(replace(sheet, status=status))


def _marks(state: CampaignState) -> tuple[int, int]:
    clock = state.now.clock
    return clock.mark("chronicle"), clock.mark("round")


def _spent(state: CampaignState, name: str, use: EdgeUse, purpose: str = "") -> CampaignState:
    sheet = sundown_character(state, name, "Edge")
    chronicle, _round = _marks(state)
    try:
        after = spend_edge(special(sheet), edge_rating(sheet), chronicle, use, purpose)
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return _put(state, sheet, after)


def edge_spent(state: CampaignState, data: Data) -> CampaignState:
    """``edge-spent``: Edge spent on an escape or another use the table agrees on."""
    event = EdgeSpent.of(data)
    return _spent(state, event.character, event.use, event.purpose)


def edge_on_roll(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's Edge spends: its dice, its second chance (one spend each, each its roller's)."""
    for spend in EdgeSpends.of(data).spends:
        state = _spent(state, spend.character, spend.use)
    return state


def rerolled(state: CampaignState, data: Data) -> CampaignState:
    """``rerolled``: a second chance on a logged roll (ruling 1), one Edge spent."""
    return _spent(state, Rerolled.of(data).character, EdgeUse.SECOND_CHANCE)


def pass_taken(state: CampaignState, data: Data) -> CampaignState:
    """``pass-taken``: an Initiative Pass, a normal one or one Edge buys after them."""
    event = PassTaken.of(data)
    sheet = sundown_character(state, event.character, "An Initiative Pass")
    chronicle, round_ = _marks(state)
    bonus = event.bonus
    try:
        if event.edge:
            after = take_extra_pass(special(sheet), edge_rating(sheet), chronicle, round_, bonus)
        else:
            after = take_pass(special(sheet), round_, bonus)
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return _put(state, sheet, after)


def _powered(state: CampaignState, name: str, points: int, regain: bool) -> CampaignState:
    sheet = sundown_character(state, name, "The Power Reserve")
    rule = regain_power if regain else spend_power
    try:
        after = rule(special(sheet), points, reserve_max(sheet))
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return _put(state, sheet, after)


def power_spent(state: CampaignState, data: Data) -> CampaignState:
    """``power-spent``: Power Points spent from the reserve."""
    event = PowerSpent.of(data)
    return _powered(state, event.character, event.points, regain=False)


def power_regained(state: CampaignState, data: Data) -> CampaignState:
    """``power-regained``: Power Points regained, up to the reserve's maximum."""
    event = PowerRegained.of(data)
    return _powered(state, event.character, event.points, regain=True)


# Boosts above the maxima


def boosted(state: CampaignState, data: Data) -> CampaignState:
    """``boosted``: a power raises a trait above its maximum (its Power Points spent with it,
    or nothing)."""
    event = Boosted.of(data)
    sheet = sundown_character(state, event.character, "A power's boost")
    scene = state.now.clock.mark("scene")
    try:
        after = add_boost(
            boosts_of(sheet.status),
            dict(sheet.traits),
            event.trait,
            event.dots,
            event.source,
            scene,
            event.scene,
        )
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    sheet = replace(sheet, status=with_boosts(sheet.status, after))
    state = state.with_character(sheet)
    return _powered(state, sheet.name, event.power, regain=False) if event.power else state


def boost_ended(state: CampaignState, data: Data) -> CampaignState:
    """``boost-ended``: a power's boosts end."""
    event = BoostEnded.of(data)
    sheet = sundown_character(state, event.character, "A power's boost")
    scene = state.now.clock.mark("scene")
    try:
        after = end_boost(boosts_of(sheet.status), event.source, scene, event.trait)
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return state.with_character(replace(sheet, status=with_boosts(sheet.status, after)))


def rating(sheet: Character, trait: str, scene_mark: int) -> int:
    """A trait's rating on a roll: the sheet's, and what boosts add to it (sundown's powers;
    0 elsewhere)."""
    return sheet.traits[trait] + boosts_of(sheet.status).on(trait, scene_mark)


# A roll's Edge


@dataclass(frozen=True)
class Resistance:
    """A roll marked as a Resistance Test: Edge added free, and Armor on a Soak roll.

    Attributes:
        soak: a Soak roll (a physical Resistance Test that adds Armor).
        armor: the Armor a Soak roll adds (0..50).
    """

    soak: bool = False
    armor: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.armor <= MAX_ARMOR:
            raise SheetError(f"--armor is 0..{MAX_ARMOR}, not {self.armor}")


def _sides(request: Request) -> list[SundownRequest]:
    if isinstance(request, ContestRequest):
        return [s for s in (request.attacker, request.defender) if isinstance(s, SundownRequest)]
    return [request] if isinstance(request, SundownRequest) else []


def _with_sides(request: Request, sides: list[SundownRequest]) -> Request:
    if isinstance(request, ContestRequest):
        return replace(request, attacker=sides[0], defender=sides[1])
    return sides[0]


def _rated(sheet: Character | None, what: str) -> tuple[Character, int]:
    if sheet is None:
        raise SheetError(f"{what} is a character's: roll with --char NAME")
    if sheet.system != "sundown":
        raise SheetError(f"{what} is After Sundown's (ruling 15); {sheet.system} has none")
    return sheet, edge_rating(sheet)


def _luminary(sheet: Character) -> int:
    """The Edge of a character who has some to spend (an Extra has Edge 0)."""
    if edge_rating(sheet) == 0:
        raise SheetError(f"{sheet.name} has Edge 0: an Extra has no Edge to spend")
    return edge_rating(sheet)


def prepare_edge(
    request: Request,
    rollers: Sequence[Character | None],
    spend: bool,
    resistance: Resistance | None,
) -> Request:
    """The request with the roller's Edge dice (``--spend edge``, on the acting side) and a
    Resistance Test's free dice (on the resisting side: the defender of a contest).

    Raises:
        SheetError: a roll that is not sundown, no roller, Edge 0, or Edge written twice.
    """
    sides = _sides(request)
    if not sides:
        raise SheetError(
            f"--spend edge and --resist are After Sundown's (ruling 15), not {request.system}'s"
            + ("; hubris Edge dice are `edge N` on the line" if request.system == "hubris" else "")
        )
    if spend:
        sheet, _rating = _rated(rollers[0] if rollers else None, "Spending Edge")
        rating = _luminary(sheet)
        if sides[0].edge:
            raise SheetError(
                f"the line spends Edge already (`edge {sides[0].edge}`): drop it or --spend edge"
            )
        sides[0] = replace(sides[0], edge=rating)  # ruling 2: at a pool <= 0, the whole pool
    if resistance is not None:
        at = len(sides) - 1  # the resister: the defender of a contest, else the roller
        sheet, rating = _rated(rollers[at] if len(rollers) > at else None, "A Resistance Test")
        added = resist_dice(rating, resistance.armor, resistance.soak)
        if added:
            sides[at] = replace(sides[at], pool=Pool((*sides[at].pool.terms, added)))
    return _with_sides(request, sides)


def edge_effects(request: Request, rollers: Sequence[Character | None]) -> list[dict[str, object]]:
    """The Edge a rolled request spends: a spend for each side's Edge dice and second chance.

    An ``edge N`` written on a character's line is a spend too, and must be the character's
    Edge ("extra dice to a test equal to your Edge score"). A side without a character spends
    nothing (a plain line's numbers).

    Raises:
        SheetError: ``edge N`` other than the roller's Edge.
    """
    found: list[dict[str, object]] = []
    for side, sheet in zip(_sides(request), rollers, strict=False):
        if sheet is None or sheet.system != "sundown":
            continue
        if side.edge:
            if side.edge != _luminary(sheet):
                raise SheetError(
                    f"{sheet.name}'s Edge is {edge_rating(sheet)}: Edge adds that many dice, "
                    f"not {side.edge} (write `edge {edge_rating(sheet)}`, or --spend edge)"
                )
            found.append(EdgeOnRoll(sheet.name, EdgeUse.DICE).data())
        if side.second_chance is not None:
            found.append(EdgeOnRoll(sheet.name, EdgeUse.SECOND_CHANCE).data())
    return found


def resisted(
    request: Request, rollers: Sequence[Character | None], resistance: Resistance
) -> dict[str, object]:
    """What a Resistance Test added free, as its roll's effects record it (no state changes)."""
    at = len(_sides(request)) - 1
    sheet, rating = _rated(rollers[at] if len(rollers) > at else None, "A Resistance Test")
    return Resisted(sheet.name, rating, resistance.soak, resistance.armor).data()
