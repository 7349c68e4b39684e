"""The store's one API for a game in play (`storage.playing`), run alike on a game of each
puzzle, on SQLite and on PostgreSQL: start a game's row, append its steps at their numbers (a
number another process wrote first refused), read it since a number of steps, finish it with
its last step; what one puzzle keeps of its own (its ``part``) goes in and comes out as given."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import select, update

from gridpuzzles.minesweeper import level
from gridpuzzles.storage import (
    MINESWEEPER,
    MONDRIAN,
    MoveConflict,
    NewGame,
    SavedGame,
    Store,
    StoredGame,
    StoredStep,
    playing,
)
from gridpuzzles.storage.mondrian_play import mondrian_game
from gridpuzzles.storage.schema import games, moves
from gridpuzzles.storage.store import minesweeper_game

PARTS = {
    MINESWEEPER: minesweeper_game(SavedGame("x", level("beginner"), 7))[0].part,
    MONDRIAN: mondrian_game("x", "owner", {"moves": 0, "board": [[1, 2]]}, 0.0, seed=3).part,
}
"""What each puzzle keeps of its own on a game's row: Minesweeper's board, rules, seed (and
level); a Mondrian game's setup (and seed)."""
OTHER = {MINESWEEPER: MONDRIAN, MONDRIAN: MINESWEEPER}


@pytest.mark.parametrize("puzzle", [MINESWEEPER, MONDRIAN])
def test_a_game_of_either_puzzle_is_started_stepped_read_and_finished_alike(
    stores: list[Store], puzzle: str
) -> None:
    one, other = stores
    part = PARTS[puzzle]
    one.start(NewGame("g", puzzle, "owner", 1000.0, part, player="p"))
    own = {name: part[name] for name in playing.PARTS[puzzle]}
    whole = StoredGame("g", puzzle, "owner", "playing", 1000.0, False, None, "p", True, own, ())
    assert other.read(puzzle, "g") == whole
    assert other.read(OTHER[puzzle], "g") is None  # a game of one puzzle only

    with one.turn(puzzle, "g", 0, 1001.0) as turn:
        assert (turn.status, turn.assisted) == ("playing", False)
        turn.append("first", {"seen": [1, 2]}, assisted=True)
    with (
        pytest.raises(MoveConflict, match="already has a move number 0"),
        other.turn(puzzle, "g", 0, 1002.0) as stale,  # another process's copy, one step behind
    ):
        stale.append("stale", assisted=False)
    first = StoredStep(0, "first", 1001.0, {"seen": [1, 2]})
    assert other.read(puzzle, "g", since=0) == replace(
        whole, assisted=True, part=None, steps=(first,)
    )
    assert other.read(puzzle, "g", since=1) == replace(whole, assisted=True, part=None)

    with other.turn(puzzle, "g", 1, 1003.0) as turn:
        assert turn.assisted  # marked by the other process
        refused = turn.in_records(
            lambda db: db.execute(update(games).where(games.c.id == "g").values(owner=None))
        )
        assert refused is None  # NOT NULL: nothing of it written, the step goes on
        turn.append("last")
        turn.finish(status="won", ended_at=1003.0, seconds=2.0, clicks=2)
    last = StoredStep(1, "last", 1003.0)
    ended = replace(whole, status="won", assisted=True, ended_at=1003.0, steps=(first, last))
    assert one.read(puzzle, "g") == ended and ended.ended
    with one.transaction(writing=False) as db:
        end = db.execute(select(games.c.seconds, games.c.clicks).where(games.c.id == "g")).one()
    assert tuple(end) == (2.0, 2)  # the row keeps the end its puzzle's records read
    with pytest.raises(MoveConflict, match=r"has ended \(won\)"), one.turn(puzzle, "g", 2, 1004.0):
        pass
    with pytest.raises(MoveConflict, match="no longer kept"), one.turn(puzzle, "none", 0, 1.0):
        pass


@pytest.mark.parametrize("puzzle", [MINESWEEPER, MONDRIAN])
def test_a_game_started_with_its_steps_reads_them_back_in_order(
    stores: list[Store], puzzle: str
) -> None:
    steps = (StoredStep(0, "a", 1.0), StoredStep(1, "b", 2.0, {"x": 1}), StoredStep(2, "c", 3.0))
    stores[0].start(NewGame("h", puzzle, "owner", 0.5, PARTS[puzzle]), steps)
    read = stores[1].read(puzzle, "h")
    assert read is not None and read.steps == steps
    since = stores[1].read(puzzle, "h", since=2)
    assert since is not None and since.steps == steps[2:]
    with stores[1].transaction(writing=False) as db:  # no note: NULL, not JSON's null
        unnoted = db.execute(select(moves.c.number).where(moves.c.note.is_(None))).scalars()
        assert sorted(unnoted) == [0, 2]
