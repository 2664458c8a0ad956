"""The sheet edit's guard over random names and cases (hypothesis)."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from dicepool.errors import FieldError
from dicepool.sheet.character import new_character
from dicepool.sheet.edit import edited, read_edit, resembled
from dicepool.sheet.traits import RESERVED, SHEETS, name_key

NAMED = sorted({(s, t) for s, rules in SHEETS.items() for t in rules.start()})


def any_case(draw: st.DrawFn, name: str) -> str:
    flips = draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
    return "".join(c.swapcase() if flip else c for c, flip in zip(name, flips, strict=True))


@st.composite
def named_in_any_case(draw: st.DrawFn) -> tuple[str, str, str]:
    system, trait = draw(st.sampled_from(NAMED))
    return system, trait, any_case(draw, trait)


@given(named_in_any_case())
def test_a_named_trait_in_any_case_is_set_and_never_suggested(named: tuple[str, str, str]) -> None:
    system, trait, typed = named
    sheet = new_character("Ana", system)
    after = edited(sheet, read_edit(f"{typed}+=0"))
    assert set(after.traits) == set(sheet.traits)  # no new trait
    assert after.traits[trait] == sheet.traits[trait]
    assert resembled(typed, sheet.traits) == []


@given(
    st.sampled_from(sorted(SHEETS)),
    st.text(st.characters(categories=["Lu", "Ll"]), min_size=1, max_size=12),
    st.booleans(),
)
def test_a_new_name_is_added_or_refused_with_a_known_name(
    system: str, name: str, as_addition: bool
) -> None:
    assume(name.casefold() not in RESERVED)
    sheet = new_character("Ana", system)
    fields = {"add": f"{name}=1"} if as_addition else {"changes": f"{name}=1"}
    try:
        after = edited(sheet, read_edit(**fields))
    except FieldError as exc:
        assert not as_addition and exc.field == "changes"
        assert any(f"`{t}`" in str(exc) for t in sheet.traits)  # the suggestion is a real trait
        return
    known = {name_key(t) for t in sheet.traits}
    assert name_key(name) in {name_key(t) for t in after.traits}
    if name_key(name) not in known:
        assert len(after.traits) == len(sheet.traits) + 1
