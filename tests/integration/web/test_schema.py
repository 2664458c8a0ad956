"""schemathesis against the web table's own ``/openapi.json``, in-process (no server process).

Every operation the document describes is called with data that fits it and data that does
not, with the tokens of a table opened in a real SQLite file (the storyteller's, a player's,
the invitation's) and with none (a stranger), and every built-in check runs on each answer:
never a 500; only the statuses, content types and bodies the document declares; invalid data
refused; no token, or a wrong one, refused. Brief by default (Hypothesis's `max_examples` 15 an
operation); ``DICEPOOL_SCHEMA_EXAMPLES=500`` runs it at length. Nothing here is timed.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.config import HealthCheck

from dicepool.campaign import create_character
from dicepool.campaign.seats import find_seat_by_token, take_character
from dicepool.store.database import Database
from dicepool.web.app import create_app
from dicepool.web.limits import RATES, Bucket

from .conftest import bearer

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("DICEPOOL_SCHEMA_EXAMPLES", "15"))
"""Hypothesis's `max_examples` for each operation, its data fitting the schema or not."""

# schemathesis reads the document as the module is collected, so the app is made here; its
# database is the `table` fixture's (the app reads `state.db` at each request), never this one
app = create_app(Database(f"sqlite:///{Path(tempfile.gettempdir()) / 'never-opened.sqlite3'}"))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=EXAMPLES,
    # each test sends its seat's real token (the `ignored_auth` check still sends none, and a
    # wrong one, and expects 401)
    with_security_parameters=False,
    # a query parameter the API does not know is ignored, as HTTP APIs do: OpenAPI does not
    # forbid one, and a page's form may send its other fields along
    allow_extra_parameters=False,
)
# generating a body takes longer on a busy machine: that says nothing of the API
schema.config.suppress_health_check = [HealthCheck.too_slow]
# A roll line, a name, a system are languages of their own that JSON Schema cannot spell out:
# a request that fits the schema may still be refused by the rules, with 422 and a message.
accepting = schema.config.checks.positive_data_acceptance
accepting.expected_statuses = [*accepting.expected_statuses, "422"]
# Invalid data over 64 KiB is refused before it is read, with 413.
rejecting = schema.config.checks.negative_data_rejection
rejecting.expected_statuses = [*rejecting.expected_statuses, "413"]

TABLE: dict[str, Any] = {}
"""The table the fixture opened: its id, a hidden roll's event, a character, the tokens."""


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A table opened through the API in a SQLite file, a player seated with a character, and
    a hidden roll of the storyteller's: one for the module, as every call adds to its log."""
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('schema') / 'dicepool.sqlite3'}")
    never_opened, app.state.db = app.state.db, db
    # generous buckets: the examples should reach the handlers, not the rate limit (tested apart)
    app.state.buckets = {what: Bucket(1e6, 1e6) for what in RATES}
    client = TestClient(app)
    # hubris: the system with the most actions by the rules for the sheets API to take
    opened = client.post("/api/campaigns", json={"name": "Night", "system": "hubris"}).json()
    where, told, invite = opened["id"], opened["storyteller"]["token"], opened["invite"]["token"]
    player = client.post(
        f"/api/campaigns/{where}/seats", json={"name": "Bo"}, headers=bearer(invite)
    ).json()["token"]
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2")
    seat = find_seat_by_token(db, player)
    assert seat is not None
    take_character(db, seat, "Ana")
    hidden = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": "hubris 2", "hidden": True},
        headers=bearer(told),
    ).json()["event"]
    TABLE.update(
        id=where, hidden=hidden, name="Ana", storyteller=told, player=player, invite=invite
    )
    yield TABLE
    TABLE.clear()
    app.state.db = never_opened
    db.close()


@schema.hook
def flatmap_path_parameters(_context: Any, parameters: dict[str, Any] | None) -> Any:
    """Mostly the fixture's table, its hidden roll and its character, so that calls get past
    the 404 to the handlers; else the values as generated. A value of another type stays: a
    negative case's invalid path stays invalid."""
    if not parameters:
        return st.just(parameters)
    real = dict(parameters)
    for name, key, kind in [
        ("campaign_id", "id", int),
        ("event_id", "hidden", int),
        ("name", "name", str),
    ]:
        if name in real and key in TABLE and isinstance(real[name], kind):
            real[name] = TABLE[key]
    return st.sampled_from([real, real, real, parameters])


@schema.parametrize()
def test_the_storyteller_meets_no_server_error_and_only_what_the_schema_says(
    case: schemathesis.Case, table: dict[str, Any]
) -> None:
    case.call_and_validate(headers=bearer(table["storyteller"]))


@schema.parametrize()
def test_a_player_meets_no_server_error_and_only_what_the_schema_says(
    case: schemathesis.Case, table: dict[str, Any]
) -> None:
    case.call_and_validate(headers=bearer(table["player"]))


@schema.parametrize()
def test_the_invitation_meets_no_server_error_and_only_what_the_schema_says(
    case: schemathesis.Case, table: dict[str, Any]
) -> None:
    case.call_and_validate(headers=bearer(table["invite"]))


@schema.parametrize()
def test_no_one_meets_no_server_error_and_only_what_the_schema_says(
    case: schemathesis.Case, table: dict[str, Any]
) -> None:
    """A stranger with no token: every seat's operation refuses them with the 401 the
    document declares, and the open ones (the front page, a new table) answer as it says."""
    assert table["id"]  # the table is there to be reached
    case.call_and_validate()
