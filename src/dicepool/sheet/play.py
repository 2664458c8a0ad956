"""The state rules' events as pure transitions of a campaign: ``(state, data) -> state``.

Each function here reads an event's data, asks the pure rules (:mod:`~dicepool.sheet.health`,
:mod:`~dicepool.sheet.clock`...) for the new state of a character or of the story, and returns
the campaign with it; :func:`dicepool.sheet.events.apply` picks the function by the event's
kind. A rule's refusal is a SheetError: the use case stores nothing, and a replay that meets one
names the event that no longer fits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from dicepool.errors import SheetError
from dicepool.notation.house import read_house_rules
from dicepool.sheet.character import Character
from dicepool.sheet.clock import advance, begin
from dicepool.sheet.health import (
    HealthTrack,
    State,
    heal,
    pass_time,
    stabilize,
    stamina_roll_failed,
    take_damage,
)
from dicepool.sheet.hubris.out_of_action import must_act, must_be_alive
from dicepool.sheet.hubris.out_of_action import stamina as stamina
from dicepool.sheet.hubris.payloads import Damaged, Healed, Mitigated, Rested, Stabilized
from dicepool.sheet.hubris.play import hubris_character, mitigated, time_passes
from dicepool.sheet.hubris.play import rested as hubris_rested
from dicepool.sheet.payloads import BoundaryBegun, ClockAdvanced, DiceTypingSet, HouseRulesSet
from dicepool.sheet.rule_dice import RuleDice
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import health_of, with_health

Data = Mapping[str, Any]


def track_of(state: CampaignState, name: str) -> tuple[Character, HealthTrack]:
    """A hubris character and its Health track, or a SheetError for another system."""
    sheet = state.character(name)
    if sheet.system != "hubris":
        raise SheetError(
            f"Health tracks are hubris's rule (ruling 13); {sheet.system} keeps none: track "
            "harm in the story"
        )
    return sheet, health_of(sheet.status, stamina(sheet))


def _tracked(
    state: CampaignState, name: str, rule: Callable[[HealthTrack], HealthTrack]
) -> CampaignState:
    sheet, track = track_of(state, name)
    status = with_health(sheet.status, rule(track), stamina(sheet))
    return state.with_character(replace(sheet, status=status))


def damaged(state: CampaignState, data: Data) -> CampaignState:
    """``damaged``: points of a kind of damage dealt to a character's track; when mitigated,
    the character's Willpower point spent and one point fewer dealt, in the one event
    (ruling 21: the reduction comes after every other effect and cap, so after ``points``).

    Raises:
        SheetError: the character is dead (ruling 18), or cannot spend the point (out of
            action, none left, one spent this turn already).
    """
    event = Damaged.of(data)
    sheet, _track = track_of(state, event.character)
    must_be_alive(sheet, "damage to the dead is refused")
    if event.mitigated:
        state = mitigated(state, Mitigated(sheet.name).data())
    if event.dealt == 0:
        return state  # the one point mitigated: no wound taken, the count of healing goes on
    rule = partial(
        take_damage,
        points=event.dealt,
        wound=event.wound,
        resistant=event.resistant,
        treatable=event.treatable,
    )
    return _tracked(state, sheet.name, rule)


def healed(state: CampaignState, data: Data) -> CampaignState:
    """``healed``: medical care or a power heals points (of a kind, when named)."""
    event = Healed.of(data)
    return _tracked(state, event.character, lambda t: heal(t, event.points, event.wound))


def stabilized(state: CampaignState, data: Data) -> CampaignState:
    """``stabilized``: the bleeding of a lethal wound in the last box stops."""
    return _tracked(state, Stabilized.of(data).character, stabilize)


def clock_advanced(state: CampaignState, data: Data, dice: RuleDice) -> CampaignState:
    """``clock-advanced``: story time passes, and the boundary of play it begins (ruling 17)."""
    event = ClockAdvanced.of(data)
    return story_time(state, event.minutes, event.begins, dice)


def rested(state: CampaignState, data: Data, dice: RuleDice) -> CampaignState:
    """``rested``: a full night's sleep (ruling 17). Its story time passes for the whole table
    through the clock's own path (:func:`story_time`: wounds heal or bleed meanwhile), then the
    sleeper regains a point, or makes the crisis roll (ruling 14)."""
    event = Rested.of(data)
    if event.minutes is not None:  # a rest logged before ruling 17 passed no time
        sleeper = hubris_character(state, event.character, "Rest")  # refused before time passes
        must_act(sleeper, "rest")  # (raises) the night would heal what keeps them out (ruling 18)
        state = story_time(state, event.minutes, event.begins, dice)
    return hubris_rested(state, data, dice)


def story_time(
    state: CampaignState, minutes: int, begins: str | None, dice: RuleDice
) -> CampaignState:
    """The campaign after ``minutes`` of story time, then the boundary of play they ``begins``
    (ruling 17; None: none, as before the ruling). Every track bleeds or heals by the time, and
    hubris's monthly and daily rules roll what falls due (for the living: one who is dead, or
    bleeds to death meanwhile, rolls nothing); the boundary then rolls what a turn begins with."""
    story = replace(state.now, clock=advance(state.now.clock, minutes))
    state = replace(state, story=story)
    for sheet in list(state.characters.values()):
        if sheet.system != "hubris":
            continue
        if sheet.status.health is not None:
            state = _tracked(state, sheet.name, lambda t: pass_time(t, minutes))
        if track_of(state, sheet.name)[1].state is State.DEAD:
            continue
        state = state.with_character(time_passes(state.character(sheet.name), minutes, dice))
    return state if begins is None else begun(state, begins, dice)


def boundary_begun(state: CampaignState, data: Data, dice: RuleDice) -> CampaignState:
    """``boundary-begun``: a new turn, round, scene... (:func:`begun`)."""
    return begun(state, BoundaryBegun.of(data).unit, dice)


def begun(state: CampaignState, unit: str, dice: RuleDice) -> CampaignState:
    """The campaign as a new ``unit`` of play begins: as a turn begins, each character with
    bashing in the last box rolls Stamina, falling unconscious on a failure (ruling 13)."""
    story = replace(state.now, clock=begin(state.now.clock, unit))
    state = replace(state, story=story)
    for sheet in at_risk(state):
        if dice.roll(sheet.name, "Stamina", stamina(sheet)) == 0:
            state = _tracked(state, sheet.name, stamina_roll_failed)
    return state


def house_rules_set(state: CampaignState, data: Data) -> CampaignState:
    """``house-rules-set``: the campaign's house rules from now on, read as the system reads
    them (the rolls before keep those they were rolled with).

    Raises:
        NotationError: an option the system does not have (the message says which).
        SheetError: the house rules already these.
    """
    text = " ".join(HouseRulesSet.of(data).house_rules.split())
    read_house_rules(state.system, text, stored=True)  # (raises)
    if text == state.house_rules:
        raise SheetError(f"the house rules are already {text or 'none'}")
    return replace(state, house_rules=text)


def dice_typing_set(state: CampaignState, data: Data) -> CampaignState:
    """``dice-typing-set``: who may type the faces of dice rolled by hand from now on.

    Raises:
        SheetError: it is so already.
    """
    players = DiceTypingSet.of(data).players
    if players == state.now.players_type:
        raise SheetError(f"typing dice rolled by hand is already {typists(players)}")
    return replace(state, story=replace(state.now, players_type=players))


def typists(players: bool) -> str:
    """Whose typing dice rolled by hand is, in words."""
    return "the storyteller's and the players'" if players else "the storyteller's alone"


def at_risk(state: CampaignState) -> list[Character]:
    """The characters who roll Stamina as a turn begins: bashing in the last box (ruling 13)."""
    return [
        c
        for c in state.characters.values()
        if c.system == "hubris" and health_of(c.status, stamina(c)).state is State.UNCONSCIOUS_RISK
    ]
