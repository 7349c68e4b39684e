"""The request-size limit, as ASGI middleware in front of an app that records what it gets."""

from __future__ import annotations

import asyncio

import pytest
from starlette.types import Message, Receive, Scope, Send

from gridpuzzles.web.limits import MAX_BODY, BodyLimit


def answer_to(length: bytes) -> tuple[int, bool]:
    """The status a POST announcing ``Content-Length: length`` gets, and whether it reached
    the app behind the limit."""
    reached: list[bool] = []
    sent: list[Message] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        reached.append(True)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Scope = {"type": "http", "method": "POST", "headers": [(b"content-length", length)]}
    asyncio.run(BodyLimit(app)(scope, receive, send))
    return sent[0]["status"], bool(reached)


def test_an_announced_length_within_the_limit_passes() -> None:
    assert answer_to(str(MAX_BODY).encode()) == (200, True)


@pytest.mark.parametrize("length", [str(MAX_BODY + 1).encode(), b"\xb2", b"-1", b"1e3", b""])
def test_a_length_over_the_limit_or_not_in_ascii_digits_is_refused(length: bytes) -> None:
    """``\\xb2`` is ``²`` in the header's Latin-1: `str.isdigit` takes it, `int` does not."""
    assert answer_to(length) == (413, False)
