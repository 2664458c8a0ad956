"""`dicepool stats`: are the table's dice fair? Faces against a fair die, totals against odds."""

from __future__ import annotations

import json

import click

from dicepool.cli.storage import campaign_of, open_database, storage_options


@click.command()
@click.option("--char", "character", metavar="NAME", help="Only the rolls of NAME.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (fields below).")
@storage_options
def stats(character: str | None, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """The campaign's dice: per seat and die size, each face's count against a fair die (a
    chi-square test), and the rolls' totals against the exact odds of the lines rolled.

    Every standing roll counts (an undone one does not), every face it shows (rerolled and
    exploded dice too), hidden rolls included; faces typed by hand (`roll --dice`) are not
    the dice's and are left out. A p-value is the chance a fair die strays as far: red below
    0.01, yellow below 0.05; with fewer than 5 throws expected a face it is a rough guide.

    \b
    --json prints one object:
      campaign, system, character (--char, or null)
      counted        what a total counts: "successes", or "hits" (sundown)
      table          every roll: rolls, dice, lines (below)
      actors         the same for each seat (the log's actor), with its "actor"
      left_out       rolls left out by reason: "struck" (undone), "typed" (by hand),
                     "unreadable" (its line no longer reads)
    \b
      dice           one per die size: sides, faces (thrown), observed ({"1": count...}),
                     expected (a face's count for a fair die), chi_square, dof, p_value,
                     reliable (false: under 5 expected a face)
      lines          compared (rolls whose odds were worked out), expected (their exact
                     expected totals, summed), sd, observed (their totals), deviations
                     ((observed - expected) / sd), not_compared ({reason: rolls})
    """
    from dicepool.campaign.dice_stats import dice_stats

    db = open_database(db_url)
    found = dice_stats(db, campaign_of(db, campaign), character)
    if as_json:
        click.echo(json.dumps(found.to_dict()))
        return
    from rich.console import Console

    from dicepool.cli.render_stats import stats_view

    Console(highlight=False).print(stats_view(found))
