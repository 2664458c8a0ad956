"""dicepool: dice pools for storyteller-style games, resolved exactly as the rules say.

The library's public face. The rules core (``dicepool.core``) resolves a request by reading faces
from a dice source; the roll language (``dicepool.notation``) turns one line of text into a
request; the odds engine (``dicepool.odds``, needs numpy) computes exact distributions.

>>> from dicepool.notation import parse
>>> faces = ForcedDice([8, 2, 2, 2, 2, 9, 2, 2, 2])  # the attacker's five, then the defender's
>>> result = resolve(parse("hubris 5 vs hubris 4 ties attacker"), faces)
>>> (result.winner.value, result.margin)
('attacker', 0)
"""

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.dice import DiceSource, Die, ForcedDice, Origin, SeededDice, SystemDice
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.core.result import ChallengeResult, ContestResult, Outcome, RollResult, Winner
from dicepool.core.roll import resolve, resolve_any, resolve_contest
from dicepool.core.storypath import Challenge, StorypathRequest
from dicepool.core.stream import StreamDice, commitment
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.errors import (
    DiceError,
    DicepoolError,
    LimitError,
    NotationError,
    NotEnoughDice,
    OddsError,
    RulesError,
)

__version__ = "0.2.0"
"""The package version (pyproject.toml reads it from here; no metadata lookup at import)."""

__all__ = [
    "Challenge",
    "ChallengeResult",
    "ChroniclesRequest",
    "ClassicRequest",
    "ContestRequest",
    "ContestResult",
    "CustomRequest",
    "DiceError",
    "DiceSource",
    "DicepoolError",
    "Die",
    "ForcedDice",
    "HubrisRequest",
    "Keep",
    "LimitError",
    "NotEnoughDice",
    "NotationError",
    "OddsError",
    "Origin",
    "Outcome",
    "Policy",
    "Pool",
    "Request",
    "RollRequest",
    "RollResult",
    "RulesError",
    "SecondChance",
    "SeededDice",
    "Specialty",
    "StorypathRequest",
    "StreamDice",
    "SundownRequest",
    "SystemDice",
    "Winner",
    "commitment",
    "resolve",
    "resolve_any",
    "resolve_contest",
]
