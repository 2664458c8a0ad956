"""Every action of the catalogue, taken from each of its three edges: the API, the page's form
and the command line, in-process, on SQLite.

For every system and every action its storyteller is offered, the action's example
(``EXAMPLES`` of test_actions_api.py) is taken once from each edge, each on a fresh table set up
the same way (its example's ``before``), all in the same database file. Each edge must answer
success and log the same events: as many, of the same kinds, with the same data once what the
dice or a seal decide is left out. The command line's words are built from the action's
declared parameters, so every action is shown reachable from ``dicepool`` by its declaration.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from dicepool.campaign.actions import ACTIONS
from dicepool.campaign.catalogue import ALL, Action, Param, Type
from dicepool.cli.main import cli
from dicepool.store.database import Database
from dicepool.web.limits import RATES, Bucket
from dicepool.web.pages import csrf_of

from .test_actions_api import EXAMPLES, Scene, logged, offers, storyteller_table
from .test_sheets_api import Table

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

PAIRS = [
    (system, name)
    for system in sorted(ALL)
    for name, action in ACTIONS.items()
    if system in action.systems
]
"""Every action at a table of each system its storyteller sits at (the storyteller is offered
every action of their table's system: checked below)."""

CLI_ACTOR = "cli-owner"
SEED = "7"
"""The command line's ``--seed`` for an action whose rule may roll."""


# The three edges: each takes ``action`` at ``table`` with ``given`` (the API's JSON values),
# checks that the edge answered success, and says how it answered.

Edge = Callable[[Table, Database, Action, dict[str, Any]], str]


def by_api(table: Table, _db: Database, action: Action, given: dict[str, Any]) -> str:
    answer = table.act(table.storyteller, action.name, **given)
    assert answer.status_code == 201, ("api", action.name, answer.status_code, answer.text)
    return answer.text


def form_value(param: Param, value: Any) -> str | None:
    """A parameter's value as a form's field: text; a flag "true" when set (a checkbox), else
    no field; None: no field."""
    if value is None or (param.type is Type.FLAG and not value):
        return None
    if param.type is Type.FLAG:
        return "true"
    return str(value)


def by_page(table: Table, _db: Database, action: Action, given: dict[str, Any]) -> str:
    browser = TestClient(table.client.app, raise_server_exceptions=False)
    opened = browser.get(f"/t/{table.storyteller}", follow_redirects=False)
    assert opened.status_code == 303, opened.text  # the seat's cookie, and on to the table
    fields = {"csrf": csrf_of(table.storyteller)}
    for param in action.web_params():
        value = form_value(param, given.get(param.name))
        if value is not None:
            fields[param.name] = value
    answer = browser.post(f"/c/{table.id}/act/{action.name}", data=fields, follow_redirects=False)
    assert answer.status_code in (200, 303), ("page", action.name, answer.status_code, answer.text)
    return answer.text


def words_of(param: Param, value: Any) -> list[str]:
    """A parameter's value on the command line: its option and value, a flag's option alone
    when set, or an argument (the words of one that takes the rest); none when not given."""
    if value is None or (param.type is Type.FLAG and not value):
        return []
    if param.type is Type.FLAG:
        assert param.option is not None, (param.name, "a flag is an option")
        return [param.option]
    if param.option is not None:
        return [param.option, str(value)]
    if param.many:
        return str(value).split()
    return [str(value)]


def argv_of(action: Action, table: str, url: str, given: dict[str, Any]) -> list[str]:
    """The command line of ``action`` with ``given``, built from its declared parameters:
    its words, its arguments in order, its options; a word the web never takes, its one value."""
    arguments: list[str] = []
    options: list[str] = []
    skipped: str | None = None
    for param in action.params:
        value = given.get(param.name) if param.web else param.default
        words = words_of(param, value)
        if param.option is not None:
            options += words
            continue
        if not words:
            skipped = param.name
        else:
            assert skipped is None, (action.name, f"{param.name} given after {skipped}")
            arguments += words
    rolls = ["--seed", SEED] if action.rolls else []
    storage = ["--db", url, "--campaign", table, "--json"]
    return [*action.words, *arguments, *options, *rolls, *storage]


def by_cli(table: Table, db: Database, action: Action, given: dict[str, Any]) -> str:
    argv = argv_of(action, table.name, db.url, given)
    result = CliRunner().invoke(cli, argv, env={"DICEPOOL_ACTOR": CLI_ACTOR})
    assert result.exit_code == 0, ("cli", argv, result.output, repr(result.exception))
    json.loads(result.output)  # --json: what it did, as JSON
    return result.output


EDGES: dict[str, Edge] = {"api": by_api, "page": by_page, "cli": by_cli}


def lift_limits(client: TestClient) -> None:
    """Generous buckets: a test takes many actions (the rate limits are tested apart)."""
    client.app.state.buckets = {what: Bucket(1e6, 1e6) for what in RATES}  # type: ignore[attr-defined]


def new_events(table: Table, before: set[int]) -> list[dict[str, Any]]:
    after = logged(table)
    return sorted((e for i, e in after.items() if i not in before), key=lambda e: e["seq"])


@pytest.mark.parametrize(("system", "name"), PAIRS, ids=[f"{s}-{n}" for s, n in PAIRS])
def test_an_action_logs_the_same_from_every_edge(
    client: TestClient, db: Database, system: str, name: str
) -> None:
    lift_limits(client)
    example = EXAMPLES.get(name)
    assert example is not None, f"add an example of `{name}` to EXAMPLES (test_actions_api.py)"
    action = ACTIONS[name]
    seen: dict[str, list[dict[str, Any]]] = {}
    for edge, take in EDGES.items():
        table = storyteller_table(client, system, f"{edge}-table")
        given = {**example.given, **example.before(Scene(table, db))}
        before = set(logged(table))
        take(table, db, action, given)
        seen[edge] = new_events(table, before)
    for edge, events in seen.items():
        print("\n", system, name, edge)
        for e in events:
            print("   ", e["kind"], e["actor"], json.dumps(e["data"]))
    assert False
