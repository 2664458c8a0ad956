"""Writers in real processes, started at the same moment, on one character.

Every write is a check-then-write inside one transaction (SQLite ``BEGIN IMMEDIATE``; the
campaign row locked ``FOR UPDATE`` on PostgreSQL), so no update is lost and no check is passed
on a stale read.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any

from dicepool.campaign import check, create_campaign, create_character, log, roll
from dicepool.campaign.campaigns import load_campaign
from dicepool.core.dice import ForcedDice
from dicepool.sheet.events import Kind
from dicepool.store.database import Database

from . import workers

SPAWN = multiprocessing.get_context("spawn")


def race(url: str, target: Callable[..., None], jobs: list[tuple[Any, ...]]) -> list[str]:
    """Start a process per job running ``target``, let them go at once; what each reported."""
    start = SPAWN.Event()
    done: Any = SPAWN.Queue()
    processes = [SPAWN.Process(target=target, args=(url, start, *job, done)) for job in jobs]
    for process in processes:
        process.start()
    try:
        start.set()
        reports = [done.get(timeout=120) for _ in processes]
    finally:
        for process in processes:
            process.join(30)
    assert [p.exitcode for p in processes] == [0] * len(processes)
    return sorted(reports)


def campaign_with_ana(url: str, changes: str) -> None:
    db = Database(url)
    create_campaign(db, workers.CAMPAIGN, "chronicles", "st")
    create_character(db, workers.CAMPAIGN, workers.CHARACTER, "st", changes=changes)
    db.close()


def test_no_update_is_lost_when_four_processes_raise_one_sheet(database_url: str) -> None:
    """4 processes x 25 raises of one character's sheet: all 100 land, in 100 log events.

    A trait is rated 0..10, so one trait cannot take 100 raises: the raises go round ten
    skills, ten each, and the sum of the ratings must rise by exactly 100.
    """
    campaign_with_ana(database_url, " ".join(f"{s}=0" for s in workers.SKILLS))
    reports = race(database_url, workers.raise_skills, [(0, 25), (25, 25), (50, 25), (75, 25)])
    assert reports == ["ok"] * 4
    db = Database(database_url)
    try:
        ana = load_campaign(db, workers.CAMPAIGN).character(workers.CHARACTER)
        assert {s: ana.traits[s] for s in workers.SKILLS} == dict.fromkeys(workers.SKILLS, 10)
        entries = log(db, workers.CAMPAIGN, last=1000)
        changed = [e for e in entries if e.event.kind is Kind.CHARACTER_CHANGED]
        assert len(changed) == 100
        assert [e.event.seq for e in entries] == list(range(1, 104))  # with the seal opened
        assert check(db) == []
    finally:
        db.close()


def test_a_check_then_write_never_goes_below_zero(database_url: str) -> None:
    """Stealth 5; ten processes try Stealth-=1 at once: five succeed, five are refused."""
    campaign_with_ana(database_url, "Stealth=5")
    reports = race(database_url, workers.lower_stealth, [()] * 10)
    assert reports == ["ok"] * 5 + ["refused"] * 5
    db = Database(database_url)
    try:
        ana = load_campaign(db, workers.CAMPAIGN).character(workers.CHARACTER)
        assert ana.traits["Stealth"] == 0
        entries = log(db, workers.CAMPAIGN, last=1000)
        changed = [e for e in entries if e.event.kind is Kind.CHARACTER_CHANGED]
        assert len(changed) == 5  # refused changes are not logged
        assert [e.event.seq for e in entries] == list(range(1, 9))
        assert check(db) == []
    finally:
        db.close()


def test_two_processes_spending_the_last_willpower_point_one_succeeds(database_url: str) -> None:
    """Ana holds one Willpower point; two rolls spend it at once: one is logged, one refused."""
    db = Database(database_url)
    create_campaign(db, workers.CAMPAIGN, "hubris", "st")
    create_character(db, workers.CAMPAIGN, workers.CHARACTER, "st", changes="Willpower=1")
    db.close()
    reports = race(database_url, workers.spend_willpower, [()] * 2)
    assert reports == ["ok", "refused"]
    db = Database(database_url)
    try:
        ana = load_campaign(db, workers.CAMPAIGN).character(workers.CHARACTER)
        assert ana.status.willpower is not None and ana.status.willpower.points == 0
        rolls = [e for e in log(db, workers.CAMPAIGN, last=100) if e.event.kind is Kind.ROLLED]
        assert len(rolls) == 1 and rolls[0].event.data["effects"]["willpower"]
        assert check(db) == []
    finally:
        db.close()


def test_two_processes_spending_the_last_momentum_point_one_succeeds(database_url: str) -> None:
    """storypath, one player; a failed roll puts one point in the pool; two processes roll with
    one Momentum die at once: exactly one roll is logged, the pool is empty."""
    db = Database(database_url)
    try:
        create_campaign(db, workers.CAMPAIGN, "storypath", "st", players=1)
        create_character(db, workers.CAMPAIGN, workers.CHARACTER, "st", changes="Dexterity=1")
        roll(db, workers.CAMPAIGN, "Dexterity", ForcedDice([2]), "st", workers.CHARACTER)
        assert load_campaign(db, workers.CAMPAIGN).now.momentum == 1
    finally:
        db.close()
    reports = race(database_url, workers.spend_last_momentum, [(), ()])
    assert reports == ["ok", "refused"]
    db = Database(database_url)
    try:
        assert load_campaign(db, workers.CAMPAIGN).now.momentum == 0
        entries = log(db, workers.CAMPAIGN, last=1000)
        spent = [e for e in entries if "momentum" in e.event.data.get("effects", {})]
        assert len(spent) == 1 and [e.event.seq for e in entries] == list(range(1, 6))
        assert check(db) == []
    finally:
        db.close()
