"""A seat's page of the log cut at a weight: the next page starts where it stopped, and a hidden
roll revealed to a player never parts from its reveal."""

from __future__ import annotations

import pytest

from dicepool.campaign.seats import Role, Seat
from dicepool.campaign.table import Page, SeenEvent, cut
from dicepool.sheet.events import Event, Kind

PLAYER = Seat(1, 1, "Night", Role.PLAYER, "Bo", None)
STORYTELLER = Seat(2, 1, "Night", Role.STORYTELLER, "st", None)


def event(seq: int, kind: Kind = Kind.ROLLED, **data: object) -> Event:
    return Event(kind, data, id=100 + seq, seq=seq)


def player_page() -> Page:
    """Seq 11..14 as a player reads them: 13 reveals the hidden roll 5, which comes first."""
    return Page(
        [
            SeenEvent(event(11)),
            SeenEvent(event(12)),
            SeenEvent(event(5), revealed=True),
            SeenEvent(event(13, Kind.REVEALED, event=105)),
            SeenEvent(event(14)),
        ],
        last=14,
    )


@pytest.mark.parametrize(
    ("sizes", "kept", "last"),
    [
        ([10, 10, 10, 10, 10], 5, 14),  # all fits: the page as read
        ([10, 10, 10, 10, 95], 4, 13),  # cut before 14
        ([10, 10, 10, 95, 10], 2, 12),  # the reveal does not fit: nor does its roll
        ([10, 10, 95, 10, 10], 2, 12),  # the roll does not fit: nor does its reveal
        ([10, 95, 10, 10, 10], 1, 11),
        ([200, 10, 10, 10, 10], 1, 11),  # one event at least, whatever it weighs
    ],
)
def test_a_players_page_is_cut_where_reading_on_loses_nothing(
    sizes: list[int], kept: int, last: int
) -> None:
    page = cut(PLAYER, player_page(), sizes, most=100)
    assert len(page.events) == kept and page.last == last
    assert page.more == (kept < 5)


def test_a_revealed_roll_first_on_the_page_comes_with_its_reveal() -> None:
    read = player_page()
    page = cut(PLAYER, Page(read.events[2:], 14), [80, 80, 10], most=100)
    assert [s.event.seq for s in page.events] == [5, 13] and page.last == 13


def test_the_storytellers_revealed_roll_stands_where_it_was_rolled() -> None:
    """The storyteller reads a revealed roll in its place: a cut just after it keeps it."""
    page = Page(
        [
            SeenEvent(event(11)),
            SeenEvent(event(12), revealed=True),
            SeenEvent(event(13, Kind.REVEALED, event=112)),
        ],
        last=13,
    )
    cut_page = cut(STORYTELLER, page, [10, 10, 95], most=100)
    assert [s.event.seq for s in cut_page.events] == [11, 12] and cut_page.last == 12
