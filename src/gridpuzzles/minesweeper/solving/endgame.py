"""Exact play of small positions: every layout listed, every reveal and every number searched.

Used by the auto-player in two places: the endgame (few layouts of the whole board remain)
and closed parts of the frontier (cells walled in by revealed cells, which nothing outside
can ever help). Layouts are bit masks over a list of cells; a set of layouts is a bit mask
over their list, so splitting a set by the number a cell shows is a few integer ands.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridpuzzles.minesweeper.solving.probabilities import (
    Constraint,
    Position,
    cells_of,
    neighbour_table,
    split_components,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings


class _OutOfBudget(Exception):
    pass


def endgame(pos: Position, total: int, settings: SolverSettings = DEFAULT_SETTINGS) -> int | None:
    """The reveal with the best exact chance to win the whole game; None when there are more
    than ``total`` layouts or the search is too big."""
    cells = sorted(pos.unknown)
    layouts = enumerate_layouts(cells, pos.rest, pos.free, total, settings)
    if layouts is None or len(layouts) < 2:
        return None
    best = best_reveal(pos, cells, layouts, settings)
    return None if best is None else best[0]


def closed_part_guess(pos: Position, settings: SolverSettings = DEFAULT_SETTINGS) -> int | None:
    """The best first reveal in the smallest closed part of the frontier that needs a guess.

    A part is closed when no unknown cell outside it touches it and all its layouts hold as
    many mines (so they are equally likely): nothing else will ever tell its layouts apart,
    and exact play inside it is the best play."""
    nbrs = neighbour_table(pos.width, pos.height)
    found: tuple[int, int] | None = None
    for part in split_components(pos.rest):
        cells = sorted(cells_of(part))
        if found is not None and len(cells) >= found[1]:
            continue
        inside = set(cells)
        if any(n in pos.unknown and n not in inside for c in cells for n in nbrs[c]):
            continue
        layouts = enumerate_layouts(cells, part, None, settings.closed_part_layouts, settings)
        if layouts is None or len(layouts) < 2:
            continue
        if len({layout.bit_count() for layout in layouts}) != 1:
            continue
        best = best_reveal(pos, cells, layouts, settings)
        if best is not None:
            found = (best[0], len(cells))
    return None if found is None else found[0]


def best_reveal(
    pos: Position,
    cells: Sequence[int],
    layouts: Sequence[int],
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> tuple[int, int] | None:
    """The reveal that wins the most of ``layouts`` (bit masks over ``cells``, all equally
    likely) with perfect play after it, and how many it wins; None when over the budget
    (`SolverSettings.search_budget`)."""
    search = _Search(pos, cells, layouts, settings.search_budget)
    try:
        return search.best()
    except _OutOfBudget:
        return None


def reveal_wins(
    pos: Position,
    cells: Sequence[int],
    layouts: Sequence[int],
    cell: int,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> int | None:
    """How many of ``layouts`` perfect play wins after revealing ``cell`` first (a cell that
    is a mine in some of them); None when over budget."""
    search = _Search(pos, cells, layouts, settings.search_budget)
    try:
        return search.reveal(list(cells).index(cell), search.everything, -1)
    except _OutOfBudget:
        return None


class _Search:
    """Perfect play over a set of equally likely layouts; a set of layouts is a bit mask over
    their list, and ``wins`` of a set is remembered; at most ``budget`` sets are evaluated."""

    def __init__(
        self, pos: Position, cells: Sequence[int], layouts: Sequence[int], budget: int
    ) -> None:
        nbrs = neighbour_table(pos.width, pos.height)
        slot = {c: k for k, c in enumerate(cells)}
        self.cells = cells
        self.count = len(layouts)
        self.everything = (1 << len(layouts)) - 1
        self.mine_sets = [0] * len(cells)
        for j, layout in enumerate(layouts):
            for k in range(len(cells)):
                if layout >> k & 1:
                    self.mine_sets[k] |= 1 << j
        # shows[k]: per number, the layouts where cell k is safe and shows it (counting unknown
        # neighbours: the rest of the number is the same in every layout).
        self.shows: list[list[int]] = []
        for k, c in enumerate(cells):
            around = [slot[n] for n in nbrs[c] if n in slot]
            by_value: dict[int, int] = {}
            for j, layout in enumerate(layouts):
                if not layout >> k & 1:
                    v = sum(layout >> a & 1 for a in around)
                    by_value[v] = by_value.get(v, 0) | 1 << j
            self.shows.append(list(by_value.values()))
        self.memo: dict[int, int] = {}
        self.budget = budget

    def split(self, k: int, state: int) -> list[int]:
        return [part for part in (state & s for s in self.shows[k]) if part]

    def living(self, k: int, state: int) -> bool:
        """Whether cell k, where it is safe, shows two numbers or more among ``state``.

        Only living cells are tried: a cell that shows one number only tells which layouts
        have a mine there, and revealing it after the living cells loses nothing (when no
        cell is living, no reveal ever tells the layouts apart and exactly one is won)."""
        seen = False
        for shows in self.shows[k]:
            if state & shows:
                if seen:
                    return True
                seen = True
        return False

    def reveal(self, k: int, state: int, floor: int) -> int:
        """Layouts of ``state`` won by revealing cell k, then playing on perfectly; stops
        early (returning at most ``floor``) once it cannot beat ``floor``."""
        left = (state & ~self.mine_sets[k]).bit_count()
        won = 0
        for part in self.split(k, state):
            won += self.wins(part)
            left -= part.bit_count()
            if won + left <= floor:
                return won + left
        return won

    def wins(self, state: int) -> int:
        """How many of the layouts in ``state`` perfect play wins."""
        size = state.bit_count()
        if size == 1:
            return 1
        known = self.memo.get(state)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        options = []
        for k, mines in enumerate(self.mine_sets):
            mines_here = mines & state
            if mines_here == state or not self.living(k, state):
                continue
            if mines_here == 0:  # a safe cell that tells layouts apart: a free look
                self.memo[state] = best = sum(self.wins(p) for p in self.split(k, state))
                return best
            options.append((size - mines_here.bit_count(), k))
        if not options:  # nothing can tell these layouts apart: one of them is won
            self.memo[state] = 1
            return 1
        best = 0
        for safe, k in sorted(options, reverse=True):
            if safe <= best:
                break
            best = max(best, self.reveal(k, state, best))
        self.memo[state] = best
        return best

    def best(self) -> tuple[int, int] | None:
        """The best first reveal and its wins (see `best_reveal`)."""
        everything = self.everything
        for k in range(len(self.cells)):
            if self.mine_sets[k] == 0 and len(self.split(k, everything)) > 1:
                return self.cells[k], self.wins(everything)
        risky = [k for k, mines in enumerate(self.mine_sets) if 0 < mines != everything]
        living = [k for k in risky if self.living(k, everything)]
        options = sorted(
            (-(self.count - self.mine_sets[k].bit_count()), k) for k in living or risky
        )
        best_cell, best_wins = None, -1
        for unsafe, k in options:
            if -unsafe <= best_wins:
                break
            won = self.reveal(k, everything, best_wins)
            if won > best_wins:
                best_cell, best_wins = self.cells[k], won
        return None if best_cell is None else (best_cell, best_wins)


def enumerate_layouts(
    cells: Sequence[int],
    rest: Sequence[Constraint],
    mines: int | None,
    limit: int,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> list[int] | None:
    """Every layout of ``cells`` that meets the constraints ``rest`` (with exactly ``mines``
    mines, or any number when None), as bit masks over ``cells``; None when there are more
    than ``limit``, or when listing them would take more than
    `SolverSettings.enumeration_steps` steps.

    Cells under some constraint are decided first, the free ones last: once the constrained
    cells are set, the bounds on the mine count leave no dead end among the free ones (they
    used to be interleaved by index, and a few free cells early could multiply the work by
    thousands: one expert position of 53 unknown cells and 212 layouts ran for minutes)."""
    slot = {c: k for k, c in enumerate(cells)}
    needs = [need for _, need in rest]
    members = [[slot[c] for c in cs] for cs, _ in rest]
    touching: list[list[int]] = [[] for _ in cells]
    for r, ks in enumerate(members):
        for k in ks:
            touching[k].append(r)
    order = [k for k in range(len(cells)) if touching[k]]
    order += [k for k in range(len(cells)) if not touching[k]]
    have = [0] * len(needs)
    room = [len(ks) for ks in members]
    found: list[int] = []
    n = len(cells)
    low, high = (0, n) if mines is None else (mines, mines)
    steps = 0
    most_steps = settings.enumeration_steps

    def walk(i: int, placed: int, mask: int) -> None:
        nonlocal steps
        steps += 1
        if len(found) > limit or steps > most_steps:
            return
        if i == n:
            if placed >= low:
                found.append(mask)
            return
        if placed > high or placed + (n - i) < low:
            return
        k = order[i]
        for r in touching[k]:
            room[r] -= 1
        for bit in (0, 1):
            ok = placed + bit <= high
            for r in touching[k]:
                have[r] += bit
                if have[r] > needs[r] or have[r] + room[r] < needs[r]:
                    ok = False
            if ok:
                walk(i + 1, placed + bit, mask | bit << k)
            for r in touching[k]:
                have[r] -= bit
        for r in touching[k]:
            room[r] += 1

    walk(0, 0, 0)
    return found if len(found) <= limit and steps <= most_steps else None
