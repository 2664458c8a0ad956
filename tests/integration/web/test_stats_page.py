"""The table's dice on the web: the page with its charts and the JSON API, for each seat.

Rolls here are the server's own dice (no faces by hand: those are left out of the statistics),
so the counts are read from the rolls' own answers.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.dice_stats import DiceStats, Lines, Tally
from dicepool.odds.fit import fair_die_fit
from dicepool.web.limits import Bucket
from dicepool.web.pages import csrf_of
from dicepool.web.stats_page import chart, nice_top, templates

from .conftest import bearer
from .test_pages import opened, player_client

pytestmark = pytest.mark.usefixtures("db")


def faces(stats: dict[str, Any]) -> int:
    return sum(fit["faces"] for fit in stats["table"]["dice"])


def test_a_player_gets_a_hidden_rolls_faces_only_once_it_is_revealed(client: TestClient) -> None:
    where, told, invite = opened(client, "cofd")
    other, player = player_client(client, invite)
    url, rolls = f"/api/campaigns/{where}/stats", f"/api/campaigns/{where}/rolls"
    public = client.post(rolls, json={"line": "chronicles 4"}, headers=bearer(told)).json()
    hidden = client.post(
        rolls, json={"line": "chronicles 6 8again", "hidden": True}, headers=bearer(told)
    ).json()
    shown, secret = len(public["roll"]["dice"]), len(hidden["roll"]["dice"])
    storyteller = client.get(url, headers=bearer(told)).json()
    before = client.get(url, headers=bearer(player)).json()
    assert faces(storyteller) == shown + secret and storyteller["table"]["rolls"] == 2
    assert faces(before) == shown and before["table"]["rolls"] == 1
    assert before["table"]["lines"]["observed"] == public["roll"]["successes"]
    page = other.get(f"/c/{where}/stats").text
    assert f"{shown} faces" in page and f"{shown + secret} faces" not in page
    revealed = client.post(
        f"/api/campaigns/{where}/events/{hidden['event']}/reveal", headers=bearer(told)
    )
    assert revealed.status_code == 201
    after = client.get(url, headers=bearer(player)).json()
    assert faces(after) == shown + secret and after == storyteller
    assert f"{shown + secret} faces" in other.get(f"/c/{where}/stats").text


def test_the_page_draws_an_svg_chart_and_the_table_links_to_it(client: TestClient) -> None:
    where, told, _ = opened(client, "cofd")
    assert f'href="/c/{where}/stats"' in client.get(f"/c/{where}").text
    empty = client.get(f"/c/{where}/stats")
    assert empty.status_code == 200 and "No die rolled yet" in empty.text
    for line in ("chronicles 5 # <b>bold</b>", "chronicles 3"):
        client.post(f"/c/{where}/roll", data={"line": line, "csrf": csrf_of(told)})
    page = client.get(f"/c/{where}/stats")
    assert page.status_code == 200
    assert len(re.findall(r"<svg viewBox=\"0 0 400 200\"", page.text)) == 1
    assert page.text.count('class="observed"') == 10  # a bar per face of the d10
    assert "The table rolled 2 lines whose exact expected successes total" in page.text
    assert "p = " in page.text and "<script" not in page.text.split("</head>")[1]


def test_the_api_needs_a_seats_token_and_its_own_table(client: TestClient) -> None:
    where, told, _ = opened(client, "cofd")
    url = f"/api/campaigns/{where}/stats"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer("x" * 43)).status_code == 401
    assert client.get(f"/api/campaigns/{where + 1}/stats", headers=bearer(told)).status_code == 404
    unknown = client.get(f"{url}?char=Nobody", headers=bearer(told))
    assert unknown.status_code == 409 and "no character `Nobody`" in unknown.json()["error"]
    stranger = TestClient(client.app)
    assert stranger.get(f"/c/{where}/stats", headers={"accept": "text/html"}).status_code == 401


def test_a_seat_asking_too_often_is_slowed(client: TestClient) -> None:
    client.app.state.buckets["odds"] = Bucket(rate=0.001, burst=2)  # type: ignore[attr-defined]
    where, told, _ = opened(client, "cofd")
    url = f"/api/campaigns/{where}/stats"
    statuses = [client.get(url, headers=bearer(told)).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_the_chart_scales_its_bars_to_a_round_top() -> None:
    assert [nice_top(v) for v in (0.6, 1, 3, 7, 11, 26, 499)] == [1, 1, 5, 10, 20, 50, 500]
    drawn = chart(fair_die_fit([1, 2, 3, 4]))
    assert [b.axis for b in drawn.bars] == ["1", "2", "3", "4"]
    assert drawn.ticks == (("0", drawn.base), ("5", drawn.ticks[-1][1]))  # whole counts only
    tallest = min(b.y for b in drawn.bars)
    assert drawn.bars[3].y == tallest and tallest > 0
    big = chart(fair_die_fit([1] * 100))
    assert len(big.bars) == 20 and big.bars[0].label == "1-5"
    assert [b.axis for b in big.bars if b.axis] == ["1", "25", "50", "75", "100"]
    assert [t[0] for t in big.ticks] == ["0", "5"]


def test_a_p_value_a_fair_die_rarely_gives_is_said_in_words_beside_its_colour() -> None:
    """The page's p-values: red and yellow for a rare and an unusual one, and words too (colour
    is never the only sign); drawn from stats whose faces are chosen, not rolled."""
    rare = fair_die_fit([40, 0, 0, 0, 0, 0])  # forty ones on a d6
    unusual = fair_die_fit([13, 2, 6, 5, 3, 7])  # p about 0.03
    fair = fair_die_fit([7, 7, 6, 7, 7, 6])
    assert rare.p_value < 0.01 < unusual.p_value < 0.05 < fair.p_value
    stats = DiceStats("Night", "sundown", "hits", None, Tally(None, 9, (rare,), Lines()), (), {})
    seat = SimpleNamespace(campaign_id=1, character=None, name="Mo")
    page = templates.get_template("stats.html").render(stats=stats, seat=seat)
    assert re.search(r'class="p p-rare">p = 0\.000 \(rare for fair dice\)<', page)
    for fit, said in ((unusual, "unusual"), (fair, None)):
        shown = replace(stats, table=Tally(None, 9, (fit,), Lines()))
        page = templates.get_template("stats.html").render(stats=shown, seat=seat)
        if said:
            assert f'class="p p-{said}">p = {fit.p_value:.3f} ({said})<' in page
        else:
            assert f'class="p">p = {fit.p_value:.3f}<' in page
