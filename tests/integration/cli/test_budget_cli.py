"""The budget at the command line: a refusal in one line that offers a simulation, the
simulation answering alone when asked for, and the costliest options each command takes
answered or refused within the limits (memory measured on the real process, never time).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

DICEPOOL = Path(sys.executable).parent / "dicepool"
LIMIT_KB = 1536 * 1024  # 1.5 GiB: no command may hold more


def run(*args: str) -> tuple[int, str, str, int]:
    """Run the installed command: its exit status, output, errors and peak memory in KiB."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen([str(DICEPOOL), *args], stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)  # this child's own peak, not the suite's
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return process.returncode, out.read(), err.read(), int(usage.ru_maxrss)


def test_an_exact_answer_over_budget_is_refused_in_one_line_offering_a_simulation() -> None:
    code, out, err, _ = run("odds", "hubris 10000 rote tn 2")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "over the budget of 2 s and 512 MiB" in err and "odds --simulate" in err


def test_the_simulation_offered_answers_alone() -> None:
    code, out, err, _ = run("odds", "hubris 10000 rote tn 2", "--simulate", "200", "--seed", "4")
    assert code == 0, err
    assert "simulated only" in err and "Outcomes" in out
    code, out, err, _ = run(
        "odds", "hubris 10000 rote tn 2", "--simulate", "200", "--seed", "4", "--json"
    )
    payload = json.loads(out)
    assert "over the budget" in payload["exact_refused"]
    assert "outcomes" not in payload  # no exact figures pretend to be there
    assert payload["simulated"]["trials"] == 200
    assert payload["simulated"]["outcomes"]["success"] == pytest.approx(1.0)


def test_a_json_answer_too_long_to_write_is_refused_though_the_terminal_answers() -> None:
    code, _, err, _ = run("odds", "custom 1500d1000 t2 again 2", "--json")
    assert code == 2 and "with every total written as JSON" in err
    assert "ask without --json" in err
    code, out, err, _ = run("odds", "custom 1500d1000 t2 again 2")
    assert code == 0, err
    assert "tail bound" in out


COSTLY = [
    ("odds", "custom 10000d1000 t2 again 2 double 2", "--json"),
    ("odds", "custom 3000d1000 t2 again 2 vs custom 3000d1000 t2 again 2", "--json"),
    ("odds", "classic 10000 spec until 9000", "--goal", "10000"),
    ("odds", "chronicles 0", "--goal", "10000", "--rolls", "100000"),
    ("odds", "chronicles 1 vs chronicles 1", "--goal", "10000", "--rolls", "100000"),
    ("odds", "hubris 10000 wp tn 2", "--simulate", "10000000"),
    ("odds", "storypath 5000 tn 2 assist 5000", "--goal", "10000", "--rolls", "100000"),
    ("compare", "custom 1000d1000 t2 again 2", "custom 1000d1000 t2 again 2 rote"),
    ("chart", "hubris", "--pools", "9901-10000", "--difficulties", "0-99"),
    ("chart", "classic", "--pools", "100,1000,2000,5000,10000", "--difficulties", "2-10"),
    (
        "plot",
        "custom 3000d100 t2 again 2",
        "custom 3000d100 t2 again 3",
        "-o",
        str(Path(tempfile.gettempdir()) / "dicepool-budget-plot.png"),
    ),
]


@pytest.mark.parametrize("args", COSTLY, ids=[" ".join(a)[:50] for a in COSTLY])
def test_the_costliest_questions_are_answered_or_refused_in_one_line(
    args: tuple[str, ...],
) -> None:
    code, _, err, peak = run(*args)
    assert code in (0, 2), err
    if code == 2:
        assert len(err.strip().splitlines()) <= 2 and "Traceback" not in err
    assert peak < LIMIT_KB, f"{peak // 1024} MiB"
