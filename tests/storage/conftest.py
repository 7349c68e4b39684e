"""Fixtures of the store's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gridpuzzles.storage import Store


@pytest.fixture
def stores(database: str) -> Iterator[list[Store]]:
    """Two stores on one database, as two processes serving it have."""
    opened = [Store(database), Store(database)]
    yield opened
    for store in opened:
        store.close()
