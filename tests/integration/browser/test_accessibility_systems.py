"""Each system's table passes axe-core with no serious or critical violation, as the
storyteller and as a player, with every fold opened: each draws its own sheets, story and
actions. On a desktop, where every part shows at once (the phone's parts, each a tab, are
scanned state by state in test_accessibility.py; a system changes what the parts hold, not how
a phone lays them out). A file of its own, so that the test command runs it beside the pages'
scan."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from dicepool.campaign.trait_examples import examples_of
from dicepool.notation.grammar import SYSTEMS

from ..servers import post
from .conftest import DESKTOP, new_context
from .test_accessibility import Scanner


def test_every_systems_table_has_no_serious_accessibility_violation(
    browser: Browser, server: str
) -> None:
    """The table of each system draws its own sheets, story and actions: each passes, as the
    storyteller and as a player, with every fold opened."""
    port = int(server.rsplit(":", 1)[1])
    scanner = Scanner()
    device = DESKTOP
    told, player = new_context(browser, device), new_context(browser, device)
    for system in SYSTEMS:
        named = {"name": f"{system} at {device['viewport']['width']}", "system": system}
        table = post(port, "/api/campaigns", named)
        api, token = f"/api/campaigns/{table['id']}", table["storyteller"]["token"]
        said = examples_of(system)
        seat = post(port, f"{api}/seats", {"name": "Bo"}, table["invite"]["token"])
        post(port, f"{api}/characters", {"name": "Ana", "traits": said.traits}, seat["token"])
        post(port, f"{api}/characters", {"name": "Warden", "traits": said.traits}, token)
        for line, who, by in ((said.pool, "Ana", seat["token"]), (said.pool, "Warden", token)):
            post(port, f"{api}/rolls", {"line": line, "character": who}, by)
        post(port, f"{api}/rolls", {"line": f"{system} 3", "hidden": True}, token)
        for context, link in ((told, token), (player, seat["token"])):
            page = context.new_page()
            page.goto(f"{server}/t/{link}")
            expect(page.locator("#live-state")).to_have_text("live")
            scanner.scan(page, f"{system} table ({'storyteller' if link == token else 'player'})")
            page.close()
    told.close()
    player.close()
    assert len(scanner.found) >= 2 * len(SYSTEMS)
    assert scanner.grave() == {}, scanner.said()
