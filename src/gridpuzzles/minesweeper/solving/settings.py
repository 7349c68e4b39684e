"""The auto-player's tuning: one frozen value passed down to every rule that reads it.

`DEFAULT_SETTINGS` is how the product plays. A benchmark that tries a variant builds one with
`dataclasses.replace` (``replace(DEFAULT_SETTINGS, fifty_fifty_weight=1.5)``) and passes it to
`benchmark.play_boards`; nothing global changes, so worker processes and other games in the
same process keep playing the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class SolverSettings:
    """What the guessing rules (`guessing`, `secondary`, `endgame`) are tuned by."""

    # The guess (`guessing`): the rule order and the lookahead over a shortlist.
    secondary_first: bool = True
    """Whether rule 4 scores its candidates by secondary safety (`secondary.secondary_guess`)
    before it falls back on the lookahead over a shortlist; False plays the lookahead alone,
    the rule before. The default because, played on the same boards, the two rules win as
    many games and the secondary-safety guess is the faster; the lookahead is kept to pair
    against it (measured: see the documentation's measurements page
    (docs/measurements.md))."""
    shortlist_margin: Fraction = Fraction(1, 5)
    """How much less safe than the safest cell a shortlisted cell may be, as a share of all
    layouts (exact: layout counts of large boards are beyond floats). 1/5 rather than the
    narrower 1/10, which won fewer of the same boards; a wider 3/10 played as 1/5 (measured:
    see the documentation's measurements page (docs/measurements.md))."""
    shortlist_frontier: int = 8
    """The most frontier cells on the shortlist."""
    shortlist_off: int = 3
    """The most off-frontier cells on the shortlist (those with the fewest unknown
    neighbours)."""
    shortlist_open_area: int = 8
    """Shortlisted cells with at least this many unknown cells around them (see
    `liveness.in_open_area`) go first."""
    fifty_fifty_weight: float = 0.9
    """How much the share of a cell's safe layouts that would leave a 50/50 raises its
    score."""
    dominance_rounds: int = 4
    """How many times the lookahead's choice may give way to a safer cell it proves safe."""
    deep_candidates: int = 4
    """How many of the best-scored cells the two-move lookahead compares (0 or 1: none)."""
    deep_margin: float = 0.05
    """How far below the best one-move score a cell may be and still be compared two moves
    deep."""
    deep_replies: int = 4
    """How many of the safest cells of each outcome are tried as the move after."""
    deep_unknown: int = 1000
    """Boards with more unknown cells than this skip the two-move lookahead: each hypothesis
    costs big-integer arithmetic over all of them, which makes a game on such a board
    slower."""

    # The secondary-safety guess (`secondary`).
    cut_off: float = 0.9
    """Frontier cells at least this share as safe as the safest living cell are candidates."""
    off_share: float = 0.95
    """Off-frontier cells are candidates when more than this share as safe as the best cell."""
    off_all: int = 30
    """With fewer off-frontier cells than this, every one of them is a candidate."""
    blend: float = 0.8
    """The share of the safest living next move in the blended safety (the second safest has
    the rest)."""
    progress: float = 0.001
    """How much the chance of progress raises a score: a tie-break only."""
    safer: float = 0.0001
    """How much safer a cell must be to replace the chosen one that proves it safe."""
    candidate_open_area: int = 8
    """Candidates with fewer unknown cells linked to them (`liveness.in_open_area`) are scored
    last."""

    # The exact searches (`endgame`).
    endgame_layouts: int = 1000
    """The endgame search runs when at most this many layouts of the whole board remain, over
    at most `endgame_cells` unknown cells. 1000 rather than 300: exact play of more
    positions won more of the same boards, for a slightly longer game (measured: see the
    documentation's measurements page (docs/measurements.md)). DavidNHill's JS solver
    starts its exact search at 1000 solutions too."""
    endgame_cells: int = 60
    """The most unknown cells of an endgame search (see `endgame_layouts`)."""
    closed_part_layouts: int = 1000
    """The most layouts a closed part may have to be searched."""
    search_budget: int = 30000
    """The most distinct sets of layouts one search may evaluate before it gives up."""
    enumeration_steps: int = 200_000
    """The most steps (cells set one way or the other) the listing of a position's layouts may
    take before it gives up."""


DEFAULT_SETTINGS = SolverSettings()
"""How the product plays."""
