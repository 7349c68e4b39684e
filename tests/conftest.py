"""Fixtures for every test: no test writes to the user's own data directory."""

from __future__ import annotations

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
