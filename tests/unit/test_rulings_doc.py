"""Every "ruling N" that the code, the README or the documentation site cites has its text in
docs/rulings.md.

A citation is ``ruling N`` or ``rulings N, M and K`` (any case) in a file under ``src/``, in
README.md or in a page of docs/; docs/rulings.md gives each ruling under a heading
``## Ruling N``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"

# "ruling 13", "Ruling 15", "rulings 9 and 12", "rulings 1, 2 and 15": a list only after "rulings"
_CITED = re.compile(
    r"\bruling\s+(?P<one>\d+)\b|\brulings\s+(?P<many>\d+(?:\s*(?:,|and|&)\s*\d+)*)\b",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^## Ruling (\d+)\b", re.MULTILINE)


def cited_in(text: str) -> set[int]:
    """The ruling numbers a text cites."""
    found: set[int] = set()
    for match in _CITED.finditer(text):
        found.update(int(n) for n in re.findall(r"\d+", match["one"] or match["many"]))
    return found


def citations() -> dict[int, list[str]]:
    """Each cited ruling number, with the files (relative to the root) that cite it."""
    files = [
        *sorted((ROOT / "src").rglob("*")),
        ROOT / "README.md",
        *sorted((ROOT / "docs").rglob("*.md")),
    ]
    cited: dict[int, list[str]] = {}
    for path in files:
        if not path.is_file() or path.suffix in {".pyc", ".png", ".ico", ".woff2"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number in cited_in(text):
            cited.setdefault(number, []).append(str(path.relative_to(ROOT)))
    return cited


def documented() -> list[int]:
    """The ruling numbers docs/rulings.md gives a heading, in order."""
    return [int(n) for n in _HEADING.findall(DOC.read_text(encoding="utf-8"))]


def test_the_citation_pattern_reads_single_and_listed_rulings() -> None:
    text = "(ruling 4: rated 4 or more), (rulings 1, 2 and 15), Rulings 9 and 12; ruling 13, 5"
    assert cited_in(text) == {1, 2, 4, 9, 12, 13, 15}


def test_every_cited_ruling_has_a_heading_in_docs_rulings() -> None:
    cited = citations()
    assert len(cited) >= 10, "the search for citations found almost none: is the pattern broken?"
    missing = {n: files for n, files in sorted(cited.items()) if n not in documented()}
    assert not missing, (
        "rulings cited without a text: add a `## Ruling N` section to docs/rulings.md for "
        f"{missing}"
    )


def test_each_ruling_is_documented_once_in_order() -> None:
    numbers = documented()
    assert numbers == sorted(set(numbers)), f"headings repeated or out of order: {numbers}"
    assert numbers == list(range(1, len(numbers) + 1)), f"a ruling is skipped: {numbers}"
