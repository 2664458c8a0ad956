"""`dicepool odds LINE` and `dicepool compare LINE LINE`: exact odds in the terminal or as JSON.

The questions over several rolls hang off the same line: ``--goal`` (at least K; with
``--rolls``, an extended action; on a contest, first to N), ``--milestones``/``--intervals``
(storypath complex actions), ``--resistance`` (a hubris prolonged conflict). ``--simulate``
adds a seeded Monte Carlo estimate beside the exact figures, as a cross-check.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

import click
from rich.console import Console, RenderableType
from rich.text import Text

from dicepool.campaign.odds_answers import exact_or_refused, json_payload
from dicepool.cli.axes import ResistancePair
from dicepool.cli.line import alias_note, comment_caption, line_of
from dicepool.cli.render_odds import contest_view, goal_line, roll_view, specialty_table
from dicepool.cli.render_several import (
    complex_view,
    extended_view,
    first_to_view,
    prolonged_view,
)
from dicepool.core.classic import ClassicRequest
from dicepool.core.request import ContestRequest, Request
from dicepool.errors import OddsError
from dicepool.notation import parse, render
from dicepool.odds import (
    Budget,
    ContestOdds,
    Distribution,
    simulate,
    specialty_advice,
)
from dicepool.odds.prolonged import prolonged_conflict
from dicepool.odds.several import (
    MAX_GOAL,
    MAX_ROLLS,
    complex_action,
    extended_action,
    first_to,
    opposed_complex_action,
    success_chance,
)

MAX_TRIALS = 10_000_000


@dataclass(frozen=True)
class Questions:
    """What was asked beyond the single roll's own odds (None: not asked)."""

    goal: int | None = None
    rolls: int | None = None
    milestones: int | None = None
    intervals: int | None = None
    resistance: tuple[int, int] | None = None
    trials: int | None = None
    seed: int | None = None

    def check(self, is_contest: bool) -> None:
        """Refuse option combinations that ask nothing (one line, exit 2)."""
        if self.rolls is not None and self.goal is None:
            raise click.UsageError("--rolls needs --goal: the successes to gather in those rolls")
        if self.intervals is not None and self.milestones is None:
            raise click.UsageError("--intervals needs --milestones: how many to gather")
        if self.milestones is not None and self.intervals is None and not is_contest:
            raise click.UsageError("--milestones needs --intervals: how many Intervals you have")
        if self.resistance is not None and not is_contest:
            raise click.UsageError(
                "--resistance is for a contest line, e.g. `hubris 5 vs hubris 4`"
            )
        if self.seed is not None and self.trials is None:
            raise click.UsageError("--seed needs --simulate N")


def several_for_roll(
    dist: Distribution, request: Request, q: Questions, budget: Budget
) -> dict[str, Any]:
    """The answers over several rolls (and the goal) for a single roll, by JSON key."""
    found: dict[str, Any] = {}
    if q.goal is not None:
        found["goal"] = {"goal": q.goal, "at_least": dist.at_least(q.goal)}
        if isinstance(request, ClassicRequest) and request.specialty is not None:
            found["specialty"] = specialty_advice(request, q.goal, budget)
        if q.rolls:
            found["extended"] = extended_action(dist.pmf, q.goal, q.rolls, budget)
    if q.milestones is not None and q.intervals is not None:
        require_storypath(dist.system)
        found["complex_action"] = complex_action(
            success_chance(dist.outcomes), q.milestones, q.intervals
        )
    return {k: v for k, v in found.items() if v is not None}


def several_for_contest(odds: ContestOdds, q: Questions, budget: Budget) -> dict[str, Any]:
    """The answers over several rolls for a contest line, by JSON key."""
    found: dict[str, Any] = {}
    if q.goal is not None:
        found["first_to"] = first_to(
            odds.system,
            odds.attacker.pmf,
            odds.defender.pmf,
            q.goal,
            q.rolls,
            budget,
            ties=odds.ties,
        )
    if q.milestones is not None:
        require_storypath(odds.system)
        found["opposed_complex_action"] = opposed_complex_action(
            success_chance(odds.attacker.outcomes),
            success_chance(odds.defender.outcomes),
            q.milestones,
            q.intervals,
        )
    if q.resistance is not None:
        w = odds.winner
        found["prolonged_conflict"] = prolonged_conflict(
            w["attacker"], w["defender"], w.get("tie", 0.0), *q.resistance
        )
    return found


def require_storypath(system: str) -> None:
    """Milestones and Intervals are storypath's complex actions only."""
    if system != "storypath":
        raise OddsError(
            f"Milestones and Intervals are storypath's complex actions, not {system}'s; "
            "use a storypath line, or --goal with --rolls for an extended action"
        )


def views(answers: dict[str, Any], word: str) -> list[RenderableType]:
    """The terminal sections for the answers over several rolls."""
    shown: list[RenderableType] = []
    for key, value in answers.items():
        if key == "specialty":
            shown.append(specialty_table(value))
        elif key == "extended":
            shown.append(extended_view(value, word))
        elif key == "complex_action":
            shown.append(complex_view(value))
        elif key == "first_to":
            shown.append(first_to_view(value, word))
        elif key == "opposed_complex_action":
            shown.append(first_to_view(value, "Milestones", "Intervals"))
        elif key == "prolonged_conflict":
            shown.append(prolonged_view(value))
    return shown


@click.command()
@click.argument("line", nargs=-1, required=True)
@click.option("--goal", type=click.IntRange(1, MAX_GOAL), help="Successes wanted: P(at least K).")
@click.option(
    "--rolls",
    type=click.IntRange(1, MAX_ROLLS),
    help="With --goal: rolls allowed (an extended action), or a contest's round limit.",
)
@click.option(
    "--milestones",
    type=click.IntRange(1, MAX_ROLLS),
    help="Storypath: Milestones to gather.",
)
@click.option(
    "--intervals", type=click.IntRange(1, MAX_ROLLS), help="Storypath: Intervals allowed."
)
@click.option(
    "--resistance",
    type=ResistancePair(),
    help="Contest: a prolonged conflict, the attacker's and defender's Resistance, e.g. 3,2.",
)
@click.option(
    "--simulate",
    "trials",
    type=click.IntRange(1, MAX_TRIALS),
    help="Also estimate the odds from N seeded random rolls.",
)
@click.option("--seed", type=click.IntRange(min=0), help="The seed for --simulate.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds(line: tuple[str, ...], as_json: bool, **asked: Any) -> None:
    """Exact odds of LINE (e.g. "chronicles 8" or "storypath 5 vs storypath 4 # the chase").

    \b
    Examples:
      dicepool odds chronicles 8 --goal 3 --rolls 4
      dicepool odds classic 7 spec --goal 3
      dicepool odds "storypath 6 diff 2" --milestones 3 --intervals 5
      dicepool odds hubris 5 vs hubris 4 --resistance 3,2
    """
    text = line_of(line)
    request = parse(text)
    is_contest = isinstance(request, ContestRequest)
    q = Questions(**asked)
    q.check(is_contest)
    seed = q.seed if q.seed is not None else secrets.randbelow(2**32)
    budget = Budget()  # one for the whole question: the odds, the goal, the simulation
    result, refused = exact_or_refused(request, budget, as_json, q.trials is not None)
    simulated = simulate(request, q.trials, seed, budget) if q.trials is not None else None
    shown = result if result is not None else simulated
    assert shown is not None, "the exact odds are refused only when a simulation is asked for"
    if isinstance(shown, ContestOdds):
        answers = several_for_contest(shown, q, budget)
    else:
        answers = several_for_roll(shown, request, q, budget)
    if as_json:
        payload = json_payload(text, request, result, answers)
        if simulated is not None:
            payload["simulated"] = {"trials": q.trials, "seed": seed, **simulated.to_dict()}
        if refused is not None:
            payload["exact_refused"] = refused
        click.echo(json.dumps(payload))
        return
    show(text, request, shown, answers, simulated if result is not None else None, (q.trials, seed))
    if refused is not None:
        Console(highlight=False, stderr=True).print(
            f"simulated only: {refused.split(';')[0]}", style="yellow"
        )


def show(
    text: str,
    request: Request,
    result: Distribution | ContestOdds,
    answers: dict[str, Any],
    simulated: Distribution | ContestOdds | None,
    simulation: tuple[int | None, int],
) -> None:
    """Print the odds in the terminal."""
    console = Console(highlight=False)
    note, comment = alias_note(text), comment_caption(text)
    if note is not None:
        console.print(Text(note, style="dim"))  # Text: user text is never read as markup
    if comment is not None:
        console.print(Text(comment, style="cyan"))
    console.print(render(request), style="bold")
    word = "hits" if result.system == "sundown" else "successes"
    if isinstance(result, ContestOdds):
        console.print(
            contest_view(result, simulated if isinstance(simulated, ContestOdds) else None)
        )
    else:
        console.print(roll_view(result, simulated if isinstance(simulated, Distribution) else None))
        if "goal" in answers:
            console.print(goal_line(result, answers["goal"]["goal"]))
    for view in views(answers, word):
        console.print()
        console.print(view)
    trials, seed = simulation
    if trials is not None:
        console.print(f"simulated: {trials} rolls, seed {seed}", style="dim")
