"""``POST /api/minesweeper/imports?name=FILE``: a Minesweeper video file of the community (EVF,
RAWVF, AVF, RMV, MVF) brought in from the browser, kept as a game of its own, marked imported
and never counted in the records (`Store.add_imported`), as `gridpuzzles import` keeps one;
it is then watched, reviewed and exported as any finished game.

The body is the file's bytes as they are (``application/octet-stream``: no form to parse), at
most `limits.MAX_UPLOAD_BYTES` (the one route with a bound larger than `limits.MAX_BODY`: 413
past it, before the rest is read). The file is read in a solver worker within the workers'
time budget, as all slow work is (a video's mouse events are replayed through our rules; the
formats ms-toollib reads go on to a child process of that worker: `midend.video_import`): a
file that cannot be read is a 422 in its one line (`VideoError`), and nothing is kept on any
refusal, since the store is written only once the file is read.

(A module of the web beside `web.watch`, whose page's address it answers, rather than of
`web.minesweeper`, which `web.watch` imports.)
"""

from __future__ import annotations

from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from gridpuzzles.midend.video_import import EXTENSIONS, ImportedVideo, read_video
from gridpuzzles.web import watch
from gridpuzzles.web.limits import MAX_UPLOAD_BYTES
from gridpuzzles.web.minesweeper.games import MinesweeperGames
from gridpuzzles.web.models import Error
from gridpuzzles.web.players import Player
from gridpuzzles.web.routes import SLOW

PATH = "/api/minesweeper/imports"
MAX_NAME = 255
"""The longest file name taken, in characters (the most a file system's name has)."""
READ_TOO_SLOW = (
    "reading this video took longer than {seconds:g} seconds, so nothing was kept; the server "
    "may be busy: try again in a moment"
)
"""How a file whose reading runs past the workers' time budget is refused (503)."""
UPLOAD_SIZE = f"{MAX_UPLOAD_BYTES // 2**20} MiB"
"""The largest file taken, in words."""

FileName = Annotated[
    str,
    Query(
        min_length=1,
        max_length=MAX_NAME,
        description=f"the file's name: its extension says its format ({EXTENSIONS}, any case)",
        examples=["game.evf"],
    ),
]
FILE_BODY = {
    "requestBody": {
        "required": True,
        "description": f"the video file's bytes as they are, at most {MAX_UPLOAD_BYTES:,} "
        f"bytes ({UPLOAD_SIZE})",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    }
}
"""The route's body in the API's schema: the file itself (FastAPI cannot say a body it does
not parse)."""


class ImportedGame(BaseModel):
    """A video file kept as a game of its own: its id, the game in words, where it comes from
    and the address of its watch page."""

    id: str = Field(description="the id the game was given: watch, review and export it by it")
    description: str = Field(
        description="the game in words, as its watch page heads it",
        examples=[
            "beginner, imported from a.evf (EVF by Ann, recorded with Arbiter 0.52), won, 17 steps"
        ],
    )
    imported_from: str = Field(
        description="where it comes from: the file, its format, the player and the software "
        "it names",
        examples=["imported from a.evf (EVF by Ann, recorded with Arbiter 0.52)"],
    )
    watch: str = Field(description="the address of its watch page", examples=["/watch/AbC123"])


def read_import(name: str, data: bytes) -> tuple[ImportedVideo, str]:
    """The video file ``name`` holding ``data`` read (`read_video`: `VideoError` in one line
    when it cannot be) and its game in words, as its watch page heads it: a worker's job."""
    video = read_video(name, data)
    return video, video.replay().description


def router(games: MinesweeperGames) -> APIRouter:
    """The import route: files read on ``games``' workers, the games kept in its store."""
    api = APIRouter(tags=["minesweeper"])

    @api.post(
        PATH,
        status_code=201,
        summary="Bring in a video file as a game to watch",
        openapi_extra=FILE_BODY,
        responses={
            413: {"model": Error, "description": f"the file is larger than {UPLOAD_SIZE}"},
            422: {
                "model": Error,
                "description": "no file name, or a file that cannot be read or replayed as a "
                "Minesweeper game, in one line naming it",
            },
            **SLOW,
        },
    )
    async def post_import(request: Request, name: FileName, player: Player) -> ImportedGame:
        """Keep the video file in the body (EVF, RAWVF, AVF, RMV or MVF, by the extension of
        ``name``) as a finished game of its own: marked imported, never counted in the
        records (not in the latest games either), watched, reviewed and exported by its id
        as any finished game. It has no owner: nobody can play on it (an undo would change
        the game the file shows); on a server with records per player it is this browser's.
        A file that cannot be read is refused (422) in one line naming it, and nothing is
        kept."""
        data = await request.body()  # (whole already: the body limit reads it first)
        video, description = await games.workers.run(
            read_import, name, data, too_slow=READ_TOO_SLOW
        )
        kept = await anyio.to_thread.run_sync(
            games.store.add_imported, video, games.clock(), "", player
        )
        return ImportedGame(
            id=kept.id,
            description=description,
            imported_from=video.origin.words,
            watch=watch.address(kept.id),
        )

    return api
