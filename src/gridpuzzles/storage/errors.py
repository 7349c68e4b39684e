"""What the store refuses, in one line each."""

from __future__ import annotations

import sqlite3


class StorageError(Exception):
    """The database cannot do what was asked (unknown game, a move number already taken, a
    file or server that is not a gridpuzzles store)."""


class MoveConflict(StorageError):
    """A move was sent against a stale copy of its game: its number is already taken."""


class DatabaseError(StorageError, sqlite3.DatabaseError):
    """The database itself failed (a file that is not one, read-only, locked too long, a
    server that refuses or went away), said in the driver's first line.

    Also a `sqlite3.DatabaseError`, so that a shell that catches SQLite's errors catches it
    whichever database runs underneath."""
