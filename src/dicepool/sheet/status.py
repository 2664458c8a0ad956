"""What a character carries from one roll to the next, beside the sheet's ratings.

A :class:`Status` holds the state rules' pieces of one character, each of one system: the hubris
Health track, Willpower and conscience, the sundown Edge spends, Power Reserve and passes, the
storypath Legend points. A piece left at ``None`` is at rest (an unhurt track, every Willpower
point there), so a character nothing has happened to stores nothing, and a rebuilt log compares
equal to a projection whatever the order things happened in. ``*_of`` functions give a piece,
at rest when None; ``with_*`` functions put one back, None when it is at rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from dicepool.sheet.health import HealthTrack, new_track, resize, stored_track
from dicepool.sheet.hubris.conscience import Conscience, stored_conscience
from dicepool.sheet.hubris.willpower import Willpower, new_willpower, rerate, stored_willpower
from dicepool.sheet.storypath.momentum import Legend, stored_legend
from dicepool.sheet.sundown.boosts import Boosts, stored_boosts
from dicepool.sheet.sundown.edge import (
    SpecialAttributes,
    power_max,
    rerate_power,
    stored_special_attributes,
)
from dicepool.sheet.tracks import Tracks, default_tracks, follow_traits, stored_tracks

Traits = Mapping[str, int]

POWER = "Power"
"""The name sundown sheets gave the Power Reserve before ruling 19 made its points state."""


@dataclass(frozen=True)
class Status:
    """A character's state between rolls (each piece None while at rest).

    Attributes:
        health: the hubris Health track (at rest: 5 + Stamina empty boxes).
        willpower: hubris Willpower points and lost dots (at rest: every point there).
        conscience: hubris crisis of conscience, Intimacies, soul (at rest: none, none, held).
        special: sundown Edge spends, Initiative Passes and Power Reserve (at rest: nothing
            spent, an empty reserve; its points are state, never a trait, ruling 19).
        legend: storypath Legend points (at rest: none spent).
        power_trait: hubris: the power trait of a supernatural creature (None: a mortal).
        tracks: the table's named tracks, in any system (at rest: none of its own, every
            default track full and unhurt).
        boosts: sundown powers raising attributes and skills above their maxima (at rest:
            none).
    """

    health: HealthTrack | None = None
    willpower: Willpower | None = None
    conscience: Conscience | None = None
    special: SpecialAttributes | None = None
    legend: Legend | None = None
    power_trait: str | None = None
    tracks: Tracks | None = None
    boosts: Boosts | None = None

    def stored(self) -> dict[str, object]:
        """The pieces not at rest, as JSON (read back by :func:`stored_status`)."""
        pieces = {
            "health": self.health,
            "willpower": self.willpower,
            "conscience": self.conscience,
            "special": self.special,
            "legend": self.legend,
            "tracks": self.tracks,
            "boosts": self.boosts,
        }
        found: dict[str, object] = {k: p.stored() for k, p in pieces.items() if p is not None}
        if self.power_trait is not None:
            found["power_trait"] = self.power_trait
        return found


def stored_status(data: Mapping[str, Any], traits: Traits) -> Status:
    """A status from :meth:`Status.stored`'s JSON ({}: everything at rest)."""
    found = Status()
    if "health" in data:
        found = replace(found, health=stored_track(data["health"]))
    if "willpower" in data:
        found = replace(
            found, willpower=stored_willpower(data["willpower"], traits.get("Willpower", 0))
        )
    if "conscience" in data:
        found = replace(found, conscience=stored_conscience(data["conscience"]))
    if "special" in data:
        found = replace(found, special=stored_special_attributes(data["special"]))
    if "power_trait" in data:
        found = replace(found, power_trait=str(data["power_trait"]))
    if "legend" in data:
        found = replace(found, legend=stored_legend(traits.get("Legend", 0), data["legend"]))
    if "tracks" in data:
        found = replace(found, tracks=stored_tracks(data["tracks"]))
    if "boosts" in data:
        found = replace(found, boosts=stored_boosts(data["boosts"]))
    return found


def boosts_of(status: Status) -> Boosts:
    """The boosts a status holds (none at rest)."""
    return status.boosts if status.boosts is not None else Boosts()


def with_boosts(status: Status, boosts: Boosts) -> Status:
    """The status holding ``boosts`` (None when there is none)."""
    return replace(status, boosts=boosts if boosts.held else None)


def tracks_of(status: Status) -> Tracks:
    """The named tracks a status holds (none of its own, every default at rest, when None)."""
    return status.tracks if status.tracks is not None else Tracks()


def with_tracks(status: Status, tracks: Tracks) -> Status:
    """The status holding ``tracks`` (None when nothing is stored of them)."""
    return replace(status, tracks=None if tracks == Tracks() else tracks)


def retracked(status: Status, system: str, after: Traits) -> Status:
    """The status after the sheet's ratings changed: each default track whose maximum follows
    the traits takes its new maximum (:func:`~dicepool.sheet.tracks.follow_traits`)."""
    if status.tracks is None:
        return status
    return with_tracks(status, follow_traits(status.tracks, default_tracks(system, after)))


def health_of(status: Status, stamina: int) -> HealthTrack:
    """The Health track a status holds, or the unhurt one of 5 + ``stamina`` boxes."""
    return status.health if status.health is not None else new_track(stamina)


def with_health(status: Status, track: HealthTrack, stamina: int) -> Status:
    """The status holding ``track`` (None when it is the unhurt track, so at rest)."""
    return replace(status, health=None if track == new_track(stamina) else track)


def willpower_of(status: Status, rating: int) -> Willpower:
    """The Willpower a status holds, or every point of ``rating`` dots."""
    return status.willpower if status.willpower is not None else new_willpower(rating)


def with_willpower(status: Status, willpower: Willpower, rating: int) -> Status:
    """The status holding ``willpower`` (None when every point is there and nothing is used)."""
    return replace(status, willpower=None if willpower == new_willpower(rating) else willpower)


def conscience_of(status: Status) -> Conscience:
    """The conscience a status holds, or a clear one."""
    return status.conscience if status.conscience is not None else Conscience()


def with_conscience(status: Status, conscience: Conscience) -> Status:
    """The status holding ``conscience`` (None when clear)."""
    return replace(status, conscience=None if conscience == Conscience() else conscience)


def special_of(status: Status) -> SpecialAttributes:
    """The sundown special attributes a status holds, or none spent and an empty reserve."""
    return status.special if status.special is not None else SpecialAttributes()


def with_special(status: Status, special: SpecialAttributes) -> Status:
    """The status holding ``special`` (None when nothing is spent and the reserve is empty)."""
    return replace(status, special=None if special == SpecialAttributes() else special)


def _rerated_special(status: Status, before: Traits, after: Traits) -> Status:
    """A new Potency's maximum takes away the Power points above it (ruling 19: "a lower
    Potency takes the Power points above the new maximum"); a higher one adds none."""
    if status.special is None or before.get("Potency", 0) == after.get("Potency", 0):
        return status
    return with_special(status, rerate_power(status.special, power_max(after.get("Potency", 0))))


def typed_power(traits: dict[str, int], status: Status) -> Status:
    """The status of a sundown sheet read with the Power Reserve typed on it as ``Power``, as
    sheets were before ruling 19; the trait is taken out of ``traits``.

    The reserve play had left (a stored one) stands; with none, the typed points are the
    reserve. Points above the Potency's maximum are lost, as a lower Potency loses them.
    """
    typed = traits.pop(POWER, 0)
    special = status.special if status.special is not None else SpecialAttributes(power=typed)
    return with_special(status, rerate_power(special, power_max(traits.get("Potency", 0))))


def legend_of(status: Status, rating: int) -> Legend:
    """The Legend a status holds within the sheet's ``rating`` (none spent at rest)."""
    spent = status.legend.spent if status.legend is not None else 0
    return Legend(rating, min(spent, rating))


def with_legend(status: Status, legend: Legend) -> Status:
    """The status holding ``legend`` (None when no point is spent)."""
    return replace(status, legend=legend if legend.spent else None)


def rerated(status: Status, before: Traits, after: Traits) -> Status:
    """The status after the sheet's ratings changed: the track sized to the new Stamina,
    Willpower to the new rating, the Power Reserve within the new Potency's maximum, Legend
    spent within the new rating."""
    stamina = after.get("Stamina")
    track = status.health
    if track is not None and stamina is not None and before.get("Stamina") != stamina:
        status = with_health(status, resize(track, stamina), stamina)
    rating = after.get("Willpower", 0)
    if status.willpower is not None and before.get("Willpower") != rating:
        status = with_willpower(status, rerate(status.willpower, rating), rating)
    legend = after.get("Legend", 0)
    if status.legend is not None and before.get("Legend") != legend:
        status = with_legend(status, legend_of(status, legend))
    return _rerated_special(status, before, after)
