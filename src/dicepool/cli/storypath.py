"""storypath's Momentum pool and the trackers of actions that take several rolls, shown:
`momentum`, `complex show|list`, `extended show|list`. Spending, starting, buying and awarding
are the catalogue's actions, added to these groups.

A roll's own spends are options of `dicepool roll` (``--spend momentum N``, ``--feat``,
``--consolation``, ``--advantage``, ``--drawback``, ``--complex``, ``--extended``).
"""

from __future__ import annotations

import json

import click

from dicepool.cli.actions import add_actions
from dicepool.cli.play import json_option
from dicepool.cli.render_storypath import pool_text, tracker_lines, waiting_words
from dicepool.cli.safe import visible
from dicepool.cli.storage import open_campaign, storage_options
from dicepool.sheet.state import CampaignState


def pool_json(state: CampaignState) -> dict[str, object]:
    """The pool as ``momentum --json`` prints it, with the pending Advantages and the Stunts
    and Drawbacks carried forward (``carries``, ruling 20)."""
    from dicepool.sheet.storypath.play import pool_of

    return {
        **pool_of(state).to_dict(),
        "advantages": state.now.advantages.to_dict(),
        "carries": state.now.carries.to_dict(),
    }


def pool_lines(name: str, state: CampaignState) -> list[str]:
    """The pool, and the Advantages, Stunts and Drawbacks waiting for a later roll."""
    lines = [f"{visible(name)}: Momentum {pool_text(state)}"]
    for held in state.now.advantages.pending:
        lines.append(
            f"  {visible(held.character)} holds an Unlooked-for Advantage (event {held.event}: "
            f"{visible(held.what)}): roll with --advantage"
        )
    lines += [f"  {waiting_words(c)}" for c in state.now.carries.pending]
    return lines


@click.group(invoke_without_command=True)
@json_option
@storage_options
@click.pass_context
def momentum(ctx: click.Context, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show the campaign's Momentum pool (storypath), or spend from it (`momentum spend 1`).

    The pool is shared by every player and holds twice their number; a failed roll adds its
    Consolation, `roll --spend momentum N` buys N dice, `complex buy` an Interval.
    """
    if ctx.invoked_subcommand is not None:
        return
    from dicepool.campaign import load_campaign
    from dicepool.sheet.storypath.play import storypath_only

    db, name = open_campaign(db_url, campaign)
    state = load_campaign(db, name)
    storypath_only(state)
    if as_json:
        click.echo(json.dumps(pool_json(state)))
        return
    click.echo("\n".join(pool_lines(name, state)))


def _show(
    db_url: str | None, campaign: str | None, tracker: str | None, story: bool, as_json: bool
) -> None:
    """Print one tracker, or every tracker of the kind (as JSON when asked)."""
    from dicepool.campaign import load_campaign

    db, name = open_campaign(db_url, campaign)
    trackers = load_campaign(db, name).now.trackers
    if tracker is not None:
        shown = [trackers.find(tracker).to_dict()]
    else:
        shown = [t.to_dict() for t in trackers.values() if t.kind.storypath == story]
    if as_json:
        click.echo(json.dumps(shown[0] if tracker is not None else shown))
        return
    if not shown:
        command = "complex" if story else "extended"
        click.secho(f"no {command} actions yet: `dicepool {command} start NAME ...`", dim=True)
    for held in shown:
        click.echo("\n".join(tracker_lines(held)))


def _trackers(name: str, story: bool, what: str, show: str) -> click.Group:
    """The group of one kind of tracker: ``show NAME`` and ``list`` (the catalogue adds its
    actions: start, buy, award)."""
    group = click.Group(name, help=what)

    @group.command("show", help=show)
    @click.argument("tracker", metavar="NAME")
    @json_option
    @storage_options
    def show_(tracker: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
        _show(db_url, campaign, tracker, story, as_json)

    @group.command("list", help="List the campaign's actions of this kind, finished ones too.")
    @json_option
    @storage_options
    def list_(as_json: bool, campaign: str | None, db_url: str | None) -> None:
        _show(db_url, campaign, None, story, as_json)

    return group


complex_ = _trackers(
    "complex",
    True,
    "storypath Complex Actions: Milestones gained over Intervals (opposed with --versus).",
    "Show Complex Action NAME: each side's Milestones and Intervals.",
)
extended = _trackers(
    "extended",
    False,
    "chronicles extended actions: successes add up to a goal (contested with --versus).",
    "Show extended action NAME: each side's successes and rolls.",
)

add_actions(momentum, "momentum")
add_actions(complex_, "complex")
add_actions(extended, "extended")
