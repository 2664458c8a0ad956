"""Code that runs in other processes for the storage tests: writers racing, a writer killed.

Kept out of the test modules so a spawned process imports only this and the library.
Run as a script it is the crash test's writer: ``python -m tests.integration.store.workers URL``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as StartSignal
from pathlib import Path
from typing import Any

from dicepool.campaign import change_character, roll
from dicepool.core.dice import ForcedDice, SeededDice
from dicepool.errors import SheetError
from dicepool.sheet.spends import Spends
from dicepool.store.database import Database

CAMPAIGN = "Race"
CHARACTER = "Ana"


SKILLS = (
    "Athletics",
    "Brawl",
    "Crafts",
    "Drive",
    "Firearms",
    "Larceny",
    "Medicine",
    "Occult",
    "Stealth",
    "Survival",
)
"""Ten skills rated 0..10: together they take exactly 100 raises from 0."""


def raise_skills(url: str, start: StartSignal, first: int, times: int, done: Queue[str]) -> None:
    """Wait for the start, then raise Ana's skills by one, ``times`` times, one at a time.

    Raise number ``first + j`` goes to skill ``(first + j) % 10``, so that processes given
    ``first`` = 0, 25, 50, 75 raise every skill exactly ten times between them.
    """
    db = Database(url)
    db.ensure_schema()  # open before the start, so every process begins writing at once
    start.wait(30)
    try:
        for j in range(times):
            skill = SKILLS[(first + j) % len(SKILLS)]
            change_character(db, CAMPAIGN, CHARACTER, f"{skill}+=1", "racer")
        done.put("ok")
    except Exception as exc:  # reported to the test, which fails on it
        done.put(f"error: {type(exc).__name__}: {exc}")
    finally:
        db.close()


def _once(url: str, start: StartSignal, done: Queue[str], act: Callable[[Database], Any]) -> None:
    """Wait for the start, then try ``act`` once; report ``ok``, ``refused`` (a rule said no)
    or the error."""
    db = Database(url)
    db.ensure_schema()  # open before the start, so every process begins writing at once
    start.wait(30)
    try:
        act(db)
        done.put("ok")
    except SheetError:
        done.put("refused")
    except Exception as exc:  # reported to the test, which fails on it
        done.put(f"error: {type(exc).__name__}: {exc}")
    finally:
        db.close()


def lower_stealth(url: str, start: StartSignal, done: Queue[str]) -> None:
    """Wait for the start, then try once to lower Ana's Stealth by one."""
    _once(
        url,
        start,
        done,
        lambda db: change_character(db, CAMPAIGN, CHARACTER, "Stealth-=1", "racer"),
    )


def spend_last_momentum(url: str, start: StartSignal, done: Queue[str]) -> None:
    """Wait for the start, then roll Ana's Dexterity (1) with one Momentum die: two 8s, a
    success (so no Consolation puts a point back)."""
    spends = Spends(momentum=1)
    _once(
        url,
        start,
        done,
        lambda db: roll(db, CAMPAIGN, "Dexterity", ForcedDice([8, 8]), "racer", CHARACTER, spends),
    )


def spend_willpower(url: str, start: StartSignal, done: Queue[str]) -> None:
    """Wait for the start, then try once to roll Ana's Resolve spending a Willpower point."""
    spends = Spends(willpower=True)
    _once(
        url,
        start,
        done,
        lambda db: roll(db, CAMPAIGN, "Resolve", SeededDice(1), "racer", CHARACTER, spends),
    )


ROOT = Path(__file__).resolve().parents[3]


def rolling_writer(url: str) -> subprocess.Popen[str]:
    """This module run as a script on ``url``: a process that prints ``ready``, then each roll's
    event id once it is acknowledged (:func:`log_rolls`), on a pipe."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.integration.store.workers", url],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def log_rolls(url: str) -> None:
    """Roll for Ana for ever, printing each event's id once ``roll`` has returned."""
    db = Database(url)
    source = SeededDice(7)
    print("ready", flush=True)
    while True:
        logged = roll(db, CAMPAIGN, "Dexterity + Stealth", source, "writer", CHARACTER)
        print(logged.event.id, flush=True)


if __name__ == "__main__":
    log_rolls(sys.argv[1])
