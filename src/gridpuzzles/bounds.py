"""Bounds shared by both puzzles on inputs that size work or storage, checked before any work,
and the strict reading of numbers typed by a user (ASCII digits only)."""

from __future__ import annotations

import re

MAX_SEED = 2**63 - 1
"""The largest seed: a signed 64-bit integer, so SQLite stores it exactly and it is shown as
it was given."""


class BoundError(ValueError):
    """An input outside its documented bound; the message names the bound."""


class LimitError(Exception):
    """Work past a bound the program sets on itself (a search, a generation, a census, the
    exact solver's size), on a request that was well formed: not a fault of the input, so not
    a `ValueError`. Each puzzle's limits derive from it and from the puzzle's base error
    (`MinesweeperError`, `MondrianError`), so that a shell answers every limit one way (the
    web: 503 with ``Retry-After``, in the error's own words)."""


def check_seed(seed: int, what: str = "a seed") -> int:
    """``seed`` itself when ``0 <= seed <= MAX_SEED``; else `BoundError`."""
    if not 0 <= seed <= MAX_SEED:
        raise BoundError(f"{what} must be a whole number from 0 to {MAX_SEED} (2**63 - 1)")
    return seed


def check_range(value: int, what: str, least: int, most: int) -> int:
    """``value`` itself when ``least <= value <= most``; else `BoundError` naming the range."""
    if not least <= value <= most:
        raise BoundError(
            f"{what} must be a whole number from {least:,} to {most:,}, not {shown(value)}"
        )
    return value


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits 0-9: no sign, space or underscore, and no
    other script's digits (``str.isdigit`` also takes ``²`` and ``٣``)."""
    return text.isascii() and text.isdigit()


def parse_whole(text: str, what: str, least: int, most: int, why: str = "") -> int:
    """``text`` as a whole number from ``least`` to ``most`` (ASCII digits only, see
    `is_digits`); else `BoundError` naming the range (``why`` explains it, e.g. " (2**63 - 1)").
    Never converts more digits than ``most`` has, so any length of text is cheap."""
    if is_digits(text) and len(text.lstrip("0")) <= len(str(most)):
        value = int(text)
        if least <= value <= most:
            return value
    given = f"a number of {len(text):,} digits" if is_digits(text) and len(text) > 24 else None
    raise BoundError(
        f"{what} must be a whole number from {least:,} to {most:,}{why}, not {given or shown(text)}"
    )


def shown(value: object, limit: int = 24) -> str:
    """``value`` for an error message: a string quoted, anything cut to about ``limit``
    characters (a number of a million digits is not printed, nor converted to text)."""
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_decimal(text: str) -> float | None:
    """``text`` as a decimal number when it is one in ASCII digits (``0.15``, ``.5``, ``1e-3``,
    a leading minus sign allowed), else None; ``nan``, ``inf``, spaces, underscores and other
    scripts' digits, all of which ``float`` takes, are not numbers here (an exponent past the
    float range still gives ``inf``, which the callers' ranges refuse)."""
    return float(text) if _DECIMAL.fullmatch(text) else None


_DECIMAL = re.compile(r"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]{1,4})?")
