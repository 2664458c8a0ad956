"""Creating a character on the page: the text's own spellings taken, a slip answered on the
same page with the form as typed, and a sheet that shows its specialties."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_pages import opened, player_client

pytestmark = pytest.mark.usefixtures("db")


def _form(page: str, button: str) -> str:
    """The create form whose button reads ``button``, as the page holds it."""
    found = re.search(
        rf'<form method="post" action="/c/\d+/character" class="stack">.*?{button}', page, re.S
    )
    assert found, f"the form of {button!r}"
    return found[0]


def test_the_storytellers_classic_sheet_takes_the_texts_fortitute(client: TestClient) -> None:
    where, told, _ = opened(client, system="classic")
    made = client.post(
        f"/c/{where}/character",
        data={"name": "Mara", "traits": "Fortitute=3 Firearms=4 (Pistols)", "csrf": csrf_of(told)},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    sheet = client.get(f"/api/campaigns/{where}/characters/Mara", headers=bearer(told))
    assert sheet.status_code == 200, sheet.text
    traits = sheet.json()["traits"]
    assert traits["Fortitude"] == 3 and "Fortitute" not in traits
    page = client.get(f"/c/{where}").text
    assert "Firearms 4 (Pistols)" in html.unescape(page)  # the specialty on the sheet


def test_a_slip_in_a_new_characters_traits_comes_back_with_the_form_as_typed(
    client: TestClient,
) -> None:
    where, told, _ = opened(client, system="classic")
    typed = "Fortitde=3 Firearms=2"
    refused = client.post(
        f"/c/{where}/character",
        data={"name": "Mara", "traits": typed, "for_player": "true", "csrf": csrf_of(told)},
    )
    assert refused.status_code == 422
    page = html.unescape(refused.text)
    form = _form(page, "Create</button>")
    assert 'value="Mara"' in form and f'value="{typed}"' in form
    assert re.search(r'name="for_player" value="true" checked', form)  # the box stays ticked
    traits = re.search(r'<input name="traits"[^>]*>', form)
    assert traits and 'aria-invalid="true"' in traits[0] and "autofocus" in traits[0]
    said = re.search(r'<p class="error" role="alert" id="create-error">(.*?)</p>', form, re.S)
    assert said, "the error is said in the form, beside its fields"
    assert "did you mean `Fortitude`?" in said[1] and "Write `Fortitude=3`." in said[1]
    assert "create the character without it" in said[1]  # the create form has no add field
    assert 'add a trait" field' not in said[1] and "--add" not in said[1]
    # the storyteller's New character, open, and kept as it is when the live feed sends the
    # sheets again (hx-preserve)
    assert '<details class="card" id="new-character" hx-preserve open>' in page
    # typed again as suggested: made, and the table is read again
    again = client.post(
        f"/c/{where}/character",
        data={"name": "Mara", "traits": "Fortitude=3 Firearms=2", "csrf": csrf_of(told)},
        follow_redirects=False,
    )
    assert again.status_code == 303, again.text


def test_a_player_refused_keeps_the_form_and_a_taken_name_is_laid_at_the_name(
    client: TestClient,
) -> None:
    where, told, invite = opened(client, system="classic")
    client.post(f"/c/{where}/character", data={"name": "Guard", "csrf": csrf_of(told)})
    player, own = player_client(client, invite)
    slip = player.post(
        f"/c/{where}/character",
        data={"name": "Ana", "traits": "Strenght=3", "csrf": csrf_of(own)},
    )
    assert slip.status_code == 422
    form = _form(html.unescape(slip.text), "Create my character")
    assert 'value="Ana"' in form and 'value="Strenght=3"' in form
    assert "did you mean `Strength`?" in form
    taken = player.post(
        f"/c/{where}/character",
        data={"name": "guard", "traits": "Strength=3", "csrf": csrf_of(own)},
    )
    assert taken.status_code == 409
    form = _form(html.unescape(taken.text), "Create my character")
    name = re.search(r'<input name="name"[^>]*>', form)
    assert name and 'value="guard"' in name[0] and 'aria-invalid="true"' in name[0]
    assert 'value="Strength=3"' in form and "already a character" in form
    seated = player.post(
        f"/c/{where}/character",
        data={"name": "Ana", "traits": "Fortitute=2 Firearms=3 (Pistols)", "csrf": csrf_of(own)},
        follow_redirects=False,
    )
    assert seated.status_code == 303
    page = html.unescape(player.get(f"/c/{where}").text)
    assert 'data-character="Ana"' in page
    buttons = re.search(r'<div class="trait-buttons".*?</div>', page, re.S)
    assert buttons, "the roll box's trait buttons"
    assert re.search(r'data-trait="Firearms">Firearms 3 \(Pistols\)</button>', buttons[0])
    assert re.search(r'data-trait="Fortitude">Fortitude 2</button>', buttons[0])


def test_a_save_with_the_notes_the_form_showed_logs_no_notes(client: TestClient) -> None:
    where, told, _ = opened(client, system="chronicles")
    client.post(f"/c/{where}/character", data={"name": "Ana", "csrf": csrf_of(told)})
    form = {
        "character": "Ana",
        "changes": "Stealth=2",
        "add": "",
        "notes": "",
        "csrf": csrf_of(told),
    }
    saved = client.post(f"/c/{where}/act/sheet", data=form, headers={"hx-request": "true"})
    assert saved.status_code == 200, saved.text
    assert "changed Ana: Stealth=2" in saved.text and "notes" not in saved.text
    again = client.post(
        f"/c/{where}/act/sheet",
        data={**form, "changes": "", "notes": ""},
        headers={"hx-request": "true", "hx-trigger": "edit-1"},
    )
    assert again.status_code == 422
    assert 'id="edit-1-notes-error"' in again.text and "nothing to change" in again.text
