"""SQLite files made before Alembic (schema versions 0, 1 and 2, built here with the schemas
of their releases), and a file Alembic left at v3, open with their games, moves, order and
records, at the newest revision."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gridpuzzles.minesweeper import Move, Status, figures, format_layout, level, play
from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import MONDRIAN, VERSION, LevelStats, StorageError, Store
from gridpuzzles.storage.mondrian_play import setup_of
from tests.storage.in_play import start_mondrian
from tests.storage.legacy import migrated_to, old_file, tables
from tests.test_storage import SEED, saved, win

MOVES = win(level("beginner"))
FINISH = Finish("001040531", "easy", 80.0, False, 9, 1000.0)
GAME_0 = "INSERT INTO games VALUES (?, 'me', 'beginner', 9, 9, 10, 'safe', 'reveal', 0, ?, NULL, 1, ?, ?)"
GAME_1 = GAME_0.replace("?)", "?, 0, ?, ?, ?, ?)")


def fill(db: sqlite3.Connection, version: int) -> None:
    """A won game ``won`` with its moves and figures, and two unfinished games ``a`` and
    ``b`` started at the same time (``b`` stored last); at version 2 a solved Mondrian game."""
    end = 10.0 + len(MOVES) - 1
    if version == 0:
        db.execute(GAME_0, ("won", SEED, "won", 1.0))
        db.execute("INSERT INTO stats VALUES ('beginner', 1, 1, ?)", (end - 10.0,))
    else:
        db.execute(GAME_1, ("won", SEED, "won", 1.0, end, end - 10.0, 30, len(MOVES)))
    db.executemany(
        "INSERT INTO moves VALUES ('won', ?, ?, ?)",
        [(n, str(move), 10.0 + n) for n, move in enumerate(MOVES)],
    )
    for game_id in ("a", "b"):
        values = (game_id, SEED, "playing", 5.0)
        db.execute(
            GAME_0 if version == 0 else GAME_1,
            values if version == 0 else (*values, None, None, None, 0),
        )
    db.execute("INSERT INTO moves VALUES ('b', 0, 'f0,0', 6.0)")
    if version == 2:
        db.execute("INSERT INTO mondrian_games VALUES (1, '001040531', 'easy', 80.0, 0, 9, 1000.0)")


@pytest.mark.parametrize("version", [0, 1, 2])
def test_an_old_file_opens_with_its_games_moves_order_and_records(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "old.db"
    with old_file(path, version) as db:
        fill(db, version)
    db.close()
    store = Store(path)
    won = store.load_game("won")
    assert won is not None and [t.move for t in won.moves] == MOVES
    assert won.replay().status is Status.WON
    (entry,) = store.minesweeper_history()
    assert entry.id == "won" and entry.outcome.ended_at == 10.0 + len(MOVES) - 1
    if version == 0:  # its figures replayed by the migration, as the live rules give them
        played = figures(won.replay(), entry.outcome.ended_at)
        assert (entry.outcome.three_bv, entry.outcome.clicks) == (played.three_bv, len(MOVES))
        assert played.clicks == len(MOVES) and entry.outcome.seconds == played.elapsed
    assert store.minesweeper_level_stats() == [LevelStats("beginner", 1, 1, len(MOVES) - 1.0)]
    later = store.load_game("b")
    assert later is not None and [t.move for t in later.moves] == [Move.parse("f0,0")]
    assert store.mondrian_finishes() == ([FINISH] if version == 2 else [])
    store.add_game(saved("c"))  # stored after a and b, at the same time as neither
    store.add_mondrian_finish(FINISH)
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(VERSION,)]
        order = [
            game_id if puzzle == "minesweeper" else puzzle
            for game_id, puzzle in db.execute("SELECT id, puzzle FROM games ORDER BY seq")
        ]
        # The Mondrian record of version 2, which has no game, is a result of its own (v7),
        # stored after the games of its time, and the finish added then after c.
        assert order == [
            "won",
            "a",
            "b",
            *(["mondrian"] if version == 2 else []),
            "c",
            "mondrian",
        ]
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()
    assert "stats" not in tables(path)
    assert len(Store(path).mondrian_finishes()) == (2 if version == 2 else 1)


def test_a_v0_game_with_its_layout_kept_replays_on_that_layout_and_a_lost_one_too(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    placed = play(saved("won").start(), MOVES[0], 10.0).layout  # the layout its first move made
    assert placed is not None
    layout = format_layout(placed)
    row, col = divmod(placed.mine_indices()[0], placed.width)
    with old_file(path, 0) as db:
        db.execute(GAME_0.replace("NULL", "?"), ("won", SEED, layout, "won", 1.0))
        db.execute(GAME_0.replace("NULL", "?"), ("lost", SEED, layout, "lost", 2.0))
        db.executemany(
            "INSERT INTO moves VALUES (?, ?, ?, ?)",
            [("won", n, str(move), 10.0 + n) for n, move in enumerate(MOVES)]
            + [("lost", 0, str(MOVES[0]), 20.0), ("lost", 1, f"r{row},{col}", 23.5)],
        )
    db.close()
    store = Store(path)
    by_id = {entry.id: entry.outcome for entry in store.minesweeper_history()}
    for game_id in ("won", "lost"):
        loaded = store.load_game(game_id)
        assert loaded is not None
        ended = loaded.moves[-1].at
        played = figures(loaded.replay(), ended)
        outcome = by_id[game_id]
        assert (outcome.seconds, outcome.three_bv, outcome.clicks, outcome.ended_at) == (
            played.elapsed,
            played.three_bv,
            played.clicks,
            ended,
        )
    assert not by_id["lost"].won and by_id["lost"].seconds == 3.5
    store.close()


def test_a_file_of_revision_v3_keeps_its_games_and_plays_mondrian_games_in_play(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v3.db"
    with old_file(path, 2) as db:
        fill(db, 2)
    db.close()
    migrated_to(path, "v3")
    assert "mondrian_play" not in tables(path)
    store = Store(path)
    won = store.load_game("won")
    assert won is not None and [t.move for t in won.moves] == MOVES
    assert [game.id for game in store.minesweeper_history()] == ["won"]
    assert store.mondrian_finishes() == [FINISH]
    start_mondrian(store, "m", "me", {"moves": 0}, 1000.0)
    stored = store.read(MONDRIAN, "m")
    assert stored is not None and setup_of(stored) == {"moves": 0} and stored.steps == ()
    assert (stored.owner, stored.ended, stored.created_at) == ("me", False, 1000.0)
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(VERSION,)]
    db.close()
    assert "mondrian_play" not in tables(path)  # v4 made it, v6 moved its games to ``games``


def test_a_file_of_revision_v4_gains_players_and_its_games_count_for_everyone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v4.db"
    with old_file(path, 2) as db:
        fill(db, 2)
    db.close()
    migrated_to(path, "v4")
    assert "player" not in tables(path)["games"]
    store = Store(path)
    won = store.load_game("won")
    assert won is not None and won.player is None
    assert [game.id for game in store.minesweeper_history()] == ["won"]
    assert (
        store.minesweeper_history(player="someone") == []
        and store.mondrian_finishes("someone") == []
    )
    assert store.mondrian_finishes() == [FINISH]
    store.close()
    assert "mondrian_games" not in tables(path) and "player" in tables(path)["games"]


def test_games_started_at_the_same_time_keep_the_order_they_were_stored_in(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    with old_file(path, 2) as db:
        fill(db, 2)
    db.close()
    store = Store(path)
    store.add_game(saved("d"))  # another owner
    config = level("expert")
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE games SET width = 30, height = 16, mines = 99 WHERE id = 'b'")
    db.close()
    assert store.last_config("me") == config


def test_a_file_of_a_newer_release_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE alembic_version SET version_num = 'v99'")
    db.close()
    before = tables(path)
    with pytest.raises(
        StorageError, match=r"^its schema is v99, which this gridpuzzles does not know"
    ):
        Store(path)
    assert tables(path) == before
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [("v99",)]
    db.close()


def test_an_old_file_with_some_of_its_tables_missing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE moves (game_id TEXT, number INTEGER, move TEXT, at REAL)")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="another program's database"):
        Store(path)
    assert path.read_bytes() == before


def test_a_file_whose_moves_belong_to_no_game_is_refused_by_the_migration_and_left(
    tmp_path: Path,
) -> None:
    """SQLite checks foreign keys only when a connection turns them on: another program may
    have left a move of no game. The migration (which runs with them off) refuses it."""
    path = tmp_path / "v5.db"
    with old_file(path, 2) as db:
        fill(db, 2)
    db.close()
    migrated_to(path, "v5")
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO moves VALUES ('nobody', 0, 'r0,0', 1.0)")
    db.close()
    with pytest.raises(StorageError, match=r"^it holds moves of no game: it is left as it was$"):
        Store(path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [("v5",)]
    db.close()
    assert "mondrian_play" in tables(path)
