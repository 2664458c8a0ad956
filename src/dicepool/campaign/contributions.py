"""Players' contributions to a seal: 32 random bytes a player's browser adds to the open seal
once its commitment is out, mixed into the key its stream is read with from then on (see
:func:`dicepool.core.stream.mixed_key`), so that the seed the server drew cannot have chosen
the faces of the rolls after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicepool.campaign.seats import Role, Seat
from dicepool.core.stream import CONTRIBUTION_BYTES, commitment, mixed_key
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import SealContributed
from dicepool.store.database import Database
from dicepool.store.log import append, campaign_by_id, events_of_kind
from dicepool.store.seals import mix_into, open_seal

HEX = frozenset("0123456789abcdef")

BROWSERS = 4
"""The most contributions one player's seat adds to a seal: one a browser the player opens the
table in (a player's page rolls only with its own contribution logged: see docs/dice.md, "The
scheme"), bounded so that a seat cannot grow a seal without end."""


@dataclass(frozen=True)
class Contributed:
    """A contribution logged: its ``seal-contributed`` event, and how many contributions the
    seal holds with it (the ``mixed`` a roll drawn now names)."""

    event: Event
    mixed: int


def contribute(
    db: Database, seat: Seat, seal: int, committed: str, contribution: str
) -> Contributed:
    """A player's browser adds ``contribution`` (32 random bytes, hex) to the open seal, whose
    commitment it has seen (``committed``): the ``seal-contributed`` event. At most
    :data:`BROWSERS` a player's seat and seal.

    Raises:
        AccessError: a seat that is not a player's (the storyteller's adds nothing: the
            server is the storyteller's).
        CampaignError: a seal that is not the open one, a commitment that is not its own, a
            contribution that is not 64 hex digits, one the seal holds already, or more than
            :data:`BROWSERS` from the seat.
    """
    if seat.role is not Role.PLAYER:
        raise AccessError("only a player's browser adds to a seal's dice")
    if len(contribution) != 2 * CONTRIBUTION_BYTES or set(contribution) - HEX:
        raise CampaignError(
            f"a contribution is {2 * CONTRIBUTION_BYTES} lowercase hex digits "
            f"({CONTRIBUTION_BYTES} random bytes): send a fresh one"
        )
    with db.write() as conn:
        row = campaign_by_id(conn, seat.campaign_id, lock=True)
        assert row is not None, "a seat belongs to a campaign"
        open_now = open_seal(conn, row.id)
        if open_now is None or open_now.number != seal:
            raise CampaignError(f"seal {seal} is not open at this table: reload the page")
        if commitment(bytes.fromhex(open_now.seed)) != committed:
            raise CampaignError(f"that is not seal {seal}'s commitment: reload the page")
        held = [
            (e.actor, SealContributed.of(e.data).contribution)
            for e in events_of_kind(conn, row.id, Kind.SEAL_CONTRIBUTED)
            if SealContributed.of(e.data).seal == seal
        ]
        if any(given == contribution for _, given in held):
            raise CampaignError(f"seal {seal} holds that contribution already: send a fresh one")
        if sum(actor == seat.name for actor, _ in held) >= BROWSERS:
            raise CampaignError(
                f"{seat.name} has added to seal {seal} from {BROWSERS} browsers already: "
                "roll from one of them"
            )
        key = mixed_key(bytes.fromhex(open_now.key), [bytes.fromhex(contribution)])
        mix_into(conn, open_now.id, key)
        added = event_of(Kind.SEAL_CONTRIBUTED, SealContributed(seal, contribution))
        return Contributed(append(conn, row.id, added, seat.name), open_now.mixed + 1)
