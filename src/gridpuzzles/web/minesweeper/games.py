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

Help (Play Move, a hint, the probabilities) makes a game still being played *assisted*, in
the store and in the cache, once the help is given (a hint or the probabilities asked before
the first reveal mark nothing: the game has not started). A game the player leaves is kept as
a loss after its first reveal (forgotten before it) and takes no move or help afterwards.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import TypeVar

import anyio.to_thread

from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import Replay, advised, play_of, step_words, stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.replay import ReplayError
from gridpuzzles.midend.review import review_json, reviewed, weighed_move, win_chance_json
from gridpuzzles.minesweeper import (
    Action,
    Config,
    FirstClick,
    Game,
    Move,
    MoveError,
    Status,
)
from gridpuzzles.storage import (
    GameChanges,
    SavedGame,
    StorageError,
    Store,
    TimedMove,
    new_game_id,
    played_on,
)
from gridpuzzles.web import tokens
from gridpuzzles.web.minesweeper.models import (
    ReplayOut,
    ReplayStep,
    ReviewOut,
    WinChanceOut,
    game_state,
)
from gridpuzzles.web.service import (
    IN_PLAY,
    NO_SUCH_GUESS,
    UNREPLAYABLE,
    GameInPlayError,
    KeptGames,
    NoSuchGuessError,
    check_seen,
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
class Entry:
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


class Games(KeptGames[Entry, SavedGame | GameChanges]):
    """Every Minesweeper game of the server, kept in ``store`` with the most recent ones
    cached; slow work runs on ``workers``."""

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
    ) -> tuple[str, str, Game]:
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
        game = saved.start()
        self._recent.put(saved.id, Entry(play_of(game), saved.owner))
        return saved.id, token, game

    async def play(
        self,
        game_id: str,
        token: str | None,
        choose: Chooser,
        *,
        assisted: bool = False,
        seen: int | None = None,
    ) -> tuple[Move, Entry]:
        """Play the move ``choose`` picks, store it, and return it with the game now (core
        errors pass through; past the budget, `OverBudgetError` and nothing is stored).
        ``assisted``: the move is help (Play Move), so the game is marked assisted with it.
        ``seen``: the game's version (its stored moves, undo and redo included) when the player chose the move; a game
        that has more now refuses it (`MoveConflict`), as does the store a move another
        process stored first."""
        async with self._locks.hold(game_id):
            entry = await self._in_play_as_seen(game_id, token, seen)
            move = await choose(entry.game)
            timed = TimedMove(move, self.clock())
            if not generates_board(entry.game, move):
                after = await anyio.to_thread.run_sync(self._play, game_id, entry, timed, assisted)
                return move, after
            played = await self.workers.run(
                partial(stepped, helped=assisted),
                entry.play,
                move,
                timed.at,
                too_slow=NO_GUESS_TOO_SLOW,
            )
            after = await anyio.to_thread.run_sync(
                self._record, game_id, entry, timed, played, assisted
            )
            return move, after

    async def rewind(
        self, game_id: str, token: str | None, rewind: Rewind, *, seen: int | None = None
    ) -> Entry:
        """Undo the latest move (also the mine that lost the game) or redo the latest undo,
        store it, and return the game now. Once the game has started, either is help: the
        game is marked assisted. ``seen`` as for `play`."""
        async with self._locks.hold(game_id):
            entry = await self._in_play_as_seen(game_id, token, seen)
            if entry.game.status is Status.WON:
                raise MoveError(WON_KEPT)
            timed = TimedMove(rewind, self.clock())
            after = stepped(entry.play, rewind, timed.at)
            return await anyio.to_thread.run_sync(
                self._record, game_id, entry, timed, after, after.assisted
            )

    async def advise(
        self, game_id: str, token: str | None, job: Callable[[Game], Awaitable[T]]
    ) -> T:
        """Help on a game still being played (``job``, e.g. a hint, on the game now); once
        it is given, the game is assisted. A refused request (an error) marks nothing, and
        neither does advice on a game not started yet (before its first reveal the player has
        seen nothing and every hidden cell has the same chance: it helps nothing)."""
        async with self._locks.hold(game_id):
            entry = _in_play(await self._current(game_id, token))
            advice = await job(entry.game)
            helped = advised(entry.play)
            if helped.assisted and not entry.play.assisted:
                await anyio.to_thread.run_sync(self.store.mark_assisted, game_id)
                self._recent.put(game_id, replace(entry, play=helped))
            return advice

    async def leave(self, game_id: str, token: str | None) -> Entry:
        """The player leaves a game: after its first reveal it is kept as a loss, before it
        is forgotten by the store. Nothing happens to a game that has ended or was left."""
        async with self._locks.hold(game_id):
            entry = await self._current(game_id, token)
            if entry.game.over or entry.left:
                return entry
            now = self.clock()
            await anyio.to_thread.run_sync(self.store.abandon, game_id, entry.game, now)
            left = replace(entry, left=True, left_at=now)
            self._recent.put(game_id, left)
            return left

    async def _in_play_as_seen(self, game_id: str, token: str | None, seen: int | None) -> Entry:
        """The game to play on, unless the player left it: the cached copy when it has the
        ``seen`` move count (`_as_seen`), else the game as the store holds it, refused
        (`MoveConflict`) when it has moved on from ``seen``."""
        entry = self._as_seen(game_id, token, seen)
        if entry is None:
            entry = _in_play(await self._current(game_id, token))
            check_seen(entry.play.version, seen)
        return entry

    def _as_seen(self, game_id: str, token: str | None, seen: int | None) -> Entry | None:
        """The cached copy of a game when it has the ``seen`` move count, else None. A move
        chosen on it is played without reading the store first: the store refuses it
        (`MoveConflict`) if another process moved the game on, so a stale copy stores nothing
        (one read and one trip to a thread less on every move of a player)."""
        cached = self._cached(game_id, token)
        if seen is None or cached is None or cached.play.version != seen:
            return None
        return _in_play(cached)

    def _play(self, game_id: str, entry: Entry, timed: TimedMove, assisted: bool) -> Entry:
        """Play ``timed`` on ``entry``, then `_record` it (one trip to a thread for both)."""
        after = stepped(entry.play, timed.move, timed.at, helped=assisted)
        return self._record(game_id, entry, timed, after, assisted)

    def _record(
        self, game_id: str, entry: Entry, timed: TimedMove, after: Play[Game], helped: bool
    ) -> Entry:
        """Commit the move (or undo or redo) that led from ``entry`` to ``after`` (marking
        the game assisted with it when it was ``helped``: only a game being played can be),
        cache and return it, assisted as the store has it now (help may have been given
        through another process). A move number another process took first is not stored
        (`MoveConflict`)."""
        with self._stale_refused(game_id):
            assisted = self.store.add_move(
                game_id,
                entry.play.version,
                timed,
                after.state,
                assisted=helped and not entry.play.assisted,
            )
        played = replace(entry, play=replace(after, assisted=assisted))
        self._recent.put(game_id, played)
        return played

    def _owner(self, copy: Entry) -> str:
        return copy.owner

    def _count(self, copy: Entry) -> int:
        return copy.play.version

    def _read(
        self, game_id: str, cached: Entry | None
    ) -> tuple[str, SavedGame | GameChanges] | None:
        """The stored game (no copy), or what changed since the copy's moves: one read."""
        if cached is None:
            saved = self.store.load_game(game_id)
            return None if saved is None else (saved.owner, saved)
        changes = self.store.changes(game_id, cached.play.version)
        return None if changes is None else (cached.owner, changes)

    async def _caught_up(
        self, game_id: str, cached: Entry | None, read: SavedGame | GameChanges
    ) -> Entry:
        if isinstance(read, SavedGame):
            start = Entry(play_of(read.start()), read.owner)
            return await self._played_on(
                start, GameChanges(read.moves, read.assisted, read.left, read.left_at)
            )
        assert cached is not None  # changes are read only after a copy
        return await self._played_on(cached, read)

    async def _played_on(self, entry: Entry, changes: GameChanges) -> Entry:
        """``entry`` after the ``changes`` stored since (a replay that generates a no-guess
        board runs on a worker, within the budget)."""
        same = (changes.assisted, changes.left) == (entry.play.assisted, entry.left)
        if not changes.moves and same:
            return entry
        played = entry.play
        if changes.moves:
            if any(
                isinstance(timed.move, Move) and generates_board(played.state, timed.move)
                for timed in changes.moves
            ):
                played = await self.workers.run(
                    played_on, played, changes.moves, too_slow=REPLAY_TOO_SLOW
                )
            else:
                played = await anyio.to_thread.run_sync(played_on, played, changes.moves)
        # The store's mark is the game's: help that is no step of the log (a hint, the
        # probabilities, Play Move's mark) is kept only there.
        return Entry(
            replace(played, assisted=changes.assisted),
            entry.owner,
            changes.left,
            changes.left_at,
        )


def _in_play(entry: Entry) -> Entry:
    """``entry``, unless the player left it (`MoveError`)."""
    if entry.left:
        raise MoveError(LEFT)
    return entry


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
        ReplayStep(
            number=frame.number,
            move=frame.text,
            said=step_words(frame.text),
            at=round(frame.at - created, 3),
            state=game_state(saved.id, frame.play, frame.at, left=saved.left and frame is last),
        )
        for frame in replay.frames
    ]
    start = game_state(saved.id, play_of(replay.start), created)
    return ReplayOut(id=saved.id, start=start, steps=steps)


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
