"""`Recent`: the copies of the games a server process used last, by id, for any thread."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

T = TypeVar("T")


class Recent(Generic[T]):
    """At most ``size`` values by key; the one used least recently is forgotten first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> T | None:
        """The value kept under ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: str, value: T) -> None:
        """Keep ``value`` under ``key``, forgetting the least recently used past ``size``."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def forget(self, key: str) -> None:
        """Keep nothing under ``key``."""
        with self._lock:
            self._values.pop(key, None)
