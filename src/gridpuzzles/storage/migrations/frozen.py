"""What the revisions share, frozen as they were written: a revision never imports the live
store (`gridpuzzles.storage.schema`, `gridpuzzles.storage.store`), whose tables and code follow
the newest schema, which a file being upgraded does not have yet. The game's rules come from
the Minesweeper core's public names, which do not change meaning with the store."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Game,
    Move,
    WinRule,
    figures,
    new_game,
    parse_layout,
    play,
)
from gridpuzzles.minesweeper.solving.noguess import placement
from gridpuzzles.storage.errors import StorageError

SECONDS = sa.Float(53)
"""A time in seconds: a double everywhere (PostgreSQL's REAL would be single precision)."""

_ENDED_V1 = sa.text(
    "SELECT id, width, height, mines, first_click, win_rule, question_marks, seed, layout "
    "FROM games WHERE status IN ('won', 'lost')"
)
_MOVES_V1 = sa.text("SELECT move, at FROM moves WHERE game_id = :game_id ORDER BY number")
_FIGURES_V1 = sa.text(
    "UPDATE games SET ended_at = :ended_at, seconds = :seconds, three_bv = :three_bv, "
    "clicks = :clicks WHERE id = :game_id"
)


def replay_ended_games_v1(db: Connection) -> None:
    """Give each won or lost game of a revision-v1 database its end, time and figures, replayed
    from its moves (a v0 file kept none; its moves are moves only, no undo); `StorageError` for
    a game that does not replay."""
    for game_id, width, height, mines, first, win, marks, seed, layout in db.execute(_ENDED_V1):
        played = db.execute(_MOVES_V1, {"game_id": game_id}).all()
        if not played:
            continue
        config = Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks))
        try:
            game = (
                new_game(config, seed, placement(config))
                if layout is None
                else Game(config, seed, parse_layout(layout), bytes(config.size))
            )
            for text, at in played:
                game = play(game, Move.parse(text), at)
        except ValueError as error:  # a move that cannot be read or played
            raise StorageError(f"its game {game_id!r} does not replay: {error}") from None
        ended_at = played[-1][1]
        numbers = figures(game, ended_at)
        db.execute(
            _FIGURES_V1,
            {
                "game_id": game_id,
                "ended_at": ended_at,
                "seconds": numbers.elapsed,
                "three_bv": numbers.three_bv,
                "clicks": numbers.clicks,
            },
        )
