"""`dicepool discord commands`: the table's slash commands, printed as the JSON Discord takes,
or registered with Discord for an application."""

from __future__ import annotations

import json

import click

from dicepool.campaign.catalogue import ALL
from dicepool.web.discord_http import API, ENV_API

SYSTEMS = sorted(ALL)
"""The systems whose tables' commands `--system` picks."""

ENV_TOKEN = "DICEPOOL_DISCORD_TOKEN"
"""The environment variable holding the bot's token (kept off the command line, where other
users of the machine could read it)."""


@click.group()
def discord() -> None:
    """The table on Discord: its slash commands (see docs/discord.md)."""


@discord.command()
@click.option(
    "--system",
    type=click.Choice(SYSTEMS),
    help="The commands of this system's tables alone, with the options they take (a server "
    "whose channels play it; by default every system's).",
)
@click.option(
    "--unlinked",
    is_flag=True,
    help="The application's global commands when `dicepool serve` registers each server's at "
    f"/link (${ENV_TOKEN} in its environment): /link and /join, and /roll and /odds in "
    "direct messages.",
)
@click.option(
    "--guild-id",
    metavar="ID",
    help="Register them for this Discord server alone (its commands; with --system, the ones "
    "its tables have), not the application's global ones.",
)
@click.option(
    "--application-id",
    metavar="ID",
    help="Register the commands for this application (the developer portal's Application ID); "
    f"its bot's token comes from ${ENV_TOKEN}.",
)
@click.option(
    "--api",
    envvar=ENV_API,
    default=API,
    show_default=True,
    metavar="URL",
    help=f"Discord's API. Also ${ENV_API}.",
)
def commands(
    system: str | None, unlinked: bool, guild_id: str | None, application_id: str | None, api: str
) -> None:
    """Print the slash commands as the JSON of PUT /applications/{id}/commands, or, with
    --application-id, register them (they replace the application's, or the server's).

    e.g. dicepool discord commands --system chronicles > commands.json

    With --unlinked, the global commands of an application whose servers get their tables'
    commands at /link (see docs/discord.md).
    """
    from dicepool.web.discord_commands import commands as made
    from dicepool.web.discord_guilds import unlinked as global_ones

    if unlinked and (system or guild_id):
        raise click.UsageError("--unlinked are the global commands: no --system, no --guild-id")
    found = global_ones() if unlinked else made(system)
    if application_id is None:
        click.echo(json.dumps(found, indent=2))
        return
    _register(application_id, guild_id, api, found)


def _register(
    application_id: str, guild_id: str | None, api: str, found: list[dict[str, object]]
) -> None:
    import os

    from dicepool.web.discord_http import send

    token = os.environ.get(ENV_TOKEN)
    for given, hint in ((application_id, "--application-id"), (guild_id, "--guild-id")):
        if given is not None and (not given.isdigit() or len(given) > 20):
            raise click.BadParameter("a Discord id is a number", param_hint=hint)
    if not token:
        raise click.UsageError(f"set ${ENV_TOKEN} to the bot's token (the portal's Bot page)")
    where = f"/guilds/{guild_id}" if guild_id else ""
    url = f"{api.rstrip('/')}/applications/{application_id}{where}/commands"
    try:
        answer = send("PUT", url, found, token)
    except OSError as exc:
        raise click.ClickException(f"Discord did not answer ({exc}); try again") from None
    if answer.status >= 300:
        said = answer.body.decode(errors="replace")[:200].replace("\n", " ")
        raise click.ClickException(f"Discord refused the commands ({answer.status}): {said}")
    on = f" on server {guild_id}" if guild_id else ""
    click.echo(f"registered {len(found)} commands for application {application_id}{on}")
