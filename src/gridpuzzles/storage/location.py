"""Where a store lives, told without loading the database libraries: a SQLite file's name or
a server's URL. The command line reads ``--db`` with these, so that a command that keeps no
game starts without SQLAlchemy."""

from __future__ import annotations

import os
import stat
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


KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)
"""What a name may be besides a regular file, in words."""


def kind_of(name: str | Path) -> str | None:
    """What ``name`` is when it exists and is not a regular file (a link is followed), in
    words; None for a regular file or a name that does not exist. It is asked before the file
    is opened: opening a pipe waits for a writer (forever), and a device may never end; SQLite
    given either fails after seconds with "disk I/O error", or hangs when several programs
    share one pipe. `OSError` when the name cannot be looked at (a folder on its way that
    cannot be entered, a name too long)."""
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in KINDS if test(mode)), "not a file")


def not_a_regular_file(kind: str) -> str:
    """The refusal of a name that is ``kind`` (`kind_of`), in the words every reader of a file
    uses."""
    return f"it is {kind}, not a regular file"
