"""Bounds shared by both puzzles on inputs that size work or storage, checked before any work."""

from __future__ import annotations

MAX_SEED = 2**63 - 1
"""The largest seed: a signed 64-bit integer, so SQLite stores it exactly and it is shown as
it was given."""


class BoundError(ValueError):
    """An input outside its documented bound; the message names the bound."""


def check_seed(seed: int, what: str = "a seed") -> int:
    """``seed`` itself when ``0 <= seed <= MAX_SEED``; else `BoundError`."""
    if not 0 <= seed <= MAX_SEED:
        raise BoundError(f"{what} must be a whole number from 0 to {MAX_SEED} (2**63 - 1)")
    return seed
