"""The pages run under a strict Content-Security-Policy (scripts only from the package's own
files, no inline script, no eval): everything they do by script still works, and the browser
refuses nothing of theirs."""

from __future__ import annotations

from playwright.sync_api import Browser, ConsoleMessage, expect

from ..servers import post
from .conftest import DESKTOP, new_context


def test_the_pages_work_under_the_policy_and_the_browser_refuses_nothing(
    browser: Browser, server: str
) -> None:
    port = int(server.rsplit(":", 1)[1])
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    refused: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            refused.append(message.text)

    page.on("console", heard)
    answer = page.goto(f"{server}/")
    assert answer is not None
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    page.fill("input[name=name]", "Policy")
    page.select_option("select[name=system]", "hubris")
    page.click("button[type=submit]")
    page.locator("button.copy").first.click()  # the copy button: a script of the package's
    expect(page.locator("button.copy").first).to_have_text("Copied")
    told = page.input_value("#storyteller-link").rsplit("/", 1)[1]
    page.click("text=Go to the table")
    expect(page.locator("#live-state")).to_have_text("live")  # the live feed's handler ran
    campaign = int(page.url.rstrip("/").rsplit("/", 1)[1])
    post(port, f"/api/campaigns/{campaign}/characters", {"name": "Ana", "traits": "Wits=2"}, told)
    expect(page.locator("#repeat-roll")).to_be_hidden()  # nothing rolled yet
    page.select_option("#roll-for", "Ana")
    page.fill("#line", "hubris 3")
    expect(page.locator("#odds")).to_contain_text("%")  # odds as the line is typed
    page.click("#roll-button")
    expect(page.locator("#repeat-roll")).to_be_visible()  # the roll box's after-request
    expect(page.locator("#line")).to_have_value("")
    nonce = page.locator("#roll-form").get_attribute("data-nonce")
    assert nonce is None  # answered: the next roll gets a nonce of its own
    post(port, f"/api/campaigns/{campaign}/characters", {"name": "Bea"}, told)
    expect(page.locator("#roll-for option", has_text="Bea")).to_have_count(1)  # sent anew
    expect(page.locator("#roll-for")).to_have_value("Ana")  # the choice made, kept
    page.click("#repeat-roll")
    expect(page.locator("#log li.kind-rolled")).to_have_count(2)
    page.goto(f"{server}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("dicepool")
    context.close()
    assert [text for text in refused if "Content Security Policy" in text] == []
    assert refused == [], refused
