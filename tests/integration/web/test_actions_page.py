"""The sheet's actions as a player reads them on the page, in-process on SQLite: only what
applies now (Degenerate after a failed crisis roll alone, ruling 14), each with its line from
the rules and a visible label on every field, and the server's refusal of a form sent anyway;
a roll line that names a character where a trait goes, said as such (never "add a trait
called Harbor")."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.actions import ACTIONS, perform_as_owner
from dicepool.core.dice import ForcedDice
from dicepool.store.database import Database
from dicepool.web.pages import csrf_of

from .test_actions_api import EXAMPLES, Scene, example_of, storyteller_table
from .test_page_words import page_of
from .test_sheets_api import seated

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

HX = {"hx-request": "true"}


class Forms(HTMLParser):
    """The action forms of a page (``form.act-form``): each one's action, its line from the
    rules, its fields (inputs, selects, text areas a player fills) with the visible words
    of the label each sits in ("" for a field in no label), and its buttons that send a value
    (one tap: ``(kind, lethal)``)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, list[tuple[str, str]]] = {}
        self.taps: dict[str, list[tuple[str, str]]] = {}
        self.explained: dict[str, str] = {}
        self._form: str | None = None
        self._labels: list[list[str]] = []  # the words of each label open, innermost last
        self._fields: list[list[str]] = []  # the fields inside each label open
        self._in_option = 0
        self._explain: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form" and "act-form" in (found.get("class") or "").split():
            self._form = found.get("data-action") or "?"
            self.forms.setdefault(self._form, [])
        elif self._form is None:
            return
        elif tag in ("div", "details") and "explain" in (found.get("class") or "").split():
            self._explain = []  # a sheet's action: its name the summary, the rules line folded
        elif tag == "label":
            self._labels.append([])
            self._fields.append([])
        elif tag == "option":
            self._in_option += 1
        elif tag == "button" and found.get("name"):
            self.taps.setdefault(self._form, []).append(
                (found["name"] or "", found.get("value") or "")
            )
        elif tag in ("input", "select", "textarea") and found.get("type") != "hidden":
            name = found.get("name") or "?"
            if self._fields:
                self._fields[-1].append(name)
            else:
                self.forms[self._form].append((name, ""))

    def handle_endtag(self, tag: str) -> None:
        if self._form is None:
            return
        if tag == "form":
            self._form = None
        elif tag == "summary" and self._explain is not None:
            self._explain.append(": ")
        elif tag in ("div", "details") and self._explain is not None:
            self.explained[self._form] = " ".join("".join(self._explain).split())
            self._explain = None
        elif tag == "label" and self._labels:
            words = " ".join("".join(self._labels.pop()).split())
            for name in self._fields.pop():
                self.forms[self._form].append((name, words))
        elif tag == "option":
            self._in_option -= 1

    def handle_data(self, data: str) -> None:
        if self._explain is not None:
            self._explain.append(data)
        if self._labels and not self._in_option:
            self._labels[-1].append(data)


def forms_of(page: str) -> Forms:
    parsed = Forms()
    parsed.feed(page)
    return parsed


def page(browser: TestClient, table_id: int) -> str:
    answer = browser.get(f"/c/{table_id}")
    assert answer.status_code == 200, answer.text
    return answer.text


DRAWN = [
    (system, name)
    for name, action in ACTIONS.items()
    for system in sorted(action.systems)
    if not action.on_roll
    and action.name != "sheet"  # the sheet's own edit form, with its error beside each field
    and (action.for_character or action.group not in ("dice", "seats"))
]
"""The actions the sheets and the story card draw with their forms, at a table of each system."""


@pytest.mark.parametrize(("system", "name"), DRAWN, ids=[f"{s}-{n}" for s, n in DRAWN])
def test_an_action_that_applies_is_drawn_with_its_rules_line_and_a_label_on_every_field(
    client: TestClient, db: Database, system: str, name: str
) -> None:
    table = storyteller_table(client, system)
    example_of(name, system).before(Scene(table, db))  # the table made ready, as its example is
    forms = forms_of(page(page_of(client, table.storyteller), table.id))
    action = ACTIONS[name]
    assert name in forms.forms, f"{name} applies (its example is taken) but is not drawn"
    called, explained = forms.explained[name].split(": ", 1)
    assert explained == html.unescape(action.explanation)
    # an action on a track names the track its form acts on (hidden): Take damage · Health
    assert called == action.button or (action.on_track and called.startswith(action.button))
    fields = forms.forms[name]
    shown = [p for p in action.web_params(system) if p.name != "character"]
    if action.on_track and called != action.button:
        shown = [p for p in shown if p.name != "track"]
    taps = [p for p in shown if p.buttons]
    wanted = {p.name for p in shown if not p.buttons}
    assert {field for field, _ in fields} == wanted, fields
    for tap in taps:  # a choice shown as buttons: one a value (and one for none, if optional)
        values = [v for n, v in forms.taps[name] if n == tap.name]
        assert values == ([""] if tap.unchosen else []) + list(tap.choices(system)), values
    for field, words in fields:
        param = next(p for p in action.params if p.name == field)
        assert words == param.words, (name, field, words)  # visible, not a placeholder


def test_degenerate_is_offered_only_after_a_failed_crisis_roll_and_refused_otherwise(
    client: TestClient, db: Database
) -> None:
    table, bo = seated(client, "hubris", "Willpower=3 Morality=3 Resolve=2 Stamina=2")
    browser = page_of(client, bo)
    before = forms_of(page(browser, table.id)).forms
    assert "degenerate" not in before and "atone" not in before
    assert {"damage", "rest", "sin"} <= set(before)
    # sent anyway, the form is refused in the rule's words, and nothing is logged
    form = {"csrf": csrf_of(bo)}
    refused = browser.post(f"/c/{table.id}/act/degenerate", data=form, headers=HX)
    assert "degenerate only right after a failed crisis roll" in refused.text, refused.text

    assert table.act(bo, "sin", rating=3, what="the guard").status_code == 201
    in_crisis = forms_of(page(browser, table.id)).forms
    assert "degenerate" not in in_crisis and "atone" in in_crisis
    atone = ACTIONS["atone"]  # the crisis roll of atonement fails: three dice, no success
    perform_as_owner(db, table.name, "Mo", atone, {"character": "Ana"}, ForcedDice([1, 2, 3]))
    failed = forms_of(page(browser, table.id))
    assert "degenerate" in failed.forms
    assert "Morality falls by one" in failed.explained["degenerate"]

    took = browser.post(f"/c/{table.id}/act/degenerate", data=form, headers=HX)
    assert took.status_code == 200 and 'class="ok"' in took.text, took.text
    assert table.state(bo, "Ana")["morality"] == 2
    assert "degenerate" not in forms_of(page(browser, table.id)).forms  # once: the crisis ended


def test_a_player_naming_the_storytellers_character_is_told_how_to_roll_against_it(
    client: TestClient,
) -> None:
    table, bo = seated(client, "hubris", "Strength=3 Brawl=2")
    assert table.create(table.storyteller, "Harbor", "Strength=4 Brawl=3").status_code == 201
    browser = page_of(client, bo)

    def said(line: str) -> str:
        answer = browser.get(f"/c/{table.id}/odds", params={"line": line, "character": "Ana"})
        message = re.search(r'class="error"[^>]*>([^<]*)<', answer.text)
        assert message, answer.text
        return html.unescape(message[1])

    harbor = said("Harbor + Brawl")
    assert "A character you don't play?" in harbor
    assert "the storyteller rolls Harbor's side" in harbor
    assert "Ana: ... vs Harbor: ..." in harbor
    assert "dicepool" not in harbor  # the page's words, not the command line's
    # said the same of a name that is nobody: the storyteller's characters stay unseen
    assert said("Zed + Brawl") == harbor.replace("Harbor", "Zed")
    # the storyteller sees Harbor, and is told it is a character, not a trait
    told = page_of(client, table.storyteller)
    answer = told.get(f"/c/{table.id}/odds", params={"line": "Harbor + Brawl", "character": "Ana"})
    assert "`Harbor` is a character, not a trait of Ana" in html.unescape(answer.text)
    assert "Harbor=N" not in answer.text


def test_a_logged_roll_offers_its_stunt_folded_with_its_labelled_fields(
    client: TestClient, db: Database
) -> None:
    table = storyteller_table(client, "storypath")
    event = EXAMPLES["stunt"].before(Scene(table, db))["event"]  # Ana's roll, stunt successes
    browser = page_of(client, table.storyteller)
    entry = page(browser, table.id).split(f'id="ev-{event}"', 1)[1].split("</li>", 1)[0]
    assert '<details class="roll-action" data-action="stunt">' in entry
    forms = forms_of(entry)
    stunt = ACTIONS["stunt"]
    assert forms.explained["stunt"] == html.unescape(stunt.explanation)
    labels = {p.name: p.words for p in stunt.web_params() if p.name != "event"}
    assert dict(forms.forms["stunt"]) == labels
    # the form as the page sends it, its fields filled: the Stunt is bought
    form = {"csrf": csrf_of(table.storyteller), "event": str(event), "effect": "enhancement"}
    bought = browser.post(f"/c/{table.id}/act/stunt", data={**form, "level": "1"}, headers=HX)
    assert bought.status_code == 200 and 'class="ok"' in bought.text, bought.text


def test_a_rote_rolls_successes_in_the_roll_not_kept_are_coloured_and_struck(
    client: TestClient,
) -> None:
    table = storyteller_table(client, "hubris")
    browser = page_of(client, table.storyteller)

    def entry(faces: list[int]) -> str:
        body = {"line": "hubris 4 rote", "dice": faces}
        answer = client.post(f"{table.url}/rolls", json=body, headers=table.by(table.storyteller))
        assert answer.status_code == 201, answer.text
        seq = answer.json()["event"]
        return page(browser, table.id).split(f'id="ev-{seq}"', 1)[1].split("</li>", 1)[0]

    unkept = 'class="die die-success die-unkept" title="a success of a roll not kept"><s>[{}]</s>'
    # the first roll kept (8 9: two successes); the reroll's 8 was a success too, not counted
    first = entry([8, 9, 3, 1, 8, 2])
    assert first.count('class="die die-success"') == 2  # the 8 and the 9 counted
    assert unkept.format(8) in first and first.count("die-unkept") == 1
    # the second roll kept (9 9 against 8): the first roll's 8, not counted, coloured the same
    second = entry([8, 3, 2, 1, 9, 9, 4])
    assert unkept.format(8) in second and second.count("die-unkept") == 1
    assert second.count('class="die die-success"') == 2


def test_a_sundown_tables_examples_name_sundowns_own_traits(client: TestClient) -> None:
    table, bo = seated(client, "sundown", "Agility=3 Stealth=2 Edge=1")
    mine = page(page_of(client, bo), table.id)
    told = page(page_of(client, table.storyteller), table.id)
    assert 'placeholder="Agility + Stealth # sneaking"' in mine  # the roll box
    assert 'placeholder="Agility=3 Stealth+=1"' in mine  # the sheet's changes
    assert 'placeholder="Agility=3 Stealth=2"' in told  # a new character's traits
    for text in (mine, told):
        placeholders = re.findall(r'placeholder="([^"]*)"', text)
        assert placeholders and not [p for p in placeholders if "Dexterity" in p], placeholders
