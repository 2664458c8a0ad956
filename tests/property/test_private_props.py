"""Nothing counted about the hidden (issue 28), over any play (hypothesis): a table where the
storyteller does any private work, in any order among public rolls and hidden ones, reads to a
player exactly as a table where every piece of that work was a change to one of the
storyteller's own characters. The player's export checks, and the storyteller sees it whole.
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.campaign.seals import close
from dicepool.campaign.table import events_for
from dicepool.store.database import Database
from tests.hypothesis_profiles import examples
from tests.private_play import PRIVATE, Play, chain_checks, players_view

STEPS = st.lists(st.sampled_from(("public", "hidden", *PRIVATE)), min_size=1, max_size=8)
"""A play: public rolls, hidden rolls of the seal, and private work of every kind."""

_names = itertools.count(1)


@pytest.fixture(scope="module")
def db(sqlite_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """One SQLite database for every example: each plays its tables under new names."""
    path = tmp_path_factory.mktemp("private") / "dicepool.sqlite3"
    shutil.copyfile(sqlite_template, path)
    database = Database(f"sqlite:///{path}")
    yield database
    database.close()


def _play(db: Database, steps: list[str], private: str | None = None) -> Play:
    """A table played by ``steps``, every piece of private work done as ``private`` when
    given; its seal closed at the end (the seed out: the export's faces are checked)."""
    play = Play(db, f"Table{next(_names)}")
    for step in steps:
        if step == "public":
            play.public_roll()
        elif step == "hidden":
            play.hidden_roll()
        else:
            play.private(private or step)
    close(db, play.name, play.storyteller.name)
    return play


@settings(max_examples=examples(60))
@given(STEPS)
def test_any_private_work_reads_as_a_change_to_the_storytellers_character(
    db: Database, steps: list[str]
) -> None:
    played = _play(db, steps)
    changes = _play(db, steps, private="change")
    assert players_view(played) == players_view(changes)
    assert chain_checks(played) == chain_checks(changes)
    whole = events_for(db, played.storyteller).events
    assert not any(s.concealed for s in whole)
    assert len(whole) == len(events_for(db, played.player).events)
