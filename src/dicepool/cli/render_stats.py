"""Show the table's dice statistics in the terminal with rich: a table per die size, with a bar
per face against a fair die's expectation, the p-value coloured, and the totals against the odds.

Only rendering lives here; what to count is :mod:`dicepool.campaign.dice_stats`'s. Every
function returns a rich renderable; nothing prints.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from dicepool.campaign.dice_stats import (
    LEFT_OUT_WORDS,
    SUSPECT,
    UNUSUAL,
    DiceStats,
    Tally,
    lines_sentence,
    p_words,
)
from dicepool.campaign.summaries import rolls_words
from dicepool.cli.render_odds import NARROW, bar, plain_table, titled
from dicepool.cli.safe import visible
from dicepool.odds.fit import FaceFit, face_groups


def p_style(p: float) -> str:
    """The colour of a p-value: red below :data:`SUSPECT`, yellow below :data:`UNUSUAL`."""
    return "red" if p < SUSPECT else "yellow" if p < UNUSUAL else ""


def p_text(fit: FaceFit) -> Text:
    """``chi-square 6.42, 9 dof, p-value 0.698``, the p-value coloured, and a word when few
    dice make it a rough guide."""
    said = Text(f"chi-square {fit.chi_square:.2f}, {fit.dof} dof, p-value ")
    said.append(f"{fit.p_value:.3f}", style=p_style(fit.p_value) or "bold")
    if words := p_words(fit.p_value):  # the colour is never the only sign
        said.append(f" ({words})", style=p_style(fit.p_value))
    if not fit.reliable:
        said.append(
            f" (rough: under 5 throws expected a face, {fit.expected:.1f} here)", style="dim"
        )
    return said


def die_table(fit: FaceFit) -> Group:
    """One die size: each face (or run of faces) as it fell against a fair die, and the fit."""
    table = plain_table()
    table.add_column("face", justify="right")
    table.add_column("observed", justify="right")
    table.add_column("expected", justify="right")
    table.add_column("")
    groups = face_groups(fit)
    peak = max(max(g.observed for g in groups), max(g.expected for g in groups))
    for group in groups:
        colour = "cyan" if group.observed >= group.expected else "blue"
        table.add_row(
            group.label,
            str(group.observed),
            f"{group.expected:.1f}",
            bar(group.observed, peak, colour, NARROW),
        )
    title = f"d{fit.sides}: {fit.faces} faces"
    return Group(titled(title, table), p_text(fit))


def tally_view(tally: Tally, counted: str, who: str) -> Group:
    """A seat's (or the table's) dice, size by size, and its totals against the odds."""
    heading = "The whole table" if tally.actor is None else f"{who}'s rolls"
    rolls = rolls_words(tally.rolls)
    parts: list[RenderableType] = [Text(f"{heading}: {rolls}", style="bold underline")]
    for fit in tally.dice:
        parts += [die_table(fit), Text("")]
    parts.append(Text(visible(lines_sentence(tally.lines, counted, who))))
    return Group(*parts)


def stats_view(stats: DiceStats) -> Group:
    """The whole table, then each seat (when more than one rolled)."""
    whose = f", {visible(stats.character)}'s rolls" if stats.character else ""
    head = Text(f"{visible(stats.campaign)} ({stats.system}){whose}", style="bold")
    parts: list[RenderableType] = [head]
    if len(stats.actors) == 1:
        parts.append(Text(f"every roll by {visible(stats.actors[0].actor or '')}", style="dim"))
    if stats.left_out:
        left = ", ".join(
            f"{n} {LEFT_OUT_WORDS.get(why, why)}" for why, n in sorted(stats.left_out.items())
        )
        parts.append(Text(f"rolls left out: {left}", style="dim"))
    parts += [Text(""), tally_view(stats.table, stats.counted, "The table")]
    if len(stats.actors) > 1:
        for tally in stats.actors:
            parts += [Text(""), tally_view(tally, stats.counted, visible(tally.actor or ""))]
    return Group(*parts)
