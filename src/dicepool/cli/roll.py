"""`dicepool roll LINE`: roll with the secure generator, a seed, or faces rolled by hand."""

from __future__ import annotations

import json
import os
from typing import Any

import click

from dicepool.cli.line import alias_note, comment_caption, comment_of, line_of
from dicepool.cli.render_roll import to_text
from dicepool.cli.roll_options import choice_options
from dicepool.cli.storage import ENV_CAMPAIGN, storage_options
from dicepool.core.dice import DiceSource, ForcedDice, SeededDice, SystemDice
from dicepool.core.roll import resolve_any
from dicepool.errors import CampaignError, DiceError
from dicepool.notation import render, split_comment
from dicepool.notation.faces import parse_faces
from dicepool.notation.plain import parse_plain
from dicepool.notation.record import record


def pick_source(seed: int | None, dice: str | None) -> DiceSource:
    """The dice source the options ask for (the secure generator by default)."""
    if seed is not None and dice is not None:
        raise DiceError("--seed and --dice cannot be used together; pick one")
    if dice is not None:
        return ForcedDice(parse_faces(dice))
    if seed is not None:
        return SeededDice(seed)
    return SystemDice()


def for_campaign(text: str, character: str | None, campaign: str | None) -> bool:
    """Whether a line is rolled in a campaign: ``--char``, ``--campaign`` or
    ``DICEPOOL_CAMPAIGN`` given, or a side that names its roller (``Ana: ...``)."""
    if character is not None or campaign or os.environ.get(ENV_CAMPAIGN, "").strip():
        return True
    return ":" in split_comment(text)[0]


@click.command()
@click.argument("line", nargs=-1, required=True)
@click.option("--seed", type=int, help="Make the roll reproducible with this seed.")
@click.option("--dice", "dice", metavar="FACES", help="Faces rolled by hand, e.g. 1,3,4,6,7.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--char",
    "character",
    metavar="NAME",
    help="Roll for this character: the line names its traits, and the roll is logged.",
)
@click.option(
    "--spend",
    "spend",
    multiple=True,
    metavar="WHAT",
    help="Spend on this campaign roll: willpower (hubris, chronicles, classic), edge "
    "(sundown), momentum N (storypath: N dice).",
)
@click.option("--resist", is_flag=True, help="A sundown Resistance Test: Edge added free.")
@click.option("--soak", is_flag=True, help="A sundown Soak roll: resist, and add --armor.")
@click.option("--armor", type=int, metavar="N", help="The Armor a Soak roll adds (0..50).")
@choice_options
@storage_options
def roll(
    line: tuple[str, ...],
    seed: int | None,
    dice: str | None,
    as_json: bool,
    character: str | None,
    spend: tuple[str, ...],
    resist: bool,
    soak: bool,
    armor: int | None,
    campaign: str | None,
    db_url: str | None,
    **choices: Any,
) -> None:
    """Roll LINE (e.g. "chronicles 7 9again rote # sneaking past the guard") and show every die.

    With --char NAME (or `NAME:` before a side, or --campaign) the line may name traits
    ("Dexterity + Stealth - Guard.Composure", "Ana: Dex + Stealth vs Guard: Wits + Composure"):
    it is rolled with the campaign's system and house rules, and logged.

    Faces given with --dice are read in this order: the first pool left to right, then each
    batch of extra dice (explosions, specialty dice), then any reroll (rote, second chance) with
    its own batches; in a contest, the attacker's faces come first.
    """
    text = line_of(line)
    if for_campaign(text, character, campaign):
        from dicepool.cli.roll_sheet import roll_in_campaign
        from dicepool.cli.spends import read_spends

        spends = read_spends(spend, choices, resist, soak, armor)
        source = pick_source(seed, dice)
        roll_in_campaign(text, source, as_json, character, campaign, db_url, seed, spends)
        return
    asked = [f"--{k}" for k, v in choices.items() if v is not None]
    asked += [f"--{k}" for k, v in (("resist", resist), ("soak", soak)) if v]
    asked += ["--armor"] if armor is not None else []
    if spend or asked:
        option = "--spend" if spend else asked[0]
        raise CampaignError(f"{option} is for a character's roll: add --char NAME")
    request = parse_plain(text, "to roll a character's traits, add --char NAME")
    source = pick_source(seed, dice)
    result = resolve_any(request, source)
    if isinstance(source, ForcedDice):
        source.check_all_used()
    if as_json:
        payload = record(result)
        payload["input"] = text
        payload["comment"] = comment_of(text)
        click.echo(json.dumps(payload))
        return
    note, comment = alias_note(text), comment_caption(text)
    if note is not None:
        click.secho(note, dim=True)
    if comment is not None:
        click.secho(comment, fg="cyan")
    click.echo(to_text(result, render))
    if seed is not None:
        click.secho(f"  (seed {seed})", dim=True)
