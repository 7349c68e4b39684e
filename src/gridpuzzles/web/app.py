"""The web app: the JSON API, the pages and their static files, in one FastAPI application."""

from __future__ import annotations

import math
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

import anyio.to_thread
from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from gridpuzzles import __version__
from gridpuzzles.mondrian.core.official import OfficialChallenge, published_challenges
from gridpuzzles.storage import Store
from gridpuzzles.web import errors, imports, watch
from gridpuzzles.web.limits import MAX_UPLOAD_BYTES, BodyLimit
from gridpuzzles.web.minesweeper import analysis
from gridpuzzles.web.minesweeper import routes as minesweeper
from gridpuzzles.web.minesweeper.games import MinesweeperGames
from gridpuzzles.web.minesweeper.models import options
from gridpuzzles.web.mondrian import routes as mondrian
from gridpuzzles.web.pages import STATIC, page_with
from gridpuzzles.web.workers import (
    DEFAULT_QUEUE,
    DEFAULT_SECONDS,
    DEFAULT_WORKERS,
    WEIGH_SECONDS,
    WEIGHING_WORKERS,
    Workers,
)

DOCS_ASSETS = Path(str(files("fastapi_offline") / "static"))
"""Swagger UI's script and style, as the PyPI package fastapi-offline ships them (Swagger UI
5, which reads OpenAPI 3.1): the API's documentation page needs no other host."""


def create_app(
    store: Store,
    clock: Callable[[], float] = time.time,
    challenges: Sequence[OfficialChallenge] | None = None,
    *,
    solver_seconds: float = DEFAULT_SECONDS,
    solver_workers: int = DEFAULT_WORKERS,
    solver_queue: int = DEFAULT_QUEUE,
    records_per_player: bool = False,
    weigh_seconds: float = WEIGH_SECONDS,
) -> FastAPI:
    """The whole app, keeping its games in ``store`` and reading time from ``clock``.

    ``challenges`` are the Mondrian challenges the page offers (by default the published ones).
    Solver work runs in ``solver_workers`` worker processes, ``solver_seconds`` at most per job,
    with at most ``solver_queue`` requests waiting for a busy worker (see `Workers`); the
    workers start with the app (in the background of its lifespan) and are killed when it stops.
    The guesses of a review are weighed on workers of their own, ``weigh_seconds`` at most per
    guess, with as many requests waiting (`WEIGHING_WORKERS`, started at the first weighing).
    With ``records_per_player``, each browser sees the records of its own games only
    (`web.players`); else every game counts for everyone.
    """
    workers = Workers(solver_workers, solver_seconds, solver_queue)
    weighers = Workers(WEIGHING_WORKERS, weigh_seconds, solver_queue)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with anyio.create_task_group() as background:
            background.start_soon(workers.start)  # the server answers meanwhile
            try:
                yield
            finally:
                await workers.close()
                await weighers.close()

    app = FastAPI(
        title="gridpuzzles",
        summary="Play Minesweeper against a server that keeps every game; solve Mondrian Blocks.",
        version=__version__,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.workers = workers
    app.state.weighers = weighers
    app.state.records_per_player = records_per_player
    app.add_middleware(BodyLimit, larger={imports.PATH: MAX_UPLOAD_BYTES})
    errors.install(app, retry_after=math.ceil(solver_seconds))
    minesweeper_games = MinesweeperGames(store, workers, clock)
    app.include_router(minesweeper.router(minesweeper_games, weighers))
    app.include_router(imports.router(minesweeper_games))
    app.include_router(analysis.router(workers))
    offered = published_challenges() if challenges is None else challenges
    app.include_router(mondrian.router(offered))
    app.include_router(mondrian.play_router(store, workers, clock))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    serve_docs(app)

    # What each page needs before its first request comes with it: it draws its board on
    # the first paint rather than after a round trip. The same for every request: made once.
    minesweeper_html = page_with("minesweeper.html", {"minesweeper-options": options()})
    analysis_html = page_with("analysis.html", {"minesweeper-options": options()})
    mondrian_html = page_with(
        "mondrian.html", {"mondrian-challenges": mondrian.listing_of(offered)}
    )

    @app.get("/", include_in_schema=False)
    def minesweeper_page() -> HTMLResponse:
        return HTMLResponse(minesweeper_html)

    @app.get("/analysis", include_in_schema=False)
    def analysis_page() -> HTMLResponse:
        """The analysis board: a position set up or pasted, and its chances
        (`POST /api/minesweeper/analysis`)."""
        return HTMLResponse(analysis_html)

    @app.get("/mondrian", include_in_schema=False)
    def mondrian_page() -> HTMLResponse:
        return HTMLResponse(mondrian_html)

    @app.get(watch.PATH, include_in_schema=False)
    async def watch_page(game_id: str) -> HTMLResponse:
        """A finished game step by step (`web.watch`)."""
        status, html = await anyio.to_thread.run_sync(watch.page, store, game_id)
        return HTMLResponse(html, status_code=status)

    return app


def serve_docs(app: FastAPI, assets: str = "/docs/assets") -> None:
    """The API's documentation at ``/docs`` (Swagger UI), its script, style and icon served
    by the app itself under ``assets`` (FastAPI's way of self-hosting them): it works without
    the internet. (Redoc, which loads its logo from its makers' host, is left out.)"""
    app.mount(assets, StaticFiles(directory=DOCS_ASSETS), name="docs-assets")
    openapi = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    def swagger_page() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi,
            title=f"{app.title} API",
            swagger_js_url=f"{assets}/swagger-ui-bundle.js",
            swagger_css_url=f"{assets}/swagger-ui.css",
            swagger_favicon_url=f"{assets}/favicon.png",
            swagger_ui_parameters={"validatorUrl": None},  # no badge from another host
        )
