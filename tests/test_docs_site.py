"""The documentation site builds with `mkdocs build --strict`, with no network, and holds every
page: each page of docs/ in the nav, built, under its title, and asking the reader's browser
for nothing from elsewhere (the site browses offline from the disk)."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

OFFLINE = """
import socket


def refused(*args, **kwargs):
    raise OSError(f"no network while the docs build: {args[:1]}")


socket.socket.connect = refused
socket.socket.connect_ex = refused
socket.create_connection = refused
socket.getaddrinfo = refused

from mkdocs.__main__ import cli

cli()
"""
"""MkDocs run with every way out to the network refused: a theme or plugin that fetches
anything fails the build."""


class Page(HTMLParser):
    """What a built page asks the browser to load (scripts, styles, images), and its title."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("script", "img") and found.get("src"):
            self.loads.append(str(found["src"]))
        if tag == "link" and found.get("rel") in ("stylesheet", "icon", "preload"):
            self.loads.append(str(found.get("href")))
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False


def read(page: Path) -> Page:
    parsed = Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built with --strict into a folder of the test's own."""
    out = tmp_path_factory.mktemp("site")
    built = build(ROOT / "mkdocs.yml", out)
    assert built.returncode == 0, built.stdout + built.stderr
    return out


def test_the_site_builds_strict_and_offline_with_every_page(site: Path) -> None:
    pages = sorted(DOCS.rglob("*.md"))
    assert len(pages) >= 10, pages
    for source in pages:
        built = site / source.relative_to(DOCS).with_suffix(".html")
        assert built.is_file(), f"{source.name} was not built"
        heading = re.search(r"^# (.+)$", source.read_text(encoding="utf-8"), re.MULTILINE)
        assert heading, f"{source.name} has no title"
        title = heading[1].replace("`", "")
        assert title in read(built).title, f"{built.name} is not titled {title!r}"


def test_the_site_loads_nothing_from_elsewhere(site: Path) -> None:
    elsewhere = {
        f"{page.name}: {load}"
        for page in site.glob("*.html")
        for load in read(page).loads
        if re.match(r"(https?:)?//", load)
    }
    assert not elsewhere, sorted(elsewhere)
    # every file a page loads is in the site (404.html's from the site's root: it is served
    # for any missing address)
    for page in site.glob("*.html"):
        for load in read(page).loads:
            path = load.split("?")[0]
            file = site / path.lstrip("/") if path.startswith("/") else page.parent / path
            assert file.is_file(), f"{page.name} loads {load}"


def build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of ``config`` into ``out``, with the network refused."""
    return subprocess.run(
        [sys.executable, "-c", OFFLINE, "build", "--strict", "-f", str(config), "-d", str(out)],
        cwd=config.parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("slip", "said"),
    [
        (("docs/tests.md", "](rulings.md)", "](rulings.md#no-such-part)"), "no-such-part"),
        (("docs/index.md", "](table.md)", "](tables.md)"), "tables.md"),
        (("docs/lost.md", "", "# A page out of the nav\n"), "lost.md"),
    ],
    ids=["an anchor not there", "a page not there", "a page out of the nav"],
)
def test_a_slip_in_the_docs_fails_the_build(
    tmp_path: Path, slip: tuple[str, str, str], said: str
) -> None:
    """--strict with the site's settings fails on a broken link or anchor, and on a page the
    nav leaves out, naming it."""
    (tmp_path / "docs").mkdir()
    for source in [ROOT / "mkdocs.yml", *DOCS.rglob("*.md")]:
        copy = tmp_path / source.relative_to(ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    name, old, new = slip
    page = tmp_path / name
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    assert old in text
    page.write_text(text.replace(old, new, 1) if old else new, encoding="utf-8")
    built = build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert built.returncode != 0
    assert said in built.stderr, built.stderr


def test_the_build_has_no_way_to_the_network() -> None:
    """The guard the builds run under refuses a connection, naming why."""
    probe = subprocess.run(
        [sys.executable, "-c", OFFLINE.replace("cli()", "socket.create_connection(('x', 80))")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert probe.returncode != 0
    assert "no network while the docs build" in probe.stderr
