"""What happened, in words: the one-line summary of each event of the log, and the look of
each die, shared by the terminal and the web table.

A summary is written from the event's data alone, so an old event reads the same whatever
the sheets say now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dicepool.sheet.events import Event, Kind, change_of
from dicepool.sheet.storypath.momentum import Consolation


def clip(text: str, most: int) -> str:
    """``text`` cut in the middle to at most ``most`` characters (``...`` marks the cut)."""
    if len(text) <= most:
        return text
    tail = most // 3
    return f"{text[: most - tail - 3]}...{text[len(text) - tail :]}"


def rolls_words(count: int) -> str:
    """``1 roll``, ``3 rolls``."""
    return f"{count} roll{'' if count == 1 else 's'}"


def count_words(name: str, value: int) -> str:
    """``3 successes``, ``1 success``, ``1 threshold success``: a count as words."""
    words = name.replace("_", " ")
    if value == 1:
        for plural, single in (("successes", "success"), ("hits", "hit"), ("ones", "one")):
            if words.endswith(plural):
                words = words[: -len(plural)] + single
        words = words.replace("complications ", "complication ")
        words = words.replace("hits left", "hit left")
    return f"{value} {words}"


JUDGED = ("net_hits", "hits_left", "successes", "hits")


def _counted(result: Mapping[str, Any]) -> str:
    """A logged roll's judged count in words (``2 successes``), or "" if it has none."""
    count = next((n for n in JUDGED if n in result), None)
    return count_words(count, int(result[count])) if count else ""


def roll_counts(result: Mapping[str, Any]) -> str:
    """``2 successes (Success)``: a logged roll's judged count and its label."""
    counted = _counted(result)
    label = result.get("label", "")
    return f"{counted} ({label})" if counted and label else counted or label


def roll_summary(data: Mapping[str, Any]) -> str:
    """A roll: who, the line, its numbers and what came of it."""
    rollers = [r for r in data.get("rollers", []) if r]
    who = f"{rollers[0]}: " if rollers and ":" not in data["line"].split("#")[0] else ""
    result = data["result"]
    if "winner" in result:
        winner = result["winner"]
        verdict = "a tie" if winner == "tie" else f"the {winner} wins by {result['margin']}"
        came = f"{_judged(result['attacker'])} vs {_judged(result['defender'])}, {verdict}"
    else:
        came = roll_counts(result)
    came += effects_words(data.get("effects", {}))
    return f"{who}{data['line']}  [{data['numbers']}]  {came}"


def _judged(result: Mapping[str, Any]) -> str:
    return _counted(result) or str(result.get("label", ""))


def _rolls(data: Mapping[str, Any]) -> str:
    """The rolls a rule made: ``; Ana rolls Stamina: 0 successes (Failure)``."""
    return "".join(
        f"; {r['character']} rolls {r['purpose']}: {roll_counts(r['roll'])}"
        for r in data.get("rolls", [])
    )


def _about(words: str) -> Callable[[Mapping[str, Any]], str]:
    """A summary naming the character, then ``words`` (formatted with the data), then rolls."""
    return lambda d: f"{d['character']} {words.format(**d)}{_rolls(d)}"


def _healed(data: Mapping[str, Any]) -> str:
    kind = f" {data['wound']}" if data.get("wound") else ""
    return f"{data['character']} heals {data['points']}{kind}"


def _edge_spent(data: Mapping[str, Any]) -> str:
    use = " on an escape" if data["use"] == "escape" else ""
    purpose = f": {data['for']}" if data.get("for") else ""
    return f"{data['character']} spends Edge{use}{purpose}"


def _rerolled(data: Mapping[str, Any]) -> str:
    misses = f"{data['misses']} {'miss' if data['misses'] == 1 else 'misses'}"
    who = f"{data['character']} rerolls {misses}"
    return f"second chance on event {data['event']}: {who}, {roll_counts(data['result'])}"


def _track_changed(data: Mapping[str, Any]) -> str:
    who, track, points = data["character"], data["track"], data["points"]
    wound = f" {data['wound']}" if data.get("wound") else ""
    return {
        "spend": f"{who} spends {points} {track}",
        "gain": f"{who} gains {points} {track}",
        "damage": f"{who}'s {track} takes {points}{wound}",
        "heal": f"{who}'s {track} heals {points}{wound}",
        "set-max": f"{who}'s {track} now holds {points} at most",
    }.get(str(data["operation"]), f"{who}'s {track}: {data['operation']} {points}")


TRACK_SUMMARIES: dict[Kind, Callable[[Mapping[str, Any]], str]] = {
    Kind.TRACK_DEFINED: lambda d: (
        f"{d['character']} keeps a new track {d['track']} "
        + (f"({d['max']} points)" if d["kind"] == "points" else f"({d['max']} boxes of damage)")
    ),
    Kind.TRACK_REMOVED: lambda d: f"{d['character']}'s track {d['track']} is removed",
    Kind.TRACK_CHANGED: _track_changed,
    Kind.DEFAULT_TRACKS_SET: lambda d: (
        f"default tracks (Health, Willpower) {'on' if d['on'] else 'off'}"
    ),
}
"""A line for each event of the named tracks, from its data."""


SUNDOWN_SUMMARIES: dict[Kind, Callable[[Mapping[str, Any]], str]] = {
    Kind.EDGE_SPENT: _edge_spent,
    Kind.REROLLED: _rerolled,
    Kind.PASS_TAKEN: lambda d: (
        f"{d['character']} takes an Initiative Pass" + (" for Edge" if d.get("edge") else "")
    ),
    Kind.POWER_SPENT: lambda d: f"{d['character']} spends {d['points']} Power",
    Kind.POWER_REGAINED: lambda d: f"{d['character']} regains {d['points']} Power",
}
"""A line for each of After Sundown's events (Edge, passes, Power), from its data."""


STATE_SUMMARIES: dict[Kind, Callable[[Mapping[str, Any]], str]] = {
    Kind.BOUNDARY_BEGUN: lambda d: f"a new {d['unit']}{_rolls(d)}",
    Kind.REVEALED: lambda d: f"revealed hidden roll {d['event']}",
    Kind.SEAL_OPENED: lambda d: f"opened seal {d['seal']} (commitment {d['commitment'][:16]}…)",
    Kind.SEAL_CLOSED: lambda d: (
        f"closed seal {d['seal']} after {rolls_words(d['rolls'])}: "
        "its seed is out, its rolls can be checked"
    ),
    Kind.CLOCK_ADVANCED: lambda d: f"story time passes: {d['duration']}{_rolls(d)}",
    Kind.DAMAGED: lambda d: (
        f"{d['character']} takes {d['points']} {d['wound']}"
        + (" (resistant)" if d.get("resistant") else "")
    ),
    Kind.HEALED: _healed,
    Kind.STABILIZED: lambda d: f"{d['character']} is stabilized",
    Kind.MITIGATED: _about("spends Willpower to mitigate harm"),
    Kind.RESTED: _about("rests"),
    Kind.VICE: _about("pursues their Vice"),
    Kind.VIRTUE: _about("risks themselves for their Virtue"),
    Kind.INTIMACY_ROLLED: _about("defends {intimacy}"),
    Kind.SINNED: _about("sins (rated {rating}): {what}"),
    Kind.DEGENERATED: _about("degenerates"),
    Kind.ATONED: _about("atones"),
    Kind.INTIMACY_ADDED: _about("holds a new Intimacy: {intimacy}"),
    Kind.INTIMACY_REMOVED: _about("lets go of an Intimacy: {intimacy}"),
    Kind.SOUL_LOST: _about("loses their soul"),
    Kind.SOUL_RESTORED: _about("has their soul restored"),
    Kind.WILLPOWER_LOST: _about("loses {dots} Willpower dot(s)"),
    Kind.NATURE_SET: lambda d: (
        f"{d['character']} is "
        + (f"supernatural (power trait {d['trait']})" if d.get("trait") else "mortal")
    ),
    **SUNDOWN_SUMMARIES,
    **TRACK_SUMMARIES,
    Kind.PLAYERS_SET: lambda d: f"{d['players']} players at the table",
    Kind.MOMENTUM_SPENT: lambda d: (
        f"{d['points']} Momentum spent" + (f" on {d['for']}" if d.get("for") else "")
    ),
    Kind.LEGEND_REGAINED: lambda d: f"{d['character']} regains {d['points']} Legend",
    Kind.TRACKER_STARTED: lambda d: (
        f"{d['kind']} action {d['name']} begins: {' vs '.join(d['sides'])}, "
        f"{d['target']} to reach" + (f" in {d['limit']}" if d.get("limit") else "")
    ),
    Kind.INTERVALS_BOUGHT: lambda d: f"{d['intervals']} Interval(s) of {d['tracker']} bought",
    Kind.MILESTONES_AWARDED: lambda d: (
        f"{d['character']} is awarded {d['milestones']} Milestone(s) of {d['tracker']}"
    ),
}
"""A line for each state rule's event, from its data."""


def _handed(data: Mapping[str, Any]) -> str:
    if data["seat"] is None:
        return f"{data['character']} taken back from {data['from']}"
    moved = f" (from {data['from']})" if data.get("from") else ""
    return f"{data['character']} handed to {data['seat']}{moved}"


def _link(data: Mapping[str, Any]) -> str:
    if data.get("reseated"):
        return f"{data['seat']} seated again with a new link"
    if not data["ends"]:
        return f"a new {data['role']}'s seat: {data['seat']}"
    return f"a new link for {data['seat']} (the old one no longer works)"


SEAT_SUMMARIES: dict[Kind, Callable[[Mapping[str, Any]], str]] = {
    Kind.CHARACTER_TAKEN: lambda d: f"{d['seat']} takes {d['character']}",
    Kind.CHARACTER_HANDED: _handed,
    Kind.INVITATION_ISSUED: lambda d: (
        "a new invitation" + (" (the old one no longer works)" if d["ends"] else "")
    ),
    Kind.INVITATIONS_OFF: lambda _d: "invitations off: nobody new joins",
    Kind.SEAT_REVOKED: lambda d: (
        f"{d['seat']}'s seat revoked" + (f"; {d['character']} is free" if d["character"] else "")
    ),
    Kind.LINK_ISSUED: _link,
}
"""A line for each event of the table's seats, from its data."""


def summary(event: Event, target: Event | None = None) -> str:
    """What an event did, in one line (an undo names what it undid, or restored)."""
    data = event.data
    if event.kind in STATE_SUMMARIES:
        return STATE_SUMMARIES[event.kind](data)
    if event.kind in SEAT_SUMMARIES:
        return SEAT_SUMMARIES[event.kind](data)
    if event.kind is Kind.ROLLED and "result" not in data:  # behind the screen
        return f"rolled in secret (roll {data['seal']['roll_no']} of seal {data['seal']['seal']})"
    if event.kind is Kind.ROLLED:
        return roll_summary(data)
    if event.kind is Kind.CHARACTER_CHANGED:
        return changed_summary(data)
    if event.kind is Kind.CHARACTER_CREATED:
        sheet = data["character"]
        player = f" (player {sheet['player']})" if sheet.get("player") else ""
        return f"created {sheet['name']}{player}"
    if event.kind is Kind.CAMPAIGN_CREATED:
        extra = f", house rules: {data['house_rules']}" if data.get("house_rules") else ""
        return f"created campaign {data['name']} ({data['system']}{extra})"
    if event.kind is Kind.UNDONE:
        return undo_summary(event, target)
    return f"{event.kind.value}: " + ", ".join(f"{k} {v}" for k, v in data.items())


def changed_summary(data: Mapping[str, Any]) -> str:
    """``changed Ana: Stealth+=1; added Dex=2; notes "Owes Bo a favour"``."""
    parts = [", ".join(str(change_of(c)) for c in data["changes"])]
    if data.get("add"):
        parts.append("added " + ", ".join(str(change_of(c)) for c in data["add"]))
    if "notes" in data:
        notes = " ".join(str(data["notes"]).split())
        parts.append(f'notes "{clip(notes, 60)}"' if notes else "notes cleared")
    return f"changed {data['character']}: " + "; ".join(p for p in parts if p)


def undo_summary(event: Event, target: Event | None) -> str:
    """``undid event 5 (rolled: ...)``, or ``restored event 5 (undid undo 6)``."""
    number = int(event.data["event"])
    if target is not None and target.kind is Kind.UNDONE:
        return f"restored event {target.data['event']} (undid undo {number})"
    about = f" ({target.kind}: {clip(summary(target), 60)})" if target is not None else ""
    return f"undid event {number}{about}"


def effects_words(effects: Mapping[str, Any]) -> str:
    """A roll's storypath and tracker effects, short, for its line in the log ("" for none)."""
    words = []
    if "momentum" in effects:
        words.append(f"{effects['momentum']['points']} Momentum spent")
    if "feat" in effects:
        words.append(f"Feat of Scale ({effects['feat']['within']})")
    if "advantage" in effects:
        words.append(f"Advantage of event {effects['advantage']['from']} used")
    if "consolation" in effects:
        given = effects["consolation"]
        if given["choice"] == Consolation.MOMENTUM:
            words.append(f"Consolation {given['points']} Momentum")
        else:
            words.append(f"Consolation: {Consolation(given['choice']).label}")
    if "drawback" in effects:
        words.append(f"Drawback: {effects['drawback']['text']}")
    if "tracker" in effects:
        words.append(f"counts toward {effects['tracker']['name']}")
    return f"; {', '.join(words)}" if words else ""


def die_look(die: Mapping[str, Any]) -> tuple[str, str]:
    """A die of a roll's record (``Die.to_dict``) as its text and its look, for every screen.

    The text is the face with marks that survive without colour: ``10!`` added a die, ``10x2``
    counts twice. The look is ``gone`` (``[3]``: rerolled, or in a roll not kept or not
    applied; a rerolled chance die whose roll was kept still shows its 1: it is the dramatic
    failure), ``cancelled`` (``(7)``: a success cancelled by a one or removed by a threshold),
    ``success``, ``one``, or ``plain``.
    """
    events = die["events"]
    text = str(die["face"]) + ("x2" if die["successes"] > 1 else "")
    text += "!" if "exploded" in events else ""
    if "discarded" in events or ("rerolled" in events and "one" not in events):
        return f"[{text}]", "gone"
    if die["successes"] and die["standing"] == 0:
        return f"({text})", "cancelled"
    if die["standing"]:
        return text, "success"
    return text, "one" if "one" in events else "plain"


ROLLER_WORDS = {"storypath": "assist", "hubris": "team"}
"""What a system calls a roller other than the main one, as its roll line writes them."""


def dice_groups(
    system: str, dice: Sequence[Mapping[str, Any]]
) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """A roll's dice (as its record holds them) grouped by roller and by how they came to be
    rolled, in the order read.

    The main roller's groups are ``rolled``, ``exploded``...; another roller's are prefixed
    with the system's word and their number in the order written: a storypath assistant's
    ``assist 1 rolled``, ``assist 1 exploded``, a hubris team member's ``team 1 rolled``.
    """
    word = ROLLER_WORDS.get(system, "roller")
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for die in dice:
        name = die["origin"]
        if die["roll"] and die["origin"] != "rerolled":
            name = f"{name} (reroll)"
        if die["roller"]:
            name = f"{word} {die['roller']} {name}"
        groups.setdefault(name, []).append(die)
    return list(groups.items())
