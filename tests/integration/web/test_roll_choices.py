"""What a roll spends and chooses, from each edge: the API's roll, the page's roll box and
`dicepool roll`'s options do the same thing (in-process, on SQLite).

Each choice of :data:`~dicepool.campaign.roll_choices.ROLL_CHOICES` has an example here: a
table made ready for it, a line and the faces rolled. It is rolled through the API and through
the command line with the same faces, each at a fresh table: both must log the same roll, with
the same effects. The page's roll box (whose dice are the seal's, not chosen) must offer the
choice at a table of its system and send it to the rules: the roll's numbers (the dice a spend
adds, the Enhancement or Scale a choice gives) are the API's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from dicepool.campaign.catalogue import ALL
from dicepool.campaign.roll_choices import ROLL_CHOICES, roll_choices
from dicepool.cli.main import cli
from dicepool.store.database import Database
from dicepool.web.pages import csrf_of

from .test_actions_api import Scene, logged, storyteller_table
from .test_sheets_api import Table, opened, refused

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def botched(scene: Scene) -> None:
    """Momentum in the table's pool: a botched roll's Consolation."""
    scene.take("players", players=2)
    scene.rolled({"line": "Might + Athletics", "character": "Ana", "dice": [1, 2, 3]})


def advantaged(scene: Scene) -> None:
    """An Unlooked-for Advantage pending for Ana: a failure's Consolation."""
    scene.rolled(
        {
            "line": "Might + Athletics",
            "character": "Ana",
            "dice": [2, 3, 4],
            "consolation": "advantage",
        }
    )


def stunted(scene: Scene) -> dict[str, Any]:
    """An Enhancement Stunt of Ana's bought on a logged roll (ruling 20): its roll's id."""
    body = {"line": "Might + Athletics", "character": "Ana", "dice": [8, 9, 8]}
    event = scene.rolled(body)
    scene.take("stunt", event=event, effect="enhancement", level=2)
    return {"stunt": event}


@dataclass(frozen=True)
class Example:
    """A roll with a choice: its system, the line, the choices, the faces, what comes first."""

    system: str
    line: str
    chosen: dict[str, Any]
    dice: list[int]
    before: Callable[[Scene], object] = field(default=lambda _scene: None)
    """What makes the table ready, and the choices it found there (a logged roll's id)."""


TRAITS = {
    "hubris": "Stamina=1 Willpower=2 Resolve=2 Potency=1 Strength=2 Brawl=1",
    "sundown": "Agility=3 Edge=2 Potency=1 Firearms=1 Stamina=2",
    "storypath": "Legend=2 Might=2 Athletics=1 Dexterity=2",
    "chronicles": "Intelligence=2 Academics=2",
}
"""Ana's traits at a table of each system."""

EXAMPLES: dict[str, Example] = {
    "willpower": Example("hubris", "Strength + Brawl", {"willpower": True}, [8] * 6),
    "edge": Example("sundown", "Agility + Firearms", {"edge": True}, [6] * 6),
    "resist": Example("sundown", "Stamina", {"resist": True}, [6] * 4),
    "soak": Example("sundown", "Stamina", {"soak": True, "armor": 2}, [6] * 6),
    "armor": Example("sundown", "Stamina", {"armor": 1}, [6] * 5),
    "momentum": Example("storypath", "Might + Athletics", {"momentum": 2}, [8] * 5, botched),
    "consolation": Example("storypath", "Might + Athletics", {"consolation": "meeting"}, [2] * 3),
    "advantage": Example("storypath", "Might", {"advantage": True}, [8, 8], advantaged),
    "feat": Example("storypath", "Might + Athletics", {"feat": "title"}, [8] * 3),
    "drawback": Example("storypath", "Dexterity enh 4", {"drawback": "the wall gives way"}, [8, 8]),
    "complex": Example(
        "storypath",
        "Might + Athletics",
        {"complex": "Heist"},
        [8] * 3,
        lambda scene: scene.take(
            "complex-start", name="Heist", milestones=3, intervals=5, side="Ana"
        ),
    ),
    "stunt": Example("storypath", "Might", {}, [8, 2], stunted),
    "arena": Example(
        "hubris",
        "Ana: Strength + Brawl auto 10 vs Bo: Strength - 1",  # Bo loses, whatever the dice
        {"arena": "physical"},
        [8, 8, 2, 2],
        lambda scene: scene.table.create(scene.table.storyteller, "Bo", "Strength=2"),
    ),
    "extended": Example(
        "chronicles",
        "Intelligence + Academics",
        {"extended": "Research"},
        [8, 8, 3, 2],
        lambda scene: scene.take("extended-start", name="Research", goal=10, rolls=5, side="Ana"),
    ),
}
"""An example of each choice (``armor`` alone makes a Soak roll)."""

OPTIONS = {"willpower": "--spend", "edge": "--spend", "momentum": "--spend"}
"""The choices `dicepool roll` names with ``--spend`` (the others are options of their name)."""


def test_every_choice_has_an_example(database_url: str) -> None:
    assert set(EXAMPLES) == {p.name for p in ROLL_CHOICES}


def scene_for(
    client: TestClient, db: Database, example: Example, name: str
) -> tuple[Scene, dict[str, Any]]:
    """A fresh table made ready for the example, and the choices it rolls with there."""
    table = opened(client, example.system, name)
    made = table.create(table.storyteller, "Ana", TRAITS[example.system])
    assert made.status_code == 201, made.text
    scene = Scene(table, db)
    found = example.before(scene)  # a lambda's action answers its event: no choice found
    return scene, {**example.chosen, **(found if isinstance(found, dict) else {})}


def argv_of(example: Example, chosen: dict[str, Any], table: Table, url: str) -> list[str]:
    """`dicepool roll` with the example's choices as its options."""
    options: list[str] = []
    for name, value in chosen.items():
        if name in OPTIONS:
            options += ["--spend", name if value is True else f"{name}={value}"]
        elif value is True:
            options.append(f"--{name}")
        else:
            options += [f"--{name}", str(value)]
    faces = ",".join(map(str, example.dice))
    where = ["--db", url, "--campaign", table.name, "--char", "Ana", "--dice", faces]
    return ["roll", example.line, *options, *where, "--json"]


def refs_by_seq(data: dict[str, Any]) -> dict[str, Any]:
    """A roll's data, checked to name the event it draws on by its seq alone (the Advantage it
    used by the roll that gave it, a Stunt by the roll it was bought on): the same at two
    tables that logged alike, whatever else their database logged."""
    effects = dict(data.get("effects") or {})
    if "advantage" in effects:
        assert set(effects["advantage"]["from"]) == {"seq"}, effects
    for key in (effects.get("carried") or {}).get("used", []):
        assert set(key[-1]) == {"seq"}, effects
    return data


def last_roll(table: Table) -> dict[str, Any]:
    """The data of the table's last roll."""
    rolls = [e for e in logged(table).values() if e["kind"] == "rolled"]
    data: dict[str, Any] = rolls[-1]["data"]
    return data


def rolled_by_api(client: TestClient, db: Database, example: Example) -> Scene:
    """The example rolled through the API, with its faces, at a fresh table: the scene."""
    scene, chosen = scene_for(client, db, example, "By API")
    body = {"line": example.line, "character": "Ana", "dice": example.dice, **chosen}
    scene.rolled(body)
    return scene


@pytest.mark.parametrize("choice", sorted(EXAMPLES))
def test_a_choice_rolls_the_same_from_the_api_and_the_command_line(
    client: TestClient, db: Database, choice: str
) -> None:
    example = EXAMPLES[choice]
    by_api = rolled_by_api(client, db, example)
    by_cli, chosen = scene_for(client, db, example, "By CLI")
    argv = argv_of(example, chosen, by_cli.table, db.url)
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 0, (argv, result.output)
    json.loads(result.output)
    api, command = last_roll(by_api.table), last_roll(by_cli.table)
    assert refs_by_seq(api) == refs_by_seq(command)
    assert api["effects"] or api["numbers"] != last_plain(client, db, example)


def last_plain(client: TestClient, db: Database, example: Example) -> str:
    """The numbers of the example's line rolled without its choices: what they changed."""
    plain, _chosen = scene_for(client, db, example, "Plain")
    body = {"line": example.line, "character": "Ana"}
    answer = plain.table.client.post(
        f"{plain.table.url}/rolls", json=body, headers=plain.table.by(plain.table.storyteller)
    )
    if answer.status_code != 201:  # the line needs its choice (an Enhancement above 3)
        return ""
    numbers: str = last_roll(plain.table)["numbers"]
    return numbers


@pytest.mark.parametrize("choice", sorted(EXAMPLES))
def test_the_roll_box_offers_a_choice_at_its_systems_tables_and_sends_it(
    client: TestClient, db: Database, choice: str
) -> None:
    example = EXAMPLES[choice]
    by_api = rolled_by_api(client, db, example)
    by_page, chosen = scene_for(client, db, example, "By page")
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{by_page.table.storyteller}", follow_redirects=False).status_code == 303
    assert f'name="{choice}"' in browser.get(f"/c/{by_page.table.id}").text
    form = {"csrf": csrf_of(by_page.table.storyteller), "line": example.line, "character": "Ana"}
    form |= {k: "true" if v is True else str(v) for k, v in chosen.items()}
    answer = browser.post(f"/c/{by_page.table.id}/roll", data=form, headers={"hx-request": "1"})
    assert answer.status_code == 200, answer.text
    api, page_roll = last_roll(by_api.table), last_roll(by_page.table)
    assert page_roll["numbers"] == api["numbers"]
    # the effects the choice made (a storypath failure's Consolation is the dice's)
    assert set(page_roll.get("effects") or {}) - {"consolation"} == set(
        api.get("effects") or {}
    ) - {"consolation"}


@pytest.mark.parametrize("system", sorted(ALL))
def test_the_roll_box_offers_its_systems_choices_alone(client: TestClient, system: str) -> None:
    table = storyteller_table(client, system)
    browser = TestClient(client.app, raise_server_exceptions=False)
    browser.get(f"/t/{table.storyteller}", follow_redirects=False)
    page = browser.get(f"/c/{table.id}").text
    box = page[page.index('id="roll-form"') : page.index('id="odds"')]
    fields = set(re.findall(r'name="([a-z]+)"', box))
    names = fields - {"csrf", "line", "character", "hidden", "faces"}
    assert names == {p.name for p in roll_choices(system)}
    assert "faces" in fields and "Spend and choose" in box  # the storyteller types dice too


def test_a_choice_of_another_systems_rolls_is_refused_naming_it(client: TestClient) -> None:
    table = storyteller_table(client, "storypath")
    body = {"line": "storypath 3", "willpower": True}
    answer = table.client.post(f"{table.url}/rolls", json=body, headers=table.by(table.storyteller))
    refused(answer, 422, "classic or hubris roll, not a storypath one")
    body = {"line": "storypath 3", "feat": "epic"}
    answer = table.client.post(f"{table.url}/rolls", json=body, headers=table.by(table.storyteller))
    refused(answer, 422, "feat")
    body = {"line": "storypath 3", "momentum": 101}
    answer = table.client.post(f"{table.url}/rolls", json=body, headers=table.by(table.storyteller))
    refused(answer, 422, "momentum")


def test_a_consolation_the_full_pool_cannot_hold_is_said_lost(
    client: TestClient, db: Database
) -> None:
    table = opened(client, "storypath")
    assert table.create(table.storyteller, "Ana", TRAITS["storypath"]).status_code == 201
    scene = Scene(table, db)
    scene.take("players", players=2)  # the pool holds 4
    body = {"line": "Might + Athletics", "character": "Ana", "dice": [1, 2, 3]}
    first, second = scene.rolled(body), scene.rolled(body)  # botches: 3 Momentum each
    effects = {
        e["seq"]: e["data"]["effects"]["consolation"]
        for e in logged(table).values()
        if e["kind"] == "rolled"
    }
    assert effects[first] == {"choice": "momentum", "points": 3}  # 0 + 3: all kept
    assert effects[second] == {"choice": "momentum", "points": 3, "lost": 2}  # 3 + 3 > 4
    pool = client.get(table.url, headers=table.by(table.storyteller)).json()["story"]["momentum"]
    assert pool["points"] == 4
    browser = TestClient(client.app)
    browser.get(f"/t/{table.storyteller}")
    page = browser.get(f"/c/{table.id}").text
    assert "Consolation 3 Momentum (2 lost: the pool could not hold it)" in page
