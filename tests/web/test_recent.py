"""`Recent`: the least recently used copy is forgotten first."""

from __future__ import annotations

from gridpuzzles.web.recent import Recent


def test_the_least_recently_used_is_forgotten_first() -> None:
    recent: Recent[int] = Recent(2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # now b is the least recently used
    recent.put("c", 3)
    assert (recent.get("a"), recent.get("b"), recent.get("c")) == (1, None, 3)
    recent.forget("a")
    assert recent.get("a") is None and recent.get("c") == 3
