"""Fixtures for every test: no test writes to the user's own data directory."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.storage.postgres import Server, running_server

settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")
"""Hypothesis examples have no time limit: tests check what is right, and speed is measured by
the benchmarks (a first example may load scipy, and the machine is shared)."""


@pytest.fixture(scope="session", autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``XDG_DATA_HOME`` in a temporary folder, so that a default database lands there."""
    folder = tmp_path_factory.mktemp("data-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder))
        yield folder


@pytest.fixture(scope="session", autouse=True)
def tmux_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A tmux server of this test process's own (``TMUX_TMPDIR``), kept up by one idle session
    for the whole run: a server stops with its last session, and a test starting a session
    while another test's end stops the server fails ("server exited unexpectedly")."""
    folder = tmp_path_factory.mktemp("tmux")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TMUX_TMPDIR", str(folder))
        patch.delenv("TMUX", raising=False)
        if shutil.which("tmux"):  # the tests that need tmux say so when it is missing
            subprocess.run(
                ["tmux", "new-session", "-d", "-s", "keep-up", "sleep 86400"], check=True
            )
        yield
        if shutil.which("tmux"):
            subprocess.run(["tmux", "kill-server"], capture_output=True, check=False)


@pytest.fixture(autouse=True)
def playwright_loop_aside(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's event loop set aside for a test that does not use the browser, and back
    after it. The browser of the web tests is one for the test process (its launch costs a
    second of processor time), and between its calls Playwright leaves its loop marked
    running in this thread: a test running a loop of its own (the full-screen app's, anyio's)
    would be refused ("Cannot run the event loop while another loop is running")."""
    running = asyncio.events._get_running_loop()
    if running is None or "browser" in request.fixturenames:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """A real PostgreSQL server (Debian's ``postgresql``) for the whole run; fails, never
    skips, when it is not installed."""
    with running_server() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server: Server) -> str:
    """The URL of a new empty PostgreSQL database."""
    return postgres_server.database()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store lives, once for each kind: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.db")
    return str(request.getfixturevalue("postgres_url"))


SHELLS = {"web", "tui", "cli", "terminal"}
"""The test folders of the shells: pages in a browser, apps in a terminal, commands in
processes, each test seconds long."""
REAL_PARTS = {"page", "browser", "server", "postgres_server", "postgres_url", "installed"}
"""Fixtures of real parts that take seconds each: a browser, a server process, PostgreSQL, the
installed wheel."""
SLOW_MODULES = {
    "test_readme_commands.py",
    "test_benchmark_smoke.py",
    "test_fuzz_commands.py",
    "test_installed.py",
    "test_refused_inputs.py",
    "test_census.py",
    "test_difficulty_correlations.py",
}
"""Modules whose tests start processes or run for long on purpose."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test of a shell (`SHELLS`), of a real part (`REAL_PARTS`,
    PostgreSQL by parameter too) or of `SLOW_MODULES`: ``pytest -m "not slow"`` is the fast
    loop of a change to the cores, the solvers, the mid-end or the store; ``pytest`` all."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        in_shell = item.path.parent.name in SHELLS
        on_postgres = "postgresql" in item.name
        if in_shell or fixtures & REAL_PARTS or on_postgres or item.path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
