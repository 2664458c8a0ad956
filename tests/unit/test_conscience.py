"""Hubris crises of conscience, Intimacies and the soul (ruling 14), from the text."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.hubris import willpower as wp
from dicepool.sheet.hubris.conscience import (
    DAY,
    WEEK,
    Conscience,
    Crisis,
    add_intimacy,
    atone,
    check_morality_gain,
    crisis_pool,
    degenerate,
    intimacy_pool,
    lose_soul,
    months_due,
    remove_intimacy,
    rest,
    restore_soul,
    sin,
    soul_regain,
    soul_roll,
    soul_roll_due,
    stored_conscience,
)
from dicepool.sheet.hubris.willpower import Willpower, new_willpower


def in_crisis(crime: int = 3, successes: int = 0, **kw: object) -> Conscience:
    return Conscience(Crisis(crime, "sin", successes), **kw)  # type: ignore[arg-type]


def test_the_whole_crisis_cycle() -> None:
    morality = 3
    w, c = new_willpower(3), Conscience()
    # "When a character becomes aware they've committed a sin at or below their current
    # Morality rating ... roll dice equal to the rating of the crime they committed."
    c = sin(c, morality, 3, "killed a man in a bar fight")
    assert crisis_pool(c) == 3
    # "Each time they could regain Willpower from rest, even if their Willpower is at maximum
    # ... On a failure, they regain no willpower and instead lose one willpower point."
    w, c = rest(w, c, morality, successes=0)
    assert w.points == 2 and c.failures == 1
    w, c = rest(w, c, morality, successes=0)
    assert w.points == 1 and c.failures == 2
    # "The character regains Willpower as normal instead of losing it and end their crisis
    # immediately, but lowers their Morality score by one."
    w, c, morality = degenerate(w, c, morality)
    assert (w.points, morality, c.crisis, c.failures) == (3, 2, None, 2)
    # a second crisis at Morality 2
    c = sin(c, morality, 2, "murder")
    w, c = rest(w, c, morality, successes=1)
    assert c.crisis == Crisis(2, "murder", 1)
    # "A new sin replaces an old one if it's of equal or greater severity, resetting the
    # success count to zero ... A new crisis doesn't reset the count of accumulated failures"
    c = sin(c, morality, 1, "a truly heinous crime")
    assert c.crisis == Crisis(1, "a truly heinous crime", 0) and c.failures == 2
    assert crisis_pool(c) == 1
    # "Once the roll has succeeded a number of separate times equal to the struggling
    # character's Morality rating, the character has resolved their crisis"
    w = wp.spend(w, 1)
    w, c = rest(w, c, morality, successes=1)
    assert c.crisis is not None and w.points == 3
    w, c = rest(w, c, morality, successes=2)
    assert c.crisis is None and c.failures == 2
    # "... and can regain Willpower normally."
    w = wp.spend(w, 2)
    w, c = rest(w, c, morality)
    assert w.points == 3
    # Virtue: "refill their Willpower points entirely, as well as regain a lost Willpower dot"
    w = wp.lose_dots(w, 1)
    w = wp.spend(w, 3)
    w = wp.virtue(w, session_mark=1, dot=c.soul)
    assert (w.points, w.dots) == (3, 3)


def test_a_soulless_character_never_resolves() -> None:
    # "Soulless characters ... can't resolve a crises of conscience - until they degenerate,
    # they remain in crisis into perpetuity"
    w, c = new_willpower(3), lose_soul(sin(Conscience(), 2, 2, "horrific torture"))
    for _ in range(5):
        w, c = rest(w, c, 2, successes=3)
    assert c.crisis == Crisis(2, "horrific torture", 5)
    w, c = atone(w, c, 2, scene_mark=1, successes=1, strides=True)
    assert c.crisis is not None
    w, c = rest(w, c, 2, successes=0)
    w, c, morality = degenerate(w, c, 2)
    assert c.crisis is None and morality == 1


def test_only_a_crime_at_or_below_morality_brings_a_crisis() -> None:
    with pytest.raises(SheetError, match="a sin rated 4 is no crime at Morality 3"):
        sin(Conscience(), 3, 4, "brutalized someone")
    # "A character with zero Morality ... Nothing can drive them into a crisis of conscience"
    with pytest.raises(SheetError, match="Morality 0"):
        sin(Conscience(), 0, 1, "a truly heinous crime")
    for rating in (0, 6):
        with pytest.raises(SheetError, match="rated 1"):
            sin(Conscience(), 5, rating, "x")
    for what in ("", "   ", "x" * 201):
        with pytest.raises(SheetError, match="say what the sin was"):
            sin(Conscience(), 5, 5, what)


def test_a_less_severe_sin_leaves_the_crisis_as_it_is() -> None:
    c = in_crisis(2, successes=1)
    with pytest.raises(SheetError, match=r"stays as it is: a sin rated 3 is less severe"):
        sin(c, 4, 3, "rough torture")
    same = sin(c, 4, 2, "another murder")
    assert same.crisis == Crisis(2, "another murder", 0)


def test_rest_out_of_crisis_needs_no_roll_and_in_crisis_needs_one() -> None:
    w = Willpower(3, points=1)
    assert rest(w, Conscience(), 3)[0].points == 2
    with pytest.raises(SheetError, match="needs no crisis roll"):
        rest(w, Conscience(), 3, successes=1)
    with pytest.raises(SheetError, match="crisis roll of 3 dice"):
        rest(w, in_crisis(3), 3)
    with pytest.raises(SheetError, match="0 or more"):
        rest(w, in_crisis(3), 3, successes=-1)
    with pytest.raises(SheetError, match="no crisis"):
        crisis_pool(Conscience())


def test_the_crisis_roll_is_made_even_at_full_willpower() -> None:
    w, c = rest(new_willpower(2), in_crisis(3), 3, successes=0)
    assert w.points == 1 and c.may_degenerate == 1


def test_a_failure_at_zero_points_takes_nothing_and_degenerating_gives_one() -> None:
    w, c = rest(Willpower(3, points=0), in_crisis(3), 3, successes=0)
    assert w.points == 0 and c.may_degenerate == 0
    w, c, morality = degenerate(w, c, 3)
    assert w.points == 1 and morality == 2


def test_degeneration_only_right_after_a_failure() -> None:
    with pytest.raises(SheetError, match="right after a failed crisis roll"):
        degenerate(new_willpower(2), in_crisis(3), 3)
    w, c = rest(new_willpower(2), in_crisis(3), 3, successes=0)
    w, c = rest(w, c, 3, successes=1)  # the next rest accepted the failure
    with pytest.raises(SheetError, match="right after"):
        degenerate(w, c, 3)
    w, c = rest(w, c, 3, successes=0)
    with pytest.raises(SheetError, match="already 0"):
        degenerate(w, c, 0)


def test_atonement_at_the_end_of_a_scene() -> None:
    # "a crisis roll can be made at the end of the scene, producing a Willpower point and a step
    # towards resolution on success and removing a Willpower point on failure"
    w, c = atone(Willpower(3, points=1), in_crisis(3), 3, scene_mark=1, successes=2)
    assert w.points == 2 and c.crisis == Crisis(3, "sin", 1)
    with pytest.raises(SheetError, match="already made this scene"):
        atone(w, c, 3, 1, 1)
    w, c = atone(w, c, 3, 2, 0)
    assert w.points == 1 and c.crisis == Crisis(3, "sin", 1) and c.failures == 1
    # "Characters who fail this roll can choose to degenerate on the spot and regain Willpower"
    w2, c2, morality = degenerate(w, c, 3)
    assert (w2.points, c2.crisis, morality) == (3, None, 2)
    with pytest.raises(SheetError, match="no crisis"):
        atone(w, Conscience(), 3, 3, 1)
    with pytest.raises(SheetError, match="0 or more"):
        atone(w, c, 3, 3, -2)


def test_strides_count_toward_resolution_whatever_the_dice_say() -> None:
    # "... can count that roll as successful for resolution purposes whether or not Willpower
    # was gained or lost."
    w, c = atone(Willpower(3, points=2), in_crisis(3, 1), 2, 1, 0, strides=True)
    assert w.points == 1 and c.crisis is None and c.may_degenerate is None
    w, c = atone(Willpower(3, points=2), in_crisis(3), 3, 1, 0, strides=True)
    assert c.crisis == Crisis(3, "sin", 1) and c.may_degenerate == 1
    assert degenerate(w, c, 3)[2] == 2


def test_morality_zero_ends_a_crisis_left_over() -> None:
    w, c = rest(Willpower(2, points=1), in_crisis(1), 0)
    assert c.crisis is None and w.points == 2


def test_intimacies_up_to_resolve_plus_three() -> None:
    # "A character can have a number of Intimacies equal to their Resolve plus three."
    c = Conscience()
    for name in ("my partner", "my family", "Ana", "the band"):
        c = add_intimacy(c, 1, name)
    with pytest.raises(SheetError, match="Resolve 1 allows 4 Intimacies"):
        add_intimacy(c, 1, "my dog")
    with pytest.raises(SheetError, match="already held"):
        add_intimacy(c, 3, "MY  Family")
    for text in ("", "x" * 81):
        with pytest.raises(SheetError, match=r"1\.\.80"):
            add_intimacy(c, 3, text)
    c = remove_intimacy(c, "ANA")
    assert c.intimacies == ("my partner", "my family", "the band")
    with pytest.raises(SheetError, match="held: my partner; my family; the band"):
        remove_intimacy(c, "Ana")
    assert c.to_dict()["intimacies"] == ["my partner", "my family", "the band"]


def test_the_intimacy_roll_is_the_morality_and_none_at_zero() -> None:
    c = add_intimacy(Conscience(), 2, "my sister")
    assert intimacy_pool(c, 4, "My Sister") == 4
    with pytest.raises(SheetError, match="Morality 0"):
        intimacy_pool(c, 0, "my sister")
    with pytest.raises(SheetError, match="held: my sister"):
        intimacy_pool(c, 4, "my brother")


def test_a_soulless_character_gains_no_morality() -> None:
    c = lose_soul(Conscience())
    with pytest.raises(SheetError, match="gains no Morality"):
        check_morality_gain(c, 2, 3)
    check_morality_gain(c, 3, 2)
    check_morality_gain(Conscience(), 2, 3)
    with pytest.raises(SheetError, match="already lost"):
        lose_soul(c)
    with pytest.raises(SheetError, match="nothing to restore"):
        restore_soul(Conscience())


def test_the_soul_roll_each_day_and_each_week_at_one_dot() -> None:
    # "Each day, a soulless character's permanent Willpower rating is rolled and decreases by
    # one on a success. When a character has only one Willpower dot left, this roll is made
    # each week instead."
    w, c = new_willpower(2), lose_soul(Conscience())
    c, left = soul_roll_due(c, w.dots, DAY - 1)
    assert left is None and c.soul_minutes == DAY - 1
    c, left = soul_roll_due(c, w.dots, 3 * DAY)
    assert left == 3 * DAY - 1  # due a minute in: the rest of the advance is left
    w = soul_roll(w, c, successes=1)
    assert w.dots == 1
    c, left = soul_roll_due(c, w.dots, left)
    assert left is None and c.soul_minutes == 3 * DAY - 1  # a week now
    c, left = soul_roll_due(c, w.dots, WEEK - 3 * DAY + 1)
    assert left == 0
    assert soul_roll(w, c, 0) == w
    w = soul_roll(w, c, 2)
    assert w.dots == 0 and soul_roll_due(c, 0, WEEK) == (replace_minutes(c, 0), None)
    with pytest.raises(SheetError, match="only a soulless character"):
        soul_roll(w, Conscience(), 1)
    with pytest.raises(SheetError, match="0 or more"):
        soul_roll(w, c, -1)
    with pytest.raises(SheetError, match="forward"):
        months_due(w, c, -1)
    with pytest.raises(SheetError, match="forward"):
        soul_roll_due(c, 2, -1)
    assert soul_roll_due(Conscience(), 3, WEEK) == (Conscience(), None)


def replace_minutes(c: Conscience, minutes: int) -> Conscience:
    return stored_conscience({**c.stored(), "soul_minutes": minutes})


def test_a_soulless_character_regains_no_lost_dot() -> None:
    # "Soulless characters can't regain lost Willpower dots."
    w, c = Willpower(3, lost=1, points=0), lose_soul(Conscience())
    with pytest.raises(SheetError, match="regains no lost Willpower dot"):
        soul_regain(w, wp.regain_dot(w), c)
    after, _ = soul_regain(w, wp.virtue(w, 1), c)  # the points come, not the dot
    assert (after.lost, after.points) == (1, 2)
    assert months_due(w, c, 3 * wp.MINUTES_PER_MONTH) == (w, 0)
    assert months_due(w, Conscience(), wp.MINUTES_PER_MONTH)[1] == 1


def test_a_restored_soul_brings_a_dot_back_with_each_regain() -> None:
    # "Once a character's soul is restored, they regain one Willpower dot each time they regain
    # any number of Willpower points, but any lost Morality must be regained through normal
    # means."
    w, c = Willpower(4, lost=2, points=0), restore_soul(lose_soul(Conscience()))
    w, c = rest(w, c, 3)
    assert (w.points, w.dots, c.restoring) == (1, 3, True)
    w, c = soul_regain(w, wp.vice(w, 1), c)
    assert (w.points, w.dots, c.restoring) == (2, 4, False)
    w = wp.lose_dots(w, 1)  # a later loss is no soul's matter: it waits for the month
    w, c = rest(w, c, 3)
    assert w.dots == 3


def test_the_stored_form_round_trips() -> None:
    c = Conscience(Crisis(2, "murder", 1), 3, 1, 4, ("Ana",), False, True, 60)
    assert stored_conscience(c.stored()) == c
    assert stored_conscience({}) == Conscience()
    with pytest.raises(SheetError, match="out of range"):
        stored_conscience({**c.stored(), "failures": -1})
    assert c.to_dict() == {
        "crisis": {"crime": 2, "what": "murder", "successes": 1, "failures": 3},
        "failures": 3,
        "may_degenerate": True,
        "intimacies": ["Ana"],
        "soul": False,
    }
    assert Conscience().to_dict()["crisis"] is None
