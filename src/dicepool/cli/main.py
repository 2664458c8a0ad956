"""The `dicepool` command group.

Subcommands load lazily: `dicepool roll` must start fast at the table, so the modules that need
numpy, matplotlib or rich tables are imported only by the commands that use them.
"""

from __future__ import annotations

import importlib
import sys

import click

from dicepool.errors import DicepoolError

COMMANDS = {
    "roll": ("dicepool.cli.roll", "roll", "Roll a line of dice notation and show every die."),
    "odds": ("dicepool.cli.odds", "odds", "Exact odds of a line, and of several rolls of it."),
    "compare": ("dicepool.cli.compare", "compare", "How the odds change from one line to another."),
    "chart": ("dicepool.cli.chart", "chart", "A statistic over pools and difficulties."),
    "plot": ("dicepool.cli.plot", "plot", "Draw distributions or a chart to a PNG or SVG file."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when invoked (or listed in --help)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, name, _ = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(module), name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dicepool")
def cli() -> None:
    """Dice pools for storyteller games: roll, resolve dice rolled by hand, exact odds."""


def hint(exc: click.UsageError) -> str:
    """Click's message, with the fix for the two slips people make typing a roll line."""
    if isinstance(exc, click.NoSuchOption) and exc.option_name[1:2].isdigit():
        return (
            f"`{exc.option_name}` looks like an option to the shell: put the roll line in "
            f'quotes, e.g. dicepool roll "chronicles {exc.option_name}"'
        )
    if "unexpected extra argument" in exc.message:
        return f"{exc.message}; put each roll line in quotes"
    return exc.message


def main() -> None:
    """Run the command; a DicepoolError becomes one line on stderr and exit status 2."""
    try:
        cli.main(standalone_mode=False)
    except DicepoolError as exc:
        click.secho(f"error: {exc}", fg="red", err=True)
        sys.exit(2)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.UsageError as exc:
        click.UsageError(hint(exc), exc.ctx).show()
        sys.exit(2)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
