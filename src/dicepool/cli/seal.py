"""`dicepool seal ...`: the campaign's seals, whose dice anyone can check once closed."""

from __future__ import annotations

import json

import click

from dicepool.cli.actions import add_actions
from dicepool.cli.storage import campaign_of, campaign_option, db_option, open_database


@click.group()
def seal() -> None:
    """The campaign's seals: each one's rolls read a secret seed whose hash was published when
    it opened; closing it publishes the seed, so anyone can recompute those rolls' faces
    (`dicepool verify`)."""


@seal.command("show")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@campaign_option
@db_option
def show(as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """The campaign's seals: each one's commitment and rolls, the closed ones' seeds.

    --json prints {"campaign", "seals": [{"seal", "commitment", "rolls", "open", "seed"?,
    "contributions"}]}.
    """
    from dicepool.campaign.seals import ALONE, seals_of
    from dicepool.campaign.summaries import rolls_words

    db = open_database(db_url)
    name = campaign_of(db, campaign)
    seals = seals_of(db, name)
    if as_json:
        click.echo(json.dumps({"campaign": name, "seals": [s.to_dict() for s in seals]}))
        return
    for view in seals:
        rolls = rolls_words(view.rolls)
        if view.seed is None:
            click.secho(f"seal {view.number} (open, {rolls})", bold=True)
            click.echo(f"  commitment {view.commitment}")
            click.secho("  its seed is secret until `dicepool seal close`", dim=True)
        else:
            click.echo(f"seal {view.number} (closed, {rolls})")
            click.echo(f"  commitment {view.commitment}")
            click.echo(f"  seed       {view.seed}")
        if view.alone:
            click.secho(f"  no player added to it: {ALONE}", fg="yellow")
        else:
            click.echo(f"  {view.mixed} player{'s' if view.mixed != 1 else ''} added to it")


add_actions(seal, "seal")
