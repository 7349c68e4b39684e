"""A Minesweeper game's help in the store: a ``help`` step of its log, written in the same turn
as the move it follows (`write_minesweeper_steps`), by the web and by the keeper of the
full-screen app and line mode alike; the row's ``assisted`` is its summary, and the only mark
of a game logged before help was a step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import advised, logged_steps, play_of, stepped
from gridpuzzles.minesweeper import HELP, Move, Status, level, play
from gridpuzzles.minesweeper.core.settings import PLAY_FIRST_CLICK
from gridpuzzles.storage import MoveConflict, SavedGame, Store, TimedMove
from gridpuzzles.storage.keeper import KeptGame
from gridpuzzles.storage.playing import MINESWEEPER, StoredStep
from gridpuzzles.storage.store import minesweeper_game, write_minesweeper_steps

BEGINNER = level("beginner", PLAY_FIRST_CLICK)
SEED = 11
OPEN = Move.parse("r4,4")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A new store: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        opened = Store(tmp_path / "games.db")
    else:
        opened = Store(request.getfixturevalue("postgres_url"))
    yield opened
    opened.close()


def texts(store: Store, game_id: str) -> list[str]:
    saved = store.load_game(game_id)
    assert saved is not None
    return [timed.text for timed in saved.moves]


def a_mine() -> Move:
    """A reveal onto a mine of the beginner board of `SEED` once its centre is opened."""
    layout = play(SavedGame("x", BEGINNER, SEED).start(), OPEN).layout
    assert layout is not None
    row, col = divmod(next(i for i in range(81) if layout.is_mine(i)), 9)
    return Move.parse(f"r{row},{col}")


def test_a_move_and_its_help_are_written_in_one_turn(store: Store) -> None:
    store.add_game(SavedGame("g", BEGINNER, SEED))
    opened = play(SavedGame("g", BEGINNER, SEED).start(), OPEN, 1.0)
    assert write_minesweeper_steps(store, "g", 0, 1.0, (OPEN, HELP), opened, True)
    assert texts(store, "g") == ["r4,4", "help"]
    saved = store.load_game("g")
    assert saved is not None and saved.assisted and saved.play().version == 2


def test_a_turn_refused_writes_neither_the_move_nor_its_help(store: Store) -> None:
    row, _ = minesweeper_game(SavedGame("g", BEGINNER, SEED))
    store.start(row, (StoredStep(1, "f0,0", 1.0),))  # step 1 taken by another process, say
    opened = play(SavedGame("g", BEGINNER, SEED).start(), OPEN, 1.0)
    with pytest.raises(MoveConflict):  # the help's number is taken: the move goes too
        write_minesweeper_steps(store, "g", 0, 2.0, (OPEN, HELP), opened, True)
    stored = store.read(MINESWEEPER, "g")
    assert stored is not None and not stored.assisted
    assert [(step.number, step.text) for step in stored.steps] == [(1, "f0,0")]


def test_a_help_line_alone_marks_the_row(store: Store) -> None:
    store.add_game(SavedGame("g", BEGINNER, SEED, moves=(TimedMove(OPEN, 1.0),)))
    opened = play(SavedGame("g", BEGINNER, SEED).start(), OPEN, 1.0)
    assert write_minesweeper_steps(store, "g", 1, 2.0, (HELP,), opened, True)
    saved = store.load_game("g")
    assert saved is not None and saved.assisted and texts(store, "g") == ["r4,4", "help"]


def test_the_keeper_logs_help_and_keeps_the_end_with_the_help_after_it(store: Store) -> None:
    kept = KeptGame(store, BEGINNER, SEED, chosen=False, owner="t", created_at=0.0)
    played = play_of(SavedGame("g", BEGINNER, SEED).start())
    assert advised(played) is played  # a hint before the first reveal: nothing to log
    assert kept.log(logged_steps(played, HELP, played), 0.5, played) is None
    before, played = played, stepped(played, OPEN, 1.0)
    kept.log(logged_steps(before, OPEN, played), 1.0, played)
    mine = a_mine()
    before, played = played, stepped(played, mine, 2.0, helped=True)  # Play Move's, say
    kept.log(logged_steps(before, mine, played), 2.0, played)
    assert played.state.status is Status.LOST and played.assisted
    assert kept.keep(played) is None and kept.stored
    assert texts(store, kept.id) == ["r4,4", str(mine), "help"]
    (record,) = store.minesweeper_records()
    assert (record.played, record.assisted_played) == (0, 1)
    before, played = played, stepped(played, Rewind.UNDO, 3.0)  # the mine undone: played on
    assert kept.log(logged_steps(before, Rewind.UNDO, played), 3.0, played) is None
    saved = store.load_game(kept.id)
    assert saved is not None and saved.play() == played
    assert texts(store, kept.id)[-1] == "undo" and saved.replay().status is Status.PLAYING
