"""Choosing a challenge to play, and naming it for the records.

The published challenges (`official.published_challenges`) come by their code, or by edition
and level, or one at random from a `random.Random` the caller seeds.  Their levels are
`LEVELS`, lower case; the solving layer rates any other challenge on the same scale
(`solving.difficulty`).  A challenge's key in the records is its published code, else its
black blocks in the machine form (`notation.format_position`); a person reads it as
`notation.typed_form` writes it, as `mondrian play --black` takes it.
"""

from __future__ import annotations

import random
from functools import cache

from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Placement,
    Puzzle,
)
from gridpuzzles.mondrian.core.notation import format_fixed, format_position, quoted
from gridpuzzles.mondrian.core.official import OfficialChallenge, published_challenges

LEVELS = ("easy", "medium", "hard", "master")
"""The published levels, easiest first: every challenge's difficulty is one of them."""
EDITIONS = ("white", "red", "blue", "yellow")
"""The four editions of the published game, each with 22 challenges of every level."""


class ChallengeError(MondrianError, ValueError):
    """A challenge asked for that does not exist."""


@cache
def _by_code() -> dict[str, OfficialChallenge]:
    return {entry.code: entry for entry in published_challenges()}


@cache
def _by_black() -> dict[frozenset[Placement], OfficialChallenge]:
    return {frozenset(entry.black): entry for entry in published_challenges()}


def find_published(code: str) -> OfficialChallenge:
    """The published challenge with this code (nine digits, e.g. ``001040531``)."""
    found = _by_code().get(code.strip())
    if found is None:
        raise ChallengeError(
            f"no published challenge has the code {quoted(code.strip())} (codes are nine digits, "
            "e.g. 001040531)"
        )
    return found


def published(
    level: str | None = None, edition: str | None = None
) -> tuple[OfficialChallenge, ...]:
    """The published challenges of ``level`` and ``edition`` (any when None), in book order;
    `ChallengeError` for a level or edition that does not exist."""
    _check_choice(level, LEVELS, "level")
    _check_choice(edition, EDITIONS, "edition")
    return tuple(
        entry
        for entry in published_challenges()
        if (level is None or entry.level.lower() == level.lower())
        and (edition is None or entry.edition.lower() == edition.lower())
    )


def _check_choice(value: str | None, known: tuple[str, ...], what: str) -> None:
    if value is not None and value.lower() not in known:
        raise ChallengeError(f"no {what} {quoted(value)}: the {what}s are {', '.join(known)}")


def choose_published(
    rng: random.Random, level: str | None = None, edition: str | None = None
) -> OfficialChallenge:
    """A published challenge of ``level`` and ``edition`` (any when None), drawn with ``rng``."""
    return rng.choice(published(level, edition))


def published_of(puzzle: Puzzle) -> OfficialChallenge | None:
    """The published challenge ``puzzle`` is, when it is one."""
    if puzzle.board != STANDARD_BOARD or puzzle.blocks != STANDARD_BLOCKS:
        return None
    return _by_black().get(frozenset(puzzle.fixed))


def challenge_key(puzzle: Puzzle) -> str:
    """The name records keep a challenge under: its published code (``001040531``), else its
    black blocks in the machine form, the 1x1, 1x2 and 1x3 (``2,3,h 0,1,v 4,7,h``), else, for
    another game, its board, blocks and fixed blocks (``6x5 1x1,2x3,... 1x3:0,0,h``).  The keys
    stay in the machine form, as the records were kept; a shell shows one to a person with
    `notation.typed_form` (``4,3,h 2,1,v 8,5,h``, as ``--black`` takes it)."""
    entry = published_of(puzzle)
    if entry is not None:
        return entry.code
    fixed = sorted(puzzle.fixed, key=lambda p: p.block)
    if (
        puzzle.board == STANDARD_BOARD
        and puzzle.blocks == STANDARD_BLOCKS
        and [p.block for p in fixed] == list(BLACK_BLOCKS)
    ):
        return " ".join(format_position(p) for p in fixed)
    blocks = ",".join(map(str, puzzle.blocks))
    return " ".join([str(puzzle.board), blocks, *(format_fixed(p) for p in puzzle.fixed)])
