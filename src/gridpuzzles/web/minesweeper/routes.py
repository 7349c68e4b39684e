"""The Minesweeper API: options, new games, moves, game state, leaving a game and records.

The routes of one game are coroutines: they wait for the game's lock, a worker process or a
thread without holding up the event loop. Advice (Hint, Probabilities, Play Move) is computed
in a worker process from what the player sees, within the workers' time budget; once given,
it makes the game assisted (counted apart in the records, never a best time).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

import anyio.to_thread
from fastapi import APIRouter, Path, Query, Response

from gridpuzzles.midend.videos import VideoFormat, file_of, video_of
from gridpuzzles.minesweeper import Game, Move
from gridpuzzles.storage import SavedGame, records_json
from gridpuzzles.web.minesweeper import assist
from gridpuzzles.web.minesweeper.games import (
    MinesweeperGames,
    finished,
    given,
    replay_of,
    review_of,
    state_of,
    weighed_guess,
)
from gridpuzzles.web.minesweeper.models import (
    CreatedGame,
    GameState,
    HintOut,
    LevelStatsOut,
    MoveRequest,
    NewGame,
    Options,
    PlayedMove,
    Probabilities,
    RecordsOut,
    ReplayOut,
    ReviewOut,
    WinChanceOut,
    config_of,
    options,
)
from gridpuzzles.web.models import MAX_MOVE_COUNT, Error
from gridpuzzles.web.players import Player
from gridpuzzles.web.routes import (
    ERRORS,
    SLOW,
    STILL_PLAYED,
    GameId,
    Token,
    game_routes,
    give_game_token,
    stored,
)
from gridpuzzles.web.service import REVIEW_TOO_SLOW, WEIGH_TOO_SLOW
from gridpuzzles.web.workers import Workers

PREFIX = "/api/minesweeper"

T = TypeVar("T")
Help = TypeVar("Help", HintOut, Probabilities)
MAX_HISTORY = 200
"""The most finished games the records list."""
LatestGames = Annotated[
    int,
    Query(
        ge=0,
        le=MAX_HISTORY,
        description=f"how many of the latest finished games to list, 0 to {MAX_HISTORY}",
    ),
]

ExportFormat = Annotated[
    VideoFormat,
    Query(
        alias="format",
        description="`evf` (the binary video Metasweeper and ms-toollib read) or `rawvf` (the "
        "plain-text video)",
    ),
]
VIDEO: dict[int | str, dict[str, object]] = {
    200: {
        "description": "the video file, as a download",
        "content": {"application/octet-stream": {}, "text/plain": {}},
    }
}
"""The answer of the export: a file, EVF's bytes or RAWVF's text."""

StepNumber = Annotated[
    int,
    Path(
        ge=0,
        le=MAX_MOVE_COUNT,
        description="the step's number in the game's log, from 0 (the review's `number`)",
    ),
]


def router(games: MinesweeperGames, weighers: Workers) -> APIRouter:
    """The Minesweeper routes, playing the games in ``games``, each in its player's records
    (`web.players`); the guesses of a review are weighed on ``weighers``."""
    api = APIRouter(prefix=PREFIX, tags=["minesweeper"], responses=ERRORS)
    state = game_routes(
        api,
        games,
        GameState,
        state_of,
        "the latest move, also the mine that lost the game (not a win: its record is kept); "
        "the game is then assisted",
    )

    @api.get("/options")
    async def get_options() -> Options:
        """The built-in levels, rules and the largest board a new game may ask for."""
        return options()

    @api.post("/games", status_code=201)
    def create_game(request: NewGame, response: Response, player: Player) -> CreatedGame:
        """Start a game. Its token comes back in the body and as a cookie for its path."""
        game_id, token, held = games.create(config_of(request), request.seed, player)
        give_game_token(api, response, game_id, token)
        return CreatedGame(**state(game_id, held).model_dump(), token=token)

    async def advice(game: Game, job: Callable[[assist.Situation], T]) -> T:
        """``job`` on what the player of ``game`` sees, in a worker process."""
        return await games.workers.run(job, assist.situation(game), too_slow=assist.TOO_LARGE)

    async def hint(game: Game) -> HintOut:
        return HintOut(**(await advice(game, assist.best_hint)).model_dump())

    async def probabilities(game: Game) -> Probabilities:
        return Probabilities(**(await advice(game, assist.probabilities)).model_dump())

    async def helped(
        game_id: str, token: str | None, job: Callable[[Game], Awaitable[Help]]
    ) -> Help:
        """The help ``job`` gives on the game (`MinesweeperGames.advise`, which marks the game
        assisted where help counts, with a help step in its log), with the game's
        ``assisted`` and ``version`` after it: the page reads them there and never decides
        them."""
        given, held = await games.advise(game_id, token, job)
        return given.model_copy(
            update={"assisted": held.play.assisted, "version": held.play.version}
        )

    @api.post("/games/{game_id}/moves", responses=SLOW)
    async def post_move(game_id: GameId, request: MoveRequest, token: Token) -> GameState:
        """Play a move (``r`` reveal, ``f`` flag or unflag, ``c`` chord); stored before the answer."""
        move = Move.parse(request.move)
        _, held = await games.play(game_id, token, given(move), seen=request.version)
        return state(game_id, held)

    @api.post("/games/{game_id}/auto-move", responses=SLOW)
    async def post_auto_move(game_id: GameId, token: Token) -> PlayedMove:
        """Play Move: the auto-player decides one move from the view alone and plays it; the
        game is then assisted. The answer says why the move was played."""
        said: list[str] = []

        async def auto_move(game: Game) -> Move:
            explained = await advice(game, assist.auto_move)
            said.append(explained.why)
            return explained.move

        move, held = await games.play(game_id, token, auto_move, assisted=True)
        return PlayedMove(**state(game_id, held).model_dump(), move=str(move), why=said[-1])

    @api.get("/games/{game_id}/hint", responses=SLOW)
    async def get_hint(game_id: GameId, token: Token) -> HintOut:
        """The safest hidden cell: certainly safe if one is, else the best guess; the game is
        then assisted once its first reveal is made (the answer's ``assisted`` says)."""
        return await helped(game_id, token, hint)

    @api.get("/games/{game_id}/probabilities", responses=SLOW)
    async def get_probabilities(game_id: GameId, token: Token) -> Probabilities:
        """Every hidden cell's exact chance of being a mine, given what the player sees; the
        game is then assisted once its first reveal is made (the answer's ``assisted`` says)."""
        return await helped(game_id, token, probabilities)

    @api.post(
        "/games/{game_id}/leave",
        summary="Leave a game",
        responses={
            200: {"description": "the game as it was left (or as it ended, if it had)"},
            **SLOW,
        },
    )
    async def post_leave(game_id: GameId, token: Token) -> GameState:
        """The player leaves a game (for a new game or another level). After its first
        reveal it counts as a loss ("abandoned" in the records) and the answer's status is
        "left"; before, it is forgotten. A game that has ended, or was already left, is
        unchanged; a game left takes no more moves or help (409)."""
        return state(game_id, await games.leave(game_id, token))

    @api.get(
        "/games/{game_id}/replay",
        summary="Watch a finished game again",
        responses=STILL_PLAYED,
    )
    async def get_replay(game_id: GameId) -> ReplayOut:
        """Every step of a finished game (won, lost or left), as it was played: the move in
        the log's form and in words, when it was made, and the game after it, as the page
        draws it. Anyone with the game's id may watch it; a game still being played is
        refused (409), and nothing of it is sent."""
        saved = await stored(games.store.load_game, game_id)
        return await anyio.to_thread.run_sync(replay_of, saved)

    @api.get(
        "/games/{game_id}/export",
        summary="A finished game as a video file: EVF or RAWVF",
        response_class=Response,
        responses={**VIDEO, **STILL_PLAYED},
    )
    async def get_export(game_id: GameId, video_format: ExportFormat) -> Response:
        """A finished game (won, lost or left) as a video file of the community, to
        download: each reveal, flag and chord as its mouse clicks at the cell's centre, at
        the time it was made (`midend.videos`). As the replay: anyone with the id, never a
        game still in play (409, nothing of it sent); a game no video can show (an undo or a
        redo, the flags win rule) is refused too (409)."""
        saved = await stored(games.store.load_game, game_id)
        name, data = await anyio.to_thread.run_sync(video_file, saved, video_format)
        return Response(
            data,
            media_type=video_format.media_type,
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @api.get(
        "/games/{game_id}/review",
        summary="The solver's review of a finished game",
        responses={**STILL_PLAYED, **SLOW},
    )
    async def get_review(game_id: GameId) -> ReviewOut:
        """Each move of a finished game judged from the position before it, never from what
        happened after: a safe reveal, a certain or uncertain flag, a guess with its risk and
        the least risk there was, a needless guess (a cell was certainly safe), an
        unavoidable 50/50, a dead cell, a known mine, a chord on a wrong flag; then the
        game's summary. As the replay: anyone with the id, never a game still in play."""
        saved = await stored(games.store.load_game, game_id)
        return await games.workers.run(review_of, saved, too_slow=REVIEW_TOO_SLOW)

    @api.get(
        "/games/{game_id}/review/guesses/{number}",
        summary="What one guess of a finished game gave away of the chance to win",
        responses={
            404: {
                "model": Error,
                "description": "no game has this id, or its step `number` is no guess to weigh",
            },
            **STILL_PLAYED,
            **SLOW,
        },
    )
    async def get_guess_weighed(game_id: GameId, number: StepNumber) -> WinChanceOut:
        """The move at step ``number`` of a finished game (one the review marks
        `win_chance_due`) weighed against the solver's best move in the same position: the
        chance to win after each, the points it gave away and their label (inaccuracy,
        mistake, blunder). Exact where the position is small enough, else estimated by
        playouts seeded by the game's id (the same answer every time); an estimate takes
        seconds on an expert board, so each guess is its own request, on workers of its own
        with a longer time budget (503 past it: not weighed). As the review: anyone with
        the id, never a game still in play."""
        saved = await stored(games.store.load_game, game_id)
        return await weighers.run(weighed_guess, saved, number, too_slow=WEIGH_TOO_SLOW)

    @api.get("/records", summary="The player's records and latest games")
    def get_records(player: Player, history: LatestGames = 20) -> RecordsOut:
        """Per level and first-click rule: games finished without help, won, win rate,
        streaks, the ten best times with the time each was set, the best 3BV/s, the average
        win and the assisted games; then the latest finished games, latest first, with their
        seeds as strings (each replays its board). Games on a chosen seed are not counted.
        On a server with records per player, only the games of this browser count."""
        store = games.store
        return RecordsOut.model_validate(
            records_json(
                store.minesweeper_records(player), store.minesweeper_history(history, player)
            )
            | {"per_player": player is not None}
        )

    @api.get("/stats")
    def get_stats(player: Player) -> list[LevelStatsOut]:
        """Games played (ended, without help), won and the best winning time, per level (on
        a server with records per player, of this browser's games)."""
        return [
            LevelStatsOut(**vars(stats)) for stats in games.store.minesweeper_level_stats(player)
        ]

    return api


def video_file(saved: SavedGame, video_format: VideoFormat) -> tuple[str, bytes]:
    """The finished game ``saved`` (`finished`: `GameInPlayError` while it is being played)
    as a video file in ``video_format``: its name and its bytes (`ExportError` for a game no
    video can show)."""
    video = video_of(finished(saved))
    return video.file_name(video_format), file_of(video, video_format)
