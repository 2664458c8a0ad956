"""`dicepool campaign export` and `dicepool verify`, through the installed `dicepool`.

The sealed exports are written here by hand (``tests/sealed_log.py`` builds their events with
a stream of its own); a real campaign's export is checked for its shape and its skipped rolls.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ...real_exports import forge_outside, night, sqlite_copy
from ...sealed_log import SEED_B, good_log
from .conftest import Table, run_dicepool


def export_of(events: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "dicepool-campaign",
        "version": 1,
        "campaign": {"name": "Night", "system": "custom"},
        "exported_at": "2025-01-01T00:00:00+00:00",
        "events": events,
    }


def write(table: Table, name: str, content: Any) -> str:
    path = table.tmp / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return str(path)


def verify(table: Table, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`dicepool verify` run without the table's --db (a FILE is checked on its own)."""
    done = run_dicepool(("verify", *args), table.env, stdin)
    assert "Traceback" not in done.stderr
    return done


def test_a_good_export_verifies(table: Table) -> None:
    done = verify(table, write(table, "good.json", export_of(good_log().events)))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Night (custom), from ") and lines[0].endswith("good.json")
    commitment = hashlib.sha256(SEED_B).hexdigest()[:16]
    assert lines[1:] == [
        "✓ seal 1: verified, 6 rolls checked, 1 hidden: not checkable until revealed; "
        "the storyteller alone could choose these dice",
        f"· seal 2: open: not yet verifiable (commitment {commitment}...)",
        "· chain: none in this export (version 1): the log's order is not checked",
        "skipped: 1 roll typed by hand, 1 roll from before the first seal (no seal's claim)",
        "ok: 1 closed seal verified",
    ]


def test_a_tampered_export_fails_naming_the_event(table: Table) -> None:
    events = good_log().events
    events[9]["data"]["result"]["dice"][2]["face"] = 11  # seq 10: no d10 shows 11
    del events[7]  # seq 8: roll 4
    done = verify(table, write(table, "bad.json", export_of(events)))
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "✗ seal 1: mismatch, 2 problems; 5 rolls checked" in out
    assert "    event 9: roll 4 is missing from seal 1 before roll 5" in out
    assert "    event 10: its faces are not the stream's (roll 6): die 3 shows 11" in out
    assert out.splitlines()[-1] == "not verified: 1 seal mismatches"


def test_a_swapped_seed_fails_at_the_close(table: Table) -> None:
    events = good_log().events
    events[11]["data"]["seed"] = SEED_B.hex()
    done = verify(table, "--json", write(table, "swapped.json", export_of(events)))
    assert done.returncode == 1
    answer = json.loads(done.stdout)
    assert answer["ok"] is False and answer["campaign"] == {"name": "Night", "system": "custom"}
    problem = answer["seals"][0]["problems"][0]
    assert problem["seq"] == 12 and "event" not in problem  # its seq alone names it
    assert "does not match seal 1's commitment" in problem["message"]


def test_standard_input_is_read_with_a_dash(table: Table) -> None:
    done = verify(table, "-", "--json", stdin=json.dumps(export_of(good_log().events)))
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer["source"] == "standard input"
    assert [s["status"] for s in answer["seals"]] == ["verified", "open"]
    assert answer["skipped"] == {"typed": 1, "seeded": 0, "pre_seal": 1}


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ({"format": "something-else"}, 'not a campaign export (no "format": "dicepool-campaign")'),
        ({**export_of([]), "version": 3}, "a campaign export of version 3, and this dicepool"),
        ({**export_of([]), "version": "1"}, 'a campaign export without a "version" number'),
        ({**export_of([]), "events": {}}, 'a campaign export without its list of "events"'),
        ({**export_of([]), "campaign": None}, 'without its "campaign" name and system'),
        ('{"format": ', "not JSON: Expecting value at line 1, column 12"),
    ],
)
def test_a_file_that_is_no_export_is_refused_in_one_line(
    table: Table, content: Any, said: str
) -> None:
    done = verify(table, write(table, "other.json", content))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], lines


def test_unreadable_files_and_mixed_sources_are_refused(table: Table) -> None:
    missing = verify(table, str(table.tmp / "nowhere.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    (table.tmp / "latin.json").write_bytes(b'{"format": "\xe9"}')
    latin = verify(table, str(table.tmp / "latin.json"))
    assert latin.returncode == 2 and "is not UTF-8 text (byte 13)" in latin.stderr
    both = verify(table, "x.json", "--campaign", "Night")
    assert both.returncode == 2 and "FILE is checked on its own" in both.stderr


def test_help_says_the_exit_status(table: Table) -> None:
    out = verify(table, "--help").stdout
    assert "1  a seal mismatches, a roll is outside every seal" in out and "2  an error" in out
    assert "--receipts RFILE" in out


def test_a_roll_outside_every_seal_fails_naming_its_event(table: Table) -> None:
    log = good_log()
    log.unsealed([9, 9])  # seq 15: logged once seals began, naming none
    done = verify(table, write(table, "outside.json", export_of(log.events)))
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[1] == (  # first, before any seal's line
        "✗ event 15: a roll outside every seal: it names no seal and is not typed "
        "by hand or seeded, so the server chose its dice"
    )
    assert lines[2].startswith("✓ seal 1: verified")
    assert "skipped: 1 roll typed by hand, 1 roll from before the first seal" in done.stdout
    assert lines[-1] == "not verified: 1 roll outside every seal"
    log.unsealed([1])
    log.events[9]["data"]["result"]["dice"][0]["face"] = 11  # seq 10: and a face changed
    done = verify(table, write(table, "both.json", export_of(log.events)))
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == (
        "not verified: 1 seal mismatches, 2 rolls outside every seal"
    )
    answer = json.loads(
        verify(table, "--json", write(table, "both.json", export_of(log.events))).stdout
    )
    assert answer["ok"] is False and answer["unclaimed"] == 2
    assert [p["seq"] for p in answer["outside"]] == [15, 16]


def test_a_forged_roll_in_a_real_export_fails_though_its_chain_holds(
    table: Table, sqlite_template: Path
) -> None:
    night_table = night(sqlite_copy(sqlite_template, table.tmp))
    try:
        seq = night_table.roll("a1" * 16, night_table.commitment())
        night_table.close()
        export = night_table.export()
    finally:
        night_table.db.close()
    forged = forge_outside(export, seq, seq)
    path = write(table, "forged.json", export)
    done = verify(table, path, "--head", export["head"]["hash"])
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"✗ event {forged}: a roll outside every seal" in done.stdout
    assert "✓ chain: " in done.stdout and "1 head found" in done.stdout
    assert done.stdout.splitlines()[-1] == "not verified: 1 roll outside every seal"


def test_a_real_campaign_exports_and_verifies(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Stealth=2")
    table.ok("roll", "--char", "Ana", "Dexterity + Stealth", "--dice", "1,3,8,2,4")
    table.ok("roll", "--char", "Ana", "Dexterity + Stealth")
    done = table("campaign", "export", "Night", "-o", str(table.tmp / "night.json"))
    assert done.returncode == 0 and done.stdout == ""
    assert "wrote Night's log (" in done.stderr and "night.json" in done.stderr
    export = json.loads((table.tmp / "night.json").read_text("utf-8"))
    assert export["format"] == "dicepool-campaign" and export["version"] == 2
    assert export["campaign"] == {"name": "Night", "system": "chronicles"}
    kinds = [e["kind"] for e in export["events"]]
    assert kinds[:3] == ["campaign-created", "seal-open", "character-created"]
    assert kinds.count("rolled") == 2
    assert [e["seq"] for e in export["events"]] == list(range(1, len(kinds) + 1))
    assert set(export["events"][0]) == {"seq", "at", "actor", "kind", "data", "chain"}
    assert export["head"] == {"seq": len(kinds), "hash": export["events"][-1]["chain"]["hash"]}

    done = verify(table, "--json", str(table.tmp / "night.json"))
    assert done.returncode == 0, done.stdout + done.stderr
    answer = json.loads(done.stdout)
    sealed = [e for e in export["events"] if isinstance(e["data"].get("seal"), dict)]
    assert len(sealed) == 1 and sealed[0]["data"]["seal"]["roll_no"] == 1
    assert answer["skipped"] == {"typed": 1, "seeded": 0, "pre_seal": 0}  # the --dice roll
    assert answer["ok"] is True and answer["problems"] == []
    assert [s["status"] for s in answer["seals"]] == ["open"]
    text = verify(table, str(table.tmp / "night.json")).stdout
    assert "skipped: " in text and text.splitlines()[-1].startswith("ok: ")

    live = table("verify", "--campaign", "Night")  # the live campaign: the same answer
    assert live.returncode == 0 and "skipped: " in live.stdout
    table.ok("seal", "close", "--campaign", "Night")
    closed = table("verify", "--campaign", "Night")
    assert closed.returncode == 0 and "seal 1: verified, 1 roll checked" in closed.stdout


def test_export_to_standard_output_and_its_errors(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "classic")
    export = json.loads(table.ok("campaign", "export", "Night"))
    assert export["events"][0]["kind"] == "campaign-created"
    assert (
        json.loads(table.ok("campaign", "export", "night", "-o", "-"))["campaign"]["name"]
        == "Night"
    )
    assert "no campaign `Day`" in table.refused("campaign", "export", "Day")
    nowhere = str(table.tmp / "no" / "such" / "folder.json")
    assert "cannot write" in table.refused("campaign", "export", "Night", "-o", nowhere)
    assert not Path(nowhere).exists()


def test_the_chain_of_an_export_and_a_head_someone_saw(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "chronicles")
    table.ok("roll", "--campaign", "Night", "chronicles 4")
    table.ok("roll", "--campaign", "Night", "chronicles 3")
    shown = table.ok("seal", "show", "--campaign", "Night")
    assert "no player added to it: the storyteller alone could choose these dice" in shown
    path = table.tmp / "night.json"
    table.ok("campaign", "export", "Night", "-o", str(path))
    export = json.loads(path.read_text("utf-8"))
    head = export["head"]["hash"]
    rolled = [e["data"]["seal"] for e in export["events"] if e["kind"] == "rolled"]
    assert [r["nonce"] for r in rolled] == ["", ""]  # the owner's rolls: no free nonce
    done = verify(table, str(path), "--head", head.upper())
    assert done.returncode == 0, done.stdout
    assert f"✓ chain: {len(export['events'])} events linked, head {head[:16]}..., 1 head found" in (
        done.stdout
    )
    export["events"][2]["actor"] = "someone else"  # seq 3: the first roll
    done = verify(table, write(table, "edited.json", export), "--head", head)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert "✗ chain: broken at event 3" in lines
    assert lines[lines.index("✗ chain: broken at event 3") + 1] == (
        "    event 3: its content is not what its digest says: changed after it was logged"
    )
    old = write(table, "old.json", export_of([]))
    done = verify(table, old, "--head", head)
    assert done.returncode == 2 and "has no hash chain (version 1)" in done.stderr
