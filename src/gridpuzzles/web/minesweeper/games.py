"""The server's Minesweeper games: created, loaded (from a cache or by replay from the store)
and played.

This is the imperative shell around the core: it reads the clock, draws seeds, checks the
token and commits every move to the store before the caller answers. Every rule is the core's.
What serving a game in play takes for both puzzles (a copy per process caught up from the
store before every use, one rule for a move another process stored first, a lock per game, the
token) is `web.service.KeptGames`.

Work that may take long runs in a worker process (`Workers`): the first reveal of a no-guess
game, which generates its board, and the replay of such a game from the store. A first reveal
that runs past the budget stores nothing, so the game stays as it was. The rest (a move, a
write to the store) is quick and runs in a thread, off the event loop.

Help (Play Move, a hint, the probabilities) makes a game still being played *assisted* once
the help is given (a hint or the probabilities asked before the first reveal mark nothing:
the game has not started): the first help of a game is a ``help`` step of its log, stored as
every step is (`midend.minesweeper.logged_steps`, `store.write_minesweeper_steps`). A game the
player leaves is kept as a loss after its first reveal (forgotten before it) and takes no move
or help afterwards.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TypeVar

import anyio.to_thread

from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import (
    Replay,
    advised,
    figures_of,
    logged_steps,
    play_of,
    step_words,
    stepped,
)
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.replay import ReplayError
from gridpuzzles.midend.review import review_json, reviewed, weighed_move, win_chance_json
from gridpuzzles.minesweeper import (
    HELP,
    Action,
    Config,
    FirstClick,
    Game,
    Move,
    MoveError,
    Status,
    chordable,
    view,
)
from gridpuzzles.minesweeper.core.settings import level_of
from gridpuzzles.storage import (
    ABANDONED,
    SavedGame,
    StorageError,
    Store,
    TimedMove,
    level_key,
    new_game_id,
    played_on,
)
from gridpuzzles.storage.playing import MINESWEEPER, StoredGame
from gridpuzzles.storage.store import saved_game, timed_moves, write_minesweeper_steps
from gridpuzzles.web import tokens
from gridpuzzles.web.minesweeper.models import (
    GameState,
    ReplayOut,
    ReplayStep,
    Result,
    ReviewOut,
    WinChanceOut,
)
from gridpuzzles.web.models import being_played
from gridpuzzles.web.service import (
    IN_PLAY,
    NO_SUCH_GUESS,
    UNREPLAYABLE,
    GameInPlayError,
    KeptGames,
    NoSuchGuessError,
)
from gridpuzzles.web.workers import Workers

NO_GUESS_TOO_SLOW = (
    "no no-guess board for a first click here was found within {seconds:g} seconds, and the "
    "game is unchanged: click another cell, or start a game with fewer mines"
)
REPLAY_TOO_SLOW = (
    "this no-guess game took longer than {seconds:g} seconds to rebuild; try again in a moment"
)

WON_KEPT = "this game is won and kept in the records as it is: nothing can be undone"
LEFT = "you left this game, so it takes no more moves or help: start a new game"

Chooser = Callable[[Game], Awaitable[Move]]
"""Picks the move to play from the game's current state (the player's move, or Play Move)."""
T = TypeVar("T")


@dataclass(frozen=True)
class Held:
    """A game as the server holds it: the game in play (the current state and what undo and
    redo reach; its version, the moves stored, undo and redo included: the length of its
    log; whether the player had help in it, as the store marks it), its owner and whether
    the player left it."""

    play: Play[Game]
    owner: str
    left: bool = False
    left_at: float | None = None
    """When the player left the game (its clock stops there), if they did."""

    @property
    def game(self) -> Game:
        """The game as it stands."""
        return self.play.state


def generates_board(game: Game, move: Move) -> bool:
    """Whether playing ``move`` generates a no-guess board: the first reveal of such a game."""
    return (
        game.layout is None
        and game.config.first_click is FirstClick.NO_GUESS
        and move.action is Action.REVEAL
    )


def given(move: Move) -> Chooser:
    """A `Chooser` that always picks ``move``."""

    async def choose(game: Game) -> Move:
        return move

    return choose


class MinesweeperGames(KeptGames[Held]):
    """Every Minesweeper game of the server, kept in ``store`` with the most recent ones
    cached; slow work runs on ``workers``."""

    puzzle = MINESWEEPER
    refusal = MoveError

    def __init__(
        self,
        store: Store,
        workers: Workers,
        clock: Callable[[], float] = time.time,
        cache_size: int = 4096,
    ) -> None:
        super().__init__(store, workers, clock, cache_size)

    def create(
        self, config: Config, seed: int | None = None, player: str | None = None
    ) -> tuple[str, str, Held]:
        """A new game on ``config`` (on ``seed`` if given) in ``player``'s records: its id,
        its token and the game."""
        token = tokens.new_token()
        saved = SavedGame(
            id=new_game_id(),
            config=config,
            seed=tokens.new_seed() if seed is None else seed,
            owner=tokens.digest(token),
            counted=seed is None,
            created_at=self.clock(),
            player=player,
        )
        self.store.add_game(saved)
        held = Held(play_of(saved.start()), saved.owner)
        self._recent.put(saved.id, held)
        return saved.id, token, held

    async def play(
        self,
        game_id: str,
        token: str | None,
        choose: Chooser,
        *,
        assisted: bool = False,
        seen: int | None = None,
    ) -> tuple[Move, Held]:
        """Play the move ``choose`` picks, store it, and return it with the game now (core
        errors pass through; past the budget, `OverBudgetError` and nothing is stored).
        ``assisted``: the move is help (Play Move), so the game is marked assisted with it.
        ``seen``: the game's version when the player chose the move (`KeptGames._stepped`)."""

        async def take(held: Held) -> tuple[Move, Held]:
            held = _in_play(held)
            move = await choose(held.game)
            timed = TimedMove(move, self.clock())
            if not generates_board(held.game, move):
                after = await anyio.to_thread.run_sync(self._play, game_id, held, timed, assisted)
                return move, after
            played = await self.workers.run(
                partial(stepped, helped=assisted),
                held.play,
                move,
                timed.at,
                too_slow=NO_GUESS_TOO_SLOW,
            )
            after = await anyio.to_thread.run_sync(self._record, game_id, held, timed, played)
            return move, after

        # Not taken twice: Play Move's choice and a no-guess board are a worker's work.
        return await self._stepped(game_id, token, seen, take, again=False)

    async def rewind(
        self, game_id: str, token: str | None, rewind: Rewind, *, seen: int | None = None
    ) -> Held:
        """Undo the latest move (also the mine that lost the game) or redo the latest undo,
        store it, and return the game now. Once the game has started, either is help: the
        game is marked assisted. ``seen`` as for `play`."""

        async def take(held: Held) -> Held:
            held = _in_play(held)
            if held.game.status is Status.WON:
                raise MoveError(WON_KEPT)
            timed = TimedMove(rewind, self.clock())
            after = stepped(held.play, rewind, timed.at)
            return await anyio.to_thread.run_sync(self._record, game_id, held, timed, after)

        return await self._stepped(game_id, token, seen, take, again=False)

    async def advise(
        self, game_id: str, token: str | None, job: Callable[[Game], Awaitable[T]]
    ) -> tuple[T, Held]:
        """Help on a game still being played (``job``, e.g. a hint, on the game now), and the
        game after it: once help is given, it is assisted, and the help that marks it is a
        ``help`` step of its log, stored as every step is (`advised`; its version then one
        more). A refused request (an error) marks nothing, and neither does advice on a game
        not started yet (before its first reveal the player has seen nothing and every hidden
        cell has the same chance: it helps nothing) or already assisted: nothing is written
        then."""

        async def take(held: Held) -> tuple[T, Held]:
            held = _in_play(held)
            advice = await job(held.game)
            helped = advised(held.play)
            if helped is held.play:
                return advice, held
            timed = TimedMove(HELP, self.clock())
            return advice, await anyio.to_thread.run_sync(
                self._record, game_id, held, timed, helped
            )

        # Not taken twice: the advice is a worker's work; taken on the game as stored now.
        return await self._stepped(game_id, token, None, take, again=False)

    async def leave(self, game_id: str, token: str | None) -> Held:
        """The player leaves a game: after its first reveal it is kept as a loss, before it
        is forgotten by the store. Nothing happens to a game that has ended or was left."""
        async with self._locks.hold(game_id):
            held = await self._current(game_id, token)
            if held.game.over or held.left:
                return held
            now = self.clock()
            await anyio.to_thread.run_sync(self.store.abandon, game_id, held.game, now)
            left = replace(held, left=True, left_at=now)
            self._recent.put(game_id, left)
            return left

    def _play(self, game_id: str, held: Held, timed: TimedMove, assisted: bool) -> Held:
        """Play ``timed`` on ``held``, then `_record` it (one trip to a thread for both)."""
        after = stepped(held.play, timed.move, timed.at, helped=assisted)
        return self._record(game_id, held, timed, after)

    def _record(self, game_id: str, held: Held, timed: TimedMove, after: Play[Game]) -> Held:
        """Commit the step (a move, an undo or a redo, or help) that led from ``held`` to
        ``after``, as the lines it takes in the log (`logged_steps`: a move made with help
        that marked the game has a ``help`` line after it), in one turn; cache and return
        it, assisted as the store has it now (the row of a game logged before help was a
        step of its log). A step number another process took first is not stored
        (`MoveConflict`)."""
        steps = logged_steps(held.play, timed.move, after)
        with self._stale_refused(game_id):
            assisted = write_minesweeper_steps(
                self.store,
                game_id,
                held.play.version,
                timed.at,
                steps,
                after.state,
                after.assisted,
            )
        played = replace(held, play=replace(after, assisted=assisted))
        self._recent.put(game_id, played)
        return played

    async def _caught_up(self, game_id: str, cached: Held | None, read: StoredGame) -> Held:
        if read.part is not None:
            saved = saved_game(read)
            start = Held(play_of(saved.start()), saved.owner)
            return await self._played_on(start, saved.moves, read)
        assert cached is not None  # only the moves after a copy's are read without its part
        return await self._played_on(cached, timed_moves(read.steps), read)

    async def _played_on(
        self, held: Held, moves: tuple[TimedMove, ...], stored: StoredGame
    ) -> Held:
        """``held`` after the ``moves`` ``stored`` holds since, with its flags now (a replay
        that generates a no-guess board runs on a worker, within the budget)."""
        left = stored.status == ABANDONED
        marked = held.play.assisted or not stored.assisted  # the row marks no more than the log
        if not moves and marked and left == held.left:
            return held
        played = held.play
        if moves:
            if any(
                isinstance(timed.move, Move) and generates_board(played.state, timed.move)
                for timed in moves
            ):
                played = await self.workers.run(played_on, played, moves, too_slow=REPLAY_TOO_SLOW)
            else:
                played = await anyio.to_thread.run_sync(played_on, played, moves)
        # Assisted when the log or the row says so (a game logged before help was a step of
        # its log has only the row's mark).
        return Held(
            replace(played, assisted=played.assisted or stored.assisted),
            held.owner,
            left,
            stored.ended_at if left else None,
        )


def state_of(game_id: str, held: Held, now: float) -> GameState:
    """What the player may see of ``held`` at time ``now`` (a game left, as it was left: its
    clock stopped there, as in the records); the seed and 3BV only after the end (not of a
    game left, which the player did not play to its end)."""
    played, game = held.play, held.game
    config = game.config
    numbers = figures_of(played, now if held.left_at is None else held.left_at)
    left = held.left and not game.over  # a game that had ended was left as it was
    result = None
    if game.over:
        result = Result(
            seed=str(game.seed),
            exploded=None if game.exploded is None else divmod(game.exploded, config.width),
            three_bv=numbers.three_bv,
            efficiency=numbers.efficiency,
        )
    return GameState(
        id=game_id,
        level=level_of(config),
        stats_level=level_key(config),
        width=config.width,
        height=config.height,
        mines=config.mines,
        first_click=config.first_click,
        win_rule=config.win_rule,
        question_marks=config.question_marks,
        status="left" if left else game.status.value,
        view=view(game).rows(),
        mines_left=numbers.mines_left,
        elapsed=round(numbers.elapsed, 3),
        started=game.started_at is not None,
        in_play=being_played(played) and not held.left,
        clicks=numbers.clicks,
        moves=played.moves,
        version=played.version,
        assisted=played.assisted,
        can_undo=played.can_undo and game.status is not Status.WON and not left,
        can_redo=played.can_redo and not left,
        chordable=[] if left else sorted(chordable(game)),
        finish=result,
    )


def _in_play(held: Held) -> Held:
    """``held``, unless the player left it (`MoveError`)."""
    if held.left:
        raise MoveError(LEFT)
    return held


def finished(saved: SavedGame) -> Replay:
    """The finished game ``saved`` replayed (the mid-end's replay); `GameInPlayError` while
    it is being played (nothing of it is told then, no mine least of all), and
    `StorageError` for a log the rules cannot replay."""
    try:
        replay = saved.watched()
    except ReplayError as error:
        raise StorageError(UNREPLAYABLE.format(game_id=saved.id, error=error)) from None
    if replay.in_play:
        raise GameInPlayError(IN_PLAY.format(game_id=saved.id))
    return replay


def replay_of(saved: SavedGame) -> ReplayOut:
    """Every step of the finished game ``saved`` (`finished`)."""
    replay = finished(saved)
    created = saved.created_at
    last = replay.frames[-1] if replay.frames else None
    steps = [
        ReplayStep.of(
            frame,
            step_words(frame.text),
            created,
            state_of(
                saved.id, Held(frame.play, saved.owner, saved.left and frame is last), frame.at
            ),
        )
        for frame in replay.frames
    ]
    start = state_of(saved.id, Held(play_of(replay.start), saved.owner), created)
    return ReplayOut(id=saved.id, start=start, steps=steps, imported_from=replay.imported_from)


def review_of(saved: SavedGame) -> ReviewOut:
    """The solver's review of the finished game ``saved`` (`finished`), each move judged from
    the position before it; the work of a solver worker (a long expert game takes most of a
    second)."""
    replay = finished(saved)
    return ReviewOut.model_validate(review_json(replay, reviewed(replay, saved.created_at)))


def weighed_guess(saved: SavedGame, number: int) -> WinChanceOut:
    """What the guess at step ``number`` of the finished game ``saved`` (`finished`) gave
    away of the chance to win (the mid-end's `weighed_move`: exact where the position is
    small enough, else an estimate seeded by the game's id, so the same every time);
    `NoSuchGuessError` when that step is no guess due for weighing. The work of a weighing
    worker: an estimate takes seconds on an expert board."""
    replay = finished(saved)
    weighed = weighed_move(replay, reviewed(replay, saved.created_at), number)
    if weighed is None:
        raise NoSuchGuessError(NO_SUCH_GUESS.format(game_id=saved.id, number=number))
    return WinChanceOut.model_validate(win_chance_json(weighed))
