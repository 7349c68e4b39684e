"""Where a store lives, told without loading the database libraries: a SQLite file's name or
a server's URL. The command line reads ``--db`` with these, so that a command that keeps no
game starts without SQLAlchemy."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

from platformdirs import user_data_dir

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

MAX_LOCATION = 4096
"""The longest file name or URL taken for a database."""


def is_url(where: Path | str | URL) -> TypeGuard[str | URL]:
    """Whether ``where`` names a database server (``scheme://...``) rather than a file."""
    return not isinstance(where, Path) and "://" in str(where)


def default_db() -> Path:
    """The database every shell uses unless told otherwise: in the user's data directory."""
    return Path(user_data_dir("gridpuzzles")) / "gridpuzzles.db"
