"""The catalogue's parameters as pydantic fields: the JSON API's models are made from them.

No `from __future__ import annotations`: the fields' types are made at run time.
"""

from typing import Any, Literal

from pydantic import Field

from dicepool.campaign.catalogue import ALL, Param, Type


def choices_of(param: Param) -> tuple[str, ...]:
    """Every value the choice takes at some table (each table checks its own)."""
    return tuple(dict.fromkeys(c for system in sorted(ALL) for c in param.choices(system)))


def field_of(param: Param) -> tuple[Any, Any]:
    """A parameter as a field of a model: its type, and its limits (a player's
    ``character`` is optional: their own)."""
    kind: Any
    limits: dict[str, Any] = {"description": param.summary}
    if param.type in (Type.INT, Type.EVENT):
        kind, limits = int, {**limits, "ge": param.low, "le": param.high}
    elif param.type is Type.FLAG:
        kind = bool
    elif param.type is Type.CHOICE:
        kind = Literal[choices_of(param)]
    else:
        kind, limits = str, {**limits, "max_length": param.length}
    if param.name == "for":  # a word of Python: the field is `for_`, its JSON `for`
        limits["alias"] = "for"
    if param.required and param.name != "character":
        return kind, Field(**limits)
    default = None if param.name == "character" else param.default
    return kind | None, Field(default=default, **limits)


def fields_of(params: tuple[Param, ...]) -> dict[str, Any]:
    """Parameters as the fields of a model, by name (``for`` as ``for_``)."""
    return {("for_" if p.name == "for" else p.name): field_of(p) for p in params}
