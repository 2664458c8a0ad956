"""The options of a campaign roll that ask storypath's rules and the trackers for something.

Kept apart (only click here) so that `dicepool roll` starts fast: the rules are loaded when a
roll goes to a campaign (:func:`dicepool.cli.spends.read_spends` reads these options).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

CHOICES = ("consolation", "advantage", "feat", "drawback", "complex", "extended", "stunt", "arena")
"""The options below, by the name :class:`~dicepool.sheet.spends.Spends` gives each."""


def choice_options(command: F) -> F:
    """``--consolation``, ``--advantage``, ``--feat``, ``--drawback``, ``--complex``,
    ``--extended``, ``--stunt``, ``--arena``."""
    options = [
        click.option(
            "--consolation",
            metavar="KIND",
            help="storypath: on a failure take encounter, meeting or advantage (default: "
            "Momentum; a botch gives Momentum only).",
        ),
        click.option(
            "--advantage",
            is_flag=True,
            default=None,
            help="storypath: use the character's oldest Unlooked-for Advantage (Enhancement +1).",
        ),
        click.option(
            "--feat",
            metavar="title|calling",
            help="storypath: a Feat of Scale, Scale +1 for 1 Legend (calling: and 2 Momentum).",
        ),
        click.option(
            "--drawback",
            metavar="TEXT",
            help="storypath: the Drawback an Enhancement above 3 comes with.",
        ),
        click.option("--complex", metavar="NAME", help="Count the roll as an Interval of NAME."),
        click.option("--extended", metavar="NAME", help="Count the roll toward NAME."),
        click.option(
            "--stunt",
            metavar="EVENT",
            type=click.IntRange(1, 2**62),
            help="storypath: use the character's Enhancement Stunt bought on logged roll EVENT.",
        ),
        click.option(
            "--arena",
            metavar="ARENA",
            help="hubris: a contest of a conflict (mental, physical or social): its loser's "
            "loss is counted.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command
