"""Links that work anywhere: every link the API and the pages give starts with the table's
public address (``serve --public-url``), else with the address `serve` prints, which is never
``localhost`` when it listens on every address of a machine that has another."""

from __future__ import annotations

import ipaddress
import re
import subprocess
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dicepool.store.database import Database
from dicepool.web.addresses import AddressError, lan_address, public_url, serve_url
from dicepool.web.app import create_app
from dicepool.web.pages import CSRF_COOKIE, csrf_of

from ..servers import SCRIPT, free_port, post, serving, stop
from .conftest import bearer

PUBLIC = "http://192.0.2.10:8000"
"""A public address (TEST-NET-1: documentation's, reached by no test)."""

LINK = re.compile(r"https?://[^\s\"'<>]+/t/[A-Za-z0-9_-]+")
"""A seat's link, in a page or an answer."""


def test_a_public_address_is_an_http_address_of_a_host() -> None:
    assert public_url(" https://dice.example.org/ ") == "https://dice.example.org"
    assert public_url("http://192.0.2.10:8000") == PUBLIC
    for bad in ("dice.example.org", "ftp://x.org", "http://", "http://x.org/?a=1", "x" * 300):
        with pytest.raises(AddressError, match="--public-url"):
            public_url(bad)
    with pytest.raises(AddressError, match="port"):
        public_url("http://x.org:99999")


def test_the_printed_address_is_the_hosts_and_a_lan_one_for_every_address() -> None:
    found = lan_address()
    assert found is None or not ipaddress.ip_address(found).is_loopback
    assert serve_url("0.0.0.0", 8000) == f"http://{found or '127.0.0.1'}:8000"
    assert serve_url("127.0.0.1", 8001) == "http://127.0.0.1:8001"
    assert serve_url("localhost", 8001) == "http://localhost:8001"
    assert serve_url("192.0.2.7", 80) == "http://192.0.2.7:80"
    assert serve_url("2001:db8::1", 80) == "http://[2001:db8::1]:80"


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_every_link_of_the_api_and_the_pages_starts_with_the_public_address(
    db: Database,
) -> None:
    with TestClient(create_app(db, public_url=PUBLIC), raise_server_exceptions=False) as client:
        table = client.post("/api/campaigns", json={"name": "Night", "system": "chronicles"})
        assert table.status_code == 201, table.text
        body = table.json()
        links = [body["storyteller"]["url"], body["invite"]["url"]]
        storyteller, campaign = body["storyteller"]["token"], body["id"]
        seat = client.post(
            f"/api/campaigns/{campaign}/seats",
            json={"name": "Bo"},
            headers=bearer(body["invite"]["token"]),
        )
        links.append(seat.json()["url"])
        made = client.post(
            f"/api/campaigns/{campaign}/actions/new-link",
            json={"seat": "Bo"},
            headers=bearer(storyteller),
        )
        links.append(made.json()["link"])
        home = TestClient(client.app)  # a browser opening a table from the home page
        home.get("/")
        opened = home.post(
            "/", data={"name": "Day", "system": "hubris", "csrf": home.cookies[CSRF_COOKIE]}
        )
        assert opened.status_code == 201, opened.text
        links += LINK.findall(opened.text)
        invite = LINK.findall(opened.text)[-1].rsplit("/", 1)[1]
        joining = TestClient(client.app)
        joining.get(f"/t/{invite}")
        joined = joining.post(
            f"/t/{invite}", data={"name": "Cy", "csrf": joining.cookies[CSRF_COOKIE]}
        )
        assert joined.status_code == 201, joined.text
        links += LINK.findall(joined.text)
        page = TestClient(client.app)
        page.get(f"/t/{storyteller}")
        relinked = page.post(
            f"/c/{campaign}/act/new-link",
            data={"seat": "Bo", "csrf": csrf_of(storyteller)},
            headers={"hx-request": "1"},
        )
        assert relinked.status_code == 200, relinked.text
        links += LINK.findall(relinked.text)
    assert len(links) >= 8, links  # the API's four, two opened, one joined, one relinked
    assert all(link.startswith(PUBLIC + "/t/") for link in links), links


def test_serve_on_every_address_gives_links_players_can_open(tmp_path: Path) -> None:
    port = free_port("0.0.0.0")
    server = serving(str(tmp_path / "t.db"), port, "1", "--host", "0.0.0.0")
    try:
        body = post(port, "/api/campaigns", {"name": "Night", "system": "chronicles"})
    finally:
        stop(server)
    shown = lan_address() or "127.0.0.1"  # loopback only where no other address exists
    for link in (body["storyteller"]["url"], body["invite"]["url"]):
        assert link.startswith(f"http://{shown}:{port}/t/"), link


def test_serve_refuses_a_bad_public_address_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(SCRIPT), "serve", "--db", str(tmp_path / "t.db"), "--public-url", "dice.example"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert "--public-url" in done.stderr and "https://" in done.stderr
    assert "Traceback" not in done.stderr
