"""After Sundown's boosts: powers that raise attributes and skills above their maxima.

"A supernatural creature's [attributes and skills] can go up higher than that, both in that their
Potency increases their Attribute maximums and that some of their disciplines ... further
increase their attributes or skills"; Genevra "can spend Power Points to increase her Strength
for a scene". A boost is a temporary change with its source (:class:`Boost`): it adds dots to
a rating on every roll that names the trait, above the limits of ruling 15 (which hold for the
ratings on the sheet, not for what a power adds), until it is ended, or, for a boost that lasts
a scene, until the scene ends (kept under the clock's scene mark, as a limit per scene is).

The rules' own limits hold: Edge and Potency are special attributes ("Six is the maximum Edge
for any character (regardless of Potency, as it is a special attribute)"), so no power boosts
them, and the Power Reserve is state, not a rating. Where the text sets no limit: one boost a
source on a trait, at most 10 dots on a trait from every source together, and at most 20
boosts a character (more is a typing slip).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.traits import check_name, name_key

MAX_BOOST = 10
"""The most dots boosts add to one trait, every source together (the text sets no limit)."""

MAX_BOOSTS = 20
"""The most boosts a character carries at once."""

MAX_SOURCE = 60
"""The longest name of a boost's source (a power: "Vigor", "Clout: Vigor")."""

SPECIALS = ("Edge", "Potency")
"""The special attributes no power boosts (the text's own limits)."""


@dataclass(frozen=True)
class Boost:
    """Dots a power adds to a trait for a while.

    Attributes:
        trait: the trait raised, as the sheet spells it.
        dots: how many dots it adds.
        source: what raises it, in the table's words (a power).
        scene: the clock's scene mark it lasts for (None: until it is ended).
    """

    trait: str
    dots: int
    source: str
    scene: int | None = None

    def active(self, scene_mark: int) -> bool:
        """Whether it holds in the scene of ``scene_mark``."""
        return self.scene is None or self.scene == scene_mark

    def stored(self) -> list[object]:
        """As the status keeps it (read back by :func:`stored_boosts`)."""
        return [self.trait, self.dots, self.source, self.scene]


@dataclass(frozen=True)
class Boosts:
    """A character's boosts, oldest first (a scene's may have ended: see :meth:`active`)."""

    held: tuple[Boost, ...] = ()

    def active(self, scene_mark: int) -> tuple[Boost, ...]:
        """The boosts that hold in the scene of ``scene_mark``."""
        return tuple(b for b in self.held if b.active(scene_mark))

    def on(self, trait: str, scene_mark: int) -> int:
        """The dots the boosts that hold add to ``trait``."""
        key = name_key(trait)
        return sum(b.dots for b in self.active(scene_mark) if name_key(b.trait) == key)

    def to_dict(self, traits: dict[str, int], scene_mark: int) -> list[dict[str, object]]:
        """The boosts that hold, as JSON, each with the ``rating`` it makes."""
        return [
            {
                "trait": b.trait,
                "dots": b.dots,
                "source": b.source,
                "scene": b.scene is not None,
                "rating": traits.get(b.trait, 0) + self.on(b.trait, scene_mark),
            }
            for b in self.active(scene_mark)
        ]

    def stored(self) -> dict[str, object]:
        """As the status keeps them."""
        return {"held": [b.stored() for b in self.held]}


def stored_boosts(data: dict[str, Any]) -> Boosts:
    """Boosts from :meth:`Boosts.stored`'s JSON (an empty mapping: none)."""
    return Boosts(
        tuple(
            Boost(str(t), int(d), str(s), None if m is None else int(m))
            for t, d, s, m in data.get("held", [])
        )
    )


def source_name(source: str) -> str:
    """A boost's source, tidied, or a SheetError saying what is wrong."""
    tidy = " ".join(source.split())
    if not 1 <= len(tidy) <= MAX_SOURCE:
        raise SheetError(f"name a boost's source (the power) in 1..{MAX_SOURCE} characters")
    return tidy


def add_boost(
    boosts: Boosts,
    traits: dict[str, int],
    trait: str,
    dots: int,
    source: str,
    scene_mark: int,
    for_scene: bool = False,
) -> Boosts:
    """The boosts with ``source`` raising ``trait`` by ``dots`` (for the scene of ``scene_mark``
    when ``for_scene``); a boost of that source on that trait which no longer holds is replaced.

    Raises:
        SheetError: a trait the sheet lacks, Edge or Potency, dots out of range or over the
            trait's 10, the source boosting that trait already, or too many boosts.
    """
    named = next((t for t in traits if name_key(t) == name_key(check_name(trait, "trait"))), None)
    if named is None:
        raise SheetError(f"no trait `{trait}` on the sheet to boost; rate it first")
    if named in SPECIALS:
        raise SheetError(
            f'{named} is a special attribute: no power raises it ("Six is the maximum Edge '
            'for any character (regardless of Potency...)")'
        )
    source = source_name(source)
    kept = tuple(b for b in boosts.held if b.active(scene_mark))
    same = [b for b in kept if name_key(b.trait) == name_key(named) and b.source == source]
    if same:
        raise SheetError(
            f"{source} boosts {named} already (+{same[0].dots}): end it first to change it"
        )
    if not 1 <= dots <= MAX_BOOST:
        raise SheetError(f"a boost adds 1..{MAX_BOOST} dots, not {dots}")
    already = boosts.on(named, scene_mark)
    if already + dots > MAX_BOOST:
        raise SheetError(
            f"{named} is boosted by {already} already: boosts add at most {MAX_BOOST} dots to a "
            "trait (the text sets no limit; more is a slip)"
        )
    if len(kept) >= MAX_BOOSTS:
        raise SheetError(f"{MAX_BOOSTS} boosts hold already: end some first")
    made = Boost(named, dots, source, scene_mark if for_scene else None)
    return Boosts((*kept, made))


def end_boost(boosts: Boosts, source: str, scene_mark: int, trait: str | None = None) -> Boosts:
    """The boosts without those of ``source`` (on ``trait`` alone, when given) that hold.

    Raises:
        SheetError: none of them holds; the message lists the boosts that do.
    """
    kept = boosts.active(scene_mark)
    gone = [
        b
        for b in kept
        if b.source.casefold() == " ".join(source.split()).casefold()
        and (trait is None or name_key(b.trait) == name_key(trait))
    ]
    if not gone:
        held = ", ".join(f"{b.trait} +{b.dots} ({b.source})" for b in kept) or "none"
        on = f" on {trait}" if trait else ""
        raise SheetError(f"no boost of {source}{on} holds; the boosts that do: {held}")
    return Boosts(tuple(b for b in kept if b not in gone))
