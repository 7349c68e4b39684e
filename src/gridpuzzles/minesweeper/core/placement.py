"""Mine placement: uniformly random layouts that keep the first-click promise."""

from __future__ import annotations

import random
from collections.abc import Callable

from gridpuzzles.minesweeper.core.grid import Layout, block_around
from gridpuzzles.minesweeper.core.settings import Config, FirstClick

Placer = Callable[[Config, int, random.Random], Layout]
"""How a game lays its mines at the first reveal: ``place(config, first, rng)`` returns the
layout for a first click on cell index ``first``, drawing only from ``rng``. The core's is
`place_mines`; the solving layer adds no-guess boards (`solving.noguess.placement`)."""


def kept_clear(config: Config, first: int | None) -> list[int]:
    """The cells the first-click rule keeps free of mines when ``first`` is revealed first."""
    if first is None or config.first_click is FirstClick.NONE:
        return []
    if config.first_click is FirstClick.SAFE:
        return [first]
    return block_around(config.width, config.height, first)


def place_mines(config: Config, first: int | None, rng: random.Random) -> Layout:
    """A layout with ``config.mines`` mines, uniform among those the first-click rule allows.

    ``first`` is the index of the first revealed cell, or None when the layout is fixed up
    front. Draws a random ordering prefix and skips the kept-clear cells: dropping them from
    a uniformly random ordering leaves a uniformly random ordering of the allowed cells.
    """
    if first is not None and not 0 <= first < config.size:
        raise ValueError(f"first cell {first} is outside a {config.width}x{config.height} board")
    clear = set(kept_clear(config, first))
    drawn = rng.sample(range(config.size), min(config.mines + len(clear), config.size))
    mines = [cell for cell in drawn if cell not in clear][: config.mines]
    return Layout.from_cells(config.width, config.height, mines)
