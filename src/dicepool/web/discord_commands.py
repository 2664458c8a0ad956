"""The slash commands of the table on Discord, made from the catalogue.

Five are the table's own: ``/link``, ``/join``, ``/roll``, ``/odds`` and ``/sheet`` (which,
given changes, is also the catalogue's ``sheet`` action). Every other action of the catalogue
is a command of its name whose options are its parameters (``/damage points:2 kind:lethal``),
so an action added later is on Discord by itself. ``dicepool discord commands`` prints them as
the JSON of ``PUT /applications/{id}/commands``: every system's (an application's global
commands), or one system's alone (a Discord server whose channels play that system: its
commands and their options are the ones its tables take, ``/damage`` without hubris's
resistant wounds at a chronicles table).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dicepool.campaign.actions import ACTIONS
from dicepool.campaign.catalogue import ALL, Action, Param, Type
from dicepool.campaign.discord import MAX_WEBHOOK
from dicepool.campaign.roll_choices import ROLL_CHOICES
from dicepool.errors import ParameterError
from dicepool.store.log import MAX_SEQ

STRING, INTEGER, BOOLEAN = 3, 4, 5
"""Discord's option types."""

CHAT_INPUT = 1
"""A slash command's type."""

DESCRIPTION = 100
"""The most characters of a command's or an option's description (Discord's limit)."""

CHOICES = 25
"""The most choices an option offers (Discord's limit: a parameter with more takes text)."""

LINE = 500
"""The longest roll line taken (the API's)."""

TRAITS = 1000
"""The longest traits a new character is made with (the API's)."""

SHEET = "sheet"
"""The command that shows the seat's sheet, and changes it when given changes."""


def described(text: str) -> str:
    """A description within Discord's limit."""
    return text if len(text) <= DESCRIPTION else text[: DESCRIPTION - 1] + "…"


def _option(kind: int, name: str, description: str, **more: Any) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": described(description), **more}


def _text(name: str, description: str, length: int, required: bool = False) -> dict[str, Any]:
    return _option(STRING, name, description, required=required, max_length=length)


def _choices(param: Param, systems: frozenset[str]) -> list[str]:
    found: list[str] = []
    for system in sorted(systems & ALL):
        found += [c for c in param.choices(system) if c not in found]
    return found


def option_of(param: Param, systems: frozenset[str]) -> dict[str, Any]:
    """A parameter of the catalogue as an option of its command, at the tables of
    ``systems`` (a character is never required: a player's is their own)."""
    required = param.required and param.type is not Type.CHARACTER
    summary = param.summary
    if param.type in (Type.INT, Type.EVENT):
        limits = (
            {"min_value": param.low}
            if param.type is Type.EVENT
            else {
                "min_value": param.low,
                "max_value": param.high,
            }
        )
        return _option(INTEGER, param.name, summary, required=required, **limits)
    if param.type is Type.FLAG:
        return _option(BOOLEAN, param.name, summary, required=required)
    choices = _choices(param, systems) if param.type is Type.CHOICE else []
    if choices and len(choices) <= CHOICES:
        offered = [{"name": c, "value": c} for c in choices]
        return _option(STRING, param.name, summary, required=required, choices=offered)
    return _text(param.name, summary, min(param.length, 6000), required)


def _seq(summary: str) -> dict[str, Any]:
    return _option(INTEGER, "seq", summary, required=True, min_value=1, max_value=MAX_SEQ)


ROLLED = [
    _text("line", "What to roll, e.g. Dexterity + Stealth # the lock", LINE, True),
    _text("character", "The character who rolls (the storyteller's choice).", 40),
    _option(BOOLEAN, "secret", "A hidden roll (the storyteller's), shown to you alone."),
]
"""``/roll``'s options before what a roll spends and chooses."""


def _roll_options(system: str | None) -> list[dict[str, Any]]:
    """``/roll``'s options at the tables of ``system`` (None: every system's): what a roll
    spends and chooses is the API's roll choices, each its system's."""
    chosen = [p for p in ROLL_CHOICES if system is None or system in p.systems]
    return [*ROLLED, *(option_of(_owned(p) if system is None else p, p.systems) for p in chosen)]


def _owned(param: Param) -> Param:
    """A roll's choice, its summary naming the systems whose rolls take it (every system's
    ``/roll`` lists them all: ``sundown: Spend Edge...``), unless it names them already."""
    if any(s in param.summary for s in param.systems):
        return param
    return replace(param, summary=f"{', '.join(sorted(param.systems))}: {param.summary}")


def _own(system: str | None) -> dict[str, dict[str, Any]]:
    """The table's own commands, at the tables of ``system`` (None: every system's)."""
    return {**OWN, "roll": {**OWN["roll"], "options": _roll_options(system)}}


OWN: dict[str, dict[str, Any]] = {
    "link": {
        "description": "Link this channel to your table: your storyteller's link (shown to you "
        "alone).",
        "options": [_text("link", "Your storyteller's link (or its token).", MAX_WEBHOOK, True)],
    },
    "join": {
        "description": "Sit at this channel's table: with its invitation and your name, or your "
        "seat's link.",
        "options": [
            _text("link", "The table's invitation, or your seat's link.", MAX_WEBHOOK, True),
            _text("name", "Your seat's name (with the invitation).", 40),
            _text("character", "Your character: one made for a player, or a new one.", 40),
            _text("traits", "A new character's traits, e.g. Dexterity=3 Stealth=2", TRAITS),
        ],
    },
    "character": {
        "description": "Make your character (or take one made for a player), and play it.",
        "options": [
            _text("name", "The character's name.", 40, True),
            _text("traits", "A new character's traits, e.g. Dexterity=3 Stealth=2", TRAITS),
        ],
    },
    "roll": {
        "description": "Roll a line as your seat: the roll language, your sheet's traits, # a "
        "comment.",
        "options": _roll_options(None),
    },
    "odds": {
        "description": "The exact odds of a line, shown to you alone.",
        "options": [
            _text("line", "What to roll, e.g. chronicles 5 9again", LINE, True),
            _text("character", "Whose traits the line names (yours by default).", 40),
        ],
    },
    "reveal": {
        "description": "Show a hidden roll to the table (the storyteller's).",
        "options": [_seq("The hidden roll's number in the log (#12: 12).")],
    },
    "undo": {
        "description": "Strike an event from the story (the storyteller's); undoing an undo "
        "restores.",
        "options": [_seq("The event's number in the log (#12: 12).")],
    },
    "restore": {
        "description": "Bring back an event an undo struck (the storyteller's).",
        "options": [_seq("The struck event's number in the log (#12: 12).")],
    },
}
"""The table's own commands (``/sheet`` is made with the catalogue's ``sheet`` action)."""

LOG_COMMANDS = frozenset({"reveal", "undo", "restore"})
"""The storyteller's commands on the log, each naming an event by its number (``seq``)."""


def action_command(
    action: Action, description: str | None = None, system: str | None = None
) -> dict[str, Any]:
    """An action's command: its name, its summary, its parameters (the required first, as
    Discord asks), those a table of ``system`` takes (None: every system's)."""
    systems = action.systems if system is None else frozenset({system})
    options = [option_of(p, systems & p.systems) for p in action.web_params(system)]
    options.sort(key=lambda o: not o.get("required", False))
    return {
        "name": action.name,
        "type": CHAT_INPUT,
        "description": described(description or action.summary),
        "options": options,
    }


def names_at(system: str) -> list[str]:
    """The commands a table of ``system`` has, by name, in the order they are registered."""
    return [c["name"] for c in commands(system)]


def not_here(name: str, system: str) -> str:
    """The answer to ``/name``, a command of other systems' tables, at a ``system`` table:
    what this table has instead (a channel may list every system's commands)."""
    listed = ", ".join(f"/{n}" for n in names_at(system))
    return f"/{name} is not at a {system} table: this table has {listed}"


def commands(system: str | None = None) -> list[dict[str, Any]]:
    """Every command, as ``PUT /applications/{id}/commands`` takes them; with ``system``,
    those of its tables alone, with the options they take.

    Raises:
        ParameterError: no such system.
    """
    if system is not None and system not in ALL:
        names = ", ".join(sorted(ALL))
        raise ParameterError("system", f"no system `{system[:20]}`: write one of {names}")
    own = [{"name": n, "type": CHAT_INPUT, **c} for n, c in _own(system).items()]
    shown = "Your character's sheet (to you alone); with changes, change it."
    made = [
        action_command(a, shown if a.name == SHEET else None, system)
        for a in ACTIONS.values()
        if a.name not in OWN and (system is None or system in a.systems)
    ]
    return own + made
