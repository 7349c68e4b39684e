"""The Mondrian Blocks API: the published challenges, the solutions of a placement of the
three black blocks, and games the player plays on the server.

A game (`play_router`) is made from a published challenge, a random or generated one, or an
empty board for the player's own black blocks; each move goes to the server, which plays it
with the core and answers the game as it is now, or refuses it with the core's words (409).
The server keeps the time: the page only shows it. A hint or the solutions make the game
assisted; a solved game is kept in the store, and assisted ones never set a best time.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Response

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import hint_step
from gridpuzzles.mondrian.core.game import Game, MoveError
from gridpuzzles.mondrian.core.grid import Placement, challenge
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.notation import parse_block
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.solving.hints import Hint, NoHintError, hint, reveal_solutions
from gridpuzzles.mondrian.solving.solutions import count_solutions, solutions
from gridpuzzles.storage import Store
from gridpuzzles.web.models import Error
from gridpuzzles.web.mondrian.games import (
    SOLVER_TOO_SLOW,
    MondrianGames,
    move_of,
    replay_of,
    review_of,
    state_of,
)
from gridpuzzles.web.mondrian.models import (
    MAX_SHOWN,
    BlackBlock,
    Challenge,
    Challenges,
    CreatedMondrianGame,
    HintState,
    MondrianMove,
    MondrianRecords,
    MondrianReplay,
    MondrianReviewOut,
    MondrianState,
    NewMondrianGame,
    RevealedState,
    Solutions,
    SolveRequest,
    Verdict,
    black_block,
    placed,
    record_out,
)
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
from gridpuzzles.web.service import REVIEW_TOO_SLOW
from gridpuzzles.web.workers import Workers

PREFIX = "/api/mondrian"


def solve(black: Sequence[BlackBlock]) -> Solutions:
    """Count every solution and list the first `MAX_SHOWN` of them."""
    puzzle = challenge(Placement(b.row, b.col, parse_block(b.size), b.orientation) for b in black)
    shown = itertools.islice(solutions(puzzle), MAX_SHOWN)
    return Solutions(
        count=count_solutions(puzzle),
        solutions=[[placed(p) for p in solution] for solution in shown],
    )


def listing_of(challenges: Sequence[OfficialChallenge]) -> Challenges:
    """The API's list of ``challenges``."""
    return Challenges(
        challenges=[
            Challenge(
                code=c.code,
                edition=c.edition,
                level=c.level,
                black=[black_block(p) for p in c.black],
                solutions=c.solutions,
            )
            for c in challenges
        ]
    )


def router(challenges: Sequence[OfficialChallenge]) -> APIRouter:
    """The Mondrian routes, offering ``challenges``."""
    api = APIRouter(prefix=PREFIX, tags=["mondrian"])
    listing = listing_of(challenges)

    @api.get("/challenges")
    def get_challenges() -> Challenges:
        """The published challenges: the three black blocks of each and its solution count."""
        return listing

    @api.post("/solutions", responses={422: {"model": Error}})
    def post_solutions(request: SolveRequest) -> Solutions:
        """Every way the eight coloured blocks fill the board around three black blocks."""
        return solve(request.black)

    return api


# Games


@contextmanager
def refusals() -> Iterator[None]:
    """A move the game refuses (or a hint on a full board) is a 409 in the board's words."""
    try:
        yield
    except (MoveError, NoHintError) as error:
        raise HTTPException(409, str(error)) from None


def revealed(game: Game) -> Solutions:
    """The first solutions of ``game``'s challenge (a worker's job)."""
    shown = reveal_solutions(game, MAX_SHOWN)
    return Solutions(count=shown.count, solutions=[[placed(p) for p in s] for s in shown.solutions])


def play_router(store: Store, workers: Workers, clock: Callable[[], float]) -> APIRouter:
    """The routes of Mondrian games, timed by ``clock`` and kept in ``store`` once solved, in
    their player's records (`web.players`); solver work runs on ``workers``."""
    api = APIRouter(prefix=PREFIX, tags=["mondrian"], responses=ERRORS)
    games = MondrianGames(store, workers, clock)
    state = game_routes(
        api,
        games,
        MondrianState,
        state_of,
        'the latest block put down, lifted or turned (the same as a move `{"action": '
        '"undo"}`; a solved game is final)',
    )

    @api.post("/games", status_code=201, responses=SLOW)
    async def create_game(
        request: NewMondrianGame, response: Response, player: Player
    ) -> CreatedMondrianGame:
        """Start a game: a published challenge by its code, a random published one (of a level
        and edition), a generated one with one solution (of a level), or an empty board for
        the player's own black blocks. Its token comes back in the body and as a cookie."""
        game_id, token, held = await games.create(request, player)
        give_game_token(api, response, game_id, token)
        return CreatedMondrianGame(**state(game_id, held).model_dump(), token=token)

    @api.post("/games/{game_id}/moves", responses=SLOW)
    async def post_move(game_id: GameId, request: MondrianMove, token: Token) -> MondrianState:
        """Put a block down, lift or turn one, undo or redo; with ``black``, edit the
        challenge's black blocks. A move the game refuses is a 409 saying why, and changes
        nothing. The move that fills the board ends the game and keeps it in the records."""

        async def step(game: Game) -> tuple[Move | Rewind, None]:
            return move_of(request), None

        with refusals():
            held, _ = await games.play(game_id, token, step, again=True, seen=request.version)
        return state(game_id, held)

    @api.post("/games/{game_id}/check")
    async def post_check(game_id: GameId, request: MondrianMove, token: Token) -> Verdict:
        """Whether a move would be taken now, and if not, why (what the page shows while a
        block is moved over the board); nothing changes."""
        why = await games.verdict(game_id, token, request)
        return Verdict(fits=why is None, why=why)

    @api.post("/games/{game_id}/hint", responses=SLOW)
    async def post_hint(game_id: GameId, token: Token) -> HintState:
        """Put one correct block down, or, when no solution goes on from the board, name the
        blocks to lift. The game is then assisted: it sets no record."""

        async def step(game: Game) -> tuple[Move | Rewind, Hint]:
            given = await workers.run(hint, game, too_slow=SOLVER_TOO_SLOW)
            return hint_step(given), given

        with refusals():
            held, given = await games.play(game_id, token, step)
        return HintState(
            **state(game_id, held).model_dump(),
            hint=given.text,
            hinted=None if given.place is None else placed(given.place),
            lift=[placed(p) for p in given.lift],
        )

    @api.post("/games/{game_id}/solutions", responses=SLOW)
    async def post_solutions(game_id: GameId, token: Token) -> RevealedState:
        """Every solution of the challenge (the first 100 listed): the game is then assisted
        and sets no record (a solved game stays as it ended)."""

        async def step(game: Game) -> tuple[Move | Rewind, Solutions]:
            shown = await workers.run(revealed, game, too_slow=SOLVER_TOO_SLOW)
            return Move(Action.HELP), shown

        with refusals():
            held, shown = await games.play(game_id, token, step, when_solved=True)
        return RevealedState(**state(game_id, held).model_dump(), revealed=shown)

    @api.get(
        "/games/{game_id}/replay",
        summary="Watch a solved game again",
        responses=STILL_PLAYED,
    )
    async def get_replay(game_id: GameId) -> MondrianReplay:
        """Every step of a solved game, as it was played: the move in the log's form and in
        words, when it was made, and the game after it, as the page draws it (the shape of a
        Minesweeper replay). Anyone with the game's id may watch it; a game still being
        played is refused (409), and nothing of it is sent."""
        kept = await stored(games.stored_game, game_id)
        return await anyio.to_thread.run_sync(replay_of, game_id, kept)

    @api.get(
        "/games/{game_id}/review",
        summary="The solver's review of a solved game",
        responses={**STILL_PLAYED, **SLOW},
    )
    async def get_review(game_id: GameId) -> MondrianReviewOut:
        """Each step of a solved game judged by the solutions it left with the blocks on the
        board held where they are: a step after which none remains is a dead end, told with
        the step that left it (and each step in between with the step that led into it);
        each step's time and whether it was help; then the game's summary (the time per
        block, the hints, the dead ends). As the replay: anyone with the id, never a game
        still in play."""
        kept = await stored(games.stored_game, game_id)
        return await workers.run(review_of, game_id, kept, too_slow=REVIEW_TOO_SLOW)

    @api.get("/records", summary="Best times per challenge and per difficulty")
    def get_records(player: Player) -> MondrianRecords:
        """The records of the solved games: per challenge (its code, else its black blocks)
        and per difficulty, the games solved without help, the ten best times and their
        average, and the games solved with help, counted apart (on a server with records per
        player, of this browser's games)."""
        by_challenge, by_difficulty = store.mondrian_records(player)
        return MondrianRecords(
            challenges=[record_out(r) for r in by_challenge],
            difficulties=[record_out(r) for r in by_difficulty],
            per_player=player is not None,
        )

    return api
