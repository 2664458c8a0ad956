"""The use cases both edges call: each one transaction that reads, asks the rules, appends.

A use case opens one write transaction, reads the projection, asks :mod:`dicepool.sheet` for
the new state and the events (refusing what the rules forbid), appends the events, updates the
projections and commits; only then does it return, so what the caller prints has been stored.
"""

from dicepool.campaign.campaigns import (
    campaign_names,
    create_campaign,
    load_campaign,
)
from dicepool.campaign.characters import (
    change_character,
    create_character,
    import_character,
)
from dicepool.campaign.history import LogEntry, check, log, undo
from dicepool.campaign.rolls import LoggedRoll, roll

__all__ = [
    "LogEntry",
    "LoggedRoll",
    "campaign_names",
    "change_character",
    "check",
    "create_campaign",
    "create_character",
    "import_character",
    "load_campaign",
    "log",
    "roll",
    "undo",
]
