"""Play Move: the auto-player's next move, decided from the view and the mine count alone.

A certain safe cell is played when there is one. Otherwise the auto-player guesses:

1. a forced 50/50 (two cells, one mine, that nothing else can ever tell apart) is taken at
   once, since it must be guessed anyway;
2. when few layouts remain, an exact search of the endgame picks the cell with the best
   chance to win the whole game;
3. else a shortlist of the safest cells (plus a few off-frontier cells) is scored by a
   one-move lookahead: for every number the cell may show, the exact chance of seeing it
   and the chance that the *next* move is safe (1 when the number leads to a certain safe
   cell). The score is the chance of surviving this guess and the next move, with a small
   bonus for progress.

The auto-player never reads the layout; its cache only remembers solved frontier parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gridpuzzles.minesweeper.grid import Cell
from gridpuzzles.minesweeper.rules import Action, Move
from gridpuzzles.minesweeper.settings import FirstClick
from gridpuzzles.minesweeper.solver import (
    MINE,
    UNKNOWN,
    Analysis,
    ComponentCache,
    InconsistentViewError,
    Position,
    cell_values,
    neighbour_table,
    position,
    solve,
    solve_position,
    with_number,
)
from gridpuzzles.minesweeper.view import View


def first_click(width: int, height: int, rule: FirstClick) -> Cell:
    """Where to click first: a corner when only the cell itself is promised safe (corners
    open an area most often), a cell off the corner when the click is promised an opening."""
    if rule.opens_area:
        return (min(2, height - 1), min(2, width - 1))
    return (0, 0)


@dataclass
class Player:
    """The auto-player's memory between moves of one board: solved components only."""

    first_click: FirstClick = FirstClick.SAFE
    cache: ComponentCache = field(default_factory=dict)

    def decide(self, view: View, mines: int) -> Decision:
        """Every certain safe reveal at once, or else the one best guess."""
        return decide(view, mines, self.first_click, self.cache)

    def next_move(self, view: View, mines: int) -> Move:
        return self.decide(view, mines).moves[0]


@dataclass(frozen=True)
class Decision:
    """What to play now: certain safe reveals, or one guess (``guess`` is True)."""

    moves: list[Move]
    guess: bool


def next_move(
    view: View,
    mines: int,
    rule: FirstClick = FirstClick.SAFE,
    cache: ComponentCache | None = None,
) -> Move:
    """The auto-player's next move for a game in progress (Play Move)."""
    return decide(view, mines, rule, cache).moves[0]


@dataclass(frozen=True)
class Hint:
    """A suggested cell: certainly safe, or the best guess with its mine probability."""

    cell: Cell
    probability: Fraction
    certain: bool

    def __str__(self) -> str:
        row, col = self.cell
        if self.certain:
            return f"row {row}, column {col} is certainly safe"
        return f"no cell is certainly safe; best guess: row {row}, column {col} ({float(self.probability):.1%} mine)"


def hint(view: View, mines: int, rule: FirstClick = FirstClick.SAFE) -> Hint:
    """The next move as advice: a certain safe cell, or the best guess and its mine chance."""
    move = next_move(view, mines, rule)
    values = cell_values(view)
    if all(v == UNKNOWN for v in values):
        return Hint((move.row, move.col), Fraction(0), rule is not FirstClick.NONE)
    analysis = solve(view.width, view.height, values, mines)
    probability = analysis.probability(move.row, move.col)
    assert probability is not None
    return Hint((move.row, move.col), probability, probability == 0)


def decide(
    view: View,
    mines: int,
    rule: FirstClick = FirstClick.SAFE,
    cache: ComponentCache | None = None,
) -> Decision:
    """Moves to play now: all certain safe reveals found, or a single guess.

    A flagged cell the player must reveal is first unflagged (a flag move on a flag); a hidden
    cell is only ever flagged when it is certainly a mine (never done under the reveal rule).
    """
    width, height = view.width, view.height
    if "*" in view.cells or "X" in view.cells:
        raise ValueError("the game is over: a mine is revealed")
    values = cell_values(view)
    if all(v == UNKNOWN for v in values):
        row, col = first_click(width, height, rule)
        return Decision([_reveal(view, row * width + col)], rule is FirstClick.NONE)
    # Cheap single-number deductions first.
    pos = position(width, height, values, mines)
    safe = [c for c, mine in pos.fixed.items() if not mine]
    if safe:
        return Decision(_reveals(view, safe), False)
    analysis = solve_position(pos, cache)
    safe = [i for i, w in enumerate(analysis.weights) if w == 0 and values[i] == UNKNOWN]
    if safe:
        return Decision(_reveals(view, safe), False)
    if all(analysis.weights[i] == analysis.layouts for i in pos.unknown):
        # Every hidden cell is a mine: only flags are left to play (the flag win rule).
        unflagged = [i for i in pos.unknown if view.cells[i] != "F"]
        unflagged += [c for c, mine in pos.fixed.items() if mine and view.cells[c] != "F"]
        if not unflagged:
            raise ValueError("nothing is left to play: every mine is flagged")
        row, col = divmod(min(unflagged), width)
        return Decision([Move(Action.FLAG, row, col)], False)
    return Decision([_reveal(view, choose_guess(pos, analysis, cache))], True)


def _reveal(view: View, index: int) -> Move:
    row, col = divmod(index, view.width)
    if view.cells[index] == "F":
        return Move(Action.FLAG, row, col)
    return Move(Action.REVEAL, row, col)


def _reveals(view: View, cells: Sequence[int]) -> list[Move]:
    """Reveals of the given safe cells; flagged ones are unflagged first, one at a time, and
    only once no unflagged safe cell is left."""
    moves = [_reveal(view, c) for c in sorted(cells)]
    reveals = [m for m in moves if m.action is Action.REVEAL]
    return reveals or moves[:1]


def choose_guess(pos: Position, analysis: Analysis, cache: ComponentCache | None) -> int:
    """The best cell to guess when no cell is certainly safe."""
    width, height = pos.width, pos.height
    nbrs = neighbour_table(width, height)
    total = analysis.layouts
    weights = analysis.weights
    unknown = pos.unknown
    on_frontier = {c for cells, _ in pos.rest for c in cells}
    candidates = [i for i in unknown if weights[i] != total]

    def hidden_around(i: int) -> int:
        return sum(1 for n in nbrs[i] if n in unknown)

    frontier = sorted(
        (i for i in candidates if i in on_frontier), key=lambda i: (weights[i] or 0, i)
    )
    off = [i for i in candidates if i not in on_frontier]
    lowest = min(weights[i] or 0 for i in candidates)
    shortlist = [i for i in frontier if (weights[i] or 0) <= lowest + total * SHORTLIST_MARGIN]
    shortlist = shortlist[:SHORTLIST_FRONTIER]
    if off:
        corners = sorted(off, key=lambda i: (hidden_around(i), i))[:SHORTLIST_OFF]
        shortlist += corners
    forced = forced_fifty_fifty(pos, analysis)
    if forced is not None:
        return forced
    if total <= ENDGAME_LAYOUTS and len(unknown) <= ENDGAME_CELLS:
        best_end = endgame(pos, total)
        if best_end is not None:
            return best_end
    if not shortlist:
        shortlist = [min(candidates, key=lambda i: (weights[i] or 0, hidden_around(i), i))]
    if len(shortlist) == 1:
        return shortlist[0]
    best = shortlist[0]
    best_score = -1.0
    for cell in shortlist:
        score = lookahead(pos, cell, total, cache)
        if score > best_score + 1e-12:
            best, best_score = cell, score
    return best


SHORTLIST_MARGIN = Fraction(1, 10)
"""How much less safe than the safest cell a shortlisted cell may be, as a share of all
layouts (exact: layout counts of large boards are beyond floats)."""
SHORTLIST_FRONTIER = 8
SHORTLIST_OFF = 3


def lookahead(pos: Position, cell: int, total: int, cache: ComponentCache | None) -> float:
    """The chance to survive a reveal of ``cell`` and the move after it (certain when the
    revealed number leads to a certain safe cell)."""
    nbrs = neighbour_table(pos.width, pos.height)[cell]
    fixed_mines = sum(pos.fixed.get(n, 0) for n in nbrs)
    open_around = sum(1 for n in nbrs if n in pos.unknown)
    survive = 0.0
    progress = 0.0
    for number in range(fixed_mines, fixed_mines + open_around + 1):
        try:
            after = solve_position(with_number(pos, cell, number), cache)
        except InconsistentViewError:
            continue
        chance = after.layouts / total
        if 0 in after.weights:
            survive += chance
            progress += chance
        else:
            safest = min(w for w in after.weights if w is not None)
            survive += chance * (1 - safest / after.layouts)
    return survive + PROGRESS_BONUS * progress


PROGRESS_BONUS = 0.0


ENDGAME_LAYOUTS = 300
ENDGAME_CELLS = 60
ENDGAME_BUDGET = 30000


def forced_fifty_fifty(pos: Position, analysis: Analysis) -> int | None:
    """A cell of a pair that holds one mine, each cell at 1/2, with no other unknown cell
    next to either: nothing can ever tell them apart, so it is best guessed at once."""
    nbrs = neighbour_table(pos.width, pos.height)
    total = analysis.layouts
    for cells, need in pos.rest:
        if len(cells) != 2 or need != 1:
            continue
        a, b = cells
        if 2 * (analysis.weights[a] or 0) != total or 2 * (analysis.weights[b] or 0) != total:
            continue
        if all(n in (a, b) or n not in pos.unknown for c in (a, b) for n in nbrs[c]):
            return min(a, b)
    return None


def endgame(pos: Position, total: int) -> int | None:
    """The cell with the best exact chance to win, by searching every reveal and every number
    it may show over the explicit remaining layouts; None when the search is too big."""
    cells = sorted(pos.unknown)
    layouts = enumerate_layouts(pos, cells, total)
    if layouts is None or len(layouts) < 2:
        return None
    nbrs = neighbour_table(pos.width, pos.height)
    slot = {c: k for k, c in enumerate(cells)}
    everything = (1 << len(layouts)) - 1
    mine_sets = [0] * len(cells)
    for j, layout in enumerate(layouts):
        for k in range(len(cells)):
            if layout >> k & 1:
                mine_sets[k] |= 1 << j
    # shows[k][v]: the layouts where cell k is safe and shows v (counting unknown neighbours).
    shows: list[dict[int, int]] = []
    for k, c in enumerate(cells):
        around = [slot[n] for n in nbrs[c] if n in slot]
        by_value: dict[int, int] = {}
        for j, layout in enumerate(layouts):
            if not layout >> k & 1:
                v = sum(layout >> a & 1 for a in around)
                by_value[v] = by_value.get(v, 0) | 1 << j
        shows.append(by_value)
    memo: dict[int, float] = {}
    budget = [ENDGAME_BUDGET]

    class OutOfBudget(Exception):
        pass

    def split(k: int, state: int) -> list[int]:
        return [part for part in (state & s for s in shows[k].values()) if part]

    def win(state: int) -> float:
        size = state.bit_count()
        if size == 1:
            return 1.0
        known = memo.get(state)
        if known is not None:
            return known
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfBudget
        best = 0.0
        for k in range(len(cells)):
            mines_here = mine_sets[k] & state
            if mines_here == 0:
                parts = split(k, state)
                if len(parts) > 1:
                    best = sum(p.bit_count() * win(p) for p in parts) / size
                    break
        else:
            for k in range(len(cells)):
                mines_here = mine_sets[k] & state
                if mines_here == state or mines_here == 0:
                    continue
                chance = sum(p.bit_count() * win(p) for p in split(k, state)) / size
                if chance > best:
                    best = chance
        memo[state] = best
        return best

    try:
        best_cell, best_chance = None, -1.0
        for k in range(len(cells)):
            mines_here = mine_sets[k]
            if mines_here == everything or mines_here == 0:
                continue
            chance = sum(p.bit_count() * win(p) for p in split(k, everything))
            if chance > best_chance + 1e-9:
                best_cell, best_chance = cells[k], chance
    except OutOfBudget:
        return None
    return best_cell


def enumerate_layouts(pos: Position, cells: list[int], limit: int) -> list[int] | None:
    """Every layout of the unfixed unknown cells, as bit masks over ``cells``."""
    slot = {c: k for k, c in enumerate(cells)}
    needs = [need for _, need in pos.rest]
    members = [[slot[c] for c in cs] for cs, _ in pos.rest]
    touching: list[list[int]] = [[] for _ in cells]
    for r, ks in enumerate(members):
        for k in ks:
            touching[k].append(r)
    have = [0] * len(needs)
    room = [len(ks) for ks in members]
    found: list[int] = []
    n = len(cells)

    def walk(k: int, mines: int, mask: int) -> None:
        if len(found) > limit:
            return
        if k == n:
            if mines == pos.free:
                found.append(mask)
            return
        if mines > pos.free or mines + (n - k) < pos.free:
            return
        for r in touching[k]:
            room[r] -= 1
        for bit in (0, 1):
            ok = True
            for r in touching[k]:
                have[r] += bit
                if have[r] > needs[r] or have[r] + room[r] < needs[r]:
                    ok = False
            if ok:
                walk(k + 1, mines + bit, mask | bit << k)
            for r in touching[k]:
                have[r] -= bit
        for r in touching[k]:
            room[r] += 1

    walk(0, 0, 0)
    return found if len(found) <= limit else None


def unknown_cells(values: Sequence[int]) -> list[int]:
    return [i for i, v in enumerate(values) if v == UNKNOWN]


def known_mines(values: Sequence[int]) -> int:
    return sum(1 for v in values if v == MINE)
