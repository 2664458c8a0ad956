"""The rules' refusals in the page's words: advice given for the command line (``--char NAME``,
`` `dicepool char set ...` ``) said with the page's controls instead.

The rules word their errors for the command line, whose users type options; a browser's user
has forms. The page shows every refusal through :func:`page_words`; the command line and the
JSON API keep the rules' own words.
"""

from __future__ import annotations

import re

from dicepool.campaign.roll_choices import ROLL_CHOICES

_SPENT = ("willpower", "edge", "momentum")
"""The choices the command line takes as ``--spend NAME``; each other one is an option of its
own (``--feat``), which the page shows under "Spend and choose"."""

_OPTIONS = "|".join(p.name for p in ROLL_CHOICES if p.name not in _SPENT)

_PAGE_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"roll with `?--char NAME`?", "roll for a character (the roll box's “for”)"),
        (
            r"say who acts with --char NAME \(and who opposes with --versus\)",
            "say who acts (side) and who opposes (versus)",
        ),
        (r'create one with `dicepool char create "([^"`]+)"`', r"create \1 under “New character”"),
        (  # a slip in a new character's traits: the create form has no field for additions
            r'add it as an addition \(`--add "[^"`]+"`\)',
            "create the character without it, then add it on the sheet (Edit the sheet: “Add "
            "a trait the system does not have”)",
        ),
        (
            r'rate it with `dicepool char set "?([^"`]+?)"? "?([^"`]+?)"?`',
            r"rate it on \1's sheet (Edit: \2)",
        ),
        (r'`dicepool char set "([^"`]+)" "([^"`]+)"`', r"\1's sheet (Edit: \2)"),
        (r"`dicepool log` (lists|shows)", r"the table's log \1"),
        (r"`dicepool next (\w+)`", r"“Begin the next” \1 (the story card)"),
        (
            r"`dicepool campaign players 4` sets a number, `dicepool campaign players --seats` "
            r"follows the seated players",
            "type a number of Players, or tick “Follow the seated players”",
        ),
        (r"or --seats, not both", "or follow the seated players, not both"),
        (
            r"`dicepool (?:spend|clock|complex|extended|legend|momentum|power|pass) ?[^`]*`",
            "its button",
        ),
        (r"--spend momentum(?: N)?", "Momentum dice (Spend and choose)"),
        (r"--spend (willpower|edge)", r"\1 (Spend and choose)"),
        (rf"--({_OPTIONS})\b", r"\1 (Spend and choose)"),
        (r"--dice\b", "dice rolled by hand"),
        (r"--(for|players|last|versus)\b", r"\1"),
    )
)


def page_words(message: str) -> str:
    """``message`` with its command-line advice in the page's words."""
    for pattern, words in _PAGE_WORDS:
        message = pattern.sub(words, message)
    return message
