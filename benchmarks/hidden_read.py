"""How long a player's read of one hidden roll takes, by the roll's size (issue 20).

A player reads a hidden roll as its placeholder (its seal and number). The time that read takes
must not tell how many dice were rolled: ``events.screen`` holds the placeholder, so a player's
read never fetches nor parses the roll's data. This script logs hidden rolls of several sizes
on a fresh database and times the page of the log that holds each one, as a player and as the
storyteller (who reads the roll whole: there the time grows with the roll, as it may).

    .venv/bin/python benchmarks/hidden_read.py                   # SQLite, in a temporary folder
    .venv/bin/python benchmarks/hidden_read.py --database-url postgresql://...   # an empty one
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable

from dicepool.campaign.rolls import roll
from dicepool.campaign.seals import Sealed
from dicepool.campaign.seats import find_seat_by_token, join_table, open_table
from dicepool.campaign.table import events_for
from dicepool.store.database import Database

LINES = ("chronicles 1", "chronicles 100", "chronicles 1000", "chronicles 10000 8again rote")
"""Hidden rolls from one die to one of the largest (about 50 KB as logged)."""


def median_ms(read: Callable[[], object], runs: int) -> float:
    """The median time of ``read`` over ``runs`` calls, in milliseconds (after one warm-up)."""
    read()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        read()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    """Log the hidden rolls, then print each one's read times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="an empty database (default: a new SQLite file)")
    parser.add_argument("--runs", type=int, default=500)
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp()}/hidden.sqlite3"
    db = Database(url)
    table = open_table(db, "Hidden", "cofd")
    told, invite = find_seat_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    player, _ = join_table(db, invite, "Bo")
    print(f"{db.dialect}: median of {args.runs} reads of the page holding one hidden roll")
    print(f"{'hidden roll':<32} {'as a player':>12} {'as the storyteller':>19}")
    for line in LINES:
        event = roll(db, "Hidden", line, Sealed(), "st", hidden=True).event
        after = event.seq - 1
        as_player = median_ms(lambda: events_for(db, player, after, 1), args.runs)  # noqa: B023
        as_told = median_ms(lambda: events_for(db, told, after, 1), args.runs)  # noqa: B023
        print(f"{line:<32} {as_player:>9.3f} ms {as_told:>16.3f} ms")
    db.close()


if __name__ == "__main__":
    main()
