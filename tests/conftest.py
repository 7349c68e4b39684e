"""Fixtures for every test: no test writes to the user's own data directory."""

from __future__ import annotations

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
