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
from typing import Any

from gridpuzzles.mondrian.notation import NotationError, parse_block
from gridpuzzles.mondrian.rules import Orientation, Placement, Puzzle, challenge

PUBLISHED_FILE = files("gridpuzzles.mondrian") / "data" / "published_challenges.json"
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


def parse_official(document: Any) -> tuple[OfficialChallenge, ...]:
    """The challenges of a decoded JSON document."""
    try:
        return tuple(_challenge(entry) for entry in document["puzzles"])
    except (KeyError, TypeError, ValueError) as error:
        raise NotationError(f"not a Mondrian challenge file: {error!r}") from None


_ORIENTATIONS = {"horizontal": Orientation.HORIZONTAL, "vertical": Orientation.VERTICAL}


def _challenge(entry: dict[str, Any]) -> OfficialChallenge:
    black = tuple(
        Placement(
            int(block["row"]),
            int(block["col"]),
            parse_block(block["size"]),
            _ORIENTATIONS[block["orientation"]],
        )
        for block in entry["black"]
    )
    return OfficialChallenge(
        str(entry["edition"]), str(entry["level"]), str(entry["code"]), black,
        int(entry["solutions"]),
    )


@cache
def published_challenges() -> tuple[OfficialChallenge, ...]:
    """The 352 published challenges that ship with the package (read once)."""
    return parse_official(json.loads(PUBLISHED_FILE.read_text(encoding="utf-8")))
