"""After Sundown's special attributes between rolls: Edge spent, Initiative Passes, Power Reserve.

The ratings live on the sheet (``Edge`` 0..6, ``Potency`` 0..10); what they leave behind from
one roll to the next lives here, as pure transitions on :class:`SpecialAttributes`, and so do
the Power Reserve's points, which are state and never a trait of the sheet (ruling 19):

- **Edge** is spent, not lost: "Spent Edge doesn't subtract from your Edge value, just from the
  number of times it can be spent. Edge refreshes between chronicles." A character spends Edge
  as many times per chronicle as its rating (ruling 15), on the text's uses (:class:`EdgeUse`).
  Resistance tests add the rating free, spent or not (:func:`resist_dice`).
- **Initiative Passes**: one a round, more from a power (the text names none on the sheet), and
  an extra one for an Edge spend "after the last Initiative Pass that you'd normally take";
  "No matter what, you still can't take more than 4 Initiative Passes total within a round."
- **Power Reserve**: points spent and regained within 0 and the maximum, "10 points plus 3
  points per point of Potency" (:func:`power_max`). "Power Points by themselves do not refresh":
  only a regain (a vampire drinking blood) adds points, and never past the maximum.

Limits per chronicle and per round remember the clock's mark (:meth:`Clock.mark
<dicepool.sheet.clock.Clock.mark>`) at which they were used: under another mark they are free.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from dicepool.errors import SheetError

MAX_EDGE = 6
"""The highest Edge: "Six is the maximum Edge for any character" (ruling 15)."""

MAX_POTENCY = 10
"""The highest Potency (ruling 15)."""

BASE_POWER = 10
"""The Power Reserve's maximum at Potency 0."""

POWER_PER_POTENCY = 3
"""What each point of Potency adds to the Power Reserve's maximum."""

MAX_POWER = BASE_POWER + POWER_PER_POTENCY * MAX_POTENCY
"""The largest Power Reserve any character holds: 40, at Potency 10."""

MAX_PASSES = 4
"""The most Initiative Passes a character takes in a round, Edge spends included."""

MAX_ARMOR = 50
"""The highest Armor a Soak roll adds (the text sets none: anything higher is a typing slip)."""

MAX_PURPOSE = 80
"""The longest note that says what an Edge spend was for."""

RESISTANCE_TRAITS = {"physical": "Strength", "mental": "Intuition", "social": "Willpower"}
"""The attribute each kind of Resistance Test rolls (a Soak roll is a physical one)."""


class EdgeUse(StrEnum):
    """What an Edge spend buys, in the text's words."""

    DICE = "dice"
    """Extra dice equal to the Edge score; at a pool of zero or less, a pool of Edge dice
    (ruling 2)."""
    SECOND_CHANCE = "second-chance"
    """Reroll the dice of a test that did not get a hit (ruling 1: every die that missed)."""
    EXTRA_PASS = "extra-pass"
    """An extra Initiative Pass, after the last one the character would normally take."""
    ESCAPE = "escape"
    """Fate's intervention: "escape" an otherwise lethal situation."""
    OTHER = "other"
    """Anything else the table agrees on; the spend says what it was for."""


@dataclass(frozen=True)
class EdgeSpend:
    """One Edge spent: its use, and what it was for (a free text, required for ``other``)."""

    use: EdgeUse
    purpose: str = ""

    def to_dict(self) -> dict[str, str]:
        """The spend as JSON: ``use`` and ``for``."""
        return {"use": self.use.value, "for": self.purpose}


@dataclass(frozen=True)
class SpecialAttributes:
    """What a sundown character's special attributes carry between rolls.

    The ratings (Edge, Potency) are the sheet's and are passed in by the caller with the
    clock's marks; a count kept under an old mark counts as nothing.

    Attributes:
        spends: the Edge spent in the chronicle of ``chronicle_mark``, oldest first.
        chronicle_mark: the clock's chronicle mark when Edge was last spent.
        passes: the Initiative Passes taken in the round of ``round_mark``.
        round_mark: the clock's round mark when a pass was last taken.
        power: the points in the Power Reserve.
    """

    spends: tuple[EdgeSpend, ...] = ()
    chronicle_mark: int = 0
    passes: int = 0
    round_mark: int = 0
    power: int = 0

    def spent(self, chronicle_mark: int) -> int:
        """How many times Edge was spent in the chronicle of ``chronicle_mark``."""
        return len(self.spends_of(chronicle_mark))

    def passes_taken(self, round_mark: int) -> int:
        """How many Initiative Passes were taken in the round of ``round_mark``."""
        return self.passes if round_mark == self.round_mark else 0

    def spends_of(self, chronicle_mark: int) -> tuple[EdgeSpend, ...]:
        """The Edge spent in the chronicle of ``chronicle_mark``, oldest first."""
        return self.spends if chronicle_mark == self.chronicle_mark else ()

    def to_dict(
        self, edge_rating: int, chronicle_mark: int, round_mark: int, maximum: int
    ) -> dict[str, object]:
        """The state as a user sees it (``char show --json``), with the sheet's ratings.

        Args:
            edge_rating: the sheet's Edge.
            chronicle_mark: the clock's current chronicle mark.
            round_mark: the clock's current round mark.
            maximum: the Power Reserve's maximum (:func:`power_max` of the sheet's Potency).
        """
        spends = self.spends_of(chronicle_mark)
        return {
            "edge": {
                "rating": edge_rating,
                "spent": len(spends),
                "left": edge_left(self, edge_rating, chronicle_mark),
                "spends": [s.to_dict() for s in spends],
            },
            "power": {"points": min(self.power, maximum), "max": maximum},
            "passes": self.passes_taken(round_mark),
        }

    def stored(self) -> dict[str, object]:
        """The state as the projection keeps it (read back by :func:`stored_special_attributes`)."""
        return {
            "spends": [s.to_dict() for s in self.spends],
            "chronicle_mark": self.chronicle_mark,
            "passes": self.passes,
            "round_mark": self.round_mark,
            "power": self.power,
        }


def stored_special_attributes(data: dict[str, Any]) -> SpecialAttributes:
    """The state from :meth:`SpecialAttributes.stored`'s JSON (an empty mapping: nothing spent,
    an empty Power Reserve: its points are state, never a trait of the sheet, ruling 19)."""
    return SpecialAttributes(
        spends=tuple(
            EdgeSpend(EdgeUse(s["use"]), s.get("for", "")) for s in data.get("spends", ())
        ),
        chronicle_mark=int(data.get("chronicle_mark", 0)),
        passes=int(data.get("passes", 0)),
        round_mark=int(data.get("round_mark", 0)),
        power=int(data.get("power", 0)),
    )


# Edge


def _check_edge(edge_rating: int) -> None:
    if not 0 <= edge_rating <= MAX_EDGE:
        raise SheetError(f"Edge is 0..{MAX_EDGE} (ruling 15), not {edge_rating}")


def edge_left(state: SpecialAttributes, edge_rating: int, chronicle_mark: int) -> int:
    """How many more times Edge can be spent this chronicle (the rating less the spends).

    A rating lowered below the spends already made leaves none (never fewer than zero).
    """
    _check_edge(edge_rating)
    return max(0, edge_rating - state.spent(chronicle_mark))


def _spend(
    state: SpecialAttributes, edge_rating: int, chronicle_mark: int, spend: EdgeSpend
) -> SpecialAttributes:
    if edge_left(state, edge_rating, chronicle_mark) == 0:
        if edge_rating == 0:
            raise SheetError("Edge 0: an Extra has no Edge to spend (a Luminary has Edge 1..6)")
        raise SheetError(
            f"Edge {edge_rating}: all {edge_rating} spends of this chronicle are used; "
            "they come back with `dicepool next chronicle`"
        )
    spends = (*state.spends_of(chronicle_mark), spend)  # a new chronicle starts the count again
    return replace(state, spends=spends, chronicle_mark=chronicle_mark)


def spend_edge(
    state: SpecialAttributes,
    edge_rating: int,
    chronicle_mark: int,
    use: EdgeUse,
    purpose: str = "",
) -> SpecialAttributes:
    """The state after one Edge spent on ``use`` (the rating itself never falls).

    Args:
        state: the character's state.
        edge_rating: the sheet's Edge.
        chronicle_mark: the clock's current chronicle mark.
        use: what the spend buys; an extra Initiative Pass goes through :func:`take_extra_pass`,
            which checks the round's passes too.
        purpose: what it was for; required for ``other``, at most 80 characters.

    Raises:
        SheetError: no spend left this chronicle, Edge 0, an ``other`` spend without a purpose,
            or an extra pass (use :func:`take_extra_pass`).
    """
    if use is EdgeUse.EXTRA_PASS:
        raise SheetError(
            "an extra Initiative Pass is taken as a pass (take_extra_pass), so the round's "
            f"limit of {MAX_PASSES} passes is checked"
        )
    purpose = " ".join(purpose.split())
    if use is EdgeUse.OTHER and not purpose:
        raise SheetError("say what an `other` Edge spend is for (e.g. for 'a lucky break')")
    if len(purpose) > MAX_PURPOSE:
        raise SheetError(f"what an Edge spend is for is at most {MAX_PURPOSE} characters")
    return _spend(state, edge_rating, chronicle_mark, EdgeSpend(use, purpose))


def resist_dice(edge_rating: int, armor: int = 0, soak: bool = False) -> int:
    """The dice a Resistance Test adds to its attribute (:data:`RESISTANCE_TRAITS`).

    "If a character has an Edge score, it is added to these Resistance tests": always, free, and
    at the full rating however many spends are left. A Soak roll "also adds their appropriate
    Armor value"; Armor adds to nothing else.

    Raises:
        SheetError: an Edge or Armor out of range, or Armor on a test that is not a Soak roll.
    """
    _check_edge(edge_rating)
    if not 0 <= armor <= MAX_ARMOR:
        raise SheetError(f"Armor is 0..{MAX_ARMOR}, not {armor}")
    if armor and not soak:
        raise SheetError("Armor adds only to a Soak roll; resist without Armor, or soak")
    return edge_rating + armor


# Initiative Passes


def passes(bonus: int = 0) -> int:
    """The Initiative Passes a character normally takes in a round: one, plus ``bonus``.

    The text gives no trait that sets them; a power may grant more (the caller says how many),
    and none takes the character past 4 a round.
    """
    if bonus < 0:
        raise SheetError(f"a power adds passes, it takes none away: {bonus}")
    return min(MAX_PASSES, 1 + bonus)


def take_pass(state: SpecialAttributes, round_mark: int, bonus: int = 0) -> SpecialAttributes:
    """The state after one of the round's normal Initiative Passes (:func:`passes`).

    Raises:
        SheetError: every normal pass of this round is taken.
    """
    normal = passes(bonus)
    taken = state.passes_taken(round_mark)
    if taken >= normal:
        more = (
            "spend Edge for an extra one"
            if taken < MAX_PASSES
            else f"no one takes more than {MAX_PASSES}"
        )
        done = f"{normal} of {normal} normal" if taken == normal else f"{normal} normal and more"
        raise SheetError(
            f"{done} Initiative Passes taken this round; {more}, or wait for `dicepool next round`"
        )
    return replace(state, passes=taken + 1, round_mark=round_mark)


def take_extra_pass(
    state: SpecialAttributes,
    edge_rating: int,
    chronicle_mark: int,
    round_mark: int,
    bonus: int = 0,
) -> SpecialAttributes:
    """The state after an Edge spent on an extra Initiative Pass, and the pass taken.

    The text: announce it "after the last Initiative Pass that you'd normally take in a round",
    and "you still can't take more than 4 Initiative Passes total within a round".

    Raises:
        SheetError: a normal pass is still to take, 4 passes are taken this round, or no Edge
            spend is left this chronicle (nothing changes).
    """
    normal = passes(bonus)
    taken = state.passes_taken(round_mark)
    if taken < normal:
        raise SheetError(
            f"{taken} of {normal} normal Initiative Passes taken: Edge buys an extra pass "
            "only after the last one you would normally take"
        )
    if taken >= MAX_PASSES:
        raise SheetError(
            f"{MAX_PASSES} Initiative Passes taken this round: no one takes more, Edge or not"
        )
    after = _spend(state, edge_rating, chronicle_mark, EdgeSpend(EdgeUse.EXTRA_PASS))
    return replace(after, passes=taken + 1, round_mark=round_mark)


# Power Reserve


def power_max(potency: int) -> int:
    """The Power Reserve's maximum: "10 points plus 3 points per point of Potency".

    Raises:
        SheetError: a Potency outside 0..10.
    """
    if not 0 <= potency <= MAX_POTENCY:
        raise SheetError(f"Potency is 0..{MAX_POTENCY} (ruling 15), not {potency}")
    return BASE_POWER + POWER_PER_POTENCY * potency


def _check_power(points: int, maximum: int, what: str) -> None:
    if not 0 <= maximum <= MAX_POWER:
        raise SheetError(f"a Power Reserve's maximum is 0..{MAX_POWER}, not {maximum}")
    if not 1 <= points <= MAX_POWER:
        raise SheetError(f"{what} 1..{MAX_POWER} Power Points at a time, not {points}")


def spend_power(state: SpecialAttributes, points: int, maximum: int) -> SpecialAttributes:
    """The state after ``points`` Power Points spent from the reserve.

    Raises:
        SheetError: the reserve holds fewer points (nothing is spent).
    """
    _check_power(points, maximum, "spend")
    held = min(state.power, maximum)  # points over a lowered maximum are gone
    if points > held:
        raise SheetError(
            f"the Power Reserve holds {held} of {maximum} points: {points} cannot be spent"
        )
    return replace(state, power=held - points)


def regain_power(state: SpecialAttributes, points: int, maximum: int) -> SpecialAttributes:
    """The state after ``points`` Power Points regained; the reserve fills up at its maximum.

    Points past the maximum are lost, not refused: a reserve "fills up" (a vampire who drinks
    more than it holds simply stays full).
    """
    _check_power(points, maximum, "regain")
    return replace(state, power=min(maximum, min(state.power, maximum) + points))


def rerate_power(state: SpecialAttributes, maximum: int) -> SpecialAttributes:
    """The state after the maximum changed (Potency rose or fell): points above it are lost.

    A higher maximum adds no points: Power Points "by themselves do not refresh".
    """
    if not 0 <= maximum <= MAX_POWER:
        raise SheetError(f"a Power Reserve's maximum is 0..{MAX_POWER}, not {maximum}")
    return replace(state, power=min(state.power, maximum))
