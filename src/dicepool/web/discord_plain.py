"""The bot where no table is: ``/roll`` and ``/odds`` of a plain line (a system and numbers, no
character) in a channel no table is linked to, and in a direct message to the bot.

Nothing is logged: the roll is drawn from a seed no one chose, shown with it and said plainly
not to be a table's sealed dice (:mod:`dicepool.campaign.plain_rolls`); the odds are the
exact odds of the line. Both are bounded as at a table (the line's length, a table's dice, the
server's odds budget) and metered by the Discord user. Any other command needs a table, and
says how to link one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dicepool.campaign.catalogue import printable
from dicepool.campaign.discord import Unlinked
from dicepool.campaign.plain_rolls import fresh_seed, plain_request, plain_roll
from dicepool.campaign.questions import odds_json
from dicepool.errors import ParameterError
from dicepool.odds import Budget
from dicepool.sheet.payloads import Rolled
from dicepool.web.api import ODDS_MEMORY, ODDS_SECONDS
from dicepool.web.discord_commands import LINE
from dicepool.web.discord_rolls import roll_body, roll_head
from dicepool.web.discord_words import message, odds_text
from dicepool.web.limits import limited, working

PLAIN = "/roll line:chronicles 7"
"""A plain line, as the answers show one."""

NAME = 32
"""The most characters of a Discord user's name shown beside a roll (Discord's own limit)."""


def needs_table(direct: bool) -> str:
    """What a command that needs a table is told where there is none."""
    if direct:
        return (
            "a direct message has no table: a table plays in the channel its storyteller "
            f"linked with /link. Here /roll and /odds take plain dice: {PLAIN}"
        )
    return (
        "no table is linked to this channel: its storyteller links one here with /link "
        f"link:<their storyteller's link>. Plain dice need none: {PLAIN}"
    )


def _at_a_table(direct: bool) -> str:
    where = "in the channel its storyteller linked" if direct else "linked here with /link"
    return f"a character's traits are rolled at a table, {where} ({PLAIN} rolls plain dice)"


def unlinked(
    app: Any, name: str, given: Mapping[str, Any], user: str, who: str, direct: bool
) -> dict[str, Any]:
    """The answer to command ``name`` where no table is: a plain line's roll (for the
    channel) or odds (to the asker alone), else how to link a table.

    Raises:
        Unlinked: a command that needs a table (the message says how to link one).
        ParameterError: a line missing or too long; an option that needs a table.
        NotationError, LimitError, BudgetError: as the line's roll or odds.
        RateLimited: the user asked too often.
    """
    if name not in ("roll", "odds"):
        raise Unlinked(needs_table(direct))
    line = _plain_line(given, direct)
    key = f"discord:{user}"
    if name == "roll":
        limited(app, "rolls", key, "too many rolls from you")
        seed = fresh_seed()
        rolled = plain_roll(line, seed, _at_a_table(direct))
        return message(plain_roll_text(rolled, who, seed))
    limited(app, "odds", key, "too many odds from you")
    with working(app, key, "your odds took much of the server's time"):
        plain_request(line, _at_a_table(direct))
        odds = odds_json(line, Budget(seconds=ODDS_SECONDS, memory=ODDS_MEMORY))
    return message(odds_text(odds), ephemeral=True)


def _plain_line(given: Mapping[str, Any], direct: bool) -> str:
    """The line asked, alone: an option beside it (a character, a secret roll, a spend) needs
    a table.

    Raises:
        ParameterError: no line, one too long, or another option given.
    """
    for option, value in given.items():
        if option != "line" and value not in (None, False, ""):
            raise ParameterError(option, f"{option}: needs a table; {needs_table(direct)}")
    line = given.get("line")
    if not isinstance(line, str) or not line.strip():
        raise ParameterError("line", f"line is needed: {PLAIN}")
    if len(line) > LINE:
        raise ParameterError("line", f"line is at most {LINE} characters, not {len(line)}")
    return line


def plain_roll_text(rolled: Rolled, who: str, seed: int) -> str:
    """A plain roll as the channel reads it: the result first, then that it is not a table's
    sealed dice (its seed, nothing logged) and its comment, then the dice, marked."""
    about = f"  not a table's sealed dice: seed {seed}, nothing logged"
    if rolled.comment:
        about += f" · # {rolled.comment}"
    return "\n".join([roll_head(rolled, who), about, *roll_body(rolled)])


def display_name(interaction: Mapping[str, Any]) -> str:
    """Who sent an interaction, as the channel calls them: their nickname in the server, else
    their display name, else their user name (cut to :data:`NAME` characters)."""
    member = interaction.get("member") or {}
    user = member.get("user") or interaction.get("user") or {}
    for name in (member.get("nick"), user.get("global_name"), user.get("username")):
        if isinstance(name, str) and name.strip():
            return printable(name.strip(), NAME)
    return "someone"
