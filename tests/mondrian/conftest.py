"""Shared fixtures: the published challenges, read from ``../shared/data`` beside the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridpuzzles.mondrian.official import OFFICIAL_FILE_NAME, OfficialChallenge, load_official

OFFICIAL_PATH = Path(__file__).resolve().parents[2].parent / "shared" / "data" / OFFICIAL_FILE_NAME


@pytest.fixture(scope="session")
def official() -> tuple[OfficialChallenge, ...]:
    """All 352 published challenges; a missing file is an error, never a skip."""
    assert OFFICIAL_PATH.is_file(), f"the official challenges are missing: {OFFICIAL_PATH}"
    return load_official(OFFICIAL_PATH)
