"""The published challenges of the physical game, read from a JSON file kept outside the project.

The file is ``{"about": ..., "puzzles": [...]}``; each puzzle has ``edition``, ``level``,
``code``, ``black`` (three blocks by ``size``, top-left ``row``/``col`` and ``orientation``
``horizontal``/``vertical``) and ``solutions``, the number of solutions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridpuzzles.mondrian.notation import NotationError, parse_block
from gridpuzzles.mondrian.rules import Orientation, Placement, Puzzle, challenge

OFFICIAL_FILE_NAME = "mondrian_official_puzzles.json"


def default_official_path() -> Path:
    """Where a source checkout finds the file: ``../shared/data`` beside the project."""
    project = Path(__file__).resolve().parents[3]
    return project.parent / "shared" / "data" / OFFICIAL_FILE_NAME


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


def load_official(path: Path) -> tuple[OfficialChallenge, ...]:
    """The challenges in the file at ``path`` (raises ``OSError`` if it cannot be read)."""
    with path.open(encoding="utf-8") as file:
        try:
            document = json.load(file)
        except json.JSONDecodeError as error:
            raise NotationError(f"{path} is not valid JSON: {error}") from None
    return parse_official(document)
