"""`verify`: a sealed log checks, and every tampering with it is caught, naming the event.

The logs are built in ``tests/sealed_log.py`` with a stream written there from the README's
words, not with :mod:`dicepool.core.stream`: a good log verifying is a check of both.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.campaign.verify import (
    OUTSIDE,
    Problem,
    SealReport,
    Status,
    Verification,
    outside_words,
    verify,
)
from dicepool.notation.packing import pack_dice
from tests.hypothesis_profiles import examples

from ..real_exports import Night, forge_outside, night, sqlite_copy
from ..sealed_log import SEED_A, SEED_B, Log, good_log, stream


def by_seq(log: Log, seq: int) -> dict[str, Any]:
    return log.events[seq - 1]


def seal(checked: Verification, number: int) -> SealReport:
    return next(s for s in checked.seals if s.seal == number)


def only_problem(report: SealReport) -> Problem:
    assert report.status == Status.MISMATCH
    assert len(report.problems) == 1, report.problems
    return report.problems[0]


def test_the_test_stream_reads_the_blocks_as_the_readme_says() -> None:
    """A d256 shows each byte plus one and a d65536 each two bytes: no value is ever skipped."""
    seed = bytes(range(32))
    blocks = [hmac.new(seed, f"3:n:{i}".encode(), "sha256").digest() for i in (0, 1)]
    assert stream(seed, 3, "n", [[256, 40]]) == [b + 1 for b in (blocks[0] + blocks[1])[:40]]
    pairs = zip(blocks[0][::2], blocks[0][1::2], strict=True)
    assert stream(seed, 3, "n", [[65536, 16]]) == [a * 256 + b + 1 for a, b in pairs]
    faces = stream(seed, 3, "n", [[6, 40]])
    assert set(faces) <= set(range(1, 7)) and stream(seed, 3, "n", [[6, 3]]) == faces[:3]


def test_a_good_log_verifies() -> None:
    checked = verify(good_log().events)
    assert checked.ok and not checked.problems
    first, second = checked.seals
    assert first == SealReport(
        seal=1,
        status=Status.VERIFIED,
        closed=True,
        commitment=hashlib.sha256(SEED_A).hexdigest(),
        rolls=7,
        checked=6,
        hidden=1,
        problems=(),
    )
    assert second.status == Status.OPEN and not second.closed
    assert second.commitment == hashlib.sha256(SEED_B).hexdigest()
    assert second.checked == 0 and second.rolls is None
    assert (checked.typed, checked.pre_seal, checked.unclaimed) == (1, 1, 0)


def test_a_log_without_seals_skips_its_rolls() -> None:
    log = Log()
    log.unsealed([1, 2])
    log.typed([3])
    log.add("rested", {"character": "Ana", "rolls": []})  # its rule rolled nothing
    checked = verify(log.events)
    assert checked.ok and checked.seals == ()
    assert (checked.typed, checked.pre_seal) == (1, 1)


def test_a_changed_face_is_caught_naming_the_event_and_the_die() -> None:
    log = good_log()
    die = by_seq(log, 10)["data"]["result"]["dice"][2]
    logged = die["face"]
    die["face"] = logged % 10 + 1
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.seq == 10  # named by its seq alone: the export's id (110) is never read
    assert f"die 3 shows {logged % 10 + 1}, the stream gives {logged}" in problem.message
    assert str(problem).startswith("event 10: ")
    assert seal(verify(log.events), 2).status == Status.OPEN  # the other seal is untouched


@pytest.mark.parametrize(
    ("seq", "path", "index"),
    [
        (5, ("result", "defender", "dice"), 0),  # a contest's defender: die 5 of the roll
        (7, ("result", "dice"), 4),  # a second chance's rerolled die (the 1st of roll 1)
        (8, ("rolls", 1, "roll", "dice"), 1),  # the second pool of a rule's event
        (4, ("result", "dice"), 6),  # a d1000 (two bytes per face)
    ],
)
def test_a_changed_face_of_any_kind_of_roll_is_caught(
    seq: int, path: tuple[str | int, ...], index: int
) -> None:
    log = good_log()
    held: Any = by_seq(log, seq)["data"]
    for key in path:
        held = held[key]
    held[index]["face"] += 1
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.seq == seq and "its faces are not the stream's" in problem.message


def test_a_second_chance_first_pool_is_not_read_from_the_stream() -> None:
    log = good_log()
    by_seq(log, 7)["data"]["result"]["dice"][0]["face"] = 3  # copied from the roll it rerolls
    assert verify(log.events).ok


def test_many_wrong_dice_are_listed_up_to_five() -> None:
    log = good_log()
    for die in by_seq(log, 10)["data"]["result"]["dice"]:
        die["face"] = 11  # no d10 shows 11
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.message.count("shows 11") == 5 and "and 3 more" in problem.message


def test_a_swapped_seed_is_caught_by_the_commitment() -> None:
    log = good_log()
    by_seq(log, 12)["data"]["seed"] = SEED_B.hex()  # another seal's seed
    report = seal(verify(log.events), 1)
    problem = only_problem(report)
    assert problem.seq == 12
    assert "does not match seal 1's commitment (event 3)" in problem.message
    assert report.checked == 0  # the faces are not checked against a seed not committed to


def test_a_changed_commitment_is_caught_too() -> None:
    log = good_log()
    by_seq(log, 3)["data"]["commitment"] = hashlib.sha256(b"another").hexdigest()
    assert "does not match" in only_problem(seal(verify(log.events), 1)).message


def test_a_missing_roll_number_is_caught_naming_the_number() -> None:
    log = good_log()
    del log.events[7]  # seq 8: roll 4
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.message == "roll 4 is missing from seal 1 before roll 5"
    assert problem.seq == 9  # the roll after the gap: the hidden roll 5


def test_missing_numbers_at_the_end_are_named_at_the_close() -> None:
    log = good_log()
    by_seq(log, 12)["data"]["rolls"] = 9
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.seq == 12
    assert (
        problem.message
        == "rolls 8-9 are missing: seal 1's close counts 9 rolls, the last logged is 7"
    )


def test_a_roll_past_the_close_count_is_caught() -> None:
    log = good_log()
    by_seq(log, 12)["data"]["rolls"] = 6
    problem = only_problem(seal(verify(log.events), 1))
    assert (
        problem.seq == 11 and "roll 7 is past the 6 rolls seal 1's close counts" in problem.message
    )


def test_a_duplicate_roll_number_names_both_events() -> None:
    log = good_log()
    twin = copy.deepcopy(by_seq(log, 10))
    twin.update(id=999, seq=99)
    log.events.insert(10, twin)
    report = seal(verify(log.events), 1)
    problem = only_problem(report)
    assert problem.seq == 99
    assert problem.message == "roll 6 of seal 1 again: event 10 has it too"
    assert report.checked == 7  # both copies show the stream's faces


def test_sides_that_count_other_dice_than_the_faces_shown() -> None:
    log = good_log()
    by_seq(log, 10)["data"]["seal"]["sides"] = [[10, 7]]
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.seq == 10
    assert problem.message == "the seal's sides count 7 dice, but the event shows 8 faces"


def test_other_sides_give_other_faces() -> None:
    log = good_log()
    by_seq(log, 10)["data"]["seal"]["sides"] = [[12, 8]]
    assert "not the stream's" in only_problem(seal(verify(log.events), 1)).message


def test_a_changed_nonce_or_roll_number_reads_another_stream() -> None:
    log = good_log()
    by_seq(log, 11)["data"]["seal"]["nonce"] = "table 2"
    assert "not the stream's" in only_problem(seal(verify(log.events), 1)).message
    log = good_log()
    by_seq(log, 4)["data"]["seal"]["roll_no"] = 8  # roll 1 missing, roll 8 past the count
    messages = [p.message for p in seal(verify(log.events), 1).problems]
    assert any("roll 1 is missing" in m for m in messages)
    assert any("not the stream's" in m for m in messages)


def test_an_open_seal_is_reported_open() -> None:
    log = good_log()
    del log.events[11:]  # seal 1 never closes
    report = seal(verify(log.events), 1)
    assert report.status == Status.OPEN and report.checked == 0 and report.hidden == 1
    assert report.commitment == hashlib.sha256(SEED_A).hexdigest()
    assert verify(log.events).ok


def test_an_open_seal_still_shows_a_broken_shape() -> None:
    log = good_log()
    by_seq(log, 14)["data"]["seal"]["sides"] = [[10, 3]]
    report = seal(verify(log.events), 2)
    assert report.status == Status.MISMATCH and not report.closed
    assert only_problem(report).seq == 14


def test_a_sealed_roll_after_its_seal_closed_is_caught() -> None:
    log = good_log()
    late = copy.deepcopy(by_seq(log, 10))
    late.update(id=500, seq=15)
    late["data"]["seal"]["roll_no"] = 8
    log.events.append(late)
    problems = seal(verify(log.events), 1).problems
    assert any(
        p.seq == 15 and p.message == "reads seal 1 after it was closed (event 12)" for p in problems
    )


def test_a_seal_never_opened() -> None:
    log = good_log()
    log.roll(9, SEED_A, 1, [[6, 2]])
    checked = verify(log.events)
    report = seal(checked, 9)
    messages = {p.message for p in report.problems}
    assert "reads seal 9 before it is opened" in messages
    assert "seal 9 is never opened: no seal-open names it" in messages
    assert "seals 3-8 are not in the log, though seal 9 is" in {p.message for p in checked.problems}
    assert not checked.ok


def test_a_seal_opened_twice_or_closed_before_opened() -> None:
    log = good_log()
    log.open(2, SEED_A)
    log.close(3, SEED_A, 0)
    checked = verify(log.events)
    assert "opens seal 2 again (event 13)" in str(seal(checked, 2).problems[0])
    three = {p.message for p in seal(checked, 3).problems}
    assert "closes seal 3 before it is opened" in three


def test_a_seal_opened_while_the_one_before_is_open() -> None:
    log = good_log()
    log.events[11], log.events[12] = log.events[12], log.events[11]  # open 2, then close 1
    problem = only_problem(seal(verify(log.events), 2))
    assert problem.message == "opens while seal 1 is still open"


def test_a_hidden_roll_counts_for_the_numbers_but_is_not_checked() -> None:
    report = seal(verify(good_log().events), 1)
    assert report.hidden == 1 and report.checked == 6
    log = good_log()
    revealed = by_seq(log, 9)
    hidden_faces = stream(SEED_A, 5, "secret", [[10, 2]])
    revealed["data"] = {
        "hidden": True,
        "result": {"dice": [{"face": f} for f in hidden_faces]},
        "seal": {"seal": 1, "roll_no": 5, "nonce": "secret", "sides": [[10, 2]]},
    }
    report = seal(verify(log.events), 1)  # the storyteller's log: the hidden roll in full
    assert report.status == Status.VERIFIED and report.hidden == 0 and report.checked == 7


def test_a_roll_naming_no_seal_once_seals_began_is_outside_every_seal_and_fails() -> None:
    log = good_log()
    log.unsealed([1, 2])  # seq 15: no seal, not typed, not seeded: the server chose its dice
    checked = verify(log.events)
    assert not checked.ok and checked.unclaimed == 1
    assert [str(p) for p in checked.outside] == [f"event 15: {OUTSIDE}"]
    assert checked.pre_seal == 1  # seq 2, from before the first seal: skipped, as before
    assert all(s.status != Status.MISMATCH for s in checked.seals) and not checked.problems
    answer = checked.to_dict()
    assert answer["ok"] is False and answer["unclaimed"] == 1
    assert [p["seq"] for p in answer["outside"]] == [15]


def test_typed_seeded_and_dieless_rolls_after_the_seals_are_not_outside() -> None:
    log = good_log()
    log.typed([4])
    log.add("rolled", {"seeded": True, "result": {"dice": [{"face": 2}]}})
    log.add("rested", {"character": "Ana", "rolls": []})  # its rule rolled no die
    log.add("rolled", {"result": "junk"})  # dice no seal's check could read: a roll all the same
    checked = verify(log.events)
    assert (checked.typed, checked.seeded) == (2, 1)
    assert [p.seq for p in checked.outside] == [18] and not checked.ok


def test_outside_words() -> None:
    assert outside_words(1) == "1 roll outside every seal"
    assert outside_words(3) == "3 rolls outside every seal"


@pytest.fixture
def table(sqlite_template: Path, tmp_path: Path) -> Iterator[Night]:
    db = sqlite_copy(sqlite_template, tmp_path)
    yield night(db)
    db.close()


def test_a_roll_forged_outside_every_seal_fails_though_the_chain_holds(table: Night) -> None:
    seq = table.roll("a1" * 16, table.commitment())
    table.close()
    export = table.export()
    assert verify(export["events"]).ok
    forged = forge_outside(export, seq, seq)  # the chain hashed again around it
    checked = verify(export["events"], [export["head"]["hash"]])
    assert checked.chain is not None and checked.chain.problems == ()
    assert checked.seals[0].status == Status.VERIFIED  # no seal's line can see it
    assert [(p.seq, p.message) for p in checked.outside] == [(forged, OUTSIDE)]
    assert not checked.ok


@pytest.mark.parametrize(
    ("seq", "field", "junk", "said"),
    [
        (12, "seed", "XYZ", "the seed is not 64 lowercase hex digits: 'XYZ'"),
        (12, "seed", SEED_A.hex().upper(), "the seed is not 64 lowercase hex digits"),
        (3, "commitment", 7, "the commitment is not 64 lowercase hex digits: 7"),
        (12, "rolls", "7", "the seal-close's count of rolls is not a whole number from 0: '7'"),
    ],
)
def test_a_malformed_seal_field_is_a_problem(seq: int, field: str, junk: Any, said: str) -> None:
    log = good_log()
    by_seq(log, seq)["data"][field] = junk
    messages = [str(p) for p in seal(verify(log.events), 1).problems]
    assert any(m.startswith(f"event {seq}: {said}") for m in messages), messages


@pytest.mark.parametrize(
    ("field", "junk", "said"),
    [
        ("roll_no", True, "its roll number is not a whole number from 1: True"),
        ("roll_no", 0, "its roll number is not a whole number from 1: 0"),
        ("nonce", None, "the seal's nonce is not text: None"),
        ("nonce", "caf\u00e9", "its dice cannot be read from the stream: a roll's nonce is"),
        ("sides", [[10]], "a run of the seal's sides is not [sides, count]: [10]"),
        ("sides", [[0, 8]], "a die of the seal's sides has 1..65536 sides, not 0"),
        ("sides", [[10, -1], [10, 9]], "a run's count of dice is not a whole number from 0: -1"),
        (
            "sides",
            [[10, 10**12]],
            "the seal's sides count 1000000000000 dice, but the event shows 8",
        ),
        ("sides", "d10", "the seal's sides are not a list of [sides, count]: 'd10'"),
    ],
)
def test_a_malformed_roll_field_is_a_problem(field: str, junk: Any, said: str) -> None:
    log = good_log()
    by_seq(log, 10)["data"]["seal"][field] = junk
    problems = seal(verify(log.events), 1).problems
    assert any(p.seq == 10 and p.message.startswith(said) for p in problems), problems


def test_malformed_events_are_problems_outside_the_seals() -> None:
    log = good_log()
    log.events += [
        "junk",
        {"id": 7, "kind": ["rolled"], "data": {}},
        {"seq": 40, "kind": "rolled", "data": None},
        {"kind": "rolled", "data": {"seal": {"seal": "one", "roll_no": 1}}},
    ]
    checked = verify(log.events)
    assert [str(p) for p in checked.problems] == [
        "entry 15 of the events: not an event: 'junk'",
        "entry 16 of the events: its kind is not text: ['rolled']",  # its id is never read
        "event 40: its data is not an object: None",
        "entry 18 of the events: the seal's number is not a whole number from 1: 'one'",
    ]
    assert not checked.ok
    assert seal(checked, 1).status == Status.VERIFIED


def test_a_face_that_is_not_a_number() -> None:
    log = good_log()
    by_seq(log, 4)["data"]["result"]["dice"][0]["face"] = "6"
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.seq == 4 and problem.message.startswith("a die has no whole-number face")


def test_an_unknown_kind_naming_a_seal_is_not_taken_on_trust() -> None:
    log = good_log()
    by_seq(log, 10)["kind"] = "damaged"
    problem = only_problem(seal(verify(log.events), 1))
    assert problem.message == "verify does not know where a 'damaged' event shows its faces"


def test_the_reports_as_json() -> None:
    log = good_log()
    by_seq(log, 10)["data"]["result"]["dice"][0]["face"] = 11
    data = verify(log.events).to_dict()
    assert data["ok"] is False and data["skipped"] == {"typed": 1, "seeded": 0, "pre_seal": 1}
    first = data["seals"][0]
    assert first["status"] == "mismatch" and first["rolls"] == 7 and first["checked"] == 6
    assert first["problems"][0]["seq"] == 10 and "event" not in first["problems"][0]
    assert data["seals"][1]["status"] == "open"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: each key of each object, each item of each list."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*path, index))
    return found


GOOD_PATHS = paths(good_log().events)[1:]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(GOOD_PATHS), JSON), min_size=1, max_size=4))
def test_junk_anywhere_gives_problems_never_an_exception(
    changes: list[tuple[tuple[Any, ...], Any]],
) -> None:
    events: Any = good_log().events
    for path, junk in changes:
        held = events
        try:
            for key in path[:-1]:
                held = held[key]
            held[path[-1]] = junk
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took this place away
    checked = verify(events)
    assert isinstance(checked.ok, bool)
    for report in checked.seals:
        assert (report.status == Status.MISMATCH) == bool(report.problems)
        for problem in report.problems:
            assert str(problem)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(JSON, max_size=6))
def test_a_list_of_anything_gives_problems_never_an_exception(events: list[Any]) -> None:
    verify(events).to_dict()


def test_numbers_no_log_could_hold_are_problems_not_errors() -> None:
    huge = 10**5000  # too long even to write out as text
    checked = verify([{"id": huge, "kind": "rolled", "data": {"seal": {"seal": huge}}}])
    assert [p.message for p in checked.problems] == [
        "the seal's number is not a whole number from 1: a number too large to write"
    ]


def packing_every_roll(value: Any) -> Any:
    """``value`` with every record's dice packed, however few (a large roll's logged form)."""
    if isinstance(value, list):
        return [packing_every_roll(v) for v in value]
    if not isinstance(value, dict):
        return value
    found = {k: packing_every_roll(v) for k, v in value.items()}
    if isinstance(value.get("dice"), list) and value["dice"]:
        found["dice"] = pack_dice(value["dice"])
    return found


def test_packed_dice_verify_as_their_list_did() -> None:
    log = good_log()
    packed_log = packing_every_roll(copy.deepcopy(log.events))
    assert packed_log != log.events
    assert verify(packed_log) == verify(log.events) and verify(packed_log).ok


def test_a_changed_packed_face_is_caught_and_damaged_packing_named() -> None:
    log = good_log()
    changed = packing_every_roll(copy.deepcopy(log.events))
    dice = changed[9]["data"]["result"]["dice"]  # seq 10: a d10 pool, one digit a face
    logged = int(dice["faces"][2], 36)
    dice["faces"] = dice["faces"][:2] + str(logged % 9 + 1) + dice["faces"][3:]
    problem = only_problem(seal(verify(changed), 1))
    assert problem.seq == 10 and f"die 3 shows {logged % 9 + 1}" in problem.message
    changed[9]["data"]["result"]["dice"]["kinds"] = "junk"
    problems = seal(verify(changed), 1).problems
    assert any(p.seq == 10 and "packed dice do not unpack" in p.message for p in problems)
