"""Reading what a command is given: the UTF-8 text of a file or of standard input, read no
further than a bound, with a one-line `UsageError` for anything it cannot use."""

from __future__ import annotations

import os
import stat
import sys

from gridpuzzles.bounds import shown


class UsageError(ValueError):
    """Options or input the command cannot use (exit status 2)."""


def read_text(name: str, limit: int, what: str = "") -> str:
    """The UTF-8 text of file ``name`` (``-``: standard input), reading at most ``limit``
    bytes; longer input, bytes that are not UTF-8 and unreadable files raise `UsageError`,
    whose message calls the input ``what`` (by default its name)."""
    where = what or ("standard input" if name == "-" else shown(name, 1000))
    try:
        kind = None if name == "-" else _kind_of(name)
        if kind is None:
            data = _read_at_most(name, limit)
    except OSError as error:
        raise UsageError(f"cannot read {where}: {error.strerror}") from None
    except ValueError:  # a NUL character in the name
        raise UsageError(f"cannot read {where}: not a file name") from None
    if kind is not None:
        raise UsageError(
            f"cannot read {where}: it is {kind}, not a regular file (give a file, or - for "
            "standard input)"
        )
    if data is None:
        raise UsageError(f"{where} is longer than {limit:,} bytes, the most read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{where} is not UTF-8 text (byte {error.start + 1})") from None


KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)
"""What a name may be besides a regular file, in words."""


def _kind_of(name: str) -> str | None:
    """What ``name`` is when it is not a regular file, in words; None for a regular file. It
    is asked before the file is opened: opening a pipe waits for a writer (forever), and a
    device may never end."""
    mode = os.stat(name).st_mode
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in KINDS if test(mode)), "not a file")


def _read_at_most(name: str, limit: int) -> bytes | None:
    """The bytes of file ``name`` (``-``: standard input), or None when there are more than
    ``limit``: a regular file that large is not read at all, a stream no further."""
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        with open(name, "rb") as file:
            if os.fstat(file.fileno()).st_size > limit:
                return None
            data = file.read(limit + 1)
    return data if len(data) <= limit else None
