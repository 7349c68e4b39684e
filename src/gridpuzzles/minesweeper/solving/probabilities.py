"""Exact mine probabilities of a view: the share of all mine layouts that fit what is shown.

Vocabulary:

- an *unknown* cell is hidden (``#``, ``?``, and by default ``F``: flags are the player's
  guesses, not facts);
- a *constraint* is a revealed number with its unknown neighbours and the number of mines
  still missing among them;
- the *frontier* is the unknown cells next to some number; a *box* is a set of frontier
  cells that touch exactly the same constraints (they are interchangeable); a *component* is
  a group of boxes linked by shared constraints, independent of every other component;
- *off-frontier* cells touch no number; any of their layouts is as good as another, so they
  are counted with binomial coefficients.

Each component's box mine counts are enumerated by backtracking over its constraints, each
solution weighted by the product of ``comb(box size, box mines)``. Components are combined by
convolution over their mine counts, times ``comb(off-frontier cells, mines left)``. All of
it is integer arithmetic; `Analysis.probability` divides only at the end, as a `Fraction`.

Everything here is pure. A `ComponentCache` may be passed along to remember components that
did not change between two calls (a game changes a small part of the frontier per move).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

from gridpuzzles.bounds import LimitError
from gridpuzzles.minesweeper.core.errors import MinesweeperError
from gridpuzzles.minesweeper.core.grid import Cell, Layout, cell_words

if TYPE_CHECKING:  # the view module imports the rules, which place no-guess boards with this
    from gridpuzzles.minesweeper.core.view import View

UNKNOWN = -1
"""A hidden cell that may hold a mine."""
MINE = -2
"""A cell known to be a mine: a revealed mine (``*``), or a flag when flags are trusted."""
CLEAR = -3
"""A cell known to be safe whose number is not shown (``X``, a wrong flag after a loss)."""

_SYMBOL_VALUES = {"#": UNKNOWN, "?": UNKNOWN, "F": UNKNOWN, "*": MINE, "X": CLEAR} | {
    str(n): n for n in range(9)
}

Poly = list[int]
"""A polynomial over mine counts: ``poly[m]`` is the number of layouts with ``m`` mines."""


MAX_BOXES = 500
"""The most boxes in one component that the solver enumerates (the backtracking goes that
deep). Games stay far below: under 100 on 100x100 boards; only cells revealed here and
there at random, or a view made up, come near."""
MAX_TABLE = 1_000_000
"""The most entries in a component's table of layouts by box and mine count (its boxes times
its possible mine counts): the memory it needs, checked before it is allocated."""
MAX_COMBINE = 100_000_000
"""The most work in putting the components together: their number times the square of the
mine counts they span between them (a bound on time and, with it, on the polynomials kept).
A 100x100 game stays under 5,000,000; made-up views of numbers scattered one by one, with
hundreds of separate components, go far beyond."""


class InconsistentViewError(MinesweeperError, ValueError):
    """A view that no mine layout fits (a number that cannot be met, or a wrong mine count)."""


class SolverLimitError(LimitError, MinesweeperError):
    """A view with a part of the frontier too large for the exact solver (`MAX_BOXES`,
    `MAX_TABLE`, `MAX_COMBINE`): a limit of the solver's work, not a fault of the view."""


@dataclass(frozen=True)
class Component:
    """The solved layouts of one independent part of the frontier."""

    counts: tuple[int, ...]
    """``counts[m]``: weighted layouts of the component with ``m`` mines."""
    cell_counts: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Per box: (its cells, ``mine_counts[m]``: weighted layouts with ``m`` mines in the
    component times the mines in one cell of the box)."""


ComponentCache = dict[tuple[object, ...], Component]
"""Solved components by their constraints; safe to reuse between views of one board."""


@dataclass(frozen=True)
class Analysis:
    """Exact mine probabilities of every hidden cell of a view."""

    width: int
    height: int
    mines: int
    layouts: int
    """The number of mine layouts that fit the view (all equally likely)."""
    weights: tuple[int | None, ...]
    """Per cell index: how many of those layouts have a mine there; None for shown cells."""

    def probability(self, row: int, col: int) -> Fraction | None:
        """The exact chance that (row, col) is a mine; None for a revealed cell."""
        weight = self.weights[row * self.width + col]
        return None if weight is None else Fraction(weight, self.layouts)

    def chance(self, index: int) -> float:
        """The chance that the cell at ``index`` is a mine, as a float (1.0 if revealed)."""
        weight = self.weights[index]
        return 1.0 if weight is None else weight / self.layouts

    def probabilities(self) -> list[list[Fraction | None]]:
        """Every cell's `probability`, row by row."""
        return [[self.probability(r, c) for c in range(self.width)] for r in range(self.height)]

    @property
    def safe(self) -> list[Cell]:
        """The hidden cells that are safe in every layout."""
        return [divmod(i, self.width) for i, w in enumerate(self.weights) if w == 0]

    @property
    def certain_mines(self) -> list[Cell]:
        """The hidden cells that are mines in every layout."""
        return [divmod(i, self.width) for i, w in enumerate(self.weights) if w == self.layouts]

    @property
    def undecided(self) -> int:
        """How many hidden cells are mines in some layouts and not in others."""
        return sum(w not in (None, 0, self.layouts) for w in self.weights)


def known_layout(view: View, analysis: Analysis) -> Layout | None:
    """Where the mines of ``view`` are when its ``analysis`` settles every hidden cell: the
    cells that are mines in every layout, and the revealed mines (``*``); None when any cell
    is left `Analysis.undecided`. Deduced from the view alone: it tells nothing the view does
    not."""
    if analysis.undecided:
        return None
    certain = (i for i, w in enumerate(analysis.weights) if w and w == analysis.layouts)
    shown = (i for i, cell in enumerate(view.cells) if cell == "*")
    mines = [*certain, *shown]
    return Layout.from_cells(view.width, view.height, mines)


def analyze(
    view: View, mines: int, *, trust_flags: bool = False, cache: ComponentCache | None = None
) -> Analysis:
    """Every hidden cell's exact mine probability, given the board's total mine count.

    Flags count as hidden cells unless ``trust_flags``. Raises `InconsistentViewError` when no
    layout fits.
    """
    analysis = solve(view.width, view.height, cell_values(view, trust_flags), mines, cache)
    if not trust_flags or "F" not in view.cells:
        return analysis
    weights = list(analysis.weights)
    for i, symbol in enumerate(view.cells):
        if symbol == "F":
            weights[i] = analysis.layouts
    return replace(analysis, weights=tuple(weights))


def cell_values(view: View, trust_flags: bool = False) -> list[int]:
    """The view as solver values: a number 0-8, `UNKNOWN`, `MINE` or `CLEAR` per cell."""
    table = _SYMBOL_VALUES if not trust_flags else _SYMBOL_VALUES | {"F": MINE}
    return [table[symbol] for symbol in view.cells]


@lru_cache(maxsize=64)
def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every cell index, the indices of its up to eight neighbours."""
    table = []
    for row in range(height):
        for col in range(width):
            table.append(
                tuple(
                    r * width + c
                    for r in range(max(row - 1, 0), min(row + 2, height))
                    for c in range(max(col - 1, 0), min(col + 2, width))
                    if r != row or c != col
                )
            )
    return tuple(table)


def _where(width: int, index: int) -> str:
    """The cell at ``index`` in the player's words (from 1, row first)."""
    row, col = divmod(index, width)
    return cell_words((row, col))


Constraint = tuple[list[int], int]
"""The unknown cells around a number and how many mines are missing among them."""


def constraints(width: int, height: int, values: Sequence[int]) -> list[Constraint]:
    """The constraint of every revealed number that has unknown neighbours."""
    nbrs = neighbour_table(width, height)
    found: list[Constraint] = []
    for index, value in enumerate(values):
        if value < 0:
            continue
        hidden = []
        need = value
        for n in nbrs[index]:
            v = values[n]
            if v == UNKNOWN:
                hidden.append(n)
            elif v == MINE:
                need -= 1
        if need < 0 or need > len(hidden):
            raise InconsistentViewError(
                f"the {value} at {_where(width, index)} cannot be met: it has "
                f"{value - need} known mine(s) and {len(hidden)} hidden cell(s) around it"
            )
        if hidden:
            found.append((hidden, need))
    return found


def propagate(
    width: int, constraints_: list[Constraint]
) -> tuple[dict[int, int], list[Constraint]]:
    """Single-number deductions to a fixed point: a number whose missing mines are zero (or
    all its unknown cells) fixes them. Returns the fixed cells (index -> 0 safe / 1 mine) and
    the constraints that remain, reduced to their unfixed cells (a constraint with no fixed
    cell is passed on as it is: constraints are never changed in place)."""
    fixed: dict[int, int] = {}
    pending = constraints_
    changed = True
    while changed:
        changed = False
        remaining: list[Constraint] = []
        for cells, need in pending:
            if fixed and not fixed.keys().isdisjoint(cells):
                free = []
                for c in cells:
                    f = fixed.get(c)
                    if f is None:
                        free.append(c)
                    else:
                        need -= f
                cells = free
            if need < 0 or need > len(cells):
                raise InconsistentViewError(
                    f"the numbers around {_where(width, cells[0] if cells else 0)} contradict each other"
                )
            if not cells:
                continue
            if need == 0 or need == len(cells):
                mine = 1 if need else 0
                for c in cells:
                    fixed[c] = mine
                changed = True
            else:
                remaining.append((cells, need))
        pending = remaining
    return fixed, pending


@dataclass(frozen=True)
class Position:
    """A view reduced to what the enumeration needs; `with_number` makes hypotheses cheap."""

    width: int
    height: int
    mines: int
    unknown: frozenset[int]
    """The unknown cells not fixed by single-number deductions."""
    fixed: dict[int, int]
    """Cells fixed by single-number deductions: 0 safe, 1 mine."""
    rest: list[Constraint]
    """The constraints left over the unfixed cells."""
    free: int
    """Mines among the unfixed unknown cells."""


def position(width: int, height: int, values: Sequence[int], mines: int) -> Position:
    """The constraints of a view after single-number deductions."""
    known = sum(1 for v in values if v == MINE)
    if mines < known:
        raise InconsistentViewError(f"the view shows {known} mines but the board has only {mines}")
    fixed, rest = propagate(width, constraints(width, height, values))
    unknown = frozenset(i for i, v in enumerate(values) if v == UNKNOWN and i not in fixed)
    return Position(width, height, mines, unknown, fixed, rest, mines - known - sum(fixed.values()))


def with_number(pos: Position, cell: int, number: int) -> Position:
    """The position after the unfixed unknown ``cell`` is revealed showing ``number``."""
    nbrs = neighbour_table(pos.width, pos.height)[cell]
    need = number
    around = []
    for n in nbrs:
        f = pos.fixed.get(n)
        if f is not None:
            need -= f
        elif n in pos.unknown:
            around.append(n)
    if need < 0 or need > len(around):
        raise InconsistentViewError(f"{number} cannot show at {_where(pos.width, cell)}")
    rest = [
        ([c for c in cells if c != cell], k) if cell in cells else (cells, k)
        for cells, k in pos.rest
    ]
    if around:
        rest.append((around, need))
    return _narrowed(pos, rest, pos.unknown - {cell})


def with_assumed(pos: Position, mines: Sequence[int], safe: Sequence[int]) -> Position:
    """The position with some unfixed unknown cells taken as mines and others as safe cells
    (a hypothesis to count layouts under); InconsistentViewError when no layout allows it."""
    rest = [*pos.rest, *(([c], 1) for c in mines), *(([c], 0) for c in safe)]
    return _narrowed(pos, rest, pos.unknown)


def _narrowed(pos: Position, rest: list[Constraint], unknown: frozenset[int]) -> Position:
    """``pos`` with new constraints over ``unknown``, after single-number deductions."""
    fixed, rest = propagate(pos.width, rest)
    if fixed:
        unknown = unknown - fixed.keys()
    free = pos.free - sum(fixed.values())
    if free < 0:
        raise InconsistentViewError(f"more mines are assumed than the {pos.mines} of the board")
    return Position(pos.width, pos.height, pos.mines, unknown, pos.fixed | fixed, rest, free)


def outcomes(
    pos: Position, cell: int, cache: ComponentCache | None = None
) -> Iterator[tuple[Position, Analysis]]:
    """The position and its analysis for every number the unfixed unknown ``cell`` may show,
    smallest first (numbers no layout allows are left out)."""
    for number in numbers_around(pos, cell):
        found = outcome(pos, cell, number, cache)
        if found is not None:
            yield found


def numbers_around(pos: Position, cell: int) -> range:
    """The numbers the unfixed unknown ``cell`` could show, from its neighbours alone."""
    nbrs = neighbour_table(pos.width, pos.height)[cell]
    fixed_mines = sum(pos.fixed.get(n, 0) for n in nbrs)
    open_around = sum(1 for n in nbrs if n in pos.unknown)
    return range(fixed_mines, fixed_mines + open_around + 1)


def outcome(
    pos: Position, cell: int, number: int, cache: ComponentCache | None = None
) -> tuple[Position, Analysis] | None:
    """The position after ``cell`` shows ``number``, and its analysis; None when no layout
    allows it."""
    try:
        after_pos = with_number(pos, cell, number)
        return after_pos, solve_position(after_pos, cache)
    except InconsistentViewError:
        return None


class KnownOutcomes:
    """The `outcome` of each cell and number of one position, computed once: asked again, it
    comes back without any work (the guesser looks at a cell's numbers more than once)."""

    def __init__(self, pos: Position, cache: ComponentCache | None = None) -> None:
        self.pos = pos
        self.cache = cache
        self.found: dict[tuple[int, int], tuple[Position, Analysis] | None] = {}

    def outcome(self, cell: int, number: int) -> tuple[Position, Analysis] | None:
        """`outcome` of ``cell`` showing ``number`` in this position."""
        key = (cell, number)
        if key not in self.found:
            self.found[key] = outcome(self.pos, cell, number, self.cache)
        return self.found[key]

    def of(self, cell: int) -> Iterator[tuple[Position, Analysis]]:
        """`outcomes` of ``cell`` in this position, each computed when first needed."""
        for number in numbers_around(self.pos, cell):
            found = self.outcome(cell, number)
            if found is not None:
                yield found


def solve(
    width: int,
    height: int,
    values: Sequence[int],
    mines: int,
    cache: ComponentCache | None = None,
) -> Analysis:
    """`analyze` on solver values (see `cell_values`)."""
    return solve_position(position(width, height, values, mines), cache)


def solve_position(pos: Position, cache: ComponentCache | None = None) -> Analysis:
    """Exact weights of every unknown cell of a position."""
    free = pos.free
    groups = split_components(pos.rest)
    on_frontier: set[int] = set()
    components = []
    for group in groups:
        cells = cells_of(group)
        on_frontier |= cells
        components.append(_solve_component(group, max(0, min(free, len(cells))), cache))
    return _combine(pos, components, pos.unknown - on_frontier)


def cells_of(group: Sequence[Constraint]) -> set[int]:
    """The unknown cells that some constraint of ``group`` covers."""
    return {c for cells, _ in group for c in cells}


def split_components(rest: list[Constraint]) -> list[list[Constraint]]:
    """The constraints grouped into independent components (linked by shared cells)."""
    parent = list(range(len(rest)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[int, int] = {}
    for k, (cells, _) in enumerate(rest):
        for c in cells:
            j = owner.setdefault(c, k)
            if j != k:
                a, b = root(j), root(k)
                if a != b:
                    parent[a] = b
    groups: dict[int, list[Constraint]] = {}
    for k, constraint in enumerate(rest):
        groups.setdefault(root(k), []).append(constraint)
    return list(groups.values())


def _solve_component(
    group: list[Constraint], limit: int, cache: ComponentCache | None
) -> Component:
    """Enumerate one component's box mine counts (at most ``limit`` mines in all)."""
    unique = sorted({(tuple(sorted(cells)), need) for cells, need in group})
    key = (limit, *unique)
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    # Boxes: cells with the same set of constraints.
    signature: dict[int, list[int]] = {}
    for k, (cells, _) in enumerate(unique):
        for c in cells:
            signature.setdefault(c, []).append(k)
    by_signature: dict[tuple[int, ...], list[int]] = {}
    for c, ks in signature.items():
        by_signature.setdefault(tuple(ks), []).append(c)
    boxes = [(sorted(cells), list(ks)) for ks, cells in by_signature.items()]
    _check_size(boxes, limit)
    order = box_order(boxes, len(unique))
    boxes = [boxes[i] for i in order]
    component = _enumerate(boxes, [need for _, need in unique], limit)
    if cache is not None:
        if len(cache) > 20000:
            cache.clear()
        cache[key] = component
    return component


def _check_size(boxes: list[tuple[list[int], list[int]]], limit: int) -> None:
    """Refuse a component beyond `MAX_BOXES` or `MAX_TABLE`, before any work on it."""
    cells = sum(len(cells) for cells, _ in boxes)
    if len(boxes) > MAX_BOXES:
        raise SolverLimitError(
            f"a part of the frontier has {len(boxes):,} groups of cells ({cells:,} cells); "
            f"the exact solver takes at most {MAX_BOXES}"
        )
    if len(boxes) * (min(limit, cells) + 1) > MAX_TABLE:
        raise SolverLimitError(
            f"a part of the frontier of {cells:,} cells in {len(boxes)} groups needs a table "
            f"of more than {MAX_TABLE:,} entries, the most the exact solver takes"
        )


def box_order(boxes: list[tuple[list[int], list[int]]], n_constraints: int) -> list[int]:
    """An order of the boxes that closes constraints early: next is the box that touches the
    most constraints already started, then the one that starts the fewest new ones."""
    users: list[list[int]] = [[] for _ in range(n_constraints)]
    for b, (_, ks) in enumerate(boxes):
        for k in ks:
            users[k].append(b)
    started = [False] * n_constraints
    score = [[0, len(ks)] for _, ks in boxes]
    left = list(range(len(boxes)))
    order = []
    while left:
        best_at = 0
        best = score[left[0]]
        for at in range(1, len(left)):
            s = score[left[at]]
            if s[0] > best[0] or (s[0] == best[0] and s[1] < best[1]):
                best_at, best = at, s
        chosen = left.pop(best_at)
        order.append(chosen)
        for k in boxes[chosen][1]:
            if not started[k]:
                started[k] = True
                for b in users[k]:
                    score[b][0] += 1
                    score[b][1] -= 1
    return order


def _enumerate(boxes: list[tuple[list[int], list[int]]], needs: list[int], limit: int) -> Component:
    """Backtrack over box mine counts in the given order; accumulate weighted solutions."""
    n = len(boxes)
    sizes = [len(cells) for cells, _ in boxes]
    touching = [ks for _, ks in boxes]
    have = [0] * len(needs)
    room = [0] * len(needs)
    for size, ks in zip(sizes, touching, strict=True):
        for k in ks:
            room[k] += size
    most = min(limit, sum(sizes))
    counts = [0] * (most + 1)
    per_box = [[0] * (most + 1) for _ in range(n)]
    chosen = [0] * n
    combs = [[comb(s, k) for k in range(s + 1)] for s in sizes]

    def walk(i: int, mines: int, weight: int) -> None:
        if i == n:
            counts[mines] += weight
            for j in range(n):
                k = chosen[j]
                if k:
                    per_box[j][mines] += weight * k
            return
        size = sizes[i]
        lo = 0
        hi = min(size, most - mines)
        for k in touching[i]:
            missing = needs[k] - have[k]
            if missing < hi:
                hi = missing
            floor = missing - (room[k] - size)
            if floor > lo:
                lo = floor
        if lo > hi:
            return
        ks = touching[i]
        for k in ks:
            room[k] -= size
        row = combs[i]
        for m in range(lo, hi + 1):
            for k in ks:
                have[k] += m
            chosen[i] = m
            walk(i + 1, mines + m, weight * row[m])
            for k in ks:
                have[k] -= m
        chosen[i] = 0
        for k in ks:
            room[k] += size

    walk(0, 0, 1)
    cell_counts = []
    for j, (cells, _) in enumerate(boxes):
        size = sizes[j]
        cell_counts.append((tuple(cells), tuple(x // size for x in per_box[j])))
    return Component(tuple(counts), tuple(cell_counts))


@lru_cache(maxsize=4096)
def _tail(unknown: int, free: int, length: int) -> tuple[int, ...]:
    """``comb(unknown, free - x)`` for x in range(length), 0 where undefined.

    Only the first is a full binomial; each next one follows exactly from the last, by
    comb(n, k - 1) = comb(n, k) * k // (n - k + 1): far cheaper on large boards, where these
    numbers run to thousands of digits."""
    tail = [0] * length
    start = max(0, free - unknown)
    value = comb(unknown, free - start) if free >= 0 and start < length else 0
    for x in range(start, min(length, free + 1)):
        tail[x] = value
        k = free - x
        value = value * k // (unknown - k + 1)
    return tuple(tail)


def _convolve(a: Sequence[int], b: Sequence[int]) -> Poly:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _check_combine(components: list[Component]) -> None:
    """Refuse components whose combination is beyond `MAX_COMBINE`, before any work on it."""
    span = sum(len(comp.counts) - 1 for comp in components) + 1
    if len(components) * span * span > MAX_COMBINE:
        raise SolverLimitError(
            f"the frontier has {len(components):,} separate parts that may hold up to "
            f"{span - 1:,} mines between them: too many to combine exactly (parts times the "
            f"square of that count at most {MAX_COMBINE:,})"
        )


def _combine(pos: Position, components: list[Component], off: Collection[int]) -> Analysis:
    """Put the components and the off-frontier cells together into exact cell weights."""
    free, mines, fixed = pos.free, pos.mines, pos.fixed
    n = len(components)
    _check_combine(components)
    prefix: list[Poly] = [[1]]
    for comp in components:
        prefix.append(_convolve(prefix[-1], comp.counts))
    suffix: list[Poly] = [[1]] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = _convolve(components[i].counts, suffix[i + 1])
    everything = prefix[n]
    u = len(off)

    # tail[x]: ways to place the mines left over when the frontier holds x of them.
    tail = _tail(u, free, len(everything))
    total = sum(x * tail[t] for t, x in enumerate(everything) if x)
    if total == 0:
        low = next((t for t, x in enumerate(everything) if x), 0)
        high = max((t for t, x in enumerate(everything) if x), default=0) + u
        shown = mines - free
        fits = f"exactly {low + shown}" if low == high else f"from {low + shown} to {high + shown}"
        raise InconsistentViewError(
            f"no layout of {mines} mines fits the view: its numbers allow {fits} mines"
        )
    weights: list[int | None] = [None] * (pos.width * pos.height)
    for cell, mine in fixed.items():
        weights[cell] = total if mine else 0
    if u:
        # Each off-frontier cell is a mine in comb(u - 1, k - 1) of the comb(u, k) ways.
        below = _tail(u - 1, free - 1, len(everything))
        off_weight = sum(x * below[t] for t, x in enumerate(everything) if x)
        for cell in off:
            weights[cell] = off_weight
    for i, comp in enumerate(components):
        others = _convolve(prefix[i], suffix[i + 1])
        # rest[m]: layouts of everything else when this component holds m mines.
        nonzero = [(j, y) for j, y in enumerate(others) if y]
        rest = [
            sum(y * tail[m + j] for j, y in nonzero if m + j <= free) if comp.counts[m] else 0
            for m in range(len(comp.counts))
        ]
        for cells, per_cell in comp.cell_counts:
            weight = sum(x * r for x, r in zip(per_cell, rest, strict=True) if x)
            for cell in cells:
                weights[cell] = weight
    return Analysis(pos.width, pos.height, mines, total, tuple(weights))
