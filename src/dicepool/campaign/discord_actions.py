"""The table on Discord, as the catalogue's action: the channel webhook the table's rolls and
changes are mirrored to (the storyteller's, in the page, the API and the command line)."""

from __future__ import annotations

from dicepool.campaign.catalogue import ALL, Action, Args, Doing, Done, Param, Type, Who
from dicepool.campaign.discord import MAX_WEBHOOK, webhook_on
from dicepool.campaign.seat_actions import table_of


def _webhook(doing: Doing, args: Args) -> Done:
    return Done((webhook_on(doing.db, table_of(doing), args["url"], doing.actor),))


ACTIONS = (
    Action(
        "webhook",
        "Mirror every roll and change players see to a Discord channel's webhook (none: stop).",
        ALL,
        (
            Param(
                "url",
                Type.TEXT,
                "The channel webhook's URL (Discord: the channel's settings, Integrations, "
                "Webhooks); none stops the mirror.",
                required=False,
                length=MAX_WEBHOOK,
                metavar="[URL]",
                label="Webhook URL (empty: stop)",
                example=lambda _system: "https://discord.com/api/webhooks/...",
            ),
        ),
        _webhook,
        who=Who.STORYTELLER,
        group="table",
        label="Discord webhook",
        example="dicepool webhook https://discord.com/api/webhooks/123/abc",
        explanation="Every roll and change the players see is posted to a Discord channel (its "
        "settings, Integrations, Webhooks).",
    ),
)
"""The table's Discord actions."""
