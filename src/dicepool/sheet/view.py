"""What ``char show`` tells of a character beside its ratings: the state rules' pieces.

One function builds the JSON view (``char show --json``); the terminal draws the same data.
"""

from __future__ import annotations

from dicepool.sheet.character import Character
from dicepool.sheet.hubris.conflict_play import losses_view
from dicepool.sheet.state import Story
from dicepool.sheet.status import boosts_of, conscience_of, health_of, legend_of, willpower_of
from dicepool.sheet.sundown.play import edge_rating, reserve_max, special
from dicepool.sheet.tracks_play import tracks_view


def condition(sheet: Character, story: Story) -> dict[str, object]:
    """The character's state between rolls, as JSON: ``health`` for hubris, ``legend``
    (``rating``, ``points``) for a storypath character rated in Legend, ``waiting`` (the
    Stunts and Drawbacks that wait for its roll, ruling 20), ``conflict`` (a hubris
    character's contests lost in the conflict under way, by arena, ruling 22), and so on;
    ``tracks`` (:func:`~dicepool.sheet.tracks_play.tracks_view`) when the character carries
    any."""
    found: dict[str, object] = {}
    if sheet.system == "hubris":
        found["health"] = health_of(sheet.status, sheet.traits.get("Stamina", 1)).to_dict()
        willpower = willpower_of(sheet.status, sheet.traits.get("Willpower", 0))
        found["willpower"] = {
            **willpower.to_dict(),
            "spent_this_turn": willpower.spent_in(story.clock.mark("turn")),
        }
        conscience = conscience_of(sheet.status).to_dict()
        found["morality"] = sheet.traits.get("Morality", 0)
        found |= {k: conscience[k] for k in ("crisis", "intimacies", "soul")}
        found["power_trait"] = sheet.status.power_trait
        losses = losses_view(sheet, story.conflict, story.clock.mark("scene"))
        if losses:  # ruling 22: the contests lost in the conflict under way
            found["conflict"] = losses
    if sheet.system == "sundown":  # edge (rating, spent, left, spends), power, passes
        marks = story.clock.mark("chronicle"), story.clock.mark("round")
        found.update(special(sheet).to_dict(edge_rating(sheet), *marks, reserve_max(sheet)))
        scene = story.clock.mark("scene")
        boosts = boosts_of(sheet.status).to_dict(dict(sheet.traits), scene)
        if boosts:  # powers raising traits above their maxima, while they hold
            found["boosts"] = boosts
    if sheet.system == "storypath" and sheet.traits.get("Legend", 0) > 0:
        found["legend"] = legend_of(sheet.status, sheet.traits["Legend"]).to_dict()
    waiting = story.carries.of(sheet.name)
    if waiting:  # storypath's Stunts and Drawbacks waiting for this character's roll
        found["waiting"] = [c.to_dict() for c in waiting]
    tracks = tracks_view(sheet, story.default_tracks)
    if tracks:
        found["tracks"] = tracks
    return found
