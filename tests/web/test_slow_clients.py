"""Clients that send their request's body too slowly, or stop half-way, are answered 408 and
their connection closed within the body's time limit: they cannot hold a real server's
connections."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

from benchmarks.server import ServerProcess

from gridpuzzles.web.limits import BODY_SECONDS

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py)."""

HEAD = (
    "POST /api/minesweeper/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
    "Content-Length: 15000\r\n\r\n"
)


def test_a_body_that_stops_half_way_is_answered_408_and_the_connection_closed(
    server: ServerProcess,
) -> None:
    where = urlsplit(server.url)
    started = time.monotonic()
    with socket.create_connection((where.hostname or "", where.port or 0), timeout=30) as client:
        client.sendall((HEAD + '{"level": "beginner"').encode())  # 20 of 15000 bytes
        answer = b""
        while chunk := client.recv(4096):  # until the server closes the connection
            answer += chunk
    took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert b"did not arrive within 10 seconds" in answer
    assert BODY_SECONDS - 1 < took < BODY_SECONDS + 5
