"""The catalogue's actions as `dicepool` commands.

Each action of :mod:`dicepool.campaign.actions` becomes one click command: its parameters, in
order, are the command's arguments (or its options, where they say which), then ``--seed`` and
``--dice`` for a rule that rolls, ``--json``, ``--campaign`` and ``--db``. The command takes the
action as the campaign's owner and prints what it did (:mod:`dicepool.cli.acted`).
"""

from __future__ import annotations

from typing import Any

import click

from dicepool.campaign.catalogue import Action, Param, Type
from dicepool.cli.storage import actor, campaign_of, open_database, storage_options


def _type(param: Param) -> Any:
    return click.INT if param.type in (Type.INT, Type.EVENT) else click.STRING


def _click_param(param: Param) -> click.Parameter:
    """The argument or option that gives ``param``; the catalogue checks its value."""
    if param.option is None:
        return click.Argument(
            [param.name],
            type=_type(param),
            required=param.required and not param.many,
            nargs=-1 if param.many else 1,
            metavar=param.metavar or param.name.upper(),
        )
    if param.type is Type.FLAG:
        return click.Option([param.option, param.name], is_flag=True, help=param.summary)
    return click.Option(
        [param.option, param.name],
        type=_type(param),
        required=param.required and param.default is None,
        metavar=param.metavar,
        help=param.summary,
    )


def _help(action: Action) -> str:
    text = action.help or action.summary
    return f"{text}\n\ne.g. {action.example}" if action.example else text


def command_of(action: Action) -> click.Command:
    """The `dicepool` command of ``action``."""
    from dicepool.cli.play import dice_options, json_option

    def callback(
        as_json: bool,
        campaign: str | None,
        db_url: str | None,
        seed: int | None = None,
        dice: str | None = None,
        **given: Any,
    ) -> None:
        from dicepool.campaign.actions import perform_as_owner
        from dicepool.cli.acted import public_base, show
        from dicepool.cli.roll import pick_source

        public_base()  # a link it may print: a bad address refuses before anything is done

        for param in action.params:  # the words of an argument that takes the rest, as one
            if param.many:
                given[param.name] = " ".join(given[param.name])
        db = open_database(db_url)
        name = campaign_of(db, campaign)
        source = pick_source(seed, dice) if action.rolls else None
        made = perform_as_owner(db, name, actor(), action, given, source)
        show(action, made, name, as_json, made.args, seed)

    command = click.Command(
        action.words[-1],
        callback=callback,
        params=[_click_param(p) for p in action.params],
        help=_help(action),
        short_help=action.summary,
    )
    command = storage_options(json_option(command))
    return dice_options(command) if action.rolls else command


def add_actions(group: click.Group, name: str) -> None:
    """Give ``group`` (``clock``, ``momentum``...) the commands of the actions under it."""
    from dicepool.campaign.actions import ACTIONS

    for action in ACTIONS.values():
        if len(action.words) == 2 and action.words[0] == name:
            group.add_command(command_of(action))
