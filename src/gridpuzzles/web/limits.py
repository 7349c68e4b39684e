"""Limits on a request's body: larger than a bound, refused with 413 before any parsing;
slower to arrive than a bound, refused with 408. One bound for every route (`MAX_BODY`), but
for the routes given a larger one of their own (a video file brought in: `MAX_UPLOAD_BYTES`)."""

from __future__ import annotations

from collections.abc import Mapping

import anyio
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gridpuzzles.bounds import is_digits

MAX_BODY = 16 * 1024
"""The largest request body accepted, in bytes; every request of the API is far smaller."""
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
"""The largest video file the page may bring in (2 MiB), the body of its route alone: ten
times a long expert game's EVF with every mouse move in it, so every real video fits; it still
arrives within `BODY_SECONDS` on a link of 200 KB/s, and it is what the server holds in memory
for each such request while its body arrives. (The file's own bound, 8 MiB, is the command
line's: `video_import.MAX_VIDEO_BYTES`.)"""


BODY_SECONDS = 10.0
"""How long a request's body may take to arrive: a client that sends it slower (or stops
half-way) is answered 408 and its connection closed, so slow clients cannot hold the server's
connections."""


class BodyLimit:
    """ASGI middleware: the whole request body read before the app sees it, refused with 413
    past ``max_bytes`` (announced or streamed; past its own bound for a path of ``larger``)
    and with 408 when it takes longer than ``seconds`` to arrive."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int = MAX_BODY,
        seconds: float = BODY_SECONDS,
        larger: Mapping[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.max_bytes)
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not is_digits(length) or int(length) > limit):
            await self._refuse(scope, receive, send, 413, too_large(limit))
            return
        body = bytearray()
        more = True
        with anyio.move_on_after(self.seconds) as waited:
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > limit:
                    await self._refuse(scope, receive, send, 413, too_large(limit))
                    return
        if waited.cancelled_caught:
            await self._refuse(scope, receive, send, 408, TOO_SLOW.format(seconds=self.seconds))
            return
        await self.app(scope, _replay(bytes(body), receive), send)

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, detail: str
    ) -> None:
        # The connection is closed after the answer: the rest of the body is not read.
        answer = JSONResponse(
            {"detail": detail}, status_code=status, headers={"Connection": "close"}
        )
        await answer(scope, receive, send)


TOO_LARGE = "the request body is larger than the limit of {limit} bytes"


def too_large(limit: int) -> str:
    """How a body over ``limit`` bytes is refused: `TOO_LARGE`, and the limit in KiB or MiB
    when it is a whole number of them ("... of 2097152 bytes (2 MiB)")."""
    for unit, size in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if limit >= size and limit % size == 0:
            return f"{TOO_LARGE.format(limit=limit)} ({limit // size} {unit})"
    return TOO_LARGE.format(limit=limit)


TOO_SLOW = (
    "the request body did not arrive within {seconds:g} seconds: the connection is closed, "
    "send the request again"
)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that first gives the whole buffered body, then defers to ``receive``."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed
