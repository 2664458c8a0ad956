"""A player who plays from Discord alone, against a real `dicepool serve`, signed as Discord
signs them: `/join` seats them and makes or takes their character, `/character` does after,
they roll as it, and their own seat's page is told to them alone; every refusal they meet says
what to do with Discord's commands, never a command line."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from ..servers import free_port, post, serving, stop
from .discord import Application

TOLD, CY, DEE, EVE = "111", "501", "502", "503"
"""Discord users: the storyteller; players who play from Discord alone (Cy, Dee); a player
seated on the page first (Eve)."""

CHANNEL = "740"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Application]:
    port = free_port()
    application = Application(port)
    db = tmp_path_factory.mktemp("players") / "table.sqlite3"
    server = serving(str(db), port, "0.1", "--discord-public-key", application.public_hex)
    try:
        yield application
    finally:
        stop(server)


@pytest.fixture(scope="module")
def table(app: Application) -> dict[str, Any]:
    """A chronicles table linked to the channel, with Mara made ready for a player."""
    opened: dict[str, Any] = post(
        app.port, "/api/campaigns", {"name": "Nights", "system": "chronicles"}
    )
    made = {"name": "Mara", "traits": "Wits=3 Composure=2", "for_player": True}
    post(
        app.port, f"/api/campaigns/{opened['id']}/characters", made, opened["storyteller"]["token"]
    )
    app.command("link", TOLD, CHANNEL, link=opened["storyteller"]["url"])
    return opened


def _say(app: Application, name: str, user: str, /, **options: object) -> dict[str, Any]:
    data: dict[str, Any] = app.command(name, user, CHANNEL, **options)["data"]
    return data


def _refused(data: dict[str, Any], *said: str) -> None:
    """A refusal to its asker alone, saying ``said``, and naming no command line."""
    assert data["flags"] == 64, data
    for words in said:
        assert words in data["content"], data["content"]
    assert "dicepool " not in data["content"] and not re.search(r"--[a-z]", data["content"])


def _read(port: int, path: str, token: str) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def _page(content: str) -> str:
    """The seat's page an answer tells, by its token."""
    found = re.findall(r"Your seat's page, yours alone \(keep it\): (http://\S+/t/(\S+))", content)
    assert found, content
    token: str = found[0][1]
    return token


def test_join_makes_the_character_and_tells_the_seats_page_to_the_player_alone(
    app: Application, table: dict[str, Any]
) -> None:
    joined = _say(
        app,
        "join",
        CY,
        link=table["invite"]["url"],
        name="Cy",
        character="Ana",
        traits="Strength=3 Brawl=2 Stamina=2",
    )
    assert joined["flags"] == 64
    assert "You sit at Nights as Cy, playing Ana" in joined["content"]
    assert "You play Ana, just made" in joined["content"]
    token = _page(joined["content"])
    seen = _read(app.port, f"/api/campaigns/{table['id']}/characters/Ana", token)
    assert seen["name"] == "Ana" and seen["traits"]["Strength"] == 3  # the page opens as Cy
    rolled = _say(app, "roll", CY, line="Strength + Brawl # first blood")
    assert "flags" not in rolled and "Ana" in rolled["content"].split("\n")[1]
    events = _read(app.port, f"/api/campaigns/{table['id']}/events", table["storyteller"]["token"])
    roll = [e for e in events["events"] if e["kind"] == "rolled"][-1]
    assert roll["actor"] == "Cy" and roll["data"]["rollers"] == ["Ana"]
    # joined already: the invitation again is refused, saying how to make a character
    again = _say(app, "join", CY, link=table["invite"]["url"], name="Cy2")
    _refused(again, "you sit at Nights as Cy already", "/character")


def test_a_player_with_no_character_is_told_character_and_takes_one_made_for_a_player(
    app: Application, table: dict[str, Any]
) -> None:
    joined = _say(app, "join", DEE, link=table["invite"]["url"], name="Dee")
    assert joined["flags"] == 64 and "/character name:NAME" in joined["content"]
    _page(joined["content"])
    _refused(_say(app, "roll", DEE, line="chronicles 2"), "/character")
    _refused(_say(app, "sheet", DEE), "/character name:NAME")
    _refused(_say(app, "damage", DEE, points=1, kind="bashing"), "/character")
    _refused(_say(app, "character", DEE, name="Ana"), "Ana")  # Cy's: not Dee's to take
    took = _say(app, "character", DEE, name="Mara")
    assert took["flags"] == 64 and "You play Mara, made for a player" in took["content"]
    assert "Mara" in _say(app, "sheet", DEE)["content"]
    rolled = _say(app, "roll", DEE, line="Wits + Composure")
    assert "flags" not in rolled and "Mara" in rolled["content"].split("\n")[1]
    _refused(_say(app, "character", DEE, name="Zed", traits="Wits=2"), "you sit with Mara")


def test_a_slip_in_a_new_characters_traits_is_told_in_discords_words(
    app: Application, table: dict[str, Any]
) -> None:
    joined = _say(app, "join", "504", link=table["invite"]["url"], name="Fay")
    _page(joined["content"])
    slip = _say(app, "character", "504", name="Gil", traits="Strenght=3")
    _refused(slip, "Strenght")
    _refused(_say(app, "character", "504", traits="Wits=2"), "name")
    made = _say(app, "character", "504", name="Gil", traits="Strength=3")
    assert "You play Gil, just made" in made["content"]


def test_a_player_seated_on_the_page_is_told_to_use_their_seats_link_and_tied_by_it(
    app: Application, table: dict[str, Any]
) -> None:
    seated = post(
        app.port, f"/api/campaigns/{table['id']}/seats", {"name": "Eve"}, table["invite"]["token"]
    )
    refused = _say(app, "join", EVE, link=table["invite"]["url"], name="Eve")
    _refused(refused, "a seat called Eve is at this table already", "/join link:", "seat's link")
    tied = _say(app, "join", EVE, link=seated["url"], character="Ivo", traits="Dexterity=2")
    assert tied["flags"] == 64 and "as Eve, playing Ivo" in tied["content"]
    assert _page(tied["content"]) == seated["token"]


def test_join_with_traits_and_no_character_or_a_bad_link_says_what_to_do(
    app: Application, table: dict[str, Any]
) -> None:
    _refused(
        _say(app, "join", "505", link=table["invite"]["url"], name="Hal", traits="Wits=2"),
        "character:NAME",
    )
    _refused(_say(app, "join", "505", link="https://example.org/t/nothing"), "no seat here")
    _refused(_say(app, "join", "505", link=table["invite"]["url"]), "/join link: name:")
    seats = _read(app.port, f"/api/campaigns/{table['id']}", table["storyteller"]["token"])
    assert "Hal" not in [s["name"] for s in seats["seats"]]  # the refusals seated no one
