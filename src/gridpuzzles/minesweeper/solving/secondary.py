"""The secondary-safety guess: a cell judged by the chance to survive it and the move after it.

The figures named here are fields of `settings.SolverSettings`.

A candidate's score is, over every number it may show, the exact chance of that number times
the *blended* safety of the next move in the position it leaves: `blend` of the safest living
cell plus the rest of the second safest (a certain safe cell counts as fully safe when it is
living; off-frontier cells count; dead cells never, see `liveness`). The chance to settle a
likely 50/50 now raises the score (the factor of `guessing`); progress, a number that leaves a
living safe cell the candidate's safety alone would not prove, only breaks ties (`progress`).

Candidates: living frontier cells at least `cut_off` times as safe as the safest living cell,
living cells that likely 50/50s make risky to leave (counting the 50/50 layouts as safe ones),
and off-frontier cells when they are more than `off_share` times as safe as the best: all of
them when fewer than `off_all`, else those two steps in a straight line from a revealed
number of the frontier and those with two or three unknown neighbours. Cells outside an open
area of `candidate_open_area` cells are scored only when no other candidate is left; a cell
is dropped as soon as its best possible score falls below the best score so far.

A candidate whose safety alone proves two or more other living cells safe is scored by its
safety (what it gives is certain progress; proven dead cells tell nothing, so they do not
count). A cell that may show one number only (dead, found while
scoring) is taken only when every candidate is. Last, a cell more than `safer` safer that is
safe whenever the chosen one is (or the safest living cell of every number it may show, when
that is always the same cell and safer) replaces it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from gridpuzzles.minesweeper.solving.liveness import Liveness, in_open_area, is_dead, liveness
from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    ComponentCache,
    InconsistentViewError,
    KnownOutcomes,
    Position,
    neighbour_table,
    numbers_around,
    solve_position,
    with_assumed,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings


@dataclass(frozen=True)
class NextMove:
    """What a position offers as the next move."""

    blended: float
    """`SolverSettings.blend` times the safety of the safest living cell plus the rest times
    the second."""
    progress: bool
    """Whether a living certain safe cell is left (other than those given as already known)."""
    safest: int | None
    """The one safest living cell, when a single cell is safer than every other choice."""
    safe: frozenset[int]
    """The certain safe cells not revealed yet."""


@dataclass(frozen=True)
class Scored:
    """A candidate's score."""

    cell: int
    safety: float
    score: float
    secondary: float
    """The chance to survive the cell and then the blended next move, times the 50/50
    factor (the score without the progress tie-break)."""
    deferred: bool
    """The cell may show one number only: taken only when every candidate is."""
    proven: frozenset[int]
    """The cells safe whenever this one is."""
    safest: int | None
    """The safest living cell after every number it may show, when always the same."""


def secondary_guess(
    pos: Position,
    analysis: Analysis,
    factor: Callable[[int], float],
    risky: Iterable[tuple[int, int]] = (),
    cache: ComponentCache | None = None,
    known: KnownOutcomes | None = None,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> int | None:
    """The cell to reveal by secondary safety (see the module docstring); None when no cell
    is a candidate. ``factor`` gives how much settling a 50/50 raises a cell's score;
    ``risky`` lists cells that likely 50/50s make risky to leave, with their 50/50 layouts;
    ``known``, the outcomes of ``pos`` computed so far, saves work."""
    live = liveness(pos, analysis)
    known = known or KnownOutcomes(pos, cache)
    total, weights = analysis.layouts, analysis.weights
    dead: dict[int, bool] = {}

    def living(cell: int) -> bool:
        if cell not in dead:
            dead[cell] = is_dead(live, cell)
        return not dead[cell]

    def safety(cell: int) -> float:
        return 1 - (weights[cell] or 0) / total

    uncertain = [c for c in pos.unknown if 0 < (weights[c] or 0) < total]
    frontier = sorted((c for c in uncertain if c in live.frontier), key=lambda c: (weights[c], c))
    off = sorted(c for c in uncertain if c not in live.frontier)
    best = safety(off[0]) if off else 0.0
    for cell in frontier:
        if safety(cell) <= best:
            break
        if living(cell):
            best = safety(cell)
            break
    threshold = settings.cut_off * best
    on = [c for c in frontier if safety(c) >= threshold and living(c)]
    off_candidates = []
    if off and safety(off[0]) > settings.off_share * best:
        off_candidates = _off_candidates(pos, live, off, settings.off_all)
    taken = set(on) | set(off_candidates)
    for cell, layouts in risky:
        safe_share = (total - (weights[cell] or 0) + layouts) / total
        if cell not in taken and safe_share > threshold and living(cell):
            on.append(cell)
            taken.add(cell)
    candidates = on + off_candidates
    if not candidates:
        return None
    open_cells = [c for c in candidates if in_open_area(pos, c, settings.candidate_open_area)]
    chosen: Scored | None = None
    for cell in open_cells or candidates:
        floor = chosen.score if chosen is not None and not chosen.deferred else None
        result = _score(known, analysis, cell, factor(cell), floor, living, settings)
        if result is None:
            continue
        if (
            chosen is None
            or (chosen.deferred and not result.deferred)
            or (chosen.deferred == result.deferred and result.score > chosen.score)
        ):
            chosen = result
    if chosen is None:
        return None
    return _dominant(pos, analysis, chosen, safety, settings.safer)


def _off_candidates(pos: Position, live: Liveness, off: list[int], off_all: int) -> list[int]:
    """The off-frontier candidates (``off`` in index order): all when fewer than ``off_all``,
    else those two steps in a straight line from a revealed number of the frontier and those
    with two or three unknown neighbours."""
    if len(off) < off_all:
        return off
    width, height = pos.width, pos.height
    nbrs = neighbour_table(width, height)
    off_set = set(off)
    numbers = {
        n
        for cell in live.frontier
        for n in nbrs[cell]
        if n not in pos.unknown and n not in pos.fixed
    }
    found: set[int] = set()
    for number in numbers:
        row, col = divmod(number, width)
        for r, c in ((row + 2, col), (row - 2, col), (row, col + 2), (row, col - 2)):
            if 0 <= r < height and 0 <= c < width and r * width + c in off_set:
                found.add(r * width + c)
    found.update(c for c in off if 2 <= len(pos.unknown.intersection(nbrs[c])) <= 3)
    return sorted(found)


def _score(
    known: KnownOutcomes,
    analysis: Analysis,
    cell: int,
    factor: float,
    floor: float | None,
    living: Callable[[int], bool],
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> Scored | None:
    """The score of revealing ``cell`` in ``known.pos``; None as soon as it cannot reach
    ``floor``. ``living`` tells the living cells of the position (see `liveness`)."""
    pos, cache = known.pos, known.cache
    total = analysis.layouts
    safe_share = 1 - (analysis.weights[cell] or 0) / total
    secondary = progress = 0.0
    left = safe_share
    tie_break = settings.progress

    def hopeless() -> bool:
        """Whether the score cannot reach ``floor`` even if every number left is safe."""
        best = (secondary + left * factor) * (1 + tie_break * (progress + left))
        return floor is not None and best < floor

    if hopeless():
        return None
    proven = _proven_by(pos, cell, cache)
    if sum(1 for c in proven if living(c)) >= 2:
        score = safe_share * (1 + tie_break * safe_share)
        return Scored(cell, safe_share, score, safe_share, False, proven, None)
    numbers = 0
    common: frozenset[int] | None = None
    safest: set[int | None] = set()
    for number in numbers_around(pos, cell):
        if hopeless():
            return None
        found = known.outcome(cell, number)
        if found is None:
            continue
        after_pos, after = found
        chance = after.layouts / total
        move = next_move(after_pos, after, proven, settings)
        secondary += chance * move.blended * factor
        if move.progress:
            progress += chance
        left -= chance
        numbers += 1
        safe = move.safe & pos.unknown
        common = safe if common is None else common & safe
        safest.add(move.safest)
    always = next(iter(safest)) if len(safest) == 1 else None
    score = secondary * (1 + tie_break * progress)
    return Scored(cell, safe_share, score, secondary, numbers == 1, common or frozenset(), always)


def secondary_safety(
    known: KnownOutcomes,
    analysis: Analysis,
    cell: int,
    live: Liveness | None = None,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> float:
    """The chance to survive a reveal of ``cell`` in ``known.pos`` and then the blended next
    move, over every number it may show (its own safety when it proves two or more other
    living cells safe), as `secondary_guess` scores it without the 50/50 factor and the tie-break."""
    live = live or liveness(known.pos, analysis)
    scored = _score(known, analysis, cell, 1.0, None, lambda c: not is_dead(live, c), settings)
    assert scored is not None  # (no floor: never given up)
    return scored.secondary


def _proven_by(pos: Position, cell: int, cache: ComponentCache | None) -> frozenset[int]:
    """The other unknown cells that are safe whenever ``cell`` is."""
    try:
        assumed = with_assumed(pos, [], [cell])
        after = solve_position(assumed, cache)
    except InconsistentViewError:
        return frozenset()
    return frozenset(c for c in _safe_cells(assumed, after) if c != cell and c in pos.unknown)


def _safe_cells(pos: Position, analysis: Analysis) -> list[int]:
    """The certain safe cells of a position not revealed yet (fixed or found by the count)."""
    safe = [c for c, mine in pos.fixed.items() if not mine]
    safe += [c for c in pos.unknown if analysis.weights[c] == 0]
    return safe


def next_move(
    pos: Position,
    analysis: Analysis,
    known: frozenset[int] = frozenset(),
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> NextMove:
    """The blended safety of the next move in a position (1 when no cell is uncertain any
    more), whether it leaves a living safe cell not among ``known``, and its single safest
    living cell if there is one."""
    live = liveness(pos, analysis)
    total, weights = analysis.layouts, analysis.weights
    safe = [c for c, mine in pos.fixed.items() if not mine]
    frontier: list[int] = []
    off = 0
    off_weight = 0
    for c in pos.unknown:
        w = weights[c] or 0
        if not w:
            safe.append(c)
        elif w != total:
            if c in live.frontier:
                frontier.append(c)
            else:
                off += 1
                off_weight = w
    off_safety = 1 - off_weight / total if off else 0.0
    first = off_safety if off else 0.0
    second = off_safety if off > 1 else 0.0
    single: int | None = None
    dead: dict[int, bool] = {}

    def living(cell: int) -> bool:
        if cell not in dead:
            dead[cell] = is_dead(live, cell)
        return not dead[cell]

    safe.sort()
    frontier.sort(key=lambda c: (weights[c], c))
    choices = [*((c, 1.0) for c in safe), *((c, 1 - (weights[c] or 0) / total) for c in frontier)]
    for cell, value in choices:
        if value <= second:
            break
        if not living(cell):
            continue
        if value > first:
            first, second, single = value, first, cell
        else:
            second = value
    progress = any(living(c) for c in safe if c not in known)
    if not frontier and not off:  # nothing uncertain is left: the board is solved
        return NextMove(1.0, bool(safe), None, frozenset(safe))
    blended = settings.blend * first + (1 - settings.blend) * second
    return NextMove(blended, progress, single if first > second else None, frozenset(safe))


def _dominant(
    pos: Position,
    analysis: Analysis,
    chosen: Scored,
    safety: Callable[[int], float],
    margin: float,
) -> int:
    """The chosen cell, or a cell more than ``margin`` safer that is safe whenever it is (the
    safest such, the lower index first), or else its always-safest next move when safer."""
    safer = [c for c in chosen.proven if safety(c) - chosen.safety > margin]
    if safer:
        return min(safer, key=lambda c: (-safety(c), c))
    always = chosen.safest
    if always is not None and always in pos.unknown and safety(always) > chosen.safety:
        return always
    return chosen.cell
