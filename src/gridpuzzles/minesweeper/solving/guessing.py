"""The auto-player's guess, when no cell is certainly safe.

In order, the first rule that applies decides:

1. an unavoidable 50/50 (two cells, one mine, that no other cell can ever tell apart) is
   taken at once, since it must be guessed anyway and losing it early loses less time;
2. when few layouts remain, the exact endgame search picks the cell with the best chance to
   win the whole game; a closed part of the frontier is played by the same exact search;
3. a cell that is a mine only in layouts where it would be part of a 50/50 pattern is guessed
   now (a pattern boxed in by mines and walls: a pair, or a 2x2 square with diagonal mines);
4. else `secondary.secondary_guess` chooses: each candidate (the safest living frontier
   cells, a few off-frontier cells, cells that such patterns make risky to leave for later)
   is scored by its *secondary safety*, every number's exact chance times the blended safety
   of the move after it (4/5 of the safest living cell, 1/5 of the second, dead cells left
   out), raised by the chance of resolving a 50/50 pattern now.

The figures named here are fields of `settings.SolverSettings`. When the secondary-safety
guess finds no candidate (or with `secondary_first` off: the rule before, kept to pair
against it), rule 4 scores a shortlist (the safest frontier cells, a few off-frontier cells,
the risky cells above) by a one-move lookahead: for every number the cell may show, its exact
chance and the safety of the move after it (1 when it leads to a certain safe cell whose own
number still tells something). The chance of resolving a 50/50 pattern now raises a cell's
score; cells in open areas go first; a cell whose number can tell nothing is taken only when
no other cell is on the shortlist. The few best cells within a small margin are then
compared two moves deep: after each number, the best one-move lookahead of the safest
replies. Finally a safer cell that the chosen cell would prove safe whatever it shows is
preferred.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from gridpuzzles.minesweeper.solving.cellmasks import Frame, neighbour_sum, shifted, smallest
from gridpuzzles.minesweeper.solving.endgame import closed_part_guess, endgame
from gridpuzzles.minesweeper.solving.liveness import in_open_area
from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    ComponentCache,
    InconsistentViewError,
    KnownOutcomes,
    Position,
    cells_of,
    neighbour_table,
    outcomes,
    solve_position,
    with_assumed,
)
from gridpuzzles.minesweeper.solving.secondary import secondary_guess
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings


class GuessRule(Enum):
    """Which rule of `best_guess` chose a guess (numbered as in the module docstring)."""

    FIFTY_FIFTY = "unavoidable 50/50"
    ENDGAME = "exact endgame search"
    CLOSED_PART = "exact search of a closed part"
    PATTERN = "likely 50/50 taken early"
    SCORED = "secondary safety"


@dataclass(frozen=True)
class Guess:
    """A guessed cell and the rule that chose it."""

    cell: int
    rule: GuessRule


def best_guess(
    pos: Position,
    analysis: Analysis,
    cache: ComponentCache | None = None,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> Guess:
    """The cell to reveal when no cell is certainly safe (see the module docstring), with the
    rule that chose it."""
    total = analysis.layouts
    weights = [w or 0 for w in analysis.weights]
    forced = unavoidable_fifty_fifty(pos, analysis)
    if forced is not None:
        return Guess(forced, GuessRule.FIFTY_FIFTY)
    if total <= settings.endgame_layouts and len(pos.unknown) <= settings.endgame_cells:
        exact = endgame(pos, total, settings)
        if exact is not None:
            return Guess(exact, GuessRule.ENDGAME)
    closed = closed_part_guess(pos, settings)
    if closed is not None:
        return Guess(closed, GuessRule.CLOSED_PART)
    known = KnownOutcomes(pos, cache)
    shortlist, lowest = _shortlist(pos, weights, total, settings)
    risk: dict[int, int] = {}
    margin = total * settings.shortlist_margin
    for cell, layouts in fifty_fifty_risk(pos, cache, analysis).items():
        if weights[cell] == total:
            continue
        risk[cell] = share = min(layouts, weights[cell], total - weights[cell])
        if share == weights[cell] and share > 0 and _numbers(known, cell) > 1:
            return Guess(cell, GuessRule.PATTERN)
        if cell not in shortlist and weights[cell] - share <= lowest + margin:
            shortlist.append(cell)
    scoring = _Scoring(pos, weights, total, risk, cache, known, settings)
    if settings.secondary_first:
        chosen = secondary_guess(
            pos, analysis, scoring.fifty_fifty_factor, risk.items(), cache, known, settings
        )
        if chosen is not None:
            return Guess(chosen, GuessRule.SCORED)
    return Guess(_scored_guess(scoring, shortlist), GuessRule.SCORED)


@dataclass(frozen=True)
class _Scoring:
    """What rule 4 scores cells against: the position, each cell's mine weight out of
    ``total`` layouts, and per cell the layouts that make it part of a 50/50 pattern."""

    pos: Position
    weights: list[int]
    total: int
    risk: dict[int, int]
    cache: ComponentCache | None
    known: KnownOutcomes
    """The outcomes of the position's cells, computed once."""
    settings: SolverSettings

    def fifty_fifty_factor(self, cell: int) -> float:
        """How much the chance of resolving a 50/50 pattern now raises the cell's score."""
        safe_layouts = self.total - self.weights[cell]
        return 1 + self.settings.fifty_fifty_weight * (self.risk.get(cell, 0) / safe_layouts)


def _scored_guess(scoring: _Scoring, shortlist: list[int]) -> int:
    """Rule 4 of the module docstring: the best-scored cell of the shortlist."""
    pos, weights, total, risk = scoring.pos, scoring.weights, scoring.total, scoring.risk
    settings = scoring.settings
    if not shortlist:
        nbrs = neighbour_table(pos.width, pos.height)
        candidates = [i for i in pos.unknown if weights[i] != total]
        return min(candidates, key=lambda i: (weights[i], _hidden_around(pos, nbrs, i), i))
    open_cells = [c for c in shortlist if in_open_area(pos, c, settings.shortlist_open_area)]
    shortlist = open_cells or shortlist
    if len(shortlist) == 1:
        return shortlist[0]
    best = _best_scored(scoring, sorted(shortlist, key=lambda c: (weights[c] - risk.get(c, 0), c)))
    for _ in range(settings.dominance_rounds):
        safer = [
            u
            for u in common_safe_cells(pos, best, scoring.cache, scoring.known)
            if weights[u] < weights[best]
        ]
        if not safer:
            break
        best = min(safer, key=lambda u: (weights[u], u))
    return best


def _hidden_around(pos: Position, nbrs: tuple[tuple[int, ...], ...], cell: int) -> int:
    return len(pos.unknown.intersection(nbrs[cell]))


def _shortlist(
    pos: Position, weights: list[int], total: int, settings: SolverSettings
) -> tuple[list[int], int]:
    """The safest frontier cells (within the margin) and the off-frontier cells with the fewest
    unknown neighbours; and the lowest mine weight of any uncertain cell."""
    on_frontier = cells_of(pos.rest)
    candidates = [i for i in pos.unknown if weights[i] != total]
    lowest = min(weights[i] for i in candidates)
    frontier = sorted((i for i in candidates if i in on_frontier), key=lambda i: (weights[i], i))
    margin = total * settings.shortlist_margin
    shortlist = [i for i in frontier if weights[i] <= lowest + margin]
    off = [i for i in candidates if i not in on_frontier]
    frame = Frame(pos.width, pos.height)
    hidden = neighbour_sum(frame, frame.mask(pos.unknown))
    most_off = settings.shortlist_off
    return shortlist[: settings.shortlist_frontier] + smallest(frame, hidden, off, most_off), lowest


def _best_scored(scoring: _Scoring, shortlist: list[int]) -> int:
    """The shortlisted cell with the best lookahead score, preferring cells whose number can
    tell something; near-equal cells are then compared two moves deep."""
    pos, weights, total, cache = scoring.pos, scoring.weights, scoring.total, scoring.cache
    settings = scoring.settings
    scores: dict[int, float] = {}
    factors: dict[int, float] = {}
    best, best_score = shortlist[0], -1.0
    best_live, best_live_score = None, -1.0
    deep = settings.deep_candidates > 1 and len(pos.unknown) <= settings.deep_unknown
    margin = settings.deep_margin if deep else 0.0
    for cell in shortlist:
        factor = scoring.fifty_fifty_factor(cell)
        floor = (best_live_score - margin) / factor
        scored = lookahead(pos, cell, total, weights[cell], cache, floor, known=scoring.known)
        if scored is None:
            continue
        score, numbers = scored[0] * factor, scored[1]
        if score > best_score + 1e-12:
            best, best_score = cell, score
        if numbers > 1:
            scores[cell], factors[cell] = score, factor
            if score > best_live_score + 1e-12:
                best_live, best_live_score = cell, score
    if best_live is None:
        return best
    if not deep:
        return best_live
    close = sorted(
        (c for c in scores if c != best_live and scores[c] >= best_live_score - margin),
        key=lambda c: -scores[c],
    )
    if not close:
        return best_live
    best_deep = -1.0
    for cell in [best_live, *close[: settings.deep_candidates - 1]]:
        floor = best_deep / factors[cell]
        known = scoring.known
        value = deep_lookahead(pos, cell, total, weights[cell], cache, floor, known, settings)
        if value is not None and value * factors[cell] > best_deep:
            best_live, best_deep = cell, value * factors[cell]
    return best_live


def deep_lookahead(
    pos: Position,
    cell: int,
    total: int,
    weight: int,
    cache: ComponentCache | None = None,
    floor: float = -1.0,
    known: KnownOutcomes | None = None,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> float | None:
    """Like `lookahead`, but after each number the move after is itself scored by a one-move
    lookahead (1 after a number that leaves a certain safe cell to play)."""

    def best_reply(after_pos: Position, after: Analysis) -> float:
        return _best_reply(after_pos, after, cache, settings)

    scored = lookahead(pos, cell, total, weight, cache, floor, best_reply, known)
    return None if scored is None else scored[0]


def _best_reply(
    pos: Position, analysis: Analysis, cache: ComponentCache | None, settings: SolverSettings
) -> float:
    """The best one-move lookahead score among the safest cells of a position (1 when a
    certain safe cell that tells something is left to play)."""
    if next_move_safety(pos, analysis) == 1.0:
        return 1.0
    total = analysis.layouts
    weights = [w or 0 for w in analysis.weights]
    shortlist, _ = _shortlist(pos, weights, total, settings)
    replies = sorted(shortlist, key=lambda c: (weights[c], c))[: settings.deep_replies]
    best = 0.0
    for reply in replies:
        scored = lookahead(pos, reply, total, weights[reply], cache, best)
        if scored is not None:
            best = max(best, scored[0])
    return best


def next_move_safety(pos: Position, analysis: Analysis) -> float:
    """The chance that the next move is safe: 1 when a certain safe cell has an uncertain
    neighbour (its number will tell something), else the safety of the best uncertain cell.

    A neighbour that is a certain mine does not count: the safe cell's number can tell
    nothing new about it, so revealing that cell is no progress; on the same boards this won
    a few more than counting every unknown neighbour (measured: see the documentation's
    measurements page (docs/measurements.md))."""
    nbrs = neighbour_table(pos.width, pos.height)
    weights, layouts = analysis.weights, analysis.layouts
    safe = [c for c, mine in pos.fixed.items() if not mine]
    lowest = layouts
    for c in pos.unknown:
        w = weights[c]
        if not w:
            safe.append(c)
        elif w < lowest:
            lowest = w
    if any(weights[n] and weights[n] != layouts for i in safe for n in nbrs[i]):
        return 1.0
    return 1 - lowest / layouts if lowest != layouts else 1.0


def lookahead(
    pos: Position,
    cell: int,
    total: int,
    weight: int,
    cache: ComponentCache | None = None,
    floor: float = -1.0,
    after_move: Callable[[Position, Analysis], float] | None = None,
    known: KnownOutcomes | None = None,
) -> tuple[float, int] | None:
    """The chance to survive a reveal of ``cell`` (mine weight ``weight`` of ``total``
    layouts) and the move after it (its value by ``after_move``, by default
    `next_move_safety`), and how many numbers the cell may show; None as soon as the chance
    cannot reach ``floor``. ``known``, the outcomes of ``pos`` computed so far, saves work."""
    value = after_move or next_move_safety
    survive = 0.0
    unexplored = 1.0 - weight / total
    if unexplored < floor:
        return None
    numbers = 0
    for after_pos, after in known.of(cell) if known else outcomes(pos, cell, cache):
        chance = after.layouts / total
        unexplored -= chance
        numbers += 1
        survive += chance * value(after_pos, after)
        if survive + unexplored < floor:
            return None
    return survive, numbers


def _numbers(known: KnownOutcomes, cell: int) -> int:
    """How many numbers ``cell`` may show."""
    return sum(1 for _ in known.of(cell))


def unavoidable_fifty_fifty(pos: Position, analysis: Analysis) -> int | None:
    """A cell of two that hold exactly one mine and that no cell will ever tell apart (every
    cell next to one of them but not the other is a certain mine or off the board): nothing
    can help, so it is guessed at once."""
    nbrs = neighbour_table(pos.width, pos.height)
    for cells, need in pos.rest:
        if len(cells) != 2 or need != 1:
            continue
        a, b = cells
        apart = set(nbrs[a]).symmetric_difference(nbrs[b]) - {a, b}
        if all(pos.fixed.get(n) == 1 or analysis.weights[n] == analysis.layouts for n in apart):
            return min(a, b)
    return None


_PATTERNS = (
    # (the other cells of the pattern, the flank cells, how many flank cells may be unknown),
    # as (rows, columns) from the pattern's top-left cell.
    (((0, 1),), ((-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)), 1),
    (((1, 0),), ((-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)), 1),
    (((0, 1), (1, 0), (1, 1)), ((-1, -1), (-1, 2), (2, -1), (2, 2)), 0),
)
"""The 50/50 patterns of `fifty_fifty_risk`: a pair side by side, a pair one above the other,
a 2x2 square."""


def fifty_fifty_risk(
    pos: Position, cache: ComponentCache | None = None, analysis: Analysis | None = None
) -> dict[int, int]:
    """Per cell, how many layouts make it part of a 50/50 pattern that nothing could resolve:
    two neighbouring unknown cells, one a mine, whose flanks are mines or walls (at most one
    flank cell unknown, then taken as a mine); or a 2x2 square of unknown cells with two
    diagonal mines whose four outer corners are mines or walls.

    With the position's ``analysis``, the unknown cells it finds to be mines in every layout
    wall a pattern like fixed mines. (Left unknown, they used up a pair's one unknown flank
    cell and ruled out every square they touch.)"""
    known_mines = (
        [c for c in pos.unknown if analysis.weights[c] == analysis.layouts] if analysis else []
    )
    width = pos.width
    frame = Frame(width, pos.height)
    unknown = frame.mask(pos.unknown.difference(known_mines))
    fixed_mines = [c for c, mine in pos.fixed.items() if mine]
    walls = frame.mask([*fixed_mines, *known_mines]) | frame.margin()
    ones = frame.ones()
    opened = ones & ~(unknown | walls)
    marks = unknown.to_bytes(frame.size, "little")
    found: list[tuple[int, int, list[int]]] = []
    for kind, (others, flanks, most_unknown) in enumerate(_PATTERNS):
        spots = [frame.offset(r, c) for r, c in flanks]
        fits = unknown
        for r, c in others:
            fits &= shifted(unknown, frame.offset(r, c))
        one_unknown = two_unknown = 0
        for spot in spots:
            fits &= ones ^ shifted(opened, spot)
            flank = shifted(unknown, spot)
            two_unknown |= one_unknown & flank
            one_unknown |= flank
        fits &= ones ^ (two_unknown if most_unknown else one_unknown)
        for a in frame.cells(fits):
            at = frame.framed(a)
            side = [frame.board_cell(at + spot) for spot in spots if marks[at + spot]]
            found.append((a, kind, side))
    risk: dict[int, int] = {}
    for a, kind, side in sorted(found):
        if kind == 2:
            square = [a + 1, a + width, a + width + 1]
            mines, safe, pattern = [a, a + width + 1], [a + 1, a + width], [a, *square]
        else:
            partner = a + 1 if kind == 0 else a + width
            mines, safe, pattern = [*side, a], [partner], [a, partner, *side]
        try:
            layouts = solve_position(with_assumed(pos, mines, safe), cache).layouts
        except InconsistentViewError:
            continue
        for c in pattern if layouts else ():
            risk[c] = risk.get(c, 0) + layouts
    return risk


def common_safe_cells(
    pos: Position,
    cell: int,
    cache: ComponentCache | None = None,
    known: KnownOutcomes | None = None,
) -> set[int]:
    """The unknown cells that are certainly safe whatever number ``cell`` shows."""
    common: set[int] | None = None
    for after_pos, after in known.of(cell) if known else outcomes(pos, cell, cache):
        safe = {c for c, mine in after_pos.fixed.items() if not mine and c in pos.unknown}
        safe |= {c for c in after_pos.unknown if after.weights[c] == 0}
        common = safe if common is None else common & safe
        if not common:
            return set()
    return common or set()
