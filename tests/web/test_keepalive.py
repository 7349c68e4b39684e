"""A browser keeps its connection alive: a real `gridpuzzles serve` (one process and
``--workers 2``) answers request after request on one connection without waiting for the
client's delayed ACK (Nagle's algorithm on a socket without TCP_NODELAY adds about 40 ms to
every answer that the server writes in two parts)."""

from __future__ import annotations

import http.client
import json
import statistics
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from benchmarks.server import ServerProcess

REQUESTS = 30
QUICK_MS = 30.0
"""The median answer on a kept-alive connection stays under this: the delayed ACK alone adds
about 40 ms to an answer, and a loopback answer of this server takes a few ms (an expert flag
was measured at a 20.1 ms median in a full CI run on a loaded 2-core machine, so 20 failed a
sound server)."""


@pytest.fixture(scope="module", params=[1, 2], ids=["one process", "two workers"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = ServerProcess(tmp_path_factory.mktemp("keepalive") / "games.db", workers=request.param)
    try:
        yield server.start(timeout=60)
    finally:
        server.stop()


def timed(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    body: object = None,
    headers: dict[str, str] | None = None,
) -> tuple[float, dict[str, object]]:
    """One request on ``connection``: its time in ms and its JSON answer."""
    started = time.perf_counter()
    connection.request(
        method,
        path,
        body=None if body is None else json.dumps(body),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    answer = connection.getresponse()
    data = answer.read()
    took = (time.perf_counter() - started) * 1000
    assert answer.status < 300, data
    assert not answer.will_close, "the server closed the kept-alive connection"
    return took, json.loads(data)


def test_kept_alive_requests_do_not_wait_for_a_delayed_ack(url: str) -> None:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=30)
    try:
        timed(connection, "GET", "/api/minesweeper/options")  # the connection is made
        options = [timed(connection, "GET", "/api/minesweeper/options")[0] for _ in range(REQUESTS)]
        _, game = timed(connection, "POST", "/api/minesweeper/games", {"level": "expert"})
        path, token = (
            f"/api/minesweeper/games/{game['id']}/moves",
            {"X-Game-Token": str(game["token"])},
        )
        moves = [
            timed(connection, "POST", path, {"move": "f0,0", "version": number}, token)[0]
            for number in range(REQUESTS)
        ]
    finally:
        connection.close()
    for name, times in (("options", options), ("a flag on expert", moves)):
        median = statistics.median(times)
        assert median < QUICK_MS, (
            f"{name}: median {median:.1f} ms over {REQUESTS} kept-alive requests"
        )
