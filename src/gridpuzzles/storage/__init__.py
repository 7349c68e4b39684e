"""Persistence of the games of both puzzles, Minesweeper and Mondrian Blocks, and of their
records, for any shell: a SQLite file by default, or a PostgreSQL database by URL.

A game is stored the way it is reproduced: its `Config`, its seed (and its layout when that
was fixed up front) and the list of moves played, each with the time it was played. Replaying
the moves through the core rebuilds the game exactly (`SavedGame.replay`). Statistics are kept
per level and first-click rule from the finished games themselves (`core.records`): a game
left after its first reveal is kept as abandoned (a loss), and a game in which the player
asked for help is kept as assisted (counted apart, never a best time).

A Mondrian game is kept the same way, in the same tables (`mondrian_play`): how it starts,
then its moves in their text form. A game in play of either puzzle goes through one API of
the store (`playing`: `Store.start`, `Store.read`, `Store.turn` with `Turn.append` and
`Turn.finish`); what only one puzzle keeps is its part of the game's row. Once solved, its row of ``games`` keeps its finish, the
`mondrian.core.records.Finish` (the challenge, its difficulty, the time, the moves, whether
the player had help), and its records are computed from these rows: one row a result, for
both puzzles (a Mondrian result whose game was not kept, as the records of releases before
the move log, is a row of its own, with nothing to replay).

Every write is one transaction, committed before the call returns; a move number already
taken is refused by the database itself (`MoveConflict`), and so is a step on a game that
ended or is no longer kept. The schema is versioned by Alembic
(`migrations`) and brought to the newest revision when a store is opened, SQLite files of
releases before Alembic included. A SQLite file runs in WAL mode; threads may share a `Store`
(each transaction takes a pooled connection), and other processes wait for each other's
writes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gridpuzzles.storage.errors import DatabaseError, MoveConflict, StorageError
from gridpuzzles.storage.location import MAX_LOCATION, default_db, is_url

if TYPE_CHECKING:
    from gridpuzzles.storage.engine import SCHEMES, Location, server_url, shown
    from gridpuzzles.storage.keeper import KeptGame
    from gridpuzzles.storage.playing import (
        MINESWEEPER,
        MONDRIAN,
        NewGame,
        StoredGame,
        StoredStep,
        Turn,
        new_game_id,
    )
    from gridpuzzles.storage.store import (
        ABANDONED,
        MAX_CHALLENGE_KEY,
        LevelStats,
        PlayedGame,
        SavedGame,
        Store,
        TimedMove,
        level_key,
        played_on,
        records_json,
    )

_LAZY = {
    **dict.fromkeys(("SCHEMES", "Location", "server_url", "shown"), "engine"),
    "KeptGame": "keeper",
    **dict.fromkeys(
        (
            "MINESWEEPER",
            "MONDRIAN",
            "NewGame",
            "StoredGame",
            "StoredStep",
            "Turn",
            "new_game_id",
        ),
        "playing",
    ),
    **dict.fromkeys(
        (
            "ABANDONED",
            "MAX_CHALLENGE_KEY",
            "LevelStats",
            "PlayedGame",
            "SavedGame",
            "Store",
            "TimedMove",
            "level_key",
            "played_on",
            "records_json",
        ),
        "store",
    ),
}
"""The names whose modules load SQLAlchemy, imported on first use (PEP 562): a command that
keeps no game starts without it (`location` tells a file from a URL without it)."""


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value


VERSION = "v8"
"""The newest revision of the schema (`migrations.versions`)."""

__all__ = [
    "ABANDONED",
    "MAX_CHALLENGE_KEY",
    "MAX_LOCATION",
    "MINESWEEPER",
    "MONDRIAN",
    "SCHEMES",
    "VERSION",
    "DatabaseError",
    "KeptGame",
    "LevelStats",
    "Location",
    "MoveConflict",
    "NewGame",
    "PlayedGame",
    "SavedGame",
    "StorageError",
    "Store",
    "StoredGame",
    "StoredStep",
    "TimedMove",
    "Turn",
    "default_db",
    "is_url",
    "level_key",
    "new_game_id",
    "played_on",
    "records_json",
    "server_url",
    "shown",
]
