"""Code that runs in other processes for the Edge race: a roll that spends Ana's last Edge.

Kept out of the test module so a spawned process imports only this and the library.
"""

from __future__ import annotations

from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as StartSignal

from dicepool.campaign import roll
from dicepool.core.dice import SeededDice
from dicepool.errors import SheetError
from dicepool.sheet.spends import Spends
from dicepool.store.database import Database

CAMPAIGN = "Race"
CHARACTER = "Ana"


def spend_edge_on_a_roll(url: str, start: StartSignal, seed: int, done: Queue[str]) -> None:
    """Wait for the start, then roll Agility for Ana once with ``--spend edge``."""
    db = Database(url)
    db.ensure_schema()  # open before the start, so every process begins writing at once
    start.wait(30)
    try:
        roll(db, CAMPAIGN, "Agility", SeededDice(seed), "racer", CHARACTER, Spends(edge=True))
        done.put("ok")
    except SheetError:
        done.put("refused")
    except Exception as exc:  # reported to the test, which fails on it
        done.put(f"error: {type(exc).__name__}: {exc}")
    finally:
        db.close()
