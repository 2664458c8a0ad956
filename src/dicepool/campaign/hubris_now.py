"""What a hubris character may do now: one function per action of
:mod:`~dicepool.campaign.hubris_actions`, pure, reading the sheet and the campaign's clock.

Each answers why the action does not apply now, or None when it does, by asking the pure
rule the action's event runs (:mod:`dicepool.sheet.hubris.willpower`,
:mod:`~dicepool.sheet.hubris.conscience`, :mod:`~dicepool.sheet.health`, ruling 18's
:mod:`~dicepool.sheet.hubris.out_of_action`) with the least its parameters could ask: so
the page offers an action exactly when its rule would take it, and the rule's refusal, in
the same words, stands behind a form sent anyway. Degenerate, for one, is offered only right
after a failed crisis roll (ruling 14).
"""

from __future__ import annotations

from dicepool.campaign.catalogue import refusal
from dicepool.sheet.character import Character
from dicepool.sheet.health import heal, stabilize
from dicepool.sheet.hubris import conflict as contests
from dicepool.sheet.hubris import conscience as cs
from dicepool.sheet.hubris import willpower as wp
from dicepool.sheet.hubris.out_of_action import health, must_act, must_be_alive
from dicepool.sheet.hubris.play import morality, pieces
from dicepool.sheet.state import CampaignState


def _mark(state: CampaignState, unit: str) -> int:
    return state.now.clock.mark(unit)


def damage_now(_state: CampaignState, sheet: Character) -> str | None:
    """Damage: to anyone but the dead (ruling 18)."""
    return refusal(lambda: must_be_alive(sheet, "damage to the dead is refused"))


def heal_now(_state: CampaignState, sheet: Character) -> str | None:
    """Healing: a wound that care can reach, on one who is not dead (ruling 13)."""
    return refusal(lambda: heal(health(sheet), 1))


def stabilize_now(_state: CampaignState, sheet: Character) -> str | None:
    """Stabilizing: a lethal wound in the last box, bleeding."""
    return refusal(lambda: stabilize(health(sheet)))


def mitigate_now(state: CampaignState, sheet: Character) -> str | None:
    """Mitigate Harm: a Willpower point, none spent this turn, and the character acting."""
    acts = refusal(lambda: must_act(sheet, "Willpower spent to mitigate harm"))
    spends = refusal(lambda: wp.spend(pieces(sheet)[0], _mark(state, "turn")), sheet.name)
    return acts or spends


def rest_now(_state: CampaignState, sheet: Character) -> str | None:
    """Rest: the character acting (a rest passes its own night, so two may follow)."""
    return refusal(lambda: must_act(sheet, "rest"))


def vice_now(state: CampaignState, sheet: Character) -> str | None:
    """Vice: once a scene, with a Willpower point to gain."""
    w, c = pieces(sheet)

    def gain() -> None:
        cs.soul_regain(w, wp.vice(w, _mark(state, "scene")), c)

    return refusal(lambda: must_act(sheet, "Vice")) or refusal(gain, sheet.name)


def virtue_now(state: CampaignState, sheet: Character) -> str | None:
    """Virtue: once a session, with points or a dot to gain."""
    w, c = pieces(sheet)

    def gain() -> None:
        cs.soul_regain(w, wp.virtue(w, _mark(state, "session"), dot=c.soul), c)

    return refusal(lambda: must_act(sheet, "Virtue")) or refusal(gain, sheet.name)


def degenerate_now(_state: CampaignState, sheet: Character) -> str | None:
    """Degeneration: right after a failed crisis roll, above Morality 0, alive."""
    w, c = pieces(sheet)
    alive = refusal(lambda: must_be_alive(sheet, "the dead regain no Willpower"))
    return alive or refusal(lambda: cs.degenerate(w, c, morality(sheet)), sheet.name)


def intimacy_roll_now(state: CampaignState, sheet: Character) -> str | None:
    """The Intimacy roll: an Intimacy held, Morality above 0, and a point spent this turn
    that has not come back."""
    w, c = pieces(sheet)
    if morality(sheet) > 0 and not c.intimacies:
        return f"{sheet.name} holds no Intimacy: add one first"
    return refusal(lambda: must_act(sheet, "Intimacy roll")) or refusal(
        lambda: (
            cs.intimacy_pool(c, morality(sheet), c.intimacies[0]),
            wp.intimacy_regain(w, _mark(state, "turn")),
        ),
        sheet.name,
    )


def sin_now(_state: CampaignState, sheet: Character) -> str | None:
    """A sin: a crime only above Morality 0, and one at least as severe as a crisis in
    course (rated 1, the most severe, always is)."""
    c = pieces(sheet)[1]
    return refusal(lambda: cs.sin(c, morality(sheet), 1, "a sin"), sheet.name)


def atone_now(state: CampaignState, sheet: Character) -> str | None:
    """Atonement: in a crisis, once a scene, the character acting."""
    w, c = pieces(sheet)
    scene = _mark(state, "scene")
    return refusal(lambda: must_act(sheet, "crisis roll of atonement")) or refusal(
        lambda: cs.atone(w, c, morality(sheet), scene, 1), sheet.name
    )


def willpower_now(_state: CampaignState, sheet: Character) -> str | None:
    """A loss of Willpower dots: a dot left to lose."""
    return refusal(lambda: wp.lose_dots(pieces(sheet)[0], 1), sheet.name)


def conflict_end_now(state: CampaignState, _sheet: Character | None) -> str | None:
    """The end of a prolonged conflict: a contest lost in the one under way (ruling 22)."""
    return refusal(lambda: contests.end(state.now.conflict, _mark(state, "scene")))
