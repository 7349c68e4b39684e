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

A puzzle's service (`web.games.Games`, `web.mondrian_games.MondrianGames`) says what its copy
of a game is: its owner, its move count, how it is read from the store and caught up
(`KeptGames._read`, `KeptGames._caught_up`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

import anyio
import anyio.to_thread

from gridpuzzles.storage import MoveConflict, Store
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

Copy = TypeVar("Copy")
Read = TypeVar("Read")


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


class KeptGames(ABC, Generic[Copy, Read]):
    """The games in play of ``store`` as one process serves them: a copy of the last
    ``cache_size`` used, the lock of each game in use, the ``clock`` that times them and the
    ``workers`` that take slow work. ``Copy`` is the puzzle's copy of a game, ``Read`` what
    one read of the store gives of it."""

    def __init__(
        self, store: Store, workers: Workers, clock: Callable[[], float], cache_size: int
    ) -> None:
        self.store = store
        self.workers = workers
        self.clock = clock
        self._recent: Recent[Copy] = Recent(cache_size)
        self._locks = GameLocks()

    @abstractmethod
    def _owner(self, copy: Copy) -> str:
        """Who may play the game: its token's digest."""

    @abstractmethod
    def _count(self, copy: Copy) -> int:
        """The moves stored of the game (undo and redo included): the number of the next."""

    @abstractmethod
    def _read(self, game_id: str, cached: Copy | None) -> tuple[str, Read] | None:
        """The game's owner and what the store holds of it beyond ``cached`` (everything,
        when there is no copy); None when there is no such game (any more). Runs in a
        thread."""

    @abstractmethod
    async def _caught_up(self, game_id: str, cached: Copy | None, read: Read) -> Copy:
        """The game now: ``cached`` (or the game from its start) after what ``read`` holds."""

    async def current(self, game_id: str, token: str | None) -> Copy:
        """A game its token holder asks for, as it is now."""
        async with self._locks.hold(game_id):
            return await self._current(game_id, token)

    def _cached(self, game_id: str, token: str | None) -> Copy | None:
        """This process's copy of the game, its token checked, or None; it may be stale."""
        cached = self._recent.get(game_id)
        if cached is not None:
            check_token(game_id, token, self._owner(cached))
        return cached

    async def _current(self, game_id: str, token: str | None) -> Copy:
        """The game as the store holds it now: this process's copy (its token checked
        first) brought up to date, or the game read and replayed (the token checked before
        any replay)."""
        cached = self._cached(game_id, token)
        read = await anyio.to_thread.run_sync(self._read, game_id, cached)
        if read is None:
            self._recent.forget(game_id)
            raise UnknownGameError(UNKNOWN.format(game_id=game_id))
        owner, holds = read
        check_token(game_id, token, owner)
        copy = await self._caught_up(game_id, cached, holds)
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
