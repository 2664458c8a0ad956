"""The API's documentation works offline: `/docs` loads Swagger UI from the package's own files
(every request that leaves the server is refused here), shows the API, and no page asks for a
file the server does not have (a favicon)."""

from __future__ import annotations

from playwright.sync_api import Browser, Request, Route, expect

from .conftest import DESKTOP, Shoot, new_context


def test_the_api_docs_show_with_no_network_but_the_servers(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    context = new_context(browser, DESKTOP)
    left: list[str] = []

    def only_the_server(route: Route, request: Request) -> None:
        if request.url.startswith(server):
            route.continue_()
        else:
            left.append(request.url)
            route.abort()

    context.route("**/*", only_the_server)
    page = context.new_page()
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(f"{server}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("dicepool")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    shoot(page, "api-docs-offline")
    page.goto(f"{server}/")
    expect(page.locator("form")).to_be_visible()
    context.close()
    assert left == [], left
    assert missing == [], missing
