"""The `dicepool` command group.

Subcommands load lazily: `dicepool roll` must start fast at the table, so the modules that need
numpy, matplotlib or rich tables are imported only by the commands that use them.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import click

from dicepool.cli.safe import error_line
from dicepool.errors import DicepoolError

COMMANDS = {
    "roll": (
        "dicepool.cli.roll",
        "roll",
        "Roll a line of dice notation and show every die.",
        'dicepool roll "chronicles 7"',
    ),
    "odds": (
        "dicepool.cli.odds",
        "odds",
        "Exact odds of a line, and of several rolls of it.",
        'dicepool odds "chronicles 7"',
    ),
    "compare": (
        "dicepool.cli.compare",
        "compare",
        "How the odds change from one line to another.",
        'dicepool compare "hubris 4" "hubris 4 wp"',
    ),
    "chart": (
        "dicepool.cli.chart",
        "chart",
        "A statistic over pools and difficulties.",
        "dicepool chart classic",
    ),
    "plot": (
        "dicepool.cli.plot",
        "plot",
        "Draw distributions or a chart to a PNG or SVG file.",
        'dicepool plot "chronicles 6" -o odds.png',
    ),
    "campaign": (
        "dicepool.cli.campaign",
        "campaign",
        "Create, list, choose, show and export campaigns.",
        "dicepool campaign create Night --system chronicles",
    ),
    "char": (
        "dicepool.cli.char",
        "char",
        "Create characters; change, show, list, export and import sheets.",
        'dicepool char create Ana --set "Dexterity=3 Stealth=2"',
    ),
    "seal": (
        "dicepool.cli.seal",
        "seal",
        "The campaign's seals: close one to publish its seed; show them.",
        "dicepool seal close",
    ),
    "log": (
        "dicepool.cli.log",
        "log",
        "The campaign's last events: rolls, changes, undos.",
        "dicepool log --char Ana --last 10",
    ),
    "restore": (
        "dicepool.cli.log",
        "restore",
        "Bring back an event an undo struck (its number in the log).",
        "dicepool restore 12",
    ),
    "undo": (
        "dicepool.cli.log",
        "undo",
        "Undo the latest event (or EVENT); undoing an undo restores.",
        "dicepool undo 12",
    ),
    "stats": (
        "dicepool.cli.stats",
        "stats",
        "Are the dice fair? Faces and totals against the odds.",
        "dicepool stats --char Ana",
    ),
    "clock": (
        "dicepool.cli.play",
        "clock",
        "Show the campaign's clock, or let story time pass.",
        "dicepool clock advance 2d",
    ),
    "momentum": (
        "dicepool.cli.storypath",
        "momentum",
        "The storypath Momentum pool: show it, or spend from it.",
        "dicepool momentum",
    ),
    "complex": (
        "dicepool.cli.storypath",
        "complex_",
        "storypath Complex Actions: start, buy, award, show, list.",
        "dicepool complex start Heist --milestones 3 --intervals 5 --difficulty 2 --char Ana",
    ),
    "extended": (
        "dicepool.cli.storypath",
        "extended",
        "chronicles extended and contested actions: start, show, list.",
        "dicepool extended start Research --goal 10 --rolls 5 --char Ana",
    ),
    "verify": (
        "dicepool.cli.verify",
        "verify",
        "Check a campaign's sealed dice (exit 1 on a mismatch).",
        "dicepool verify night.json",
    ),
    "serve": (
        "dicepool.cli.serve",
        "serve",
        "Serve the web table: its JSON API for now.",
        "dicepool serve --port 8000",
    ),
    "discord": (
        "dicepool.cli.discord",
        "discord",
        "The table on Discord: print or register its slash commands.",
        "dicepool discord commands",
    ),
    "db": (
        "dicepool.cli.db",
        "db",
        "Upgrade the database's schema, or check it against its log.",
        "dicepool db check",
    ),
}
"""Each subcommand: its module, its function, its one-line help and an example of its use."""

EXAMPLES = {
    "campaign create": "dicepool campaign create Night --system chronicles --players 4",
    "campaign use": "dicepool campaign use Night",
    "campaign export": "dicepool campaign export Night -o night.json",
    "char create": 'dicepool char create Ana --player Bo --set "Dexterity=3 Stealth=2"',
    "char set": 'dicepool char set Ana Stealth+=1 "Firearms (Sniping)"',
    "char show": "dicepool char show Ana",
    "char export": "dicepool char export Ana -o ana.json",
    "char import": "dicepool char import ana.json",
    "complex show": "dicepool complex show Heist",
    "extended show": "dicepool extended show Research",
}
"""An example of each subcommand of a group, where the group's own example is not it."""

NEEDS = {
    "line": "a roll line",
    "first": "two roll lines, each in quotes",
    "second": "a second roll line, in quotes",
    "system": "a system, like classic or cod",
    "output": "the file to write, -o FILE.png or -o FILE.svg",
    "campaign_name": "a campaign's name",
    "character": "a character's name",
    "changes": 'one or more changes, like Dexterity=3 Stealth+=1 "Firearms (Sniping)"',
    "file": "a character file to read (- for standard input)",
    "unit": "turn, round, scene, session or chronicle",
    "duration": "a duration, like 15m, 3h, 2d, 1w or 1w2d",
    "points": "a number of points, like 2",
    "kind": "a kind of damage: bashing, lethal or aggravated",
    "rating": "a sin's rating, 1 (truly heinous) to 5",
    "intimacy": 'an Intimacy, like "my sister"',
    "text": 'an Intimacy, like "my sister"',
    "change": "lost or restored",
    "dots": "a number of dots, like 1",
    "event": "the number of a logged roll (`dicepool log` lists them)",
    "spend": "what is spent: edge",
    "action": "what to do: add or remove (an Intimacy), spend or regain (Power), lose or regain",
    "players": "a number of players, like 4",
    "name": "the action's name",
    "milestones": "--milestones N, the Milestones needed",
    "goal": "--goal N, the successes needed",
    "arena": "an arena of a conflict: mental, physical or social",
    "effect": "what it adds: enhancement, complication or difficulty",
    "trait": "a trait's name, like Strength",
}
"""What a missing parameter is, in words, by parameter name."""


SECTIONS = {
    "Rolling": ("roll",),
    "Odds and charts": ("odds", "compare", "chart", "plot"),
    "Campaigns and characters": ("campaign", "char", "log", "undo", "restore"),
    "The story": ("clock", "story"),
    "Sheets": ("sheets", "tracks"),
    "The Act of Hubris": ("hubris",),
    "After Sundown": ("sundown",),
    "Storypath": ("momentum", "storypath", "complex"),
    "Chronicles": ("extended",),
    "The table and its seats": ("serve", "table", "seats", "discord"),
    "Checking the dice": ("seal", "verify", "stats", "dice"),
    "The database": ("db",),
}
"""The sections of `dicepool --help`: each lists the commands named, and the catalogue's
actions of the groups named (an action's ``group``)."""


def _catalogue() -> dict[str, Any]:
    """The catalogue's commands that no hand-written one holds, by their first word: an action
    (``damage``), or the actions of a group (``track define``, ``track change``...)."""
    from dicepool.campaign.actions import ACTIONS

    found: dict[str, Any] = {}
    for action in ACTIONS.values():
        first = action.words[0]
        if first in COMMANDS:
            continue
        found[first] = action if len(action.words) == 1 else (*found.get(first, ()), action)
    return found


def _group_help(actions: tuple[Any, ...]) -> str:
    """A group of the catalogue's actions, in words: ``define, change...``."""
    words: str = actions[0].summary.split(":")[0]
    return ", ".join(a.words[1] for a in actions) + ": " + words


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when invoked (or listed in --help): the
    hand-written ones of :data:`COMMANDS`, and the catalogue's actions."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *_catalogue()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module, name, _, _ = COMMANDS[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), name)
            return command
        found = _catalogue().get(cmd_name)
        if found is None:
            return None
        from dicepool.cli.actions import add_actions, command_of

        if not isinstance(found, tuple):
            return command_of(found)
        group = click.Group(cmd_name, help=_group_help(found))
        add_actions(group, cmd_name)
        return group

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from dicepool.campaign.catalogue import Action

        actions = _catalogue()
        with formatter.section("Commands"):
            for title, names in SECTIONS.items():
                rows = [(n, COMMANDS[n][2]) for n in names if n in COMMANDS]
                rows += sorted(
                    (n, a.summary.rstrip(".") if isinstance(a, Action) else _group_help(a))
                    for n, a in actions.items()
                    if (a if isinstance(a, Action) else a[0]).group in names
                )
                with formatter.section(title):
                    formatter.write_dl(rows)


def _say_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """Print the build (the version, and the commit in a checkout) and exit."""
    if not value or ctx.resilient_parsing:
        return
    from dicepool.build import build

    click.echo(f"dicepool {build()}")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_say_version,
    help="Show the version (and the commit, run from a checkout) and exit.",
)
def cli() -> None:
    """Dice pools for storyteller games: roll, resolve dice rolled by hand, exact odds."""


LINE_COMMANDS = frozenset({"roll", "odds", "compare", "plot"})
"""The commands that take roll lines, where a line's `-2` or spaces may slip out of quotes."""


def hint(exc: click.UsageError) -> str | None:
    """The fix for the two slips people make typing a roll line, or None."""
    if isinstance(exc, click.NoSuchOption) and exc.option_name[1:2].isdigit():
        return (
            f"`{exc.option_name}` looks like an option to the shell: put the roll line in "
            f'quotes, e.g. dicepool roll "chronicles {exc.option_name}"'
        )
    message = exc.format_message()
    if "unexpected extra argument" in message:
        return f"{sentence(message)}; put each roll line in quotes"
    return None


def sentence(message: str) -> str:
    """Click's sentence as a clause of ours: lower-case first letter, no full stop."""
    message = message.removesuffix(".")
    return message[:1].lower() + message[1:] if message[1:2].islower() else message


def command_of(exc: click.UsageError, args: list[str]) -> str | None:
    """The subcommand the error is about (``campaign create`` for one of a group): from its
    context, or else the first word typed."""
    if exc.ctx is not None:
        names = []
        ctx: click.Context | None = exc.ctx
        while ctx is not None and ctx.parent is not None:
            names.append(ctx.command.name or "")
            ctx = ctx.parent
        return " ".join(reversed(names)) or None
    words = [a for a in args if not a.startswith("-")]
    return words[0] if words and (words[0] in COMMANDS or words[0] in _catalogue()) else None


def example_of(command: str | None) -> str | None:
    """An example of the command: its own, or its group's."""
    if command is None:
        return None
    group = command.split()[0]
    if command in EXAMPLES:
        return EXAMPLES[command]
    if group in COMMANDS:
        return COMMANDS[group][3]
    from dicepool.campaign.actions import by_words

    action = by_words(tuple(command.split()))
    return action.example if action is not None and action.example else None


def usage_error(exc: click.UsageError, args: list[str]) -> tuple[str, str | None]:
    """A usage error as one line saying what is wrong and how to fix it, and maybe an example.

    A missing parameter is named in words, with an example of the command; an unknown option
    or command, or an option without its value, points at the command's --help.
    """
    command = command_of(exc, args)
    path = f"dicepool {command}" if command else "dicepool"
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        needs = NEEDS.get(exc.param.name or "", exc.param.human_readable_name)
        return f"`{path}` needs {needs}", example_of(command)
    fixed = hint(exc) if command in LINE_COMMANDS or command is None else None
    if fixed is not None:
        return fixed, None
    message = sentence(exc.format_message())
    if isinstance(exc, click.NoSuchOption | click.NoSuchCommand | click.BadOptionUsage):
        message += f" (see `{path} --help`)"
    return message, None


def report(message: str, example: str | None = None) -> NoReturn:
    """Print an error as one short line on stderr (and maybe an example), then exit 2."""
    click.secho(f"error: {error_line(message)}", fg="red", err=True)
    if example is not None:
        click.echo(f"e.g. {example}", err=True)
    sys.exit(2)


def main() -> None:
    """Run the command; every error becomes one line on stderr and exit status 2."""
    args = sys.argv[1:]
    if "--spend" in args:  # `--spend momentum 2`: the amount is the spend's, not the line's
        from dicepool.cli.spends import mend_spend_amounts

        args = mend_spend_amounts(args)
    try:
        cli.main(args=args, standalone_mode=False)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at the exit
    except DicepoolError as exc:
        report(str(exc))
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help(), err=True)  # `dicepool` alone: what it can do
        sys.exit(2)
    except click.UsageError as exc:
        report(*usage_error(exc, sys.argv[1:]))
    except click.ClickException as exc:
        report(exc.format_message())
    except OSError as exc:  # the output cannot be written: a full disk, a closed pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second failure
        report(f"cannot write the output: {exc.strerror or exc}")
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
