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


TESTS = Path(__file__).resolve().parent
"""The folder of every test."""
TERMINAL_FOLDERS = {"tui", "terminal"}
"""The test folders of the terminal shells: the full-screen app (Textual's pilot) and line
mode, each test seconds long."""
PROCESS_FOLDERS = {"web", "cli"}
"""The test folders of the shells whose tests mostly start processes or a server."""
IN_PROCESS_WEB = {"client", "store", "clock"}
"""Fixtures of a web test that runs the app in the test's own process (no server, no
browser): fast, unless the test asks for a real part too."""
SERVERS = {"server", "shared_server", "api"}
"""Fixtures of a real `gridpuzzles serve` process."""
INSTALL_MODULES = {"test_installed.py", "test_readme_commands.py"}
"""Modules that build and install the package into fresh environments."""
SLOW_MODULES = {
    "test_benchmark_smoke.py",
    "test_fuzz_commands.py",
    "test_refused_inputs.py",
    "test_census.py",
    "test_difficulty_correlations.py",
    "test_fuzz.py",
}
"""Modules whose tests start processes or run for long on purpose."""


LONGEST_FIRST = (
    "test_readme_commands.py",
    "web/test_processes.py",
    "web/test_restart.py",
    "tui/test_watch_mondrian.py",
    "test_benchmark_smoke.py",
    "web/test_players.py",
    "mondrian/solving/test_census.py",
    "test_fuzz_commands.py",
    "test_installed.py",
    "web/test_fuzz.py",
)
"""Modules (under tests/) with tests that run for tens of seconds each: they run first, so that
no test process is left with one of them at the end of a parallel run while the others idle."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test by the real parts it needs: ``browser`` (Chromium), ``postgres`` (a
    PostgreSQL server, by fixture or parameter), ``terminal`` (the full-screen app, line mode,
    tmux), ``install`` (the package built and installed afresh) and ``slow`` (processes, a
    server, a long run on purpose). ``pytest -m "not (browser or postgres or terminal or
    install or slow)"`` (`scripts/test.sh --fast`) is the fast loop: the cores, the solvers,
    the mid-end, the store on SQLite and the web app in process; ``pytest`` runs all. The
    modules of `LONGEST_FIRST` are moved to the front (the sort keeps every other order)."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        # the shell's folder (tests/web/mondrian/... is a web test), and the module's name
        folder, module = item.path.relative_to(TESTS).parts[0], item.path.name
        if "browser" in fixtures:
            item.add_marker(pytest.mark.browser)
        params = getattr(getattr(item, "callspec", None), "params", {})
        if {"postgres_server", "postgres_url"} & fixtures or "postgresql" in params.values():
            item.add_marker(pytest.mark.postgres)
        if folder in TERMINAL_FOLDERS or "tmux" in fixtures:
            item.add_marker(pytest.mark.terminal)
        if module in INSTALL_MODULES or "installed" in fixtures:
            item.add_marker(pytest.mark.install)
        in_process_web = folder == "web" and fixtures & IN_PROCESS_WEB
        processes = folder in PROCESS_FOLDERS and not in_process_web
        if processes or fixtures & SERVERS or module in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
    first = {name: rank for rank, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: first.get(item.path.relative_to(TESTS).as_posix(), len(first)))
