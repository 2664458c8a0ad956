"""`dicepool serve`: the web table on uvicorn, on the default database or --db."""

from __future__ import annotations

from typing import Any

import click

from dicepool.cli.storage import db_option, open_database, shown_url
from dicepool.web.limits import MAX_ROLLS_PER_SECOND, RATES

MAX_PORT = 65535

UVICORN: dict[str, Any] = {"log_level": "warning"}
"""How uvicorn runs the table (the load benchmark's bare server runs with the same). Its other
choices are its defaults: httptools, uvloop (both declared dependencies, for their speed) and
the websockets library's sans-I/O protocol."""


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
@db_option
def serve(host: str, port: int, poll: float, rolls_per_second: int, db_url: str | None) -> None:
    """Serve the web table: its pages (open the address it prints) and its JSON API
    (described at /openapi.json, shown at /docs).

    e.g. dicepool serve --host 0.0.0.0 --port 8000
    """
    import uvicorn

    from dicepool.web.app import create_app

    db = open_database(db_url)
    db.ensure_schema()  # a database that cannot be used says so before the server starts
    shown_host = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    click.echo(f"dicepool serves {shown_url(db)} at http://{shown_host}:{port}/ (Ctrl-C stops)")
    app = create_app(db, poll, rolls_per_second)
    uvicorn.run(app, host=host, port=port, **UVICORN)
