"""Storypath teamwork, Scale and mixed actions: exact odds against the enumerated core, each
challenge's outcome included, and against ``simulate``.

The enumeration is the one of ``test_odds_brute``: every sequence of faces, fed to the real
core as forced faces (the main roll's, then each assistant's, ruling 12), weighted by its
probability; chains are followed until a branch's weight is below ``floor``.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from dicepool.core.pool import Pool
from dicepool.core.roll import resolve
from dicepool.core.storypath import Challenge, StorypathRequest
from dicepool.errors import NotEnoughDice
from dicepool.odds import Distribution, distribution, simulate

from .test_odds_brute import _Prefix, assert_close, breakpoints, check, face_classes

P = Pool.of


def enumerate_challenges(
    request: StorypathRequest, floor: float
) -> tuple[list[dict[str, float]], float]:
    """Each challenge's outcome probabilities by enumeration, and the weight left unfinished."""
    found: list[dict[str, float]] = [defaultdict(float) for _ in request.challenges]
    lost = 0.0
    stack: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while stack:
        faces, weight = stack.pop()
        source = _Prefix(faces)
        try:
            result = resolve(request, source)
        except NotEnoughDice:
            if weight < floor:
                lost += weight
            else:
                for face, p in face_classes(source.sides, breakpoints(request), False):
                    stack.append(((*faces, face), weight * p))
            continue
        for i, judged in enumerate(result.challenges):
            found[i][judged.outcome.value] += weight
    return found, lost


MIXED = [
    StorypathRequest(P(2), difficulty=2, enhancement=1, mixed=(Challenge(1, 0, (1,)),)),
    StorypathRequest(P(2), target=6, mixed=(Challenge(3), Challenge(2, 2))),
    StorypathRequest(P(1), assists=(1,), scale=1, difficulty=2, mixed=(Challenge(4, 1),)),
    StorypathRequest(P(2), double_tens=True, target=9, mixed=(Challenge(3, 1),)),
]


@pytest.mark.parametrize("request_", MIXED, ids=repr)
def test_each_challenges_odds_equal_the_enumerated_core(request_: StorypathRequest) -> None:
    assert check(request_, floor=1e-13) < 1e-10  # the roll as a whole, and its total
    found, lost = enumerate_challenges(request_, floor=1e-13)
    exact = distribution(request_).challenges
    assert len(exact) == len(request_.challenges)
    for mine, theirs in zip(exact, found, strict=True):
        assert_close(mine, theirs, lost)


def test_a_mixed_action_succeeds_as_its_hardest_challenge_does() -> None:
    request = StorypathRequest(P(5), difficulty=2, enhancement=1, mixed=(Challenge(3),))
    odds = distribution(request)
    hardest = distribution(StorypathRequest(P(5), difficulty=3))
    assert odds.outcomes == pytest.approx(hardest.outcomes, abs=1e-15)
    assert odds.challenges[1] == pytest.approx(hardest.outcomes, abs=1e-15)
    assert odds.to_dict()["challenges"][0]["outcomes"] == odds.challenges[0]  # type: ignore[index]


def test_teamwork_is_one_pool_of_every_assistants_dice() -> None:
    """With a main roll that always succeeds, the total is the main roll's plus one pool."""
    helped = distribution(StorypathRequest(P(3), target=2, assists=(2, 3)))
    alone = distribution(StorypathRequest(P(3), target=2))
    helpers = distribution(StorypathRequest(P(5), target=2))
    made = alone.pmf.copy()
    made[0] = 0.0
    expected = np.convolve(made, helpers.pmf)
    expected[0] = alone.pmf[0]
    size = min(expected.size, helped.pmf.size)
    assert np.abs(helped.pmf[:size] - expected[:size]).max() < 1e-15
    assert helped.outcomes["botch"] == alone.outcomes["botch"]  # only the main roll botches


@pytest.mark.parametrize(
    "request_",
    [
        StorypathRequest(P(3), difficulty=4, assists=(2, 3), scale=1, target=7),
        StorypathRequest(P(4), difficulty=2, enhancement=1, mixed=(Challenge(3, 0, (1,)),)),
        StorypathRequest(P(2), assists=(4,), double_tens=True, mixed=(Challenge(3), Challenge(5))),
    ],
    ids=repr,
)
def test_simulate_agrees_with_every_challenges_exact_odds(request_: StorypathRequest) -> None:
    trials = 100_000
    exact, estimate = distribution(request_), simulate(request_, trials, seed=23)
    assert isinstance(estimate, Distribution)
    pairs = [(exact.outcomes, estimate.outcomes)]
    pairs += list(zip(exact.challenges, estimate.challenges, strict=True))
    assert len(estimate.challenges) == len(exact.challenges)
    for want, got in pairs:
        assert list(want) == list(got)
        for name, p in want.items():
            sigma = (p * (1 - p) / trials) ** 0.5
            assert abs(got[name] - p) <= 5 * sigma + 1 / trials, (name, p, got[name])
    for k, p in enumerate(exact.pmf[:20]):
        got_k = float(estimate.pmf[k]) if k < estimate.pmf.size else 0.0
        sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
        assert abs(got_k - float(p)) <= 5 * sigma + 1 / trials, (k, p, got_k)
