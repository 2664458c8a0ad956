"""Every error dicepool raises on purpose.

The tree::

    DicepoolError                 anything a user can fix; the CLI prints it in one line, exit 2
    +-- NotationError             a roll line that does not parse (names the column)
    +-- LimitError                a request over a protective limit (pool size, line length, chains)
    |   +-- BudgetError           an odds question whose exact answer would cost more than the
    |                             budget (time or memory), refused before the work starts
    +-- RulesError                a request the rules cannot resolve (e.g. a sundown pool of 0
    |                             without Edge)
    +-- DiceError                 faces typed by hand that do not fit the roll
    |   +-- NotEnoughDice         too few faces; says how many more the roll needs
    +-- OddsError                 a question the odds engine cannot answer as asked
    +-- ParameterError            an action's parameter missing, of the wrong type or out of
    |                             its limits (names the parameter)
    +-- SheetError                a character or a change the rules forbid (a trait over its
    |   |                         limit, a name that cannot be a trait, a bad file to import)
    |   +-- FieldError            the same, laid at one field of what was asked (``changes``,
    |                             ``add``, ``notes``), so a form shows it beside that field
    +-- CampaignError             a campaign, character or event that is not there (or is
    |                             already), or an undo the log cannot take
    +-- StoreError                a database that cannot be opened, or is newer than dicepool
    |   +-- WouldWait             a transaction that would wait for another writer, on a thread
    |                             that never waits (the server's event loop: it is tried again
    |                             on a worker thread)
    +-- AccessError               a seat of a web table doing what its role may not (a player
                                  acting for another's character, revealing a hidden roll)

Third-party exceptions are translated where they first appear (``raise ... from exc``).
"""

from __future__ import annotations


class DicepoolError(Exception):
    """Base of every error a user can fix by changing what they asked for."""


class NotationError(DicepoolError):
    """A roll line that does not parse.

    Attributes:
        line: the text as typed.
        column: 1-based column where the problem starts.
    """

    def __init__(self, message: str, line: str = "", column: int = 0) -> None:
        self.line = line
        self.column = column
        where = f"column {column}: " if column else ""
        super().__init__(f"{where}{message}")


class LimitError(DicepoolError):
    """A request over one of the limits that protect every entry point."""


class BudgetError(LimitError):
    """An odds question whose exact answer would cost more than the budget allows.

    Attributes:
        seconds: the estimated time of the work refused.
        memory: its estimated peak memory, in bytes.
        trials: how many simulated rolls the same budget affords instead (0: none offered).
    """

    def __init__(self, message: str, seconds: float, memory: float, trials: int = 0) -> None:
        self.seconds = seconds
        self.memory = memory
        self.trials = trials
        super().__init__(message)


class RulesError(DicepoolError):
    """A request the rules text cannot resolve as asked."""


class DiceError(DicepoolError):
    """Faces given by hand that do not fit the roll (off the die, or left over)."""


class NotEnoughDice(DiceError):
    """Too few faces were given by hand.

    Attributes:
        needed: how many more faces the roll needs, at least.
    """

    def __init__(self, message: str, needed: int) -> None:
        self.needed = needed
        super().__init__(message)


class OddsError(DicepoolError):
    """A question the odds engine cannot answer as asked."""


class ParameterError(DicepoolError):
    """A parameter of an action that is missing, of the wrong type or outside its limits.

    Attributes:
        parameter: the parameter's name, as the action declares it (``points``).
    """

    def __init__(self, parameter: str, message: str) -> None:
        self.parameter = parameter
        super().__init__(message)


class SheetError(DicepoolError):
    """A character sheet or a change to one that the rules forbid (names the rule)."""


class FieldError(SheetError):
    """A sheet edit refused because of one of its fields.

    Attributes:
        field: the parameter of the use case at fault, as a form names its field:
            ``changes`` (changes to the sheet's traits), ``add`` (traits added on purpose) or
            ``notes`` (the character's notes).
    """

    def __init__(self, message: str, field: str) -> None:
        self.field = field
        super().__init__(message)


class CampaignError(DicepoolError):
    """A campaign, character or event that is not there (or already is), or an undo refused."""


class StoreError(DicepoolError):
    """A database that cannot be opened or used: unreachable, unreadable, or newer than us."""


class SchemaMoved(StoreError):
    """The database's schema was upgraded under a running server: it writes nothing more (its
    writes would miss what the new schema checks) until it is restarted on the new version.
    Its message is the operator's line, shown to whoever asked (it names no address)."""


class WouldWait(StoreError):
    """A transaction that would have to wait for another writer (or reader) of the database,
    begun on a thread that never waits: the web server's event loop, which serves every table
    at once. The server tries it again on a worker thread."""


class AccessError(DicepoolError):
    """A seat of a web table asking for what its role may not do."""
