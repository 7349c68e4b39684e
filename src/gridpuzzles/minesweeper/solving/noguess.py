"""No-guess boards: the first click opens an area and logic alone clears the rest.

"Logic" is the exact solver: a cell may be revealed when it is safe in every layout that
fits the view and the mine count (`probabilities`), so mine counting is allowed but guessing never.

Generation follows Simon Tatham's idea: place the mines at random (keeping the 3x3 block of
the first click clear), solve by logic from the first click, and when the solver is stuck,
move one undetermined mine next to the revealed area to a random hidden cell away from it,
then go on solving. A board is only returned once a fresh logic-only run from the first click
wins it. Mines are only ever moved within the hidden part, so apart from the nudges the
layout stays uniformly random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from gridpuzzles.minesweeper.core.errors import MinesweeperError
from gridpuzzles.minesweeper.core.grid import Layout, block_around
from gridpuzzles.minesweeper.core.placement import Placer, place_mines
from gridpuzzles.minesweeper.core.settings import Config, ConfigError, FirstClick
from gridpuzzles.minesweeper.solving.probabilities import (
    UNKNOWN,
    ComponentCache,
    neighbour_table,
    position,
    solve_position,
)

MAX_NUDGES = 400
"""Nudges on one layout before starting over from a fresh random layout."""
MAX_ATTEMPTS = 200


class NoGuessError(MinesweeperError, ValueError):
    """No no-guess board was found for a configuration (too dense or too small)."""


@dataclass
class LogicRun:
    """A logic-only game on a mine mask: what is revealed, and where it got stuck."""

    width: int
    height: int
    mask: bytearray
    counts: list[int]
    cells: list[int]
    """Per cell: `UNKNOWN`, or the revealed number."""
    left: int
    """Safe cells still hidden."""
    stuck_on: list[int]
    """When stuck: the undetermined hidden cells next to revealed numbers."""


def _counts(width: int, height: int, mask: bytearray) -> list[int]:
    nbrs = neighbour_table(width, height)
    return [sum(mask[n] for n in nbrs[i]) for i in range(width * height)]


def _open(run: LogicRun, index: int) -> None:
    """Reveal a safe cell and flood over zeros."""
    nbrs = neighbour_table(run.width, run.height)
    if run.cells[index] != UNKNOWN:
        return
    stack = [index]
    run.cells[index] = run.counts[index]
    run.left -= 1
    while stack:
        i = stack.pop()
        if run.counts[i] == 0:
            for n in nbrs[i]:
                if run.cells[n] == UNKNOWN:
                    run.cells[n] = run.counts[n]
                    run.left -= 1
                    stack.append(n)


def new_run(width: int, height: int, mask: bytearray, start: int) -> LogicRun:
    counts = _counts(width, height, mask)
    size = width * height
    run = LogicRun(width, height, mask, counts, [UNKNOWN] * size, size - sum(mask), [])
    _open(run, start)
    return run


def solve_by_logic(run: LogicRun, mines: int, cache: ComponentCache | None = None) -> bool:
    """Reveal every cell logic proves safe, as long as there is one; True when won."""
    width, height = run.width, run.height
    while run.left > 0:
        pos = position(width, height, run.cells, mines)
        safe = [c for c, mine in pos.fixed.items() if not mine]
        if not safe:
            analysis = solve_position(pos, cache)
            safe = [i for i in pos.unknown if analysis.weights[i] == 0]
            if not safe:
                nbrs = neighbour_table(width, height)
                run.stuck_on = [
                    i
                    for i in pos.unknown
                    if analysis.weights[i] != analysis.layouts
                    and any(run.cells[n] >= 0 for n in nbrs[i])
                ]
                return False
        for cell in safe:
            _open(run, cell)
    run.stuck_on = []
    return True


def logic_wins(layout: Layout, start: int) -> bool:
    """Whether a logic-only player wins ``layout`` from a first click on ``start``."""
    if layout.is_mine(start):
        return False
    run = new_run(layout.width, layout.height, bytearray(layout.mines), start)
    return solve_by_logic(run, layout.mine_count)


def placement(config: Config) -> Placer:
    """How the mines of a game of ``config`` are laid at its first reveal: a no-guess board
    (`generate`) under `FirstClick.NO_GUESS`, else the core's uniformly random `place_mines`."""
    return generate if config.first_click is FirstClick.NO_GUESS else place_mines


def generate(
    config: Config,
    start: int,
    rng: random.Random,
    cache: ComponentCache | None = None,
    *,
    attempts: int = MAX_ATTEMPTS,
    nudges: int = MAX_NUDGES,
) -> Layout:
    """A no-guess layout of ``config`` for a first click on ``start`` (which opens an area),
    from at most ``attempts`` random layouts nudged at most ``nudges`` times each.

    Raises `NoGuessError` when none is found (boards too dense for it)."""
    width, height = config.width, config.height
    clear = set(block_around(width, height, start))
    if config.mines > config.size - len(clear):
        raise ConfigError(
            f"{config.mines} mines leave no room for an opening at the first click on a "
            f"{width}x{height} board"
        )
    opening = replace(config, first_click=FirstClick.OPENING)
    if cache is None:
        cache = {}
    nbrs = neighbour_table(width, height)
    for _ in range(attempts):
        mask = bytearray(place_mines(opening, start, rng).mines)
        run = new_run(width, height, mask, start)
        for _ in range(nudges):
            if solve_by_logic(run, config.mines, cache):
                # Nudges may have changed numbers used earlier: check from the start.
                check = new_run(width, height, mask, start)
                if solve_by_logic(check, config.mines, cache):
                    return Layout(width, height, bytes(mask))
                run = check
            if not _nudge(run, clear, nbrs, rng):
                break
    raise NoGuessError(
        f"found no no-guess {width}x{height} board with {config.mines} mines; try fewer mines"
    )


def _nudge(
    run: LogicRun, clear: set[int], nbrs: tuple[tuple[int, ...], ...], rng: random.Random
) -> bool:
    """Move one undetermined mine at the edge of the revealed area to a hidden cell away from
    it (or, late in the game, to an undetermined safe cell at the edge); update the numbers."""
    mask = run.mask
    movable = [i for i in run.stuck_on if mask[i]]
    if not movable:
        return False
    hidden = [i for i, v in enumerate(run.cells) if v == UNKNOWN and not mask[i] and i not in clear]
    away = [i for i in hidden if all(run.cells[n] == UNKNOWN for n in nbrs[i])]
    targets = away or [i for i in run.stuck_on if not mask[i]]
    if not targets:
        return False
    source, target = rng.choice(movable), rng.choice(targets)
    mask[source], mask[target] = 0, 1
    for i in (source, target):
        delta = 1 if i == target else -1
        for n in nbrs[i]:
            run.counts[n] += delta
    # Revealed numbers next to the moved mine change; a new zero opens its neighbours.
    for n in nbrs[source]:
        if run.cells[n] >= 0:
            run.cells[n] = run.counts[n]
    for n in nbrs[target]:
        if run.cells[n] >= 0:
            run.cells[n] = run.counts[n]
    for n in nbrs[source]:
        if run.cells[n] == 0:
            for m in nbrs[n]:
                if run.cells[m] == UNKNOWN:
                    _open(run, m)
    return True
