"""What the solver sees in a position, for the player: cell by cell, and of its guess.

For every hidden cell that is neither certainly safe nor certainly a mine (`Insight`):

- its exact mine chance (`probabilities`);
- whether it is *dead* (`liveness`): it would show the same number wherever it is safe, so
  revealing it can only survive or lose, it tells nothing new;
- whether it is part of an *unavoidable 50/50*: a pair, or a 2x2 square, that holds one of
  two mine arrangements, equally likely, that no other cell can ever tell apart (every cell
  that would see them differently is a certain mine or off the board), so one of its cells
  must be guessed sooner or later;
- its *50/50 risk* (`guessing.fifty_fifty_risk`): the share of layouts in which it sits in a
  50/50 pattern boxed in by mines and walls, a 50/50 it may meet later;
- for the likely guesses only, its *secondary safety* (`secondary.secondary_safety`): the
  chance to survive it and then the blended next move.

Everything comes from the view and the mine count alone. The work is bounded like the
analysis itself: one exact analysis, the dead test of each uncertain cell, the patterns of
`fifty_fifty_risk`, two analyses per candidate pair or square (cells at exactly 50% that no
cell outside sees apart unless it is a certain mine), and at most `SCORED_FRONTIER` + `SCORED_OFF` cells scored, each
over the numbers it may show (at most 9).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from gridpuzzles.minesweeper.core.grid import Cell
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.cellmasks import Frame, neighbour_sum, smallest
from gridpuzzles.minesweeper.solving.guessing import fifty_fifty_risk
from gridpuzzles.minesweeper.solving.liveness import Liveness, is_dead, liveness
from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    ComponentCache,
    InconsistentViewError,
    KnownOutcomes,
    Position,
    cell_values,
    neighbour_table,
    position,
    solve_position,
    with_assumed,
)
from gridpuzzles.minesweeper.solving.secondary import secondary_safety

SCORED_FRONTIER = 8
"""The most frontier cells given a secondary safety: the safest living ones."""
SCORED_OFF = 2
"""The most off-frontier cells given a secondary safety: those with the fewest unknown
neighbours (corner-like cells, the likeliest to open an area)."""


@dataclass(frozen=True)
class CellInsight:
    """What the solver sees of one uncertain hidden cell."""

    cell: Cell
    mine_chance: Fraction
    dead: bool
    """Revealing it tells nothing new: it shows the same number wherever it is safe."""
    fifty_fifty: bool
    """Part of an unavoidable 50/50 (see `Insight.fifty_fifties`)."""
    fifty_fifty_risk: Fraction
    """The share of layouts in which it sits in a 50/50 pattern boxed in by mines and walls
    (patterns counted one by one, so at most 1 only by the cap)."""
    secondary_safety: float | None
    """For the likely guesses: the chance to survive it and then the blended next move."""

    def as_json(self) -> dict[str, Any]:
        """This cell as JSON (``row``, ``col`` 0-based; chances as numbers from 0 to 1)."""
        return {
            "row": self.cell[0],
            "col": self.cell[1],
            "mine_chance": float(self.mine_chance),
            "dead": self.dead,
            "fifty_fifty": self.fifty_fifty,
            "fifty_fifty_risk": float(self.fifty_fifty_risk),
            "secondary_safety": self.secondary_safety,
        }


@dataclass(frozen=True)
class Insight:
    """What the solver sees of a position, for its uncertain hidden cells (by cell index;
    `cells` says it cell by cell)."""

    analysis: Analysis
    """The exact analysis of the position (every hidden cell's mine chance)."""
    uncertain: tuple[int, ...]
    """The hidden cells neither certainly safe nor certainly a mine, in index order."""
    dead: frozenset[int]
    """The uncertain cells that tell nothing new."""
    fifty_fifty: frozenset[int]
    """The cells of the unavoidable 50/50s."""
    fifty_fifties: tuple[tuple[Cell, ...], ...]
    """The unavoidable 50/50s: pairs and 2x2 squares holding one of two equally likely
    arrangements of mines that no cell outside them can tell apart."""
    risk: Mapping[int, int]
    """Per cell, the layouts in which it sits in a 50/50 pattern (see `fifty_fifty_risk`)."""
    safety: Mapping[int, float]
    """The secondary safety of the likely guesses."""

    @cached_property
    def cells(self) -> tuple[CellInsight, ...]:
        """Each uncertain hidden cell's insight, top row first."""
        analysis = self.analysis
        total, weights, width = analysis.layouts, analysis.weights, analysis.width
        chances: dict[int, Fraction] = {}  # by the identity of a weight: cells share them

        def chance(weight: int) -> Fraction:
            if id(weight) not in chances:
                chances[id(weight)] = Fraction(weight, total)
            return chances[id(weight)]

        return tuple(
            CellInsight(
                divmod(c, width),
                chance(weights[c] or 0),
                c in self.dead,
                c in self.fifty_fifty,
                Fraction(min(self.risk[c], total), total) if c in self.risk else Fraction(0),
                self.safety.get(c),
            )
            for c in self.uncertain
        )

    def at(self, row: int, col: int) -> CellInsight | None:
        """The insight of (row, col), or None when it is not an uncertain hidden cell."""
        return next((c for c in self.cells if c.cell == (row, col)), None)

    def as_json(self) -> dict[str, Any]:
        """The insight as JSON: ``cells`` (each `CellInsight.as_json`) and ``fifty_fifties``
        (each a list of its cells, ``[row, col]``)."""
        return {
            "cells": [c.as_json() for c in self.cells],
            "fifty_fifties": [[list(cell) for cell in group] for group in self.fifty_fifties],
        }


def insight(
    view: View,
    mines: int,
    *,
    trust_flags: bool = False,
    cache: ComponentCache | None = None,
    score: bool = True,
) -> Insight:
    """What the solver sees in ``view`` with ``mines`` mines in all (flags count as hidden
    cells unless ``trust_flags``); ``score`` False leaves out the secondary safety, the
    costliest part. Raises what `probabilities.analyze` raises."""
    pos = position(view.width, view.height, cell_values(view, trust_flags), mines)
    return position_insight(pos, solve_position(pos, cache), cache, score=score)


def position_insight(
    pos: Position, analysis: Analysis, cache: ComponentCache | None = None, *, score: bool = True
) -> Insight:
    """`insight` of a position and its analysis."""
    uncertain = uncertain_cells(pos, analysis)
    live = liveness(pos, analysis)
    dead = frozenset(dead_cells(pos, live, uncertain))
    groups = unavoidable_fifty_fifties(pos, analysis, cache)
    safety: dict[int, float] = {}
    if score:
        known = KnownOutcomes(pos, cache)
        for cell in likely_guesses(pos, analysis, live, dead):
            safety[cell] = secondary_safety(known, analysis, cell, live)
    return Insight(
        analysis,
        tuple(uncertain),
        dead,
        frozenset(c for group in groups for c in group),
        tuple(tuple(divmod(c, pos.width) for c in group) for group in groups),
        fifty_fifty_risk(pos, cache, analysis),
        safety,
    )


def dead_cells(pos: Position, live: Liveness, uncertain: Iterable[int]) -> Iterator[int]:
    """The dead cells among ``uncertain`` (`is_dead`), an off-frontier cell next to another
    known living at once: off-frontier cells are all alike, so all uncertain together."""
    nbrs = neighbour_table(pos.width, pos.height)
    frontier = live.frontier
    for c in uncertain:
        off_beside = c not in frontier and any(
            n in pos.unknown and n not in frontier for n in nbrs[c]
        )
        if not off_beside and is_dead(live, c):
            yield c


def uncertain_cells(pos: Position, analysis: Analysis) -> list[int]:
    """The unknown cells neither certainly safe nor certainly a mine, in index order."""
    total = analysis.layouts
    return sorted(c for c in pos.unknown if 0 < (analysis.weights[c] or 0) < total)


def likely_guesses(
    pos: Position, analysis: Analysis, live: Liveness, dead: Iterable[int]
) -> list[int]:
    """The cells worth a secondary safety: the `SCORED_FRONTIER` safest living frontier
    cells and the `SCORED_OFF` living off-frontier cells with the fewest unknown neighbours."""
    weights, skip = analysis.weights, set(dead)
    living = [c for c in uncertain_cells(pos, analysis) if c not in skip]
    frontier = sorted((c for c in living if c in live.frontier), key=lambda c: (weights[c], c))
    off = [c for c in living if c not in live.frontier]
    frame = Frame(pos.width, pos.height)
    hidden = neighbour_sum(frame, frame.mask(pos.unknown))
    return frontier[:SCORED_FRONTIER] + smallest(frame, hidden, off, SCORED_OFF)


def unavoidable_fifty_fifties(
    pos: Position, analysis: Analysis, cache: ComponentCache | None = None
) -> list[tuple[int, ...]]:
    """The unavoidable 50/50s of a position, by cell index: 2x2 squares first, then pairs of
    neighbouring cells not in such a square (see `Insight.fifty_fifties`)."""
    total, weights, width = analysis.layouts, analysis.weights, pos.width
    half_total = total // 2 if total % 2 == 0 else -1
    half = {c for c in pos.unknown if weights[c] == half_total}
    found: list[tuple[int, ...]] = []
    taken: set[int] = set()
    for a in sorted(half):
        square = (a, a + 1, a + width, a + width + 1)
        if a % width == width - 1 or not half.issuperset(square):
            continue
        if _unavoidable(pos, analysis, square, (a, a + width + 1), (a + 1, a + width), cache):
            found.append(square)
            taken.update(square)
    nbrs = neighbour_table(width, pos.height)
    for a in sorted(half - taken):
        for b in nbrs[a]:
            if (
                b > a
                and b in half
                and b not in taken
                and _unavoidable(pos, analysis, (a, b), (a,), (b,), cache)
            ):
                found.append((a, b))
    return found


def _unavoidable(
    pos: Position,
    analysis: Analysis,
    group: tuple[int, ...],
    first: tuple[int, ...],
    second: tuple[int, ...],
    cache: ComponentCache | None,
) -> bool:
    """Whether ``group`` holds its mines as ``first`` or as ``second`` in every layout, the two
    equally often, and no cell that could ever be revealed sees them differently."""
    nbrs = neighbour_table(pos.width, pos.height)
    total, weights = analysis.layouts, analysis.weights
    inside = set(group)
    for n in {n for c in group for n in nbrs[c]} - inside:
        seen = set(nbrs[n])
        tells = len(seen.intersection(first)) != len(seen.intersection(second))
        if tells and pos.fixed.get(n) != 1 and weights[n] != total:
            return False
    layouts = [_layouts(pos, mines, inside.difference(mines), cache) for mines in (first, second)]
    return layouts[0] == layouts[1] and 2 * layouts[0] == total


def _layouts(
    pos: Position, mines: Iterable[int], safe: Iterable[int], cache: ComponentCache | None
) -> int:
    """How many layouts of ``pos`` have these mines and these safe cells."""
    try:
        return solve_position(with_assumed(pos, list(mines), list(safe)), cache).layouts
    except InconsistentViewError:
        return 0


@dataclass(frozen=True)
class GuessInsight:
    """What the solver sees of a guessed cell, next to the other uncertain cells."""

    cell: int
    mine_chance: Fraction
    secondary_safety: float
    dead: bool
    """The guess itself tells nothing new."""
    safest: Fraction
    """The lowest mine chance of any uncertain cell."""
    safest_living: bool
    """Whether no living cell is safer than the guess (when the guess is living)."""
    skipped: tuple[int, Fraction] | None
    """When the guess is living: the safest dead cell at least as safe, and its mine chance
    (left because it tells nothing new)."""


def guess_insight(
    pos: Position, analysis: Analysis, cell: int, cache: ComponentCache | None = None
) -> GuessInsight:
    """What the solver sees of guessing the uncertain ``cell``: its secondary safety, and the
    cells at least as safe, dead or living (only those are tested)."""
    total, weights = analysis.layouts, analysis.weights
    weight = weights[cell] or 0
    live = liveness(pos, analysis)
    dead = is_dead(live, cell)
    as_safe = sorted(
        (c for c in uncertain_cells(pos, analysis) if (weights[c] or 0) <= weight),
        key=lambda c: (weights[c] or 0, c),
    )
    safest = Fraction(weights[as_safe[0]] or 0, total) if as_safe else Fraction(weight, total)
    skipped: tuple[int, Fraction] | None = None
    safest_living = not dead
    if not dead:
        for c in as_safe:
            if c == cell:
                continue
            if is_dead(live, c):
                skipped = skipped or (c, Fraction(weights[c] or 0, total))
            elif (weights[c] or 0) < weight:
                safest_living = False
    known = KnownOutcomes(pos, cache)
    return GuessInsight(
        cell,
        Fraction(weight, total),
        secondary_safety(known, analysis, cell, live),
        dead,
        safest,
        safest_living,
        skipped,
    )
