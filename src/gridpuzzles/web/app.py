"""The web app: the JSON API, the pages and their static files, in one FastAPI application."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from gridpuzzles.mondrian.official import OfficialChallenge, published_challenges
from gridpuzzles.storage import Store
from gridpuzzles.web import errors, minesweeper, mondrian
from gridpuzzles.web.games import Games
from gridpuzzles.web.limits import BodyLimit

STATIC = Path(str(files("gridpuzzles.web") / "static"))


def create_app(
    store: Store,
    clock: Callable[[], float] = time.time,
    challenges: Sequence[OfficialChallenge] | None = None,
) -> FastAPI:
    """The whole app, keeping its games in ``store`` and reading time from ``clock``.

    ``challenges`` are the Mondrian challenges the page offers (by default the published ones).
    """
    app = FastAPI(
        title="gridpuzzles",
        summary="Play Minesweeper against a server that keeps every game; solve Mondrian Blocks.",
        version="0.1.0",
    )
    app.add_middleware(BodyLimit)
    errors.install(app)
    app.include_router(minesweeper.router(Games(store, clock)))
    app.include_router(mondrian.router(published_challenges() if challenges is None else challenges))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def minesweeper_page() -> FileResponse:
        return FileResponse(STATIC / "minesweeper.html")

    @app.get("/mondrian", include_in_schema=False)
    def mondrian_page() -> FileResponse:
        return FileResponse(STATIC / "mondrian.html")

    return app
