"""storypath's Stunts and Drawbacks carried forward (ruling 20), with forced dice: a Stunt bought
on a logged roll waits with the table until the roll it applies to uses it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.roll import resolve_any
from dicepool.errors import CampaignError, SheetError
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.events import Event, Kind, apply, concerns
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.refs import EventRef
from dicepool.sheet.spends import NO_SPENDS, Spends, effects, prepare
from dicepool.sheet.state import CampaignState, stored_story
from dicepool.sheet.storypath.payloads import DrawbackCarried, StuntBought
from dicepool.sheet.storypath.stunts import Carries, Effect, buy_stunt
from dicepool.sheet.view import condition

from .sheets import table


def saga() -> CampaignState:
    state = table("storypath", Ana="Might=3", Bo="Might=2", Guard="Might=2")
    return replace(state, players=2)


def rolled(
    state: CampaignState,
    line: str,
    faces: list[int],
    who: str | None = "Ana",
    spends: Spends = NO_SPENDS,
    event: int = 10,
    hidden: bool = False,
) -> tuple[CampaignState, Any, dict[str, Any]]:
    """A campaign roll as :func:`dicepool.campaign.rolls.roll` makes it, logged as ``event``."""
    line_read = read_sheet_line(line, state, who)
    rollers = tuple(state.character(r) if r else None for r in line_read.rollers)
    spender = rollers[0]
    request = parse(line_read.numbers)
    request = prepare(spender, request, spends, rollers=rollers, state=state, hidden=hidden)
    source = ForcedDice(faces)
    result = resolve_any(request, source)
    source.check_all_used()
    done = {} if hidden else effects(spender, request, result, spends, rollers=rollers, state=state)
    data = {"effects": done, "result": record(result)}
    return apply(state, Event(Kind.ROLLED, data, id=event, seq=event)), result, done


def bought(
    state: CampaignState,
    effect: str,
    level: int = 1,
    on: str | None = "Guard",
    event: int = 10,
    successes: int = 2,
) -> CampaignState:
    """A Stunt bought on logged roll ``event`` of Ana's, whose stunt successes were those."""
    stunt = StuntBought(EventRef(seq=event), "Ana", effect, level, successes, on, "the high ground")
    return apply(state, Event(Kind.STUNT_BOUGHT, stunt.data()))


def test_a_stunt_costs_its_level_in_the_rolls_stunt_successes() -> None:
    # "Stunts: can be purchased with Threshold Successes after all Complications bought off"
    state, result, _ = rolled(saga(), "Might", [8, 9, 10, 8])  # 10-again: 4, 3 to spend
    assert record(result)["stunt_successes"] == 3
    state = bought(state, "difficulty", 2, successes=3)
    state = bought(state, "enhancement", 1, on=None, successes=3)
    with pytest.raises(SheetError, match=r"event 10 has 0 stunt successes left \(of 3\)"):
        bought(state, "complication", 1, successes=3)
    assert [c["holder"] for c in state.now.carries.to_dict()] == ["Guard", "Ana"]
    with pytest.raises(SheetError, match="goes to an adversary's roll: name them"):
        bought(saga(), "difficulty", on=None)
    with pytest.raises(SheetError, match="not Ana's own"):
        bought(saga(), "complication", on="ana")
    with pytest.raises(SheetError, match="for the buyer's own related action"):
        bought(saga(), "enhancement", on="Guard")
    with pytest.raises(SheetError, match=r"level 1\.\.5"):
        bought(saga(), "difficulty", 6, successes=9)
    with pytest.raises(CampaignError, match="no character `Nobody`"):
        bought(saga(), "difficulty", on="Nobody")


def test_a_difficulty_stunt_goes_to_the_adversarys_next_roll() -> None:
    # "Difficulty Stunt: increases Difficulty for adversaries in a related response action"
    state = bought(saga(), "difficulty", 1)
    assert condition(state.character("Guard"), state.now)["waiting"][0]["effect"] == "difficulty"
    state, result, done = rolled(state, "Might", [8, 2], who="Guard", event=11)
    assert result.outcome.value == "failure"  # one success against Difficulty 2
    assert done["carried"] == {"used": [["stunt", "difficulty", 1, "Guard", {"seq": 10}]]}
    assert state.now.carries.pending == ()
    _, again, _ = rolled(state, "Might", [8, 2], who="Guard", event=12)
    assert again.outcome.value == "success"  # used up: Difficulty 1 again
    assert concerns(
        Event(
            Kind.STUNT_BOUGHT,
            StuntBought(EventRef(seq=10), "Ana", "difficulty", 1, 2, "Guard").data(),
        )
    ) == [
        "Ana",
        "Guard",
    ]


def test_a_complication_stunt_adds_a_complication_to_the_adversarys_next_roll() -> None:
    # "Complication Stunt: create a complication for adversaries"
    state = bought(saga(), "complication", 2)
    state, result, _ = rolled(state, "Might", [8, 9], who="Guard", event=11)
    assert record(result)["complications_left"] == 1  # one threshold success: 2 stands
    state = bought(saga(), "complication", 1)
    _, result, _ = rolled(state, "Might", [8, 9], who="Guard", event=11)
    assert record(result)["complications_bought"] == 1


def test_an_enhancement_stunt_waits_for_the_buyers_roll_that_names_it() -> None:
    # "Enhancement Stunt: Provide an Enhancement you can use for another related action"
    state = bought(saga(), "enhancement", 2, on=None)
    state, result, done = rolled(state, "Might", [8, 2, 3], event=11)  # not named: not used
    assert record(result)["enhancement"] == 0 and "carried" not in done
    shown = condition(state.character("Ana"), state.now)["waiting"]
    assert shown[0]["named"] is True and shown[0]["roll"] == 10
    state, result, done = rolled(state, "Might", [8, 2, 3], spends=Spends(stunt=10), event=12)
    assert record(result)["enhancement"] == 2 and record(result)["successes"] == 3
    assert done["carried"]["used"] == [["stunt", "enhancement", 2, "Ana", {"seq": 10}]]
    with pytest.raises(SheetError, match="no Enhancement Stunt from event 10; theirs: none"):
        rolled(state, "Might", [8, 2, 3], spends=Spends(stunt=10), event=13)
    with pytest.raises(SheetError, match="--stunt is for a storypath roll of one side"):
        contest = "Might vs Bo: Might"
        rolled(
            bought(saga(), "enhancement", on=None),
            contest,
            [8, 2, 3, 8, 2],
            spends=Spends(stunt=10),
        )


def test_an_enhancement_stunt_counts_toward_the_drawback_an_enhancement_above_3_needs() -> None:
    state = bought(saga(), "enhancement", 2, on=None)
    with pytest.raises(SheetError, match="Enhancement 4 is above 3: name its Drawback"):
        rolled(state, "Might enh 2", [8, 2, 3], spends=Spends(stunt=10), event=11)


def test_drawbacks_that_affect_later_actions_wait_for_them() -> None:
    # the Drawbacks table: "Increase the Difficulty of another action", "Antagonists get a
    # free Enhancement bonus against you"
    drunk = Spends(drawback="drunk")
    state, _, done = rolled(saga(), "Might enh 4", [8, 2, 3], spends=drunk, event=10)
    assert done["drawback"]["text"] == "drunk"
    harder = DrawbackCarried(EventRef(seq=10), "Ana", "difficulty", 1, None, "drunk")
    state = apply(state, Event(Kind.DRAWBACK_CARRIED, harder.data()))
    with pytest.raises(SheetError, match="carried already: one a roll"):
        apply(state, Event(Kind.DRAWBACK_CARRIED, harder.data()))
    _, result, _ = rolled(state, "Might", [8, 2, 3], event=11)  # Ana's own next action
    assert result.outcome.value == "failure"
    freely = DrawbackCarried(EventRef(seq=10), "Ana", "enhancement", 2, "Guard", "drunk")
    state, _, _ = rolled(saga(), "Might enh 4", [8, 2, 3], spends=drunk, event=10)
    state = apply(state, Event(Kind.DRAWBACK_CARRIED, freely.data()))
    _, result, _ = rolled(state, "Might", [8, 2], who="Guard", event=11)
    assert record(result)["enhancement"] == 2 and record(result)["successes"] == 3
    own = DrawbackCarried(EventRef(seq=10), "Ana", "complication", 1).data()
    with pytest.raises(SheetError, match="the roll's own"):
        apply(saga(), Event(Kind.DRAWBACK_CARRIED, own))


def test_a_hidden_roll_takes_nothing_that_waits() -> None:
    state = bought(saga(), "difficulty", 1)
    state, result, _ = rolled(state, "Might", [8, 2], who="Guard", event=11, hidden=True)
    assert result.outcome.value == "success" and len(state.now.carries.pending) == 1


def test_a_stunt_on_a_side_of_a_contest() -> None:
    # the adversary's "related response action" may be their side of a contest
    state = bought(saga(), "difficulty", 1)
    state, result, done = rolled(state, "Guard: Might vs Ana: Might", [8, 2, 2, 2, 2], who=None)
    assert state.now.carries.pending == ()
    assert done["carried"]["used"] == [["stunt", "difficulty", 1, "Guard", {"seq": 10}]]
    assert result.winner == "defender"  # Guard's 1 success misses its Difficulty 2


def test_a_mixed_action_takes_it_on_every_challenge() -> None:
    state = bought(saga(), "difficulty", 1)
    _, result, _ = rolled(state, "Might diff 1 ; diff 2", [8, 9], who="Guard", event=11)
    assert record(result)["notation"] == "storypath 2 diff 2; diff 3"


def test_the_carries_are_kept_and_read_back() -> None:
    state = bought(bought(saga(), "difficulty", 1), "enhancement", 1, on=None)
    assert stored_story("storypath", state.now.stored()) == state.now
    with pytest.raises(SheetError, match="storypath's"):
        apply(
            table("hubris", Ana=""),
            Event(
                Kind.STUNT_BOUGHT,
                StuntBought(EventRef(seq=1), "Ana", "difficulty", 1, 1, "Ana").data(),
            ),
        )
    assert buy_stunt(Carries(), 3, "Ana", 1, Effect.DIFFICULTY, 1, "Bo").spent_on(3) == 1
