"""Reading what a command is given: the UTF-8 text (or the bytes) of a file or of standard
input, read no further than a bound, with a one-line `UsageError` for anything it cannot use."""

from __future__ import annotations

import os
import sys

from gridpuzzles.bounds import shown
from gridpuzzles.storage.location import kind_of, not_a_regular_file


class UsageError(ValueError):
    """Options or input the command cannot use (exit status 2)."""


def read_text(name: str, limit: int, what: str = "") -> str:
    """The UTF-8 text of file ``name`` (``-``: standard input), reading at most ``limit``
    bytes; longer input, bytes that are not UTF-8 and unreadable files raise `UsageError`,
    whose message calls the input ``what`` (by default its name)."""
    where = what or input_name(name)
    data = read_bytes(name, limit, where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{where} is not UTF-8 text (byte {error.start + 1})") from None


def input_name(name: str) -> str:
    """File ``name`` (``-``: standard input) as a message calls it, on one line."""
    return "standard input" if name == "-" else shown(name, 1000)


def read_bytes(name: str, limit: int, what: str = "") -> bytes:
    """The bytes of file ``name`` (``-``: standard input), reading at most ``limit``; longer
    input and unreadable files raise `UsageError`, whose message calls the input ``what`` (by
    default its name)."""
    where = what or input_name(name)
    try:
        kind = None if name == "-" else kind_of(name)
        if kind is None:
            data = _read_at_most(name, limit)
    except OSError as error:
        raise UsageError(f"cannot read {where}: {error.strerror}") from None
    except ValueError:  # a NUL character in the name
        raise UsageError(f"cannot read {where}: not a file name") from None
    if kind is not None:
        raise UsageError(
            f"cannot read {where}: {not_a_regular_file(kind)} (give a file, or - for "
            "standard input)"
        )
    if data is None:
        raise UsageError(f"{where} is longer than {limit:,} bytes, the most read")
    return data


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
