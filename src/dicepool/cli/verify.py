"""`dicepool verify [FILE]`: check the dice of every closed seal of a campaign's log.

The check itself is :mod:`dicepool.campaign.verify`'s (and, with ``--receipts``, a player's
receipts checked by :mod:`dicepool.campaign.receipts`); this reads the log (an export's file,
or the live campaign through the same export) and shows the reports.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from dicepool.campaign.summaries import rolls_words
from dicepool.cli.files import read_text
from dicepool.cli.safe import visible
from dicepool.cli.storage import campaign_of, campaign_option, db_option, open_database, shown_url
from dicepool.errors import CampaignError

if TYPE_CHECKING:
    from rich.text import Text

    from dicepool.campaign.receipts import Receipts, ReceiptsCheck
    from dicepool.campaign.verify import SealReport, Verification

T = TypeVar("T")

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
@click.option(
    "--receipts",
    "receipts_file",
    metavar="RFILE",
    help="A player's receipts of the rolls their browser sent (- reads standard input): "
    "each must be in the log as the table answered, in the seal it named, with its faces.",
)
@campaign_option
@db_option
def verify(
    file: str | None,
    as_json: bool,
    heads: tuple[str, ...],
    receipts_file: str | None,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Check the dice of every closed seal: of FILE (written by `dicepool campaign export`;
    - reads standard input), else of the live campaign.

    Per seal: its seed against its commitment, every roll's faces against the seed's stream,
    and its roll numbers 1..N, none missing, none twice. An open seal is not yet verifiable:
    its seed is still secret. A roll logged once seals began that names none (and is not typed
    by hand) is outside every seal: the server chose its dice. The log's hash chain: every
    event hashes the one before it, and each --head HASH given is on it; the first bad event
    is named. --receipts RFILE checks a player's receipts as their browser does.

    \b
    Exit status:
      0  nothing mismatches (open seals and skipped rolls included)
      1  a seal mismatches, a roll is outside every seal, an event of the log is
         malformed, or a receipt raises an alarm
      2  an error: a file cannot be read or is not a campaign export (or receipts)
    """
    from dicepool.campaign.verify import verify as check_log

    if file is not None and (campaign is not None or db_url is not None):
        raise click.UsageError("FILE is checked on its own: leave out --campaign and --db")
    if file == "-" and receipts_file == "-":
        raise click.UsageError("only one of FILE and --receipts can be standard input (-)")
    receipts = _read_receipts(receipts_file) if receipts_file is not None else None
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
    kept = _check_receipts(events, receipts) if receipts is not None else None
    ok = checked.ok and (kept is None or kept.ok)
    if as_json:
        answer = {"campaign": held, "source": source, **checked.to_dict(), "ok": ok}
        if kept is not None:
            answer["receipts"] = kept.to_dict()
        click.echo(json.dumps(answer))
    else:
        _show(checked, f"{held['name']} ({held['system']}), from {source}", kept)
    if not ok:
        sys.exit(1)


def _read_receipts(file: str) -> Receipts:
    """The receipts of the file ``file`` (``-``: standard input).

    Raises:
        CampaignError: the file cannot be read, is too large, or is not a receipts file.
    """
    from dicepool.campaign.receipts import MAX_RECEIPTS_BYTES, read_receipts

    too_large = f"{MAX_RECEIPTS_BYTES // 2**20} MiB: too large for a receipts file"
    return _read_file(file, MAX_RECEIPTS_BYTES, too_large, read_receipts)


def _check_receipts(events: list[Any], receipts: Receipts) -> ReceiptsCheck:
    from dicepool.campaign.receipts import check_receipts

    return check_receipts(events, receipts)


def _read(file: str) -> tuple[dict[str, Any], list[Any]]:
    """The campaign and the events of the export ``file`` (``-``: standard input).

    Raises:
        CampaignError: the file cannot be read, is too large, or is not an export.
    """
    from dicepool.campaign.export import MAX_EXPORT, read_export

    too_large = f"{MAX_EXPORT // 2**20} MiB: too large to check"
    return _read_file(file, MAX_EXPORT, too_large, read_export)


def _read_file(file: str, most: int, too_large: str, reader: Callable[[str], T]) -> T:
    """What ``reader`` makes of the text of ``file`` (``-``: standard input), at most ``most``
    bytes; its error names the file.

    Raises:
        CampaignError: the file cannot be read, is too large, or ``reader`` refuses it.
    """
    text, name = read_text(file, most, CampaignError, too_large)
    try:
        return reader(text)
    except CampaignError as exc:
        raise CampaignError(f"{name}: {exc}") from exc


def _live(campaign: str | None, db_url: str | None) -> tuple[dict[str, Any], list[Any], str]:
    """The campaign, the events and the database of the live campaign, read as its export."""
    from dicepool.campaign.export import export_campaign

    db = open_database(db_url)
    export = export_campaign(db, campaign_of(db, campaign))
    return export["campaign"], export["events"], shown_url(db)


def _show(checked: Verification, title: str, kept: ReceiptsCheck | None = None) -> None:
    """Print the rolls outside every seal, one line per seal (its problems under it), the
    chain, the receipts, then what was skipped."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)  # a problem stays on one line for grep
    console.print(Text(visible(title), style="bold"))
    for problem in checked.outside:  # first: no seal's line can vouch for these dice
        console.print(Text(f"✗ {visible(str(problem))}", style="bold red"))
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
    if kept is not None:
        console.print(_receipts_line(kept))
        for alarm in kept.alarms:
            console.print(Text(f"    {visible(alarm.message)}", style="red"))
    skipped = _skipped(checked)
    if skipped:
        console.print(Text(skipped, style="dim"))
    console.print(_verdict(checked, kept))


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


def _receipts_line(kept: ReceiptsCheck) -> Text:
    """``✓ receipts: 5 rolls check out, 2 open, 1 not rolled (refused or never sent)``."""
    from rich.text import Text

    from dicepool.campaign.receipts import ReceiptStatus

    if not kept.results:
        return Text("· receipts: none in the file: nothing of its own to check", style="dim")
    counts = {status: kept.count(status) for status in ReceiptStatus}
    good = counts[ReceiptStatus.CHECKED]
    said = [
        f"{len(kept.alarms)} alarm{'s' if len(kept.alarms) != 1 else ''}" if kept.alarms else "",
        f"{rolls_words(good)} check{'s' if good == 1 else ''} out" if good else "",
        f"{counts[ReceiptStatus.OPEN]} open" if counts[ReceiptStatus.OPEN] else "",
        f"{counts[ReceiptStatus.NOT_ROLLED]} not rolled (refused or never sent)"
        if counts[ReceiptStatus.NOT_ROLLED]
        else "",
    ]
    line = "receipts: " + ", ".join(s for s in said if s)
    if kept.alarms:
        return Text.assemble(("✗", "red"), " ", (line, "bold red"))
    if good:
        return Text.assemble(("✓", "green"), f" {line}")
    return Text(f"· {line}", style="dim")


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


def _verdict(checked: Verification, kept: ReceiptsCheck | None) -> Text:
    """The last line: every closed seal verified, or everything that is not."""
    from rich.text import Text

    from dicepool.campaign.verify import Status

    closed = sum(s.status == Status.VERIFIED for s in checked.seals)
    alarms = len(kept.alarms) if kept is not None else 0
    if checked.ok and not alarms and not closed:
        return Text("ok: nothing mismatches (no closed seal yet)", style="green")
    if checked.ok and not alarms:
        return Text(f"ok: {closed} closed seal{'s' if closed != 1 else ''} verified", style="green")
    return Text(f"not verified: {', '.join(_failures(checked, alarms))}", style="bold red")


def _failures(checked: Verification, alarms: int) -> list[str]:
    """What fails the check, in words: ``1 seal mismatches``, ``2 rolls outside every seal``..."""
    from dicepool.campaign.verify import Status, outside_words

    bad = sum(s.status == Status.MISMATCH for s in checked.seals)
    said = [f"{bad} seals mismatch" if bad > 1 else "1 seal mismatches"] if bad else []
    if checked.outside:
        said.append(outside_words(len(checked.outside)))
    if checked.problems:
        count = len(checked.problems)
        said.append("a bad event" if count == 1 else f"{count} bad events")
    if checked.chain is not None and checked.chain.problems:
        said.append("the chain is broken")
    if alarms:
        said.append(f"{alarms} receipt{'s raise' if alarms != 1 else ' raises'} an alarm")
    return said
