"""What the table says on Discord: every message within Discord's limits, what users typed
shown as typed, dice as the terminal shows them with a mark for each look."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dicepool.web.discord_rolls import dice_text
from dicepool.web.discord_words import CONTENT, ROOM, block, fitting, message, percent


@given(st.text(max_size=5000))
def test_a_message_fits_discord_and_its_text_cannot_leave_the_block(text: str) -> None:
    content = message(text)["content"]
    assert len(content) <= CONTENT
    assert content.startswith("```\n") and content.endswith("\n```")
    assert content.count("```") == 2
    assert message(text)["allowed_mentions"] == {"parse": []}


@given(st.lists(st.text(alphabet="ab \u00e9", max_size=3000), max_size=40))
def test_lines_fitted_to_messages_keep_their_order_and_each_message_fits(
    lines: list[str],
) -> None:
    groups = fitting(lines)
    assert all(len("\n".join(g)) <= ROOM for g in groups)
    flat = [line for group in groups for line in group]
    assert [line[: ROOM - 1] for line in lines] == [line.rstrip("…")[: ROOM - 1] for line in flat]


def test_a_short_text_is_whole_and_an_ephemeral_answer_is_flagged() -> None:
    assert block("2 successes") == "```\n2 successes\n```"
    assert message("x", ephemeral=True)["flags"] == 64
    assert "flags" not in message("x")


def test_dice_are_shown_with_the_terminals_marks_and_their_looks_marked() -> None:
    def die(face: int, events: list[str], successes: int = 0, standing: int = 0) -> dict:
        return {
            "face": face,
            "origin": "rolled",
            "roll": 0,
            "roller": 0,
            "successes": successes,
            "standing": standing,
            "events": events,
        }

    dice = [die(10, ["exploded"], 1, 1), die(1, ["one"]), die(7, [], 1, 0), die(3, [])]
    assert dice_text("chronicles", dice) == ["  rolled  10!* 1- (7) 3"]


def test_odds_are_percent_with_a_sliver_shown_as_one() -> None:
    assert percent(0.6570) == "65.70%" and percent(1e-9) == "<0.01%" and percent(0) == "0.00%"
