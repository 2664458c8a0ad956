"""The catalogue's vocabulary: what an action of a table is, its parameters, who may take it.

Every thing a table can do besides rolling a line (a sheet change, damage, a spend, a rest, the
clock, a seal, a seat) is one :class:`Action`, declared once in a module of ``campaign/``
(:mod:`dicepool.campaign.actions` gathers them). The command line, the API and the page are
made from these declarations: an edge collects the parameters, calls :func:`arguments` and
:func:`dicepool.campaign.actions.perform`, and renders the :class:`Done`; it adds no rule.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from dicepool.campaign.play import Acted
from dicepool.campaign.seats import Seat, may_act_for
from dicepool.core.dice import DiceSource
from dicepool.core.result import RollResult
from dicepool.errors import ParameterError, SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.events import Event
from dicepool.sheet.state import CampaignState
from dicepool.sheet.traits import MAX_NAME, name_key
from dicepool.store.database import Database

ALL = frozenset({"classic", "chronicles", "hubris", "sundown", "storypath", "custom"})
"""Every system: an action of the whole table (the clock, a seal, a seat)."""


class Who(StrEnum):
    """Who may take an action at a web table (the command line is the owner's: all)."""

    STORYTELLER = "storyteller"
    """The storyteller alone."""
    PLAYER = "player"
    """The storyteller, or the player of the character it acts on (its ``character``)."""
    SEAT = "seat"
    """Any seat at the table (it acts for no one character: Momentum, the table's pool)."""


class Type(StrEnum):
    """What a parameter holds."""

    INT = "integer"
    TEXT = "string"
    CHOICE = "choice"
    FLAG = "boolean"
    CHARACTER = "character"
    """A character's name (the one the action acts on is called ``character``)."""
    EVENT = "event"
    """A logged event, by its number in its table's log (its seq)."""


Choices = Callable[[str], tuple[str, ...]]
"""The values a choice takes at a table of a system."""

Example = Callable[[str], str]
"""A value a field may hold at a table of a system, shown in it as an example (its
placeholder): a trait's name is the system's own (``Agility`` at a sundown table)."""

Applies = Callable[[CampaignState, Character | None], str | None]
"""Why an action does not apply now to a character (its sheet; None for an action of the
table), in one line, or None when it does: the page offers only what applies."""

TrackApplies = Callable[[CampaignState, Character, str | None], str | None]
"""Why an action on a character's track does not apply now to the track named (None: the
track it takes when none is named), in one line, or None when it does."""


@dataclass(frozen=True)
class OnTrack:
    """What an action that acts on one of a character's tracks (a chronicles sheet's Health,
    a table's Vitae), named by its ``track`` parameter, acts on: the page draws its form once a
    track, the track named.

    Attributes:
        tracks: the names of the sheet's tracks it acts on, in the sheet's order (none: one
            form that names no track, as hubris's Health, kept by its own rules).
        applies: why it does not apply now to a track (:data:`TrackApplies`).
    """

    tracks: Callable[[CampaignState, Character], tuple[str, ...]]
    applies: TrackApplies


def fixed(*values: str) -> Choices:
    """Choices that are the same at every table."""
    return lambda _system: values


def no_choices(_system: str) -> tuple[str, ...]:
    """The choices of a parameter that is no choice: none."""
    return ()


def shown(text: str) -> Example:
    """An example that is the same at every table."""
    return lambda _system: text


def no_example(_system: str) -> str:
    """The example of a field that needs none (a number, a choice): none."""
    return ""


def always(_state: CampaignState, _sheet: Character | None) -> str | None:
    """An action that applies whatever the state: it never says why not."""
    return None


def on_sheet(rule: Callable[[CampaignState, Character], str | None]) -> Applies:
    """An :data:`Applies` of a character's action from a rule that reads its sheet (an action
    asked of no sheet, which the page never does, is not judged here: its rule judges it)."""
    return lambda state, sheet: None if sheet is None else rule(state, sheet)


def refusal(check: Callable[[], object], who: str = "") -> str | None:
    """What a pure rule's ``check`` refuses (its SheetError's words, after ``who: ``, as the
    rule's use case says them), or None when it passes: "applies now" asks the rules
    themselves, so the page and the server never disagree."""
    try:
        check()
    except SheetError as exc:
        return f"{who}: {exc}" if who else str(exc)
    return None


@dataclass(frozen=True)
class Param:
    """One parameter of an action.

    Attributes:
        name: its name in the API's JSON and the page's form (``points``).
        type: what it holds.
        summary: what it is, in a few words (the CLI's help, the schema's description).
        required: whether it must be given (else ``default``).
        default: its value when not given.
        low, high: an integer's limits.
        length: a text's longest length, in characters.
        choices: a choice's values at a table of each system (a text's, the values offered:
            the page's select; the rule may take others).
        option: on the command line, the option that gives it (``--for``); None: an argument,
            in the order of the action's parameters.
        metavar: on the command line, the word that stands for its value (``N``).
        lines: whether a text may hold line breaks (notes).
        blank: whether empty text is a value (notes cleared), not a field left blank.
        many: on the command line, an argument that takes the rest of the words, joined by
            spaces (``char set Ana Stealth+=1 "Firearms (Sniping)"``).
        web: whether the API and the page take it (False: a word today's command line asks
            for, such as ``dicepool spend Ana edge``, that says nothing more).
        refusal: the error for a value out of its limits or choices, where the rule words it
            its own way: a template of ``{called}`` (the parameter's name, or its option on
            the command line), ``{low}``, ``{high}``, ``{value}`` and ``{choices}``.
        missing: the error when it is not given, where it is not the usual one.
        noun: the words that name it in an error, where its name is not enough.
        systems: the systems whose tables take it (a roll's choices: Momentum is
            storypath's; an action's parameter where its systems' rules differ: a hubris
            wound may be resistant); a table of another system leaves it at its default.
        label: the words beside its field on the page (by default its name, capitalized).
        example: an example of its value at a table of each system (the field's
            placeholder), where one helps: a trait's name is the system's own.
        buttons: a choice the page offers as one button a value, each sending the form: one
            tap ("lethal") where a select and a button would take two.
        unchosen: an optional choice shown as buttons: the words of the button that sends
            none (healing: ``least severe``, the rule's own order).
    """

    name: str
    type: Type
    summary: str
    required: bool = True
    default: Any = None
    low: int = 1
    high: int = 100
    length: int = 80
    choices: Choices = no_choices
    option: str | None = None
    metavar: str | None = None
    lines: bool = False
    blank: bool = False
    many: bool = False
    web: bool = True
    refusal: str = ""
    missing: str = ""
    noun: str = ""
    systems: frozenset[str] = ALL
    label: str = ""
    example: Example = no_example
    buttons: bool = False
    unchosen: str = ""

    @property
    def words(self) -> str:
        """The words beside its field on the page."""
        return self.label or self.name.replace("-", " ").capitalize()

    def called(self, cli: bool) -> str:
        """Its name in an error: its option at the command line, else its noun or name."""
        return self.option or self.noun or self.name if cli else self.noun or self.name

    def refused(self, value: object, system: str, cli: bool) -> ParameterError:
        """The error for ``value``, out of its limits or choices."""
        shown = printable(str(value), 20)
        choices = self.choices(system)
        words = self.refusal or (
            "{called} is one of {choices}, not `{value}`"
            if self.type is Type.CHOICE
            else "{called} is {low}..{high}, not {value}"
        )
        message = words.format(
            called=self.called(cli),
            low=self.low,
            high=self.high,
            value=shown,
            choices=", ".join(choices[:-1]) + " or " + choices[-1] if choices else "",
        )
        return ParameterError(self.name, message)


def character(summary: str = "The character it acts on.") -> Param:
    """The character an action acts on: the player's own, at a player's seat."""
    return Param("character", Type.CHARACTER, summary, metavar="NAME", length=MAX_NAME)


@dataclass(frozen=True)
class Done:
    """What an action did: the events it logged, the campaign after them, and what it made.

    Attributes:
        events: the events logged, in order.
        state: the campaign after them (None where the action changes no sheet or story).
        result: the roll it made, where it made one (a second chance).
        sheet: the character's sheet after it, where it changed one's traits or notes.
        token: a token made this once (a new link): shown to the one who asked, never kept.
        args: the parameters it was taken with, checked (their defaults filled in).
    """

    events: tuple[Event, ...]
    state: CampaignState | None = None
    result: RollResult | None = None
    sheet: Character | None = None
    token: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    @property
    def event(self) -> Event:
        """The (last) event it logged."""
        return self.events[-1]


def done(acted: Acted) -> Done:
    """A state rule's use case's answer as an action's."""
    return Done((acted.event,), acted.state)


@dataclass(frozen=True)
class Doing:
    """An action under way: where, by whom, with which dice.

    Attributes:
        db: the database.
        campaign: the campaign's name.
        actor: who acts, for the log (the seat's name; the login name at the command line).
        source: the dice of the rolls its rule makes.
        seat: the web table's seat that acts, or None (the command line: the owner).
    """

    db: Database
    campaign: str
    actor: str
    source: DiceSource
    seat: Seat | None = None

    def may_act_for(self, name: str | None) -> None:
        """Refuse a player acting for a character that is not theirs (found by the rule).

        Raises:
            AccessError: a player's seat and another's character.
        """
        if self.seat is not None:
            may_act_for(self.seat, name)


Args = Mapping[str, Any]
"""An action's parameters, checked: by name, each of its type and within its limits."""

Run = Callable[[Doing, Args], Done]
"""How an action is done: the use case it runs."""


@dataclass(frozen=True)
class Action:
    """One thing a table can do.

    Attributes:
        name: its name in the API (``POST .../actions/NAME``) and the page.
        summary: what it does, in one line.
        systems: the systems whose tables have it.
        params: its parameters, in the order the command line takes its arguments.
        run: the use case it runs.
        who: who may take it at a web table.
        group: where ``dicepool --help`` lists it (a system's state, the story, the table...).
        command: its command line (``("clock", "advance")``; by default its name).
        label: its button's words on the page (by default its summary's first words).
        example: an example of its command line.
        rolls: whether its rule may roll (``--seed`` and ``--dice`` on the command line).
        explanation: one line from the rules for a player: what it does, what it costs and
            when it may be taken (the page shows it with the action's form; help may reuse it).
        applies: why it does not apply now to a character (:data:`Applies`); the page offers
            it only when it does, and its rule refuses it, in the same words, when it does not.
        on_track: an action on one of the character's tracks: which, and why not on each
            (it then answers :meth:`why_not` in place of ``applies``).
    """

    name: str
    summary: str
    systems: frozenset[str]
    params: tuple[Param, ...]
    run: Run
    who: Who = Who.PLAYER
    group: str = "story"
    command: tuple[str, ...] = ()
    label: str = ""
    example: str = ""
    rolls: bool = False
    help: str = field(default="", compare=False)
    explanation: str = field(default="", compare=False)
    applies: Applies = field(default=always, compare=False)
    on_track: OnTrack | None = field(default=None, compare=False)

    @property
    def words(self) -> tuple[str, ...]:
        """Its command line's words."""
        return self.command or (self.name,)

    @property
    def button(self) -> str:
        """The words of its button."""
        return self.label or self.summary.split(":")[0].rstrip(".")

    @property
    def for_character(self) -> bool:
        """Whether it acts on one character (a sheet's card offers it)."""
        return any(p.name == "character" for p in self.params)

    @property
    def on_roll(self) -> bool:
        """Whether it acts on a logged roll (the roll's entry in the log offers it)."""
        return any(p.type is Type.EVENT for p in self.params)

    def web_params(self, system: str | None = None) -> tuple[Param, ...]:
        """The parameters the API and the page take (at a table of ``system``: its own)."""
        return tuple(p for p in self.params if p.web and (system is None or system in p.systems))

    def why_not(
        self, state: CampaignState, character: str | None = None, track: str | None = None
    ) -> str | None:
        """Why it does not apply now, to ``character`` (its name) where it acts on one, and
        to its ``track`` where it acts on one of the character's tracks (None: the one it
        takes by default), or None when it does (a character not in ``state`` is left to the
        rule, which names it).
        """
        sheet = state.characters.get(name_key(character)) if character else None
        if self.for_character and sheet is None:
            return None
        if self.on_track is not None and sheet is not None:
            return self.on_track.applies(state, sheet, track)
        return self.applies(state, sheet)

    def tracks_of(self, state: CampaignState, character: str | None) -> tuple[str, ...]:
        """The tracks of ``character`` it acts on, one form each on the page (none: a form
        that names no track)."""
        sheet = state.characters.get(name_key(character)) if character else None
        if self.on_track is None or sheet is None:
            return ()
        return self.on_track.tracks(state, sheet)


BREAKS = ("Zl", "Zp")
"""The line and paragraph separators (U+2028, U+2029); the other breaks are control characters."""


def printable(text: str, most: int = 30) -> str:
    """``text`` cut to ``most`` characters, a control character or a break shown as ``?``: safe
    to quote in a one-line error."""
    return "".join(c if c.isprintable() else "?" for c in text[:most])


def one_line(text: str, param: str) -> str:
    """Refuse a control character or a line break: an error that quotes the text stays one line.

    Raises:
        ParameterError: the text holds one.
    """
    if any(unicodedata.category(c) in BREAKS or unicodedata.category(c)[0] == "C" for c in text):
        raise ParameterError(
            param, f"{param} holds a control character or a line break; write it on one line"
        )
    return text


def _text(param: Param, value: object) -> str:
    noun = param.noun or param.name
    if not isinstance(value, str):
        raise ParameterError(param.name, f"{noun} is text, not {type(value).__name__}")
    if len(value) > param.length:
        words = param.refusal or "{called} is at most {high} characters, not {value}"
        message = words.format(called=noun, high=param.length, value=len(value), low=0)
        raise ParameterError(param.name, message)
    if param.lines:  # a text of several lines: its rule says which characters it holds
        return value
    try:
        return one_line(value, noun)
    except ParameterError as exc:
        raise ParameterError(param.name, str(exc)) from None


def _integer(param: Param, value: object, cli: bool) -> int:
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value.strip()) if len(value) < 30 else value
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(param.name, f"{param.name} is a whole number, like {param.low}")
    if not param.low <= value <= param.high:
        raise param.refused(value, "", cli)
    return value


def _flag(param: Param, value: object) -> bool:
    if isinstance(value, str) and value.lower() in ("true", "on", "1", "yes", "false", "0", ""):
        return value.lower() in ("true", "on", "1", "yes")
    if not isinstance(value, bool):
        raise ParameterError(param.name, f"{param.name} is true or false")
    return value


def _choice(param: Param, value: object, system: str, cli: bool) -> str:
    word = value.strip().lower() if isinstance(value, str) else value
    if not isinstance(word, str) or word not in param.choices(system):
        raise param.refused(value, system, cli)
    return word


def argument(param: Param, value: object, system: str, cli: bool = False) -> Any:
    """One parameter's value, checked against its type and limits.

    Raises:
        ParameterError: a value of another type or outside the limits (names the parameter).
    """
    if param.type is Type.INT or param.type is Type.EVENT:
        return _integer(param, value, cli)
    if param.type is Type.FLAG:
        return _flag(param, value)
    if param.type is Type.CHOICE:
        return _choice(param, value, system, cli)
    return _text(param, value)


def _elsewhere(action: Action, param: Param, value: object, system: str, cli: bool) -> Any:
    """The value of a parameter of other systems' tables than ``system``'s: its default, the
    one it has when not given (a flag left unset is given so on the command line).

    Raises:
        ParameterError: another value given.
    """
    if value is None or value == "" or value == param.default:
        return param.default
    *others, last = sorted(param.systems)
    owners = f"{', '.join(others)} or {last}" if others else last
    raise ParameterError(
        param.name,
        f"{param.called(cli)} is for a {owners} table's {action.name}, not a {system} one",
    )


def arguments(
    action: Action, given: Mapping[str, object], system: str, cli: bool = False
) -> dict[str, Any]:
    """The action's parameters from what an edge collected: each checked, defaults filled in.

    A value given as None (or, for an optional parameter, as empty text: a form's blank field)
    is not given. A parameter of other systems' tables than ``system``'s keeps its default.
    ``cli``: the command line's, whose errors name its options.

    Raises:
        ParameterError: a parameter it does not take, one missing, a bad value, or a value
            of another system's parameter.
    """
    known = {p.name for p in action.params}
    for name in given:
        if name not in known:
            takes = ", ".join(sorted(known)) or "nothing"
            raise ParameterError(
                name, f"{action.name} takes no {printable(name)}; it takes {takes}"
            )
    checked: dict[str, Any] = {}
    for param in action.params:
        if not (cli or param.web):  # a word of the command line alone: its one value
            checked[param.name] = param.default
            continue
        if system and system not in param.systems:
            checked[param.name] = _elsewhere(action, param, given.get(param.name), system, cli)
            continue
        value = given.get(param.name)
        if value is None or (value == "" and not param.required and not param.blank):
            if param.required:
                raise ParameterError(
                    param.name,
                    param.missing or f"{action.name} needs {param.name}: {param.summary.lower()}",
                )
            checked[param.name] = param.default
            continue
        checked[param.name] = argument(param, value, system, cli)
    return checked
