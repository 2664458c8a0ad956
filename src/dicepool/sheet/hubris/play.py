"""hubris's Willpower and conscience as transitions of a campaign (ruling 14).

Each function takes an event's data (and, where the rule rolls, its :class:`RuleDice`) and
returns the campaign after it, asking the pure rules of :mod:`~dicepool.sheet.hubris.willpower` and
:mod:`~dicepool.sheet.hubris.conscience`; the limits per turn, scene and session read the campaign's
clock. Morality is a sheet trait: degeneration lowers it on the sheet itself. A character out of
action (ruling 18: unconscious, incapacitated or dead) takes none of these actions of its own;
what others do to it (a sin made known, an Intimacy, a soul taken, stress) still happens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.character import Character, character_trait
from dicepool.sheet.hubris import conscience as cs
from dicepool.sheet.hubris import willpower as wp
from dicepool.sheet.hubris.conscience import Conscience
from dicepool.sheet.hubris.out_of_action import must_act, must_be_alive
from dicepool.sheet.hubris.payloads import (
    Atoned,
    Degenerated,
    IntimacyAdded,
    IntimacyRemoved,
    IntimacyRolled,
    Mitigated,
    NatureSet,
    Rested,
    Sinned,
    SoulLost,
    SoulRestored,
    Vice,
    Virtue,
    WillpowerLost,
    WillpowerSpend,
)
from dicepool.sheet.hubris.willpower import Willpower
from dicepool.sheet.rule_dice import RuleDice
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import conscience_of, willpower_of, with_conscience, with_willpower
from dicepool.sheet.traits import check_name

Data = Mapping[str, Any]
Pieces = tuple[Willpower, Conscience]


def hubris_character(state: CampaignState, name: str, rule: str) -> Character:
    """A hubris character, or a SheetError naming the rule that is hubris's."""
    sheet = state.character(name)
    if sheet.system != "hubris":
        raise SheetError(f"{rule} is hubris's rule (ruling 14); {sheet.system} has none")
    return sheet


def willpower_rating(sheet: Character) -> int:
    """The sheet's permanent Willpower dots."""
    return sheet.traits.get("Willpower", 0)


def morality(sheet: Character) -> int:
    """The sheet's Morality (0..5)."""
    return sheet.traits.get("Morality", 0)


def pieces(sheet: Character) -> Pieces:
    """A hubris character's Willpower and conscience."""
    return willpower_of(sheet.status, willpower_rating(sheet)), conscience_of(sheet.status)


def with_pieces(sheet: Character, w: Willpower, c: Conscience) -> Character:
    """The sheet holding this Willpower and conscience."""
    status = with_conscience(with_willpower(sheet.status, w, willpower_rating(sheet)), c)
    return replace(sheet, status=status)


def _rule(
    state: CampaignState,
    name: str,
    rule: str,
    step: Callable[[Character, Pieces], Pieces],
    own: str | None = None,
) -> CampaignState:
    """Apply ``step`` to a character's Willpower and conscience; refusals name the character.

    Args:
        own: the character's own action, in a few words, refused while it is out of action
            (ruling 18); None: something that happens to the character.
    """
    sheet = hubris_character(state, name, rule)
    if own is not None:
        must_act(sheet, own)  # (raises) before a die is rolled
    try:
        w, c = step(sheet, pieces(sheet))
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return state.with_character(with_pieces(sheet, w, c))


def _mark(state: CampaignState, unit: str) -> int:
    return state.now.clock.mark(unit)


def spend_on_roll(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's Willpower point (three dice and the rote property): one a turn."""
    turn = _mark(state, "turn")
    name = WillpowerSpend.of(data).character
    return _rule(state, name, "Willpower", lambda _s, p: (wp.spend(p[0], turn), p[1]))


def mitigated(state: CampaignState, data: Data) -> CampaignState:
    """``mitigated``: a point spent to take one effective success off an uncontested attack or
    hazard (damage is mitigated on the ``damaged`` event itself, ruling 21); one a turn, and
    not while out of action (ruling 18)."""
    name = Mitigated.of(data).character
    must_act(hubris_character(state, name, "Willpower"), "Willpower spent to mitigate harm")
    return spend_on_roll(state, WillpowerSpend(name).data())


def _regain(w: Willpower, after: Willpower, c: Conscience) -> Pieces:
    return cs.soul_regain(w, after, c)


def vice(state: CampaignState, data: Data) -> CampaignState:
    """``vice``: a point for pursuing the character's Vice, once a scene."""
    scene = _mark(state, "scene")
    name = Vice.of(data).character

    def step(_sheet: Character, p: Pieces) -> Pieces:
        return _regain(p[0], wp.vice(p[0], scene), p[1])

    return _rule(state, name, "Vice", step, own="Vice")


def virtue(state: CampaignState, data: Data) -> CampaignState:
    """``virtue``: every point and a lost dot, once a session."""
    session = _mark(state, "session")

    def step(_sheet: Character, p: Pieces) -> Pieces:
        return _regain(p[0], wp.virtue(p[0], session, dot=p[1].soul), p[1])

    return _rule(state, Virtue.of(data).character, "Virtue", step, own="Virtue")


def rested(state: CampaignState, data: Data, dice: RuleDice) -> CampaignState:
    """``rested``: a night's sleep, once its time has passed (:func:`dicepool.sheet.play.rested`
    passes it): a point, or in crisis the crisis roll (ruling 14); refused when the last rest
    ended less than a night of story time ago (ruling 17; a rest logged before the ruling is
    not spaced)."""
    woke = None if Rested.of(data).minutes is None else state.now.clock.minutes

    def step(sheet: Character, p: Pieces) -> Pieces:
        w, c = p
        if woke is not None:
            w = wp.slept(w, woke)  # refused before the crisis roll
        in_crisis = c.crisis is not None and morality(sheet) > 0
        made = dice.roll(sheet.name, "crisis", cs.crisis_pool(c)) if in_crisis else None
        return cs.rest(w, c, morality(sheet), made)

    return _rule(state, Rested.of(data).character, "Rest", step, own="rest")


def atoned(state: CampaignState, data: Data, dice: RuleDice) -> CampaignState:
    """``atoned``: the end-of-scene crisis roll of a character who confronts the crime."""
    event = Atoned.of(data)
    scene, strides = _mark(state, "scene"), event.strides

    def step(sheet: Character, p: Pieces) -> Pieces:
        w, c = p
        if c.atone_mark == scene:  # refused before a die is rolled
            cs.atone(w, c, morality(sheet), scene, 0, strides)
        made = dice.roll(sheet.name, "atonement", cs.crisis_pool(c))
        return cs.atone(w, c, morality(sheet), scene, made, strides)

    return _rule(state, event.character, "Atonement", step, own="crisis roll of atonement")


def intimacy_rolled(state: CampaignState, data: Data, dice: RuleDice) -> CampaignState:
    """``intimacy-rolled``: a point spent defending an Intimacy; Morality rolled, a success
    gives the point back."""
    turn, event = _mark(state, "turn"), IntimacyRolled.of(data)

    def step(sheet: Character, p: Pieces) -> Pieces:
        w, c = p
        pool = cs.intimacy_pool(c, morality(sheet), event.intimacy)
        back = wp.intimacy_regain(w, turn)  # refused before a die is rolled
        if dice.roll(sheet.name, "Intimacy", pool) == 0:
            return w, c
        return _regain(w, back, c)

    return _rule(state, event.character, "The Intimacy roll", step, own="Intimacy roll")


def sinned(state: CampaignState, data: Data) -> CampaignState:
    """``sinned``: the character becomes aware of a sin (a crime at or below Morality)."""
    event = Sinned.of(data)
    return _rule(
        state,
        event.character,
        "Morality",
        lambda s, p: (p[0], cs.sin(p[1], morality(s), event.rating, event.what)),
    )


def degenerated(state: CampaignState, data: Data) -> CampaignState:
    """``degenerated``: after a failed crisis roll, Morality down one, Willpower regained."""
    sheet = hubris_character(state, Degenerated.of(data).character, "Degeneration")
    must_be_alive(sheet, "the dead regain no Willpower")
    w, c = pieces(sheet)
    try:
        w, c, lowered = cs.degenerate(w, c, morality(sheet))
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    sheet = replace(sheet, traits={**sheet.traits, "Morality": lowered})
    return state.with_character(with_pieces(sheet, w, c))


def intimacy_added(state: CampaignState, data: Data) -> CampaignState:
    """``intimacy-added``: a new Intimacy, at most Resolve + 3."""
    event = IntimacyAdded.of(data)

    def step(sheet: Character, p: Pieces) -> Pieces:
        return p[0], cs.add_intimacy(p[1], sheet.traits.get("Resolve", 1), event.intimacy)

    return _rule(state, event.character, "Intimacies", step)


def intimacy_removed(state: CampaignState, data: Data) -> CampaignState:
    """``intimacy-removed``: an Intimacy let go."""
    event = IntimacyRemoved.of(data)
    text = event.intimacy
    return _rule(
        state, event.character, "Intimacies", lambda _s, p: (p[0], cs.remove_intimacy(p[1], text))
    )


def soul_lost(state: CampaignState, data: Data) -> CampaignState:
    """``soul-lost``: the character's soul is taken."""
    name = SoulLost.of(data).character
    return _rule(state, name, "Soul loss", lambda _s, p: (p[0], cs.lose_soul(p[1])))


def soul_restored(state: CampaignState, data: Data) -> CampaignState:
    """``soul-restored``: the soul is back; each regain of points brings a lost dot back."""
    name = SoulRestored.of(data).character
    return _rule(state, name, "Soul loss", lambda _s, p: (p[0], cs.restore_soul(p[1])))


def willpower_lost(state: CampaignState, data: Data) -> CampaignState:
    """``willpower-lost``: stress takes dots; points above the dots left go at once."""
    event = WillpowerLost.of(data)
    dots = event.dots
    return _rule(
        state, event.character, "Willpower", lambda _s, p: (wp.lose_dots(p[0], dots), p[1])
    )


def nature_set(state: CampaignState, data: Data) -> CampaignState:
    """``nature-set``: a character is a supernatural creature (its power trait named) or mortal.

    A supernatural creature regains a lost Willpower dot only on a roll of its power trait.
    """
    event = NatureSet.of(data)
    sheet = hubris_character(state, event.character, "A supernatural power trait")
    trait = event.trait
    if trait is not None:
        trait = character_trait(sheet.traits, check_name(trait, "trait"))
        if trait not in sheet.traits:
            raise SheetError(f"{sheet.name} has no trait {trait}; rate it first with `char set`")
    return state.with_character(replace(sheet, status=replace(sheet.status, power_trait=trait)))


def time_passes(sheet: Character, minutes: int, dice: RuleDice) -> Character:
    """A hubris character after story time: the monthly regain of a lost Willpower dot (a
    supernatural creature's on a roll of its power trait, no Willpower allowed) and a soulless
    character's daily (weekly at one dot) soul roll that takes a dot on a success."""
    w, c = pieces(sheet)
    w, due = cs.months_due(w, c, minutes)
    trait = sheet.status.power_trait
    for _ in range(due):
        if w.lost == 0:
            break
        if trait is None or dice.roll(sheet.name, "monthly dot", sheet.traits.get(trait, 0)):
            w = wp.regain_dot(w)
    left: int | None = minutes
    while left is not None:
        c, left = cs.soul_roll_due(c, w.dots, left)
        if left is not None:
            w = cs.soul_roll(w, c, dice.roll(sheet.name, "soul", w.dots))
    return with_pieces(sheet, w, c)
