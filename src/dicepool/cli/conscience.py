"""hubris's Willpower and conscience commands (ruling 14): `mitigate`, `rest`, `vice`, `virtue`,
`intimacy-roll`, `sin`, `degenerate`, `atone`, `intimacy`, `soul`, `willpower`, `supernatural`.

Every command is one event about one character (:func:`dicepool.campaign.play.character_act`);
each prints the character's Willpower, Morality and crisis after it, and the rolls its rule made.
"""

from __future__ import annotations

from typing import Any

import click

from dicepool.cli.play import _json_option, _open, _print_event, dice_options, roll_lines
from dicepool.cli.render_sheet import conscience_line
from dicepool.cli.roll import pick_source
from dicepool.cli.storage import actor, storage_options
from dicepool.sheet.events import Kind


def _run(
    kind: Kind,
    character: str,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
    extra: dict[str, Any] | None = None,
    seed: int | None = None,
    dice: str | None = None,
) -> None:
    """Store one event about ``character`` and print what it did."""
    from dicepool.campaign.play import character_act
    from dicepool.sheet.view import condition

    db, name = _open(db_url, campaign)
    source = pick_source(seed, dice) if seed is not None or dice is not None else None
    acted = character_act(db, name, actor(), kind, character, extra, source)
    sheet = acted.state.character(character)
    held = condition(sheet, acted.state.now)
    lines = [*roll_lines(acted.event.data.get("rolls", [])), conscience_line(sheet.name, held)]
    _print_event(acted, as_json, lines)


def _plain(kind: Kind, name: str, help_text: str) -> click.Command:
    """A command ``NAME CHARACTER`` that stores one event of ``kind``."""

    @click.command(name, help=help_text)
    @click.argument("character", metavar="NAME")
    @_json_option
    @storage_options
    def command(character: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
        _run(kind, character, as_json, campaign, db_url)

    return command


def _rolling(kind: Kind, name: str, help_text: str) -> click.Command:
    """A command ``NAME CHARACTER`` whose rule may roll (with --seed and --dice)."""

    @click.command(name, help=help_text)
    @click.argument("character", metavar="NAME")
    @dice_options
    @_json_option
    @storage_options
    def command(
        character: str,
        seed: int | None,
        dice: str | None,
        as_json: bool,
        campaign: str | None,
        db_url: str | None,
    ) -> None:
        _run(kind, character, as_json, campaign, db_url, seed=seed, dice=dice)

    return command


mitigate = _plain(
    Kind.MITIGATED,
    "mitigate",
    "Spend a Willpower point of NAME to take one less damage or effective success "
    "(after everything else; one point a turn).\n\ne.g. dicepool mitigate Ana",
)
vice = _plain(
    Kind.VICE,
    "vice",
    "NAME pursues their Vice: a Willpower point, once a scene.\n\ne.g. dicepool vice Ana",
)
virtue = _plain(
    Kind.VIRTUE,
    "virtue",
    "NAME risks themselves for their Virtue: every Willpower point and a lost dot, once a "
    "session.\n\ne.g. dicepool virtue Ana",
)
degenerate = _plain(
    Kind.DEGENERATED,
    "degenerate",
    "After a failed crisis roll, NAME degenerates: Morality down one, Willpower regained, the "
    "crisis over.\n\ne.g. dicepool degenerate Ana",
)
rest = _rolling(
    Kind.RESTED,
    "rest",
    "NAME sleeps a full night (or day): a Willpower point, or in a crisis of conscience the "
    "crisis roll (a failure loses a point).\n\ne.g. dicepool rest Ana --dice 3,9",
)


@click.command("atone")
@click.argument("character", metavar="NAME")
@click.option("--strides", is_flag=True, help="Serious strides: counts toward resolution.")
@dice_options
@_json_option
@storage_options
def atone(
    character: str,
    strides: bool,
    seed: int | None,
    dice: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """At the end of a scene NAME confronts their crime: the crisis roll (once a scene).

    e.g. dicepool atone Ana --strides
    """
    _run(Kind.ATONED, character, as_json, campaign, db_url, {"strides": strides}, seed, dice)


@click.command("intimacy-roll")
@click.argument("character", metavar="NAME")
@click.argument("intimacy", metavar="INTIMACY")
@dice_options
@_json_option
@storage_options
def intimacy_roll(
    character: str,
    intimacy: str,
    seed: int | None,
    dice: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """NAME spent a Willpower point this turn defending INTIMACY: roll Morality; a success
    gives the point back.

    e.g. dicepool intimacy-roll Ana "my sister"
    """
    _run(
        Kind.INTIMACY_ROLLED,
        character,
        as_json,
        campaign,
        db_url,
        {"intimacy": intimacy},
        seed,
        dice,
    )


@click.command("sin")
@click.argument("character", metavar="NAME")
@click.argument("rating", type=click.IntRange(1, 5), metavar="RATING")
@click.option("--what", default="a sin", metavar="TEXT", help="What the sin was.")
@_json_option
@storage_options
def sin(
    character: str,
    rating: int,
    what: str,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """NAME becomes aware of a sin rated RATING (1 truly heinous .. 5): at or below Morality,
    a crisis of conscience.

    e.g. dicepool sin Ana 3 --what "killed the guard"
    """
    _run(Kind.SINNED, character, as_json, campaign, db_url, {"rating": rating, "what": what})


@click.command("intimacy")
@click.argument("character", metavar="NAME")
@click.argument("action", type=click.Choice(["add", "remove"]), metavar="add|remove")
@click.argument("text", metavar="TEXT")
@_json_option
@storage_options
def intimacy(
    character: str,
    action: str,
    text: str,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Add or remove an Intimacy of NAME (at most Resolve + 3).

    e.g. dicepool intimacy Ana add "my sister"
    """
    kind = Kind.INTIMACY_ADDED if action == "add" else Kind.INTIMACY_REMOVED
    _run(kind, character, as_json, campaign, db_url, {"intimacy": text})


@click.command("soul")
@click.argument("character", metavar="NAME")
@click.argument("change", type=click.Choice(["lost", "restored"]), metavar="lost|restored")
@_json_option
@storage_options
def soul(
    character: str, change: str, as_json: bool, campaign: str | None, db_url: str | None
) -> None:
    """NAME's soul is lost, or restored.

    e.g. dicepool soul Ana lost
    """
    kind = Kind.SOUL_LOST if change == "lost" else Kind.SOUL_RESTORED
    _run(kind, character, as_json, campaign, db_url)


@click.command("willpower")
@click.argument("character", metavar="NAME")
@click.argument("action", type=click.Choice(["lose"]), metavar="lose")
@click.argument("dots", type=click.IntRange(1, 10), metavar="N")
@_json_option
@storage_options
def willpower(
    character: str, action: str, dots: int, as_json: bool, campaign: str | None, db_url: str | None
) -> None:
    """Stress takes N of NAME's Willpower dots (regained at one a month).

    e.g. dicepool willpower Ana lose 1
    """
    del action  # the one action: a dot regained is the clock's (or Virtue's) doing
    _run(Kind.WILLPOWER_LOST, character, as_json, campaign, db_url, {"dots": dots})


@click.command("supernatural")
@click.argument("character", metavar="NAME")
@click.argument("trait", required=False, metavar="[TRAIT]")
@click.option("--mortal", is_flag=True, help="NAME is a mortal again.")
@_json_option
@storage_options
def supernatural(
    character: str,
    trait: str | None,
    mortal: bool,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """NAME is a supernatural creature whose power trait is TRAIT: a lost Willpower dot comes
    back only on a roll of it.

    e.g. dicepool supernatural Ana "Blood Potency"
    """
    if (trait is None) != mortal:
        raise click.UsageError("give the power trait, or --mortal")
    _run(Kind.NATURE_SET, character, as_json, campaign, db_url, {"trait": trait})
