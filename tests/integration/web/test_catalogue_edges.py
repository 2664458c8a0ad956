"""Every action of the catalogue from each of its four edges, in-process, on SQLite: the JSON
API, the page's form, the command line and a Discord slash command do the same thing.

For every system and every action its storyteller is offered, the action's example (``EXAMPLES``
of test_actions_api.py) is taken once from each edge, each at a fresh table of its own set up
the same way (the example's ``before``), all in one database file. Each edge must answer success
and log the same events: as many, of the same kinds, with the same data once what the dice and
the seals decided is left out. The command line is built from the action's declared parameters,
so each action is shown reachable as `dicepool <words...>` by its declaration alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from click.testing import CliRunner
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from fastapi.testclient import TestClient

from dicepool.campaign.actions import ACTIONS
from dicepool.campaign.catalogue import ALL, Action, Param, Type
from dicepool.cli.main import cli
from dicepool.store.database import Database
from dicepool.store.seats import seat_by_id
from dicepool.web.discord_sign import Discord
from dicepool.web.limits import RATES, Bucket
from dicepool.web.pages import csrf_of

from .discord import Application
from .test_actions_api import EXAMPLES, Scene, example_of, logged, offers, storyteller_table
from .test_sheets_api import Table

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

PAIRS = [
    (system, name)
    for system in sorted(ALL)
    for name, action in ACTIONS.items()
    if system in action.systems
]
"""Each system, with each action of its tables: what its storyteller is offered (checked by
:func:`test_every_action_is_taken_from_every_edge_at_a_table_of_each_of_its_systems`)."""

CLI_ACTOR = "owner"
"""Who acts at the command line (``DICEPOOL_ACTOR``); the web's actor is the seat's name."""


# The four edges: each takes ``action`` at ``table`` with ``given`` (the values of the API's
# JSON) and checks that it answered success.

Edge = Callable[[Table, Database, Action, dict[str, Any]], None]


def by_api(table: Table, _db: Database, action: Action, given: dict[str, Any]) -> None:
    """``POST /api/campaigns/{id}/actions/{name}`` with the storyteller's token."""
    answer = table.act(table.storyteller, action.name, **given)
    assert answer.status_code == 201, ("api", action.name, answer.status_code, answer.text)


def field(param: Param, value: Any) -> str | None:
    """A value as a form's field: text; a flag set, "true" (a checked box); None and a flag not
    set, no field."""
    if value is None or value is False:
        return None
    return "true" if param.type is Type.FLAG else str(value)


def by_page(table: Table, _db: Database, action: Action, given: dict[str, Any]) -> None:
    """The storyteller's browser, its seat's cookie from their link, posts the action's form."""
    browser = TestClient(table.client.app, raise_server_exceptions=False)
    went = browser.get(f"/t/{table.storyteller}", follow_redirects=False)
    assert went.status_code == 303, went.text  # the seat's cookie, then on to the table
    form = {"csrf": csrf_of(table.storyteller)}
    for param in action.web_params():
        value = field(param, given.get(param.name))
        if value is not None:
            form[param.name] = value
    answer = browser.post(f"/c/{table.id}/act/{action.name}", data=form, follow_redirects=False)
    assert answer.status_code in (200, 303), ("page", action.name, answer.status_code, answer.text)


def words(param: Param, value: Any) -> list[str]:
    """A value on the command line: its option and the value, a flag's option alone when set,
    or an argument (the words of one that takes the rest); nothing when not given."""
    if value is None or value is False or (param.many and value == ""):
        return []
    if param.type is Type.FLAG:
        assert param.option is not None, (param.name, "a flag is an option")
        return [param.option]
    if param.option is not None:
        return [param.option, str(value)]
    return str(value).split() if param.many else [str(value)]


def argv_of(action: Action, campaign: str, url: str, given: dict[str, Any]) -> list[str]:
    """The command line of ``action`` with ``given``, made from its declaration: its words, its
    arguments in their order, its options (a word the web does not take: its one value)."""
    arguments: list[str] = []
    options: list[str] = []
    left_out = ""
    for param in action.params:
        said = words(param, given.get(param.name) if param.web else param.default)
        if param.option is not None:
            options += said
        elif not said:
            left_out = param.name
        else:
            assert not left_out, (action.name, f"argument {param.name} after {left_out} left out")
            arguments += said
    return [*action.words, *arguments, *options, "--db", url, "--campaign", campaign, "--json"]


def by_cli(table: Table, db: Database, action: Action, given: dict[str, Any]) -> None:
    """`dicepool <words...>` as the campaign's owner, on the same database file."""
    argv = argv_of(action, table.name, db.url, given)
    result = CliRunner().invoke(cli, argv, env={"DICEPOOL_ACTOR": CLI_ACTOR})
    assert result.exit_code == 0, ("cli", argv, result.output, repr(result.exception))
    json.loads(result.output)  # --json: what it did, as JSON


DISCORD_KEY = Ed25519PrivateKey.generate()
"""The Discord application's key: the tests' application takes its interactions."""


def discord_says(table: Table, name: str, /, **options: Any) -> dict[str, Any]:
    """A slash command from the storyteller's Discord user in the table's channel, signed; the
    answer's data."""
    app = table.client.app
    app.state.discord = Discord(DISCORD_KEY.public_key())  # type: ignore[attr-defined]
    body = Application(0, DISCORD_KEY).interaction(
        name, "1000", str(5000 + table.id), **{k: v for k, v in options.items() if v is not None}
    )
    raw = json.dumps(body, separators=(",", ":")).encode()
    stamp = str(int(time.time()))
    headers = {
        "X-Signature-Ed25519": DISCORD_KEY.sign(stamp.encode() + raw).hex(),
        "X-Signature-Timestamp": stamp,
        "Content-Type": "application/json",
    }
    answer = table.client.post("/discord/interactions", content=raw, headers=headers)
    assert answer.status_code == 200 and answer.json()["type"] == 4, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def link_discord(table: Table) -> None:
    """The storyteller links the table's channel (logged before the action is taken)."""
    discord_says(table, "link", link=table.storyteller)


def by_discord(table: Table, _db: Database, action: Action, given: dict[str, Any]) -> None:
    """The action's slash command, from the storyteller's Discord user in the table's channel."""
    discord_says(table, action.name, **given)


EDGES: dict[str, Edge] = {"api": by_api, "page": by_page, "cli": by_cli, "discord": by_discord}

READY: dict[str, Callable[[Table], None]] = {"discord": link_discord}
"""What an edge needs of its table before it takes an action (not counted as the action's)."""


# What was logged, without what the dice and the seals decided


def rolled(roll: dict[str, Any]) -> dict[str, Any]:
    """A roll's result as what was rolled, its line and its system: its dice, successes or
    hits, outcome, label and notes are the dice's."""
    return {"notation": roll["notation"], "system": roll["system"]}


def seat_named(db: Database, table: Table, seat_id: Any) -> str:
    """A seat of ``table`` by its role and name (its id is the table's own row's)."""
    with db.read() as conn:
        seat = seat_by_id(conn, seat_id)
    assert seat is not None and seat.campaign_id == table.id, (table.name, seat_id, seat)
    return f"{seat.role} {seat.name}"


def seats_of(value: Any, named: Callable[[Any], str]) -> Any:
    """``value`` with the ids of the table's seats (a seat event's ``ends``, a move's
    ``seat_id``) as their role and name: each table has its own rows, whose ids differ."""
    if isinstance(value, list):
        return [seats_of(v, named) for v in value]
    if not isinstance(value, dict):
        return value
    kept = {k: seats_of(v, named) for k, v in value.items()}
    if isinstance(value.get("ends"), list):
        kept["ends"] = [named(i) for i in value["ends"]]
    if "seat_id" in value:
        kept["seat_id"] = named(value["seat_id"])
    return kept


def steady(
    event: dict[str, Any], action: Action, given: dict[str, Any], named: Callable[[Any], str]
) -> dict[str, Any]:
    """An event's kind and data without what chance made: a closed seal's seed, a new one's
    commitment, a sealed roll's nonce and runs of dice (its seal and number are kept), the
    results of the rolls a rule made. The logged event an action acts on, and the seats of the
    table, are each table's own: the event is checked to be the one given."""
    data = dict(event["data"])
    for param in action.params:
        if param.type is Type.EVENT and param.name in data:
            assert data[param.name] == {"seq": given[param.name]}, (event, given)
            data[param.name] = "the event given"
    if event["kind"] == "seal-close":
        data.pop("seed")
    if event["kind"] == "seal-open":
        data.pop("commitment")
    if isinstance(data.get("seal"), dict):  # its runs of dice: as many as came up again
        data["seal"] = {k: v for k, v in data["seal"].items() if k not in ("nonce", "sides")}
    if isinstance(data.get("result"), dict):  # a second chance's roll
        data["result"] = rolled(data["result"])
    if isinstance(data.get("rolls"), list):  # a rule's rolls: Stamina, atonement, Intimacy...
        data["rolls"] = [
            {**{k: v for k, v in r.items() if k != "successes"}, "roll": rolled(r["roll"])}
            for r in data["rolls"]
        ]
    return {"kind": event["kind"], "data": seats_of(data, named)}


def lift_limits(client: TestClient) -> None:
    """Generous buckets: a test opens tables and acts many times (rate limits are tested apart)."""
    client.app.state.buckets = {what: Bucket(1e6, 1e6) for what in RATES}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("system", "name"), PAIRS, ids=[f"{s}-{n}" for s, n in PAIRS])
def test_an_action_logs_the_same_from_the_api_the_page_the_command_line_and_discord(
    client: TestClient, db: Database, system: str, name: str
) -> None:
    lift_limits(client)
    assert name in EXAMPLES, f"add an example of `{name}` to EXAMPLES (test_actions_api.py)"
    example = example_of(name, system)
    action = ACTIONS[name]
    logs: dict[str, list[dict[str, Any]]] = {}
    for edge, take in EDGES.items():
        table = storyteller_table(client, system, f"By {edge}")  # its own table, the same way
        given = {**example.given, **example.before(Scene(table, db))}
        READY.get(edge, lambda _table: None)(table)
        before = set(logged(table))
        take(table, db, action, given)
        new = sorted(
            (e for i, e in logged(table).items() if i not in before), key=lambda e: e["seq"]
        )
        assert new, (edge, name, "logged nothing")
        named = partial(seat_named, db, table)
        logs[edge] = [steady(e, action, given, named) for e in new]
    for edge in ("page", "cli", "discord"):
        assert len(logs[edge]) == len(logs["api"]), (name, edge, logs[edge], "api", logs["api"])
        assert logs[edge] == logs["api"], (name, edge, logs[edge], "api", logs["api"])


def test_every_action_is_taken_from_every_edge_at_a_table_of_each_of_its_systems(
    client: TestClient,
) -> None:
    lift_limits(client)
    assert {name for _, name in PAIRS} == set(ACTIONS)
    for system in sorted(ALL):
        table = storyteller_table(client, system, f"Offers {system}")
        offered = set(offers(table, table.storyteller))
        assert offered == {name for s, name in PAIRS if s == system}, system
