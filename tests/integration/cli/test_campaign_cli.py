"""Campaigns, characters, sheet rolls, the log and undo, through the installed `dicepool`.

Each test has its own SQLite file (``--db``) and its own state folder, so the current campaign
of one test is never another's.
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from dicepool.store.database import HEAD

from .conftest import Table, run_dicepool


@pytest.fixture
def night(any_table: Table) -> Table:
    """A chronicles campaign with Ana (Dexterity 3, Stealth 2) and a Guard (Composure 3)."""
    table = any_table
    table.ok("campaign", "create", "Night", "--system", "cofd", "--players", "3")
    table.ok("char", "create", "Ana", "--player", "Bo", "--set", "Dexterity=3 Stealth=2")
    table.ok("char", "create", "Guard", "--set", "Wits=2 Composure=3")
    return table


def test_campaign_create_list_use_show(any_table: Table) -> None:
    table = any_table
    out = table.ok("campaign", "create", "Night", "--system", "cofd", "--players", "4")
    assert "Night" in out and "chronicles" in out and "current" in out
    table.ok("campaign", "create", "Day", "--system", "classic", "--house-rules", "spec double")
    listed = table.json("campaign", "list")
    assert [(c["name"], c["system"], c["current"]) for c in listed] == [
        ("Day", "classic", True),
        ("Night", "chronicles", False),
    ]
    assert "* Day" in table.ok("campaign", "list")
    assert "current campaign is now Night" in table.ok("campaign", "use", "night")
    shown = table.json("campaign", "show")
    assert (
        shown["name"] == "Night" and shown["players"] == 4 and shown["events"] == 2
    )  # with its seal
    assert shown["characters"] == [] and shown["house_rules"] == ""
    day = table.json("campaign", "show", "--campaign", "Day")
    assert day["house_rules"] == "spec double"
    assert "house rules: spec double" in table.ok("campaign", "show", "--campaign", "Day")
    again = table.refused("campaign", "create", "night", "--system", "classic")
    assert "already a campaign" in again


def test_no_campaign_chosen_says_how_to_pick_one(table: Table) -> None:
    assert "no campaign yet" in table.refused("char", "list")
    table.ok("campaign", "create", "Night", "--system", "cofd", "--db", str(table.tmp / "b.db"))
    env = {**table.env, "XDG_STATE_HOME": str(table.tmp)}  # another state: nothing current
    done = run_dicepool(("char", "list", "--db", str(table.tmp / "b.db")), env)
    assert done.returncode == 2
    assert "(here: Night)" in done.stderr and "campaign use" in done.stderr
    assert "no campaign `Nope`" in table.refused("campaign", "use", "Nope")


def test_the_campaign_variable_wins_over_the_current_one(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("campaign", "create", "Day", "--system", "classic")
    env = {**table.env, "DICEPOOL_CAMPAIGN": "Night"}
    done = run_dicepool(("campaign", "show", "--json", "--db", str(table.path)), env)
    assert json.loads(done.stdout)["name"] == "Night"


def test_char_create_set_show_list(night: Table) -> None:
    ana = night.json("char", "show", "ana")
    assert ana["name"] == "Ana" and ana["system"] == "chronicles" and ana["player"] == "Bo"
    assert ana["traits"]["Dexterity"] == 3 and ana["traits"]["Stealth"] == 2
    assert ana["specialties"] == {}
    changed = night.json("char", "set", "Ana", "Stealth+=1", "Firearms=4", "(Sniping)")
    assert changed["traits"]["Stealth"] == 3 and changed["specialties"] == {"Firearms": ["Sniping"]}
    text = night.ok("char", "show", "Ana")
    assert "Attributes" in text and "●●●○○  3" in text and "(Sniping)" in text
    assert text.index("Dexterity") < text.index("Stealth")
    names = [c["name"] for c in night.json("char", "list")]
    assert names == ["Ana", "Guard"]
    assert "Ana (Bo)" in night.ok("char", "list")
    created = night.json("char", "create", "Cy", "--set", "Strength=2")
    assert created["traits"]["Strength"] == 2 and created["player"] is None
    assert "no character `Zed`" in night.refused("char", "show", "Zed")


@pytest.mark.parametrize(
    ("system", "changes", "rule"),
    [
        ("hubris", "Morality=6", "Morality is 0..5"),
        ("sundown", "Stealth=7", "a sundown skill is 0..6 with Edge 0"),
        ("cofd", "Dexterity=0", "an attribute is 1..10"),
    ],
)
def test_a_limit_is_refused_with_its_rule(
    table: Table, system: str, changes: str, rule: str
) -> None:
    table.ok("campaign", "create", "Game", "--system", system)
    line = table.refused("char", "create", "Ana", "--set", changes)
    assert rule in line
    assert table.json("char", "list") == []  # nothing was stored
    table.ok("char", "create", "Ana")
    assert rule in table.refused("char", "set", "Ana", changes)


def test_sundown_skill_7_with_edge_2(table: Table) -> None:
    table.ok("campaign", "create", "Dusk", "--system", "sundown")
    sheet = table.json("char", "create", "Kai", "--set", "Edge=2 Stealth=7")
    assert sheet["traits"]["Stealth"] == 7


def test_roll_for_a_character_with_faces_by_hand(night: Table) -> None:
    out = night.ok("roll", "--char", "Ana", "Dexterity + Stealth", "--dice", "8,9,3,4,1")
    assert "Ana: Dexterity + Stealth" in out
    assert "= chronicles 3+2" in out
    assert "2 successes" in out and "logged as event" in out
    data = night.json("roll", "--char", "Ana", "dex + stealth # quietly", "--dice", "8,1,1,1,1")
    assert data["numbers"] == "chronicles 3+2"
    assert data["character"] == "Ana" and data["characters"] == ["Ana"]
    assert data["successes"] == 1 and data["comment"] == "quietly"
    assert data["input"] == "dex + stealth # quietly"
    assert isinstance(data["event"], int) and data["house_rules"] == ""
    assert [d["face"] for d in data["dice"]] == [8, 1, 1, 1, 1]


def test_resisted_and_contested_sheet_rolls(night: Table) -> None:
    resisted = night.json(
        "roll", "--char", "Ana", "dex + stealth - Guard.Composure", "--dice", "8,8"
    )
    assert resisted["numbers"] == "chronicles 3+2-3" and resisted["successes"] == 2
    assert resisted["characters"] == ["Ana", "Guard"]
    faces = "8,8,8,1,1,8,1,1,1,1"
    contest = night.json("roll", "Ana: Dex + Stealth vs Guard: Wits + Composure", "--dice", faces)
    assert contest["numbers"] == "chronicles 3+2 vs chronicles 2+3"
    assert contest["winner"] == "attacker" and contest["margin"] == 2
    assert contest["character"] == "Ana" and contest["characters"] == ["Ana", "Guard"]


def test_house_rules_are_applied_and_shown(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "cofd", "--house-rules", "9again")
    table.ok("char", "create", "Ana", "--set", "Dexterity=2")
    out = table.ok("roll", "--char", "Ana", "dexterity", "--dice", "9,1,8")
    assert "house rules: 9again" in out and "= chronicles 2 9again" in out
    assert "2 successes" in out
    data = table.json("roll", "--char", "Ana", "dexterity", "--dice", "9,1,8")
    assert data["house_rules"] == "9again" and data["successes"] == 2


def test_spec_needs_a_specialty_on_a_trait_rated_4(table: Table) -> None:
    table.ok("campaign", "create", "Old", "--system", "classic")
    table.ok("char", "create", "Ana", "--set", "Precision=3 Firearms=3")
    line = table.refused("roll", "--char", "Ana", "Precision + Firearms spec", "--seed", "1")
    assert "no specialty on" in line
    table.ok("char", "set", "Ana", "Firearms (Sniping)")
    line = table.refused("roll", "--char", "Ana", "Precision + Firearms spec", "--seed", "1")
    assert "rated 4 or more" in line
    table.ok("char", "set", "Ana", "Firearms=4")
    data = table.json("roll", "--char", "Ana", "Precision + Firearms spec", "--seed", "1")
    assert data["numbers"] == "classic 3+4 spec"


def test_export_then_import_into_another_campaign(night: Table) -> None:
    night.ok("char", "set", "Ana", "Firearms=2 (Pistols)")
    exported = night.ok("char", "export", "Ana")
    data = json.loads(exported)
    assert data["format"] == "dicepool-character" and data["version"] == 1
    target = night.tmp / "ana.json"
    night.ok("char", "export", "Ana", "-o", str(target))
    assert json.loads(target.read_text()) == data
    night.ok("campaign", "create", "Dawn", "--system", "chronicles")
    imported = night.json("char", "import", str(target))
    assert imported == night.json("char", "show", "Ana", "--campaign", "Night")
    night.ok("campaign", "create", "Other", "--system", "cofd")
    night.ok("char", "import", "-", stdin=exported)
    assert [c["name"] for c in night.json("char", "list")] == ["Ana"]


def test_a_bad_file_is_refused_whole(night: Table) -> None:
    before = night.json("char", "list")
    sheet = json.loads(night.ok("char", "export", "Ana"))
    bad = night.tmp / "bad.json"
    bad.write_text(json.dumps({**sheet, "name": "Bea", "traits": {"Dexterity": 3, "Wits": 11}}))
    assert "Wits 11" in night.refused("char", "import", str(bad))
    bad.write_text('{\n  "format": "dicepool-character",\n  "version": 1,,\n}')
    line = night.refused("char", "import", str(bad))
    assert "not JSON" in line and "line 3, column 16" in line
    other = {**sheet, "name": "Bea", "system": "classic"}
    assert "system" in night.refused("char", "import", "-", stdin=json.dumps(other))
    assert "cannot read" in night.refused("char", "import", str(night.tmp / "none.json"))
    assert night.json("char", "list") == before


def test_log_undo_and_undo_of_undo(night: Table) -> None:
    night.ok("char", "set", "Ana", "Stealth+=1")
    rolled = night.json("roll", "--char", "Ana", "dex + stealth", "--dice", "8,8,1,1,1,1")
    out = night.ok("log")
    assert "rolled" in out and "dex + stealth" in out and "chronicles 3+3" in out
    assert "2 successes" in out and "changed Ana: Stealth+=1" in out
    assert "(undone)" not in out
    undone = night.ok("undo")
    assert f"undid event {rolled['event']}" in undone
    entries = night.json("log")
    assert set(entries[0]) == {"seq", "at", "actor", "kind", "data", "struck"}
    by_seq = {e["seq"]: e for e in entries}
    assert by_seq[rolled["event"]]["struck"] and entries[-1]["kind"] == "undone"
    assert entries[-1]["actor"] == "tester"
    struck_line = next(line for line in night.ok("log").splitlines() if "dex + stealth" in line)
    assert struck_line.endswith("(undone)")
    undo_seq = entries[-1]["seq"]
    restored = night.json("undo", str(undo_seq))
    assert restored["restored"] == rolled["event"]
    assert f"restored event {rolled['event']}" in night.ok("log", "--last", "1")
    assert not {e["seq"]: e for e in night.json("log")}[rolled["event"]]["struck"]
    assert "already undone" in night.refused("undo", str(undo_seq))
    changed = night.ok("undo")  # the latest standing event: the roll again
    assert "undid event" in changed
    only_guard = night.json("log", "--char", "Guard")
    assert [e["kind"] for e in only_guard] == ["character-created"]
    assert len(night.json("log", "--last", "2")) == 2


def test_log_and_undo_number_a_campaigns_events_alone_beside_another(any_table: Table) -> None:
    """Issue 28: two campaigns in one file, their events logged in turns. Each one's log and
    undo count its own events (1, 2, 3...), whatever the other logged meanwhile."""
    table = any_table
    table.ok("campaign", "create", "Dawn", "--system", "cofd")
    for _ in range(6):  # Dawn's events come first: Night's every database id is past its seqs
        table.ok("roll", "--campaign", "Dawn", "chronicles 2", "--dice", "8,3")
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3", "--campaign", "Night")
    for faces in ("8,8,1", "9,2,2"):
        table.ok("roll", "--campaign", "Dawn", "chronicles 2", "--dice", "8,3")
        rolled = table.ok("roll", "--char", "Ana", "Dexterity", "--dice", faces)
    entries = table.json("log", "--campaign", "Night")
    seqs = [e["seq"] for e in entries]
    assert seqs == list(range(1, len(seqs) + 1))  # its seal, Ana, her two rolls
    assert all("id" not in e for e in entries)
    last = seqs[-1]
    assert rolled.endswith(f"logged as event {last} in Night\n")
    shown = table.ok("log", "--campaign", "Night").splitlines()
    assert [int(line.split()[0]) for line in shown] == seqs  # each line starts with its seq
    undone = table.ok("undo", str(last - 1), "--campaign", "Night")  # Ana's first roll
    assert undone.startswith(f"undid event {last - 1} (rolled: Ana: Dexterity")
    assert f"logged as event {last + 1}; `dicepool undo {last + 1}` takes it back" in undone
    undo = table.json("log", "--campaign", "Night", "--last", "1")[0]
    assert (undo["seq"], undo["data"]) == (last + 1, {"event": {"seq": last - 1}})
    assert f"undid event {last - 1} (rolled" in table.ok("log", "--campaign", "Night")
    restored = table.json("undo", str(last + 1), "--campaign", "Night")
    assert restored["restored"] == last - 1 and restored["event"]["seq"] == last + 2
    assert f"restored event {last - 1} (undid undo {last + 1})" in table.ok(
        "log", "--campaign", "Night", "--last", "1"
    )
    assert "no event 40 in Night" in table.refused("undo", "40", "--campaign", "Night")
    assert len(table.json("log", "--campaign", "Dawn", "--last", "100")) == 10  # untouched
    assert "agree with the log" in table.ok("db", "check")


def test_undoing_a_change_changes_the_sheet_back(night: Table) -> None:
    night.ok("char", "set", "Ana", "Stealth=4")
    night.ok("undo")
    assert night.json("char", "show", "Ana")["traits"]["Stealth"] == 2
    assert night.ok("db", "check").startswith("ok: 1 campaigns")


def test_db_upgrade_and_check(table: Table) -> None:
    out = table.ok("db", "upgrade")
    assert f"schema {HEAD}" in out and str(table.path) in out and "was empty" in out
    assert "up to date" in table.ok("db", "upgrade")
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana")
    assert "ok: 1 campaigns, 3 events, 1 characters" in table.ok("db", "check")


def test_a_database_url_shows_no_password(table: Table) -> None:
    line = table.refused("db", "check", "--db", "postgresql://ana:sekret@127.0.0.1:1/none")
    assert "sekret" not in line and "cannot use the database" in line


def test_a_bad_database_is_one_line(table: Table) -> None:
    missing = table.tmp / "no" / "such" / "folder" / "x.sqlite3"
    assert "does not exist" in table.refused("campaign", "list", "--db", str(missing))
    junk = table.tmp / "junk.sqlite3"
    junk.write_bytes(b"this is not a database, only some text" * 100)
    assert "cannot use the database" in table.refused("campaign", "list", "--db", str(junk))
    assert "cannot use the database" in table.refused(
        "roll", "--char", "Ana", "dex", "--db", str(junk)
    )


def test_a_plain_line_with_traits_hints_at_char(table: Table) -> None:
    line = table.refused("roll", "Dexterity + Stealth")
    assert "unknown system" in line and "add --char NAME" in line
    assert "add --char" not in table.refused("roll", "chronicle 5")


def test_a_plain_roll_imports_no_storage(table: Table) -> None:
    import sys

    code = (
        "import sys; sys.argv = ['dicepool', 'roll', 'chronicles 5', '--seed', '1'];"
        "from dicepool.cli.main import main; main();"
        "heavy = {'sqlalchemy', 'alembic', 'platformdirs', 'psycopg'} & set(sys.modules);"
        "print('heavy:' + ','.join(sorted(heavy)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=None
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("heavy:")


def test_a_sheet_roll_imports_no_alembic_and_on_sqlite_no_sqlalchemy(night: Table) -> None:
    """A logged roll stays fast: no migrations machinery; on SQLite, the standard library only."""
    import sys

    code = (
        "import sys; sys.argv = ['dicepool', 'roll', '--char', 'Ana', 'dex', '--seed', '1', "
        f"'--db', {night.url!r}];"
        "from dicepool.cli.main import main; main();"
        "print('alembic' in sys.modules, 'sqlalchemy' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=night.env
    )
    assert done.returncode == 0, done.stderr
    on_sqlite = "postgresql" not in night.url
    assert done.stdout.strip().endswith(f"False {not on_sqlite}")


def test_the_links_the_command_line_prints_start_with_the_public_address(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "chronicles")
    default = table.ok("campaign", "link", "Night")
    assert re.search(r"shown once: http://127\.0\.0\.1:8000/t/\S{43}", default)
    table.env = {**table.env, "DICEPOOL_PUBLIC_URL": "https://dice.example.org/"}
    public = table.ok("campaign", "link", "Night")
    assert re.search(r"shown once: https://dice\.example\.org/t/\S{43}", public)
    invited = table.ok("seat", "invite")
    assert re.search(r"shown once: https://dice\.example\.org/t/\S{43}", invited)
    given = table.ok("campaign", "link", "Night", "--server", "http://192.0.2.10:8000")
    assert "shown once: http://192.0.2.10:8000/t/" in given
    assert table.refused("campaign", "link", "Night", "--server", "dice.example.org") == (
        "error: --server is an http:// or https:// address of a host (at most 200 characters), "
        "such as https://dice.example.org"
    )
    logged = table.ok("log", "--json")
    table.env = {**table.env, "DICEPOOL_PUBLIC_URL": "ftp://x"}
    assert "$DICEPOOL_PUBLIC_URL is an http://" in table.refused("seat", "invite")
    assert "$DICEPOOL_PUBLIC_URL is an http://" in table.refused("campaign", "link", "Night")
    assert table.ok("log", "--json") == logged  # refused before anything was issued
