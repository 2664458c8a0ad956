"""Nothing counted about the hidden (issue 28): what a player receives of the storyteller's
private work (an undo or a restore of a hidden roll, what they do to their own characters'
sheets, a hidden roll no seal numbers) tells them that something private happened, never
which. Two tables played alike but for which private work was done read alike to a player:
the events, the export, the undo marks and the dice statistics; the export still checks.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dicepool.campaign.export import export_for
from dicepool.campaign.seals import close
from dicepool.campaign.seat_admin import hand_character
from dicepool.campaign.table import events_for, reveal
from dicepool.store.database import Database
from tests.private_play import PLACEHOLDER, Play, chain_checks, players_view

Work = Callable[[Play, int], None]
"""Two pieces of private work on a table, given its hidden roll of the seal."""


def _undo_and_restore(play: Play, secret: int) -> None:
    play.undo(play.undo(secret))


def _change_and_undo(play: Play, _secret: int) -> None:
    play.undo(play.change())


def _new_npc_and_change(play: Play, _secret: int) -> None:
    play.npc("Spy")
    play.change("Spy")


def _typed_hidden_and_undo(play: Play, _secret: int) -> None:
    play.undo(play.typed_hidden_roll())


def _undo_by_command_line_and_change(play: Play, secret: int) -> None:
    play.undo(secret, actor="gm")  # another actor's name than the storyteller's seat
    play.change()


WORKS: dict[str, Work] = {
    "undo and restore the hidden roll": _undo_and_restore,
    "change Guard, undo the change": _change_and_undo,
    "make Spy, change Spy": _new_npc_and_change,
    "a hidden roll typed by hand, undone": _typed_hidden_and_undo,
    "undo the roll from the command line, change Guard": _undo_by_command_line_and_change,
}


def _played(db: Database, name: str, work: Work) -> Play:
    """A table played the same way but for ``work``: a hidden roll, a public roll, the work,
    another public roll, and the seal closed (its seed out: the export's faces are checked)."""
    play = Play(db, name)
    secret = play.hidden_roll()
    play.public_roll()
    work(play, secret)
    play.public_roll()
    close(db, name, play.storyteller.name)
    return play


@pytest.mark.parametrize("other", list(WORKS)[1:])
def test_a_player_cannot_tell_which_private_work_was_done(db: Database, other: str) -> None:
    first = _played(db, "Night", next(iter(WORKS.values())))
    second = _played(db, "Day", WORKS[other])
    assert players_view(first) == players_view(second)
    assert chain_checks(first) == chain_checks(second)


def test_every_private_kind_reads_as_one_placeholder_and_the_storyteller_sees_it_whole(
    db: Database,
) -> None:
    play = Play(db, "Night")  # Guard's creation is private already
    secret = play.hidden_roll()
    struck = play.undo(secret)
    play.undo(struck)
    play.undo(play.change())
    play.typed_hidden_roll()
    play.npc("Spy")
    seen = events_for(db, play.player).events
    private = [s for s in seen if s.concealed]
    assert len(private) == 7  # Guard, the undo, the restore, the change, its undo, typed, Spy
    for placeholder in private:
        as_read = {**placeholder.event.to_dict(), "kind": placeholder.kind, "revealed": False}
        assert {k: as_read[k] for k in PLACEHOLDER} == PLACEHOLDER
        assert placeholder.event.chain is not None and placeholder.event.chain.salt == ""
    assert [s.event.seq for s in seen] == list(range(1, len(seen) + 1))  # no gap to count
    [behind] = [s for s in seen if s.event.seq == secret]  # a roll, by its number in its seal
    assert behind.event.data == {"hidden": True, "seal": {"seal": 1, "roll_no": 1}}
    whole = events_for(db, play.storyteller).events
    assert not any(s.concealed for s in whole) and len(whole) == len(seen)
    assert "Wits" in str([s.event.data for s in whole]) and "Wits" not in str(seen)


def test_a_players_export_chains_through_every_placeholder(db: Database) -> None:
    play = _played(db, "Night", _undo_and_restore)
    play.undo(play.change())
    events = export_for(db, play.player)["events"]
    concealed = [e for e in events if e["kind"] == "concealed"]
    assert len(concealed) == 5  # Guard, the undo, the restore, the change and its undo
    for placeholder in concealed:
        assert set(placeholder) == {"seq", "kind", "data", "chain"}
        assert placeholder["data"] == {}
        assert set(placeholder["chain"]) == {"prev", "digest", "hash"}  # no salt
    behind = len([e for e in events if e["data"].get("hidden")])
    assert chain_checks(play) == len(events) - len(concealed) - behind


def test_the_storytellers_character_handed_to_a_player_shows_its_past_whole(
    db: Database,
) -> None:
    play = Play(db, "Night")
    change = play.change()
    play.undo(change)
    before = events_for(db, play.player).events
    assert [s.concealed for s in before[-3:]] == [True, True, True]
    hand_character(db, play.player.campaign_id, "Guard", "Bo", play.storyteller.name)
    after = events_for(db, play.player).events
    kinds = [s.kind for s in after[len(before) - 3 : len(before)]]
    assert kinds == ["character-created", "character-changed", "undone"]
    assert "Composure" in str(after[len(before) - 2].event.data)  # the change itself
    whole = chain_checks(play)
    hand_character(db, play.player.campaign_id, "Guard", None, play.storyteller.name)
    again = events_for(db, play.player).events
    assert [s.concealed for s in again[len(before) - 3 : len(before)]] == [True, True, True]
    assert chain_checks(play) == whole + 1 - 3  # the take-back is seen; the three private again


def test_a_hidden_roll_revealed_comes_whole_and_its_undo_and_restore_with_it(
    db: Database,
) -> None:
    play = Play(db, "Night")
    secret = play.hidden_roll()
    struck = play.undo(secret)
    restored = play.undo(struck)
    kinds = {s.event.seq: s.kind for s in events_for(db, play.player).events}
    assert (kinds[struck], kinds[restored]) == ("concealed", "concealed")
    shown = reveal(db, play.storyteller, secret)
    seen = events_for(db, play.player).events
    kinds = {s.event.seq: s.kind for s in seen}
    assert (kinds[struck], kinds[restored]) == ("undone", "undone")  # it tells of a roll shown
    assert [(s.event.seq, s.revealed) for s in seen[-2:]] == [(secret, True), (shown.seq, False)]
    assert "result" in seen[-2].event.data
    chain_checks(play)
