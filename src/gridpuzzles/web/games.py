"""The server's games: created, loaded (from a cache or by replay from the store) and played.

This is the imperative shell around the core: it reads the clock, draws seeds, checks the
token and commits every move to the store before the caller answers. Every rule is the core's.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from gridpuzzles.minesweeper import Config, Game, Move, elapsed, play
from gridpuzzles.storage import SavedGame, Store, TimedMove
from gridpuzzles.web import tokens


class UnknownGameError(LookupError):
    """No game has this id."""


class NotYourGameError(PermissionError):
    """The game exists but the request does not carry its token."""


@dataclass(frozen=True)
class Entry:
    """A game as the server holds it: the current state, its owner and its move count."""

    game: Game
    owner: str
    moves: int


class Games:
    """Every game of the server, kept in ``store`` with the most recent ones cached."""

    LOCKS = 64

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        cache_size: int = 4096,
    ) -> None:
        self.store = store
        self.clock = clock
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Entry] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._game_locks = [threading.Lock() for _ in range(self.LOCKS)]

    def create(self, config: Config, seed: int | None = None) -> tuple[str, str, Game]:
        """A new game on ``config`` (on ``seed`` if given): its id, its token and the game."""
        token = tokens.new_token()
        saved = SavedGame(
            id=tokens.new_game_id(),
            config=config,
            seed=tokens.new_seed() if seed is None else seed,
            owner=tokens.digest(token),
            counted=seed is None,
            created_at=self.clock(),
        )
        self.store.add_game(saved)
        game = saved.start()
        self._remember(saved.id, Entry(game, saved.owner, 0))
        return saved.id, token, game

    def game(self, game_id: str, token: str | None) -> Game:
        """The current state of a game its token holder asks for."""
        with self._lock(game_id):
            return self._entry(game_id, token).game

    def play(self, game_id: str, token: str | None, move: Move) -> Game:
        """Play ``move``, store it, and return the new state (core errors pass through)."""
        with self._lock(game_id):
            entry = self._entry(game_id, token)
            now = self.clock()
            after = play(entry.game, move, now)
            self.store.add_move(
                game_id, entry.moves, TimedMove(move, now), after, elapsed(after, now)
            )
            self._remember(game_id, Entry(after, entry.owner, entry.moves + 1))
            return after

    def _lock(self, game_id: str) -> threading.Lock:
        """The lock that serialises the requests on one game (shared with a few others)."""
        return self._game_locks[zlib.crc32(game_id.encode()) % self.LOCKS]

    def _entry(self, game_id: str, token: str | None) -> Entry:
        entry = self._cached(game_id)
        if entry is None:
            saved = self.store.load_game(game_id)
            if saved is None:
                raise UnknownGameError(f"there is no game {game_id!r}: start a new game")
            entry = Entry(saved.replay(), saved.owner, len(saved.moves))
            self._remember(game_id, entry)
        if not tokens.matches(token, entry.owner):
            raise NotYourGameError(
                f"game {game_id!r} can only be played with the token it was created with"
            )
        return entry

    def _cached(self, game_id: str) -> Entry | None:
        with self._cache_lock:
            entry = self._cache.get(game_id)
            if entry is not None:
                self._cache.move_to_end(game_id)
            return entry

    def _remember(self, game_id: str, entry: Entry) -> None:
        with self._cache_lock:
            self._cache[game_id] = entry
            self._cache.move_to_end(game_id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
