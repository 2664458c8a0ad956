"""A character sheet as Discord shows it: drawn as the terminal draws it, without colour.

Ratings are dots with the number beside them (``Stealth ●●○○○ 2``), in columns that fit a
phone's code block; then the sheet's condition: a damage track as boxes (``[X][/][ ][ ]``)
with what they hold in words, points as glyphs with their count (``Willpower ◆◆◇ 2/3``), a
sundown character's Edge, Power and passes, a storypath character's Legend. Every number
is written beside its glyphs, so the sheet still reads where a font lacks them, and no part of
the state is shown as raw data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dicepool.sheet.sundown.edge import MAX_PASSES
from dicepool.sheet.traits import sheet_rules

WIDTH = 56
"""The widest line of ratings: two columns on a phone's code block."""

FULL, EMPTY = "●", "○"
"""A rating's dots, as the terminal draws them."""

WOUNDS = {"aggravated": "✱", "lethal": "X", "bashing": "/"}
"""A box of a damage track as the terminal draws it (an empty one: ``[ ]``)."""

HEALTH_WORDS = {
    "ok": "ok",
    "unconscious_risk": "rolls Stamina each turn",
    "unconscious": "unconscious",
    "incapacitated": "incapacitated",
    "dead": "dead",
}
"""How a hubris character fares, in the terminal's words."""

Shown = Mapping[str, Any]


def sheet_text(sheet: Shown) -> str:
    """A character's sheet (as the API gives it): a heading, the ratings by group, the
    condition, the notes."""
    whose = sheet.get("seat") or sheet.get("player") or "the storyteller's"
    lines = [f"{sheet['name']}  ({whose}, {sheet.get('system', '')})"]
    traits: Mapping[str, int] = sheet.get("traits") or {}
    specialties: Mapping[str, Sequence[str]] = sheet.get("specialties") or {}
    for title, names in trait_groups(str(sheet.get("system", "")), traits):
        width = max(len(n) for n in names)
        scale = 5 if max(traits.values(), default=0) <= 5 else 10
        cells = [_cell(n, traits[n], specialties.get(n, ()), width, scale) for n in names]
        lines += [title, *grid(cells)]
    if not traits:
        lines.append("  no traits yet: /sheet changes:Dexterity=3 sets one")
    lines += condition_lines(sheet.get("state") or {})
    if sheet.get("notes"):
        lines += ["Notes", *(f"  {line}" for line in str(sheet["notes"]).splitlines())]
    return "\n".join(lines)


def trait_groups(system: str, traits: Mapping[str, int]) -> list[tuple[str, list[str]]]:
    """The sheet's traits as the terminal groups them: the system's attributes, its own
    traits, then the rest (a group with none left out)."""
    try:
        rules = sheet_rules(system)
        attributes, specials = rules.attributes, tuple(rules.specials)
    except KeyError:  # a system this server does not know: one group
        attributes, specials = (), ()
    groups = [
        ("Attributes", [t for t in attributes if t in traits]),
        ("Traits", [t for t in specials if t in traits]),
        ("Skills and other traits", [t for t in traits if t not in (*attributes, *specials)]),
    ]
    return [(title, names) for title, names in groups if names]


def dots(rating: int, scale: int) -> str:
    """``●●●○○``: a rating on a scale of dots (a rating past the scale ends in ``+``)."""
    shown = min(max(rating, 0), scale)
    return FULL * shown + EMPTY * (scale - shown) + ("+" if rating > scale else "")


def _cell(name: str, rating: int, specs: Sequence[str], width: int, scale: int) -> str:
    spec = f" ({', '.join(specs)})" if specs else ""
    return f"{name:<{width}} {dots(rating, scale)} {rating:>2}{spec}"


def grid(cells: list[str], most: int = WIDTH) -> list[str]:
    """Cells in as many columns as fit in ``most`` characters, filled down each column."""
    if not cells:
        return []
    width = max(len(c) for c in cells) + 3
    columns = max(1, min(3, (most - 2) // width))
    rows = -(-len(cells) // columns)
    lines = []
    for r in range(rows):
        row = [cells[c * rows + r] for c in range(columns) if c * rows + r < len(cells)]
        lines.append("  " + "".join(c.ljust(width) for c in row[:-1]) + row[-1])
    return lines


def condition_lines(state: Shown) -> list[str]:
    """The sheet's state under its ratings, a line a part, headed ``Condition`` (none: no
    lines)."""
    rows: list[tuple[str, str]] = []
    if isinstance(state.get("health"), Mapping):
        rows.append(("Health", health_words(state["health"])))
    if isinstance(state.get("willpower"), Mapping):
        held = state["willpower"]
        rows.append(("Willpower", glyphs(int(held["points"]), int(held["dots"]), "◆", "◇")))
    if "morality" in state:
        rows.append(("Morality", morality_words(state)))
        if state.get("intimacies"):
            rows.append(("Intimacies", "; ".join(str(i) for i in state["intimacies"])))
    if isinstance(state.get("conflict"), Mapping):
        rows.append(("Conflict", conflict_words(state["conflict"])))
    rows += sundown_rows(state)
    rows += [("Boost", boost_words(b)) for b in state.get("boosts") or ()]
    rows += [(str(t.get("name", "")), track_words(t)) for t in state.get("tracks") or ()]
    if isinstance(state.get("legend"), Mapping):
        legend = state["legend"]
        rows.append(("Legend", glyphs(int(legend["points"]), int(legend["rating"]), "✦", "✧")))
    rows += [("Waiting", waiting_words(w)) for w in state.get("waiting") or ()]
    if not rows:
        return []
    width = max(10, *(len(name) for name, _ in rows))
    return ["Condition", *(f"  {name:<{width}} {text}" for name, text in rows)]


def glyphs(points: int, most: int, full: str, empty: str) -> str:
    """``◆◆◇ 2/3``: points among their most, the number beside (glyphs up to 20)."""
    shown = min(most, 20)
    if shown <= 0:
        return f"{points}/{most}"
    return f"{full * min(points, shown)}{empty * max(shown - points, 0)} {points}/{most}"


def boxes(track: Shown) -> str:
    """``[X][X][/][ ][ ]``: a damage track, a glyph per wound as the terminal draws it."""
    return "".join(f"[{WOUNDS.get(str(b), ' ') if b else ' '}]" for b in track.get("boxes") or ())


def held_words(track: Shown) -> str:
    """What a damage track's boxes hold, in words: ``1 lethal, 1 bashing, 2 unhurt``."""
    kinds = [str(b) if b else "" for b in track.get("boxes") or ()]
    held = [f"{kinds.count(w)} {w}" for w in WOUNDS if w in kinds]
    said = ", ".join([*held, f"{kinds.count('')} unhurt"])
    resistant = sum(1 for r in track.get("resistant") or () if r)
    return f"{said}; {resistant} resistant" if resistant else said


def track_words(track: Shown) -> str:
    """A named track: dots for points (``●●●○○ 3/5``), boxes for damage."""
    if track.get("kind") == "damage":
        return f"{boxes(track)}  {held_words(track)}"
    return glyphs(int(track.get("points", 0)), int(track.get("max", 0)), FULL, EMPTY)


def health_words(health: Shown) -> str:
    """Hubris's Health: its boxes, what they hold and how the character fares."""
    fares = HEALTH_WORDS.get(str(health.get("state")), str(health.get("state", "")))
    bleeding = ", bleeding" if health.get("bleeding") else ""
    return f"{boxes(health)}  {held_words(health)}; {fares}{bleeding}"


def morality_words(state: Shown) -> str:
    """``●●●●○ 4  in crisis over `the guard` (crime 3, 1 success)  soulless``."""
    morality = int(state.get("morality") or 0)
    words = [f"{dots(morality, 10 if morality > 5 else 5)} {morality}"]
    crisis = state.get("crisis")
    if isinstance(crisis, Mapping):
        count = int(crisis.get("successes", 0))
        found = f"{count} success{'' if count == 1 else 'es'}"
        crime = crisis.get("crime")
        words.append(f"in crisis over `{crisis.get('what')}` (crime {crime}, {found})")
    if state.get("soul") is False:
        words.append("soulless")
    return "  ".join(words)


def conflict_words(conflict: Shown) -> str:
    """``physical 1 of 2 lost  social 2 of 2 lost: must accept defeat``."""
    words = []
    for arena, count in conflict.items():
        said = f"{arena} {count['lost']} of {count['resistance']} lost"
        words.append(said + (": must accept defeat" if count.get("defeat") else ""))
    return "  ".join(words)


def sundown_rows(state: Shown) -> list[tuple[str, str]]:
    """A sundown character's Edge left, Power Reserve and Initiative Passes."""
    edge, power = state.get("edge"), state.get("power")
    if not isinstance(edge, Mapping) or not isinstance(power, Mapping):
        return []
    rating, left = int(edge.get("rating", 0)), int(edge.get("left", 0))
    edged = (
        f"{'✦' * left}{'✧' * (rating - left)} {left} of {rating} left this chronicle"
        if rating
        else "none (an Extra)"
    )
    points, most = int(power.get("points", 0)), int(power.get("max", 0))
    taken = int(state.get("passes") or 0)
    return [
        ("Edge", edged),
        ("Power", f"{'█' * points}{'░' * max(most - points, 0)} {points}/{most}"),
        ("Passes", f"{'▶' * taken}{'▷' * max(MAX_PASSES - taken, 0)} {taken} this round"),
    ]


def boost_words(boost: Shown) -> str:
    """``Strength 5 (+2 Vigor, this scene)``: a boost and the rating it makes."""
    until = ", this scene" if boost.get("scene") else ""
    return f"{boost['trait']} {boost['rating']} (+{boost['dots']} {boost['source']}{until})"


def waiting_words(item: Shown) -> str:
    """``Guard's next roll: Difficulty Stunt 1 (Ana, event 12)``: what waits for a later roll
    (ruling 20)."""
    effect, level = str(item.get("effect", "")).title(), item.get("level")
    stunt = item.get("source") == "stunt"
    label = f"{effect} Stunt {level}" if stunt else f"Drawback: {effect} {level}"
    what = f": {item['what']}" if item.get("what") else ""
    holder = item.get("holder")
    named = item.get("named")
    when = f"{holder}'s roll with stunt:{item.get('roll')}" if named else f"{holder}'s next roll"
    return f"{when}: {label} ({item.get('by')}, event {item.get('roll')}{what})"
