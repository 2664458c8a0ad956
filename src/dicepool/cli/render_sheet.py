"""A character sheet for the terminal: the system's attributes, its own traits, then the rest.

Ratings are dots (``●●●○○ 3``) with the number beside them, so a sheet reads at a glance and
the number survives without colour or without the dots' font; specialties follow in
parentheses. Columns are as many as fit in 80 characters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from dicepool.cli.render_sundown import edge_effect_lines, special_lines
from dicepool.cli.safe import visible
from dicepool.sheet.character import Character
from dicepool.sheet.roll_willpower import WillpowerOnRoll, willpower_track
from dicepool.sheet.state import CampaignState
from dicepool.sheet.traits import sheet_rules
from dicepool.sheet.view import condition

WIDTH = 80
FULL, EMPTY = "●", "○"


def dots(rating: int, scale: int) -> str:
    """``●●●○○``: a rating on a scale of dots (a rating past the scale ends in ``+``)."""
    shown = min(max(rating, 0), scale)
    filled = click.style(FULL * shown, fg="cyan")
    empty = click.style(EMPTY * (scale - shown), dim=True)
    return filled + empty + ("+" if rating > scale else "")


def _cell(name: str, rating: int, specs: Sequence[str], name_width: int, scale: int) -> str:
    spec = f" ({', '.join(visible(s) for s in specs)})" if specs else ""
    return f"{visible(name):<{name_width}} {dots(rating, scale)} {rating:>2}{spec}"


def _visible_len(text: str) -> int:
    return len(click.unstyle(text))


def grid(cells: list[str]) -> list[str]:
    """Cells in as many columns as fit, filled down each column."""
    if not cells:
        return []
    width = max(_visible_len(c) for c in cells) + 3
    columns = max(1, min(3, (WIDTH - 2) // width))
    rows = -(-len(cells) // columns)
    lines = []
    for r in range(rows):
        row = [cells[c * rows + r] for c in range(columns) if c * rows + r < len(cells)]
        padded = [c + " " * (width - _visible_len(c)) for c in row[:-1]] + row[-1:]
        lines.append("  " + "".join(padded))
    return lines


def sheet_text(sheet: Character) -> str:
    """The sheet for the terminal: a heading, then each group of traits."""
    rules = sheet_rules(sheet.system)
    traits = dict(sheet.traits)
    scale = 5 if max(traits.values(), default=0) <= 5 else 10
    groups = [
        ("Attributes", [t for t in rules.attributes if t in traits]),
        ("Traits", [t for t in rules.specials if t in traits]),
        (
            "Skills and other traits",
            [t for t in traits if t not in rules.attributes and t not in rules.specials],
        ),
    ]
    heading = click.style(visible(sheet.name), bold=True)
    player = f"player {visible(sheet.player)}" if sheet.player else "the storyteller's"
    lines = [f"{heading}  ({player}, {sheet.system})"]
    for title, names in groups:
        if not names:
            continue
        width = max(len(n) for n in names)
        cells = [_cell(n, traits[n], sheet.specialties.get(n, ()), width, scale) for n in names]
        lines.append(click.style(title, bold=True, underline=True))
        lines += grid(cells)
    if not traits:
        lines.append(click.style('  no traits yet: dicepool char set NAME "Trait=N"', dim=True))
    return "\n".join(lines)


def sheet_row(sheet: Character) -> str:
    """One line for `char list`: the name, the player, the traits rated above the start."""
    rules = sheet_rules(sheet.system)
    start = rules.start()
    raised = [f"{visible(t)} {r}" for t, r in sheet.traits.items() if start.get(t, 0) != r]
    player = f" ({visible(sheet.player)})" if sheet.player else ""
    summary = ", ".join(raised[:8]) + (", ..." if len(raised) > 8 else "")
    return f"{click.style(visible(sheet.name), bold=True)}{player}  {summary}".rstrip()


WOUND_GLYPHS = {"aggravated": ("✱", "red"), "lethal": ("X", "yellow"), "bashing": ("/", "cyan")}
"""A glyph and a colour per kind of wound: the sheets' own marks, *, X and /."""

STATE_WORDS = {
    "ok": ("ok", "green"),
    "unconscious_risk": ("rolls Stamina each turn", "yellow"),
    "unconscious": ("unconscious", "red"),
    "incapacitated": ("incapacitated", "red"),
    "dead": ("dead", "red"),
}


def health_boxes(health: dict[str, object]) -> str:
    """``[X][X][/][ ][ ]``: a Health track, a glyph per wound, resistant ones underlined (a
    named damage track, which says nothing of resistance, is drawn the same way)."""
    boxes = health["boxes"]
    assert isinstance(boxes, list)
    resistant = health.get("resistant", [False] * len(boxes))
    assert isinstance(resistant, list)
    drawn = []
    for kind, tough in zip(boxes, resistant, strict=True):
        if kind is None:
            drawn.append(click.style("[ ]", dim=True))
            continue
        glyph, colour = WOUND_GLYPHS[kind]
        drawn.append("[" + click.style(glyph, fg=colour, bold=True, underline=tough) + "]")
    return "".join(drawn)


def health_line(health: dict[str, object]) -> str:
    """The track and how the character fares, on one line."""
    word, colour = STATE_WORDS[str(health["state"])]
    bleeding = click.style(", bleeding", fg="red") if health["bleeding"] else ""
    return f"{health_boxes(health)}  {click.style(word, fg=colour)}{bleeding}"


def _row(name: str, text: str) -> str:
    return f"  {name:<10} {text}"


def _part(held: dict[str, object], key: str) -> dict[str, Any]:
    shown = held[key]
    assert isinstance(shown, dict)
    return shown


def condition_text(held: dict[str, object]) -> str:
    """The state rules' pieces under the sheet: health, and so on."""
    lines = []
    if "health" in held:
        lines.append(_row("Health", health_line(_part(held, "health"))))
    if "willpower" in held:
        shown = _part(held, "willpower")
        lines.append(_row("Willpower", willpower_dots(int(shown["points"]), int(shown["dots"]))))
    if "morality" in held:
        lines.append(_row("Morality", morality_words(held)))
        intimacies = held["intimacies"]
        assert isinstance(intimacies, list)
        if intimacies:
            lines.append(_row("Intimacies", "; ".join(visible(i) for i in intimacies)))
    if "conflict" in held:  # ruling 22: the contests lost in the conflict under way
        lines.append(_row("Conflict", conflict_words(_part(held, "conflict"))))
    lines += special_lines(held)
    if "boosts" in held:  # sundown powers above the maxima, while they hold
        boosts = held["boosts"]
        assert isinstance(boosts, list)
        lines += [_row("Boost", boost_words(b)) for b in boosts]
    lines += track_lines(held.get("tracks", []))
    if "legend" in held:
        from dicepool.cli.render_storypath import legend_text

        lines.append(_row("Legend", legend_text(_part(held, "legend"))))
    if "waiting" in held:  # storypath's Stunts and Drawbacks carried forward (ruling 20)
        from dicepool.cli.render_storypath import waiting_words

        waiting = held["waiting"]
        assert isinstance(waiting, list)
        lines += [_row("Waiting", waiting_words(item)) for item in waiting]
    if "momentum" in held:
        from dicepool.cli.render_storypath import points_glyphs

        pool = _part(held, "momentum")
        most = pool["capacity"]
        drawn = points_glyphs(pool["points"], most, "◆", "◇", "yellow") if most else "0"
        lines.append(_row("Momentum", f"{drawn}  " + click.style("(the table's pool)", dim=True)))
    if not lines:
        return ""
    return "\n".join([click.style("Condition", bold=True, underline=True), *lines])


def boost_words(boost: dict[str, Any]) -> str:
    """``Strength 5 (+2 Vigor, this scene)``: a boost and the rating it makes."""
    until = ", this scene" if boost["scene"] else ""
    return (
        f"{visible(str(boost['trait']))} {boost['rating']} "
        f"(+{boost['dots']} {visible(str(boost['source']))}{until})"
    )


def conflict_words(conflict: dict[str, Any]) -> str:
    """``physical 1 of 2 lost  social 2 of 2 lost: must accept defeat``."""
    words = []
    for arena, count in conflict.items():
        said = f"{arena} {count['lost']} of {count['resistance']} lost"
        if count["defeat"]:
            said += click.style(": must accept defeat", fg="red", bold=True)
        words.append(said)
    return "  ".join(words)


def track_lines(tracks: object) -> list[str]:
    """A line per named track: dots for points (``●●●○○ 3/5``), boxes for damage, as the
    Health track draws them (:func:`health_boxes`)."""
    assert isinstance(tracks, list)
    lines = []
    for track in tracks:
        assert isinstance(track, dict)
        most = int(track["max"])
        if track["kind"] == "points":
            drawn = f"{dots(int(track['points']), most)} {track['points']}/{most}"
        else:
            drawn = health_boxes(track)
        width = max(10, len(str(track["name"])))
        lines.append(f"  {visible(str(track['name'])):<{width}} {drawn}")
    return lines


def morality_words(held: dict[str, object]) -> str:
    """``4  in crisis over `the guard` (crime 3, 1 success)  soulless``."""
    words = [f"{dots(int(str(held['morality'])), 5)} {held['morality']}"]
    crisis = held["crisis"]
    if isinstance(crisis, dict):
        over = visible(str(crisis["what"]))
        count = f"{crisis['successes']} success{'es' if crisis['successes'] != 1 else ''}"
        words.append(
            click.style(f"in crisis over `{over}` (crime {crisis['crime']}, {count})", fg="yellow")
        )
    if not held["soul"]:
        words.append(click.style("soulless", fg="red", bold=True))
    return "  ".join(words)


def conscience_line(name: str, held: dict[str, object]) -> str:
    """A hubris character's Willpower and Morality on one line, after a rule changed them."""
    shown = held["willpower"]
    assert isinstance(shown, dict)
    points, dots_ = int(shown["points"]), int(shown["dots"])
    return (
        f"{click.style(visible(name), bold=True)}  Willpower {willpower_dots(points, dots_)}"
        f"  Morality {morality_words(held)}"
    )


def willpower_dots(points: int, dots: int) -> str:
    """``◆◆◇ 2/3``: Willpower points among the dots."""
    filled = click.style("◆" * points, fg="magenta", bold=True)
    return filled + click.style("◇" * max(dots - points, 0), dim=True) + f" {points}/{dots}"


def effect_lines(effects: dict[str, object], state: CampaignState) -> list[str]:
    """What a roll's spends did, a line each: the resource and what is left of it."""
    lines = []
    if "willpower" in effects:
        spent = effects["willpower"]
        assert isinstance(spent, dict)
        for name in WillpowerOnRoll.of(spent).names:
            sheet = state.character(name)
            points, dots_ = _willpower_left(sheet, state)
            lines.append(
                f"  {visible(sheet.name)} spends a Willpower point: {willpower_dots(points, dots_)}"
            )
    if "conflict" in effects:  # ruling 22: the loser's count, with what it comes to
        lost = effects["conflict"]
        assert isinstance(lost, dict)
        loser = state.character(str(lost["character"]))
        held = condition(loser, state.now).get("conflict", {})
        assert isinstance(held, dict)
        lines.append(f"  {visible(loser.name)} loses: {conflict_words(held)}")
    return lines + edge_effect_lines(effects, state)


def _willpower_left(sheet: Character, state: CampaignState) -> tuple[int, int]:
    """A character's Willpower points and their most: hubris's (ruling 14), else its
    Willpower track's (ruling 23)."""
    if sheet.system == "hubris":
        shown = condition(sheet, state.now)["willpower"]
        assert isinstance(shown, dict)
        return int(shown["points"]), int(shown["dots"])
    track = willpower_track(sheet, state.now.default_tracks)
    assert track is not None, "a point was spent from it"
    return track.points, track.max


def clock_words(clock: dict[str, object]) -> str:
    """``scene 2, round 1, turn 3; story time 2d 4h 0m``: a clock, largest boundary first."""
    minutes = int(str(clock["minutes"]))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    units = [f"{u} {n}" for u, n in clock.items() if u != "minutes"]
    return ", ".join(reversed(units)) + f"; story time {days}d {hours}h {mins}m"
