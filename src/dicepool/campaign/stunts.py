"""storypath's Stunts bought and Drawbacks carried forward on a logged roll (ruling 20): the
use cases, each one transaction that reads the roll from the log and decides the event.

The event copies what it needs of the roll (its roller, its stunt successes), so its rule
(:mod:`dicepool.sheet.storypath.stunt_play`) decides it from the campaign alone, on replay as
at the table; the roll cannot be undone while what was bought on it stands
(:data:`dicepool.campaign.history.LINKED`).
"""

from __future__ import annotations

from dicepool.campaign.acted_on import MayActFor, logged_roll
from dicepool.campaign.play import Acted, act_on_log
from dicepool.errors import CampaignError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import effects_of
from dicepool.sheet.refs import EventRef
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.payloads import DrawbackCarried, DrawbackNamed, StuntBought
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow
from dicepool.store.sql import Sql


def buy_stunt(
    db: Database,
    campaign: str,
    seq: int,
    effect: str,
    level: int,
    adversary: str | None,
    what: str,
    actor: str,
    may_act_for: MayActFor = lambda _name: None,
) -> Acted:
    """Buy a Stunt with the stunt successes of the roll logged at ``seq`` (ruling 20): it waits
    for the buyer's roll that names it (``enhancement``) or the ``adversary``'s next roll.

    Raises:
        CampaignError: no such roll, or one that buys no Stunt.
        SheetError: too few stunt successes left, no adversary named where one is needed.
        AccessError: ``may_act_for`` refuses (a player, another's roll).
    """

    def decide(conn: Sql, row: CampaignRow, state: CampaignState) -> Event:
        target, roll = logged_roll(conn, row, seq, "a Stunt is bought on", "storypath", may_act_for)
        assert roll.roller is not None, "a roll with a character's (checked)"
        buyer = state.character(roll.roller).name
        may_act_for(buyer)
        successes = int(roll.result.get("stunt_successes", 0))
        bought = StuntBought(EventRef.to(target), buyer, effect, level, successes, adversary, what)
        return event_of(Kind.STUNT_BOUGHT, bought)

    return act_on_log(db, campaign, actor, decide)


def carry_drawback(
    db: Database,
    campaign: str,
    seq: int,
    effect: str,
    level: int,
    antagonist: str | None,
    actor: str,
    may_act_for: MayActFor = lambda _name: None,
) -> Acted:
    """Carry the Drawback named on the roll logged at ``seq`` to a later action (ruling 20).

    Raises:
        CampaignError: no such roll, or one that named no Drawback.
        SheetError: a Complication (the roll's own), an antagonist missing or named where
            none is, the roll's Drawback carried already.
        AccessError: ``may_act_for`` refuses.
    """

    def decide(conn: Sql, row: CampaignRow, state: CampaignState) -> Event:
        target, roll = logged_roll(
            conn, row, seq, "a Drawback is carried from", "storypath", may_act_for
        )
        assert roll.roller is not None, "a roll with a character's (checked)"
        if "drawback" not in effects_of(target.data):
            raise CampaignError(
                f"event {seq} named no Drawback (--drawback TEXT on a roll whose "
                "Enhancement is above 3): there is none to carry"
            )
        roller = state.character(roll.roller).name
        may_act_for(roller)
        named = DrawbackNamed.of(effects_of(target.data)["drawback"]).text or ""
        carried = DrawbackCarried(EventRef.to(target), roller, effect, level, antagonist, named)
        return event_of(Kind.DRAWBACK_CARRIED, carried)

    return act_on_log(db, campaign, actor, decide)
