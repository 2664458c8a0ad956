"""What an action did, in the terminal: the lines each action prints, or its JSON.

By default an action prints the sheet or story it changed; ``--json`` prints its event's
number (its seq in the log) with the event's data. Each line function takes the action's
:class:`Done`, the campaign's name and the arguments it was given.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click

from dicepool.campaign.catalogue import Action, Done
from dicepool.cli.render_sheet import clock_words, conscience_line, health_line, track_lines
from dicepool.cli.render_storypath import legend_text, pool_text, tracker_lines
from dicepool.cli.render_sundown import edge_glyphs, passes_glyphs, power_bar, spent_line
from dicepool.cli.safe import visible
from dicepool.notation.packing import faces_of
from dicepool.sheet.events import payload
from dicepool.sheet.payloads import (
    CharacterChanged,
    IntervalsBought,
    MilestonesAwarded,
    RuleRoll,
    TrackerStarted,
    rolls_of,
)
from dicepool.sheet.state import CampaignState
from dicepool.sheet.sundown.payloads import EdgeSpent, Rerolled
from dicepool.sheet.view import condition

Lines = Callable[[Done, str, Mapping[str, Any]], list[str]]


def _state(made: Done) -> CampaignState:
    assert made.state is not None, "an action that changes a sheet gives the campaign after it"
    return made.state


def _held(made: Done, name: str) -> dict[str, Any]:
    state = _state(made)
    return condition(state.character(name), state.now)


def _who(made: Done) -> str:
    """The character an event of one character is about (its record's ``character``)."""
    character = getattr(payload(made.event), "character", None)
    assert isinstance(character, str), f"a {made.event.kind} event names one character"
    return character


def roll_lines(rolls: Sequence[RuleRoll]) -> list[str]:
    """A line for each roll a rule made: who, what for, the dice and what came of it."""
    lines = []
    for roll in rolls:
        faces = " ".join(map(str, faces_of(roll.roll)))
        count = roll.successes
        came = click.style(
            f"{count} success{'es' if count != 1 else ''}", fg="green" if count else "red"
        )
        who = visible(roll.character)
        lines.append(f"  {who} rolls {roll.purpose} ({roll.roll['notation']}): {faces} = {came}")
    return lines


def health_of(state: CampaignState, name: str) -> str:
    """``Ana  [X][/][ ]...``: a character's Health track."""
    sheet = state.character(name)
    health = condition(sheet, state.now)["health"]
    assert isinstance(health, dict)
    return f"{visible(sheet.name)}  {health_line(health)}"


def _health(made: Done, campaign: str, args: Mapping[str, Any]) -> list[str]:
    if made.event.kind == "track-changed":  # a damage track of the sheet: not hubris's Health
        return _track(made, campaign, args)
    return [health_of(_state(made), _who(made))]


def _track(made: Done, campaign: str, args: Mapping[str, Any]) -> list[str]:
    """A track changed: the log's line, then the track as the sheet draws it."""
    from dicepool.sheet.tracks_play import TrackChanged, tracks_view

    changed = TrackChanged.of(made.event.data)
    state = _state(made)
    drawn = tracks_view(state.character(changed.character), state.now.default_tracks)
    return [
        *_summary(made, campaign, args),
        *track_lines([t for t in drawn if t["name"] == changed.track]),
    ]


def _conscience(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    state = _state(made)
    sheet = state.character(_who(made))
    held = condition(sheet, state.now)
    return [*roll_lines(rolls_of(made.event.data)), conscience_line(sheet.name, held)]


def _clock(made: Done, campaign: str, _args: Mapping[str, Any]) -> list[str]:
    state = _state(made)
    lines = [f"{visible(campaign)}: {clock_words(state.now.clock.to_dict())}"]
    lines += roll_lines(rolls_of(made.event.data))
    if made.event.kind == "clock-advanced":
        lines += [
            f"  {health_of(state, c.name)}"
            for c in state.characters.values()
            if c.system == "hubris"
        ]
    return lines


def _edge(made: Done, _campaign: str, args: Mapping[str, Any]) -> list[str]:
    use = "an escape" if args["escape"] else visible(EdgeSpent.of(made.event.data).purpose)
    return [spent_line(_state(made), _who(made), use)]


def _pass(made: Done, _campaign: str, args: Mapping[str, Any]) -> list[str]:
    who = _who(made)
    held = _held(made, who)
    lines = [f"{visible(who)} takes an Initiative Pass: {passes_glyphs(held['passes'])}"]
    if args["edge"]:
        lines.append(f"  Edge {edge_glyphs(held['edge'])}")
    return lines


def _power(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    who = _who(made)
    return [f"{visible(who)}  Power {power_bar(_held(made, who)['power'])}"]


def _momentum(made: Done, campaign: str, _args: Mapping[str, Any]) -> list[str]:
    return [f"{visible(campaign)}: Momentum {pool_text(_state(made))}"]


def _legend(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    from dicepool.sheet.storypath.play import legendary

    sheet, held = legendary(_state(made), _who(made))
    line = f"{visible(sheet.name)} regains Legend: {legend_text(held.to_dict())}"
    if held.spent == 0:
        line += click.style(" (full: points above the rating are lost)", dim=True)
    return [line]


def _players(made: Done, campaign: str, _args: Mapping[str, Any]) -> list[str]:
    from dicepool.cli.campaign import settings_words

    state = _state(made)
    if state.system == "storypath":  # the players' number is the pool's size: said there
        return [f"{visible(campaign)}: Momentum {pool_text(state)}"]
    return [f"{visible(campaign)}: {settings_words(state.players, '') or 'players not said'}"]


def _tracker(made: Done) -> dict[str, Any]:
    record = payload(made.event)
    if isinstance(record, IntervalsBought | MilestonesAwarded):
        name = record.tracker
    else:
        assert isinstance(record, TrackerStarted), "an event of a tracker"
        name = record.name
    return _state(made).now.trackers.find(name).to_dict()


def _tracked(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    return tracker_lines(_tracker(made))


def _bought(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    return [*tracker_lines(_tracker(made)), f"Momentum {pool_text(_state(made))}"]


def _sealed(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    from dicepool.campaign.summaries import rolls_words

    closed, opened = (e.data for e in made.events)
    return [
        f"closed seal {closed['seal']} after {rolls_words(closed['rolls'])}: seed {closed['seed']}",
        f"opened seal {opened['seal']}: commitment {opened['commitment']}",
        click.style("  check the closed seal's rolls: dicepool verify", dim=True),
    ]


LINES: dict[str, Lines] = {
    "damage": _health,
    "heal": _health,
    "stabilize": _health,
    "spend": _track,
    "regain": _track,
    **dict.fromkeys(
        (
            "mitigate",
            "rest",
            "vice",
            "virtue",
            "degenerate",
            "intimacy-roll",
            "sin",
            "atone",
            "intimacy",
            "soul",
            "willpower",
            "supernatural",
        ),
        _conscience,
    ),
    "next": _clock,
    "clock": _clock,
    "edge": _edge,
    "pass": _pass,
    "power": _power,
    "momentum": _momentum,
    "legend": _legend,
    "players": _players,
    "complex-start": _tracked,
    "extended-start": _tracked,
    "complex-buy": _bought,
    "complex-award": _tracked,
    "seal-close": _sealed,
}
"""Each action's lines (the summary of its event where none is given)."""

FINAL = frozenset({"seal-close", "invite", "invitations-off", "revoke", "new-link", "webhook"})
"""The actions no undo takes back: a seal's seed, once published, stays published; a link or
an invitation replaced never works again; a webhook's URL is kept out of the log (set it
again)."""

JSON: dict[str, Callable[[Done], dict[str, Any]]] = {
    "complex-start": lambda made: {"event": made.event.seq, **_tracker(made)},
    "extended-start": lambda made: {"event": made.event.seq, **_tracker(made)},
    "seal-close": lambda made: {"events": [e.to_dict() for e in made.events]},
}
"""Each action's JSON, where it is not its event's number (its seq) and data."""


def _sheet(made: Done, as_json: bool) -> None:
    """A sheet edited: what changed in a line, then the sheet (or its JSON alone)."""
    from dicepool.campaign.summaries import clip
    from dicepool.cli.char import show_sheet

    sheet = made.sheet
    assert sheet is not None, "a sheet edit gives the sheet"
    if not as_json:  # what the log keeps: the text's own spellings in our names, notes if new
        changed = CharacterChanged.of(made.event.data)
        said = [" ".join(map(str, changed.changes))] if changed.changes else []
        said += ["added " + " ".join(map(str, changed.added))] if changed.added else []
        notes = changed.notes
        said += [] if notes is None else ["notes set" if notes else "notes cleared"]
        click.echo(f"changed {visible(sheet.name)}: {visible(clip('; '.join(said), 200))}")
    show_sheet(sheet, as_json)


def _reroll(made: Done, as_json: bool, seed: int | None, campaign: str) -> None:
    """A second chance: the whole roll again, as `dicepool roll` shows a roll."""
    from dicepool.cli.render_roll import to_text
    from dicepool.notation import render

    again = Rerolled.of(made.event.data)
    who = again.character
    if as_json:
        shown = dict(again.result)
        shown.update({"event": made.event.seq, "rerolls": again.event.seq, "character": who})
        click.echo(json.dumps({**shown, "edge": _held(made, who)["edge"]}))
        return
    assert made.result is not None, "a second chance gives its roll"
    named = click.style(visible(who), bold=True)
    click.echo(f"second chance on {again.event.words()}: {named}: {visible(again.line)}")
    click.secho(f"  = {again.numbers}", fg="cyan")
    click.echo(to_text(made.result, render))
    click.echo(f"  {spent_line(_state(made), who, 'a second chance')}")
    if seed is not None:
        click.secho(f"  (seed {seed})", dim=True)
    click.secho(f"logged as event {made.event.seq} in {visible(campaign)}", dim=True)


def show(
    action: Action,
    made: Done,
    campaign: str,
    as_json: bool,
    args: Mapping[str, Any],
    seed: int | None = None,
) -> None:
    """Print what ``action`` did: its lines and how to undo it, or its JSON."""
    if action.name == "reroll":
        _reroll(made, as_json, seed, campaign)
        return
    if action.name == "sheet":
        _sheet(made, as_json)
        return
    if as_json:
        shown = JSON.get(action.name, _event_json)(made)
        click.echo(json.dumps(shown))
        return
    lines = LINES.get(action.name, _summary)(made, campaign, args)
    if made.token is not None:  # shown this once: only its hash is kept
        lines.append(f"  the link, shown once: {link(made.token)}")
    click.echo("\n".join(lines))
    if action.name not in FINAL:
        click.secho(f"  (event {made.event.seq}; `dicepool undo` takes it back)", dim=True)


def _event_json(made: Done) -> dict[str, Any]:
    # the event's own number wins over its data's `event` (the roll a Stunt is bought on)
    shown = {**made.event.data, "event": made.event.seq}
    return shown if made.token is None else {**shown, "link": link(made.token)}


SERVER = "http://127.0.0.1:8000"
"""Where `dicepool serve` answers by default: the links the command line prints, unless
``$DICEPOOL_PUBLIC_URL`` names the address players open (as for `serve`)."""


def public_base(server: str | None = None) -> str:
    """The address the links the command line prints start with: ``server``, else the public
    address of the environment, else :data:`SERVER`.

    Raises:
        AddressError: a ``server`` or an address in the environment that is none.
    """
    from dicepool.web.addresses import ENV_PUBLIC_URL, public_url

    if server:
        return public_url(server, "--server")
    given = os.environ.get(ENV_PUBLIC_URL)
    return public_url(given, f"${ENV_PUBLIC_URL}") if given else SERVER


def link(token: str, server: str | None = None) -> str:
    """The page a seat's token opens on the table's server (see :func:`public_base`)."""
    return f"{public_base(server)}/t/{token}"


def _summary(made: Done, _campaign: str, _args: Mapping[str, Any]) -> list[str]:
    from dicepool.campaign.summaries import summary

    return [visible(summary(e)) for e in made.events]
