"""The storyteller manages the seats: invitations, revokes, new links, characters handed; each
change logged, tokens refused at once, and an undo that puts characters back but never brings
an old token back to life."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from dicepool.campaign import check, create_campaign, create_character, roll, undo
from dicepool.campaign import seats as seats_module
from dicepool.campaign.seat_admin import (
    hand_character,
    invitations_off,
    invitations_on,
    new_invitation,
    new_link,
    revoke_seat,
    seats_at,
    storyteller_link,
)
from dicepool.campaign.seats import (
    Role,
    Seat,
    find_seat_by_token,
    join_table,
    open_table,
    take_character,
)
from dicepool.campaign.table import undo_at_table
from dicepool.core.dice import ForcedDice
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.events import Event, Kind
from dicepool.store.database import HEAD, Database
from dicepool.store.log import campaign_events
from dicepool.store.seats import token_hash


def seat(db: Database, token: str) -> Seat:
    found = find_seat_by_token(db, token)
    assert found is not None
    return found


def night(db: Database) -> tuple[Seat, Seat, str, Seat, str]:
    """A table: the storyteller Mo, players Bo and Cy (their tokens), characters Ana and Eve."""
    table = open_table(db, "Night", "cofd", "Mo")
    invite = seat(db, table.invite)
    bo, bo_token = join_table(db, invite, "Bo")
    cy, cy_token = join_table(db, invite, "Cy")
    create_character(db, "Night", "Ana", "Mo")
    create_character(db, "Night", "Eve", "Mo")
    return seat(db, table.storyteller), bo, bo_token, cy, cy_token


def holding(db: Database, campaign_id: int) -> dict[str, str | None]:
    return {s.name: s.character for s in seats_at(db, campaign_id)}


def test_the_storytellers_list_has_every_seat_but_the_invitation_and_when_it_was_last_used(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = open_table(db, "Night", "cofd", "Mo")
    bo, bo_token = join_table(db, seat(db, table.invite), "Bo")
    listed = seats_at(db, table.campaign_id)
    assert [(s.name, s.role, s.character, s.revoked) for s in listed] == [
        ("Mo", Role.STORYTELLER, None, False),
        ("Bo", Role.PLAYER, None, False),
    ]
    told_id = seat(db, table.storyteller).id  # found by its token: used now
    assert listed[0].id == told_id and listed[1].id == bo.id
    seen = {s.name: s.last_seen for s in seats_at(db, table.campaign_id)}
    assert seen["Mo"] is not None and seen["Bo"] is None  # Bo's token not used since joining
    assert invitations_on(db, table.campaign_id)
    seat(db, table.storyteller)  # used again within the minute: not written again
    assert seats_at(db, table.campaign_id)[0].last_seen == seen["Mo"]
    monkeypatch.setattr(seats_module, "SEEN_EVERY", timedelta(0))
    seat(db, table.storyteller)
    later = seats_at(db, table.campaign_id)[0].last_seen
    assert later is not None and seen["Mo"] is not None and later > seen["Mo"]
    seat(db, bo_token)
    assert seats_at(db, table.campaign_id)[1].last_seen is not None


def test_a_new_invitation_ends_the_old_one_at_once(db: Database) -> None:
    table = open_table(db, "Night", "cofd", "Mo")
    old = seat(db, table.invite)
    change = new_invitation(db, table.campaign_id, "Mo")
    assert change.token is not None and find_seat_by_token(db, table.invite) is None
    assert change.event.kind is Kind.INVITATION_ISSUED and change.event.data == {"ends": [old.id]}
    with pytest.raises(AccessError, match="invitation no longer works"):
        join_table(db, old, "Bo")  # the old invitation, found before it was replaced
    invite = seat(db, change.token)
    assert invite.role is Role.INVITE
    bo, _ = join_table(db, invite, "Bo")
    assert bo.role is Role.PLAYER and invitations_on(db, table.campaign_id)


def test_invitations_off_refuse_joining_until_a_new_invitation(db: Database) -> None:
    table = open_table(db, "Night", "cofd", "Mo")
    invite = seat(db, table.invite)
    off = invitations_off(db, table.campaign_id, "Mo")
    assert off.token is None and off.event.data == {"ends": [invite.id]}
    assert find_seat_by_token(db, table.invite) is None and not invitations_on(
        db, table.campaign_id
    )
    with pytest.raises(AccessError, match="invitation no longer works"):
        join_table(db, invite, "Bo")
    with pytest.raises(CampaignError, match="off already"):
        invitations_off(db, table.campaign_id, "Mo")
    again = new_invitation(db, table.campaign_id, "Mo")
    assert again.event.data == {"ends": []} and invitations_on(db, table.campaign_id)
    assert again.token is not None
    join_table(db, seat(db, again.token), "Bo")
    assert [s.name for s in seats_at(db, table.campaign_id)] == ["Mo", "Bo"]


def test_a_revoked_seat_is_refused_at_once_and_its_character_is_free(db: Database) -> None:
    told, bo, bo_token, cy, _ = night(db)
    take_character(db, bo, "Ana")
    change = revoke_seat(db, told.campaign_id, "bo", "Mo")
    assert find_seat_by_token(db, bo_token) is None
    assert change.token is None and change.event.kind is Kind.SEAT_REVOKED
    assert change.event.data == {"seat": "Bo", "character": "Ana", "ends": [bo.id]}
    listed = {s.name: s for s in seats_at(db, told.campaign_id)}
    assert listed["Bo"].revoked and listed["Bo"].character is None
    assert take_character(db, cy, "Ana").character == "Ana"  # free for another seat
    with pytest.raises(AccessError, match="no longer works"):
        take_character(db, bo, "Eve")  # Bo's seat, found before the revoke
    with pytest.raises(CampaignError, match="revoked already"):
        revoke_seat(db, told.campaign_id, "Bo", "Mo")
    with pytest.raises(CampaignError, match="storyteller's seat cannot be revoked"):
        revoke_seat(db, told.campaign_id, "Mo", "Mo")
    with pytest.raises(CampaignError, match="no seat called Zed"):
        revoke_seat(db, told.campaign_id, "Zed", "Mo")
    invite = seat(db, new_invitation(db, told.campaign_id, "Mo").token or "")
    with pytest.raises(CampaignError, match="a seat called Bo"):
        join_table(db, invite, "Bo")  # the name stays Bo's: a new link seats them again
    assert check(db) == []


def test_a_new_link_works_the_old_one_does_not_and_it_reseats_a_revoked_player(
    db: Database,
) -> None:
    told, bo, bo_token, _, _ = night(db)
    take_character(db, bo, "Ana")
    change = new_link(db, told.campaign_id, "Bo", "Mo")
    assert change.token is not None and find_seat_by_token(db, bo_token) is None
    again = seat(db, change.token)
    assert (again.id, again.name, again.character) == (bo.id, "Bo", "Ana")
    assert change.event.data == {"seat": "Bo", "role": "player", "reseated": False, "ends": [bo.id]}
    revoke_seat(db, told.campaign_id, "Bo", "Mo")
    assert find_seat_by_token(db, change.token) is None
    back = new_link(db, told.campaign_id, "Bo", "Mo")
    assert back.event.data["reseated"] is True and back.token is not None
    reseated = seat(db, back.token)
    assert (reseated.id, reseated.role, reseated.character) == (bo.id, Role.PLAYER, None)
    assert not {s.name: s.revoked for s in seats_at(db, told.campaign_id)}["Bo"]


def test_a_storytellers_stray_link_is_ended_by_a_new_one(db: Database) -> None:
    table = open_table(db, "Night", "cofd", "Mo")
    mine = new_link(db, table.campaign_id, "Mo", "Mo")
    assert find_seat_by_token(db, table.storyteller) is None
    assert mine.token is not None and seat(db, mine.token).storyteller


def test_the_storyteller_hands_characters_to_players_and_takes_them_back(db: Database) -> None:
    told, bo, _, cy, cy_token = night(db)
    where = told.campaign_id
    handed = hand_character(db, where, "ana", "bo", "Mo")
    assert handed.event.kind is Kind.CHARACTER_HANDED and handed.token is None
    assert handed.event.data["character"] == "Ana" and handed.event.data["seat"] == "Bo"
    assert holding(db, where) == {"Mo": None, "Bo": "Ana", "Cy": None}
    moved = hand_character(db, where, "Ana", "Cy", "Mo")  # moves from Bo to Cy
    assert moved.event.data["from"] == "Bo"
    assert holding(db, where) == {"Mo": None, "Bo": None, "Cy": "Ana"}
    assert seat(db, cy_token).character == "Ana"
    hand_character(db, where, "Eve", "Cy", "Mo")  # Cy's Ana is free again
    assert holding(db, where) == {"Mo": None, "Bo": None, "Cy": "Eve"}
    taken = hand_character(db, where, "Eve", None, "Mo")
    assert taken.event.data["seat"] is None and taken.event.data["from"] == "Cy"
    assert holding(db, where) == {"Mo": None, "Bo": None, "Cy": None}
    with pytest.raises(CampaignError, match="nothing to take back"):
        hand_character(db, where, "Eve", None, "Mo")
    with pytest.raises(CampaignError, match="only a player's seat"):
        hand_character(db, where, "Eve", "Mo", "Mo")
    with pytest.raises(CampaignError, match="no character `Zed`"):
        hand_character(db, where, "Zed", "Bo", "Mo")
    revoke_seat(db, where, "Bo", "Mo")
    with pytest.raises(CampaignError, match="revoked: issue it a new link"):
        hand_character(db, where, "Eve", "Bo", "Mo")
    assert bo.id != cy.id and check(db) == []


def last_event(db: Database, campaign_id: int) -> Event:
    with db.read() as conn:
        return campaign_events(conn, campaign_id)[-1]


def test_taking_a_character_is_logged_and_its_undo_puts_it_back(db: Database) -> None:
    told, bo, bo_token, _, _ = night(db)
    taken = take_character(db, bo, "Ana")
    last = last_event(db, told.campaign_id)
    assert last.kind is Kind.CHARACTER_TAKEN and last.actor == "Bo"
    assert last.data["seat"] == "Bo" and last.data["character"] == "Ana"
    assert last.data["moves"] == [{"seat_id": bo.id, "seat": "Bo", "before": None, "after": "Ana"}]
    take_character(db, taken, "Ana")  # sits with it already: nothing new logged
    assert last_event(db, told.campaign_id).id == last.id
    undone, _ = undo_at_table(db, told, last.seq)
    assert seat(db, bo_token).character is None
    undo(db, "Night", "Mo", undone.seq)  # undo the undo: Bo sits with Ana again
    assert seat(db, bo_token).character == "Ana"
    assert check(db) == []


def test_an_undo_of_a_hand_puts_each_character_back_and_refuses_when_the_seats_moved_on(
    db: Database,
) -> None:
    told, bo, _, cy, _ = night(db)
    where = told.campaign_id
    take_character(db, bo, "Ana")
    take_character(db, cy, "Eve")
    moved = hand_character(db, where, "Ana", "Cy", "Mo").event  # Cy's Eve freed, Bo left bare
    assert holding(db, where) == {"Mo": None, "Bo": None, "Cy": "Ana"}
    undone, target = undo(db, "Night", "Mo", moved.seq)
    assert target.id == moved.id
    assert holding(db, where) == {"Mo": None, "Bo": "Ana", "Cy": "Eve"}
    restored, _ = undo(db, "Night", "Mo", undone.seq)
    assert holding(db, where) == {"Mo": None, "Bo": None, "Cy": "Ana"}
    back = hand_character(db, where, "Ana", None, "Mo").event  # a later change of the seats
    with pytest.raises(CampaignError, match="Cy no longer sits with Ana"):
        undo(db, "Night", "Mo", restored.seq)  # would re-undo the hand: the seats moved on
    assert holding(db, where) == {"Mo": None, "Bo": None, "Cy": None}  # nothing changed
    take_character(db, seat_of(db, where, "Bo"), "Ana")
    with pytest.raises(CampaignError, match="two players would sit with one character"):
        undo(db, "Night", "Mo", back.seq)  # Cy would get Ana back, whom Bo took meanwhile
    assert holding(db, where) == {"Mo": None, "Bo": "Ana", "Cy": None}
    assert check(db) == []


def seat_of(db: Database, campaign_id: int, name: str) -> Seat:
    """A seat as its holder's requests find it (without its token: by its row)."""
    info = next(s for s in seats_at(db, campaign_id) if s.name == name)
    return Seat(info.id, campaign_id, "Night", info.role, info.name, info.character, "cofd")


def test_a_revoke_a_link_or_an_invitation_cannot_be_undone(db: Database) -> None:
    told, bo, _, _, _ = night(db)
    where = told.campaign_id
    rolled = roll(db, "Night", "chronicles 1", ForcedDice([8]), "Mo").event
    refusals = [
        (new_invitation(db, where, "Mo").event, "turn invitations off instead"),
        (invitations_off(db, where, "Mo").event, "issue a new invitation instead"),
        (revoke_seat(db, where, "Bo", "Mo").event, "issue a new link to seat them again"),
        (new_link(db, where, "Bo", "Mo").event, "the old link never works again"),
    ]
    for event, why in refusals:
        with pytest.raises(CampaignError, match=why):
            undo_at_table(db, told, event.seq)
    # a bare undo passes them by, as it passes the seals: the roll before them is undone
    _, target = undo(db, "Night", "Mo")
    assert target.id == rolled.id
    assert bo.id in {s.id for s in seats_at(db, where) if not s.revoked}  # re-seated, still
    assert check(db) == []


def test_a_campaign_from_the_command_line_gets_a_storytellers_link(db: Database) -> None:
    create_campaign(db, "Saga", "storypath", "mo")
    first = storyteller_link(db, "saga", "Mo")
    told = seat(db, first)
    assert told.storyteller and told.campaign == "Saga" and told.name == "Mo"
    (campaign_id,) = {told.campaign_id}
    assert invitations_on(db, campaign_id)  # an invitation is there: a new one gives its link
    second = storyteller_link(db, "Saga", "Mo")
    assert seat(db, first).id == told.id  # the first link keeps working
    assert seat(db, second).name == "Mo 2" and seat(db, second).storyteller
    assert [s.name for s in seats_at(db, campaign_id)] == ["Mo", "Mo 2"]
    kinds = [e.kind for e in events_of(db, campaign_id)[-3:]]
    assert kinds == [Kind.LINK_ISSUED, Kind.INVITATION_ISSUED, Kind.LINK_ISSUED]
    assert seat(db, storyteller_link(db, "Saga", "not a name!")).name == "storyteller"
    with pytest.raises(CampaignError, match="no campaign `Nope`"):
        storyteller_link(db, "Nope", "Mo")
    assert check(db) == []


def events_of(db: Database, campaign_id: int) -> list[Event]:
    with db.read() as conn:
        return campaign_events(conn, campaign_id)


def test_no_event_holds_a_token_or_its_hash(db: Database) -> None:
    table = open_table(db, "Night", "cofd", "Mo")
    tokens = [table.storyteller, table.invite]
    bo, bo_token = join_table(db, seat(db, table.invite), "Bo")
    tokens.append(bo_token)
    create_character(db, "Night", "Ana", "Mo")
    take_character(db, bo, "Ana")
    where = table.campaign_id
    for change in (
        new_invitation(db, where, "Mo"),
        new_link(db, where, "Bo", "Mo"),
        hand_character(db, where, "Ana", None, "Mo"),
        revoke_seat(db, where, "Bo", "Mo"),
        new_link(db, where, "Bo", "Mo"),
        invitations_off(db, where, "Mo"),
        new_invitation(db, where, "Mo"),
    ):
        if change.token is not None:
            tokens.append(change.token)
    tokens.append(storyteller_link(db, "Night", "Mo"))
    logged = json.dumps([[e.actor, e.data] for e in events_of(db, where)])
    assert len(set(tokens)) == 8
    for token in tokens:
        assert token not in logged and token_hash(token) not in logged
    assert {e.kind for e in events_of(db, where)} >= {
        Kind.CHARACTER_TAKEN,
        Kind.CHARACTER_HANDED,
        Kind.INVITATION_ISSUED,
        Kind.INVITATIONS_OFF,
        Kind.SEAT_REVOKED,
        Kind.LINK_ISSUED,
    }


def test_a_table_made_before_seats_were_managed_keeps_its_seats_after_the_upgrade(
    database_url: str,
) -> None:
    """Migration 0007 on both databases: the seats of schema 0006 stay open, unseen so far."""
    import sqlalchemy as sa

    from dicepool.store.migrate import upgrade

    old = Database(database_url)
    with old.engine.connect() as conn, conn.begin():
        upgrade(conn, "0006")
    old.close()
    token = "t" * 43
    db = Database(database_url)
    try:
        with db.engine.connect() as conn, conn.begin():
            campaign = conn.execute(
                sa.text(
                    "INSERT INTO campaigns (name, name_key, system, house_rules, last_seq) "
                    "VALUES ('Night', 'night', 'chronicles', '', 0) RETURNING id"
                )
            ).scalar_one()
            conn.execute(
                sa.text(
                    "INSERT INTO seats (campaign_id, role, name, token_hash) "
                    "VALUES (:c, 'player', 'Bo', :h)"
                ),
                {"c": campaign, "h": token_hash(token)},
            )
        assert db.version() == "0006"
        db.ensure_schema()
        assert db.version() == HEAD  # 0007, and every migration after it
        [info] = seats_at(db, campaign)
        assert (info.name, info.revoked, info.last_seen) == ("Bo", False, None)
        assert seat(db, token).name == "Bo"
        assert seats_at(db, campaign)[0].last_seen is not None
    finally:
        db.close()
