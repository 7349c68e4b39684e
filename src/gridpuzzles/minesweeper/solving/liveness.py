"""What a hidden cell can still tell: dead cells and small pockets.

A cell is *dead* when it would show the same number in every layout where it is safe:
revealing it can only survive or lose, it never tells anything. A dead cell is worth playing
only for its own safety, so a guesser leaves it for later while a living cell is as safe, and
never counts it as a useful next move.

A cell lies in an *open area* when enough unknown cells are linked to it (through neighbours,
and over revealed cells between them); cells in a small pocket walled in by revealed cells
decide little beyond the pocket, so a guesser plays them last.

Everything here is exact (up to the total mine count, which the test of a dead cell leaves
out: it may call a cell living that only the mine count makes dead) and pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    Constraint,
    Position,
    box_order,
    cells_of,
    neighbour_table,
    split_components,
)

LIVENESS_STEPS = 20_000
"""The most steps (a box's mine count tried) the test of one cell may take; a cell whose test
would take more is called living, as a cell not known to be dead is."""


@dataclass(frozen=True)
class Liveness:
    """A position and its analysis, to ask of any of its cells whether it is dead
    (`is_dead`); the parts of its frontier are indexed the first time they are needed."""

    pos: Position
    analysis: Analysis
    frontier: frozenset[int]
    """The unknown cells next to a number."""
    index: dict[int, tuple[Constraint, ...]] = field(default_factory=dict)
    """Per frontier cell, once needed: the constraints of its independent part."""

    def part(self, cell: int) -> tuple[Constraint, ...]:
        """The constraints of the independent part of the frontier that holds ``cell``."""
        if not self.index:
            for group in split_components(self.pos.rest):
                constraints = tuple(group)
                for c in cells_of(group):
                    self.index[c] = constraints
        return self.index[cell]


def liveness(pos: Position, analysis: Analysis) -> Liveness:
    """What `is_dead` needs of a position (``analysis`` is its `solve_position`)."""
    return Liveness(pos, analysis, frozenset(cells_of(pos.rest)))


def is_dead(live: Liveness, cell: int) -> bool:
    """Whether the unknown (or fixed safe) ``cell`` would show the same number in every
    layout where it is safe.

    Only its uncertain neighbours can change its number. One of them off the frontier can
    always trade places with another off-frontier cell, so the cell lives; else the layouts of
    the frontier parts around it are listed (boxes of cells alike, the cell itself safe) until
    two give different numbers (or, past `LIVENESS_STEPS`, the cell is called living)."""
    pos, analysis = live.pos, live.analysis
    total, weights = analysis.layouts, analysis.weights
    around = [
        n
        for n in neighbour_table(pos.width, pos.height)[cell]
        if n in pos.unknown and 0 < (weights[n] or 0) < total
    ]
    if not around:
        return True
    if not live.frontier.issuperset(around):
        return False
    if weights[cell] == 0 and len(around) == 1:
        return False
    group: list[Constraint] = []
    seen: set[int] = set()
    for c in (cell, *around) if cell in live.frontier else around:
        part = live.part(c)
        if id(part) not in seen:
            seen.add(id(part))
            group.extend(part)
    # Certain neighbours are counted too: the layouts listed here leave the mine count out,
    # and some of them may move a mine that only the count pins down.
    counted = live.frontier.intersection(neighbour_table(pos.width, pos.height)[cell])
    return numbers_differ(group, cell, counted) is False


def numbers_differ(
    group: list[Constraint], cell: int, around: frozenset[int], steps: int = LIVENESS_STEPS
) -> bool | None:
    """Whether two layouts of ``group`` with ``cell`` safe put different numbers of mines in
    ``around``; None when the layouts were not all seen within ``steps`` steps."""
    rows = [*group, ([cell], 0)]
    member: dict[int, list[int]] = {}
    for k, (cells, _) in enumerate(rows):
        for c in cells:
            member.setdefault(c, []).append(k)
    alike: dict[tuple[tuple[int, ...], bool], list[int]] = {}
    for c, ks in member.items():
        alike.setdefault((tuple(ks), c in around), []).append(c)
    boxes = [(cells, list(ks)) for (ks, _), cells in alike.items()]
    inside = [cells[0] in around for cells, _ in boxes]
    order = box_order(boxes, len(rows))
    sizes = [len(boxes[b][0]) for b in order]
    touching = [boxes[b][1] for b in order]
    counted = [inside[b] for b in order]
    needs = [need for _, need in rows]
    have = [0] * len(rows)
    room = [0] * len(rows)
    for size, ks in zip(sizes, touching, strict=True):
        for k in ks:
            room[k] += size
    first: list[int] = []
    left = steps

    def walk(i: int, shown: int) -> bool:
        nonlocal left
        left -= 1
        if left < 0:
            return True
        if i == len(sizes):
            if not first:
                first.append(shown)
                return False
            return shown != first[0]
        size, ks = sizes[i], touching[i]
        lo, hi = 0, size
        for k in ks:
            missing = needs[k] - have[k]
            hi = min(hi, missing)
            lo = max(lo, missing - (room[k] - size))
        if lo > hi:
            return False
        for k in ks:
            room[k] -= size
        differ = False
        for m in range(lo, hi + 1):
            for k in ks:
                have[k] += m
            differ = walk(i + 1, shown + m if counted[i] else shown)
            for k in ks:
                have[k] -= m
            if differ:
                break
        for k in ks:
            room[k] += size
        return differ

    differ = walk(0, 0)
    return None if left < 0 else differ


def in_open_area(pos: Position, cell: int, size: int) -> bool:
    """Whether ``cell`` lies among at least ``size`` unknown cells linked through neighbours
    (and over revealed cells between them)."""
    nbrs = neighbour_table(pos.width, pos.height)
    seen = {cell}
    todo = [cell]
    while todo:
        m = todo.pop()
        for n in nbrs[m]:
            if n in pos.unknown:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
            elif n not in pos.fixed:
                for n2 in nbrs[n]:
                    if n2 in pos.unknown and n2 not in seen:
                        seen.add(n2)
                        todo.append(n2)
        if len(seen) >= size:
            return True
    return False
