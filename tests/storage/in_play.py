"""Short ways through the store's one API for a game in play (`storage.playing`), as the
shells take them: a Minesweeper step written (`store.write_minesweeper_steps`), a Mondrian game started and
stepped, a Mondrian game read to watch again."""

from __future__ import annotations

from typing import Any

from gridpuzzles.midend.mondrian import Replay
from gridpuzzles.minesweeper import Game
from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import MONDRIAN, Store, TimedMove
from gridpuzzles.storage.mondrian_play import keep_solved, mondrian_game, solved_row, watched
from gridpuzzles.storage.store import write_minesweeper_steps


def add_move(
    store: Store, game_id: str, number: int, timed: TimedMove, after: Game, assisted: bool = False
) -> bool:
    """Write step ``number`` of a Minesweeper game, which led to ``after``, as every shell
    does: whether the game is assisted now."""
    return write_minesweeper_steps(store, game_id, number, timed.at, (timed.move,), after, assisted)


def start_mondrian(
    store: Store,
    game_id: str,
    owner: str,
    setup: dict[str, Any],
    now: float,
    player: str | None = None,
) -> None:
    """Start a Mondrian game as the shells do."""
    store.start(mondrian_game(game_id, owner, setup, now, player=player))


def step_mondrian(
    store: Store,
    game_id: str,
    number: int,
    at: float,
    text: str,
    note: dict[str, Any] | None = None,
    finish: Finish | None = None,
    player: str | None = None,
) -> tuple[str, ...] | None:
    """Write step ``number`` of a Mondrian game, with ``finish`` kept in the records when it
    solves the game: what the finish is a new best time of (None when not kept)."""
    bests = None
    with store.turn(MONDRIAN, game_id, number, at) as turn:
        if finish is not None:
            bests = keep_solved(turn, finish, player)
        turn.append(text, note)
        if finish is not None:
            turn.finish(**solved_row(finish, bests is not None))
    return bests


def watched_in(store: Store, game_id: str) -> Replay | None:
    """The Mondrian game ``game_id`` of ``store`` to watch again, or None."""
    stored = store.read(MONDRIAN, game_id)
    return None if stored is None else watched(game_id, stored)
