"""The web table's sheets API, in-process, on SQLite and PostgreSQL: characters and seats, what
each seat sees, actions by the rules (forced effects read back with GET), permissions, undo.

Expected states come from the rules texts' rulings (shared/rules/README.md): 13 (hubris Health),
14 (hubris Willpower), 15 (sundown Edge and Power), 6 and 16 (storypath Momentum).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import quote

from fastapi.testclient import TestClient

from dicepool.campaign.characters import create_character
from dicepool.campaign.history import check
from dicepool.campaign.rolls import roll
from dicepool.campaign.storypath import set_players
from dicepool.campaign.view import FOR_A_PLAYER
from dicepool.core.dice import ForcedDice
from dicepool.sheet.spends import Spends
from dicepool.store.database import Database

from .conftest import bearer

L, B, A = "lethal", "bashing", "aggravated"


class Answer(Protocol):
    """What the test client answers (httpx's response, whichever httpx the client brings)."""

    @property
    def status_code(self) -> int: ...

    @property
    def text(self) -> str: ...

    def json(self) -> Any: ...


def refused(answer: Answer, status: int, *words: str) -> str:
    """Check a refusal: its status, and a JSON body {"error": one line} that says ``words``."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert list(body) == ["error"], body
    error = body["error"]
    assert isinstance(error, str) and error.strip(), body
    assert error == " ".join(error.splitlines()), f"not one line: {error!r}"
    for word in words:
        assert word in error, (word, error)
    return error


@dataclass
class Table:
    """A table opened through the API: its client, id and the storyteller's and invite tokens."""

    client: TestClient
    id: int
    name: str
    storyteller: str
    invite: str

    @property
    def url(self) -> str:
        return f"/api/campaigns/{self.id}"

    def join(self, name: str) -> str:
        """A player's seat taken with the invitation: its token."""
        answer = self.client.post(f"{self.url}/seats", json={"name": name}, headers=self.by(""))
        assert answer.status_code == 201, answer.text
        token: str = answer.json()["token"]
        return token

    def by(self, token: str) -> dict[str, str]:
        """The header of ``token``'s seat; the empty token stands for the invitation."""
        return bearer(token or self.invite)

    def create(self, token: str, name: str, traits: str = "", **more: Any) -> Answer:
        body = {"name": name, "traits": traits, **more}
        return self.client.post(f"{self.url}/characters", json=body, headers=self.by(token))

    def sit(self, token: str, character: str) -> Answer:
        body = {"character": character}
        return self.client.post(f"{self.url}/seat", json=body, headers=self.by(token))

    def act(self, token: str, name: object, /, **given: Any) -> Answer:
        """Take the catalogue's action ``name`` with its parameters ``given``."""
        path = f"{self.url}/actions/{quote(str(name), safe='')}"
        return self.client.post(path, json=given, headers=self.by(token))

    def done(self, token: str, name: str, /, **given: Any) -> int:
        """Act, checking it was logged: the (last) event's id."""
        answer = self.act(token, name, **given)
        assert answer.status_code == 201, answer.text
        events: list[dict[str, Any]] = answer.json()["events"]
        assert events and all(e["kind"] and e["seq"] > 0 for e in events), events
        return int(events[-1]["seq"])

    def undo(self, token: str, event: int | str) -> Answer:
        return self.client.post(f"{self.url}/events/{event}/undo", headers=self.by(token))

    def view(self, token: str) -> dict[str, Any]:
        answer = self.client.get(self.url, headers=self.by(token))
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body

    def sheet(self, token: str, name: str) -> Answer:
        path = f"{self.url}/characters/{quote(name, safe='')}"
        return self.client.get(path, headers=self.by(token))

    def state(self, token: str, name: str) -> dict[str, Any]:
        """A character's state, as ``token``'s seat reads it."""
        answer = self.sheet(token, name)
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()["state"]
        return state

    def names(self, token: str) -> list[str]:
        return [c["name"] for c in self.view(token)["characters"]]


def opened(client: TestClient, system: str, name: str = "Night") -> Table:
    answer = client.post("/api/campaigns", json={"name": name, "system": system})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return Table(client, body["id"], name, body["storyteller"]["token"], body["invite"]["token"])


def seated(client: TestClient, system: str, traits: str) -> tuple[Table, str]:
    """A table with a player, Bo, sitting with the character Ana they created; Bo's token."""
    table = opened(client, system)
    bo = table.join("Bo")
    assert table.create(bo, "Ana", traits).status_code == 201
    return table, bo


def boxes(table: Table, token: str, name: str = "Ana") -> list[str | None]:
    health: dict[str, Any] = table.state(token, name)["health"]
    return list(health["boxes"])


# Characters and seats


def test_a_player_creates_one_character_and_others_take_only_a_free_one(
    client: TestClient,
) -> None:
    table = opened(client, "hubris")
    refused(table.create("", "Ana"), 401, "opens no seat")
    bo, cy = table.join("Bo"), table.join("Cy")
    made = table.create(bo, "Ana", "Stamina=2 Willpower=3")
    assert made.status_code == 201, made.text
    sheet = made.json()
    assert (sheet["name"], sheet["seat"], sheet["player"]) == ("Ana", "Bo", "Bo")
    assert sheet["traits"]["Stamina"] == 2 and sheet["state"]["willpower"]["points"] == 3
    refused(table.create(bo, "Bea"), 403, "Ana")  # one character a seat
    refused(table.sit(cy, "Ana"), 409, "another player")
    refused(table.sit(cy, "Nobody"), 409, "Nobody")
    # the storyteller's own character is not to be taken; one made ready for a player is
    made = table.create(table.storyteller, "Warden")
    assert made.status_code == 201 and made.json()["seat"] is None
    refused(table.sit(cy, "Warden"), 409, "Warden")
    made = table.create(table.storyteller, "Pregen", for_player=True)
    assert made.status_code == 201 and made.json()["seat"] is None
    browser = TestClient(client.app)  # the storyteller's page says whose each sheet is
    browser.get(f"/t/{table.storyteller}")
    page = browser.get(f"/c/{table.id}").text
    assert "created Pregen (for a player to take)" in page and "player a player" not in page
    assert re.search(r"Pregen <span class=\"hint\">for a player to take</span>", page)
    assert re.search(r"Warden <span class=\"hint\">the storyteller&#39;s</span>", page)
    taken = table.sit(cy, "pregen")
    assert taken.status_code == 200, taken.text
    assert (taken.json()["name"], taken.json()["seat"]) == ("Pregen", "Cy")
    refused(table.sit(bo, "Pregen"), 403, "Ana")  # seated already: no moving to another
    refused(table.create(cy, "Cid"), 403, "Pregen")
    refused(table.sit(table.storyteller, "Ana"), 403, "player")
    refused(table.sit("", "Ana"), 401, "opens no seat")
    refused(table.create(table.storyteller, "ana"), 409, "already")
    refused(table.create(bo, "x/y"), 403)  # seated already: refused before the name is read
    refused(table.create(table.storyteller, "x/y"), 422, "name")
    refused(table.create(table.storyteller, "Zed", "Stamina=99"), 422, "Stamina")
    seats = {s["name"]: (s["role"], s["character"]) for s in table.view(bo)["seats"]}
    assert seats == {
        "storyteller": ("storyteller", None),
        "Bo": ("player", "Ana"),
        "Cy": ("player", "Pregen"),
    }


def test_players_see_the_pcs_and_never_the_storytellers_characters(
    client: TestClient,
) -> None:
    table, bo = seated(client, "sundown", "Edge=2")
    cy, di = table.join("Cy"), table.join("Di")
    assert table.create(cy, "Cid").status_code == 201
    for npc in ("Guard", "Boss"):
        assert table.create(table.storyteller, npc, "Edge=1").status_code == 201
    for player in (bo, cy, di):  # Di sits with no one yet
        assert table.names(player) == ["Ana", "Cid"]
        for npc in ("Guard", "guard", "Boss"):
            refused(table.sheet(player, npc), 404, npc)
        assert table.sheet(player, "cid").json()["seat"] == "Cy"
    everyone = table.view(table.storyteller)
    assert [(c["name"], c["seat"]) for c in everyone["characters"]] == [
        ("Ana", "Bo"),
        ("Boss", None),
        ("Cid", "Cy"),
        ("Guard", None),
    ]
    guard = table.sheet(table.storyteller, "guard").json()
    assert guard["state"]["edge"] == {"rating": 1, "spent": 0, "left": 1, "spends": []}
    assert everyone["story"]["clock"]["scene"] == 1 and everyone["system"] == "sundown"
    # another table's token opens nothing here, as if the table were not there
    other = opened(client, "sundown", "Day")
    refused(client.get(table.url, headers=bearer(other.storyteller)), 404)
    refused(client.get(f"{table.url}/characters/Ana", headers=bearer(other.storyteller)), 404)
    refused(client.get(table.url), 401)


# Actions by the rules, read back with GET


def test_hubris_damage_fills_the_health_track_as_ruling_13_says(client: TestClient) -> None:
    table, bo = seated(client, "hubris", "Stamina=1")
    assert boxes(table, bo) == [None] * 6  # 5 + Stamina boxes
    table.done(bo, "damage", points=2, kind=L)
    refused(table.act(bo, "damage", points=3), 422, "kind")  # the kind is always said
    table.done(bo, "damage", points=3, kind=B)
    assert boxes(table, bo) == [L, L, B, B, B, None]
    table.done(bo, "damage", points=1, kind=A)  # most severe on the left, the track stays sorted
    assert boxes(table, bo) == [A, L, L, B, B, B]
    health = table.state(bo, "Ana")["health"]
    assert (health["state"], health["bleeding"]) == ("unconscious_risk", False)
    # no empty box: the point upgrades the least severe wound one step
    table.done(bo, "damage", points=1, kind=B)
    assert boxes(table, bo) == [A, L, L, L, B, B]
    # a more severe point takes the least severe wound's box; the wound left over upgrades
    table.done(bo, "damage", points=1, kind=L)
    assert boxes(table, bo) == [A, L, L, L, L, L]
    health = table.state(bo, "Ana")["health"]
    assert (health["state"], health["bleeding"]) == ("incapacitated", True)
    table.done(bo, "stabilize")
    assert table.state(bo, "Ana")["health"]["bleeding"] is False
    refused(table.act(bo, "stabilize"), 422, "nothing to stabilize")
    table.done(table.storyteller, "heal", character="ana", points=2)  # least severe first
    assert boxes(table, bo) == [A, L, L, L, None, None]
    assert table.state(bo, "Ana")["health"]["state"] == "ok"
    # lethal upgrades to aggravated where no bashing is left; all aggravated is death
    table.done(table.storyteller, "damage", character="Ana", points=100, kind=A)
    assert boxes(table, bo) == [A] * 6
    assert table.state(bo, "Ana")["health"]["state"] == "dead"
    refused(table.act(bo, "heal", points=1), 422, "dead")
    refused(table.act(bo, "damage", points=1, kind=B), 422, "damage to the dead is refused")
    # a kind not declared is the schema's 422 (it was 409)
    wrong = refused(table.act(bo, "damage", points=1, kind="LETHAL"), 422, "kind")
    for kind in (B, L, A):
        assert kind in wrong
    assert boxes(table, bo) == [A] * 6


def test_hubris_willpower_is_spent_once_a_turn_and_regained_by_rest(
    client: TestClient,
) -> None:
    table, bo = seated(client, "hubris", "Willpower=2")

    def willpower() -> tuple[int, int, bool]:
        w = table.state(bo, "Ana")["willpower"]
        return w["points"], w["dots"], w["spent_this_turn"]

    assert willpower() == (2, 2, False)
    refused(table.act(bo, "rest", points=1), 422, "points")  # the schema's 422 (it was 409)
    refused(table.act(bo, "vice"), 422, "full")
    table.done(bo, "mitigate")
    assert willpower() == (1, 2, True)
    refused(table.act(bo, "mitigate"), 422, "this turn")  # at most one point a turn
    assert willpower() == (1, 2, True)
    table.done(bo, "rest")  # 8 hours of story time pass with it: a new turn (ruling 17)
    assert willpower() == (2, 2, False)
    table.done(bo, "rest")  # never above the dots
    assert willpower() == (2, 2, False)
    refused(table.act(bo, "rest", hours=0), 403, "storyteller")  # another length: theirs
    refused(table.act(table.storyteller, "rest", character="Ana", hours=0), 422, "full night")
    before = table.view(bo)["story"]["clock"]
    table.done(table.storyteller, "next", unit="turn")
    after = table.view(bo)["story"]["clock"]
    assert after["turn"] == before["turn"] + 1 and after["scene"] == before["scene"]
    assert willpower() == (2, 2, False)
    table.done(bo, "mitigate")
    table.done(bo, "vice")  # a point for the Vice, once a scene
    assert willpower()[0] == 2
    table.done(table.storyteller, "next", unit="turn")
    table.done(bo, "mitigate")
    refused(table.act(bo, "vice"), 422, "this scene")
    table.done(table.storyteller, "next", unit="scene")
    table.done(bo, "vice")
    assert willpower() == (2, 2, False)


def test_hubris_mitigated_damage_and_the_out_of_action_over_the_api(client: TestClient) -> None:
    table, bo = seated(client, "hubris", "Stamina=1 Willpower=2")
    # ruling 21: one event spends the point and deals one less
    table.done(bo, "damage", points=3, kind=L, mitigate=True)
    assert boxes(table, bo) == [L, L, None, None, None, None]
    assert table.state(bo, "Ana")["willpower"]["points"] == 1
    refused(table.act(bo, "damage", points=1, kind=B, treatable=True), 422, "resistant")
    # ruling 18: incapacitated, Ana takes no action of her own; others still act on her
    table.done(table.storyteller, "damage", character="Ana", points=4, kind=L)
    assert table.state(bo, "Ana")["health"]["state"] == "incapacitated"
    rolled = client.post(
        f"{table.url}/rolls", json={"line": "Stamina", "character": "Ana"}, headers=bearer(bo)
    )
    refused(rolled, 422, "Ana is incapacitated", "no roll", "ruling 18")
    refused(table.act(bo, "rest"), 422, "Ana is incapacitated", "no rest")
    refused(table.act(bo, "mitigate"), 422, "no Willpower spent")
    table.done(table.storyteller, "stabilize", character="Ana")
    table.done(table.storyteller, "heal", character="Ana", points=1)
    assert table.state(bo, "Ana")["health"]["state"] == "ok"
    table.done(bo, "rest")


def test_sundown_edge_and_power_follow_ruling_15(client: TestClient) -> None:
    table, bo = seated(client, "sundown", "Edge=2 Potency=1")

    def edge() -> dict[str, Any]:
        found: dict[str, Any] = table.state(bo, "Ana")["edge"]
        return found

    assert (edge()["left"], edge()["rating"]) == (2, 2)
    refused(table.act(bo, "edge"), 422, "for")  # another use says what it was for
    assert edge()["left"] == 2
    table.done(bo, "edge", **{"for": "a lucky break"})
    table.done(bo, "edge", escape=True)
    assert (edge()["left"], edge()["spent"], edge()["rating"]) == (0, 2, 2)
    assert [s["use"] for s in edge()["spends"]] == ["other", "escape"]
    refused(table.act(bo, "edge", escape=True), 422, "Edge")  # as many as the rating
    # the schema's 422 (they were 409): escape is true or false; edge takes no points
    refused(table.act(bo, "edge", escape="dice"), 422, "escape")
    refused(table.act(bo, "edge", escape=True, points=2), 422, "points")
    table.done(table.storyteller, "next", unit="chronicle")  # the spends come back
    assert (edge()["left"], edge()["rating"]) == (2, 2)

    def power() -> tuple[int, int]:
        found = table.state(bo, "Ana")["power"]
        return found["points"], found["max"]

    assert power() == (0, 13)  # at most 10 + 3 x Potency; its points are state (ruling 19)
    refused(table.act(bo, "sheet", changes="Power=5"), 422, "not a trait of the sheet")
    table.done(bo, "power", action="regain", points=5)
    assert power() == (5, 13)
    table.done(bo, "power", action="spend", points=3)
    assert power() == (2, 13)
    refused(table.act(bo, "power", action="spend", points=3), 422, "3")
    assert power() == (2, 13)
    table.done(bo, "power", action="regain", points=4)
    assert power() == (6, 13)
    table.done(bo, "power", action="regain", points=20)  # past the maximum: the rest is lost
    assert power() == (13, 13)
    refused(table.act(bo, "power", action="spend", points=41), 422, "points")  # 40 at most
    refused(table.act(bo, "power", action="spend", points=0), 422, "points")
    refused(table.act(bo, "power", action="spend", points="two"), 422, "points")
    refused(table.act(bo, "power", action="burn", points=1), 422, "action")
    assert power() == (13, 13)


def test_storypath_momentum_follows_the_seated_players_unless_the_storyteller_sets_a_number(
    client: TestClient, db: Database
) -> None:
    table, bo = seated(client, "storypath", "Legend=2")
    rolls = f"{table.url}/rolls"

    def pool() -> dict[str, Any]:
        found: dict[str, Any] = table.view(bo)["story"]["momentum"]
        return found

    def sized() -> tuple[int, int, int, str]:
        held = pool()
        return held["points"], held["capacity"], held["players"], held["sized_by"]

    # Bo sits with Ana: one seated player, a pool of two (ruling 16: twice the players)
    assert pool() == {"points": 0, "capacity": 2, "players": 1, "sized_by": "seats", "seated": 1}
    refused(table.act(bo, "momentum", points=1), 422, "holds 0")
    table.done(table.storyteller, "typed-dice", who="everyone")  # Bo types the dice rolled
    failed = client.post(rolls, json={"line": "storypath 2", "dice": [2, 3]}, headers=bearer(bo))
    assert failed.status_code == 201 and failed.json()["roll"]["momentum"] == 1
    assert sized() == (1, 2, 1, "seats")  # the first Consolation is kept
    cy = table.join("Cy")
    assert sized() == (1, 2, 1, "seats")  # a seat with no character yet is no player
    assert table.create(cy, "Cato", "Legend=1").status_code == 201
    assert sized() == (1, 4, 2, "seats")  # a second player: room for four, nothing lost
    client.post(rolls, json={"line": "storypath 2", "dice": [1, 3]}, headers=bearer(bo))
    assert sized() == (4, 4, 2, "seats")  # a botch: 3
    table.done(table.storyteller, "players", players=5)  # the storyteller's number stands
    assert sized() == (4, 10, 5, "storyteller")
    table.done(table.storyteller, "revoke", seat="Cy")
    assert sized() == (4, 10, 5, "storyteller") and pool()["seated"] == 1
    follow = table.done(table.storyteller, "players", seats=True)  # the seats again: Bo alone
    assert sized() == (2, 2, 1, "seats")  # what the pool no longer holds is lost
    assert table.undo(table.storyteller, follow).status_code == 201
    assert sized() == (4, 10, 5, "storyteller")
    refused(table.act(table.storyteller, "players"), 422, "--seats")
    refused(table.act(table.storyteller, "players", players=2, seats=True), 422, "not both")
    refused(table.act(bo, "players", players=3), 403)
    table.done(bo, "momentum", points=2, **{"for": "a Knack"})
    assert pool()["points"] == 2
    refused(table.act(bo, "momentum", points=3), 422, "holds 2")
    refused(table.act("", "momentum", points=1), 401, "opens no seat")
    refused(table.act(bo, "momentum", points=1, choice="dice"), 422, "choice")  # was 409
    assert pool()["points"] == 2
    spent = table.done(table.storyteller, "momentum", points=1)
    assert pool()["points"] == 1
    assert table.undo(table.storyteller, spent).status_code == 201
    assert pool()["points"] == 2
    assert check(db) == []  # the log's seat events replayed size the pool as it was kept


def test_a_storypath_table_played_on_the_command_line_sizes_its_pool_by_a_number(
    client: TestClient, db: Database
) -> None:
    """A campaign with no web seats holds nothing until the storyteller says how many play;
    opened on the web later, the number said stands until the storyteller follows the seats."""
    table = opened(client, "storypath")
    create_character(db, table.name, "Ana", "st", FOR_A_PLAYER, "Dexterity=2")
    lost = roll(db, table.name, "storypath 2", ForcedDice([2, 3]), "st", "Ana")
    assert lost.event.data["effects"]["consolation"]["lost"] == 1  # nobody seated: none kept
    assert table.view(table.storyteller)["story"]["momentum"]["capacity"] == 0
    set_players(db, table.name, 2, "storyteller")
    bo = table.join("Bo")
    assert table.sit(bo, "Ana").status_code == 200
    held = table.view(bo)["story"]["momentum"]
    assert (held["capacity"], held["players"], held["sized_by"], held["seated"]) == (
        4,
        2,
        "storyteller",
        1,
    )
    set_players(db, table.name, None, "storyteller")
    assert table.view(bo)["story"]["momentum"]["capacity"] == 2
    assert check(db) == []


def test_storypath_legend_is_regained_within_the_rating(client: TestClient, db: Database) -> None:
    table, bo = seated(client, "storypath", "Legend=2")
    assert table.state(bo, "Ana")["legend"] == {"rating": 2, "points": 2}
    refused(table.act(bo, "legend"), 422, "nothing to regain")
    # The API's rolls spend nothing: a Feat of Scale is spent through the use case.
    feat = Spends(feat="title")
    roll(db, table.name, "storypath 2", ForcedDice([8, 9]), "Bo", "Ana", spends=feat)
    roll(db, table.name, "storypath 2", ForcedDice([8, 9]), "Bo", "Ana", spends=feat)
    assert table.state(bo, "Ana")["legend"] == {"rating": 2, "points": 0}
    table.done(bo, "legend")
    assert table.state(bo, "Ana")["legend"] == {"rating": 2, "points": 1}
    table.done(table.storyteller, "legend", character="Ana", points=5)  # the rest is lost
    assert table.state(bo, "Ana")["legend"] == {"rating": 2, "points": 2}
    assert table.create(table.storyteller, "Mortal").status_code == 201
    refused(table.act(table.storyteller, "legend", character="Mortal"), 422, "no Legend")


# Permissions and refusals


def test_who_may_do_what(client: TestClient) -> None:
    table, bo = seated(client, "hubris", "")
    cy, di = table.join("Cy"), table.join("Di")
    assert table.create(cy, "Cid").status_code == 201
    assert table.create(table.storyteller, "Guard").status_code == 201
    hit = {"points": 1, "kind": B}
    for other in ("Cid", "Guard", "Nobody"):
        refused(table.act(bo, "damage", character=other, **hit), 403, "Ana")
    refused(table.act(di, "damage", **hit), 403, "pick your character")
    refused(table.act(di, "damage", character="Guard", **hit), 403, "pick your character")
    refused(table.act("", "damage", character="Ana", **hit), 401, "opens no seat")
    # a missing parameter is a 422 naming it (it was 409)
    refused(table.act(table.storyteller, "damage", **hit), 422, "character")
    refused(table.act(table.storyteller, "damage", character="Ghost", **hit), 409, "Ghost")
    clock = table.view(bo)["story"]["clock"]
    refused(table.act(bo, "next", unit="scene"), 403, "storyteller")
    refused(table.act("", "next", unit="scene"), 401)
    assert table.view(bo)["story"]["clock"] == clock
    table.done(table.storyteller, "next", unit="scene")
    after = table.view(bo)["story"]["clock"]
    assert (after["scene"], after["session"]) == (clock["scene"] + 1, clock["session"])
    unknown = refused(table.act(bo, "fly"), 404, "fly")  # no such action: 404 (it was 409)
    for name in ("damage", "heal", "stabilize", "mitigate", "rest", "vice", "virtue"):
        assert name in unknown
    elsewhere: dict[
        str, dict[str, Any]
    ] = {  # other systems' actions, with parameters they take: 404 (it was 409)
        "edge": {"character": "Guard"},
        "power": {"character": "Guard", "action": "spend", "points": 1},
        "momentum": {"points": 1},
        "legend": {"character": "Guard"},
    }
    for name, given in elsewhere.items():
        refused(table.act(table.storyteller, name, **given), 404, "hubris")
    refused(table.act(table.storyteller, "next", unit="week"), 422, "turn, round, scene")
    refused(table.act(table.storyteller, "next", unit="act"), 422, "act")  # storypath's
    # a parameter an action does not take is the schema's 422 (it was 409)
    refused(table.act(bo, "heal", points=1, choice=L), 422, "choice")
    refused(table.act(bo, "heal", points=1, **{"for": "a potion"}), 422, "for")
    refused(table.act(bo, "damage", points=1001, kind=B), 422, "points")
    refused(table.act(bo, "damage", points=0, kind=B), 422, "points")
    refused(table.act(bo, "damage", points=1.5, kind=B), 422, "points")
    refused(table.act(bo, "", points=1), 405)  # no action named: the list is only read
    assert boxes(table, bo) == [None] * 6  # nothing refused was stored
    assert table.state(table.storyteller, "Guard")["health"]["boxes"][0] is None
    table.done(table.storyteller, "damage", character="Cid", points=1, kind=L)
    table.done(cy, "damage", points=1, kind=L)
    assert boxes(table, cy, "Cid")[:3] == [L, L, None]


def test_the_storyteller_undoes_what_happened(client: TestClient) -> None:
    table, bo = seated(client, "hubris", "Stamina=1")
    first = table.done(bo, "damage", points=2, kind=L)
    second = table.done(bo, "damage", points=2, kind=B)
    assert boxes(table, bo) == [L, L, B, B, None, None]
    refused(table.undo(bo, second), 403, "storyteller")
    refused(table.undo("", second), 401)
    assert boxes(table, bo) == [L, L, B, B, None, None]
    undone = table.undo(table.storyteller, second)
    assert undone.status_code == 201, undone.text
    event = undone.json()["event"]
    assert (event["kind"], event["data"]) == ("undone", {"event": {"seq": second}})
    assert boxes(table, bo) == [L, L, None, None, None, None]
    refused(table.undo(table.storyteller, second), 409, "already undone")
    restored = table.undo(table.storyteller, event["seq"])  # undoing the undo brings it back
    assert restored.status_code == 201, restored.text
    assert boxes(table, bo) == [L, L, B, B, None, None]
    table.undo(table.storyteller, first)
    assert boxes(table, bo) == [B, B, None, None, None, None]
    refused(table.undo(table.storyteller, 99_999), 409, "no event")
    refused(table.undo(table.storyteller, 0), 422)
    refused(table.undo(table.storyteller, "x"), 422)
    refused(table.undo(table.storyteller, 1), 409, "creation")  # the campaign's
    other = opened(client, "hubris", "Day")
    refused(other.undo(other.storyteller, first), 409, "no event")  # another table's event
    refused(client.post(f"{table.url}/events/{first}/undo", headers=bearer(other.storyteller)), 404)
    assert boxes(table, bo) == [B, B, None, None, None, None]


WEIRD: list[Any] = ["", " ", "a" * 41, "x\ny", "\u2028", "\x85", "\x00", "\uff21na", "💥", 7, None]
"""Values a client may send where a name, an action, a parameter or its value goes."""


def test_odd_requests_answer_one_line_of_json_and_never_500(client: TestClient) -> None:
    table, bo = seated(client, "hubris", "")
    cy = table.join("Cy")
    di = table.join("Di")  # kept out of the loop, so its bad bodies below are not metered away
    assert table.create(table.storyteller, "Guard").status_code == 201
    seen: set[int] = set()
    for token in (table.storyteller, bo, cy, ""):
        for value in WEIRD:
            answers = [
                table.act(token, "damage", character=value, points=1, kind=B),
                table.act(token, "damage", character="Ghost", points=1, kind=value),
                table.act(token, "next", unit=value),
                table.act(token, value),
                table.act(token, "rest", **{str(value): 1}),  # a parameter no action takes
                table.sit(token, value),
                table.create(token, value),
            ]
            if isinstance(value, str) and value.strip():
                answers.append(table.sheet(token, value))
            for answer in answers:
                seen.add(answer.status_code)
                assert answer.status_code < 500, (value, answer.text)
                if answer.status_code >= 400:
                    refused(answer, answer.status_code)
    assert {403, 404, 409, 422} <= seen
    for body in (b"", b"[]", b"{", b'{"points": ["1"]}'):
        answer = client.post(f"{table.url}/actions/damage", content=body, headers=bearer(di))
        refused(answer, 422)
