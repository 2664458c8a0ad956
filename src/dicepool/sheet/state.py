"""A campaign as its log makes it: its settings, its story's state, and every character.

:class:`CampaignState` is what :func:`dicepool.sheet.events.replay` returns; :class:`Story` is
what the campaign itself carries between rolls (its clock, and the pieces the state rules add),
beside the characters' own :class:`~dicepool.sheet.status.Status`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dicepool.errors import CampaignError
from dicepool.sheet.character import Character
from dicepool.sheet.clock import Clock, stored_clock
from dicepool.sheet.hubris.conflict import Conflict, stored_conflict
from dicepool.sheet.storypath.momentum import Advantages, stored_advantages
from dicepool.sheet.storypath.stunts import Carries, stored_carries
from dicepool.sheet.trackers import Trackers, stored_trackers
from dicepool.sheet.traits import name_key


@dataclass(frozen=True)
class Story:
    """What a campaign carries between rolls.

    Attributes:
        clock: story time and the boundaries of play.
        momentum: storypath's shared Momentum pool, in points (its capacity is the players').
        advantages: storypath's Unlooked-for Advantages waiting for a later roll.
        carries: storypath's Stunts and Drawbacks waiting for a later roll (ruling 20).
        conflict: hubris's contests lost in the current conflict, per character and arena
            (ruling 22).
        trackers: extended, contested, complex and opposed actions under way, by name.
        default_tracks: the house rule that chronicles and classic characters carry the default
            tracks, Health and Willpower (:data:`~dicepool.sheet.tracks.DEFAULTS`): on unless
            the storyteller turned it off.
        players_type: whether players may type the faces of dice they rolled by hand at the
            table (the storyteller always may).
        seated: the player seats that sit with a character (by the seat's name key), as the
            seats' events left them; how many they are sizes storypath's Momentum pool unless
            the storyteller set a number.
    """

    clock: Clock
    momentum: int = 0
    advantages: Advantages = field(default_factory=Advantages)
    trackers: Trackers = field(default_factory=Trackers)
    default_tracks: bool = True
    players_type: bool = False
    carries: Carries = field(default_factory=Carries)
    conflict: Conflict = field(default_factory=Conflict)
    seated: frozenset[str] = frozenset()

    def stored(self) -> dict[str, object]:
        """The story as the campaign's projection keeps it (read by :func:`stored_story`)."""
        found: dict[str, object] = {"clock": self.clock.stored()}
        if self.momentum:
            found["momentum"] = self.momentum
        if self.advantages != Advantages():
            found["advantages"] = self.advantages.stored()
        if self.trackers != Trackers():
            found["trackers"] = self.trackers.stored()
        if not self.default_tracks:
            found["default_tracks"] = False
        if self.players_type:
            found["players_type"] = True
        if self.carries != Carries():
            found["carries"] = self.carries.stored()
        if self.conflict != Conflict():
            found["conflict"] = self.conflict.stored()
        if self.seated:
            found["seated"] = sorted(self.seated)
        return found


def stored_story(system: str, data: Mapping[str, Any] | None) -> Story:
    """A story from :meth:`Story.stored`'s JSON (None or {}: a new campaign's)."""
    data = data or {}
    return Story(
        stored_clock(system, data.get("clock") or {}),
        int(data.get("momentum", 0)),
        stored_advantages(data.get("advantages") or {}),
        stored_trackers(data.get("trackers") or {}),
        bool(data.get("default_tracks", True)),
        bool(data.get("players_type", False)),
        stored_carries(data.get("carries") or {}),
        stored_conflict(data.get("conflict") or {}),
        frozenset(str(key) for key in data.get("seated") or ()),
    )


@dataclass(frozen=True)
class CampaignState:
    """A campaign as its log makes it.

    Attributes:
        name: the campaign's name.
        system: the system every roll of the campaign uses.
        players: how many players the storyteller says sit at the table (None: as many as
            sit with a character, the story's ``seated``).
        house_rules: roll-language options applied to every roll ("" for none).
        characters: every character sheet, by its name case-folded.
        story: what the campaign carries between rolls (its clock...).
    """

    name: str
    system: str
    players: int | None = None
    house_rules: str = ""
    characters: Mapping[str, Character] = field(default_factory=dict)
    story: Story | None = None  # None: a new campaign's story, made by __post_init__

    def __post_init__(self) -> None:
        if self.story is None:  # frozen: the one place a field is set after construction
            object.__setattr__(self, "story", stored_story(self.system, None))

    @property
    def now(self) -> Story:
        """The campaign's story (never None once built)."""
        assert self.story is not None
        return self.story

    def __hash__(self) -> int:  # frozen in use: its mapping is never changed in place
        return hash(
            (self.name, self.system, self.house_rules, tuple(self.characters.values()), self.story)
        )

    def with_character(self, sheet: Character) -> CampaignState:
        """The campaign with ``sheet`` in its character's place (or added)."""
        return replace(self, characters={**self.characters, name_key(sheet.name): sheet})

    def character(self, name: str) -> Character:
        """The character called ``name`` (any case), or a CampaignError naming the ones here."""
        found = self.characters.get(name_key(name))
        if found is None:
            here = ", ".join(c.name for c in self.characters.values()) or "none yet"
            raise CampaignError(
                f"no character `{name}` in campaign {self.name} (here: {here}); "
                f'create one with `dicepool char create "{name}"`'
            )
        return found
