"""What a character carries from one roll to the next, beside the sheet's ratings.

A :class:`Status` holds the state rules' pieces of one character: the hubris Health track for
now, and the pieces the other rules add. A piece left at ``None`` is at rest (an unhurt track),
so a character nothing has happened to stores nothing, and a rebuilt log compares equal to a
projection whatever the order things happened in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dicepool.sheet.health import HealthTrack, new_track, resize, stored_track


@dataclass(frozen=True)
class Status:
    """A character's state between rolls.

    Attributes:
        health: the hubris Health track (None: unhurt, 5 + Stamina empty boxes).
    """

    health: HealthTrack | None = None

    def stored(self) -> dict[str, object]:
        """The pieces not at rest, as JSON (read back by :func:`stored_status`)."""
        found: dict[str, object] = {}
        if self.health is not None:
            found["health"] = self.health.stored()
        return found


def stored_status(data: dict[str, Any]) -> Status:
    """A status from :meth:`Status.stored`'s JSON ({}: everything at rest)."""
    health = data.get("health")
    return Status(health=stored_track(health) if health is not None else None)


def health_of(status: Status, stamina: int) -> HealthTrack:
    """The Health track a status holds, or the unhurt one of 5 + ``stamina`` boxes."""
    return status.health if status.health is not None else new_track(stamina)


def with_health(status: Status, track: HealthTrack, stamina: int) -> Status:
    """The status holding ``track`` (None when it is the unhurt track, so at rest)."""
    return replace(status, health=None if track == new_track(stamina) else track)


def rerated(status: Status, stamina: int) -> Status:
    """The status after the sheet's ratings changed: the track sized to the new Stamina."""
    if status.health is None or status.health.size == new_track(stamina).size:
        return status
    return with_health(status, resize(status.health, stamina), stamina)
