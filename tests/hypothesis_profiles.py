"""Hypothesis's two profiles: `brief` for the test command, `long` for a search at length.

A test that wants another number of examples than the profile's gives its number at length
through :func:`examples`: ``@settings(max_examples=examples(300))``. The `brief` profile, the
default, runs a third of it (at least :data:`FLOOR`), and a third of the profile's 100 for the
tests that give none; ``DICEPOOL_HYPOTHESIS_PROFILE=long ./scripts/test`` runs every number in
full. Neither profile has a deadline: an example's time says nothing on a machine shared with
other work.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("DICEPOOL_HYPOTHESIS_PROFILE", "brief")
"""The profile loaded: `brief` (the default) or `long`."""

SHARE = {"brief": 3, "long": 1}
"""Each profile's share of a test's examples at length: one in this many."""

FLOOR = 20
"""The fewest examples a brief run gives a test (unless it asks for fewer at length)."""


def examples(at_length: int) -> int:
    """The examples a test runs in the loaded profile, ``at_length`` in the long one."""
    if PROFILE not in SHARE:
        choices = ", ".join(SHARE)
        raise ValueError(f"DICEPOOL_HYPOTHESIS_PROFILE is {PROFILE!r}; use one of {choices}")
    return max(min(FLOOR, at_length), at_length // SHARE[PROFILE])


def load() -> None:
    """Register both profiles and load the one the environment names."""
    for name in SHARE:
        settings.register_profile(
            name,
            max_examples=100 // SHARE[name],
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
    examples(1)  # an unknown profile's name stops the run with its one-line reason
    settings.load_profile(PROFILE)
