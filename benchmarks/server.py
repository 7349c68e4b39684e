"""Run `gridpuzzles serve` as a child process on a free loopback port (tests, benchmarks;
not part of the package)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx

ADDRESS = re.compile(r"http://\S+/")


class ServerProcess:
    """A `gridpuzzles serve` process on ``db`` (a SQLite file or a server's URL), with
    ``workers`` server processes and ``options`` more (e.g. ``--records per-player``);
    `start` waits until it answers."""

    def __init__(
        self,
        db: Path | str,
        host: str = "127.0.0.1",
        workers: int = 1,
        options: tuple[str, ...] = (),
        environment: dict[str, str] | None = None,
    ) -> None:
        self.db = db
        self.host = host
        self.workers = workers
        self.options = options
        self.environment = environment
        """Variables added to the server's environment (e.g. ``PYTHONPATH`` to serve another
        copy of the package)."""
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self, timeout: float = 30.0) -> str:
        """Start the server (port 0: the kernel picks a free one) and return its address."""
        command = [sys.executable, "-m", "gridpuzzles", "serve", "--host", self.host]
        self.process = subprocess.Popen(
            [
                *command,
                "--port",
                "0",
                "--db",
                str(self.db),
                "--workers",
                str(self.workers),
                *self.options,
            ],
            stdout=subprocess.PIPE,
            text=True,
            env=None if self.environment is None else {**os.environ, **self.environment},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = ADDRESS.search(line)
        if found is None:
            self.stop()
            raise RuntimeError(f"the server did not print its address: {line!r}")
        self.url = found.group(0).rstrip("/")
        self._wait_until_up(timeout)
        return self.url

    def _wait_until_up(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                httpx.get(f"{self.url}/api/minesweeper/options", timeout=2.0).raise_for_status()
                return
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise
                time.sleep(0.05)

    def kill(self) -> None:
        """End the server at once (SIGKILL), as a crash would."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        """End the server politely (SIGTERM), or kill it if it does not stop."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


def seen(state: dict[str, object]) -> dict[str, object]:
    """The field of a move that says which state of a Minesweeper game the player saw:
    ``version`` since both puzzles name it so, ``moves`` on a base revision before."""
    field = "version" if "version" in state else "moves"
    return {field: state[field]}
