"""Limits on a request's body: larger than a bound, refused with 413 before any parsing;
slower to arrive than a bound, refused with 408."""

from __future__ import annotations

import anyio
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gridpuzzles.bounds import is_digits

MAX_BODY = 16 * 1024
"""The largest request body accepted, in bytes; every request of the API is far smaller."""


BODY_SECONDS = 10.0
"""How long a request's body may take to arrive: a client that sends it slower (or stops
half-way) is answered 408 and its connection closed, so slow clients cannot hold the server's
connections."""


class BodyLimit:
    """ASGI middleware: the whole request body read before the app sees it, refused with 413
    past ``max_bytes`` (announced or streamed) and with 408 when it takes longer than
    ``seconds`` to arrive."""

    def __init__(
        self, app: ASGIApp, max_bytes: int = MAX_BODY, seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not is_digits(length) or int(length) > self.max_bytes):
            await self._refuse(scope, receive, send, 413, TOO_LARGE.format(limit=self.max_bytes))
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
                if len(body) > self.max_bytes:
                    await self._refuse(
                        scope, receive, send, 413, TOO_LARGE.format(limit=self.max_bytes)
                    )
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
