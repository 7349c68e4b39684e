"""Fixtures of the web tests: an in-process client, a real server process and a real browser."""

from __future__ import annotations

import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with")  # Starlette wants httpx2
    from fastapi.testclient import TestClient

from benchmarks.chromium import CHROMIUM_ARGS
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, Page, sync_playwright

from gridpuzzles.storage import Store
from gridpuzzles.web.app import create_app

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


class Clock:
    """A clock the tests set by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "games.db")


@pytest.fixture
def client(store: Store, clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(store, clock)) as test_client:
        yield test_client


def answered(client: TestClient, path: str, status: int = 200) -> dict[str, Any]:
    """The JSON a GET of ``path`` answers, its status checked (``status``)."""
    answer = client.get(path)
    assert answer.status_code == status, answer.text
    found: dict[str, Any] = answer.json()
    return found


def started_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The body of a server fixture: a real `gridpuzzles serve` process on a free loopback
    port and a store of its own, stopped at the fixture's end."""
    process = ServerProcess(tmp_path_factory.mktemp("server") / "games.db")
    process.start()
    yield process
    process.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for every module of the test process that needs no store of its own."""
    yield from started_server(tmp_path_factory)


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A real server: the test process's shared one (each start costs seconds), or one of the
    module's own when the module sets ``OWN_SERVER = True``: its tests count every game of
    the store (records, statistics), lock the store or hold the server's connections."""
    if getattr(request.module, "OWN_SERVER", False):
        yield from started_server(tmp_path_factory)
    else:
        yield request.getfixturevalue("shared_server")


@pytest.fixture
def api(server: ServerProcess) -> Iterator[httpx.Client]:
    """A player of the server's API: keeps its games' tokens as a browser keeps cookies."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's chromium on PATH, headless, driven by Playwright (no browser download), one
    for the test process: launched by the first test that needs it. Playwright's event loop
    stays marked running while it is open: the root conftest's `playwright_loop_aside` sets it
    aside for every other test (the full-screen app's tests run loops of their own)."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("the chromium package is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def fresh_page(browser: Browser, **options: Any) -> Iterator[Page]:
    """A page in its own context made with ``options`` (own cookies), failing the test on a
    script error: the body of a page fixture."""
    context = browser.new_context(**options)
    new_page = context.new_page()
    errors: list[str] = []
    new_page.on("pageerror", lambda error: errors.append(str(error)))
    yield new_page
    context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page on a 1280x800 screen."""
    yield from fresh_page(browser, viewport={"width": 1280, "height": 800})


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
