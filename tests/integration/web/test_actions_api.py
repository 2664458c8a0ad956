"""The catalogue of actions over the JSON API, in-process, on SQLite and PostgreSQL: what each
seat is offered (with its parameters' JSON Schema), every action taken with parameters it takes
and found in the log, the refusals (403, 404, 422 naming the parameter), and the OpenAPI
document's route and parameter model for each action."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from dicepool.campaign.actions import ACTIONS, perform_as_owner
from dicepool.campaign.catalogue import ALL, Param, Type, Who
from dicepool.campaign.rolls import roll
from dicepool.cli.main import cli
from dicepool.core.dice import ForcedDice
from dicepool.sheet.spends import Spends
from dicepool.store.database import Database
from dicepool.web.actions_api import MODELS
from dicepool.web.limits import RATES, Bucket

from .test_sheets_api import Table, opened, refused

TRAITS = {
    "hubris": "Stamina=1 Willpower=2 Resolve=2 Potency=1",
    "sundown": "Agility=3 Edge=2 Potency=1",
    "storypath": "Legend=2",
}
"""The traits of Ana, the character every action acts on, at a table of each system."""

HUBRIS_STORYTELLER = {
    "damage",
    "heal",
    "stabilize",
    "rest",
    "vice",
    "virtue",
    "sin",
    "degenerate",
    "atone",
    "intimacy",
    "soul",
    "willpower",
    "next",
    "clock",
    "seal-close",
}
"""Actions a hubris storyteller is offered, at least."""


# Helpers


def offers(table: Table, token: str) -> dict[str, dict[str, Any]]:
    """What ``token``'s seat is offered, by name (each name once)."""
    answer = table.client.get(f"{table.url}/actions", headers=table.by(token))
    assert answer.status_code == 200, answer.text
    listed: list[dict[str, Any]] = answer.json()["actions"]
    assert all(set(o) == {"name", "summary", "character", "parameters"} for o in listed), listed
    found = {o["name"]: o for o in listed}
    assert len(found) == len(listed), [o["name"] for o in listed]
    return found


def logged(table: Table) -> dict[int, dict[str, Any]]:
    """Every event of the table the storyteller sees, by id."""
    answer = table.client.get(f"{table.url}/events", headers=table.by(table.storyteller))
    assert answer.status_code == 200, answer.text
    return {e["seq"]: e for e in answer.json()["events"]}


def alternatives(schema: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The schemas a value may fit: the ``anyOf``'s, or the schema itself."""
    yield from schema.get("anyOf", [schema])


def fits(schema: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` fits ``schema``: the part of JSON Schema the parameter models use."""
    if "anyOf" in schema:
        return any(fits(s, value) for s in schema["anyOf"])
    if "enum" in schema and value not in schema["enum"]:
        return False
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            return False
        properties: dict[str, Any] = schema.get("properties", {})
        if schema.get("additionalProperties") is False and set(value) - set(properties):
            return False
        return set(schema.get("required", [])) <= set(value) and all(
            fits(properties[k], v) for k, v in value.items() if k in properties
        )
    if kind == "integer":
        low, high = schema.get("minimum", -math.inf), schema.get("maximum", math.inf)
        return type(value) is int and low <= value <= high
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str) and len(value) <= schema.get("maxLength", math.inf)
    if kind == "null":
        return value is None
    return kind is None


def describes(prop: dict[str, Any], param: Param) -> None:
    """Check that the JSON Schema ``prop`` says what ``param`` declares."""
    kinds = [s for s in alternatives(prop) if s.get("type") != "null"]
    assert len(kinds) == 1, prop
    (kind,) = kinds
    if param.type in (Type.INT, Type.EVENT):
        wanted = {"type": "integer", "minimum": param.low, "maximum": param.high}
        assert {k: kind.get(k) for k in wanted} == wanted, (param.name, prop)
    elif param.type is Type.FLAG:
        assert kind["type"] == "boolean", (param.name, prop)
    elif param.type is Type.CHOICE:
        assert set(kind["enum"]) >= set(param.choices("hubris") + param.choices("storypath"))
    else:
        assert (kind["type"], kind["maxLength"]) == ("string", param.length), (param.name, prop)
    assert prop.get("description") == param.summary, (param.name, prop)
    if not param.required and param.name != "character":
        assert prop.get("default") == param.default, (param.name, prop)
    # an optional parameter may be sent as null: it is then not given
    assert any(s.get("type") == "null" for s in alternatives(prop)) == (
        not param.required or param.name == "character"
    ), (param.name, prop)


def web_names(name: str) -> set[str]:
    return {p.name for p in ACTIONS[name].web_params()}


def needed(name: str) -> set[str]:
    """The parameters the schema requires: a player's character is their own when not given."""
    return {p.name for p in ACTIONS[name].web_params() if p.required and p.name != "character"}


# A table, and an example of each action taken there


@dataclass
class Scene:
    """A table of one system, its storyteller's character Ana, and the database under it."""

    table: Table
    db: Database

    def take(self, name: str, /, **given: Any) -> int:
        """Take an action as the storyteller, for what another needs first."""
        return self.table.done(self.table.storyteller, name, **given)

    def rolled(self, body: dict[str, Any]) -> int:
        """A roll made through the API, as the storyteller: its event's id."""
        answer = self.table.client.post(
            f"{self.table.url}/rolls", json=body, headers=self.table.by(self.table.storyteller)
        )
        assert answer.status_code == 201, answer.text
        return int(answer.json()["event"])


Before = Callable[[Scene], dict[str, Any]]
"""What makes a table ready for an action: the parameters it found (a logged roll's id)."""


def ready(_scene: Scene) -> dict[str, Any]:
    return {}


def hurt(points: int) -> Before:
    def before(scene: Scene) -> dict[str, Any]:
        scene.take("damage", character="Ana", points=points, kind="lethal")
        return {}

    return before


def joined(scene: Scene) -> dict[str, Any]:
    """A player, Bo, at the table (with no character yet)."""
    scene.table.join("Bo")
    return {}


def vitae(scene: Scene) -> dict[str, Any]:
    """A track of ten points, Vitae, on Ana."""
    scene.take("track-define", character="Ana", track="Vitae", kind="points", size=10)
    return {}


def hull(scene: Scene) -> dict[str, Any]:
    """A damage track of five boxes, Hull, on Ana (a table without default tracks)."""
    scene.take("track-define", character="Ana", track="Hull", kind="damage", size=5)
    return {}


def hull_hurt(scene: Scene) -> dict[str, Any]:
    hull(scene)
    scene.take("damage", character="Ana", points=2, kind="lethal", track="Hull")
    return {}


def willpower_spent(scene: Scene) -> dict[str, Any]:
    """A point of Ana's default Willpower track spent (chronicles, classic)."""
    scene.take("spend", character="Ana")
    return {}


def vitae_spent(scene: Scene) -> dict[str, Any]:
    vitae(scene)
    scene.take("spend", character="Ana", track="Vitae", points=3)
    return {}


def spent(scene: Scene) -> dict[str, Any]:
    """A Willpower point spent this turn."""
    scene.take("mitigate", character="Ana")
    return {}


def defended(scene: Scene) -> dict[str, Any]:
    """An Intimacy held, and a point spent this turn (defending it)."""
    scene.take("intimacy", character="Ana", action="add", text="my sister")
    return spent(scene)


def in_crisis(scene: Scene) -> dict[str, Any]:
    scene.take("sin", character="Ana", rating=3, what="the guard")
    return {}


def failed_crisis(scene: Scene) -> dict[str, Any]:
    """A crisis roll of atonement failed (its three dice forced: the API's are random)."""
    in_crisis(scene)
    atone = ACTIONS["atone"]
    failed = ForcedDice([1, 1, 1])
    perform_as_owner(scene.db, scene.table.name, "storyteller", atone, {"character": "Ana"}, failed)
    return {}


def conflicted(scene: Scene) -> dict[str, Any]:
    """A contest of the conflict under way lost by Ana (ruling 22)."""
    scene.take("conflict-lose", character="Ana", arena="mental")
    return {}


def soulless(scene: Scene) -> dict[str, Any]:
    scene.take("soul", character="Ana", change="lost")
    return {}


def powered(scene: Scene) -> dict[str, Any]:
    """Five points in Ana's Power Reserve: regained, since they are state (ruling 19)."""
    scene.take("power", character="Ana", action="regain", points=5)
    return {}


def boosted(scene: Scene) -> dict[str, Any]:
    """Ana's Agility raised by a power, Celerity."""
    scene.take("boost", character="Ana", trait="Agility", dots=2, source="Celerity")
    return {}


def missed(scene: Scene) -> dict[str, Any]:
    """A logged sundown roll of Ana's, all misses: the roll a second chance is for."""
    return {"event": scene.rolled({"line": "Agility", "character": "Ana", "dice": [1, 2, 3]})}


def stunted(scene: Scene) -> dict[str, Any]:
    """A logged storypath roll of Ana's with stunt successes to buy Stunts with (ruling 20)."""
    body = {"line": "storypath 4", "character": "Ana", "dice": [8, 9, 8, 2]}
    return {"event": scene.rolled(body)}


def drawn_back(scene: Scene) -> dict[str, Any]:
    """A logged roll of Ana's whose Enhancement above 3 named its Drawback."""
    body = {"line": "storypath 2 enh 4", "character": "Ana", "dice": [8, 2], "drawback": "drunk"}
    return {"event": scene.rolled(body)}


def legend_spent(scene: Scene) -> dict[str, Any]:
    """A Legend point spent on a Feat of Scale (the API's rolls spend nothing)."""
    feat = Spends(feat="title")
    roll(scene.db, scene.table.name, "storypath 2", ForcedDice([8, 9]), "st", "Ana", spends=feat)
    return {}


def pooled(scene: Scene) -> dict[str, Any]:
    """Two players said, and a failed roll: a Momentum point in the pool."""
    scene.take("players", players=2)
    scene.rolled({"line": "storypath 2", "dice": [2, 3]})
    return {}


def heist(scene: Scene) -> dict[str, Any]:
    scene.take("complex-start", name="Heist", milestones=3, intervals=5, side="Ana")
    return {}


def pooled_heist(scene: Scene) -> dict[str, Any]:
    pooled(scene)
    return heist(scene)


@dataclass(frozen=True)
class Example:
    """Parameters an action takes, and what makes the table ready for them; at a table of a
    system named in ``at``, that system's example (damage: hubris's Health, chronicles' own
    Health track, a table's own elsewhere)."""

    given: dict[str, Any]
    before: Before = ready
    at: dict[str, Example] = field(default_factory=dict)

    def of(self, system: str) -> Example:
        """The example at a table of ``system``."""
        return self.at.get(system, self)


def example_of(name: str, system: str) -> Example:
    """The example of action ``name`` at a table of ``system``."""
    return EXAMPLES[name].of(system)


def _by_tracks(
    defaults: Example, own: Example, hubris: Example | None = None
) -> dict[str, Example]:
    """An example of a track's action at each system: with the default tracks (chronicles,
    classic), with a track of the table's own (the others), and hubris's own where it has one."""
    found = {"chronicles": defaults, "classic": defaults}
    found.update({s: own for s in ("custom", "sundown", "storypath", "hubris")})
    if hubris is not None:
        found["hubris"] = hubris
    return found


ANA = {"character": "Ana"}

EXAMPLES: dict[str, Example] = {
    # the whole table's
    "next": Example({"unit": "scene"}),
    "clock": Example({"duration": "2d"}),
    "seal-close": Example({}),
    "players": Example({"players": 3}),
    "house-rules": Example({"rules": "ties defender"}),  # an option of every system's
    "typed-dice": Example({"who": "everyone"}),
    # every sheet's
    "sheet": Example({**ANA, "changes": "", "add": "Zeal=2", "notes": "owes Bo\na horse"}),
    "track-define": Example({**ANA, "track": "Vitae", "kind": "points", "size": 10}),
    "track": Example({**ANA, "track": "Vitae", "change": "spend", "points": 2}, vitae),
    "track-remove": Example({**ANA, "track": "Vitae"}, vitae),
    "default-tracks": Example({"switch": "off"}),
    # the table's seats
    "invite": Example({}),
    "invitations-off": Example({}),
    "revoke": Example({"seat": "Bo"}, joined),
    "new-link": Example({"seat": "Bo"}, joined),
    "hand": Example({**ANA, "seat": "Bo"}, joined),
    "webhook": Example({"url": "https://discord.com/api/webhooks/123/abc-DEF_1"}),
    # hubris
    "damage": Example(
        {
            **ANA,
            "points": 2,
            "kind": "lethal",
            "resistant": True,
            "treatable": True,
            "mitigate": True,
        },
        at=_by_tracks(
            Example({**ANA, "points": 2, "kind": "lethal"}),  # Health, by default
            Example({**ANA, "points": 2, "kind": "aggravated", "track": "Hull"}, hull),
            Example({**ANA, "points": 2, "kind": "lethal", "resistant": True, "mitigate": True}),
        ),
    ),
    "heal": Example(
        {**ANA, "points": 1, "kind": "lethal"},
        hurt(2),
        at=_by_tracks(
            Example({**ANA, "points": 1}, hurt(2)),
            Example({**ANA, "points": 1, "kind": "lethal", "track": "Hull"}, hull_hurt),
            Example({**ANA, "points": 1, "kind": "lethal"}, hurt(2)),
        ),
    ),
    "spend": Example(
        {**ANA, "track": "Vitae", "points": 2},
        vitae,
        at=_by_tracks(Example(ANA), Example({**ANA, "track": "Vitae", "points": 2}, vitae)),
    ),
    "regain": Example(
        {**ANA, "track": "Vitae", "points": 2},
        vitae_spent,
        at=_by_tracks(
            Example(ANA, willpower_spent), Example({**ANA, "track": "Vitae"}, vitae_spent)
        ),
    ),
    "stabilize": Example(ANA, hurt(6)),
    "mitigate": Example(ANA),
    "rest": Example(ANA, spent),
    "vice": Example(ANA, spent),
    "virtue": Example(ANA, spent),
    "degenerate": Example(ANA, failed_crisis),
    "intimacy-roll": Example({**ANA, "intimacy": "my sister"}, defended),
    "sin": Example({**ANA, "rating": 3, "what": "the guard"}),
    "atone": Example({**ANA, "strides": True}, in_crisis),
    "intimacy": Example({**ANA, "action": "add", "text": "my sister"}),
    "soul": Example({**ANA, "change": "restored"}, soulless),
    "willpower": Example({**ANA, "dots": 1}),
    "supernatural": Example({**ANA, "trait": "Potency", "mortal": False}),
    "conflict-lose": Example({**ANA, "arena": "social"}),
    "conflict-end": Example({}, conflicted),
    # sundown
    "reroll": Example({}, missed),
    "edge": Example({**ANA, "for": "a lucky break", "escape": False}),
    "pass": Example({**ANA, "edge": False, "bonus": 1}),
    "power": Example({**ANA, "action": "spend", "points": 2}, powered),
    "boost": Example(
        {**ANA, "trait": "Agility", "dots": 2, "source": "Celerity", "scene": True, "power": 1},
        powered,
    ),
    "boost-end": Example({**ANA, "source": "Celerity", "trait": "Agility"}, boosted),
    # storypath
    "momentum": Example({"points": 1, "for": "a Knack"}, pooled),
    "legend": Example({**ANA, "points": 1}, legend_spent),
    "complex-start": Example(
        {"name": "Heist", "milestones": 3, "intervals": 5, "difficulty": 2, "side": "Ana"}
    ),
    "complex-buy": Example({"name": "Heist", "intervals": 1}, pooled_heist),
    "complex-award": Example({"name": "Heist", "milestones": 1, "side": "Ana"}, heist),
    "stunt": Example({"effect": "enhancement", "level": 2, "what": "the high ground"}, stunted),
    "drawback": Example({"effect": "difficulty", "level": 1}, drawn_back),
    # chronicles
    "extended-start": Example({"name": "Research", "goal": 10, "rolls": 5, "side": "Ana"}),
}
"""A valid example of every action of the catalogue: a new action needs one here."""


def test_every_action_of_the_catalogue_has_an_example() -> None:
    assert sorted(set(ACTIONS) - set(EXAMPLES)) == [], "add an example of each to EXAMPLES"
    assert sorted(set(EXAMPLES) - set(ACTIONS)) == [], "an example of no action"
    for name, example in EXAMPLES.items():
        for system in sorted(ACTIONS[name].systems):
            taken = {p.name for p in ACTIONS[name].web_params(system)}
            assert set(example.of(system).given) <= taken, (name, system)


def storyteller_table(client: TestClient, system: str, name: str = "Night") -> Table:
    """A table of ``system`` whose storyteller made the character Ana."""
    table = opened(client, system, name)
    made = table.create(table.storyteller, "Ana", TRAITS.get(system, ""))
    assert made.status_code == 201, made.text
    return table


# What each seat is offered


def test_the_storyteller_is_offered_each_action_with_its_parameters_schema(
    client: TestClient,
) -> None:
    table = storyteller_table(client, "hubris")
    offered = offers(table, table.storyteller)
    assert set(offered) >= HUBRIS_STORYTELLER, sorted(HUBRIS_STORYTELLER - set(offered))
    assert set(offered) == {a.name for a in ACTIONS.values() if "hubris" in a.systems}
    for name, offer in offered.items():
        action = ACTIONS[name]
        assert (offer["summary"], offer["character"]) == (action.summary, action.for_character)
        schema = offer["parameters"]
        assert schema["type"] == "object" and schema.get("additionalProperties") is False, name
        properties: dict[str, Any] = schema.get("properties", {})
        assert set(properties) == web_names(name), name
        assert set(schema.get("required", [])) == needed(name), name
        for param in action.web_params():
            describes(properties[param.name], param)
    # the words of the command line alone are no parameter of the API (`willpower Ana lose 1`)
    assert set(offered["willpower"]["parameters"]["properties"]) == {"character", "dots"}
    legend = storyteller_table(client, "storypath", "Day")
    points = offers(legend, legend.storyteller)["legend"]["parameters"]["properties"]["points"]
    assert points["default"] == 1


@pytest.mark.parametrize("system", ["hubris", "sundown", "storypath"])
def test_a_player_is_offered_what_concerns_their_character_and_the_table(
    client: TestClient, system: str
) -> None:
    table = opened(client, system)
    bo, di = table.join("Bo"), table.join("Di")
    assert table.create(bo, "Ana", TRAITS[system]).status_code == 201
    told = offers(table, table.storyteller)
    mine = offers(table, bo)
    assert mine and set(mine) < set(told)
    for name, offer in mine.items():
        action = ACTIONS[name]
        assert action.who is not Who.STORYTELLER, name
        # about their character, the table's shared pool, or a roll (its character theirs)
        assert offer["character"] or action.who is Who.SEAT or action.on_roll, name
        assert offer == told[name]  # the same action, the same schema
    theirs = {
        a.name for a in ACTIONS.values() if system in a.systems and a.who is not Who.STORYTELLER
    }
    assert set(mine) == theirs
    assert not {"next", "clock", "seal-close", "players"} & set(mine)
    # a player who sits with no one yet: only what any seat may do; the invitation: no seat
    shared = {a.name for a in ACTIONS.values() if system in a.systems and a.who is Who.SEAT}
    assert set(offers(table, di)) == shared
    assert table.client.get(f"{table.url}/actions", headers=table.by("")).status_code == 401


# Every action, taken


@pytest.mark.parametrize("system", sorted(ALL))
def test_every_action_offered_is_taken_and_logged(
    client: TestClient, db: Database, system: str
) -> None:
    # a table for each action: generous buckets (the rate limits are tested apart)
    client.app.state.buckets = {what: Bucket(1e6, 1e6) for what in RATES}  # type: ignore[attr-defined]
    invited = storyteller_table(client, system, "Listed")  # the invitation: no seat, no offer
    assert client.get(f"{invited.url}/actions", headers=invited.by("")).status_code == 401
    first = storyteller_table(client, system, "First")
    names = sorted(offers(first, first.storyteller))
    assert names and sorted(set(names) - set(EXAMPLES)) == [], "add an example to EXAMPLES"
    for number, name in enumerate(names):
        table = first if number == 0 else storyteller_table(client, system, f"T{number}")
        schema = offers(table, table.storyteller)[name]["parameters"]
        example = example_of(name, system)
        given = {**example.given, **example.before(Scene(table, db))}
        assert fits(schema, given), (name, given)
        before = logged(table)
        answer = table.act(table.storyteller, name, **given)
        assert answer.status_code == 201, (system, name, answer.text)
        body = answer.json()
        extra = {"reroll": {"roll"}, "invite": {"token", "link"}, "new-link": {"token", "link"}}
        assert set(body) == {"events", *extra.get(name, ())}, body
        if "token" in body:  # a new link, shown this once: it opens a seat of this table
            assert body["link"].endswith(f"/t/{body['token']}")
            seated = table.client.get(table.url, headers=table.by(body["token"]))
            if name == "invite":  # an invitation reads nothing: it takes a seat
                assert seated.status_code == 401, seated.text
                seated = table.client.post(
                    f"{table.url}/seats", json={"name": "Newcomer"}, headers=table.by(body["token"])
                )
            assert seated.status_code in (200, 201), seated.text
        events = body["events"]
        assert events, (name, body)
        after = logged(table)
        assert set(after) - set(before) == {e["seq"] for e in events}, name
        for event in events:
            assert after[event["seq"]] == event  # shaped as the events route gives it
            assert event["actor"] == "storyteller" and event["kind"], event
        if db.url.startswith("sqlite"):  # in-process, the command would leave PostgreSQL open
            in_the_log = command_line_log(db, table.name)  # `dicepool log` reads the same log
            assert all(in_the_log[e["seq"]] == e["kind"] for e in events), (name, in_the_log)


def command_line_log(db: Database, campaign: str) -> dict[int, str]:
    """The kind of every event `dicepool log --json` lists, by id."""
    done = CliRunner().invoke(
        cli, ["log", "--json", "--last", "1000", "--db", db.url, "--campaign", campaign]
    )
    assert done.exit_code == 0, done.output
    return {e["seq"]: e["kind"] for e in json.loads(done.output)}


# Refusals


def hubris_table(client: TestClient) -> tuple[Table, str, str]:
    """A hubris table: Bo plays Ana, Cy plays Cid; Bo's and Cy's tokens."""
    table = opened(client, "hubris")
    bo, cy = table.join("Bo"), table.join("Cy")
    assert table.create(bo, "Ana", "Stamina=1").status_code == 201
    assert table.create(cy, "Cid").status_code == 201
    return table, bo, cy


def test_refusals_say_who_may_what_and_store_nothing(client: TestClient) -> None:
    table, bo, _ = hubris_table(client)
    hit = {"points": 1, "kind": "lethal"}
    kept = logged(table)
    refused(table.act(bo, "next", unit="scene"), 403, "storyteller")
    refused(table.act(bo, "clock", duration="2d"), 403, "storyteller")
    refused(table.act(bo, "damage", character="Cid", **hit), 403, "Ana", "Cid")
    refused(table.act(bo, "fly"), 404, "fly")
    refused(table.act(table.storyteller, "fly"), 404, "fly")
    refused(table.act(table.storyteller, "edge", character="Ana"), 404, "edge", "hubris")
    refused(table.act(bo, "momentum", points=1), 404, "momentum", "hubris")
    refused(table.act(table.storyteller, "extended-start", name="Research", goal=5), 404)
    assert logged(table) == kept


@pytest.mark.parametrize(
    ("seat", "name", "given", "param"),
    [
        ("Bo", "damage", {"points": 1}, "kind"),  # missing
        ("Bo", "damage", {"kind": "lethal"}, "points"),
        ("Bo", "sin", {}, "rating"),
        ("storyteller", "damage", {"points": 1, "kind": "lethal"}, "character"),
        ("storyteller", "next", {}, "unit"),
        ("Bo", "damage", {"points": 1001, "kind": "lethal"}, "points"),  # out of range
        ("Bo", "damage", {"points": 0, "kind": "lethal"}, "points"),
        ("Bo", "sin", {"rating": 6}, "rating"),
        ("Bo", "willpower", {"dots": 11}, "dots"),
        ("storyteller", "players", {"players": 101}, "players"),
        ("Bo", "damage", {"points": 1, "kind": "fire"}, "kind"),  # not a choice
        ("Bo", "damage", {"points": "1", "kind": "lethal"}, "points"),  # not a number
        ("Bo", "atone", {"strides": "yes"}, "strides"),  # not true or false
        ("Bo", "rest", {"points": 1}, "points"),  # not its parameter
        ("Bo", "sin", {"rating": 3, "what": "x" * 201}, "what"),  # too long
    ],
)
def test_a_bad_parameter_is_refused_by_name(
    client: TestClient, seat: str, name: str, given: dict[str, Any], param: str
) -> None:
    table, bo, _ = hubris_table(client)
    token = bo if seat == "Bo" else table.storyteller
    kept = logged(table)
    error = refused(table.act(token, name, **given), 422, param)
    assert error.startswith(f"{param}: ") or f"needs {param}" in error, error
    assert logged(table) == kept


# The OpenAPI document


def refs(schema: Any) -> Iterator[str]:
    """Every ``$ref`` in a schema."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref":
                yield value
            else:
                yield from refs(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from refs(value)


def test_the_openapi_document_has_a_route_and_a_model_per_action(client: TestClient) -> None:
    answer = client.get("/openapi.json")
    assert answer.status_code == 200, answer.text
    document = answer.json()
    paths, models = document["paths"], document["components"]["schemas"]
    assert "get" in paths["/api/campaigns/{campaign_id}/actions"]
    assert "/api/campaigns/{campaign_id}/actions/{name}" not in paths  # unknown names: 404
    for name in ACTIONS:
        route = paths[f"/api/campaigns/{{campaign_id}}/actions/{name}"]
        assert set(route) == {"post"}, name
        post = route["post"]
        assert {"201", "403", "404", "422"} <= set(post["responses"]), name
        body = post["requestBody"]
        model = MODELS[name].__name__
        assert f"#/components/schemas/{model}" in set(refs(body["content"]["application/json"]))
        assert body.get("required", False) == bool(needed(name)), name
        assert set(models[model].get("properties", {})) == web_names(name), name
        assert set(models[model].get("required", [])) == needed(name), name


def test_a_stunt_waiting_shows_on_the_holders_sheet_and_the_story(
    client: TestClient, db: Database
) -> None:
    # ruling 20: what waits for a later roll is on the page, and goes with the roll it is for
    table = storyteller_table(client, "storypath")
    assert table.create(table.storyteller, "Guard", "Might=2").status_code == 201
    scene = Scene(table, db)
    event = stunted(scene)["event"]
    scene.take("stunt", event=event, effect="difficulty", level=2, adversary="Guard")
    browser = TestClient(client.app, raise_server_exceptions=False)
    browser.get(f"/t/{table.storyteller}", follow_redirects=False)
    page = browser.get(f"/c/{table.id}").text
    guard = page[page.index('data-character="Guard"') :]
    assert "Waiting</span> Difficulty Stunt 2" in guard and "on the next roll" in guard
    assert "<strong>Guard</strong> next roll: Difficulty Stunt 2" in page
    rolled = scene.rolled({"line": "storypath 2", "character": "Guard", "dice": [8, 9]})
    assert rolled > event
    assert "Waiting</span>" not in browser.get(f"/c/{table.id}").text  # used by that roll


def test_a_conflicts_count_shows_on_the_sheet_card(client: TestClient, db: Database) -> None:
    # ruling 22: "The count is shown on the sheet"
    table = storyteller_table(client, "hubris")
    scene = Scene(table, db)
    scene.take("conflict-lose", character="Ana", arena="physical")  # Stamina 1: defeated
    browser = TestClient(client.app, raise_server_exceptions=False)
    browser.get(f"/t/{table.storyteller}", follow_redirects=False)
    page = browser.get(f"/c/{table.id}").text
    assert "physical 1/1 lost" in page and "must accept defeat" in page
    scene.take("conflict-end")
    assert "must accept defeat" not in browser.get(f"/c/{table.id}").text
