"""The rules' refusals in Discord's words: every command line and option the rules advise is
said as Discord's command and option, and the ties a log makes when a channel moves."""

from __future__ import annotations

import re

import pytest

from dicepool.campaign.actions import ACTIONS
from dicepool.campaign.discord import ties_of
from dicepool.sheet.events import Event, Kind, struck
from dicepool.sheet.payloads import DiscordTie, Undone
from dicepool.sheet.refs import EventRef
from dicepool.web.discord_refusals import command_of, in_discord

REFUSALS = [
    # (what the rules say, what Discord says in its place)
    ("no event 12 in Nights; `dicepool log` lists the events", "the table's log (on its page)"),
    ("a Willpower point is a character's to spend: roll with --char NAME", "character:NAME"),
    (
        "say who acts with --char NAME (and who opposes with --versus)",
        "side:NAME (and who opposes with versus:NAME)",
    ),
    (
        "no character `Cy` in campaign Nights (here: Ana); create one with `dicepool char "
        'create "Cy"`',
        "/character name:Cy",
    ),
    (
        "Ana has no trait `Stelth`: did you mean Stealth? To give Ana a new trait `Stelth` on "
        'purpose, add it as an addition (`--add "Stelth=2"`)',
        "then /sheet add:Stelth=2",
    ),
    (
        'Ana has no trait `stealthy`; add it with `dicepool char set "Ana" "Stealthy=N"`',
        "add it with /sheet character:Ana changes:Stealthy=N",
    ),
    ("Ana has no Legend: rate it with `dicepool char set Ana Legend=N`", "/sheet"),
    (
        "let my sister go first (`dicepool intimacy Ana remove TEXT`) (ruling 19)",
        "/intimacy character:Ana action:remove text:TEXT",
    ),
    ("write spend or regain (e.g. dicepool power Ana spend 2)", "/power character:Ana"),
    ("this campaign has no open seal; run `dicepool db check`", "whoever runs"),
    ("give a number of players or --seats, not both", "seats:true"),
    ("spend them with --spend momentum N", "momentum:N"),
    ("a second chance is bought with Edge: add --spend edge", "edge:true"),
    ("a roll counts toward one action: give --complex or --extended", "complex: or extended:"),
    ("they come back with `dicepool next chronicle`", "/next unit:chronicle"),
    ("pass first (`dicepool clock advance 1h`)", "/clock duration:1h"),
    ("give the power trait, or --mortal", "mortal:true"),
    ("pick your character first", "/character"),
    (
        "over the budget of 0.5 s and 64 MiB; estimate it from 220 simulated rolls (`odds "
        "--simulate 220`)",
        "64 MiB; ask about fewer dice",
    ),
    ("a seat called Bo is at this table already; pick another", "/join link:"),
]


@pytest.mark.parametrize(("said", "discord"), REFUSALS)
def test_a_refusal_says_what_to_do_with_discords_commands(said: str, discord: str) -> None:
    shown = in_discord(said)
    assert discord in shown, shown
    assert "dicepool " not in shown and not re.search(r"--[a-z]", shown), shown


def test_every_actions_command_line_is_its_discord_command() -> None:
    """The catalogue's examples are command lines: each is said as its own slash command,
    with its arguments as options by name."""
    for action in ACTIONS.values():
        if action.example:
            said = command_of(action.example.removeprefix("dicepool "))
            assert said is not None and said.split()[0] == f"/{action.name}", action.example
            assert "--" not in said
    assert command_of("log --last 5") is None  # no command: the refusal says where instead


def _event(seq: int, kind: Kind, data: dict[str, object]) -> Event:
    return Event(kind, data, id=100 + seq, seq=seq)


def _undo(seq: int, of: int) -> Event:
    return _event(seq, Kind.UNDONE, Undone(EventRef(seq=of)).data())


def test_a_moved_channel_comes_back_while_an_undo_of_the_move_stands() -> None:
    tie = DiscordTie(5, "storyteller", "111", "700").data()
    log = [_event(1, Kind.DISCORD_LINKED, tie), _event(2, Kind.DISCORD_MOVED, tie)]
    linked = (101, "700", "111", 5)
    assert ties_of(log, struck(log)) == {linked}  # moved away: the link's tie alone
    log.append(_undo(3, of=2))
    back = {linked, (103, "700", "111", 5)}
    assert ties_of(log, struck(log)) == back  # back by the undo's tie
    log.append(_undo(4, of=3))
    assert ties_of(log, struck(log)) == {linked}  # the move restored
    log.append(_undo(5, of=4))
    assert ties_of(log, struck(log)) == back  # the first undo stands again: its tie
    log.append(_undo(6, of=5))
    assert ties_of(log, struck(log)) == {linked}
