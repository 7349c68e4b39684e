"""Shared fixtures: the published challenges that ship with the package."""

from __future__ import annotations

import pytest

from gridpuzzles.mondrian.core.official import OfficialChallenge, published_challenges


@pytest.fixture(scope="session")
def official() -> tuple[OfficialChallenge, ...]:
    """All 352 published challenges."""
    return published_challenges()
