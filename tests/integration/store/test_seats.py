"""Seats of a web table: tokens kept hashed, roles, and hidden rolls kept from players."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicepool.campaign import check, create_character, roll, undo
from dicepool.campaign.seats import (
    Role,
    find_seat_by_token,
    join_table,
    may_act_for,
    open_table,
    take_character,
)
from dicepool.campaign.table import events_for, read_log, reveal, view_of, visible
from dicepool.core.dice import ForcedDice
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.events import Kind
from dicepool.store.database import Database, sqlite_path


def test_a_table_opens_with_two_long_tokens_kept_only_as_hashes(db: Database) -> None:
    table = open_table(db, "Night", "cofd", "Mo")
    assert len({table.storyteller, table.invite}) == 2
    assert min(len(table.storyteller), len(table.invite)) >= 43  # 256 bits, base64
    told = find_seat_by_token(db, table.storyteller)
    assert told is not None and told.role is Role.STORYTELLER and told.name == "Mo"
    invite = find_seat_by_token(db, table.invite)
    assert invite is not None and invite.role is Role.INVITE
    for bad in ("", "x" * 500, table.storyteller[:-1], "é" * 43):
        assert find_seat_by_token(db, bad) is None
    path = sqlite_path(db.url)
    if path is not None:  # the file holds no token, only hashes
        data = Path(path).read_bytes() + Path(f"{path}-wal").read_bytes()
        assert table.storyteller.encode() not in data and table.invite.encode() not in data


def test_players_join_with_the_invitation_and_act_only_for_their_character(db: Database) -> None:
    table = open_table(db, "Night", "cofd")
    invite = find_seat_by_token(db, table.invite)
    assert invite is not None
    seat, token = join_table(db, invite, "Bo")
    assert seat.role is Role.PLAYER and find_seat_by_token(db, token) == seat
    with pytest.raises(AccessError, match="only the table's invitation"):
        join_table(db, seat, "Cy")
    create_character(db, "Night", "Ana", "st")
    create_character(db, "Night", "Guard", "st")
    with pytest.raises(AccessError, match="pick your character first"):
        may_act_for(seat, "Ana")
    seat = take_character(db, seat, "ana")
    assert seat.character == "Ana" and find_seat_by_token(db, token) == seat
    may_act_for(seat, "ANA")
    with pytest.raises(AccessError, match="plays Ana, not Guard"):
        may_act_for(seat, "Guard")
    other, _ = join_table(db, invite, "Cy")
    with pytest.raises(CampaignError, match="another player sits with Ana"):
        take_character(db, other, "Ana")
    told = find_seat_by_token(db, table.storyteller)
    assert told is not None
    may_act_for(told, "Guard")


def test_a_hidden_roll_is_kept_from_players_until_revealed(db: Database) -> None:
    table = open_table(db, "Night", "cofd")
    told, invite = find_seat_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    player, _ = join_table(db, invite, "Bo")
    public = roll(db, "Night", "chronicles 2", ForcedDice([8, 3]), "st").event
    secret = roll(db, "Night", "chronicles 2", ForcedDice([9, 1]), "st", hidden=True).event
    seen = {s.event.id: s for s in events_for(db, player).events}
    # faces typed by hand: no seal numbers it, so it is the storyteller's private work
    assert not seen[public.id].concealed and seen[secret.id].concealed
    assert seen[secret.id].event.data == {} and seen[secret.id].event.actor == ""
    assert secret.id in [s.event.id for s in events_for(db, told).events]
    with pytest.raises(AccessError, match="only the storyteller"):
        reveal(db, player, secret.seq)
    with pytest.raises(CampaignError, match="is not hidden"):
        reveal(db, told, public.seq)
    shown = reveal(db, told, secret.seq)
    assert shown.kind is Kind.REVEALED
    after = {s.event.id: s for s in events_for(db, player).events}
    assert after[secret.id].revealed and after[shown.id].event.data == {
        "event": {"seq": secret.seq}
    }
    with pytest.raises(CampaignError, match="revealed already"):
        reveal(db, told, secret.seq)
    with pytest.raises(CampaignError, match="cannot be undone"):
        undo(db, "Night", "st", shown.seq)
    assert check(db) == []


def test_an_undo_of_a_hidden_roll_is_hidden_too_and_pages_follow_after(db: Database) -> None:
    table = open_table(db, "Night", "cofd")
    invite = find_seat_by_token(db, table.invite)
    assert invite is not None
    player, _ = join_table(db, invite, "Bo")
    secret = roll(db, "Night", "chronicles 1", ForcedDice([9]), "st", hidden=True).event
    undone, _ = undo(db, "Night", "st", secret.seq)
    # the campaign's creation and its first seal; the roll (typed: no seal numbers it) and its
    # undo as the same placeholder
    seen = [(s.event.seq, s.kind) for s in events_for(db, player).events]
    assert seen == [(1, "campaign-created"), (2, "seal-open"), (3, "concealed"), (4, "concealed")]
    rolled = [roll(db, "Night", "chronicles 1", ForcedDice([5]), "st").event for _ in range(3)]
    page = events_for(db, player, after=undone.seq, limit=2)
    assert [s.event.id for s in page.events] == [r.id for r in rolled[:2]]
    with pytest.raises(CampaignError, match=r"1\.\.500"):
        events_for(db, player, limit=501)


def test_a_hidden_roll_spends_and_gains_nothing_the_table_would_see(db: Database) -> None:
    from dicepool.campaign.campaigns import load_campaign
    from dicepool.errors import SheetError
    from dicepool.sheet.spends import Spends

    open_table(db, "Saga", "storypath")
    create_character(db, "Saga", "Ana", "st", changes="Dexterity=2")
    roll(db, "Saga", "Dexterity", ForcedDice([2, 3]), "st", "Ana", hidden=True)  # a failure
    assert load_campaign(db, "Saga").now.momentum == 0  # no Consolation to tell of it
    with pytest.raises(SheetError, match="a hidden roll spends nothing"):
        roll(db, "Saga", "Dexterity", ForcedDice([2, 3]), "st", "Ana", Spends(momentum=1), True)


def test_a_player_who_read_past_a_hidden_roll_gets_it_with_its_reveal(db: Database) -> None:
    table = open_table(db, "Night", "cofd")
    told, invite = find_seat_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    player, _ = join_table(db, invite, "Bo")
    secret = roll(db, "Night", "chronicles 1", ForcedDice([9]), "st", hidden=True).event
    other = roll(db, "Night", "chronicles 1", ForcedDice([9]), "st", hidden=True).event
    read = events_for(db, player).last  # past both hidden rolls, seeing neither
    undone, _ = undo(db, "Night", "st", other.seq)  # on a later page: still tells nothing
    shown = reveal(db, told, secret.seq)
    page = events_for(db, player, after=read)
    seen = [(s.event.id, s.revealed, s.concealed) for s in page.events]
    assert seen == [(undone.id, False, True), (secret.id, True, False), (shown.id, False, False)]


def test_one_read_of_the_log_shows_each_seat_what_its_own_read_would(db: Database) -> None:
    """A server reads the log once for all its live clients (read_log) and shows it to each seat
    (visible); from any point of that read, each seat sees what events_for would give it."""
    table = open_table(db, "Night", "cofd")
    told, invite = find_seat_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    player, _ = join_table(db, invite, "Bo")
    secret = roll(db, "Night", "chronicles 1", ForcedDice([9]), "st", hidden=True).event
    plain = roll(db, "Night", "chronicles 1", ForcedDice([4]), "st").event
    other = roll(db, "Night", "chronicles 1", ForcedDice([8]), "st", hidden=True).event
    undo(db, "Night", "st", other.seq)  # an undo of a hidden roll never revealed
    reveal(db, told, secret.seq)
    public, _ = undo(db, "Night", "st", plain.seq)  # an undo everyone sees
    read = read_log(db, told.campaign_id)
    assert read.last == public.seq and [e.seq for e in read.events] == list(range(1, read.last + 1))
    for seat in (told, player):
        for after in range(read.last + 1):
            seen = events_for(db, seat, after).events
            assert visible(seat, read, after, concealed=True) == seen, (seat, after)
            assert visible(seat, read, after) == [s for s in seen if not s.concealed]
    shown = [(s.event.id, s.revealed) for s in visible(player, read)]
    assert (secret.id, True) in shown and other.id not in [i for i, _ in shown]
    assert not any(s.event.data.get("hidden") and not s.revealed for s in visible(player, read))
    assert view_of(player) != view_of(told)
    with pytest.raises(CampaignError, match="reads only its own log"):
        visible(player, read_log(db, open_table(db, "Day", "cofd").campaign_id))
