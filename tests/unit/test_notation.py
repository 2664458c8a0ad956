"""The roll language: the issue's lines, aliases, canonical rendering, and errors by column."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from dicepool import notation
from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, Request
from dicepool.core.result import Winner
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.errors import LimitError, NotationError, RulesError
from dicepool.notation import expand_aliases, parse, render, split_comment, system_name
from dicepool.notation import parser as parse_module
from dicepool.notation.grammar import CLASSIC
from dicepool.notation.suggest import did_you_mean

P = Pool.of

ISSUE_LINES: list[tuple[str, Request]] = [
    ("chronicles 7", ChroniclesRequest(P(7))),
    ("chronicles 7 9again rote", ChroniclesRequest(P(7), again=9, rote=True)),
    ("chronicles 5+2-3", ChroniclesRequest(P(5, 2, -3))),
    ("chronicles 0", ChroniclesRequest(P(0))),
    (
        "classic 7 diff 8 thr 1 spec",
        ClassicRequest(P(7), difficulty=8, threshold=1, specialty=Specialty(Policy.ALWAYS)),
    ),
    ("classic 7 spec until 3", ClassicRequest(P(7), specialty=Specialty(Policy.UNTIL, 3))),
    ("sundown 12 thr 3", SundownRequest(P(12), threshold=3)),
    ("sundown 12 thr 3 edge 2", SundownRequest(P(12), threshold=3, edge=2)),
    (
        "sundown 12 thr 3 second-chance",
        SundownRequest(P(12), threshold=3, second_chance=SecondChance.MISSES),
    ),
    (
        "storypath 7 tn 7 diff 2 enh 1 comp 1",
        StorypathRequest(P(7), target=7, difficulty=2, enhancement=1, complications=(1,)),
    ),
    ("hubris 6 edge 2 diff 1 rote", HubrisRequest(P(6), edge=2, difficulty=1, rote=True)),
    ("hubris 4 wp auto 1", HubrisRequest(P(4), willpower=True, auto=1)),
    (
        "chronicles 6 vs chronicles 4",
        ContestRequest(ChroniclesRequest(P(6)), ChroniclesRequest(P(4))),
    ),
    (
        "custom 8d10 t8 again 10 cancel 1 botch",
        CustomRequest(P(8), sides=10, target=8, again=10, cancel=True, botch=True),
    ),
]


@pytest.mark.parametrize(("line", "expected"), ISSUE_LINES)
def test_issue_lines_parse_and_render_to_themselves(line: str, expected: Request) -> None:
    assert parse(line) == expected
    assert render(expected) == line


def test_a_default_option_parses_and_is_left_out_of_the_render() -> None:
    request = parse("classic 5 diff 6")
    assert request == ClassicRequest(P(5))
    assert isinstance(request, ClassicRequest)
    assert request.difficulty == 6
    assert render(request) == "classic 5"


def test_a_contest_with_defaults_renders_short() -> None:
    request = parse("storypath 5 diff 1 vs storypath 6")
    assert request == ContestRequest(StorypathRequest(P(5)), StorypathRequest(P(6)))
    assert render(request) == "storypath 5 vs storypath 6"


@pytest.mark.parametrize(
    ("line", "canonical"),
    [
        ("  CLASSIC\t7   DIFFICULTY 8  WillPower ", "classic 7 diff 8 wp"),
        ("classic 7 wp diff8 spec never", "classic 7 diff 8 spec never wp"),
        ("classic 7 specialty double", "classic 7 spec double"),
        ("classic 7 spec always threshold 2", "classic 7 thr 2 spec"),
        ("chronicles 7 10again", "chronicles 7"),
        ("chronicles 7 noagain chance-again", "chronicles 7 noagain chance-again"),
        ("chronicles +07-2", "chronicles 7-2"),
        ("chronicles -2", "chronicles -2"),
        ("sundown 2-4 second-chance zero edge 3", "sundown 2-4 edge 3 second-chance zero"),
        ("sundown 5 second-chance misses threshold 1", "sundown 5 second-chance"),
        ("storypath 5 comp 2 double complication 1 spec", "storypath 5 comp 2 comp 1 spec double"),
        ("hubris 3 keep second rote tn 9 noagain", "hubris 3 rote keep second tn 9 noagain"),
        ("hubris 3 keep larger 10again automatic 2", "hubris 3 auto 2"),
        ("hubris 5 team 4 minimum 2 team3", "hubris 5 min 2 team 4 team 3"),
        ("hubris 5 team 4 min 0 team 3 auto 1", "hubris 5 auto 1 team 4 team 3"),
        ("hubris 5 min 2 team 4 wp", "hubris 5 wp min 2 team 4"),
        ("hubris 5 vs hubris 4 TIES Attacker", "hubris 5 vs hubris 4 ties attacker"),
        ("hubris 5 vs hubris 4 ties tie", "hubris 5 vs hubris 4"),
        ("storypath 5 vs storypath 4 ties defender", "storypath 5 vs storypath 4"),
        ("8cod vs 6cod ties defender", "chronicles 8 vs chronicles 6 ties defender"),
        ("custom 8", "custom 8d10 t8"),
        ("custom 6+2D6 T 4 double 6 rote 5again", "custom (6+2)d6 t4 again 5 rote double 6"),
        ("custom (6+2)D6 t4", "custom (6+2)d6 t4"),
        ("custom 3+2", "custom (3+2)d10 t8"),  # five dice: never read as 3 plus 2d10
        ("custom (7)d6", "custom 7d6 t5"),
    ],
)
def test_other_spellings_render_canonically(line: str, canonical: str) -> None:
    assert render(parse(line)) == canonical
    assert parse(canonical) == parse(line)


def test_complications_keep_their_order() -> None:
    request = parse("storypath 5 comp 3 enh 1 comp 1 comp 2")
    assert isinstance(request, StorypathRequest)
    assert request.complications == (3, 1, 2)


def test_hubris_team_members_keep_their_order_and_the_tie_rule_ends_a_contest() -> None:
    request = parse("hubris 5 team 4 diff 1 team 3 team 6")
    assert request == HubrisRequest(P(5), difficulty=1, team=(4, 3, 6))
    contest = parse("hubris 5 min 2 vs hubris 4 team 2 ties attacker")
    assert contest == ContestRequest(
        HubrisRequest(P(5), minimum=2), HubrisRequest(P(4), team=(2,)), Winner.ATTACKER
    )


def test_hubris_keep_and_sundown_second_chance_values() -> None:
    assert parse("hubris 3 rote keep first") == HubrisRequest(P(3), rote=True, keep=Keep.FIRST)
    zero = parse("sundown 0 edge 2 second-chance zero")
    assert zero == SundownRequest(P(0), edge=2, second_chance=SecondChance.ZERO)


ALIASES = [
    ("8cod", "chronicles 8"),
    ("8cod9", "chronicles 8 9again"),
    ("8cod8", "chronicles 8 8again"),
    ("8cod0", "chronicles 8 noagain"),
    ("8codn", "chronicles 8 noagain"),
    ("8codr", "chronicles 8 rote"),
    ("6wod7", "classic 6 diff 7"),
    ("6wod", "classic 6"),
    ("sr12", "sundown 12"),
    ("sp5t7", "storypath 5 tn 7"),
    ("sp5", "storypath 5"),
    ("cod 7", "chronicles 7"),
    ("nwod 7", "chronicles 7"),
    ("wod 5 diff 7", "classic 5 diff 7"),
    ("owod 5", "classic 5"),
    ("sr 3 edge 1", "sundown 3 edge 1"),
    ("sp 4", "storypath 4"),
    ("aoh 4 wp", "hubris 4 wp"),
    ("8cod9 rote", "chronicles 8 9again rote"),
    ("8COD vs 6cod", "chronicles 8 vs chronicles 6"),
    ("cofd 7", "chronicles 7"),
    ("vtm 5 diff 7", "classic 5 diff 7"),
    ("V20 5", "classic 5"),
    ("scion 4", "storypath 4"),
    ("SR 3", "sundown 3"),
    ("8codR", "chronicles 8 rote"),
    ("8CODN", "chronicles 8 noagain"),
    ("8Cod9", "chronicles 8 9again"),
    ("8cod versus 6cod", "chronicles 8 versus chronicles 6"),
    ("8cod # vs 6cod", "chronicles 8 # vs 6cod"),
]


@pytest.mark.parametrize(("alias", "expansion"), ALIASES)
def test_aliases_expand_and_parse_like_their_expansion(alias: str, expansion: str) -> None:
    assert expand_aliases(alias) == expansion
    assert parse(alias) == parse(expansion)


def test_expansion_keeps_the_rest_of_the_line_as_typed() -> None:
    assert expand_aliases("  8COD9\tRote") == "  chronicles 8 9again\tRote"
    assert expand_aliases("Chronicles 7  rote") == "Chronicles 7  rote"
    assert expand_aliases("chronicles 7 cod") == "chronicles 7 cod"


ERRORS = [
    ("", 1, "the line is empty"),
    ("   ", 1, "the line is empty"),
    (
        "foo 7",
        1,
        "unknown system `foo`; use one of sundown, chronicles, classic, storypath, hubris, custom",
    ),
    ("  foo 7", 3, "unknown system `foo`"),
    ("classic", 8, "expected a pool after `classic`, like `7` or `5+2-3`; got end of line"),
    (
        "classic 7 spec edge 2",
        16,
        "classic has no option `edge`; its options are diff, thr, spec, wp",
    ),
    ("classic 7 diff x", 16, "expected a number after `diff`, got `x`"),
    ("classic 7 diff", 15, "expected a number after `diff`, got end of line"),
    ("classic 7 diff 11", 16, "classic difficulty is 2..10, not 11"),
    (
        "classic 7 diff 8 diff 7",
        18,
        "`diff` repeats difficulty, already set by `diff` at column 11",
    ),
    ("chronicles 7 9again 8again", 21, "already set by `9again` at column 14"),
    ("chronicles 7 rote junk", 19, "chronicles has no option `junk`"),
    ("chronicles 5 + 2", 14, "write the pool without spaces"),
    ("chronicles 7 7again", 14, "chronicles again is 8..10, not 7"),
    ("chronicles 6 vs classic 4", 17, "both sides of `vs` must roll one system"),
    ("8cod vs sr5", 9, "the first side rolls chronicles, this one sundown"),
    ("chronicles 7 vs", 16, "after `vs`, got end of line"),
    ("vs chronicles 7", 1, "got `vs`"),
    ("chronicles 7 vs chronicles 4 vs chronicles 2", 30, "a contest has two sides"),
    ("sundown 5 edge 7", 16, "Edge is 0..6, not 7"),
    ("storypath 5 diff 0", 18, "storypath Difficulty is 1..1000, not 0"),
    ("hubris 5 keep most", 15, "expected one of larger, first, second after `keep`, got `most`"),
    ("hubris 5 tn 10 9again", 16, "hubris again must be 10..10"),
    ("classic 7 spec until 0", 22, "`spec until` takes 1..10000 successes, not 0"),
    ("custom 8d10 cancel 2", 20, "only ones cancel successes"),
    ("custom 5d6 t8", 12, "custom target must be 2..6 on a d6, not 8; set it with `tN`"),
    ("custom 3d6 again 4", 12, "custom again must be 5..6 (a face that succeeds at t5), not 4"),
    ("custom 8d1", 10, "custom dice have 2..1000 sides, not 1"),
    ("custom 8d10 t7 again 5", 16, "custom again must be 7..10"),
    ("6wod11", 5, "classic difficulty is 2..10, not 11"),
    ("chronicles 7 cod", 14, "chronicles has no option `cod`"),
    ("chronicle 7", 1, "unknown system `chronicle`; did you mean `chronicles`?"),
    ("clasic 5", 1, "unknown system `clasic`; did you mean `classic`?"),
    ("8cod vs storypth 5", 9, "unknown system `storypth`; did you mean `storypath`?"),
    ("chronicles 7 9agian", 14, "chronicles has no option `9agian`; did you mean `9again`?"),
    ("classic 5 dif 2", 11, "classic has no option `dif`; did you mean `diff`?"),
    ("sundown 5 thr 2 edg 1", 17, "sundown has no option `edg`; did you mean `edge`?"),
    ("hubris 5 rote kep first", 15, "hubris has no option `kep`; did you mean `keep`?"),
    ("chronicles 6 verus chronicles 4", 14, "did you mean `versus`?"),
    ("hubris 5 keep frist", 15, "got `frist`; did you mean `first`?"),
    ("7 chronicles", 1, "`7` is a pool; write the system first: `chronicles 7`"),
    ("5+2 COD 9again", 1, "write the system first: `COD 5+2`"),
    ("chronicles 6 vs 4 chronicles", 17, "write the system first: `chronicles 4`"),
    ("7", 1, "`7` is a pool; write the system first, like `chronicles 7`"),
    ("chronicles7", 1, "put a space between the system and the pool: `chronicles 7`"),
    ("v5 6", 1, "dicepool does not have `v5` (Vampire 5th edition rolls hunger dice)"),
    ("V5 6", 1, "for V20 write `classic` or `vtm`"),
    ("hubris 5 tn 10 9-again", 16, "hubris again must be 10..10 (a face that succeeds), not 9"),
    ("chronicles 7 7-again", 14, "chronicles again is 8..10, not 7"),
    ("chronicles 7 9--again", 14, "chronicles has no option `9--again`"),
    ("classic 5 9-again", 11, "classic has no option `9-again`"),
    ("chronicles 7 junk # a note", 14, "chronicles has no option `junk`"),
    ("chronicles # a note", 12, "expected a pool after `chronicles`, like `7` or `5+2-3`; got end"),
    ("# a note", 1, "the line is empty"),
    ("hubris 5 team 0", 15, "a team member's pool is 1..10000, not 0"),
    ("hubris 5 team 10001", 15, "a team member's pool is 1..10000, not 10001"),
    ("hubris 5 team", 14, "expected a number after `team`, got end of line"),
    ("hubris 5 min 10001", 14, "a minimum of successes is 0..10000, not 10001"),
    ("hubris 5 min 1 minimum 2", 16, "`minimum` repeats minimum, already set by `min`"),
    ("hubris 5 auto 10001", 15, "automatic successes is 0..10000, not 10001"),
    ("hubris 5 edge 10001", 15, "hubris Edge is 0..10000, not 10001"),
    ("hubris 5 diff 10001", 15, "hubris Difficulty is 0..10000, not 10001"),
    ("hubris 5 ties attacker", 10, "`ties` settles a contest: write it after the defender"),
    ("hubris 5 ties attacker vs hubris 4", 10, "`ties` ends a contest line: write it last"),
    ("hubris 5 vs hubris 4 ties attacker rote", 22, "`ties` ends a contest line"),
    ("hubris 5 vs hubris 4 ties", 26, "expected one of attacker, defender, tie after `ties`"),
    ("hubris 5 vs hubris 4 ties nobody", 27, "got `nobody`"),
    ("hubris 5 vs ties attacker", 13, "expected a system (sundown"),
    (
        "storypath 5 vs storypath 4 ties attacker",
        33,
        "storypath gives equal totals to the defender by its rules; remove `ties attacker`",
    ),
    ("sundown 5 vs sundown 4 ties tie", 29, "sundown gives equal totals to the defender"),
    ("custom (3+2) t8", 8, "like `8d10` or `(6+2)d10`; got `(3+2)`"),  # brackets need a die
    ("custom (3+2d6", 8, "got `(3+2d6`"),
]


@pytest.mark.parametrize(("line", "column", "message"), ERRORS)
def test_errors_name_the_column_and_what_was_expected(line: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(line)
    assert caught.value.column == column
    assert caught.value.line == line
    assert str(caught.value).startswith(f"column {column}: ")
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("a" * 501, "column 501: the line is 501 characters long, over the limit of 500"),
        ("chronicles 10001", "column 12: a pool of 10001 dice is over the limit of 10000"),
        ("chronicles 9000+2000", "column 12: a pool of 11000 dice is over the limit of 10000"),
        ("custom 9000+2000d6 t5", "column 8: a pool of 11000 dice"),
        ("chronicles 5 vs chronicles 20000", "column 28: a pool of 20000 dice"),
        ("sundown 9999 edge 6", "column 9: with its bonus dice the roll is 10005 dice"),
        ("hubris 9999 wp", "column 8: with its bonus dice the roll is 10002 dice"),
        (
            "hubris 5000 team 4000 team 1001",
            "column 8: with its bonus and team dice the roll is 10001 dice",
        ),
        ("hubris 1 team 10000", "column 8: with its bonus and team dice the roll is 10001 dice"),
    ],
)
def test_limits_are_limit_errors_that_say_where_and_how_to_fix(line: str, message: str) -> None:
    with pytest.raises(LimitError, match=r"; (shorten it|roll fewer dice)") as caught:
        parse(line)
    assert str(caught.value).startswith(message)


def test_limits_are_inclusive() -> None:
    assert parse("chronicles 10000") == ChroniclesRequest(P(10_000))
    team = parse("hubris 4000 team 5000 team 1000")
    assert isinstance(team, HubrisRequest) and team.all_dice == 10_000
    chance = parse("hubris 1 diff 1 team 10000")  # the main roll's chance die counts one
    assert isinstance(chance, HubrisRequest) and chance.all_dice == 10_000
    assert parse("hubris 1 diff 10000 team 1 min 10000 auto 10000 edge 10000") == HubrisRequest(
        P(1), difficulty=10_000, team=(1,), minimum=10_000, auto=10_000, edge=10_000
    )
    assert parse("chronicles 7" + " " * 488) == ChroniclesRequest(P(7))  # 500 characters


def test_a_rules_error_from_a_constructor_points_at_the_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(**fields: Any) -> ClassicRequest:
        if fields.get("willpower"):
            raise RulesError("no Willpower today")
        return ClassicRequest(**fields)

    systems = {**parse_module.SYSTEMS, "classic": dataclasses.replace(CLASSIC, make=refuse)}
    monkeypatch.setattr(parse_module, "SYSTEMS", systems)
    with pytest.raises(NotationError, match=r"^column 16: no Willpower today$"):
        parse("classic 7 vs   classic 5 wp")


def test_the_public_api() -> None:
    assert notation.__all__ == ["expand_aliases", "parse", "render", "split_comment", "system_name"]


def test_no_suggestion_when_nothing_is_close() -> None:
    with pytest.raises(NotationError) as caught:
        parse("chronicles 7 xyzzy")
    assert "did you mean" not in str(caught.value)
    assert str(caught.value).endswith(
        "its options are 9again, 8again, noagain, rote, chance-again, wp"
    )
    assert did_you_mean("xyzzy", ["chronicles", "classic"]) is None
    assert did_you_mean("CLASIC", ["classic", "classic"]) == "did you mean `classic`?"


@pytest.mark.parametrize(
    ("line", "canonical"),
    [
        ("chronicles 7 9-again", "chronicles 7 9again"),
        ("chronicles 7 8-AGAIN rote", "chronicles 7 8again rote"),
        ("chronicles 7 10-again", "chronicles 7"),
        ("chronicles 7 no-again", "chronicles 7 noagain"),
        ("chronicles 7 No-Again chance-again", "chronicles 7 noagain chance-again"),
        ("hubris 5 9-again", "hubris 5 9again"),
        ("hubris 5 no-again", "hubris 5 noagain"),
        ("custom 8d10 9-again", "custom 8d10 t8 again 9"),
        ("chronicles 6 versus chronicles 4", "chronicles 6 vs chronicles 4"),
        ("cod 6 VERSUS nwod 4", "chronicles 6 vs chronicles 4"),
        ("chronicles 7 # sneaking past the guard", "chronicles 7"),
        ("chronicles 7 9again#vs chronicles 9", "chronicles 7 9again"),
        ("chronicles 6 vs chronicles 4 # a duel at dawn", "chronicles 6 vs chronicles 4"),
        ("CofD 7", "chronicles 7"),
        ("vtm 7 diff 8", "classic 7 diff 8"),
        ("Scion 5 diff 2", "storypath 5 diff 2"),
    ],
)
def test_the_spellings_players_use_parse_to_the_canonical_line(line: str, canonical: str) -> None:
    assert render(parse(line)) == canonical


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("chronicles 7 # sneaking past the guard", ("chronicles 7 ", "sneaking past the guard")),
        ("chronicles 7", ("chronicles 7", None)),
        ("chronicles 7 #", ("chronicles 7 ", None)),
        ("chronicles 7 #   ", ("chronicles 7 ", None)),
        ("chronicles 7 #  one # two  ", ("chronicles 7 ", "one # two")),
        ("#note", ("", "note")),
        ("chronicles 7 #\x1b]0;x\x07", ("chronicles 7 ", "\x1b]0;x\x07")),
    ],
)
def test_split_comment_keeps_the_roll_as_typed_and_trims_the_comment(
    line: str, expected: tuple[str, str | None]
) -> None:
    assert split_comment(line) == expected


def test_the_comment_counts_towards_the_line_limit() -> None:
    line = "chronicles 7 #" + "x" * 486
    assert len(line) == 500
    assert parse(line) == ChroniclesRequest(P(7))
    with pytest.raises(LimitError, match="the line is 501 characters long"):
        parse(line + "x")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("chronicles", "chronicles"),
        ("CoD", "chronicles"),
        ("cofd", "chronicles"),
        ("nWoD", "chronicles"),
        ("wod", "classic"),
        ("owod", "classic"),
        ("VTM", "classic"),
        ("v20", "classic"),
        ("scion", "storypath"),
        ("sp", "storypath"),
        ("sr", "sundown"),
        (" aoh ", "hubris"),
        ("Custom", "custom"),
    ],
)
def test_system_name_reads_names_and_aliases_in_any_case(text: str, name: str) -> None:
    assert system_name(text) == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chronicle", "unknown system `chronicle`; did you mean `chronicles`?"),
        ("vtn", "unknown system `vtn`; did you mean `vtm`?"),
        ("v5", "dicepool does not have `v5`"),
        ("pokemon", "unknown system `pokemon`; use one of sundown, chronicles, classic"),
    ],
)
def test_system_name_refuses_other_words_with_a_way_out(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        system_name(text)
    assert str(caught.value).startswith(message)
    assert caught.value.column == 0
