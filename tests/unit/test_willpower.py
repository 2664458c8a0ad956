"""Hubris Willpower (ruling 14), case by case from the text."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.hubris.willpower import (
    MINUTES_PER_MONTH,
    Willpower,
    intimacy_regain,
    lose_dots,
    month_passes,
    new_willpower,
    regain_dot,
    rerate,
    rest_regain,
    spend,
    stored_willpower,
    vice,
    virtue,
)


def test_a_new_character_has_every_point() -> None:
    w = new_willpower(2)
    assert (w.rating, w.lost, w.dots, w.points) == (2, 0, 2, 2)
    assert w.to_dict() == {"points": 2, "dots": 2, "rating": 2, "lost": 0}


@pytest.mark.parametrize("rating", [-1, 11])
def test_the_rating_is_bounded(rating: int) -> None:
    with pytest.raises(SheetError, match=r"0\.\.10"):
        new_willpower(rating)
    with pytest.raises(SheetError, match=r"0\.\.10"):
        rerate(new_willpower(2), rating)


def test_at_most_one_point_a_turn() -> None:
    # "At most one Willpower point can be spent as a reflexive action in any turn."
    w = spend(new_willpower(3), turn_mark=7)
    assert w.points == 2 and w.spent_in(7) and not w.spent_in(8)
    with pytest.raises(SheetError, match="one spend a turn"):
        spend(w, 7)
    assert spend(w, 8).points == 1


def test_no_spend_without_a_point() -> None:
    w = Willpower(2, points=0)
    with pytest.raises(SheetError, match="no Willpower point left"):
        spend(w, 1)


def test_rest_gives_a_point_never_above_the_dots() -> None:
    # "A character regains one Willpower point after a full night's (or day's) sleep"
    assert rest_regain(Willpower(3, points=1)).points == 2
    assert rest_regain(new_willpower(3)).points == 3


def test_vice_once_a_scene() -> None:
    # "Up to once per scene, a character can gain a Willpower point by pursuing ... their Vice."
    w = vice(Willpower(3, points=0), scene_mark=4)
    assert w.points == 1
    with pytest.raises(SheetError, match="once a scene"):
        vice(w, 4)
    assert vice(w, 5).points == 2
    with pytest.raises(SheetError, match="Vice would gain nothing"):
        vice(new_willpower(3), 4)


def test_virtue_refills_every_point_and_a_lost_dot_once_a_session() -> None:
    # "Up to once per game session, a character can refill their Willpower points entirely, as
    # well as regain a lost Willpower dot"
    w = Willpower(4, lost=2, points=0)
    w = virtue(w, session_mark=1)
    assert (w.dots, w.points, w.lost) == (3, 3, 1)
    with pytest.raises(SheetError, match="once a session"):
        virtue(replace_points(w, 0), 1)
    w = virtue(w, 2)  # full points, but a dot is still lost: worth it
    assert (w.dots, w.points, w.lost) == (4, 4, 0)
    with pytest.raises(SheetError, match="Virtue would gain nothing"):
        virtue(w, 3)


def test_virtue_without_the_dot() -> None:
    w = virtue(Willpower(4, lost=2, points=0), 1, dot=False)
    assert (w.dots, w.points) == (2, 2)
    with pytest.raises(SheetError, match="Virtue would gain nothing"):
        virtue(w, 2, dot=False)


def replace_points(w: Willpower, points: int) -> Willpower:
    return Willpower(w.rating, w.lost, points, w.spent_mark, w.refunded, w.vice_mark, w.virtue_mark)


def test_an_intimacy_gives_back_the_point_just_spent() -> None:
    # "Success on this Morality roll means the character immediately regains their spent
    # Willpower point."
    w = spend(new_willpower(2), 3)
    w = intimacy_regain(w, 3)
    assert w.points == 2
    with pytest.raises(SheetError, match="already came back"):
        intimacy_regain(w, 3)
    with pytest.raises(SheetError, match="no Willpower point was spent this turn"):
        intimacy_regain(w, 4)
    with pytest.raises(SheetError, match="one spend a turn"):
        spend(w, 3)  # the point came back, but the turn's spend is used


def test_lost_dots_take_excess_points_at_once() -> None:
    # "Characters immediately lose any points of excess Willpower if their maximum Willpower
    # rating decreases."
    w = lose_dots(new_willpower(4), 2)
    assert (w.rating, w.lost, w.dots, w.points) == (4, 2, 2, 2)
    w = lose_dots(w, 5)
    assert (w.dots, w.points, w.lost) == (0, 0, 4)
    with pytest.raises(SheetError, match="no Willpower dot left"):
        lose_dots(w, 1)
    with pytest.raises(SheetError, match="at least 1"):
        lose_dots(new_willpower(2), 0)


def test_a_regained_dot_comes_back_empty() -> None:
    w = regain_dot(Willpower(3, lost=1, points=2))
    assert (w.dots, w.points, w.lost) == (3, 2, 0)
    with pytest.raises(SheetError, match="no Willpower dot lost"):
        regain_dot(w)


def test_rerating_loses_excess_points_and_adds_empty_dots() -> None:
    w = rerate(new_willpower(4), 2)
    assert (w.rating, w.points) == (2, 2)
    w = rerate(w, 5)
    assert (w.rating, w.dots, w.points) == (5, 5, 2)
    w = rerate(Willpower(5, lost=3, points=2), 2)
    assert (w.lost, w.dots, w.points) == (2, 0, 0)
    w = rerate(Willpower(1, lost=1, month_minutes=9), 0)
    assert (w.lost, w.month_minutes) == (0, 0)  # nothing lost: the month's count ends


def test_a_dot_comes_back_each_month_while_one_is_lost() -> None:
    # "Humans regain lost Willpower dots at a rate of one per month."
    w, due = month_passes(new_willpower(3), 2 * MINUTES_PER_MONTH)
    assert due == 0 and w.month_minutes == 0  # nothing lost: no time counts
    w = lose_dots(w, 2)
    w, due = month_passes(w, MINUTES_PER_MONTH - 1)
    assert due == 0 and w.month_minutes == MINUTES_PER_MONTH - 1
    w, due = month_passes(w, MINUTES_PER_MONTH + 2)
    assert due == 2 and w.month_minutes == 1  # the odd minute carries
    w = regain_dot(regain_dot(w))
    assert w.lost == 0 and w.month_minutes == 0  # nothing lost: the count starts afresh
    with pytest.raises(SheetError, match="forward"):
        month_passes(w, -1)


def test_a_supernatural_creature_that_fails_waits_another_month() -> None:
    # "On a failure, they don't regain the Willpower dot, and may only attempt the roll again
    # after another month."
    w, due = month_passes(lose_dots(new_willpower(3), 1), MINUTES_PER_MONTH)
    assert due == 1  # the power-trait roll fails: no regain_dot
    w, due = month_passes(w, MINUTES_PER_MONTH - 1)
    assert due == 0
    w, due = month_passes(w, 1)
    assert due == 1 and regain_dot(w).lost == 0


def test_the_stored_form_round_trips_and_follows_the_sheet() -> None:
    w = Willpower(5, 1, 3, spent_mark=4, refunded=True, vice_mark=2, virtue_mark=1, month_minutes=9)
    assert stored_willpower(w.stored(), 5) == w
    assert stored_willpower({}, 3) == new_willpower(3)
    assert stored_willpower(w.stored(), 2) == rerate(w, 2)
    with pytest.raises(SheetError, match="out of range"):
        stored_willpower({**w.stored(), "points": 9}, 5)
