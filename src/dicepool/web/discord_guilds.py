"""A Discord server's commands, those of the systems its channels play: registered at ``/link``.

With the bot's token in the server's environment (:data:`ENV_TOKEN`), a ``/link`` in a Discord
server registers the commands of the table's system for that server (``PUT
/applications/{id}/guilds/{guild}/commands``), added to those it has already (read first): a
server whose channels play chronicles lists ``/roll`` with chronicles' choices and no
``/vice``; one whose channels play two systems lists both systems' commands. ``/link`` and
``/join`` stay the application's global commands (:func:`unlinked`), a channel's first; so do
``/roll`` and ``/odds`` in direct messages. Without a token nothing is registered: the
application's global commands are every system's, and a command of another system is
answered with what the table has (:func:`~dicepool.web.discord_commands.not_here`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from typing import Any

from dicepool.campaign.discord import seat_for, snowflake
from dicepool.errors import DicepoolError
from dicepool.store.database import Database
from dicepool.web.discord_commands import CHOICES, commands
from dicepool.web.discord_http import send
from dicepool.web.discord_words import FENCE, block

log = logging.getLogger("dicepool.web")

ENV_TOKEN = "DICEPOOL_DISCORD_TOKEN"
"""The environment variable holding the bot's token (kept off the command line, where other
users of the machine could read it)."""

GLOBAL = ("link", "join")
"""The commands a server has before any of its channels is linked: the application's own."""

ANYWHERE = ("roll", "odds")
"""The commands of a plain line, registered globally for direct messages alone (a server has
its own, with its systems' choices)."""

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Discord's interaction contexts: a server's channel, the bot's direct messages, a group DM."""

KEPT = (
    "type",
    "name",
    "description",
    "required",
    "choices",
    "options",
    "min_value",
    "max_value",
    "min_length",
    "max_length",
)
"""The fields of a command or an option that dicepool sets: what is compared and sent back
of the commands a server has (Discord adds ids and versions)."""


def unlinked() -> list[dict[str, Any]]:
    """The application's global commands where servers get their tables' commands at
    ``/link``: ``/link`` and ``/join`` in a server, ``/roll`` and ``/odds`` in direct messages
    (every system's choices: a direct message has no table)."""
    every = {c["name"]: c for c in commands()}
    here = [{**every[n], "contexts": [GUILD]} for n in GLOBAL]
    return here + [{**every[n], "contexts": [BOT_DM, PRIVATE_CHANNEL]} for n in ANYWHERE]


def for_guild(system: str) -> list[dict[str, Any]]:
    """The commands a server gets for a table of ``system``: its commands but the global
    :data:`GLOBAL`."""
    return [c for c in commands(system) if c["name"] not in GLOBAL]


def plain(command: Mapping[str, Any]) -> dict[str, Any]:
    """A command (or an option) with the fields dicepool sets alone, its options too."""
    kept = {k: command[k] for k in KEPT if k in command}
    if "options" in kept:
        kept["options"] = [plain(o) for o in kept["options"] if isinstance(o, Mapping)]
    return kept


def merged(
    present: Sequence[Mapping[str, Any]], wanted: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The commands a server has, ``present``, with ``wanted`` added: a command of both
    takes ``wanted``'s fields and the options and choices of both (a command of two systems'
    tables offers what each takes)."""
    found = {str(c["name"]): plain(c) for c in present if isinstance(c, Mapping) and "name" in c}
    for command in wanted:
        old = found.get(command["name"])
        found[command["name"]] = plain(command) if old is None else _union(old, plain(command))
    return list(found.values())


def _union(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    options = {o["name"]: o for o in new.get("options", [])}
    for option in old.get("options", []):
        same = options.get(option["name"])
        if same is None:
            options[option["name"]] = option
        elif "choices" in same and "choices" in option:
            values = {c["value"] for c in same["choices"]}
            more = [c for c in option["choices"] if c["value"] not in values]
            if len(same["choices"]) + len(more) <= CHOICES:
                options[option["name"]] = {**same, "choices": [*same["choices"], *more]}
    ordered = sorted(options.values(), key=lambda o: not o.get("required", False))
    return {**new, "options": ordered} if ordered else new


def _key(commands: Sequence[Mapping[str, Any]]) -> list[str]:
    """Commands in a form compared whatever their order."""
    import json

    return sorted(json.dumps(plain(c), sort_keys=True) for c in commands)


def register(api: str, application: str, guild: str, system: str) -> str:
    """Register ``system``'s commands for Discord server ``guild`` (added to those it has),
    when the bot's token is in the environment; what was done, in words, for the link's
    answer ("" with no token: nothing to do). A failure is said, never raised: the link
    holds without it."""
    token = os.environ.get(ENV_TOKEN)
    if not token:
        return ""
    url = f"{api.rstrip('/')}/applications/{application}/guilds/{guild}/commands"
    try:
        listed = send("GET", url, None, token)
        if listed.status >= 300:  # unread, they would be replaced: another system's lost
            log.warning("Discord did not list a server's commands: %s", listed.status)
            return f"Discord did not list this server's commands ({listed.status}): unchanged"
        present = _present(listed.body)
        wanted = merged(present, for_guild(system))
        if _key(wanted) == _key(present):
            return f"this server's commands already include a {system} table's"
        answer = send("PUT", url, wanted, token)
    except OSError as exc:
        log.warning("registering a server's commands failed: %s", exc)
        return "Discord did not answer: this server's commands are unchanged"
    if answer.status >= 300:
        log.warning("Discord refused a server's commands: %s", answer.status)
        return f"Discord refused this server's commands ({answer.status}): unchanged"
    return f"this server now lists a {system} table's commands"


def _present(body: bytes) -> list[Mapping[str, Any]]:
    """The commands a server has, from Discord's answer (none where it gives no list)."""
    import json

    try:
        found = json.loads(body or b"[]")
    except ValueError:
        return []
    return [c for c in found if isinstance(c, Mapping)] if isinstance(found, list) else []


def after_link(
    api: str, db: Database, interaction: Mapping[str, Any], user: str, reply: dict[str, Any]
) -> dict[str, Any]:
    """``/link``'s answer, with what was registered for the channel's Discord server (the
    table's system's commands, :func:`register`) said on its last line; the answer as it was
    in a direct message, with no token, or where the channel is not the user's table now."""
    guild, application = interaction.get("guild_id"), interaction.get("application_id")
    if not os.environ.get(ENV_TOKEN) or not guild or not application:
        return reply
    try:
        channel = snowflake(interaction.get("channel_id"), "channel")
        seat = seat_for(db, channel, user)
        said = register(
            api, snowflake(application, "application"), snowflake(guild, "guild"), seat.system
        )
    except DicepoolError:  # not linked after all (a refusal answered): nothing to register
        return reply
    if not said:
        return reply
    inner = str(reply.get("content", "")).removeprefix(f"{FENCE}\n").removesuffix(f"\n{FENCE}")
    return {**reply, "content": block(f"{inner}\n{said}")}
