"""Roll lines written with a sheet's traits: ``"Dexterity + Stealth diff 1"``, made into numbers.

A sheet line is a roll line whose pool names traits instead of (or beside) numbers:

- ``Dexterity + Stealth - 2``: the roller's traits, in any case, or an unambiguous beginning
  of one (``dex + stealth``), or the rules text's own spelling of one (classic's
  ``Fortitute``); numbers mix in;
- ``- Guard.Composure``: another character's trait, here resisting;
- ``Ana: Dexterity + Stealth vs Guard: Wits + Composure``: each side names its roller;
- the campaign's system is implied (writing it first is allowed); options follow the pool as
  on any line, and ``spec`` is taken only when the roller has a specialty the rules let them use
  on a trait of the pool.

:func:`read_sheet_line` gives the line with numbers (``chronicles 3+2-2 diff 1``) that the roll
language then reads, and the characters it involves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from dicepool.core.pool import MAX_POOL
from dicepool.errors import LimitError, NotationError, SheetError
from dicepool.notation.names import near_system, system_called
from dicepool.notation.suggest import did_you_mean
from dicepool.notation.tokens import MAX_LINE, VERSUS, split_comment
from dicepool.sheet.character import Character
from dicepool.sheet.events import CampaignState
from dicepool.sheet.sundown.play import rating
from dicepool.sheet.traits import MAX_WORDS, name_key, sheet_rules

_SPECIALTY = frozenset({"spec", "specialty"})
_NUMBER = re.compile(r"[0-9]+")
_MOMENTUM = re.compile(r"(?:^|\s)momentum(?:[0-9]|\s|$)", re.IGNORECASE)  # the line's option
_SIDED = re.compile(r"\s*(?:\([0-9+-]+\))?[0-9]*d[0-9]+\b", re.IGNORECASE)  # `(3+2)d6` too


@dataclass(frozen=True)
class Term:
    """One part of a pool: a number, or a trait of a character, added or taken away."""

    sign: int
    value: int
    character: str | None = None
    trait: str | None = None


@dataclass(frozen=True)
class SheetLine:
    """A sheet line made into numbers.

    Attributes:
        numbers: the line the roll language reads, with the system and every trait's rating.
        characters: the characters involved, rollers first (the attacker's, then the defender's).
        rollers: each side's roller (None where a side names none).
        comment: the text after ``#``, if any.
    """

    numbers: str
    characters: tuple[str, ...]
    rollers: tuple[str | None, ...]
    comment: str | None


@lru_cache(maxsize=256)  # the same lines on the same sheets, roll after roll; all frozen
def read_sheet_line(line: str, state: CampaignState, roller: str | None = None) -> SheetLine:
    """Make a sheet line into numbers, for ``roller`` (the ``--char``) where a side names none.

    Raises:
        NotationError: the line does not read (its pool, or a system other than the
            campaign's).
        CampaignError: a character that is not in the campaign.
        SheetError: a trait the character does not have, an ambiguous one, or a rule of the
            sheet broken (``spec`` without a specialty that may be used, too many traits).
    """
    if len(line) > MAX_LINE:
        raise LimitError(
            f"the line is {len(line)} characters long, over the limit of {MAX_LINE}; shorten it"
        )
    body, comment = split_comment(line)
    sides = _sides(body)
    read = [_side(text, state, roller if i == 0 else None) for i, text in enumerate(sides)]
    involved: list[str] = []
    for _, side_roller, others in read:
        involved.extend(n for n in (side_roller, *others) if n and n not in involved)
    numbers = " vs ".join(text for text, _, _ in read)
    rollers = tuple(r for _, r, _ in read)
    return SheetLine(numbers, tuple(involved), rollers, comment)


def _sides(body: str) -> list[str]:
    words = body.split()
    if not words:
        raise NotationError("the line is empty; write a pool, like `Dexterity + Stealth`")
    sides: list[list[str]] = [[]]
    for word in words:
        if word.lower() in VERSUS:
            sides.append([])
        else:
            sides[-1].append(word)
    return [" ".join(s) for s in sides]


def _side(text: str, state: CampaignState, roller: str | None) -> tuple[str, str | None, list[str]]:
    """One side: its line with numbers, its roller, and the other characters it names."""
    head, colon, rest = text.partition(":")
    if colon and "." not in head and head.strip():
        roller, text = state.character(head).name, rest
    words = text.split()
    if words and system_called(words[0]) is not None:
        named = system_called(words[0])
        if named != state.system:
            raise NotationError(
                f"campaign {state.name} plays {state.system}, not {named}: leave the system "
                "out, it is implied"
            )
        text = text.split(None, 1)[1] if len(words) > 1 else ""
    sheet = state.character(roller) if roller else None
    roller = sheet.name if sheet else None
    if _SIDED.match(text):  # a custom pool (`3d6 t5`, `(3+2)d6`) names dice, not traits
        return f"{state.system} {' '.join(text.split())}", roller, []
    terms, options = _pool(text, state, sheet)
    _check_traits(state, sheet, terms, options)
    _check_momentum(state, options)
    others = [t.character for t in terms if t.character and t.character != roller]
    pool = "".join(("+" if t.sign > 0 else "-") + str(t.value) for t in terms).lstrip("+")
    return f"{state.system} {pool} {options}".strip(), roller, others


def _pool(text: str, state: CampaignState, sheet: Character | None) -> tuple[list[Term], str]:
    pieces = _pieces(text)
    if not pieces:
        raise NotationError("a side has no pool: write one, like `Dexterity + Stealth`")
    terms: list[Term] = []
    at, sign = 0, 1
    while True:
        if at >= len(pieces):
            raise NotationError(f"the pool `{text.strip()}` ends with `+` or `-`: add a term")
        term, at = _term(pieces, at, sign, state, sheet)
        terms.append(term)
        if at < len(pieces) and pieces[at][0] in "+-":
            sign = 1 if pieces[at][0] == "+" else -1
            at += 1
            continue
        options = text[pieces[at][1] :] if at < len(pieces) else ""
        return terms, " ".join(options.split())


def _pieces(text: str) -> list[tuple[str, int]]:
    """The words and operators of a side, each with its offset.

    ``+`` is always an operator; ``-`` is one at a word's ends or beside a digit
    (``Stealth-2``), and a hyphen inside a name (``Sleight-of-Hand``).
    """
    found: list[tuple[str, int]] = []
    for match in re.finditer(r"\S+", text):
        word, start, begun = match.group(), match.start(), 0
        if "+" not in word and "-" not in word:  # most words: no operator to split off
            found.append((word, start))
            continue
        for i, char in enumerate(word):
            digit_beside = word[i - 1 : i].isdigit() or word[i + 1 : i + 2].isdigit()
            if char == "+" or (char == "-" and (i in (0, len(word) - 1) or digit_beside)):
                if i > begun:
                    found.append((word[begun:i], start + begun))
                found.append((char, start + i))
                begun = i + 1
        if begun < len(word):
            found.append((word[begun:], start + begun))
    return found


def _term(
    pieces: Sequence[tuple[str, int]],
    at: int,
    sign: int,
    state: CampaignState,
    sheet: Character | None,
) -> tuple[Term, int]:
    word = pieces[at][0]
    if _NUMBER.fullmatch(word):
        if len(word) > len(str(MAX_POOL)) or int(word) > MAX_POOL:
            shown = word if len(word) <= 12 else f"a {len(word)}-digit number"
            raise LimitError(f"a number in a pool is at most {MAX_POOL:,}, not {shown}")
        return Term(sign, int(word)), at + 1
    run = []
    for piece, _ in pieces[at : at + MAX_WORDS]:
        if piece in "+-" or _NUMBER.fullmatch(piece):
            break
        run.append(piece)
    if not run:
        raise NotationError(f"expected a trait or a number in the pool, got `{word}`")
    for length in range(len(run), 0, -1):
        found = _trait(" ".join(run[:length]), state, sheet, quiet=True)
        if found is not None:
            name, trait, value = found
            return Term(sign, value, name, trait), at + length
    for length in range(len(run), 0, -1):  # a character's name where a trait was expected
        other = state.characters.get(name_key(" ".join(run[:length])))
        if other is not None:
            raise SheetError(_a_character(sheet, other))
    if at == 0 and (sheet is None or not did_you_mean(run[0], sheet.traits)):
        mistyped = near_system(run[0])  # `chronicle 5`: a system's name, not a trait
        if mistyped:
            raise NotationError(mistyped)
    _trait(run[0], state, sheet, quiet=False)  # raises, saying why
    raise AssertionError("a one-word trait either resolves or raises")  # pragma: no cover


def _trait(
    text: str, state: CampaignState, sheet: Character | None, quiet: bool
) -> tuple[str, str, int] | None:
    """The character, trait and rating ``text`` names; None (when ``quiet``) if it names none."""
    owner_name, dot, trait_text = text.rpartition(".")
    if dot:
        owner = _prefixed(owner_name, {k: c.name for k, c in state.characters.items()}, "")
        if owner is None:
            if quiet:
                return None
            state.character(owner_name)  # raises, naming the characters here
        sheet = state.characters[name_key(owner)] if owner else None
    if sheet is None:
        if quiet:
            return None
        raise SheetError(
            f"`{text}` is a trait, but whose? roll with `--char NAME`, start the side with "
            f"`NAME:`, or write `NAME.{text}`"
        )
    names = {t.casefold(): t for t in sheet.traits}
    spelled = sheet_rules(sheet.system).spellings  # the text's own spelling: `Fortitute`
    names.update((name_key(text), ours) for text, ours in spelled.items() if ours in sheet.traits)
    trait = _prefixed(trait_text, names, sheet.name, quiet)
    if trait is None:
        if quiet:
            return None
        raise SheetError(_no_trait(sheet, trait_text))
    return sheet.name, trait, rating(sheet, trait, state.now.clock.mark("scene"))


def _prefixed(text: str, names: dict[str, str], owner: str, quiet: bool = True) -> str | None:
    """The one name that ``text`` is (any case) or begins, word for word; None if none.

    Raises:
        SheetError: ``text`` begins several names (unless ``quiet``).
    """
    key = name_key(text)
    if key in names:
        return names[key]
    count = len(key.split())
    hits = list(  # one trait under two spellings is begun once
        dict.fromkeys(n for k, n in names.items() if k.startswith(key) and len(k.split()) == count)
    )
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1 and not quiet:
        listed = ", ".join(sorted(hits))
        raise SheetError(f"`{text}` could be any of {owner}'s {listed}; write more of the name")
    return None


def _no_trait(sheet: Character, text: str) -> str:
    hint = did_you_mean(text, sheet.traits)
    if hint:
        return f"{sheet.name} has no trait `{text}`; {hint}"
    add = f'add it with `dicepool char set "{sheet.name}" "{text.title()}=N"`'
    if not text[:1].isupper() or " " in text:
        return f"{sheet.name} has no trait `{text}`; {add}"
    # Perhaps a character the reader does not see (a player's line reads no character of the
    # storyteller's): said the same whether one is there or not, so nothing shows through.
    return (
        f"{sheet.name} has no trait `{text}`. A character you don't play? You roll "
        f"{sheet.name}'s traits alone; the storyteller rolls {text}'s side "
        f"(`{sheet.name}: ... vs {text}: ...`). A trait? {add}"
    )


def _a_character(sheet: Character | None, other: Character) -> str:
    """The words for a character's name written where a pool expects a trait."""
    name = other.name
    if sheet is None:
        return (
            f"`{name}` is a character, not a trait: start the side with `{name}:` and name "
            "its traits"
        )
    if sheet.name == name:
        return f"`{name}` is the character rolling, not a trait: name {name}'s traits"
    theirs = max(other.traits, key=other.traits.__getitem__, default="Trait")  # an example
    return (
        f"`{name}` is a character, not a trait of {sheet.name}'s: roll {sheet.name}'s own "
        f"traits; against {name}, take one of theirs off the pool (`- {name}.{theirs}`), or "
        f"the storyteller rolls both sides (`{sheet.name}: ... vs {name}: ...`)"
    )


def _check_momentum(state: CampaignState, options: str) -> None:
    """Refuse a storypath line's ``momentum N`` at a table: there the dice are spent from the
    table's Momentum pool, a choice of the roll (ruling 16), never free dice of the line."""
    if state.system == "storypath" and _MOMENTUM.search(options):
        raise NotationError(
            "at a table, Momentum dice are spent from the table's pool: take `momentum` out of "
            "the line and spend them with --spend momentum N"
        )


def _check_traits(
    state: CampaignState, sheet: Character | None, terms: list[Term], options: str
) -> None:
    """The sheet's rules for a pool: at most so many traits, and ``spec`` only when allowed."""
    rules = sheet_rules(state.system)
    traits = [t for t in terms if t.trait is not None]
    if rules.pool_traits is not None and len(traits) > rules.pool_traits:
        raise SheetError(
            f'a {state.system} pool adds at most {rules.pool_traits} traits ("there should '
            f'never be more than two"), not {len(traits)}'
        )
    if not _SPECIALTY & {w.lower() for w in options.split()}:
        return
    if rules.specialty_rating is None:  # pragma: no cover - the grammar has no `spec` there
        return
    own = [t for t in traits if sheet is not None and t.character == sheet.name and t.sign > 0]
    if sheet is None or not own:
        raise SheetError("`spec` needs the roller's own trait in the pool, with a specialty")
    usable = [t for t in own if sheet.specialties.get(t.trait or "")]
    if not usable:
        listed = " or ".join(str(t.trait) for t in own)
        raise SheetError(
            f"`spec`: {sheet.name} has no specialty on {listed}; add one with "
            f'`dicepool char set "{sheet.name}" "{own[-1].trait} (Specialty)"`'
        )
    if not any(t.value >= rules.specialty_rating for t in usable):
        named = ", ".join(f"{t.trait} {t.value}" for t in usable)
        raise SheetError(
            f"`spec`: a {state.system} specialty is used only on a trait rated "
            f"{rules.specialty_rating} or more (ruling 4); {sheet.name} has {named}"
        )
