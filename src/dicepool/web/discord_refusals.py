"""The rules' refusals in Discord's words: advice given for the command line (``--char NAME``,
`` `dicepool char set ...` ``) said with Discord's commands and options instead
(``character:NAME``, ``/sheet changes:...``).

The rules word their errors for the command line (:mod:`dicepool.web.wording` says them with
the page's controls); a Discord user has slash commands. Every refusal a command meets on
Discord goes through :func:`in_discord`: a command line named in it becomes the command of the
same action (the catalogue knows both: ``dicepool intimacy Ana remove TEXT`` is
``/intimacy character:Ana action:remove text:TEXT``), an option its option
(``--versus`` is ``versus:``), and what Discord has no command for says where it is (the
table's log is on its page; the database is its keeper's).
"""

from __future__ import annotations

import re
import shlex

from dicepool.campaign.actions import ACTIONS, by_words
from dicepool.campaign.catalogue import Action, Param, Type
from dicepool.campaign.roll_choices import ROLL_CHOICES

NO_COMMAND = "the table's page"
"""Where to go for what Discord has no command for (a command line the catalogue lacks)."""

KEEPER = "whoever runs the table's server"
"""Who runs what only the server's keeper may (``dicepool db ...``)."""

_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"roll with `?--char NAME`?", "roll for a character (/roll character:NAME)"),
        (
            r"say who acts with --char NAME \(and who opposes with --versus\)",
            "say who acts with side:NAME (and who opposes with versus:NAME)",
        ),
        (
            r'create one with `dicepool char create "([^"`]+)"`',
            r"make one with /character name:\1 traits:...",
        ),
        (  # a slip in a new character's traits: /character takes no additions
            r'add it as an addition \(`--add "([^"`]+)"`\)',
            r"make the character without it, then /sheet add:\1",
        ),
        (
            r'give it as an addition \(`--add "([^"`]+)"`, or the page\'s "add a trait" field\)',
            r"give it as an addition (/sheet add:\1)",
        ),
        (
            r'(add|rate) (it|one) with `dicepool char set "?([^"`]+?)"? "?([^"`]+?)"?`',
            r"\1 \2 with /sheet character:\3 changes:\4",
        ),
        (r"`dicepool log` (lists|shows)", r"the table's log (on its page) \1"),
        (r"`dicepool next (\w+)`", r"/next unit:\1"),
        (
            r"`dicepool campaign players 4` sets a number, `dicepool campaign players --seats` "
            r"follows the seated players",
            "/players players:4 sets a number, /players seats:true follows the seated players",
        ),
        (r"or --seats, not both", "or seats:true, not both"),
        (r"run `dicepool db (\w+)`", rf"ask {KEEPER} to run its `db \1`"),
        (r"`dicepool db (\w+)`", rf"{KEEPER}'s `db \1`"),
        (r"(Drawback's Difficulty [^:]*): no --on", r"\1: no antagonist:"),
        (  # /odds answers exactly or not at all: no simulation on Discord
            r"estimate it from [\d,]+ simulated rolls \(`odds --simulate [\d,]+`\)",
            "ask about fewer dice",
        ),
        (r"ask without --json, or about fewer dice", "ask about fewer dice"),
        (r"--spend momentum(?: N)?", "momentum:N"),
        (r"--spend (willpower|edge)", r"\1:true"),
        (r"\bpick your character first\b", "make or take your character first: /character"),
        (  # a player seated on the page, joining from Discord with the invitation
            r"a seat called (.+) is at this table already; pick another",
            r"a seat called \1 is at this table already: if it is yours, /join link: with your "
            r"seat's link (your page's address) ties you to it; else pick another name",
        ),
    )
)
"""What the rules say for the command line, said for Discord (before the commands named)."""

_NAMED = re.compile(r"`dicepool ([^`]+)`")
"""A command line named in backquotes."""

_EXAMPLE = re.compile(r"\bdicepool ((?:[\w-]+)(?: [^\s;:,)`]+)*)")
"""A command line named bare, as an example (``e.g. dicepool power Ana spend 2``)."""

_OPTION = re.compile(r"(?<![\w-])--([a-z][a-z-]*)\b(?: ([A-Z]{2,})\b)?")
"""An option of the command line, and the word that stands for its value (``--char NAME``)."""


def in_discord(message: str) -> str:
    """``message`` with its command-line advice in Discord's words: no command line is left."""
    for pattern, words in _WORDS:
        message = pattern.sub(words, message)
    message = _NAMED.sub(lambda m: command_of(m.group(1)) or _no_command(m.group(1)), message)
    message = _EXAMPLE.sub(lambda m: command_of(m.group(1)) or m.group(0), message)
    return _OPTION.sub(_option, message)


def _no_command(line: str) -> str:
    return f"{KEEPER}'s `{line}`" if line.startswith("db ") else NO_COMMAND


def command_of(line: str) -> str | None:
    """The slash command a command line (after ``dicepool``) is on Discord, or None when it
    is no action of the catalogue's (``log``, ``campaign list``)."""
    try:
        words = shlex.split(line)
    except ValueError:
        words = line.split()
    for size in range(len(words), 0, -1):
        action = by_words(tuple(words[:size]))
        if action is not None:
            return " ".join([f"/{action.name}", *_options(action, words[size:])])
    return None


def _options(action: Action, words: list[str]) -> list[str]:
    """A command line's words after its command, as Discord's options: each argument in the
    order the action takes them, each ``--option`` by its parameter's name."""
    given: list[str] = []
    arguments = iter([p for p in action.params if p.option is None])
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if word.startswith("--"):
            param = next((p for p in action.params if p.option == word), None)
            value = "true" if param is None or param.type is Type.FLAG else _next(rest)
            if param is None or param.web:  # a word the command line alone takes: none here
                given.append(_given(param, word[2:], value))
            continue
        argument = next(arguments, None)
        if argument is None:
            continue
        value = word
        while argument.many and rest and not rest[0].startswith("--"):
            value += " " + rest.pop(0)  # the rest of the words, up to an option
        if argument.web:
            given.append(_given(argument, argument.name, value))
    return given


def _next(rest: list[str]) -> str:
    return rest.pop(0) if rest else "..."


def _given(param: Param | None, name: str, value: str) -> str:
    return f"{param.name if param is not None else name}:{value}"


def _option(match: re.Match[str]) -> str:
    """An option of the command line as Discord's (``--versus`` is ``versus:``, a flag
    ``--mortal`` is ``mortal:true``)."""
    name, value = match.group(1), match.group(2)
    said = _PARAMS.get(name, f"{name}:")
    return said + value if value and said.endswith(":") else said


def _said(param: Param) -> str:
    return f"{param.name}:true" if param.type is Type.FLAG else f"{param.name}:"


def _param_words() -> dict[str, str]:
    """Each command-line option as Discord's option, from the catalogue (the first action
    that takes it: ``--char`` is ``side:``, ``--seats`` is ``seats:true``) and the roll's
    choices (``--advantage`` is ``advantage:true``)."""
    found: dict[str, str] = {p.name: _said(p) for p in ROLL_CHOICES}
    for action in ACTIONS.values():
        for param in action.params:
            if param.option and param.web:
                found.setdefault(param.option.removeprefix("--"), _said(param))
    return found


_PARAMS = {**_param_words(), "char": "character:"}
"""The options of the command line as Discord's (``--char`` names the character a roll or an
action is for)."""
