"""A player's receipts checked against a real export: the rolls their browser sent are in the
log as the table answered, in the seal they named, with their contribution mixed in and the
stream's faces; a refused roll is no alarm; whatever a host changed is one.

The logs are a web table's on a SQLite file (``tests/real_exports.py``), rolled as a player's
browser rolls, exported, and edited as a host with a hand on the database would edit them.
"""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.campaign.export import export_for
from dicepool.campaign.receipts import (
    MAX_RECEIPTS,
    ReceiptResult,
    ReceiptsCheck,
    ReceiptStatus,
    check_receipts,
    read_receipts,
)
from dicepool.campaign.seals import Sealed, SealMoved
from dicepool.campaign.table import roll_at_table
from dicepool.campaign.verify import verify
from dicepool.errors import CampaignError
from tests.hypothesis_profiles import examples

from ..real_exports import (
    LINE,
    Night,
    at_seq,
    forge_outside,
    night,
    receipt,
    receipts_file,
    rechained,
    sqlite_copy,
)

MINE = "a1" * 16  # Bo's browser's nonces: 16 random bytes in hex
OTHER = "b2" * 16


@pytest.fixture
def table(sqlite_template: Path, tmp_path: Path) -> Iterator[Night]:
    db = sqlite_copy(sqlite_template, tmp_path)
    yield night(db)
    db.close()


def checked(export: dict[str, Any], *receipts: dict[str, Any]) -> ReceiptsCheck:
    """The receipts, through the file's text, checked against the export's events."""
    kept = read_receipts(json.dumps(receipts_file(*receipts)))
    return check_receipts(export["events"], kept)


def only(export: dict[str, Any], kept: dict[str, Any]) -> ReceiptResult:
    [result] = checked(export, kept).results
    return result


def alarm(export: dict[str, Any], kept: dict[str, Any]) -> str:
    result = only(export, kept)
    assert result.status is ReceiptStatus.ALARM, result
    return result.message


def test_a_good_roll_checks_out_and_a_roll_of_the_open_seal_is_open(table: Night) -> None:
    seen = table.commitment()
    given = table.contribute()
    first = table.roll(MINE, seen)
    table.close()
    later = table.commitment()
    second = table.roll(OTHER, later)
    export = table.export()
    hashed = at_seq(export, first)["chain"]["hash"]
    report = checked(
        export,
        receipt(MINE, seen, first, given, hashed),
        receipt(OTHER, later, second, hash=at_seq(export, second)["chain"]["hash"]),
    )
    assert [r.message for r in report.results] == [
        f"roll a1a1a1a1 (seq {first}): checks out: its faces are seal 1's stream's",
        f"roll b2b2b2b2 (seq {second}): open: seal 2 is not closed yet, so its faces cannot "
        "be checked until it is",
    ]
    assert [(r.status, r.seq, r.seal) for r in report.results] == [
        (ReceiptStatus.CHECKED, first, 1),
        (ReceiptStatus.OPEN, second, 2),
    ]
    assert report.ok
    answer = report.to_dict()
    assert answer["campaign"] == 1 and answer["ok"] is True
    assert answer["counts"] == {"checked": 1, "open": 1, "not_rolled": 0, "alarm": 0}
    assert answer["results"][0] == {
        "nonce": MINE,
        "status": "checked",
        "seq": first,
        "seal": 1,
        "message": report.results[0].message,
    }


def test_the_seal_switched_under_a_players_roll_raises_an_alarm(table: Night) -> None:
    named = table.commitment()  # Bo's page shows seal 1 open
    table.close()
    # the host logs the roll that named seal 1 in seal 2, whose seed it drew after seeing it
    seq = table.roll(MINE, commitment=None)
    table.close()
    export = table.export()
    assert verify(export["events"]).ok  # the seals alone cannot tell
    assert alarm(export, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}): logged in seal 2, not in seal 1 whose commitment it named"
    )
    unknown = receipt(MINE, "ab" * 32, seq)
    assert alarm(export, unknown) == (
        f"roll a1a1a1a1 (seq {seq}): logged in seal 2, and no seal of the log has the "
        "commitment it named (abababab...)"
    )


def test_a_refused_roll_is_not_rolled_and_no_alarm(table: Night) -> None:
    named = table.commitment()
    table.close()
    with pytest.raises(SealMoved):  # the table refuses a roll naming a closed seal
        table.roll(MINE, named)
    export = table.export()
    report = checked(export, receipt(MINE, named, None))
    assert [(r.status, r.message) for r in report.results] == [
        (
            ReceiptStatus.NOT_ROLLED,
            "roll a1a1a1a1: not rolled: no roll in the log carries its nonce (refused, or it "
            "never reached the table)",
        )
    ]
    assert report.ok and report.to_dict()["counts"]["not_rolled"] == 1


def test_a_roll_whose_answer_was_lost_is_checked_where_the_log_has_it(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    table.close()
    result = only(table.export(), receipt(MINE, named, None))
    assert (result.status, result.seq) == (ReceiptStatus.CHECKED, seq)


def test_an_acknowledged_roll_missing_from_the_log_raises_an_alarm(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    export = table.export()
    del export["events"][seq - 1]  # the host takes it out and cuts the log there
    rechained(export)
    assert verify(export["events"]).ok  # the open seal's last roll: the seals cannot tell
    assert alarm(export, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}) is not in the log at seq {seq}: "
        f"no event of the log has seq {seq}"
    )


def test_a_roll_moved_in_the_log_or_another_event_at_its_seq(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    table.close()
    export = table.export()
    moved = copy.deepcopy(export)
    moved["events"].insert(1, copy.deepcopy(at_seq(moved, 1)))  # one event more before it
    rechained(moved)
    assert alarm(moved, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}) is not in the log at seq {seq}: its nonce is logged at "
        f"seq {seq + 1}: the log changed"
    )
    assert alarm(export, receipt(OTHER, named, seq + 1)) == (  # answered, then taken out
        f"roll b2b2b2b2 (seq {seq + 1}) is not in the log at seq {seq + 1}: "
        "the event there is a 'seal-close' event"
    )


def test_another_hash_at_its_seq_raises_an_alarm(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    table.close()
    export = table.export()
    answered = at_seq(export, seq)["chain"]["hash"]
    at_seq(export, 3)["data"]["name"] = "Cy the Second"  # an earlier event rewritten
    rechained(export)  # and the chain hashed again, so that it holds
    assert verify(export["events"]).ok
    logged = at_seq(export, seq)["chain"]["hash"]
    assert alarm(export, receipt(MINE, named, seq, hash=answered)) == (
        f"roll a1a1a1a1 (seq {seq}): the log's hash there is {logged[:8]}..., not the "
        f"{answered[:8]}... the table answered with: the log changed"
    )
    assert only(export, receipt(MINE, named, seq)).status is ReceiptStatus.CHECKED


def test_a_players_roll_replaced_by_dice_outside_every_seal(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    export = table.export()
    forged = forge_outside(export, seq, seq)  # a copy with no seal, faces of the server's
    del export["events"][seq - 1]  # and the player's own roll taken out
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}) is not in the log at seq {seq}: the event there is a "
        "roll outside every seal: the server chose its dice"
    )
    assert forged == seq + 1 and not verify(export["events"]).ok


@pytest.mark.parametrize("mixed", [0, None])
def test_a_contribution_the_roll_did_not_mix_in_raises_an_alarm(
    table: Night, mixed: int | None
) -> None:
    named = table.commitment()
    given = table.contribute()
    seq = table.roll(MINE, named)
    table.close()
    export = table.export()
    ref = at_seq(export, seq)["data"]["seal"]
    assert ref["mixed"] == 1
    if mixed is None:
        del ref["mixed"]  # the host's roll left the player's contribution out
    else:
        ref["mixed"] = mixed
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq, given)) == (
        f"roll a1a1a1a1 (seq {seq}): its contribution {given[:8]}... is not mixed into its "
        "dice: it says it mixed the first 0 contributions of seal 1, and its contribution is "
        "number 1"
    )


def test_a_mix_that_is_not_the_contributions_logged_before_it(table: Night) -> None:
    named = table.commitment()
    table.contribute()
    seq = table.roll(MINE, named)
    table.close()
    export = table.export()
    del at_seq(export, seq)["data"]["seal"]["mixed"]
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq)) == (  # a receipt without a contribution
        f"roll a1a1a1a1 (seq {seq}): it says 0 contributions were mixed into its dice, but 1 "
        "were logged before it in seal 1"
    )


def test_another_roll_at_its_seq_or_a_roll_that_names_no_readable_seal(table: Night) -> None:
    named = table.commitment()
    theirs = roll_at_table(table.db, table.storyteller, LINE, Sealed("")).event.seq
    seq = table.roll(MINE, named)
    export = table.export()
    assert alarm(export, receipt(OTHER, named, theirs)) == (
        f"roll b2b2b2b2 (seq {theirs}) is not in the log at seq {theirs}: "
        "the event there is another roll"
    )
    at_seq(export, seq)["data"]["seal"]["seal"] = "one"
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}): it names no seal it could be read from"
    )
    del at_seq(export, seq)["chain"]
    assert alarm(export, receipt(MINE, named, seq, hash="ab" * 32)) == (
        f"roll a1a1a1a1 (seq {seq}): the log carries no chain hash for it, but the table "
        "answered with one"
    )


def test_a_contribution_logged_after_the_roll_or_never(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    given = table.contribute()  # the host held it back until after the roll
    table.close()
    export = table.export()
    assert verify(export["events"]).ok
    assert alarm(export, receipt(MINE, named, seq, given)) == (
        f"roll a1a1a1a1 (seq {seq}): its contribution {given[:8]}... is logged in seal 1 "
        "after it, not before"
    )
    never = secrets.token_hex(32)
    assert alarm(export, receipt(MINE, named, seq, never)) == (
        f"roll a1a1a1a1 (seq {seq}): its contribution {never[:8]}... is not logged in seal 1"
    )


def test_a_face_that_is_not_the_streams_raises_an_alarm_naming_the_die(table: Night) -> None:
    named = table.commitment()
    given = table.contribute()
    seq = table.roll(MINE, named)
    table.close()
    export = table.export()
    die = at_seq(export, seq)["data"]["result"]["dice"][1]
    logged = die["face"]
    die["face"] = logged % 10 + 1
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq, given)) == (
        f"roll a1a1a1a1 (seq {seq}): its faces are not the stream's (roll 1): die 2 shows "
        f"{logged % 10 + 1}, the stream gives {logged}"
    )


def test_a_seed_that_is_not_its_commitments_raises_an_alarm(table: Night) -> None:
    named = table.commitment()
    seq = table.roll(MINE, named)
    table.close()
    export = table.export()
    closing = next(e for e in export["events"] if e["kind"] == "seal-close")
    closing["data"]["seed"] = "00" * 32
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}): seal 1's revealed seed does not match its commitment, "
        "so its faces cannot be checked"
    )


def test_a_hidden_roll_is_never_a_players(table: Night) -> None:
    named = table.commitment()
    secret = roll_at_table(table.db, table.storyteller, LINE, Sealed(""), hidden=True)
    seq = table.roll(MINE, named)
    seen = export_for(table.db, table.player)  # the player's view: the hidden roll screened
    hidden_seq = secret.event.seq
    assert alarm(seen, receipt(OTHER, named, hidden_seq)) == (  # answered with its seq
        f"roll b2b2b2b2 (seq {hidden_seq}) is not in the log at seq {hidden_seq}: "
        "the event there is a hidden roll behind the screen"
    )
    export = table.export()
    at_seq(export, seq)["data"]["hidden"] = True  # the host puts the player's roll behind it
    rechained(export)
    assert alarm(export, receipt(MINE, named, seq)) == (
        f"roll a1a1a1a1 (seq {seq}): it is logged as a hidden roll behind the screen: a "
        "player's own roll never is"
    )


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('{"format": ', "not JSON: Expecting value at line 1, column 12"),
        ({"format": "dicepool-campaign"}, 'not a receipts file (no "format": "dicepool-receipts")'),
        ({**receipts_file(), "version": 2}, "a receipts file of version 2, and this dicepool"),
        ({**receipts_file(), "version": "1"}, 'a receipts file without a "version" number'),
        ({**receipts_file(), "campaign": [1]}, 'the receipts file\'s "campaign" is not a table'),
        ({**receipts_file(), "receipts": {}}, 'a receipts file without its list of "receipts"'),
        (receipts_file("x"), "receipt 1 of the file is not an object: 'x'"),
        (
            receipts_file(receipt("", "ab" * 32, 1)),
            "receipt 1 of the file its \"nonce\" is not a roll's nonce: ''",
        ),
        (
            receipts_file(receipt("caf\u00e9", "ab" * 32, 1)),
            "its \"nonce\" is not a roll's nonce: a roll's nonce is printable ASCII",
        ),
        (receipts_file(receipt(MINE, "ab" * 31, 1)), 'its "commitment" is not 64 hex digits'),
        (
            receipts_file({"nonce": MINE, "commitment": "ab" * 32}),
            'it has no "seq" (the roll\'s seq, or null if never answered)',
        ),
        (receipts_file(receipt(MINE, "ab" * 32, 0)), 'its "seq" is not a whole number from 1'),
        (receipts_file(receipt(MINE, "ab" * 32, True)), 'its "seq" is not a whole number from 1'),
        (receipts_file(receipt(MINE, "ab" * 32, 1, "zz")), 'its "contribution" is not 64 hex'),
        (receipts_file(receipt(MINE, "ab" * 32, 1, hash="1")), 'its "hash" is not 64 hex digits'),
        (
            receipts_file(*[receipt(MINE, "ab" * 32, 1)] * (MAX_RECEIPTS + 1)),
            f"a receipts file of {MAX_RECEIPTS + 1} receipts: at most {MAX_RECEIPTS}",
        ),
    ],
)
def test_a_file_that_is_no_receipts_is_refused_in_one_line(content: Any, said: str) -> None:
    text = content if isinstance(content, str) else json.dumps(content)
    with pytest.raises(CampaignError) as refused:
        read_receipts(text)
    message = str(refused.value)
    assert said in message and "\n" not in message


def test_a_file_is_read_as_the_browser_writes_it() -> None:
    kept = read_receipts(
        json.dumps(
            receipts_file(
                receipt(MINE, "AB" * 32, None, "cd" * 32),
                receipt(OTHER, "ab" * 32, 7, hash="ef" * 32) | {"later": "a field to come"},
                campaign="12",
            )
        )
    )
    assert kept.campaign == "12"
    first, second = kept.receipts
    assert (first.commitment, first.seq, first.contribution) == ("ab" * 32, None, "cd" * 32)
    assert (second.seq, second.hash, second.contribution) == (7, "ef" * 32, None)
    assert check_receipts([], read_receipts(json.dumps(receipts_file()))).results == ()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(JSON, max_size=6), st.sampled_from([None, 1, 2, 5]))
def test_a_list_of_anything_gives_results_never_an_exception(events: list[Any], seq: Any) -> None:
    events = [*events, {"seq": 1, "kind": "rolled", "data": {"seal": {"nonce": MINE}}}]
    report = checked({"events": events}, receipt(MINE, "ab" * 32, seq))
    assert len(report.results) == 1 and report.results[0].message
    report.to_dict()


def test_a_roll_mixing_a_contribution_added_after_it_was_sent_raises_an_alarm(
    table: Night,
) -> None:
    """The host's grind: Bo's page saw one contribution (its own) when it sent the roll; the
    host, knowing the nonce, logs another it chose before drawing the roll with both."""
    seen = table.commitment()
    given = table.contribute()
    table.contribute()  # the host's, in Bo's name (a browser of Bo's, as far as the log says)
    seq = table.roll(MINE, seen)  # a host's server that draws with every contribution
    table.close()
    export = table.export()
    message = alarm(export, {**receipt(MINE, seen, seq, given), "mixed": 1})
    assert message == (
        f"roll a1a1a1a1 (seq {seq}): it mixes 2 contributions into its dice, not the 1 it "
        "named: contributions were added after it was sent"
    )
    assert only(export, {**receipt(MINE, seen, seq, given), "mixed": 2}).status is (
        ReceiptStatus.CHECKED
    )


def test_a_roll_the_table_refused_and_logged_all_the_same_raises_an_alarm(table: Night) -> None:
    seen = table.commitment()
    seq = table.roll(MINE, seen)  # logged, though the page was told it was refused
    export = table.export()
    message = alarm(export, {**receipt(MINE, seen, None), "refused": True})
    assert message == f"roll a1a1a1a1 (seq {seq}): the table refused it, yet it is in the log"
    refused = only(export, {**receipt(OTHER, seen, None), "refused": True})
    assert refused.status is ReceiptStatus.NOT_ROLLED  # refused and not logged: no alarm


def test_a_roll_answered_as_rolled_without_saying_where_raises_an_alarm(table: Night) -> None:
    seen = table.commitment()
    export = table.export()
    message = alarm(export, {**receipt(MINE, seen, None), "answered": True})
    assert message == (
        "roll a1a1a1a1: the table answered it as rolled without saying where it logged it"
    )


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("mixed", -1, '"mixed" is not a whole number from 0'),
        ("mixed", "2", '"mixed" is not a whole number from 0'),
        ("refused", "yes", '"refused" is not true or false'),
        ("answered", 1, '"answered" is not true or false'),
    ],
)
def test_a_receipts_optional_fields_are_refused_when_malformed(
    field: str, value: object, said: str
) -> None:
    kept = {**receipt(MINE, "ab" * 32, None), field: value}
    with pytest.raises(CampaignError, match=said):
        read_receipts(json.dumps(receipts_file(kept)))
