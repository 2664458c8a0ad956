"""The table's dice on the web: a page with a bar chart per die size, and its JSON API.

Both show a seat what :func:`~dicepool.campaign.dice_stats.table_dice_stats` counts from the
rolls its log shows it (a player's leave out a hidden roll until it is revealed). The chart is
an SVG drawn on the server (observed faces as bars, a fair die's expectation as a dashed mark
over each), scaled to the page's width: no script draws it. The lines' odds are worked out
within the server's budget for an odds question, and the page is metered as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from dicepool.campaign.dice_stats import (
    LEFT_OUT_WORDS,
    DiceStats,
    lines_sentence,
    p_words,
    table_dice_stats,
)
from dicepool.campaign.line_odds import LineOdds
from dicepool.campaign.seats import Seat
from dicepool.odds import Budget
from dicepool.odds.fit import FaceFit, FaceGroup, face_groups
from dicepool.sheet.traits import name_key
from dicepool.store.database import Database
from dicepool.web.api import NAME, ODDS_MEMORY, ODDS_SECONDS, TableSeat
from dicepool.web.kept import answer_of
from dicepool.web.limits import limited, working
from dicepool.web.pages import page_seat, templates
from dicepool.web.problems import answers

router = APIRouter()

STATS_SECONDS = 2.0
"""The time all the lines' odds of one answer may cost together on the server (each line at
most :data:`~dicepool.web.api.ODDS_SECONDS`)."""

Character = Annotated[
    str | None, Query(max_length=NAME, description="Only the rolls of this character.")
]


def _db(request: Request) -> Database:
    database: Database = request.app.state.db
    return database


def seat_stats(request: Request, seat: Seat, character: str | None) -> DiceStats:
    """The dice statistics ``seat`` may see, metered and bounded as an odds question, and
    charged the time they took: made once for each state of the log (:func:`answer_of`)."""
    limited(request.app, "odds", seat.id, "too many odds questions from this seat")
    odds = LineOdds(Budget(STATS_SECONDS, ODDS_MEMORY), ODDS_SECONDS)
    named = character or None

    def made() -> DiceStats:
        return table_dice_stats(_db(request), seat, named, odds)

    asked = ("stats", name_key(named) if named else None)
    with working(request.app, seat.id, "this seat's statistics took much of the server's time"):
        return answer_of(request.app, seat, asked, made)


# --- the chart -------------------------------------------------------------------------------

WIDTH, HEIGHT = 400, 200
"""The chart's own units (its viewBox): it is drawn at the page's width, its height to scale."""

LEFT, RIGHT, BOTTOM, TOP = 34, 14, 22, 8
"""Room for the count axis's labels, for the last face's label to overhang its bar, for the
faces' labels, and above the tallest bar."""


@dataclass(frozen=True)
class Bar:
    """A face (or run of faces) of the chart: its bar, its expectation's mark, its labels.

    Attributes:
        label: the faces it stands for (``7``, ``1-5``), for its tooltip.
        axis: what the axis says under it ("" for nothing: a crowded axis labels fewer).
    """

    x: float
    width: float
    y: float
    expected_y: float
    label: str
    axis: str
    observed: int
    expected: float


LABELLED = 12
"""The most bars that each get a label on the axis; more are labelled every fifth."""


def axis_label(group: FaceGroup, index: int, count: int) -> str:
    """What the axis says under a bar: every face of a small die; on a crowded axis the first
    face, then the last face of every fifth bar (``25``, ``50``... on a d100)."""
    if count <= LABELLED:
        return group.label
    if index == 0:
        return str(group.first)
    return str(group.last) if (index + 1) % 5 == 0 else ""


@dataclass(frozen=True)
class Chart:
    """A die size's chart in the SVG's units.

    Attributes:
        bars: one per face, or per run of faces on a large die.
        ticks: the count axis's labelled values and their heights.
        base: the height of the axis (a count of 0).
        width, height: the viewBox's size.
        left, right: where the plot begins (right of the count axis's labels) and ends.
    """

    bars: tuple[Bar, ...]
    ticks: tuple[tuple[str, float], ...]
    base: float
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT


def nice_top(value: float) -> float:
    """The smallest of 1, 2, 5, 10, 20, 50 ... at or above ``value`` (an axis's top)."""
    top = 1.0
    while top < value:
        top = top * 2.5 if str(int(top))[0] == "2" else top * 2
    return top


def chart(fit: FaceFit) -> Chart:
    """The bars and marks of a die size's chart."""
    groups = face_groups(fit)
    top = nice_top(max(max(g.observed for g in groups), max(g.expected for g in groups)))
    base, height = HEIGHT - BOTTOM, HEIGHT - BOTTOM - TOP
    slot = (WIDTH - RIGHT - LEFT) / len(groups)

    def y(count: float) -> float:
        return round(base - height * count / top, 2)

    bars = tuple(
        Bar(
            round(LEFT + slot * i + slot * 0.15, 2),
            round(slot * 0.7, 2),
            y(g.observed),
            y(g.expected),
            g.label,
            axis_label(g, i, len(groups)),
            g.observed,
            g.expected,
        )
        for i, g in enumerate(groups)
    )
    marks = (0, top / 2, top) if top % 2 == 0 else (0, top)  # counts are whole
    return Chart(bars, tuple((f"{v:g}", y(v)) for v in marks), base)


templates.env.globals.update(
    chart=chart, lines_sentence=lines_sentence, left_out_words=LEFT_OUT_WORDS, p_words=p_words
)


# --- the page and the API --------------------------------------------------------------------


@router.get("/c/{campaign_id}/stats", response_class=HTMLResponse, include_in_schema=False)
def stats_page(request: Request, campaign_id: int, char: Character = None) -> Response:
    """The table's dice, as this browser's seat may see them: charts, p-values, the odds."""
    seat, _ = page_seat(request, campaign_id)
    found = seat_stats(request, seat, char)
    return templates.TemplateResponse(request, "stats.html", {"seat": seat, "stats": found})


class DieFit(BaseModel):
    """One die size's faces against a fair die."""

    sides: int = Field(description="The die's faces (10 for a d10).")
    faces: int = Field(description="How many faces fell in all.")
    observed: dict[str, int] = Field(description="How often each face fell, by face.")
    expected: float = Field(description="How often a fair die shows each face in as many.")
    chi_square: float = Field(description="Pearson's statistic against a fair die.")
    dof: int = Field(description="Its degrees of freedom (sides - 1).")
    p_value: float = Field(description="The chance a fair die strays as far or further.")
    reliable: bool = Field(description="Every face expected 5 times or more (else rough).")


class LinesOdds(BaseModel):
    """Rolls' totals (successes, or hits) against the exact odds of their lines."""

    compared: int = Field(description="The rolls whose lines' odds were worked out.")
    expected: float = Field(description="Their exact expected totals, summed.")
    sd: float = Field(description="The standard deviation of that sum.")
    observed: int = Field(description="Their totals as rolled, summed.")
    deviations: float | None = Field(description="(observed - expected) / sd; null if sd is 0.")
    not_compared: dict[str, int] = Field(description="Rolls not compared, by reason.")


class SeatDice(BaseModel):
    """One seat's rolls (or the whole table's)."""

    actor: str | None = Field(description="The seat, as the log names it; null: the table.")
    rolls: int
    dice: list[DieFit]
    lines: LinesOdds


class TableDice(BaseModel):
    """The table's dice, as `dicepool stats --json` prints them."""

    campaign: str
    system: str
    counted: str = Field(description="What a total counts: successes, or hits (sundown).")
    character: str | None = Field(description="The character whose rolls alone count.")
    table: SeatDice
    actors: list[SeatDice]
    left_out: dict[str, int] = Field(
        description="Rolls left out, by reason: struck (undone), typed (by hand), unreadable."
    )


@router.get(
    "/api/campaigns/{campaign_id}/stats",
    response_model=TableDice,
    responses=answers(401, 404, 409, 413, 422, 429, 503),
)
def stats_api(
    campaign_id: int, request: Request, seat: TableSeat, char: Character = None
) -> dict[str, Any]:
    """The table's dice as this seat may see them: per seat and die size, each face's count
    against a fair die, and the rolls' totals against the exact odds of their lines."""
    return seat_stats(request, seat, char).to_dict()
