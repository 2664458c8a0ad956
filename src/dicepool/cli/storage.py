"""What every command that stores shares: ``--db``, ``--campaign``, the actor, the database.

Nothing heavy is imported here at module level: `dicepool roll` imports this module to read its
options, and SQLAlchemy or platformdirs are loaded only once a command opens the database.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from dicepool.errors import CampaignError

if TYPE_CHECKING:
    from dicepool.store.database import Database

ENV_CAMPAIGN = "DICEPOOL_CAMPAIGN"
ENV_ACTOR = "DICEPOOL_ACTOR"
MAX_ACTOR = 80
"""The longest actor name the log keeps."""

F = TypeVar("F", bound=Callable[..., Any])


def db_option(command: F) -> F:
    """``--db URL``: the database (else ``DICEPOOL_DATABASE_URL``, else the default file)."""
    return click.option(
        "--db",
        "db_url",
        metavar="URL",
        help="Database: a SQLite file or postgresql://... (else $DICEPOOL_DATABASE_URL, "
        "else the default file).",
    )(command)


def campaign_option(command: F) -> F:
    """``--campaign NAME``: the campaign (else ``DICEPOOL_CAMPAIGN``, else the current one)."""
    return click.option(
        "--campaign",
        "campaign",
        metavar="NAME",
        help="Campaign (else $DICEPOOL_CAMPAIGN, else the current one: `dicepool campaign use`).",
    )(command)


def storage_options(command: F) -> F:
    """Both ``--db`` and ``--campaign``."""
    return db_option(campaign_option(command))


def open_database(given: str | None, upgrade: bool = False) -> Database:
    """The database ``--db`` (or the environment, or the default) names, ready to open.

    An empty database is made on first use; an older schema is refused unless ``upgrade``
    (``db upgrade`` and ``serve`` alone): an ordinary command never migrates under a server.
    """
    from dicepool.store.database import Database, database_url

    return Database(database_url(given), upgrade=upgrade)


def shown_url(db: Database) -> str:
    """The database's URL as shown to a user and as the current campaign's key: no password."""
    from dicepool.store.database import shown

    return shown(db.url)


def campaign_of(db: Database, given: str | None) -> str:
    """The campaign to use: ``--campaign``, else ``DICEPOOL_CAMPAIGN``, else the current one.

    Raises:
        CampaignError: none is chosen; the message says how to create or pick one.
    """
    name = given or os.environ.get(ENV_CAMPAIGN, "").strip()
    if name:
        return name
    from dicepool.store.current import current_campaign

    name = current_campaign(shown_url(db)) or ""
    if name:
        return name
    from dicepool.campaign import campaign_names

    here = [c.name for c in campaign_names(db)]  # a database that cannot be read says so here
    if not here:
        raise CampaignError(
            "no campaign yet: create one with `dicepool campaign create NAME --system SYSTEM`"
        )
    listed = ", ".join(here[:10]) + (", ..." if len(here) > 10 else "")
    raise CampaignError(
        f"no campaign chosen (here: {listed}): pick one with `dicepool campaign use NAME`, "
        f"give --campaign NAME or set ${ENV_CAMPAIGN}, or create one with "
        "`dicepool campaign create NAME --system SYSTEM`"
    )


def actor() -> str:
    """Who acts, for the log: ``DICEPOOL_ACTOR``, else the user's login name.

    Raises:
        CampaignError: ``DICEPOOL_ACTOR`` is too long to keep.
    """
    name = " ".join(os.environ.get(ENV_ACTOR, "").split())
    if not name:
        import getpass

        try:
            name = getpass.getuser()
        except (OSError, KeyError):  # no login name in some containers
            name = "unknown"
    if not name.isprintable():
        raise CampaignError(f"${ENV_ACTOR} holds control characters; give a plain name")
    if len(name) > MAX_ACTOR:
        raise CampaignError(f"${ENV_ACTOR} is at most {MAX_ACTOR} characters, not {len(name)}")
    return name


def open_campaign(given_db: str | None, given: str | None) -> tuple[Database, str]:
    """The database and the campaign's name a command's ``--db`` and ``--campaign`` say."""
    db = open_database(given_db)
    return db, campaign_of(db, given)
