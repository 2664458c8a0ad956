"""The limits and checks that keep the core from running away or resolving nonsense."""

from __future__ import annotations

import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.dice import ForcedDice
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import MAX_POOL, Pool
from dicepool.core.request import ContestRequest
from dicepool.core.roll import resolve, resolve_any
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest
from dicepool.errors import DiceError, LimitError, RulesError


class AlwaysHighest:
    """A die that always shows its highest face: every again face adds another die."""

    def roll(self, sides: int, count: int) -> list[int]:
        return [sides] * count


@pytest.mark.parametrize(
    "request_",
    [
        ChroniclesRequest(Pool.of(5)),
        ClassicRequest(Pool.of(5), specialty=Specialty()),
    ],
)
def test_an_endless_explosion_chain_stops_with_a_clear_error(request_: object) -> None:
    with pytest.raises(LimitError, match="past 200000 dice"):
        resolve(request_, AlwaysHighest())  # type: ignore[arg-type]


def test_a_pool_over_the_limit_is_refused() -> None:
    with pytest.raises(LimitError, match="roll fewer dice"):
        resolve(ChroniclesRequest(Pool.of(MAX_POOL, 1)), ForcedDice([]))


def test_left_over_faces_are_named() -> None:
    source = ForcedDice([8, 9, 3, 4])
    resolve(ChroniclesRequest(Pool.of(2)), source)
    with pytest.raises(DiceError, match=r"remove the last 2 \(3,4\)"):
        source.check_all_used()


def test_many_left_over_faces_give_a_short_message_with_their_count() -> None:
    source = ForcedDice([3, 4] + [7] * 50_000)
    source.roll(10, 2)
    with pytest.raises(DiceError) as caught:
        source.check_all_used()
    message = str(caught.value)
    assert message.endswith("remove the last 50000 (7,7,7,7,7,...)")
    assert message.startswith("50002 faces given, but the roll used 2;")
    assert len(message) < 100


@pytest.mark.parametrize(
    ("left", "shown"), [(5, "(1,2,3,4,5)"), (6, "(1,2,3,4,5,...)")], ids=["five", "six"]
)
def test_up_to_five_left_over_faces_are_all_named(left: int, shown: str) -> None:
    source = ForcedDice(list(range(1, left + 1)))
    with pytest.raises(DiceError) as caught:
        source.check_all_used()
    assert str(caught.value).endswith(f"remove the last {left} {shown}")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: ClassicRequest(Pool.of(3), threshold=-1), "threshold is 0..10000, not -1"),
        (lambda: Specialty(Policy.UNTIL, 0), "needs N of 1 or more"),
        (lambda: Specialty(Policy.ALWAYS, 2), "only with until"),
        (lambda: SundownRequest(Pool.of(3), threshold=-1), "threshold is 0..10000, not -1"),
        (lambda: HubrisRequest(Pool.of(3), target=1), "target must be 2..10"),
        (lambda: HubrisRequest(Pool.of(3), target=8, again=7), "again must be 8..10"),
        (lambda: HubrisRequest(Pool.of(3), auto=-1), "auto cannot be negative"),
        (lambda: HubrisRequest(Pool.of(3), keep=Keep.FIRST), "add `rote` or `wp`"),
        (lambda: StorypathRequest(Pool.of(3), target=11), "target number must be 2..10"),
        (lambda: StorypathRequest(Pool.of(3), enhancement=-1), "enhancements are 0 or more"),
        (
            lambda: ContestRequest(ChroniclesRequest(Pool.of(3)), HubrisRequest(Pool.of(3))),
            "one system on both sides",
        ),
    ],
)
def test_nonsense_requests_are_refused_with_the_reason(build: object, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace(".", r"\.")):
        build()  # type: ignore[operator]


def test_resolve_any_takes_a_single_roll_or_a_contest() -> None:
    single = resolve_any(ChroniclesRequest(Pool.of(1)), ForcedDice([8]))
    assert single.to_dict()["successes"] == 1
    both = resolve_any(
        ContestRequest(ChroniclesRequest(Pool.of(1)), ChroniclesRequest(Pool.of(1))),
        ForcedDice([8, 3]),
    )
    view = both.to_dict()
    assert (view["system"], view["winner"], view["margin"]) == ("chronicles", "attacker", 1)
