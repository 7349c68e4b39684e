"""Every error class the product defines, found by walking the subclasses of `BaseException`
once every module is imported, and an instance of each."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import gridpuzzles

SAMPLES: dict[str, tuple[object, ...]] = {
    "gridpuzzles.mondrian.solving.solutions.SearchLimitError": (5_000,),
    "gridpuzzles.minesweeper.core.game.MoveError": ("{cell} is already open", (2, 3)),
}
"""The arguments of the error classes whose ``__init__`` takes more than a message."""


@cache
def product_errors() -> tuple[type[BaseException], ...]:
    """Every exception class defined in a module of the product (all of them imported, but
    the entry point and the database migrations, which run when imported), by name."""
    for module in pkgutil.walk_packages(gridpuzzles.__path__, "gridpuzzles."):
        if not module.name.endswith("__main__") and ".migrations" not in module.name:
            importlib.import_module(module.name)
    found: dict[str, type[BaseException]] = {}
    waiting: list[type[BaseException]] = [BaseException]
    while waiting:
        kind = waiting.pop()
        waiting.extend(kind.__subclasses__())
        if kind.__module__.startswith("gridpuzzles."):
            found[name(kind)] = kind
    return tuple(found[key] for key in sorted(found))


def name(kind: type[BaseException]) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def sample(kind: type[BaseException]) -> BaseException:
    """An instance of ``kind``, made with a message (or the arguments it takes instead)."""
    return kind(*SAMPLES.get(name(kind), ("a message",)))
