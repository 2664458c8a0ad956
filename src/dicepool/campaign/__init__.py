"""The use cases both edges call: each one transaction that reads, asks the rules, appends.

A use case opens one write transaction, reads the projection, asks :mod:`dicepool.sheet` for
the new state and the events (refusing what the rules forbid), appends the events, updates the
projections and commits; only then does it return, so what the caller prints has been stored.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dicepool.campaign.campaigns import (
        campaign_info,
        campaign_names,
        create_campaign,
        load_campaign,
    )
    from dicepool.campaign.characters import (
        SheetEdited,
        change_character,
        create_character,
        edit_sheet,
        find_character,
        import_character,
    )
    from dicepool.campaign.history import LogEntry, check, counts, log, restore, undo
    from dicepool.campaign.rolls import LoggedRoll, roll

_HOMES = {
    "campaigns": ("campaign_info", "campaign_names", "create_campaign", "load_campaign"),
    "characters": (
        "SheetEdited",
        "change_character",
        "create_character",
        "edit_sheet",
        "find_character",
        "import_character",
    ),
    "history": ("LogEntry", "check", "counts", "log", "restore", "undo"),
    "rolls": ("LoggedRoll", "roll"),
}
"""Each name of the package's face, by the module of it that holds it."""

_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """A name of the package's face, imported when first asked for: importing one module of
    the package (the odds of a line, the log's words) then costs no store, sheet or rule of
    the others (`dicepool odds` starts without them)."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # asked once: a module attribute from then on
    return value


__all__ = [
    "LogEntry",
    "LoggedRoll",
    "SheetEdited",
    "campaign_info",
    "campaign_names",
    "change_character",
    "check",
    "counts",
    "create_campaign",
    "create_character",
    "edit_sheet",
    "find_character",
    "import_character",
    "load_campaign",
    "log",
    "restore",
    "roll",
    "undo",
]
