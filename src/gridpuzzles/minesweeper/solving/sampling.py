"""Mine layouts drawn exactly at random among all those that fit a view and its mine count.

Every layout that fits is equally likely, as in `probabilities` (whose counts this draws
from). The frontier is settled one cell at a time by the chain rule: a cell is a mine with
its exact chance given the cells settled before it (the solver's integer weights, drawn with
``randrange(layouts) < weight``, no rounding), then the analysis is redone under that
assumption (`probabilities.with_assumed`; a `ComponentCache` keeps the parts it did not
touch). The product of these chances is the share of the layout among all that fit, which is
what the mine counts of the components weighted by the binomials of the off-frontier cells
give. Once the frontier is settled, every off-frontier cell is alike: the mines left are
placed among them uniformly.

Everything here is pure: the randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.probabilities import (
    CLEAR,
    MINE,
    UNKNOWN,
    ComponentCache,
    Position,
    cell_values,
    position,
    solve_position,
    with_assumed,
)


@dataclass(frozen=True)
class Sampler:
    """What a view fixes once and for all, ready to draw layouts from (`sampler`)."""

    start: Position
    """The view's position after single-number deductions."""
    known_mines: tuple[int, ...]
    """Cells shown as mines (``*``, and flags when they are trusted)."""


def sampler(
    view: View, mines: int, *, trust_flags: bool = False, clear: Collection[int] = ()
) -> Sampler:
    """A `Sampler` of the layouts of ``mines`` mines that fit ``view``; the hidden cells of
    ``clear`` are taken as safe too (the cells a first-click rule keeps free of mines).

    Raises `InconsistentViewError` when no layout fits (checked here, before any draw)."""
    values = cell_values(view, trust_flags)
    for index in clear:
        if values[index] == UNKNOWN:
            values[index] = CLEAR
    start = position(view.width, view.height, values, mines)
    solve_position(start)  # raises InconsistentViewError when nothing fits
    return Sampler(start, tuple(i for i, v in enumerate(values) if v == MINE))


def sample_layout(
    source: Sampler, rng: random.Random, cache: ComponentCache | None = None
) -> Layout:
    """One layout drawn uniformly among all that fit the sampler's view (see the module)."""
    pos = source.start
    while pos.rest:
        cell = min(pos.rest[0][0])
        analysis = solve_position(pos, cache)
        weight = analysis.weights[cell]
        assert weight is not None
        if rng.randrange(analysis.layouts) < weight:
            pos = with_assumed(pos, [cell], [])
        else:
            pos = with_assumed(pos, [], [cell])
    placed = rng.sample(sorted(pos.unknown), pos.free)
    return Layout.from_cells(pos.width, pos.height, _mines(source.known_mines, pos, placed))


def _mines(known: Sequence[int], pos: Position, placed: Sequence[int]) -> list[int]:
    """Every mine of a settled position: shown, deduced or assumed, and placed off-frontier."""
    return [*known, *(c for c, mine in pos.fixed.items() if mine), *placed]
