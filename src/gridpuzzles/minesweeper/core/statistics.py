"""The community's standard statistics of a finished Minesweeper game: 3BV, 3BV/s, clicks,
effective clicks, IOE, correctness, throughput, ZiNi and HZiNi, RQP and STNB.

Each is defined as ms-toollib (the toolbox behind the Metasweeper clone) computes it, and the
tests check them against it on the same boards and clicks:

- a *click* is a move: a reveal is a left click, a flag put on or taken off (or a question mark
  set or cleared) a right click, a chord a double click;
- a click is *effective* when it changed the board: a reveal that opened a safe cell (not one
  that hit a mine), every chord (the rules refuse one that would open nothing), and the first
  flag put on each mine (a flag taken off, put on a safe cell, or put back on a mine flagged
  before, is not);
- the *solved 3BV* is the 3BV the clicks cleared: a number that no opening reaches, once a
  reveal or a chord opens it; an opening, once a reveal or a chord opens one of its empty cells
  while none of them is flagged (an opening cut by a flag counts when the click that clears
  its last part is made). A chord that hits a mine counts the 3BV of every closed cell around
  it, as ms-toollib opens them all (the rules here stop at the mine, and the game is lost);
- 3BV/s is the solved 3BV over the seconds, IOE the solved 3BV over the clicks, correctness
  the effective clicks over the clicks, throughput the solved 3BV over the effective clicks,
  RQP the seconds squared over the solved 3BV;
- STNB is ``C * solved / seconds ** 1.7 * sqrt(solved / 3BV)``, with ms-toollib's constant
  ``C`` for its three boards (`STNB_CONSTANTS`) and no value on any other board;
- ZiNi is Elmar Zimmermann and Christoph Nikolaus's greedy estimate of the fewest clicks that
  clear the board with flags and chords (`zini`), HZiNi its "human" form (`hzini`).

A figure that would divide by zero (no click, no effective click, no solved 3BV, a game of no
time) has no value (None), where ms-toollib says 0 or infinity. ms-toollib differs in three
corners, where these figures keep to the definitions above: it forgets the clicks made before
the first reveal once the flags put then are all taken off; a chord that opens two empty cells
of an opening cut by a flag may make it count that opening twice; and its flood leaves closed
an empty cell whose flag was taken off beside its open opening, which the next flood of that
opening opens here.

Pure: the layout, the moves and the seconds in, the figures out; no clock, no input or output.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gridpuzzles.minesweeper.core.game import Mark, game_from_layout
from gridpuzzles.minesweeper.core.grid import Layout, dilate, neighbours, three_bv
from gridpuzzles.minesweeper.core.moves import Action, Move, play
from gridpuzzles.minesweeper.core.settings import WinRule

STNB_CONSTANTS: dict[tuple[int, int, int], float] = {
    (8, 8, 10): 36.0,
    (16, 16, 40): 162.0,
    (30, 16, 99): 435.0,
}
"""STNB's constant by (width, height, mines), as ms-toollib 1.5.20 has them: its beginner is
8x8 (the level "small" here), its expert 30 columns by 16 rows. Older clones used 47.299,
153.73 and 435.001 (``87.42 L^2 - 155.829 L + 115.708`` for level L from 1 to 3)."""

ZINI_MAX_CELLS = 100_000
"""The largest board whose ZiNi and HZiNi are computed (316x316): about 3 seconds for both on
such a board, time and memory growing with the cells (a third of a second on 100x100). Past it
they have no value; the other figures are computed on any board."""


@dataclass(frozen=True)
class Statistics:
    """A game's standard figures; those that would divide by zero are None."""

    width: int
    height: int
    mines: int
    three_bv: int
    three_bv_solved: int
    seconds: float
    left_clicks: int
    right_clicks: int
    double_clicks: int
    effective_clicks: int
    zini: int | None
    """None past `ZINI_MAX_CELLS`."""
    hzini: int | None
    """None past `ZINI_MAX_CELLS`."""

    @property
    def clicks(self) -> int:
        """Every click: left, right and double."""
        return self.left_clicks + self.right_clicks + self.double_clicks

    @property
    def three_bv_per_second(self) -> float | None:
        """The solved 3BV over the seconds (3BV/s)."""
        return _ratio(self.three_bv_solved, self.seconds)

    @property
    def ioe(self) -> float | None:
        """The index of efficiency: the solved 3BV over the clicks."""
        return _ratio(self.three_bv_solved, self.clicks)

    @property
    def correctness(self) -> float | None:
        """The effective clicks over the clicks."""
        return _ratio(self.effective_clicks, self.clicks)

    @property
    def throughput(self) -> float | None:
        """The solved 3BV over the effective clicks."""
        return _ratio(self.three_bv_solved, self.effective_clicks)

    @property
    def rqp(self) -> float | None:
        """Rapport qualité prix: the seconds squared over the solved 3BV (the seconds over
        3BV/s; the lower, the better)."""
        return _ratio(self.seconds**2, self.three_bv_solved)

    @property
    def stnb(self) -> float | None:
        """``C * solved / seconds ** 1.7 * sqrt(solved / 3BV)`` on the boards of
        `STNB_CONSTANTS`; None on any other board, or with no time or no solved 3BV."""
        constant = STNB_CONSTANTS.get((self.width, self.height, self.mines))
        solved = self.three_bv_solved
        if constant is None or self.seconds <= 0 or solved == 0:
            return None
        return constant * solved / math.pow(self.seconds, 1.7) * math.sqrt(solved / self.three_bv)


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator > 0 else None


def game_statistics(
    layout: Layout,
    moves: Iterable[Move],
    seconds: float,
    *,
    win_rule: WinRule = WinRule.REVEAL,
    question_marks: bool = False,
) -> Statistics:
    """The statistics of the game played by ``moves`` on ``layout`` in ``seconds`` (from its
    first reveal to its end), under the game's win rule and question marks; ZiNi and HZiNi on a
    board of at most `ZINI_MAX_CELLS` cells. The moves are played again on the layout: a move
    the rules refuse raises `MoveError`."""
    counted = _Counter(layout)
    game = game_from_layout(layout, win_rule, question_marks)
    for move in moves:
        counted.click(game.marks, move)
        game = play(game, move)
    small = layout.size <= ZINI_MAX_CELLS
    return Statistics(
        width=layout.width,
        height=layout.height,
        mines=layout.mine_count,
        three_bv=three_bv(layout),
        three_bv_solved=counted.solved,
        seconds=max(0.0, seconds),
        left_clicks=counted.left,
        right_clicks=counted.right,
        double_clicks=counted.double,
        effective_clicks=counted.effective,
        zini=zini(layout) if small else None,
        hzini=hzini(layout) if small else None,
    )


class _Counter:
    """The clicks, the effective ones and the solved 3BV, counted move by move from the marks
    before each move."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        labels = _opening_labels(layout)
        self.opening = labels.ravel()
        """The opening of each empty cell (from 1), 0 for every other cell."""
        self.lone = (~layout.mine_grid & (labels == 0) & ~dilate(labels > 0)).ravel()
        """Whether each cell is a number that no opening reaches (one 3BV each)."""
        self.flagged_empty = [0] * (int(labels.max(initial=0)) + 1)
        """How many empty cells of each opening are flagged."""
        self.mines_flagged: set[int] = set()
        self.left = self.right = self.double = self.effective = self.solved = 0

    def click(self, marks: bytes, move: Move) -> None:
        layout = self.layout
        index = move.row * layout.width + move.col
        if move.action is Action.FLAG:
            self.right += 1
            self._flag(index, Mark(marks[index]))
        elif move.action is Action.REVEAL:
            self.left += 1
            if not layout.is_mine(index):
                self.effective += 1
                self.solved += self._cleared([index])
        else:
            self.double += 1
            self.effective += 1  # the rules refuse a chord that would open nothing
            closed = (Mark.HIDDEN, Mark.QUESTION)
            around = neighbours(layout.width, layout.height, index)
            self.solved += self._cleared([c for c in around if marks[c] in closed])

    def _flag(self, index: int, mark: Mark) -> None:
        """A right click on a closed cell marked ``mark`` before it."""
        opening = int(self.opening[index])
        if mark is Mark.HIDDEN:  # a flag put on
            self.flagged_empty[opening] += 1
            if self.layout.is_mine(index) and index not in self.mines_flagged:
                self.mines_flagged.add(index)
                self.effective += 1
        elif mark is Mark.FLAGGED:  # taken off (to a question mark or to nothing)
            self.flagged_empty[opening] -= 1

    def _cleared(self, opened: list[int]) -> int:
        """The 3BV cleared by opening the closed cells ``opened`` (mines aside)."""
        numbers = sum(bool(self.lone[c]) for c in opened)
        openings = {int(self.opening[c]) for c in opened} - {0}
        return numbers + sum(self.flagged_empty[o] == 0 for o in openings)


def _opening_labels(layout: Layout) -> npt.NDArray[np.int32]:
    """Each cell's opening, numbered from 1 (0 for a number or a mine), as a (height, width)
    array."""
    from scipy import ndimage  # loaded at the first use, as in `grid`

    counts = np.frombuffer(layout.counts, dtype=np.uint8).reshape(layout.height, layout.width)
    empty = (counts == 0) & ~layout.mine_grid
    labels: npt.NDArray[np.int32] = ndimage.label(empty, structure=np.ones((3, 3), bool))[0]
    return labels


def zini(layout: Layout) -> int:
    """The board's greedy ZiNi: the clicks (left, right and double) of Zimmermann and
    Nikolaus's greedy solve, an estimate of the fewest that clear the board.

    Each cell has a *premium*: the 3BV a chord on it would clear (the numbers around it that no
    opening reaches, and the openings it borders), less the flags still to put around it, less
    one for the chord, less one more while the cell is closed. While a safe cell has a premium
    of 0 or more, the one with the highest (the first in column order on a tie, as the original
    program scans) is opened if closed, the mines around it flagged and it is chorded; when
    none has, the first closed empty cell or lone number is opened with a left click. Exact to
    ms-toollib's ``cal_zini``; about ``cells * log(cells)`` steps."""
    return _Zini(layout).solve(human=False)


def hzini(layout: Layout) -> int:
    """The board's human ZiNi: the greedy ZiNi of a player who first opens every opening, then
    chords only on open cells (ms-toollib's ``cal_hzini``)."""
    return _Zini(layout).solve(human=True)


class _Zini:
    """One ZiNi solve. Cells are numbered down the columns (``col * height + row``), the order
    in which the original program scans them and so breaks ties."""

    def __init__(self, layout: Layout) -> None:
        width, height = layout.width, layout.height
        self.height, self.width = height, width
        order = np.arange(layout.size).reshape(height, width).T.ravel()  # by column
        self.mine = [layout.mines[i] == 1 for i in order]
        counts = [layout.counts[i] for i in order]
        labels = _opening_labels(layout).ravel().tolist()
        size = layout.size
        self.empty = [not self.mine[i] and counts[i] == 0 for i in range(size)]
        self.openings: list[list[int]] = [[] for _ in range(size)]
        """The openings each cell belongs to or borders (at most two for a number)."""
        members: dict[int, list[int]] = {}
        for i in range(size):
            if self.mine[i]:
                continue
            found = sorted({labels[order[j]] for j in self._block(i)} - {0})
            self.openings[i] = found
            for label in found:
                members.setdefault(label, []).append(i)
        self.members = members
        """The cells of each opening: its empty cells and the numbers around them."""
        self.lone = [
            not self.mine[i] and not self.empty[i] and not self.openings[i] for i in range(size)
        ]
        self.premium = [0] * size
        """What a chord on each safe cell gains over left clicks (see `zini`)."""
        for i in range(size):
            if self.empty[i]:  # its opening, less one to open it, less the chord
                self.premium[i] = -1
            elif not self.mine[i]:
                block = self._block(i)
                gain = sum(self.lone[j] for j in block) + len(self.openings[i])
                self.premium[i] = gain - sum(self.mine[j] for j in block) - 2
        self.opened = [False] * size
        self.flagged = [False] * size
        self.closed = size
        self.clicks = 0
        self.human = False
        self.queue: list[tuple[int, int]] = []
        self.next_left = 0
        """Where the search for the next left click starts (cells only ever open)."""

    def _block(self, i: int) -> list[int]:
        """The cell ``i`` and its neighbours, in column order."""
        col, row = divmod(i, self.height)
        rows = range(max(row - 1, 0), min(row + 2, self.height))
        return [
            c * self.height + r
            for c in range(max(col - 1, 0), min(col + 2, self.width))
            for r in rows
        ]

    def solve(self, human: bool) -> int:
        self.human = human
        size = len(self.mine)
        self.queue = [(-self.premium[i], i) for i in range(size) if not self.mine[i]]
        heapq.heapify(self.queue)
        if human:
            for i in range(size):
                if self.empty[i] and not self.opened[i]:
                    self._click(i)
        mines = sum(self.mine)
        while self.closed > mines:
            best = self._best()
            if best is not None:
                closed = self.closed
                if not self.opened[best]:
                    self._click(best)
                for j in self._block(best):
                    if self.mine[j]:
                        self._flag(j)
                self.clicks += 1  # the chord
                for j in self._block(best):
                    self._reveal(j)
                if self.closed == closed:  # a premium of 0 or more always clears some 3BV
                    raise RuntimeError("ZiNi's greedy solve opened nothing: its premiums are wrong")
                continue
            left = self._first_left()
            if left is None:
                break
            self._click(left)
        return self.clicks

    def _best(self) -> int | None:
        """The cell of the highest premium of 0 or more (the first in column order on a tie)
        that may be chorded: any safe cell, or only an open one for the human form."""
        queue = self.queue
        while queue:
            key, i = queue[0]
            if -key == self.premium[i] and (self.opened[i] or not self.human):
                return i if -key >= 0 else None
            heapq.heappop(queue)  # out of date: the premium changed since, or still closed
        return None

    def _first_left(self) -> int | None:
        """The first closed empty cell or lone number, in column order."""
        size = len(self.mine)
        while self.next_left < size:
            i = self.next_left
            if not self.opened[i] and (self.empty[i] or self.lone[i]):
                return i
            self.next_left += 1
        return None

    def _change(self, i: int, by: int) -> None:
        if not self.mine[i]:  # a mine is never chorded: its premium is never read
            self.premium[i] += by
            heapq.heappush(self.queue, (-self.premium[i], i))

    def _click(self, i: int) -> None:
        self._reveal(i)
        self.clicks += 1

    def _flag(self, i: int) -> None:
        if self.flagged[i]:
            return
        self.clicks += 1
        self.flagged[i] = True
        for j in self._block(i):
            self._change(j, 1)  # one flag fewer to put around each neighbour

    def _reveal(self, i: int) -> None:
        if self.opened[i] or self.flagged[i]:
            return
        if not self.empty[i]:
            self._open(i)
            return
        for j in self.members[self.openings[i][0]]:
            if not self.opened[j]:
                self._open(j)
            self._change(j, -1)  # the opening, one 3BV of each of its cells, is cleared

    def _open(self, i: int) -> None:
        self.opened[i] = True
        self.closed -= 1
        self._change(i, 1)  # no more click to open it before a chord
        if self.lone[i]:
            for j in self._block(i):
                self._change(j, -1)  # a lone number cleared: one 3BV less around it
