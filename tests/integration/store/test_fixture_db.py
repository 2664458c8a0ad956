"""A database made by dicepool 0001 (tests/fixtures/db) still opens and reads the same.

Every later version must pass this test: opening the copy upgrades it to the head (today that
is a no-op) and everything ``tests/fixtures/make_fixture_db.py`` wrote must read back as made.
The expected figures below are worked out from the forced faces by each system's rules.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicepool.campaign import campaign_names, check, load_campaign, log
from dicepool.campaign.export import export_campaign
from dicepool.campaign.seals import seals_of
from dicepool.campaign.verify import Status, verify
from dicepool.sheet.events import Kind
from dicepool.store.database import HEAD, Database, database_url, sqlite_path

FIXTURE = Path(__file__).parents[2] / "fixtures" / "db" / "dicepool-0001.sqlite3"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    copy = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, copy)
    database = Database(database_url(str(copy)))
    yield database
    database.close()


def test_the_fixture_is_one_checkpointed_file() -> None:
    assert FIXTURE.is_file()
    assert not FIXTURE.with_name(FIXTURE.name + "-wal").exists()
    assert not FIXTURE.with_name(FIXTURE.name + "-shm").exists()


def test_it_opens_at_the_head_and_its_projections_agree_with_its_log(db: Database) -> None:
    db.ensure_schema()
    assert db.version() == HEAD
    assert check(db) == []
    path = sqlite_path(db.url)
    assert path is not None and Path(path).stat().st_size > 0
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()


def test_a_campaign_per_system(db: Database) -> None:
    found = {(c.name, c.system, c.players, c.house_rules) for c in campaign_names(db)}
    assert found == {
        ("Sundown Nights", "sundown", 3, ""),
        ("Chronicles", "chronicles", None, "9again"),
        ("Classic", "classic", None, ""),
        ("Storypath", "storypath", 4, ""),
        ("Hubris", "hubris", None, ""),
        ("Homebrew", "custom", None, ""),
    }


def sheet(db: Database, campaign: str, name: str) -> dict[str, object]:
    return load_campaign(db, campaign).character(name).to_dict()


def test_the_characters_read_back_as_made(db: Database) -> None:
    ana = sheet(db, "Sundown Nights", "Ana")
    assert ana["player"] == "Kim"
    assert ana["traits"] == {
        **dict.fromkeys(("Strength", "Agility", "Intuition", "Logic", "Willpower", "Charisma"), 1),
        "Agility": 7,
        "Edge": 2,  # its typed `Power: 0` is read into state (ruling 19): an empty reserve
        "Potency": 1,
        "Stealth": 7,
    }
    assert ana["specialties"] == {"Stealth": ["Shadows"]}
    chronicles = load_campaign(db, "Chronicles")
    assert sorted(chronicles.characters) == ["ana", "guard"]
    ana = chronicles.character("Ana").to_dict()
    traits = ana["traits"]
    assert isinstance(traits, dict)
    # Stealth+=1 was undone: back to 2
    assert (traits["Dexterity"], traits["Stealth"], traits["Firearms"]) == (3, 2, 4)
    assert ana["specialties"] == {"Firearms": ["Sniping"]}
    bo = sheet(db, "Hubris", "Bo")
    assert bo["player"] == "Lee" and bo["specialties"] == {"Occult": ["Ghosts"]}
    assert isinstance(bo["traits"], dict) and bo["traits"]["Morality"] == 4
    assert sheet(db, "Homebrew", "Cy")["traits"] == {"Grit": 4}
    assert sheet(db, "Storypath", "Ana")["specialties"] == {"Athletics": ["Climbing"]}


def rolls(db: Database, campaign: str) -> list[tuple[str, object, bool]]:
    """Each roll of a campaign: its line with numbers, its result, and whether it is struck."""
    return [
        (e.event.data["numbers"], e.event.data["result"], e.struck)
        for e in log(db, campaign)
        if e.event.kind is Kind.ROLLED
    ]


def test_the_rolls_read_back_as_rolled(db: Database) -> None:
    # 14 d6: a 5 and a 6 are hits
    [(numbers, result, gone)] = rolls(db, "Sundown Nights")
    assert (numbers, gone) == ("sundown 7+7", False)
    assert isinstance(result, dict) and result["hits"] == 2
    # the house rule 9again was applied: 9 and 8 succeed, the 9 adds a die (a 7)
    (numbers, result, _), (contest, fought, _) = rolls(db, "Chronicles")
    assert numbers == "chronicles 3+2 9again"
    assert isinstance(result, dict) and result["successes"] == 2 and len(result["dice"]) == 6
    # Ana 8,2,2,2,2 (one success) against the Guard's 8,8,2,2,2 (two)
    assert contest == "chronicles 3+2 9again vs chronicles 2+3 9again"
    assert isinstance(fought, dict) and (fought["winner"], fought["margin"]) == ("defender", 1)
    # difficulty 6: the 6 and the 7 succeed, the 1 cancels one of them
    [(numbers, result, _)] = rolls(db, "Classic")
    assert numbers == "classic 3+4" and isinstance(result, dict) and result["successes"] == 1
    # 10-again: 8 and 10 succeed, the 10's extra die (7) does not
    [(numbers, result, _)] = rolls(db, "Hubris")
    assert numbers == "hubris 2+3" and isinstance(result, dict) and result["successes"] == 2


def test_the_upgrade_chains_the_log_and_closes_the_open_seal_under_the_old_scheme(
    db: Database,
) -> None:
    for name in [c.name for c in campaign_names(db)]:
        export = export_campaign(db, name)
        checked = verify(export["events"], [export["head"]["hash"]])
        assert checked.ok and checked.chain is not None
        assert checked.chain.whole == len(export["events"])
        assert [(s.status, s.checked) for s in checked.seals] == [
            (Status.VERIFIED, 0),
            (Status.OPEN, 0),
        ]
        assert [v.seed is None for v in seals_of(db, name)] == [False, True]


def test_the_struck_marks_read_back(db: Database) -> None:
    chronicles = [(e.event.kind, e.struck) for e in log(db, "Chronicles")]
    # the upgrade to seals opened the first; the upgrade to contributions closed it, opened
    # the second
    assert chronicles[-3:] == [
        (Kind.SEAL_OPENED, False),
        (Kind.SEAL_CLOSED, False),
        (Kind.SEAL_OPENED, False),
    ]
    chronicles = chronicles[:-3]
    assert chronicles[-2:] == [(Kind.CHARACTER_CHANGED, True), (Kind.UNDONE, False)]
    assert not any(struck for _, struck in chronicles[:-2])
    # the storypath roll was undone, then the undo undone: the roll stands, the undo is struck
    storypath = [(e.event.kind, e.struck) for e in log(db, "Storypath")]
    assert storypath[2:] == [
        (Kind.ROLLED, False),
        (Kind.UNDONE, True),
        (Kind.UNDONE, False),
        (Kind.SEAL_OPENED, False),
        (Kind.SEAL_CLOSED, False),
        (Kind.SEAL_OPENED, False),
    ]
    assert rolls(db, "Storypath")[0][0] == "storypath 2+3"
