"""The file a command reads (``char import``, ``verify``): bounded, decoded, named safely."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from dicepool.cli.files import read_text
from dicepool.errors import CampaignError, SheetError


def test_a_file_reads_as_its_text_without_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_bytes(b"\xef\xbb\xbf" + '{"name": "Zoë"}'.encode())
    assert read_text(str(path), 100, SheetError, "100 bytes") == ('{"name": "Zoë"}', str(path))


def test_a_file_at_the_bound_reads_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 10)
    assert read_text(str(path), 10, SheetError, "10 bytes")[0] == "x" * 10
    with pytest.raises(CampaignError, match=r"big\.json is over 9 bytes: too large$"):
        read_text(str(path), 9, CampaignError, "9 bytes: too large")


def test_standard_input_reads_no_further_than_a_byte_past_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    endless = io.BytesIO(b"y" * 1000)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(endless))
    with pytest.raises(SheetError, match=r"^standard input is over 5 bytes$"):
        read_text("-", 5, SheetError, "5 bytes")
    assert endless.tell() == 6  # a byte past the bound, not the whole of it


def test_unreadable_or_undecodable_files_say_so_with_the_name_escaped(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match=r"cannot read .*none\.json"):
        read_text(str(tmp_path / "none.json"), 10, SheetError, "10 bytes")
    latin = tmp_path / "a\x1b]0;x\x07.json"
    latin.write_bytes("café".encode("latin-1"))
    with pytest.raises(SheetError) as refused:
        read_text(str(latin), 10, SheetError, "10 bytes")
    assert "\\x1b]0;x\\x07.json is not UTF-8 text (byte 4)" in str(refused.value)
    assert "\x1b" not in str(refused.value)
