"""Named tracks on the terminal: `char show` draws them, `char show --json` lists them, the log
tells of their changes. (Their commands come from the catalogue of actions; here the use cases
are called in-process, then the real `dicepool` reads what they stored.)"""

from __future__ import annotations

import click

from dicepool.campaign.tracks import change_track, define_track
from dicepool.store.database import Database, database_url

from .conftest import Table


def test_char_show_draws_the_default_and_own_tracks(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "chronicles")
    table.ok("char", "create", "Ana", "--set", "Stamina=2 Resolve=2 Composure=2")
    db = Database(database_url(table.url))
    try:
        change_track(db, "Night", "Ana", "Health", "damage", 2, "lethal", "st")
        change_track(db, "Night", "Ana", "Health", "damage", 1, "bashing", "st")
        change_track(db, "Night", "Ana", "Willpower", "spend", 1, None, "st")
        define_track(db, "Night", "Ana", "Ammunition", "points", 6, "st")
        define_track(db, "Night", "Ana", "Armour", "damage", 3, "st")
    finally:
        db.close()
    text = click.unstyle(table.ok("char", "show", "Ana"))
    assert "[X][X][/][ ][ ][ ][ ]" in text  # Health: 2 + 5 boxes
    assert "●●●○ 3/4" in text  # Willpower: Resolve + Composure, one spent
    assert "●●●●●● 6/6" in text and "Ammunition" in text
    assert "[ ][ ][ ]" in text and "Armour" in text
    shown = table.json("char", "show", "Ana")["tracks"]
    assert [(t["name"], t["kind"], t["max"]) for t in shown] == [
        ("Health", "damage", 7),
        ("Willpower", "points", 4),
        ("Ammunition", "points", 6),
        ("Armour", "damage", 3),
    ]
    assert shown[0]["boxes"][:4] == ["lethal", "lethal", "bashing", None]
    log = table.ok("log")
    assert "Ana's Health takes 2 lethal" in log and "Ana spends 1 Willpower" in log
    assert "Ana keeps a new track Ammunition (6 points)" in log
    assert "agree with the log" in table.ok("db", "check")
