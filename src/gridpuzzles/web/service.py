"""What serving games in play takes, whatever the puzzle: one base for the services of both.

A game in play is a row of the store with its moves (`storage.schema`), and any number of
processes may serve one store (`serve --workers N`, or servers on several hosts sharing a
PostgreSQL database). So each process keeps a copy of the games it served last (`Recent`),
brings its copy up to date with the moves another process stored meanwhile before every use
(one cheap read: only the moves after those it knows), and writes each move at the number its
copy knows: the store refuses a number another process wrote first (`MoveConflict`), and the
player is told that the game changed (`STALE`, a 409) and shown it as it is now. A client may
also send the move count it saw (``seen``): a move chosen on an older state is refused the
same way. Requests on one game in one process wait for each other (`GameLocks`); requests on
other games never wait for them. A game is played only with the token it was created with
(`check_token`).

Every step of a game (a move, undo or redo, help written in its log) takes the same path
(`KeptGames._stepped`): the game's lock, then this process's copy when it has the version the
player saw (no read of the store), else the game as the store holds it; the puzzle takes the
step on it and stores it (`MoveConflict` when another process stored first), and a step the
copy refused or could not store is taken again once on the game as the store holds it now.

A puzzle's service (`web.minesweeper.games.MinesweeperGames`,
`web.mondrian.games.MondrianGames`) says what its copy of a game (its `Held`) holds beyond the
game in play and its owner (`HeldGame`), its name in the store, how its copy is caught up
with what the store holds since (`KeptGames._caught_up`), and how it takes a step and stores
it. The reading is the same for both (`KeptGames._read`: the store's one API for a game in
play, `storage.playing`, read since the copy's version); each writes its steps in a
`Store.turn` with its puzzle's part.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import anyio
import anyio.to_thread

from gridpuzzles.history import Rewind
from gridpuzzles.midend.play import Play
from gridpuzzles.storage import MoveConflict, Store
from gridpuzzles.storage.playing import StoredGame
from gridpuzzles.web import tokens
from gridpuzzles.web.recent import Recent
from gridpuzzles.web.workers import Workers

STALE = (
    "the game changed before this (it was played on in another tab, window or server): it "
    "was not done; look at the game as it is now and play again"
)
UNKNOWN = "there is no game {game_id!r}: start a new game"
IN_PLAY = "game {game_id} is still being played: it can be watched once it ends"
"""How a replay of a game in play is refused (`GameInPlayError`), in both puzzles."""
UNREPLAYABLE = "game {game_id} cannot be replayed: {error}"
"""How a replay of a game whose log the rules cannot replay is refused (`StorageError`)."""
REVIEW_TOO_SLOW = (
    "the review of this game took longer than {seconds:g} seconds; try again in a moment"
)
"""How a review past the solver workers' time budget is refused (503), in both puzzles."""
NO_SUCH_GUESS = (
    "game {game_id} has no guess to weigh at number {number} of its log: only a move that "
    "opened a cell that might hold a mine is weighed (the review marks it win_chance_due)"
)
"""How a request to weigh a step that is no guess due for weighing is refused (404)."""
WEIGH_TOO_SLOW = (
    "weighing this guess took longer than {seconds:g} seconds, so it is not weighed; the "
    "server may be busy: try again later"
)
"""How the weighing of a guess past its time budget is refused (503)."""


class HeldGame(Protocol):
    """What a process's copy of a game holds in every puzzle: the game in play (its
    ``version`` the steps stored, the number of the next) and its owner (a token's digest)."""

    @property
    def play(self) -> Play[Any]: ...

    @property
    def owner(self) -> str: ...


Copy = TypeVar("Copy", bound=HeldGame)
Told = TypeVar("Told")


class UnknownGameError(LookupError):
    """No game has this id."""


class GameInPlayError(LookupError):
    """The game asked to be watched is still being played: nothing of it is told."""


class NoSuchGuessError(LookupError):
    """The step asked to be weighed is no guess due for weighing (or no step of the game)."""


class NotYourGameError(PermissionError):
    """The game exists but the request does not carry its token."""


def check_token(game_id: str, token: str | None, owner: str) -> None:
    """`NotYourGameError` unless ``token`` is the one game ``game_id`` was created with (its
    digest is ``owner``)."""
    if not tokens.matches(token, owner):
        raise NotYourGameError(
            f"game {game_id!r} can only be played with the token it was created with"
        )


def check_seen(count: int, seen: int | None) -> None:
    """`MoveConflict` (`STALE`) when the player chose at a move count, ``seen``, other than
    the game's ``count`` now."""
    if seen is not None and seen != count:
        raise MoveConflict(STALE)


@dataclass
class _Held:
    lock: anyio.Lock
    users: int


class GameLocks:
    """A lock per game that requests are using; forgotten when the last one is done."""

    def __init__(self) -> None:
        self._held: dict[str, _Held] = {}

    @asynccontextmanager
    async def hold(self, game_id: str) -> AsyncIterator[None]:
        """Hold the lock of ``game_id`` (waiting for the requests before) for the block."""
        held = self._held.setdefault(game_id, _Held(anyio.Lock(), 0))
        held.users += 1
        try:
            async with held.lock:
                yield
        finally:
            held.users -= 1
            if not held.users:
                del self._held[game_id]


class KeptGames(ABC, Generic[Copy]):
    """The games in play of ``store`` as one process serves them: a copy of the last
    ``cache_size`` used, the lock of each game in use, the ``clock`` that times them and the
    ``workers`` that take slow work. ``Copy`` is the puzzle's copy of a game."""

    puzzle: ClassVar[str]
    """The puzzle's name in the store (`storage.playing`)."""
    refusal: ClassVar[type[Exception]]
    """How the puzzle's rules refuse a step (a stale copy may refuse what the game now takes)."""

    def __init__(
        self, store: Store, workers: Workers, clock: Callable[[], float], cache_size: int
    ) -> None:
        self.store = store
        self.workers = workers
        self.clock = clock
        self._recent: Recent[Copy] = Recent(cache_size)
        self._locks = GameLocks()

    def _read(self, game_id: str, cached: Copy | None) -> StoredGame | None:
        """What the store holds of the game beyond ``cached``: all of it when there is no
        copy, else its row and the steps after the copy's version (one read); None when there
        is no such game (any more). Runs in a thread."""
        since = None if cached is None else cached.play.version
        return self.store.read(self.puzzle, game_id, since)

    @abstractmethod
    async def _caught_up(self, game_id: str, cached: Copy | None, read: StoredGame) -> Copy:
        """The game now: ``cached`` (or the game from its start) after what ``read`` holds."""

    @abstractmethod
    async def rewind(
        self, game_id: str, token: str | None, rewind: Rewind, *, seen: int | None = None
    ) -> Copy:
        """Undo or redo, as the puzzle allows it, stored: the game now (`_stepped`)."""

    async def current(self, game_id: str, token: str | None) -> Copy:
        """A game its token holder asks for, as it is now."""
        async with self._locks.hold(game_id):
            return await self._current(game_id, token)

    def _cached(self, game_id: str, token: str | None) -> Copy | None:
        """This process's copy of the game, its token checked, or None; it may be stale."""
        cached = self._recent.get(game_id)
        if cached is not None:
            check_token(game_id, token, cached.owner)
        return cached

    async def _stepped(
        self,
        game_id: str,
        token: str | None,
        seen: int | None,
        take: Callable[[Copy], Awaitable[Told]],
        *,
        again: bool,
    ) -> Told:
        """What ``take`` tells once it has taken a step on the game and stored it, by the
        rule of this module. ``seen``: the game's version when the player chose the step; a
        game changed since (in another tab or process) refuses it (`MoveConflict`, `STALE`).
        ``again``: the step may be taken twice (no solver work), so this process's copy is
        tried first even when no version was seen."""
        async with self._locks.hold(game_id):
            cached = self._cached(game_id, token)
            if cached is not None and (cached.play.version == seen if seen is not None else again):
                try:
                    return await take(cached)
                except (MoveConflict, self.refusal):
                    pass  # a stale copy: take the step on the game as it is now
            current = await self._current(game_id, token)
            check_seen(current.play.version, seen)
            with self._stale_refused(game_id):
                return await take(current)

    async def _current(self, game_id: str, token: str | None) -> Copy:
        """The game as the store holds it now: this process's copy (its token checked
        first) brought up to date, or the game read and replayed (the token checked before
        any replay)."""
        cached = self._cached(game_id, token)
        read = await anyio.to_thread.run_sync(self._read, game_id, cached)
        if read is None:
            self._recent.forget(game_id)
            raise UnknownGameError(UNKNOWN.format(game_id=game_id))
        check_token(game_id, token, read.owner)
        copy = await self._caught_up(game_id, cached, read)
        self._recent.put(game_id, copy)
        return copy

    @contextmanager
    def _stale_refused(self, game_id: str) -> Iterator[None]:
        """A change of the game stored in the block: when another process wrote first
        (`MoveConflict`), this process's copy is forgotten and the player told the game
        changed (`STALE`)."""
        try:
            yield
        except MoveConflict:
            self._recent.forget(game_id)
            raise MoveConflict(STALE) from None
