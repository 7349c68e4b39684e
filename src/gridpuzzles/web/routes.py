"""What the game routes of both puzzles share: the game's address and token, the answers an
error gets, and the routes every game has (`game_routes`: the game as it is now, undo and
redo), so that both puzzles answer them alike."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, Header, Path
from pydantic import BaseModel

from gridpuzzles.history import Rewind
from gridpuzzles.web.models import Error, RewindRequest

GameId = Annotated[str, Path(max_length=64, description="the id a new game was given")]
ERRORS: dict[int | str, dict[str, object]] = {
    status: {"model": Error, "description": text}
    for status, text in (
        (403, "the request does not carry the game's token"),
        (404, "no game has this id"),
        (409, "the move is not allowed in this position"),
        (422, "the request is malformed"),
        (
            503,
            "the game store is busy (a lock another program holds, a database server out of "
            "reach): nothing was changed; try again after the Retry-After header's seconds",
        ),
    )
}
SLOW: dict[int | str, dict[str, object]] = {
    503: {
        "model": Error,
        "description": "the work ran past the server's time budget (nothing was changed), "
        "every solver worker is busy, or the game store is busy: try again later (see the "
        "Retry-After header)",
    }
}
"""The answer of the routes that may hand work to a worker process."""


async def game_token(
    x_game_token: Annotated[str | None, Header(max_length=128)] = None,
    gridpuzzles_token: Annotated[str | None, Cookie(max_length=128)] = None,
) -> str | None:
    """The token a request carries: the ``X-Game-Token`` header, else the cookie."""
    return x_game_token if x_game_token is not None else gridpuzzles_token


Token = Annotated[str | None, Depends(game_token)]

Shown = Callable[[str, str | None], Awaitable[BaseModel]]
"""The state of a game its token holder asks for, as it is now."""
Rewound = Callable[[str, str | None, Rewind, int | None], Awaitable[BaseModel]]
"""The state of a game after an undo or redo its token holder asks for, chosen at a version
(None: whatever the game's version now)."""


def game_routes(
    api: APIRouter, state: type[BaseModel], shown: Shown, rewound: Rewound, undone: str
) -> None:
    """Add to ``api`` the routes every game has, answering ``state``: ``GET
    /games/{game_id}``, ``POST .../undo`` and ``.../redo``; ``undone`` says what an undo
    takes back in this puzzle."""

    @api.get("/games/{game_id}", responses=SLOW, response_model=state)
    async def get_game(game_id: GameId, token: Token) -> Any:
        """The game as it is now (what the player sees of it)."""
        return await shown(game_id, token)

    async def rewind(
        game_id: str, token: str | None, step: Rewind, request: RewindRequest | None
    ) -> BaseModel:
        return await rewound(game_id, token, step, None if request is None else request.version)

    @api.post(
        "/games/{game_id}/undo",
        responses=SLOW,
        response_model=state,
        description=f"Take back {undone}. 409 when there is nothing to undo, or when the "
        "game changed since the optional `version` was seen.",
    )
    async def post_undo(game_id: GameId, token: Token, request: RewindRequest | None = None) -> Any:
        return await rewind(game_id, token, Rewind.UNDO, request)

    @api.post(
        "/games/{game_id}/redo",
        responses=SLOW,
        response_model=state,
        description="Play again what undo took back last (in Minesweeper the game is then "
        "assisted, as after an undo). 409 when there is nothing to redo (a move after an undo forgets what redo would have "
        "played), or when the game changed since the optional `version` was seen.",
    )
    async def post_redo(game_id: GameId, token: Token, request: RewindRequest | None = None) -> Any:
        return await rewind(game_id, token, Rewind.REDO, request)
