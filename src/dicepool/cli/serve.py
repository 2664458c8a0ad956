"""`dicepool serve`: the web table on uvicorn, on the default database or --db."""

from __future__ import annotations

import gc
import os
from typing import Any

import click

from dicepool.cli.storage import db_option, open_database, shown_url
from dicepool.web.addresses import ENV_PUBLIC_URL, MAX_URL, AddressError, public_url, serve_url
from dicepool.web.clients import BOUNDS, CONNECTIONS_RANGE, HEAD_SECONDS_RANGE, HEADS_RANGE
from dicepool.web.discord_http import API, ENV_API
from dicepool.web.limits import (
    HEAD_SECONDS,
    INVITE_HOURS,
    MAX_ADDRESS_CONNECTIONS,
    MAX_ADDRESS_HEADS,
    MAX_CONNECTIONS,
    MAX_ROLLS_PER_SECOND,
    RATES,
)

MAX_PORT = 65535

MAX_WORKERS = 16
"""The most server processes one `dicepool serve` starts (more than the cores only slows)."""

GC_THRESHOLDS = (10_000, 20, 20)
"""The collector's thresholds while serving (Python's: 700, 10, 10). Each roll makes and drops
thousands of small objects; collecting after every 700 of them cost the table a sixth of its
time under load, for cycles it barely makes."""

_POLL = "DICEPOOL_SERVE_POLL"
_ROLLS = "DICEPOOL_SERVE_ROLLS_PER_SECOND"
_INVITE = "DICEPOOL_SERVE_INVITE_HOURS"

MAX_INVITE_HOURS = 24 * 366
"""The longest an invitation may last, in hours (a year; 0: until it is replaced)."""
_CONNECTIONS = "DICEPOOL_SERVE_MAX_CONNECTIONS"
_ADDRESS_CONNECTIONS = "DICEPOOL_SERVE_MAX_ADDRESS_CONNECTIONS"
_ADDRESS_HEADS = "DICEPOOL_SERVE_MAX_ADDRESS_HEADS"
_HEAD_SECONDS = "DICEPOOL_SERVE_HEAD_SECONDS"
ENV_PUBLIC_KEY = "DICEPOOL_DISCORD_PUBLIC_KEY"

LEAST_CONNECTIONS = 100
"""The fewest connections a server process may be set to hold (``--max-connections``)."""

UVICORN: dict[str, Any] = {"log_level": "warning"}
"""How uvicorn runs the table (the load benchmark's bare server runs with the same), besides
the bounds of :func:`dicepool.web.server.uvicorn_settings`. Its other choices are its
defaults: httptools (bounded by dicepool's subclass), uvloop (both declared dependencies, for
their speed) and the websockets library's sans-I/O protocol."""


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--port", type=click.IntRange(1, MAX_PORT), default=8000, show_default=True, help="The port."
)
@click.option(
    "--poll",
    type=click.FloatRange(0.05, 3600),
    default=1.0,
    show_default=True,
    help="Seconds between a live client's reads of the log when nothing woke it (events "
    "logged by another process on SQLite; PostgreSQL's NOTIFY wakes it at once).",
)
@click.option(
    "--rolls-per-second",
    type=click.IntRange(1, MAX_ROLLS_PER_SECOND),
    default=int(RATES["rolls"][0]),
    show_default=True,
    help="The rolls one seat may make a second, twice as many in a burst (more: 429).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, MAX_WORKERS),
    default=1,
    show_default=True,
    help="Server processes sharing the port and the database: up to one a core for a busy "
    "table (each meters the seats it serves on its own).",
)
@click.option(
    "--public-url",
    envvar=ENV_PUBLIC_URL,
    metavar="URL",
    help="The address players open, that every link starts with (behind a proxy: "
    f"https://dice.example.org); else the address printed here. Also ${ENV_PUBLIC_URL}.",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="IPS",
    help="Trust X-Forwarded-For and -Proto from these proxies' addresses (comma-separated, "
    "or *): the client's address and https then come from the proxy; from no one else.",
)
@click.option(
    "--invite-hours",
    type=click.FloatRange(0, MAX_INVITE_HOURS),
    default=INVITE_HOURS,
    show_default=True,
    help="How long an invitation takes seats after it is issued (0: until the storyteller "
    "issues a new one or turns invitations off, from the seats panel).",
)
@click.option(
    "--max-connections",
    type=click.IntRange(LEAST_CONNECTIONS, 100_000),
    default=MAX_CONNECTIONS,
    show_default=True,
    help="The connections one server process holds at once (more: 503), half of them live "
    "ones at most; 64 live ones from one address.",
)
@click.option(
    "--max-address-connections",
    type=click.IntRange(*CONNECTIONS_RANGE),
    default=MAX_ADDRESS_CONNECTIONS,
    show_default=True,
    help="The HTTP connections one client address holds at once, and its requests under way "
    "(more: 429 at once, to that address alone); behind a proxy named with "
    "--forwarded-allow-ips, the address the proxy forwards.",
)
@click.option(
    "--max-address-heads",
    type=click.IntRange(*HEADS_RANGE),
    default=MAX_ADDRESS_HEADS,
    show_default=True,
    help="Of an address's connections, those still sending a request's head (more: 429).",
)
@click.option(
    "--head-seconds",
    type=click.FloatRange(*HEAD_SECONDS_RANGE),
    default=HEAD_SECONDS,
    show_default=True,
    help="How long a connection has to send a request's whole head (then 408, and closed).",
)
@click.option(
    "--discord-public-key",
    envvar="DICEPOOL_DISCORD_PUBLIC_KEY",
    metavar="HEX",
    help="Take Discord's slash commands at /discord/interactions, signed by this application's "
    "public key (the developer portal's, 64 hex digits). Also $DICEPOOL_DISCORD_PUBLIC_KEY.",
)
@click.option(
    "--discord-api",
    envvar=ENV_API,
    default=API,
    show_default=True,
    metavar="URL",
    help=f"Discord's API, where deferred answers follow. Also ${ENV_API}.",
)
@db_option
def serve(
    host: str,
    port: int,
    poll: float,
    rolls_per_second: int,
    workers: int,
    public_url: str | None,
    forwarded_allow_ips: str | None,
    invite_hours: float,
    max_connections: int,
    max_address_connections: int,
    max_address_heads: int,
    head_seconds: float,
    discord_public_key: str | None,
    discord_api: str,
    db_url: str | None,
) -> None:
    """Serve the web table: its pages (open the address it prints) and its JSON API
    (described at /openapi.json, shown at /docs).

    e.g. dicepool serve --host 0.0.0.0 --port 8000
    """
    import uvicorn

    from dicepool.store.database import ENV_URL
    from dicepool.web.app import create_app
    from dicepool.web.server import uvicorn_settings

    public = _public(public_url) or serve_url(host, port)
    discord = _discord(discord_public_key, discord_api)
    db = open_database(db_url, upgrade=True)
    db.ensure_schema()  # a database that cannot be used says so before the server starts
    click.echo(f"dicepool serves {shown_url(db)} at {public}/ (Ctrl-C stops)")
    # X-Forwarded-* believed from the proxies named alone (uvicorn's default trusts 127.0.0.1)
    settings: dict[str, Any] = {"proxy_headers": bool(forwarded_allow_ips)}
    if forwarded_allow_ips:
        settings["forwarded_allow_ips"] = forwarded_allow_ips[:MAX_URL]
    settings.update(UVICORN, host=host, port=port, **uvicorn_settings(max_connections))
    if workers == 1:
        BOUNDS.set(max_address_connections, max_address_heads, head_seconds)
        app = create_app(
            db,
            poll,
            rolls_per_second,
            public,
            invite_hours,
            max_connections,
            discord,
            True,
            lease=True,
        )
        _collect_less()
        uvicorn.run(app, **settings)
        return
    # uvicorn starts each worker afresh, naming the app by import: it reads its settings here
    os.environ.update(
        {
            ENV_URL: db.url,
            _POLL: str(poll),
            _ROLLS: str(rolls_per_second),
            ENV_PUBLIC_URL: public,
            _INVITE: str(invite_hours),
            _CONNECTIONS: str(max_connections),
            _ADDRESS_CONNECTIONS: str(max_address_connections),
            _ADDRESS_HEADS: str(max_address_heads),
            _HEAD_SECONDS: str(head_seconds),
            ENV_PUBLIC_KEY: discord_public_key or "",
            ENV_API: discord_api,
        }
    )
    factory = f"{__name__}:{worker_app.__name__}"
    uvicorn.run(factory, factory=True, workers=workers, **settings)


def _discord(key: str | None, api: str) -> Any:
    """The Discord application of ``--discord-public-key`` (None: none)."""
    if not key:
        return None
    from dicepool.web.discord_sign import Discord, public_key

    try:
        return Discord(public_key(key), api.rstrip("/"))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--discord-public-key") from None


def _public(given: str | None) -> str | None:
    if given is None or not given.strip():
        return None
    try:
        return public_url(given)
    except AddressError as exc:
        hint = "--public-url"
        raise click.BadParameter(str(exc).removeprefix(hint + " "), param_hint=hint) from None


def worker_app() -> Any:
    """One worker's application, with the settings its parent left in the environment."""
    from dicepool.store.database import ENV_URL, Database
    from dicepool.web.app import create_app

    # read as the worker loads its app, before it listens: its protocol reads them from then on
    BOUNDS.set(
        int(os.environ[_ADDRESS_CONNECTIONS]),
        int(os.environ[_ADDRESS_HEADS]),
        float(os.environ[_HEAD_SECONDS]),
    )
    app = create_app(
        Database(os.environ[ENV_URL]),
        float(os.environ[_POLL]),
        int(os.environ[_ROLLS]),
        os.environ[ENV_PUBLIC_URL],
        float(os.environ[_INVITE]),
        int(os.environ[_CONNECTIONS]),
        _discord(os.environ.get(ENV_PUBLIC_KEY), os.environ.get(ENV_API) or API),
        True,
        lease=True,
    )
    _collect_less()
    return app


def _collect_less() -> None:
    """Set the collector for serving: what is loaded by now stays (frozen, never scanned
    again), and young objects are collected less often (:data:`GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
