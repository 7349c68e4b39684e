"""The store, on SQLite and on PostgreSQL: games round-trip and replay exactly, moves are numbered, statistics add up."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from gridpuzzles.bounds import MAX_SEED
from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Move,
    Status,
    WinRule,
    level,
    new_game,
    parse_layout,
    play,
    view,
)
from gridpuzzles.minesweeper.solving.noguess import placement
from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.storage import (
    MAX_CHALLENGE_KEY,
    VERSION,
    LevelStats,
    MoveConflict,
    SavedGame,
    StorageError,
    Store,
    TimedMove,
    default_db,
    level_key,
)
from tests.minesweeper.boards import winning_reveals
from tests.storage.in_play import add_move
from tests.storage.legacy import SCHEMA_0, old_file

SEED = 7


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A new store: a SQLite file in a folder still to be made, or a PostgreSQL database."""
    if request.param == "sqlite":
        opened = Store(tmp_path / "sub" / "games.db")
    else:
        opened = Store(request.getfixturevalue("postgres_url"))
    yield opened
    opened.close()


def saved(game_id: str = "g1", config: Config | None = None) -> SavedGame:
    """A new game on ``config`` (beginner by default) and the test seed."""
    return SavedGame(game_id, config or level("beginner"), SEED)


def play_all(store: Store, game: SavedGame, moves: list[Move], start: float = 100.0) -> None:
    """Play and store ``moves`` one second apart, as a shell would."""
    current = store.load_game(game.id)
    assert current is not None
    state = current.replay()
    for number, move in enumerate(moves, start=len(current.moves)):
        now = start + number
        state = play(state, move, now)
        add_move(store, game.id, number, TimedMove(move, now), state)


def win(config: Config) -> list[Move]:
    """Moves that win the seeded game on ``config`` from its centre."""
    first = (config.height // 2, config.width // 2)
    cells = winning_reveals(new_game(config, SEED, placement(config)), first)
    return [Move.parse(f"r{row},{col}") for row, col in cells]


def test_a_new_game_round_trips(store: Store) -> None:
    config = Config(7, 5, 6, FirstClick.OPENING, WinRule.FLAGS, question_marks=True)
    game = replace(saved(config=config), owner="abc", counted=False, created_at=5.0)
    store.add_game(game)
    assert store.load_game("g1") == game
    assert store.load_game("nope") is None


def test_replay_rebuilds_the_game_exactly(store: Store) -> None:
    game = saved()
    store.add_game(game)
    moves = [Move.parse(text) for text in ("r4,4", "f0,0", "f0,0", "f8,8")]
    play_all(store, game, moves)
    loaded = store.load_game("g1")
    assert loaded is not None
    assert [str(t.move) for t in loaded.moves] == ["r4,4", "f0,0", "f0,0", "f8,8"]
    expected = new_game(level("beginner"), SEED)
    for number, move in enumerate(moves):
        expected = play(expected, move, 100.0 + number)
    assert loaded.replay() == expected
    assert view(loaded.replay()) == view(expected)


def test_a_fixed_layout_is_kept(store: Store) -> None:
    layout = parse_layout("*..\n...\n..*")
    game = replace(saved(config=Config(3, 3, 2)), layout=layout)
    store.add_game(game)
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.layout == layout
    assert loaded.start().layout == layout


def test_a_move_number_cannot_be_stored_twice(store: Store) -> None:
    store.add_game(saved())
    after = play(saved().start(), Move.parse("r0,0"))
    add_move(store, "g1", 0, TimedMove(Move.parse("r0,0"), 1.0), after)
    with pytest.raises(MoveConflict, match="already has a move number 0"):
        add_move(store, "g1", 0, TimedMove(Move.parse("r0,0"), 1.0), after)
    loaded = store.load_game("g1")
    assert loaded is not None and len(loaded.moves) == 1
    with pytest.raises(MoveConflict, match="no longer kept"):
        add_move(store, "missing", 0, TimedMove(Move.parse("r0,0"), 1.0), after)


def test_statistics_count_ended_games_and_the_best_win(store: Store) -> None:
    config = level("beginner")
    for game_id in ("a", "b"):
        store.add_game(saved(game_id))
        play_all(store, saved(game_id), win(config), start=100.0 if game_id == "a" else 500.0)
    store.add_game(saved("c"))
    play_all(store, saved("c"), win(config)[:1])  # unfinished: not counted
    moves = win(config)
    assert store.minesweeper_level_stats() == [LevelStats("beginner", 2, 2, len(moves) - 1.0)]
    loaded = store.load_game("a")
    assert loaded is not None and loaded.replay().status is Status.WON


def test_each_players_records_and_history_count_their_own_games(store: Store) -> None:
    config = level("beginner")
    for game_id, player in (("a", "ann"), ("b", "bob"), ("c", "bob"), ("d", None)):
        store.add_game(replace(saved(game_id), player=player))
    for game_id, start in (("a", 100.0), ("b", 500.0), ("d", 900.0)):
        play_all(store, saved(game_id), win(config), start=start)
    play_all(store, saved("c"), win(config)[:1])  # unfinished: not counted
    best = len(win(config)) - 1.0
    assert (
        store.minesweeper_level_stats("ann")
        == store.minesweeper_level_stats("bob")
        == [LevelStats("beginner", 1, 1, best)]
    )
    assert store.minesweeper_level_stats() == [LevelStats("beginner", 3, 3, best)]
    assert (
        store.minesweeper_level_stats("carl") == []
        and store.minesweeper_history(player="carl") == []
    )
    assert [game.id for game in store.minesweeper_history(player="bob")] == ["b"]
    assert [game.id for game in store.minesweeper_history()] == ["d", "b", "a"]
    loaded = store.load_game("c")
    assert loaded is not None and loaded.player == "bob"
    assert store.add_mondrian_finish(MONDRIAN, "ann") == ("challenge", "difficulty")
    # Everyone's records hold ann's game too: a faster game is a best; a slower one is none.
    assert store.add_mondrian_finish(replace(MONDRIAN, seconds=MONDRIAN.seconds - 1)) == (
        "challenge",
        "difficulty",
    )
    assert store.add_mondrian_finish(replace(MONDRIAN, seconds=MONDRIAN.seconds + 1), "ann") == ()
    assert store.mondrian_finishes("ann")[0] == MONDRIAN
    assert store.mondrian_finishes("bob") == []
    assert len(store.mondrian_finishes()) == 3
    assert store.mondrian_records("ann")[1][0].best == MONDRIAN.seconds


def test_a_loss_counts_as_played_and_chosen_seeds_do_not_count(store: Store) -> None:
    config = level("beginner")
    game = new_game(config, SEED)
    first = play(game, Move.parse("r4,4"))
    assert first.layout is not None
    mine = divmod(first.layout.mine_indices()[0], config.width)
    store.add_game(saved("lost"))
    play_all(store, saved("lost"), [Move.parse("r4,4"), Move.parse(f"r{mine[0]},{mine[1]}")])
    store.add_game(replace(saved("seeded"), counted=False))
    play_all(store, saved("seeded"), win(config))
    assert store.minesweeper_level_stats() == [LevelStats("beginner", 1, 0, None)]


def test_custom_boards_are_kept_under_their_size() -> None:
    assert level_key(level("expert")) == "expert"
    assert level_key(Config(12, 7, 20)) == "12x7/20"


def test_the_database_uses_wal_and_survives_a_new_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    store.add_game(saved())
    with sqlite3.connect(tmp_path / "games.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()
    assert Store(tmp_path / "games.db").load_game("g1") == saved()


def test_a_database_survives_a_new_store(store: Store) -> None:
    store.add_game(saved())
    store.add_mondrian_finish(MONDRIAN)
    again = Store(store.path or store.where)
    assert again.load_game("g1") == saved() and again.mondrian_finishes() == [MONDRIAN]
    again.close()


def test_every_shell_defaults_to_one_database_in_the_users_data_directory() -> None:
    assert default_db().name == "gridpuzzles.db"
    assert "gridpuzzles" in default_db().parent.parts[-1]


def test_the_largest_seed_is_stored_and_read_back_exactly(store: Store) -> None:
    game = replace(saved(), seed=MAX_SEED)
    store.add_game(game)
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.seed == MAX_SEED == 2**63 - 1


@pytest.mark.parametrize("seed", [MAX_SEED + 1, 10**30, -1])
def test_a_seed_sqlite_cannot_keep_is_refused_before_anything_is_written(
    store: Store, seed: int
) -> None:
    with pytest.raises(StorageError, match="seed of a stored game must be a whole number from 0"):
        store.add_game(replace(saved(), seed=seed))
    assert store.load_game("g1") is None
    store.add_game(saved())  # the store goes on working


def test_a_folder_or_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="it is a folder, not a regular file"):
        Store(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"not a database\n" * 500)
    with pytest.raises(StorageError, match=r"^file is not a database$"):
        Store(notes)
    assert notes.read_bytes() == b"not a database\n" * 500
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize(
    "table",
    ["CREATE TABLE games (name TEXT, score INTEGER)", "CREATE TABLE users (id INTEGER)"],
)
def test_another_programs_database_is_refused_before_anything_is_written(
    tmp_path: Path, table: str
) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute(table)
    before = path.read_bytes()
    with pytest.raises(StorageError, match="another program's database"):
        Store(path)
    assert path.read_bytes() == before


def test_an_empty_file_becomes_a_store(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    store = Store(path)
    store.add_game(saved())
    assert store.load_game("g1") is not None


def test_assisted_wins_are_kept_apart_and_set_no_best_time(store: Store) -> None:
    config = level("beginner")
    store.add_game(saved("own"))
    play_all(store, saved("own"), win(config), start=100.0)
    store.add_game(replace(saved("helped"), assisted=True))  # the row's mark: no help line
    play_all(store, saved("helped"), win(config), start=200.0)
    (record,) = store.minesweeper_records()
    assert (record.played, record.won, record.assisted_played, record.assisted_won) == (1, 1, 1, 1)
    assert len(record.best_times) == 1
    (short,) = store.minesweeper_level_stats()
    assert (short.played, short.won) == (1, 1)
    loaded = store.load_game("helped")
    assert loaded is not None and loaded.assisted


def test_a_game_left_after_its_first_reveal_is_a_loss_and_before_it_is_forgotten(
    store: Store,
) -> None:
    game = new_game(level("beginner"), SEED)
    store.add_game(saved("left"))
    play_all(store, saved("left"), [Move.parse("r4,4")], start=50.0)
    started = play(game, Move.parse("r4,4"), 50.0)
    store.abandon("left", started, 80.0)
    with pytest.raises(StorageError, match="has ended \\(abandoned\\)"):
        add_move(store, "left", 1, TimedMove(Move.parse("r0,0"), 81.0), started)
    (record,) = store.minesweeper_records()
    assert (record.played, record.won, record.current_streak) == (1, 0, 0)
    (entry,) = store.minesweeper_history()
    assert entry.outcome.abandoned and entry.outcome.seconds == 30.0
    assert not entry.outcome.assisted and entry.seed == SEED
    store.add_game(saved("untouched"))
    store.abandon("untouched", game, 90.0)
    assert store.load_game("untouched") is None and len(store.minesweeper_history()) == 1


def test_the_history_lists_the_latest_games_first_with_their_figures(store: Store) -> None:
    config = level("beginner")
    for number in range(3):
        store.add_game(saved(f"g{number}"))
        play_all(store, saved(f"g{number}"), win(config), start=100.0 * (number + 1))
    history = store.minesweeper_history(limit=2)
    assert [entry.id for entry in history] == ["g2", "g1"]
    outcome = history[0].outcome
    assert outcome.won and outcome.clicks == len(win(config))
    assert outcome.three_bv is not None and outcome.three_bv <= outcome.clicks
    assert outcome.seconds == len(win(config)) - 1


def test_a_version_0_database_opens_with_its_games_and_statistics(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    config = level("beginner")
    moves = win(config)
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_0)
        db.execute(
            "INSERT INTO games VALUES ('old', '', 'beginner', 9, 9, 10, 'safe', 'reveal', 0, ?,"
            " NULL, 1, 'won', 1.0)",
            (SEED,),
        )
        db.executemany(
            "INSERT INTO moves VALUES ('old', ?, ?, ?)",
            [(n, str(move), 10.0 + n) for n, move in enumerate(moves)],
        )
        db.execute("INSERT INTO stats VALUES ('beginner', 1, 1, ?)", (len(moves) - 1.0,))
    db.close()
    store = Store(path)
    assert store.minesweeper_level_stats() == [LevelStats("beginner", 1, 1, len(moves) - 1.0)]
    (entry,) = store.minesweeper_history()
    assert entry.outcome.won and entry.outcome.ended_at == 10.0 + len(moves) - 1
    loaded = store.load_game("old")
    assert loaded is not None and loaded.replay().status is Status.WON
    store.close()
    with sqlite3.connect(path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        assert "stats" not in tables
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(VERSION,)]
    db.close()
    assert Store(path).minesweeper_level_stats() == [LevelStats("beginner", 1, 1, len(moves) - 1.0)]


def test_a_version_0_database_that_cannot_be_migrated_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_0)
        db.execute(
            "INSERT INTO games VALUES ('bad', '', 'beginner', 9, 9, 10, 'safe', 'reveal', 0, 1,"
            " NULL, 1, 'won', 1.0)"
        )
        db.execute("INSERT INTO moves VALUES ('bad', 0, 'r99,99', 2.0)")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="its game 'bad' does not replay"):
        Store(path)
    with sqlite3.connect(path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
        assert "stats" in tables and "assisted" not in columns
        assert "alembic_version" not in tables
        assert db.execute("PRAGMA user_version").fetchone() == (0,)
    db.close()
    assert len(path.read_bytes()) == len(before)


# Mondrian Blocks


MONDRIAN = Finish("001040531", "easy", 80.0, False, 9, 1000.0)


def test_solved_mondrian_games_give_best_times_per_challenge_and_difficulty(store: Store) -> None:
    helped = replace(MONDRIAN, seconds=5.0, assisted=True, ended_at=1001.0)
    other = replace(MONDRIAN, challenge="2,3,h 0,1,v 4,7,h", seconds=60.0, ended_at=1002.0)
    for finish in (MONDRIAN, helped, other):
        store.add_mondrian_finish(finish)
    assert store.mondrian_finishes() == [MONDRIAN, helped, other]
    by_challenge, by_difficulty = store.mondrian_records()
    assert [(r.key, r.solved, r.assisted, r.best) for r in by_challenge] == [
        ("001040531", 1, 1, 80.0),
        ("2,3,h 0,1,v 4,7,h", 1, 0, 60.0),
    ]
    (easy,) = by_difficulty
    assert (easy.key, easy.solved, easy.assisted, easy.best) == ("easy", 2, 1, 60.0)
    assert store.minesweeper_records() == []  # Minesweeper's records stay apart


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"difficulty": "expert"}, "a difficulty is one of easy, medium, hard, master"),
        ({"challenge": ""}, "a challenge key has 1 to"),
        ({"challenge": "x" * (MAX_CHALLENGE_KEY + 1)}, "a challenge key has 1 to"),
        ({"seconds": float("nan")}, "a solved game needs a time"),
        ({"moves": -1}, "a solved game needs a time"),
        ({"ended_at": float("inf")}, "a solved game needs a time"),
    ],
)
def test_a_mondrian_game_that_is_not_one_is_refused_before_anything_is_written(
    store: Store, change: dict[str, object], message: str
) -> None:
    with pytest.raises(StorageError, match=message):
        store.add_mondrian_finish(replace(MONDRIAN, **change))  # type: ignore[arg-type]
    assert store.mondrian_finishes() == []


def test_a_version_1_database_gains_the_mondrian_table_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v1.db"
    with old_file(path, 1) as db:  # as version 1 left it: no Mondrian table
        db.execute(
            "INSERT INTO games VALUES ('g1', '', 'beginner', 9, 9, 10, 'safe', 'reveal', 0, ?,"
            " NULL, 1, 'playing', 0.0, 0, NULL, NULL, NULL, 0)",
            (SEED,),
        )
    db.close()
    store = Store(path)
    assert store.load_game("g1") == saved()
    store.add_mondrian_finish(MONDRIAN)
    assert store.mondrian_finishes() == [MONDRIAN]
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(VERSION,)]
    db.close()


def test_a_version_0_database_gains_the_mondrian_table_too(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_0)
    db.close()
    store = Store(path)
    store.add_mondrian_finish(MONDRIAN)
    assert store.mondrian_finishes() == [MONDRIAN]


def test_a_move_without_a_note_keeps_none_not_json_null(tmp_path: Path) -> None:
    """Most moves have no note: the column stays NULL (no JSON ``null`` written per move)."""
    store = Store(tmp_path / "games.db")
    game = saved("g")
    store.add_game(game)
    first = Move.parse("f0,0")
    add_move(store, "g", 0, TimedMove(first, 1.0), play(game.start(), first, 1.0))
    store.close()
    with sqlite3.connect(tmp_path / "games.db") as db:
        assert db.execute("SELECT note IS NULL FROM moves").fetchall() == [(1,)]
    db.close()
