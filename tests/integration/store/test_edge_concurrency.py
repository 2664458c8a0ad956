"""Two processes spending a character's last Edge at the same moment: exactly one succeeds."""

from __future__ import annotations

from dicepool.campaign import check, create_campaign, create_character, log
from dicepool.campaign.campaigns import load_campaign
from dicepool.sheet.events import Kind
from dicepool.sheet.view import condition
from dicepool.store.database import Database

from . import sundown_workers
from .test_concurrency import race


def test_the_last_edge_spend_goes_to_exactly_one_of_two_rolls(database_url: str) -> None:
    """Edge 1: two processes roll with --spend edge at once; one roll is logged, one refused."""
    db = Database(database_url)
    create_campaign(db, sundown_workers.CAMPAIGN, "sundown", "st")
    create_character(
        db, sundown_workers.CAMPAIGN, sundown_workers.CHARACTER, "st", changes="Edge=1"
    )
    db.close()
    reports = race(database_url, sundown_workers.spend_edge_on_a_roll, [(1,), (2,)])
    assert reports == ["ok", "refused"]
    db = Database(database_url)
    try:
        state = load_campaign(db, sundown_workers.CAMPAIGN)
        shown = condition(state.character(sundown_workers.CHARACTER), state.now)["edge"]
        assert isinstance(shown, dict) and (shown["spent"], shown["left"]) == (1, 0)
        entries = log(db, sundown_workers.CAMPAIGN, last=100)
        assert [e.event.kind for e in entries].count(Kind.ROLLED) == 1
        assert check(db) == []
    finally:
        db.close()
