"""The use cases both edges call: each one transaction that reads, asks the rules, appends.

A use case opens one write transaction, reads the projection, asks :mod:`dicepool.sheet` for
the new state and the events (refusing what the rules forbid), appends the events, updates the
projections and commits; only then does it return, so what the caller prints has been stored.
"""

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
