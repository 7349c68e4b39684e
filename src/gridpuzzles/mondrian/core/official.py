"""The published challenges of the physical game, shipped with the package as JSON.

The file (``data/published_challenges.json``, package data read with ``importlib.resources``) is ``{"about": ..., "puzzles": [...]}``; each puzzle has ``edition``, ``level``,
``code``, ``black`` (three blocks by ``size``, top-left ``row``/``col`` and ``orientation``
``horizontal``/``vertical``) and ``solutions``, the number of solutions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any, TypeVar

from gridpuzzles.mondrian.core.errors import MondrianError, NotationError
from gridpuzzles.mondrian.core.grid import Orientation, Placement, Puzzle, challenge
from gridpuzzles.mondrian.core.notation import parse_block

PUBLISHED_FILE = files("gridpuzzles.mondrian.core") / "data" / "published_challenges.json"
"""The 352 published challenges, inside the installed package."""


@dataclass(frozen=True)
class OfficialChallenge:
    """One published challenge and its known number of solutions."""

    edition: str
    level: str
    code: str
    black: tuple[Placement, ...]
    solutions: int

    @property
    def puzzle(self) -> Puzzle:
        return challenge(self.black)


MAX_OFFICIAL_CHARS = 1 << 20
"""The longest challenge file read: 1 MiB (the shipped one has 141 KB)."""


def parse_official_text(text: str) -> tuple[OfficialChallenge, ...]:
    """The challenges of a challenge file's JSON text (at most `MAX_OFFICIAL_CHARS`)."""
    if len(text) > MAX_OFFICIAL_CHARS:
        raise NotationError(
            f"a challenge file has at most {MAX_OFFICIAL_CHARS} characters, not {len(text)}"
        )
    try:
        document = json.loads(text)
    except ValueError as error:  # bad JSON, or an integer too long to convert
        raise NotationError(f"not a JSON challenge file: {error}") from None
    except RecursionError:
        raise NotationError("not a JSON challenge file: nested too deeply") from None
    return parse_official(document)


def parse_official(document: Any) -> tuple[OfficialChallenge, ...]:
    """The challenges of a decoded JSON document; :class:`NotationError` naming the first
    entry that is not exactly in the format (each challenge is checked as a game too)."""
    puzzles = _field(document, "puzzles", list, "the document")
    return tuple(_challenge(entry, f"challenge {number}") for number, entry in enumerate(puzzles))


_ORIENTATIONS = {"horizontal": Orientation.HORIZONTAL, "vertical": Orientation.VERTICAL}
_Value = TypeVar("_Value")


def _field(entry: Any, key: str, kind: type[_Value], where: str) -> _Value:
    """``entry[key]``, which must be a ``kind`` (a JSON integer for ``int``, never a bool)."""
    if not isinstance(entry, dict):
        raise NotationError(f"not a Mondrian challenge file: {where} is not an object")
    value = entry.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise NotationError(
            f"not a Mondrian challenge file: {where} needs {key!r} as a JSON {kind.__name__}"
        )
    return value


def _challenge(entry: Any, where: str) -> OfficialChallenge:
    black = tuple(
        _black_block(block, f"{where}, black block {number}")
        for number, block in enumerate(_field(entry, "black", list, where))
    )
    solutions = _field(entry, "solutions", int, where)
    if solutions < 0:
        raise NotationError(f"not a Mondrian challenge file: {where} has {solutions} solutions")
    try:
        challenge(black)
    except MondrianError as error:
        raise NotationError(f"not a Mondrian challenge file: {where}: {error}") from None
    return OfficialChallenge(
        _field(entry, "edition", str, where),
        _field(entry, "level", str, where),
        _field(entry, "code", str, where),
        black,
        solutions,
    )


def _black_block(block: Any, where: str) -> Placement:
    orientation = _ORIENTATIONS.get(_field(block, "orientation", str, where))
    if orientation is None:
        raise NotationError(
            f"not a Mondrian challenge file: {where} needs 'orientation' horizontal or vertical"
        )
    return Placement(
        _field(block, "row", int, where),
        _field(block, "col", int, where),
        parse_block(_field(block, "size", str, where)),
        orientation,
    )


@cache
def published_challenges() -> tuple[OfficialChallenge, ...]:
    """The 352 published challenges that ship with the package (read once)."""
    return parse_official_text(PUBLISHED_FILE.read_text(encoding="utf-8"))
