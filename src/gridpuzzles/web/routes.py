"""What the game routes of both puzzles share: the game's address and token, the answers an
error gets, the routes every game has (`game_routes`: the game as it is now, undo and redo)
over the puzzle's service, so that both puzzles answer them alike, and the stored game a
replay or a review reads (`stored`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import anyio.to_thread
from fastapi import APIRouter, Cookie, Depends, Header, Path, Response
from pydantic import BaseModel

from gridpuzzles.history import Rewind
from gridpuzzles.web.models import Error, RewindRequest
from gridpuzzles.web.service import UNKNOWN, HeldGame, KeptGames, UnknownGameError
from gridpuzzles.web.tokens import give_token

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
STILL_PLAYED: dict[int | str, dict[str, object]] = {
    409: {"model": Error, "description": "the game is still being played"}
}
"""The answer of the routes that watch or review a finished game, for one still played."""


async def game_token(
    x_game_token: Annotated[str | None, Header(max_length=128)] = None,
    gridpuzzles_token: Annotated[str | None, Cookie(max_length=128)] = None,
) -> str | None:
    """The token a request carries: the ``X-Game-Token`` header, else the cookie."""
    return x_game_token if x_game_token is not None else gridpuzzles_token


Token = Annotated[str | None, Depends(game_token)]

Copy = TypeVar("Copy", bound=HeldGame)
State = TypeVar("State", bound=BaseModel)
Stored = TypeVar("Stored")


def game_routes(
    api: APIRouter,
    games: KeptGames[Copy],
    state: type[State],
    state_of: Callable[[str, Copy, float], State],
    undone: str,
) -> Callable[[str, Copy], State]:
    """Add to ``api`` the routes every game of ``games`` has, answering ``state`` (what the
    player sees of a game held, at a time: ``state_of``): ``GET /games/{game_id}``, ``POST
    .../undo`` and ``.../redo``; ``undone`` says what an undo takes back in this puzzle.
    Returns how the puzzle's own routes draw a game held: ``state_of`` now."""

    def drawn(game_id: str, held: Copy) -> State:
        return state_of(game_id, held, games.clock())

    @api.get("/games/{game_id}", responses=SLOW, response_model=state)
    async def get_game(game_id: GameId, token: Token) -> Any:
        """The game as it is now (what the player sees of it)."""
        return drawn(game_id, await games.current(game_id, token))

    async def rewind(
        game_id: str, token: str | None, step: Rewind, request: RewindRequest | None
    ) -> State:
        seen = None if request is None else request.version
        return drawn(game_id, await games.rewind(game_id, token, step, seen=seen))

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

    return drawn


def give_game_token(api: APIRouter, response: Response, game_id: str, token: str) -> None:
    """Hand the token of the new game ``game_id`` to the browser as a cookie for the game's
    address among ``api``'s routes (`tokens.give_token`)."""
    give_token(response, token, f"{api.prefix}/games/{game_id}")


async def stored(load: Callable[[str], Stored | None], game_id: str) -> Stored:
    """The game ``game_id`` as the store keeps it (``load``, in a thread), to watch or review;
    `UnknownGameError` when there is none."""
    found = await anyio.to_thread.run_sync(load, game_id)
    if found is None:
        raise UnknownGameError(UNKNOWN.format(game_id=game_id))
    return found
