"""The table's dice statistics from a real log: exact counts per seat and die size, undone and
typed rolls left out, a character's rolls alone, and a player's view of a hidden roll."""

from __future__ import annotations

import pytest

from dicepool.campaign import create_campaign, create_character, undo
from dicepool.campaign.dice_stats import (
    STRUCK,
    TYPED,
    UNREADABLE,
    DiceStats,
    Tally,
    dice_stats,
    lines_sentence,
    table_dice_stats,
)
from dicepool.campaign.line_odds import TOO_COSTLY, LineOdds
from dicepool.campaign.table import reveal
from dicepool.errors import CampaignError
from dicepool.odds import Budget
from dicepool.sheet.events import Event, Kind
from dicepool.store.database import Database
from dicepool.store.log import append, find_campaign

from ...tables_faces import Faces, roll, roll_at_table
from .tables import seated


def counts(tally: Tally, sides: int) -> list[int]:
    found = [fit for fit in tally.dice if fit.sides == sides]
    assert len(found) == 1, [fit.sides for fit in tally.dice]
    return list(found[0].counts)


def mean(numbers: str) -> float:
    """A line's exact expected total."""
    line = LineOdds().line(numbers)
    assert line is not None and line.means is not None
    return line.means[0]


def actor(stats: DiceStats, name: str) -> Tally:
    return next(t for t in stats.actors if t.actor == name)


@pytest.fixture
def night(db: Database) -> Database:
    """A chronicles campaign: Ana (Bo's) and the storyteller's Guard."""
    create_campaign(db, "Night", "cofd", "mo")
    create_character(db, "Night", "Ana", "mo", "Bo", "Dexterity=3 Stealth=2")
    create_character(db, "Night", "Guard", "mo", changes="Wits=2 Composure=3")
    return db


def test_every_face_counted_per_seat_and_die_with_the_lines_odds(night: Database) -> None:
    roll(night, "Night", "chronicles 3", Faces(8, 9, 2), "mo")
    roll(night, "Night", "Dexterity + Stealth", Faces(10, 1, 2, 3, 4, 5), "bo", "Ana")  # 10!
    roll(night, "Night", "chronicles 3 rote", Faces(1, 2, 8, 3, 10, 4), "bo")  # 2 rerolled, 10!
    stats = dice_stats(night, "Night")
    assert stats.counted == "successes" and stats.left_out == {}
    assert [t.actor for t in stats.actors] == ["bo", "mo"]
    assert counts(actor(stats, "mo"), 10) == [0, 1, 0, 0, 0, 0, 0, 1, 1, 0]
    assert counts(actor(stats, "bo"), 10) == [2, 2, 2, 2, 1, 0, 0, 1, 0, 2]
    assert counts(stats.table, 10) == [2, 3, 2, 2, 1, 0, 0, 2, 1, 2]
    assert stats.table.rolls == 3 and actor(stats, "bo").rolls == 2
    lines = stats.table.lines
    assert lines.compared == 3 and lines.observed == 2 + 1 + 2
    # each line's exact mean: 3 dice, 5 dice, 3 dice rote, all 10-again
    means = [mean(n) for n in ("chronicles 3", "chronicles 5", "chronicles 3 rote")]
    assert lines.expected == pytest.approx(sum(means))
    assert actor(stats, "mo").lines.expected == pytest.approx(means[0])
    fit = stats.table.dice[0]
    assert fit.faces == 15 and fit.expected == 1.5 and fit.reliable is False
    said = lines_sentence(lines, "successes")
    assert said.startswith("The table rolled 3 lines whose exact expected successes total")


def test_an_undone_roll_a_typed_one_and_an_unreadable_one_are_left_out(night: Database) -> None:
    kept = roll(night, "Night", "chronicles 2", Faces(8, 2), "mo")
    gone = roll(night, "Night", "chronicles 2", Faces(10, 10, 1, 1), "mo")
    struck, _ = undo(night, "Night", "mo", gone.event.seq)
    with night.write() as conn:  # faces typed by hand, as `roll --dice` will mark them
        row = find_campaign(conn, "Night")
        assert row is not None
        append(conn, row.id, Event(Kind.ROLLED, {**kept.event.data, "typed": True}), "mo")
        # a line the language no longer reads: its faces are of no known die
        append(conn, row.id, Event(Kind.ROLLED, {**kept.event.data, "numbers": "dnd 2"}), "mo")
    stats = dice_stats(night, "Night")
    assert stats.left_out == {STRUCK: 1, TYPED: 1, UNREADABLE: 1}
    assert counts(stats.table, 10) == [0, 1, 0, 0, 0, 0, 0, 1, 0, 0]
    assert stats.table.rolls == 1 and stats.table.lines.observed == 1
    undo(night, "Night", "mo", struck.seq)  # the undo undone: the roll stands again
    restored = dice_stats(night, "Night")
    assert restored.left_out == {TYPED: 1, UNREADABLE: 1}
    assert counts(restored.table, 10) == [2, 1, 0, 0, 0, 0, 0, 1, 0, 2]


def test_a_characters_rolls_alone(night: Database) -> None:
    roll(night, "Night", "Dexterity", Faces(9, 1, 4), "bo", "Ana")
    roll(night, "Night", "Guard: Wits", Faces(3, 3), "mo")
    # a contest: only the side Ana rolled is hers
    roll(night, "Night", "Ana: Dex vs Guard: Wits", Faces(7, 7, 7, 2, 2), "mo")
    ana = dice_stats(night, "Night", "ana")
    assert ana.character == "Ana" and ana.table.rolls == 2
    assert counts(ana.table, 10) == [1, 0, 0, 1, 0, 0, 3, 0, 1, 0]
    guard = dice_stats(night, "Night", "Guard")
    assert counts(guard.table, 10) == [0, 2, 2, 0, 0, 0, 0, 0, 0, 0]
    assert guard.table.lines.expected == pytest.approx(2 * mean("chronicles 2"))
    with pytest.raises(CampaignError, match="no character `Nobody`"):
        dice_stats(night, "Night", "Nobody")
    with pytest.raises(CampaignError, match="no campaign `Day`"):
        dice_stats(night, "Day")


def test_sundown_counts_hits_on_d6_and_custom_dice_their_own_size(db: Database) -> None:
    create_campaign(db, "Run", "sundown", "mo")
    roll(db, "Run", "sundown 4", Faces(5, 6, 1, 1), "mo")
    create_campaign(db, "Home", "custom", "mo")
    roll(db, "Home", "custom 2d8 t6", Faces(8, 8), "mo")
    roll(db, "Home", "custom 3d4 t3", Faces(4, 1, 1), "mo")
    run = dice_stats(db, "Run")
    assert run.counted == "hits" and counts(run.table, 6) == [2, 0, 0, 0, 1, 1]
    assert run.table.lines.observed == 2
    assert run.table.lines.expected == pytest.approx(4 / 3)
    home = dice_stats(db, "Home")
    assert [f.sides for f in home.table.dice] == [4, 8]
    assert counts(home.table, 4) == [2, 0, 0, 1] and counts(home.table, 8)[7] == 2


def test_a_line_over_the_budget_is_counted_but_not_compared(night: Database) -> None:
    roll(night, "Night", "chronicles 2", Faces(8, 2), "mo")
    stats = dice_stats(night, "Night", odds=LineOdds(Budget(seconds=1e-9)))
    assert counts(stats.table, 10)[7] == 1
    assert stats.table.lines.compared == 0
    assert stats.table.lines.not_compared == {TOO_COSTLY: 1}
    assert "not compared: odds over the budget (1)" in lines_sentence(stats.table.lines, "x")


def test_a_player_sees_a_hidden_roll_only_once_it_is_revealed(db: Database) -> None:
    told, player = seated(db, "Night", "cofd", "Mo", "Pat")
    roll_at_table(db, told, "chronicles 2", Faces(8, 9))
    secret = roll_at_table(db, told, "chronicles 3", Faces(1, 1, 1), hidden=True)
    # the storyteller's characters stay behind the screen
    create_character(db, "Night", "Warden", "Mo", changes="Wits=2")
    assert counts(table_dice_stats(db, told).table, 10)[0] == 3
    before = table_dice_stats(db, player)
    assert counts(before.table, 10) == [0, 0, 0, 0, 0, 0, 0, 1, 1, 0]
    assert before.table.rolls == 1 and before.left_out == {}
    with pytest.raises(CampaignError, match="no character `Warden`"):
        table_dice_stats(db, player, "Warden")
    assert table_dice_stats(db, told, "Warden").table.rolls == 0
    reveal(db, told, secret.event.seq)
    after = table_dice_stats(db, player)
    assert counts(after.table, 10) == [3, 0, 0, 0, 0, 0, 0, 1, 1, 0]
    assert after.to_dict() == table_dice_stats(db, told).to_dict()
