"""The API's documentation works offline: /docs (Swagger UI) loads its script, style and
icon from the app itself, and renders in a browser that can reach no other host."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from benchmarks.server import ServerProcess
from fastapi.testclient import TestClient
from playwright.sync_api import Page, Route, expect

ASSET = re.compile(r"""(?:src|href)=["']([^"']+)["']""")
TYPES = {".js": "javascript", ".css": "text/css", ".png": "image/png"}


def test_the_docs_page_uses_only_assets_the_app_serves(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert not re.search(r"https?://|//cdn", page.text), "a URL of another host"
    assets = ASSET.findall(page.text)
    assert {url.rsplit(".", 1)[-1] for url in assets} == {"js", "css", "png"}, assets
    for url in assets:
        assert url.startswith("/") and not url.startswith("//"), url
        answer = client.get(url)
        assert answer.status_code == 200, url
        kind = next(kind for suffix, kind in TYPES.items() if url.endswith(suffix))
        assert kind in answer.headers["content-type"], (url, answer.headers["content-type"])
        assert len(answer.content) > 1000, url
    openapi = client.get("/openapi.json")
    assert openapi.status_code == 200 and openapi.json()["paths"]


def block_other_hosts(page: Page) -> list[str]:
    """Abort every request of ``page`` to a host other than the loopback server; the list
    fills with the URLs aborted."""
    blocked: list[str] = []

    def route(request_route: Route) -> None:
        url = request_route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith("data:"):
            request_route.continue_()
        else:
            blocked.append(url)
            request_route.abort()

    page.route("**/*", route)
    return blocked


def test_swagger_ui_renders_the_operations_with_no_other_host(
    page: Page, server: ServerProcess
) -> None:
    blocked = block_other_hosts(page)
    page.goto(f"{server.url}/docs")
    operations = page.locator(".opblock")
    expect(operations.first).to_be_visible(timeout=20_000)
    paths = page.locator(".opblock-summary-path")
    texts = {paths.nth(i).inner_text().replace("\u200b", "") for i in range(paths.count())}
    assert {"/api/minesweeper/games", "/api/minesweeper/games/{game_id}/moves"} <= texts
    assert "/api/mondrian/solutions" in texts
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("gridpuzzles")
    assert blocked == []
