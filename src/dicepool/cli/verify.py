"""`dicepool verify [FILE]`: check the dice of every closed seal of a campaign's log.

The check itself is :mod:`dicepool.campaign.verify`'s; this reads the log (an export's file,
or the live campaign through the same export) and shows the reports.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

from dicepool.campaign.summaries import rolls_words
from dicepool.cli.files import read_text
from dicepool.cli.safe import visible
from dicepool.cli.storage import campaign_of, campaign_option, db_option, open_database, shown_url
from dicepool.errors import CampaignError

if TYPE_CHECKING:
    from rich.text import Text

    from dicepool.campaign.verify import SealReport, Verification

COMMITMENT_SHOWN = 16
"""The hex digits of an open seal's commitment shown (the whole is in --json)."""


@click.command()
@click.argument("file", required=False, metavar="[FILE]")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--head",
    "heads",
    multiple=True,
    metavar="HASH",
    help="A head of the log you saw (the table shows it): it must be on the log's chain.",
)
@campaign_option
@db_option
def verify(
    file: str | None,
    as_json: bool,
    heads: tuple[str, ...],
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Check the dice of every closed seal: of FILE (written by `dicepool campaign export`;
    - reads standard input), else of the live campaign.

    Per seal: its seed against its commitment, every roll's faces against the seed's stream,
    and its roll numbers 1..N, none missing, none twice. An open seal is not yet verifiable:
    its seed is still secret. The log's hash chain: every event hashes the one before it, and
    each --head HASH given is on it; the first bad event is named.

    \b
    Exit status:
      0  nothing mismatches (open seals and skipped rolls included)
      1  a seal mismatches, or an event of the log is malformed
      2  an error: the file cannot be read or is not a campaign export
    """
    from dicepool.campaign.verify import verify as check_log

    if file is not None and (campaign is not None or db_url is not None):
        raise click.UsageError("FILE is checked on its own: leave out --campaign and --db")
    if file is not None:
        source = "standard input" if file == "-" else file
        held, events = _read(file)
    else:
        held, events, source = _live(campaign, db_url)
    from dicepool.campaign.chained import chained

    if heads and not chained(events):
        raise CampaignError(
            "this export has no hash chain (version 1) to check a --head against: "
            "export the campaign again with this dicepool"
        )
    checked = check_log(events, [h.strip().lower() for h in heads])
    if as_json:
        click.echo(json.dumps({"campaign": held, "source": source, **checked.to_dict()}))
    else:
        _show(checked, f"{held['name']} ({held['system']}), from {source}")
    if not checked.ok:
        sys.exit(1)


def _read(file: str) -> tuple[dict[str, Any], list[Any]]:
    """The campaign and the events of the export ``file`` (``-``: standard input).

    Raises:
        CampaignError: the file cannot be read, is too large, or is not an export.
    """
    from dicepool.campaign.export import MAX_EXPORT, read_export

    too_large = f"{MAX_EXPORT // 2**20} MiB: too large to check"
    text, name = read_text(file, MAX_EXPORT, CampaignError, too_large)
    try:
        return read_export(text)
    except CampaignError as exc:
        raise CampaignError(f"{name}: {exc}") from exc


def _live(campaign: str | None, db_url: str | None) -> tuple[dict[str, Any], list[Any], str]:
    """The campaign, the events and the database of the live campaign, read as its export."""
    from dicepool.campaign.export import export_campaign

    db = open_database(db_url)
    export = export_campaign(db, campaign_of(db, campaign))
    return export["campaign"], export["events"], shown_url(db)


def _show(checked: Verification, title: str) -> None:
    """Print one line per seal (its problems under it), then what was skipped."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)  # a problem stays on one line for grep
    console.print(Text(visible(title), style="bold"))
    if not checked.seals:
        console.print(Text("no seal in this log: no roll to verify", style="dim"))
    for seal in checked.seals:
        console.print(_seal_line(seal))
        for problem in seal.problems:
            console.print(Text(f"    {visible(str(problem))}", style="red"))
    for problem in checked.problems:
        console.print(Text(f"✗ {visible(str(problem))}", style="red"))
    console.print(_chain_line(checked))
    for problem in checked.chain.problems if checked.chain else ():
        console.print(Text(f"    {visible(str(problem))}", style="red"))
    skipped = _skipped(checked)
    if skipped:
        console.print(Text(skipped, style="dim"))
    if checked.unclaimed:
        console.print(
            Text(
                f"warning: {rolls_words(checked.unclaimed)} logged once seals began name no "
                "seal and are not typed by hand: they are not part of any seal's claim",
                style="yellow",
            )
        )
    console.print(_verdict(checked))


def _seal_line(seal: SealReport) -> Text:
    """``✓ seal 1: verified, 12 rolls checked``, or a mismatch, or an open seal."""
    from rich.text import Text

    from dicepool.campaign.seals import ALONE
    from dicepool.campaign.verify import Status

    hidden = f", {seal.hidden} hidden: not checkable until revealed" if seal.hidden else ""
    alone = f"; {ALONE}" if not seal.contributions and seal.checked else ""
    checked = f"{rolls_words(seal.checked)} checked{hidden}{alone}"
    if seal.status == Status.VERIFIED:
        return Text.assemble(
            ("✓", "green"), f" seal {seal.seal}: ", ("verified", "green"), ", ", checked
        )
    if seal.status == Status.OPEN:
        shown = (seal.commitment or "")[:COMMITMENT_SHOWN]
        return Text(
            f"· seal {seal.seal}: open: not yet verifiable (commitment {shown}...)", style="dim"
        )
    count = len(seal.problems)
    found = f"{count} problem{'s' if count != 1 else ''}"
    state = "" if seal.closed else " (open)"
    return Text.assemble(
        ("✗", "red"),
        f" seal {seal.seal}{state}: ",
        ("mismatch", "bold red"),
        f", {found}; {checked}",
    )


def _chain_line(checked: Verification) -> Text:
    """``✓ chain: 40 events, head 3f2a...`` or what is wrong with it."""
    from rich.text import Text

    chain = checked.chain
    if chain is None:
        return Text("· chain: none in this export (version 1): the log's order is not checked")
    heads = (
        f", {len(chain.heads)} head{'s' if len(chain.heads) != 1 else ''} found"
        if chain.heads
        else ""
    )
    if not chain.problems:
        return Text.assemble(
            ("✓", "green"),
            f" chain: {chain.events} events linked, head {chain.head[:COMMITMENT_SHOWN]}...{heads}",
        )
    first = chain.problems[0]
    where = f" at {first.where}" if first.where else ""
    return Text.assemble(("✗", "red"), " chain: ", ("broken", "bold red"), f"{where}")


def _skipped(checked: Verification) -> str:
    """``skipped: 2 rolls typed by hand, 5 rolls from before the seals`` ("" for none)."""
    parts = []
    if checked.typed:
        parts.append(f"{rolls_words(checked.typed)} typed by hand")
    if checked.seeded:
        parts.append(f"{rolls_words(checked.seeded)} from a seed (--seed)")
    if checked.pre_seal:
        parts.append(f"{rolls_words(checked.pre_seal)} from before the first seal")
    return f"skipped: {', '.join(parts)} (no seal's claim)" if parts else ""


def _verdict(checked: Verification) -> Text:
    """The last line: every closed seal verified, or how many mismatch."""
    from rich.text import Text

    from dicepool.campaign.verify import Status

    closed = sum(s.status == Status.VERIFIED for s in checked.seals)
    bad = sum(s.status == Status.MISMATCH for s in checked.seals)
    if checked.ok and not closed:
        return Text("ok: nothing mismatches (no closed seal yet)", style="green")
    if checked.ok:
        return Text(f"ok: {closed} closed seal{'s' if closed != 1 else ''} verified", style="green")
    said = f"{bad} seals mismatch" if bad > 1 else "1 seal mismatches" if bad else "a bad event"
    if checked.chain is not None and checked.chain.problems:
        said += ", the chain is broken" if bad else " in the chain"
    return Text(f"not verified: {said}", style="bold red")
