"""What a campaign roll may spend and choose, declared once for the API and the page.

A roll at a table may spend a resource (Willpower, Edge, Momentum), be a sundown Resistance Test
or Soak roll, take a storypath Consolation, Advantage, Feat of Scale, Drawback or Enhancement
Stunt, or count toward a Complex or extended action. Each is a
:class:`~dicepool.campaign.catalogue.Param` here, with the systems whose rolls take it: the
API's roll model and the page's roll box are made from these, and :func:`spends_of` turns
what an edge collected into the rules' :class:`~dicepool.sheet.spends.Spends` (the rules then
refuse what the roll cannot take).
The command line keeps its own options for them (`dicepool roll --spend momentum 2 --feat
title`), read into the same :class:`Spends`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from dicepool.campaign.catalogue import Param, Type, argument, fixed
from dicepool.errors import NotationError, ParameterError
from dicepool.notation.house import read_house_rules
from dicepool.sheet.hubris.conflict import ARENAS
from dicepool.sheet.roll_willpower import SYSTEMS as WILLPOWER_SYSTEMS
from dicepool.sheet.spends import NO_SPENDS, Spends
from dicepool.sheet.storypath.momentum import MAX_POINTS, Consolation
from dicepool.sheet.sundown.edge import MAX_ARMOR
from dicepool.sheet.sundown.play import Resistance
from dicepool.sheet.traits import MAX_NAME
from dicepool.store.log import MAX_SEQ

HUBRIS = frozenset({"hubris"})
WILLPOWER = frozenset(WILLPOWER_SYSTEMS)  # the house rule `wp off` takes it off (ruling 23)
SUNDOWN = frozenset({"sundown"})
STORYPATH = frozenset({"storypath"})

MAX_DRAWBACK = 200
"""The longest Drawback named on a roll, in characters."""


def _flag(name: str, summary: str, systems: frozenset[str]) -> Param:
    return Param(name, Type.FLAG, summary, required=False, default=False, systems=systems)


ROLL_CHOICES: tuple[Param, ...] = (
    _flag(
        "willpower",
        "Spend a Willpower point: hubris 3 dice and rote; chronicles 3 dice; classic 1 success.",
        WILLPOWER,
    ),
    _flag("edge", "Spend Edge: the Edge dice (the whole pool at Edge 0 or less).", SUNDOWN),
    _flag("resist", "A Resistance Test: Edge added free.", SUNDOWN),
    _flag("soak", "A Soak roll: a physical Resistance Test that adds Armor.", SUNDOWN),
    Param(
        "armor",
        Type.INT,
        "The Armor a Soak roll adds.",
        required=False,
        low=0,
        high=MAX_ARMOR,
        systems=SUNDOWN,
    ),
    Param(
        "momentum",
        Type.INT,
        "Momentum spent from the table's pool, a die each.",
        required=False,
        default=0,
        low=0,
        high=MAX_POINTS,
        systems=STORYPATH,
    ),
    Param(
        "consolation",
        Type.CHOICE,
        "On a failure, take this Consolation (a botch gives Momentum only).",
        required=False,
        choices=fixed(*(c.value for c in Consolation)),
        systems=STORYPATH,
    ),
    _flag("advantage", "Use the character's oldest Unlooked-for Advantage.", STORYPATH),
    Param(
        "feat",
        Type.CHOICE,
        "A Feat of Scale: Scale +1 for a Legend (calling: two Momentum more).",
        required=False,
        choices=fixed("title", "calling"),
        systems=STORYPATH,
    ),
    Param(
        "drawback",
        Type.TEXT,
        "The Drawback an Enhancement above 3 comes with.",
        required=False,
        length=MAX_DRAWBACK,
        systems=STORYPATH,
    ),
    Param(
        "complex",
        Type.TEXT,
        "Count the roll as an Interval of this Complex Action.",
        required=False,
        length=MAX_NAME,
        systems=STORYPATH,
    ),
    Param(
        "arena",
        Type.CHOICE,
        "A contest of a conflict: its loser's loss in this arena is counted (ruling 22).",
        required=False,
        choices=fixed(*ARENAS),
        systems=HUBRIS,
    ),
    Param(
        "stunt",
        Type.INT,
        "Use the character's Enhancement Stunt bought on this logged roll (its event).",
        required=False,
        high=MAX_SEQ,
        systems=STORYPATH,
    ),
    Param(
        "extended",
        Type.TEXT,
        "Count the roll toward this extended action.",
        required=False,
        length=MAX_NAME,
        systems=frozenset({"chronicles"}),
    ),
)
"""Every choice a campaign roll takes, in the order the roll box shows them."""


def roll_choices(system: str, house_rules: str = "") -> tuple[Param, ...]:
    """The choices a roll at a table of ``system`` takes, under its ``house_rules`` (``wp
    off`` takes Willpower away, ruling 23)."""
    try:
        off = not read_house_rules(system, house_rules, stored=True).willpower
    except NotationError:  # house rules written before a rule refused them: the roll says so
        off = False
    return tuple(
        p for p in ROLL_CHOICES if system in p.systems and not (off and p.name == "willpower")
    )


def chosen_value(param: Param, given: Mapping[str, object], system: str) -> object | None:
    """The value an edge collected for ``param``, checked; None when it is not chosen (None,
    blank, or its default: unticked, no Momentum).

    Raises:
        ParameterError: a bad value (names the parameter).
    """
    value = given.get(param.name)
    if value is None or value == "":
        return None
    checked = argument(param, value, system)
    return None if checked == param.default else checked


def spends_of(given: Mapping[str, object], system: str) -> Spends:
    """A roll's spends and choices from what an edge collected (None, blank, false or 0: not
    chosen), each checked by its parameter.

    Raises:
        ParameterError: a bad value, or a choice another system's rolls take (names it).
    """
    chosen: dict[str, object] = {}
    for param in ROLL_CHOICES:
        checked = chosen_value(param, given, system)
        if checked is None:
            continue
        if system not in param.systems:
            *others, last = sorted(param.systems)
            owners = f"{', '.join(others)} or {last}" if others else last
            raise ParameterError(
                param.name, f"{param.name} is for a {owners} roll, not a {system} one"
            )
        chosen[param.name] = checked
    if not chosen:
        return NO_SPENDS
    armor = chosen.pop("armor", None)
    resist, soak = chosen.pop("resist", False), chosen.pop("soak", False)
    if resist or soak or armor is not None:
        soaking = bool(soak) or armor is not None  # Armor adds to a Soak roll alone
        chosen["resist"] = Resistance(soaking, armor if isinstance(armor, int) else 0)
    return replace(NO_SPENDS, **chosen)  # type: ignore[arg-type]
