"""The web table in a real browser: a `dicepool serve` process, Debian's Chromium driven by
Playwright, and a table opened by a storyteller (desktop) and joined by a player (phone).

The browser is Debian's `chromium` package at :data:`CHROMIUM`; Playwright never downloads one.
When it is missing the tests fail (never skip) and say how to get it: `./scripts/test`
installs it. The tests save screenshots of the pages they visit in `$DICEPOOL_SCREENSHOTS`, or
in a folder of pytest's temporary directory.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    WebSocket,
    expect,
    sync_playwright,
)

from ..servers import free_port, serving, stop
from .driving import api, token_of

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (the `chromium` package)."""

FLAGS = [
    "--no-sandbox",  # the tests may run as root in a container
    "--disable-dev-shm-usage",  # a container's /dev/shm is small
    # a closed network: nothing phoned home, nothing fetched, no first-run dialogs
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--disable-extensions",
    "--disable-breakpad",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions",
    "--metrics-recording-only",
    "--no-default-browser-check",
    "--no-first-run",
    "--no-pings",
]

TIMEOUT_MS = 20_000
"""How long a step waits for the page (an element, a navigation) before it fails: long, for
a machine busy with other work (it is a bound on a hang, not a measure of speed)."""

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}

Shoot = Callable[[Page, str], Path]
"""Save a page's screenshot under a name, check it, and give its path."""

SMALLEST_PNG = 10_000
"""Bytes below which a page's screenshot is taken for blank (a drawn page is far larger)."""


class Chromium:
    """Playwright and Debian's Chromium, started by the first browser test a worker runs and
    stopped when the next test it runs is not one (:func:`pytest_runtest_teardown`): a start
    costs a second or two, and a worker runs its browser files one after the other (they are
    collected first). Never kept past them: Playwright's synchronous API keeps an event loop in
    the worker's thread, and a later test's ``asyncio.run()`` would fail under it."""

    def __init__(self) -> None:
        self.driver: Playwright | None = None
        self.browser: Browser | None = None

    def started(self) -> Browser:
        """The browser, launched if it is not running (the test fails when it is missing)."""
        if self.browser is None:
            if not CHROMIUM.exists():
                pytest.fail(
                    f"the browser tests drive Debian's Chromium at {CHROMIUM}, which is "
                    "missing: run ./scripts/test (it installs the `chromium` package), or "
                    "apt-get install chromium",
                    pytrace=False,
                )
            expect.set_options(timeout=TIMEOUT_MS)
            self.driver = sync_playwright().start()
            self.browser = self.driver.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=FLAGS
            )
        return self.browser

    def stop(self) -> None:
        """Close the browser and stop Playwright, if they run."""
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        if self.driver is not None:
            self.driver.stop()
            self.driver = None


CHROME = Chromium()
"""This worker's browser."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a browser test's teardown (its module's fixtures closed with the last), the
    browser stopped unless the next test is a browser test too."""
    yield
    here = Path(__file__).parent
    if nextitem is None or here not in nextitem.path.parents:
        CHROME.stop()


@pytest.fixture(scope="module")
def browser() -> Browser:
    """Debian's Chromium, headless: this worker's (:data:`CHROME`)."""
    return CHROME.started()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A `dicepool serve` process on a fresh SQLite file; yields its address."""
    db = tmp_path_factory.mktemp("served") / "table.sqlite3"
    port = free_port()
    process = serving(str(db), port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def new_context(browser: Browser, device: dict[str, Any]) -> BrowserContext:
    """A fresh browser profile (cookies of its own) shaped like ``device``."""
    context = browser.new_context(**device)
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture(scope="module")
def storyteller_context(browser: Browser) -> Iterator[BrowserContext]:
    """The storyteller's browser: a desktop, 1280x900."""
    context = new_context(browser, DESKTOP)
    yield context
    context.close()


@pytest.fixture(scope="module")
def player_context(browser: Browser) -> Iterator[BrowserContext]:
    """The player's browser: a phone, 390x844."""
    context = new_context(browser, PHONE)
    yield context
    context.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: `$DICEPOOL_SCREENSHOTS`, or a temporary folder."""
    named = os.environ.get("DICEPOOL_SCREENSHOTS")
    if not named:
        return tmp_path_factory.mktemp("screenshots")
    folder = Path(named)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def shoot(screenshots: Path) -> Shoot:
    """Save a whole page's screenshot as NAME.png, and check it is a PNG of a drawn page."""

    def shot(page: Page, name: str) -> Path:
        path = screenshots / f"{name}.png"
        path.unlink(missing_ok=True)
        page.screenshot(path=path, full_page=True)
        assert_png(path, page.viewport_size or {})
        return path

    return shot


def assert_png(path: Path, viewport: dict[str, int] | Any) -> None:
    """``path`` is a PNG as wide as the viewport (at least) and not blank."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is no PNG"
    assert data[12:16] == b"IHDR", f"{path} has no PNG header"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= viewport.get("width", 1) and height >= viewport.get("height", 1), path
    assert len(data) > SMALLEST_PNG, f"{path} is {len(data)} bytes: a blank page?"


@dataclass
class Table:
    """A table opened in the browser by a storyteller and joined by a player.

    Attributes:
        base: the server's address.
        campaign: the table's campaign id.
        storyteller: the storyteller's page (desktop), at the table.
        player: the player's page (phone), at the table.
        storyteller_token, player_token: the seats' tokens, from the links the pages showed.
        storyteller_link, player_link: those links.
        character: the player's character.
        npc: a character of the storyteller's.
        frames: every WebSocket frame the player's page received, as text.
    """

    base: str
    campaign: int
    storyteller: Page
    player: Page
    storyteller_token: str
    player_token: str
    storyteller_link: str
    player_link: str
    character: str = "Ana"
    npc: str = "Warden"
    frames: list[str] = field(default_factory=list)


def _record_frames(page: Page, frames: list[str]) -> None:
    """Keep the text of every frame ``page`` receives on any of its WebSockets."""

    def on_socket(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            ),
        )

    page.on("websocket", on_socket)


@pytest.fixture(scope="module")
def table(
    server: str,
    storyteller_context: BrowserContext,
    player_context: BrowserContext,
    shoot: Shoot,
) -> Table:
    """Open a table as the storyteller (and give them a character through the API), then
    join it on the phone and create the player's character, as people do: through the pages."""
    told = storyteller_context.new_page()
    told.goto(server + "/")
    shoot(told, "home-desktop")
    told.fill("input[name=name]", "The Long Night")
    told.select_option("select[name=system]", "hubris")
    told.fill("input[name=storyteller]", "Morgan")
    told.click("button[type=submit]")
    invite = told.input_value("#invite-link")
    storyteller_link = told.input_value("#storyteller-link")
    shoot(told, "opened-desktop")
    told.click("text=Go to the table")
    expect(told.locator("#live-state")).to_have_text("live")
    campaign = int(told.url.rstrip("/").rsplit("/", 1)[1])
    storyteller_token = token_of(storyteller_link)
    created = api(
        server,
        "POST",
        f"/api/campaigns/{campaign}/characters",
        storyteller_token,
        {"name": "Warden", "traits": "Strength=4 Stamina=3 Brawl=3 Willpower=3"},
    )
    assert created.status == 201, created.body
    expect(told.locator(".sheet[data-character=Warden]")).to_be_visible()  # pushed live

    frames: list[str] = []
    player = player_context.new_page()
    _record_frames(player, frames)
    player.goto(invite)
    shoot(player, "join-phone")
    player.fill("input[name=name]", "Pat")
    player.click("button[type=submit]")
    player_link = player.input_value("#own-link")
    shoot(player, "joined-phone")
    player.click("text=Go to the table")
    player.fill("input[name=name]", "Ana")
    player.fill(
        "input[name=traits]", "Dexterity=3 Stealth=2 Stamina=3 Wits=2 Willpower=4 Morality=4"
    )
    player.click("text=Create my character")
    expect(player.locator(".trait-buttons")).to_be_visible()
    expect(player.locator("#live-state")).to_have_text("live")
    return Table(
        base=server,
        campaign=campaign,
        storyteller=told,
        player=player,
        storyteller_token=storyteller_token,
        player_token=token_of(player_link),
        storyteller_link=storyteller_link,
        player_link=player_link,
        frames=frames,
    )
