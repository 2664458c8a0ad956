"""The table as one seat sees it: the campaign, its story, and the sheets with their state.

A player sees the players' characters: those a player sits with, and those made for a player
(a sheet naming its player: one a player made, or one the storyteller made ready for a player,
which a player may then take). The storyteller's own characters, the rest, are the
storyteller's alone, as a screen would keep them. Hidden rolls change no sheet (they have no
effects), so a sheet never tells of one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from typing import Any

from dicepool.campaign.characters import create_character
from dicepool.campaign.seats import Role, Seat, take_character
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.character import Character
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.play import pool_of
from dicepool.sheet.traits import name_key
from dicepool.sheet.view import condition
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, campaign_by_id, campaign_sheets, sheets_and_seated
from dicepool.store.seats import campaign_seats
from dicepool.store.sql import Sql

FOR_A_PLAYER = "a player"
"""The player a sheet names when the storyteller made it ready for a player to take."""


@dataclass(frozen=True)
class TraitShown:
    """A trait as the sheet and the roll box show it: ``Firearms 3 (Pistols)``.

    Attributes:
        trait: its name.
        rating: its rating.
        specialties: the specialties it carries, in the sheet's order (classic's ``spec`` and
            storypath's need to know which trait carries one).
    """

    trait: str
    rating: int
    specialties: tuple[str, ...] = ()

    def __str__(self) -> str:
        held = f" ({', '.join(self.specialties)})" if self.specialties else ""
        return f"{self.trait} {self.rating}{held}"


@dataclass(frozen=True)
class Sheet:
    """A character as the table shows it: the sheet, its state, and who sits with it."""

    character: Character
    state: dict[str, object]
    seat: str | None

    def to_dict(self) -> dict[str, object]:
        """The sheet as the API shows it: the sheet's JSON, ``state`` and ``seat``."""
        return {**self.character.to_dict(), "state": self.state, "seat": self.seat}

    @property
    def shown_traits(self) -> list[TraitShown]:
        """Every trait in the sheet's order, each with its specialties."""
        held = self.character.specialties
        return [TraitShown(t, r, tuple(held.get(t, ()))) for t, r in self.character.traits.items()]

    @property
    def held_by(self) -> str:
        """Whose character it is, in words: its seat's, one made for a player to take, or the
        storyteller's own."""
        if self.seat is not None:
            return self.seat
        return "for a player to take" if self.character.player else "the storyteller's"


@dataclass(frozen=True)
class TableView:
    """The campaign, its story and the sheets one seat may see."""

    id: int
    campaign: CampaignState
    sheets: list[Sheet]
    seats: list[tuple[str, str, str | None]]  # name, role, character

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON: campaign, story (clock, Momentum pool, actions under way),
        seats and sheets."""
        state = self.campaign
        story: dict[str, Any] = {
            "clock": state.now.clock.to_dict(),
            "trackers": state.now.trackers.to_dict(),
        }
        if state.system == "storypath":
            story["momentum"] = pool_of(state).to_dict()
            story["advantages"] = state.now.advantages.to_dict()
            story["carries"] = state.now.carries.to_dict()
        return {
            "id": self.id,
            "name": state.name,
            "system": state.system,
            "house_rules": state.house_rules,
            "story": story,
            "seats": [{"name": n, "role": r, "character": c} for n, r, c in self.seats],
            "characters": [s.to_dict() for s in self.sheets],
        }

    def free(self) -> list[str]:
        """The characters made for a player that no player sits with: a new player may take
        one."""
        return [s.character.name for s in self.sheets if s.seat is None and s.character.player]

    def sheet(self, name: str) -> Sheet | None:
        """The sheet of character ``name`` this seat may see, or None."""
        key = name_key(name)
        return next((s for s in self.sheets if name_key(s.character.name) == key), None)


def table_view(db: Database, seat: Seat) -> TableView:
    """The table as ``seat`` sees it."""
    with db.read() as conn:
        row = campaign_by_id(conn, seat.campaign_id)
        assert row is not None, "a seat belongs to a campaign"
        state = row.state(campaign_sheets(conn, row))
        seats = [
            s
            for s in campaign_seats(conn, seat.campaign_id)
            if s.role != Role.INVITE and not s.revoked  # a revoked player left the table
        ]
    sitting = {s.character_key: s.name for s in seats if s.character_key and s.role == Role.PLAYER}
    sheets = [
        Sheet(c, condition(c, state.now), sitting.get(name_key(c.name)))
        for c in sorted(state.characters.values(), key=lambda c: c.name.casefold())
        if seat.storyteller or _the_players(c, sitting.keys())
    ]
    names = {name_key(c.name): c.name for c in state.characters.values()}
    shown = [(s.name, s.role, names.get(s.character_key or "")) for s in seats]
    return TableView(seat.campaign_id, state, sheets, shown)


def _the_players(character: Character, sitting: Collection[str]) -> bool:
    """Whether a character is the players' (every seat sees it): one a player sits with (by
    key), or one made for a player; the rest are the storyteller's own."""
    return name_key(character.name) in sitting or character.player is not None


def players_among(sheets: Iterable[Character], sitting: Collection[str]) -> frozenset[str]:
    """Which of a table's ``sheets`` are the players', by key, ``sitting`` being the
    characters players' seats sit with."""
    return frozenset(name_key(c.name) for c in sheets if _the_players(c, sitting))


def with_screen(conn: Sql, row: CampaignRow, screened: bool) -> tuple[CampaignState, CampaignState]:
    """A campaign's state, and that state as a ``screened`` seat's line may name it (a
    player's): with only the players' characters, so one of the storyteller's reads as one
    that is not there. The sheets and the seats players sit at are read in one statement."""
    if not screened:
        state = row.state(campaign_sheets(conn, row))
        return state, state
    sheets, sitting = sheets_and_seated(conn, row, Role.PLAYER)
    return screened_by(row, sheets, sitting, screened)


def screened_by(
    row: CampaignRow, sheets: list[Character], sitting: frozenset[str], screened: bool
) -> tuple[CampaignState, CampaignState]:
    """:func:`with_screen` from the sheets read, and the characters players' seats sit with
    (by key)."""
    state = row.state(sheets)
    if not screened:
        return state, state
    seen = players_among(sheets, sitting)
    held = {k: c for k, c in state.characters.items() if k in seen}
    return state, replace(state, characters=held)


def sit_with_new_character(
    db: Database, seat: Seat, name: str, traits: str, for_player: bool = False
) -> Seat:
    """Create a character (``traits``: ``"Dexterity=3 Stealth=2"``) and give it to ``seat``
    when it is a player's. The storyteller's stay theirs, seated by no one; one made
    ``for_player`` names :data:`FOR_A_PLAYER` as its player, for a player to take.

    Raises:
        AccessError: the invitation, or a player who sits with a character already.
        CampaignError, SheetError: as :func:`create_character`; nothing is stored.
    """
    if seat.role is Role.INVITE:
        raise AccessError("take a seat first: the invitation creates no character")
    if seat.character and not seat.storyteller:
        raise AccessError(f"you sit with {seat.character} already; one character a seat")
    player = (FOR_A_PLAYER if for_player else None) if seat.storyteller else seat.name
    sheet = create_character(db, seat.campaign, name, seat.name, player, traits)
    return seat if seat.storyteller else take_character(db, seat, sheet.name)


def sit_with(db: Database, seat: Seat, name: str) -> Seat:
    """A player with no character yet sits with character ``name``: one made for a player
    (its sheet names a player) that no other player sits with.

    Raises:
        AccessError: a seat that is not a player's, or one that sits with a character already
            (else a player could move to another's character and act for it).
        CampaignError: a character this seat may not see, or one another player sits with.
    """
    if seat.role is not Role.PLAYER:
        raise AccessError("only a player's seat sits with a character")
    if seat.character:
        raise AccessError(f"you sit with {seat.character} already; one character a seat")
    if table_view(db, seat).sheet(name) is None:  # the storyteller's own: not to be taken
        raise CampaignError(f"no character {name} for a player at this table")
    return take_character(db, seat, name)
