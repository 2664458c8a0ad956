"""Storypath through the CLI: complications and stunts (ruling 10) as `dicepool roll` shows them."""

from __future__ import annotations

import json

from click.testing import CliRunner

from dicepool.cli.main import cli


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_no_stunts_while_a_complication_stands() -> None:
    code, output = invoke("roll", "storypath 3 comp 3", "--dice", "8,8,8", "--json")
    assert code == 0, output
    roll = json.loads(output)
    assert roll["threshold_successes"] == 2
    assert roll["complications_left"] == 1
    assert roll["stunt_successes"] == 0
    assert roll["label"] == "Normal"
    code, text = invoke("roll", "storypath 3 comp 3", "--dice", "8,8,8")
    assert "1 complication left" in text and "stunt" not in text
