"""A real PostgreSQL server for the tests, from Debian's ``postgresql`` package: made with
``initdb`` in a temporary folder, listening on a free port of 127.0.0.1, run as the ordinary
user ``postgres`` (initdb refuses root), stopped and removed at the end."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

USER = "postgres"
"""The account the server runs as (the package makes it)."""
ROLE = "gridpuzzles"
"""The database role the tests connect as (trusted on 127.0.0.1, no password)."""


def server_bin() -> Path:
    """The folder of the newest installed ``initdb`` and ``pg_ctl``; fails without them."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: apt-get install postgresql (scripts/test.sh does)"
        )
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_user(argv: list[str]) -> list[str]:
    """``argv`` run as `USER` when this process is root."""
    return ["runuser", "-u", USER, "--", *argv] if os.geteuid() == 0 else argv


class Server:
    """A running server; `database()` makes a new empty database and gives its URL."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._names = itertools.count(1)

    def url(self, database: str) -> str:
        return f"postgresql://{ROLE}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new empty database's URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def running_server() -> Iterator[Server]:
    """A server in a temporary folder for the time of the block."""
    binaries = server_bin()
    folder = Path(tempfile.mkdtemp(prefix="gridpuzzles-pg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam(USER)
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    data, log = folder / "data", folder / "server.log"
    port = free_port()

    def run(*argv: str) -> None:
        subprocess.run(
            _as_user([str(binaries / argv[0]), *argv[1:]]),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=folder,
        )

    try:
        run("initdb", "-D", str(data), "-U", ROLE, "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (
            f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        run("pg_ctl", "-D", str(data), "-o", options, "-l", str(log), "-w", "start")
        try:
            yield Server(port)
        finally:
            run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
