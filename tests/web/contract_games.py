"""What the contract tests of the web games (`test_contract`) know of each puzzle's API: how a
game is made, a legal, an illegal and a malformed move, where undo and redo go, and what of a
state is the board.

Everything else (statuses, the words of an answer, replay over a restarted server) is the
contract itself, the same for every puzzle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.web.boards import FIRST, SEED
from tests.web.mondrian.test_mondrian_games import CODE, placing, solution_of

Body = dict[str, Any]
State = dict[str, Any]


@dataclass(frozen=True)
class Puzzle:
    """One puzzle's API, as the contract tests drive it."""

    name: str
    games: str
    """The path of the games: ``POST`` makes one, ``{games}/{id}`` is one."""
    new_game: Body
    legal: tuple[Body, Body]
    """Two moves, each taken in turn on a new game, each changing the board."""
    illegal: Body
    """A well-formed move the rules refuse on the game after the first legal move."""
    illegal_words: str
    """Part of the refusal's sentence."""
    malformed: Body
    """A move body the API cannot read."""
    malformed_words: str
    undo: tuple[str, Body | None]
    """Where an undo goes, below the game's path, and its body."""
    redo: tuple[str, Body | None]
    board: Callable[[State], object]
    """What the player sees on the board: two states with equal boards look the same."""

    def path(self, game_id: str) -> str:
        return f"{self.games}/{game_id}"


_first, _second, *_ = solution_of(CODE)

MINESWEEPER = Puzzle(
    name="minesweeper",
    games="/api/minesweeper/games",
    new_game={"level": "beginner", "seed": SEED},
    legal=({"move": f"r{FIRST[0]},{FIRST[1]}"}, {"move": "f0,0"}),
    illegal={"move": "r9,0"},
    illegal_words="outside the board",
    malformed={"move": "x1"},
    malformed_words="cannot read move 'x1'",
    undo=("/undo", None),
    redo=("/redo", None),
    board=lambda state: state["view"],
)

MONDRIAN = Puzzle(
    name="mondrian",
    games="/api/mondrian/games",
    new_game={"challenge": "published", "code": CODE},
    legal=(placing(_first), placing(_second)),
    illegal={"action": "place", "block": "3x4", "row": 6, "col": 6},
    illegal_words="would stick out past",
    malformed={"action": "place", "row": 0, "col": 0},
    malformed_words="to place a block, give its size",
    undo=("/undo", None),
    redo=("/redo", None),
    board=lambda state: (state["black"], state["placed"]),
)

PUZZLES = (MINESWEEPER, MONDRIAN)
