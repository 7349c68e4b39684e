"""The `Store` of games and records over SQLAlchemy Core, and what it keeps and gives back
(`SavedGame`, `PlayedGame`, `LevelStats`, the records as JSON).

A game in play of any puzzle goes through the store's one API (`start`, `read`, `turn`; the
rule and the shapes are `playing`'s); Minesweeper's part of it is here: the row that starts a
game (`minesweeper_game`), a whole read as a `SavedGame` (`saved_game`), and the steps of one
turn with what they change on the row (`write_minesweeper_steps`: the help mark, a game played
again, its end and figures). A game left (`Store.abandon`) changes only the row.

A game's help is a step of its log (`midend.minesweeper`: a ``help`` line, or an undo or redo
once it has started); the row's ``assisted`` is its summary for the records, written in the
same turn. A game logged before help was a step of the log has no ``help`` line, only the
row's mark: so a stored game is assisted when its log or its row says so."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from typing import Any

from sqlalchemy import Connection, Select, delete, insert, select, update

from gridpuzzles.bounds import BoundError, check_seed
from gridpuzzles.midend import Rewind
from gridpuzzles.midend import minesweeper as minesweeper_rules
from gridpuzzles.midend.minesweeper import Replay, play_of
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.puzzle import PuzzleRules
from gridpuzzles.midend.replay import frames, replayed
from gridpuzzles.midend.video_import import ImportedVideo, VideoSource
from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Game,
    Help,
    Layout,
    Move,
    Status,
    WinRule,
    figures,
    format_layout,
    new_game,
    parse_layout,
)
from gridpuzzles.minesweeper.core.moves import Step, parse_step, step_text
from gridpuzzles.minesweeper.core.records import LevelRecord, Outcome, level_records
from gridpuzzles.minesweeper.core.settings import level_of
from gridpuzzles.minesweeper.solving.noguess import placement
from gridpuzzles.mondrian.core.challenges import LEVELS
from gridpuzzles.mondrian.core.records import (
    Finish,
    Record,
    challenge_records,
    difficulty_records,
    new_bests,
)
from gridpuzzles.storage import engine, playing
from gridpuzzles.storage.errors import DatabaseError, StorageError
from gridpuzzles.storage.playing import (
    MINESWEEPER,
    MONDRIAN,
    PLAYING,
    NewGame,
    StoredGame,
    StoredStep,
    Turn,
    new_game_id,
    next_seq,
)
from gridpuzzles.storage.schema import games

RULES: PuzzleRules[Game, Move | Help] = minesweeper_rules
"""Minesweeper's rules as the mid-end's replay takes them (a step is a move or help, besides
undo and redo)."""
MAX_CHALLENGE_KEY = 4096
"""The longest challenge key kept for a Mondrian game (a published code has 9 characters, the
black blocks of a challenge 17; a game of 144 blocks fixed fits too)."""
_LARGEST_INTEGER = 2**63 - 1
"""The largest integer a database keeps (64-bit, signed)."""

SOLVED = Status.WON.value
"""The status of a solved Mondrian game: a won game's, as Minesweeper's."""
ABANDONED = "abandoned"
"""The status of a game left unfinished after its first reveal."""
_ENDED = (Status.WON.value, Status.LOST.value, ABANDONED)
REOPENED = {"status": PLAYING, "ended_at": None, "seconds": None, "three_bv": None}
"""The columns of a lost Minesweeper game whose mine was undone: played again, so no longer
in the records."""


@dataclass(frozen=True)
class TimedMove:
    """A step of a log (a move, help, an undo or a redo) and the time it was played (seconds,
    as passed to the core as ``now``)."""

    move: Step
    at: float

    @classmethod
    def parse(cls, text: str, at: float) -> TimedMove:
        """A step of a stored log: ``undo``, ``redo``, ``help`` or a move's text."""
        return cls(parse_step(text), at)

    @property
    def text(self) -> str:
        """The step's line in the log (`midend.replay.LogLine`)."""
        return step_text(self.move)


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to rebuild a game: config, seed or layout, and the moves played."""

    id: str
    config: Config
    seed: int
    layout: Layout | None = None
    """The mines when they were fixed before the first move (e.g. a no-guess board)."""
    moves: tuple[TimedMove, ...] = ()
    owner: str = ""
    """An opaque key of who may play the game (the web app keeps a token's hash here)."""
    counted: bool = True
    """Whether the result goes into the statistics (not for games on a chosen seed)."""
    created_at: float = 0.0
    assisted: bool = False
    """Whether the row marks the game assisted (its summary of the log's help; for a game
    logged before help was a step of the log, the only mark of its help)."""
    left: bool = False
    """Whether the player left the game unfinished (kept as abandoned: it takes no more moves)."""
    left_at: float | None = None
    """When the player left it (its clock stops there), if they did."""
    player: str | None = None
    """Whose records the game counts in (an opaque key), or None: everyone's."""
    imported: VideoSource | None = None
    """Where a game imported from a video comes from; None for a game played here."""

    def start(self) -> Game:
        """The game before any move."""
        if self.layout is None:
            return new_game(self.config, self.seed, placement(self.config))
        return Game(self.config, self.seed, self.layout, bytes(self.config.size))

    def play(self) -> Play[Game]:
        """The game after every stored step, exactly as it was played, with what undo and
        redo reach from there; assisted when its log or its row says so (`assisted`)."""
        played = played_on(play_of(self.start()), self.moves)
        return replace(played, assisted=played.assisted or self.assisted)

    def replay(self) -> Game:
        """The game after every stored move, undo and redo, exactly as it was played."""
        return self.play().state

    def watched(self) -> Replay:
        """The game to watch again, step by step, as every shell shows it: its start and the
        game after each step of its log, through the mid-end's replay (`ReplayError` for a
        log the rules cannot replay). Check `Replay.in_play` before showing any of it."""
        start = self.start()
        shown = tuple(frames(RULES, play_of(start), self.moves))
        assisted = self.assisted or (bool(shown) and shown[-1].play.assisted)
        imported_from = None if self.imported is None else self.imported.words
        return Replay(self.id, start, shown, self.counted, assisted, self.left, imported_from)


def played_on(current: Play[Game], moves: Sequence[TimedMove]) -> Play[Game]:
    """``current`` after ``moves`` (each played at its time), undo and redo: the mid-end's
    replay (`ReplayError` for a step the rules refuse)."""
    return replayed(RULES, current, moves, current.version)


@dataclass(frozen=True)
class PlayedGame:
    """A finished game in the history: what reproduces it and how it ended."""

    id: str
    config: Config
    seed: int
    outcome: Outcome


@dataclass(frozen=True)
class LevelStats:
    """The short record of one level (every first-click rule): unassisted games finished,
    won and the best unassisted winning time."""

    level: str
    played: int
    won: int
    best_time: float | None


def level_key(config: Config) -> str:
    """The name statistics are kept under: a built-in level's name, or ``WxH/MINES``, with
    `` no-guess`` after it for no-guess boards (their times compare only with each other)."""
    name = level_of(config) or f"{config.width}x{config.height}/{config.mines}"
    return f"{name} no-guess" if config.first_click is FirstClick.NO_GUESS else name


class Store:
    """A database of games and statistics: a SQLite file at ``where`` (created when missing)
    or, for a ``postgresql://`` URL, a PostgreSQL database."""

    def __init__(self, where: engine.Location) -> None:
        """Open (or create) the database and bring its schema to the newest revision;
        `StorageError` (a `DatabaseError` when the database itself fails) when ``where`` is a
        folder, not a SQLite file, another program's database, cannot be written, or a URL
        that is malformed or names a server that refuses. A database refused is left as it
        was."""
        self.where = engine.shown(where)
        """The file or the server's URL (without its password), as messages name it."""
        self._engine, self.path = engine.open_engine(where)
        """``path``: the SQLite file, or None on a server."""
        self._closed = False
        self._writing = threading.Lock() if self.path is not None else None
        """On a SQLite file, the turn of this process's writers (`_write_turn`)."""

    @contextmanager
    def transaction(self, writing: bool = True) -> Iterator[Connection]:
        """A connection in one transaction: committed on success, rolled back on error, any
        failure of the database a `DatabaseError` (for the storage package's own modules: the
        shells go through the store's methods)."""
        if self._closed:
            raise DatabaseError("the database is closed")
        with (
            self._write_turn(writing),
            engine.translated(),
            engine.transaction(self._engine, writing) as connection,
        ):
            yield connection

    @contextmanager
    def _write_turn(self, writing: bool) -> Iterator[None]:
        """On a SQLite file, this process's writing transactions take turns: SQLite's own wait
        for the file's lock sleeps in steps of up to 100 ms, so threads racing for it would
        wait far longer than the writes take (a move waited up to a second among 50 players).
        Other processes still wait on the file's lock, `engine.BUSY_SECONDS` at most, and so
        long at most for the turn: `DatabaseError` past it."""
        if not writing or self._writing is None:
            yield
            return
        if not self._writing.acquire(timeout=engine.BUSY_SECONDS):
            raise DatabaseError("database is locked")
        try:
            yield
        finally:
            self._writing.release()

    def close(self) -> None:
        """Close the database's connections; the store cannot be used afterwards."""
        self._closed = True
        self._engine.dispose()

    def start(self, game: NewGame, steps: Sequence[StoredStep] = ()) -> None:
        """Keep a new game of any puzzle (`NewGame`: its row, the puzzle's own columns in its
        ``part``) with the steps it already has; a game of a bounded puzzle
        (`playing.BOUNDED`) first forgets the idle games in play of its puzzle."""
        with self.transaction() as db:
            playing.start(db, game, steps)

    def read(self, puzzle: str, game_id: str, since: int | None = None) -> StoredGame | None:
        """The game ``game_id`` of ``puzzle`` (None when there is none, or no longer, or only
        its result is kept): its row, its own columns and every step; or, ``since`` the
        number of steps a copy of it knows, its row and only the steps after them (one cheap
        read: a process checks its copy against it before every use, since another process
        may have played on)."""
        with self.transaction(writing=False) as db:
            return playing.read(db, puzzle, game_id, since)

    @contextmanager
    def turn(
        self, puzzle: str, game_id: str, number: int, at: float, *, also: Collection[str] = ()
    ) -> Iterator[Turn]:
        """Step ``number`` of the game ``game_id`` of ``puzzle``, made at ``at``, in one
        transaction: the block appends it (`Turn.append`) and writes the game's end with it
        (`Turn.finish`, `Turn.in_records`). `MoveConflict`, and nothing written, when the
        game is unknown or no longer kept, has ended (unless its status is one of
        ``also``), or another process wrote a step of that number first. So a copy with the
        step count the player saw needs no read before the step."""
        with self.transaction() as db, playing.turn(db, puzzle, game_id, number, at, also) as now:
            yield now

    def add_game(self, saved: SavedGame) -> None:
        """Store a whole Minesweeper game with its moves (`minesweeper_game`); `StorageError`
        for a seed the database cannot keep exactly (outside 0 to `MAX_SEED`), before
        anything is written."""
        self.start(*minesweeper_game(saved))

    def add_imported(
        self, video: ImportedVideo, now: float, owner: str = "", player: str | None = None
    ) -> SavedGame:
        """Keep the game of the video file ``video`` as a game of its own, marked imported
        (with `ImportedVideo.origin`) and never counted in the records, ended as the video
        ends (won, lost, or left unfinished); the game as kept, with its new id. A video
        that does not say when it was played is kept as played ``now``."""
        moved = now if video.started_at == 0 else 0.0
        steps = [replace(step, at=step.at + moved) for step in video.steps]
        game = SavedGame(
            id=new_game_id(),
            config=video.start.config,
            seed=0,
            layout=video.layout,
            moves=tuple(TimedMove.parse(step.text, step.at) for step in steps),
            owner=owner,
            counted=False,
            created_at=steps[0].at if steps else video.started_at + moved,
            assisted=video.assisted,
            left=video.status is Status.PLAYING,
            left_at=steps[-1].at if steps else video.started_at + moved,
            player=player,
            imported=video.origin,
        )
        new, stored = minesweeper_game(game)
        last = game.replay()
        ended = {"status": ABANDONED} if game.left else {}
        with self.transaction() as db:
            playing.start(db, new, stored)
            db.execute(
                update(games)
                .where(games.c.id == game.id)
                .values(**ended, **ending(last, stored[-1].at if stored else game.created_at))
            )
        return game

    def puzzle_of(self, game_id: str) -> str | None:
        """Which puzzle the stored game ``game_id`` is of (``minesweeper`` or ``mondrian``),
        or None when no game has this id."""
        with self.transaction(writing=False) as db:
            found: str | None = db.execute(
                select(games.c.puzzle).where(games.c.id == game_id)
            ).scalar()
        return found

    def load_game(self, game_id: str) -> SavedGame | None:
        """The stored Minesweeper game with this id, or None."""
        stored = self.read(MINESWEEPER, game_id)
        return None if stored is None else saved_game(stored)

    def abandon(self, game_id: str, game: Game, at: float) -> None:
        """The player leaves ``game`` (the stored game ``game_id`` as it is now) at time
        ``at``: once its clock has started it counts as a loss; before, it is forgotten,
        unless it had help (an undo back to before the first reveal): then it is a loss too."""
        if game.over:
            return
        in_play = (games.c.id == game_id, games.c.status == PLAYING)
        with self.transaction() as db:
            if game.started_at is None:
                forgotten = db.execute(delete(games).where(*in_play, games.c.assisted.is_(False)))
                if forgotten.rowcount:
                    return
            left = update(games).where(*in_play).values(status=ABANDONED, **ending(game, at))
            db.execute(left)

    def last_config(self, owner: str) -> Config | None:
        """The board and rules of ``owner``'s latest game (to play them again), or None."""
        with self.transaction(writing=False) as db:
            row = db.execute(
                select(
                    games.c.width,
                    games.c.height,
                    games.c.mines,
                    games.c.first_click,
                    games.c.win_rule,
                    games.c.question_marks,
                )
                .where(games.c.owner == owner, games.c.puzzle == MINESWEEPER)
                .order_by(games.c.created_at.desc(), games.c.seq.desc())
                .limit(1)
            ).first()
        if row is None:
            return None
        width, height, mines, first, win, marks = row
        return Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks))

    def minesweeper_history(self, limit: int = 50, player: str | None = None) -> list[PlayedGame]:
        """The last ``limit`` counted games that ended, the latest first (of ``player`` only,
        when given)."""
        return self._played(
            lambda query: query.order_by(games.c.ended_at.desc(), games.c.seq.desc()).limit(limit),
            player,
        )

    def minesweeper_records(self, player: str | None = None) -> list[LevelRecord]:
        """The record of every level and first-click rule played (`core.records`), of
        ``player``'s games only when given."""
        return level_records(game.outcome for game in self._played(lambda query: query, player))

    def _played(
        self, tail: Callable[[Select[Any]], Select[Any]], player: str | None
    ) -> list[PlayedGame]:
        """The counted games that ended (``player``'s, when given), as ``tail`` orders and
        limits them."""
        query = select(
            games.c.id,
            games.c.level,
            games.c.width,
            games.c.height,
            games.c.mines,
            games.c.first_click,
            games.c.win_rule,
            games.c.question_marks,
            games.c.seed,
            games.c.status,
            games.c.assisted,
            games.c.seconds,
            games.c.three_bv,
            games.c.clicks,
            games.c.ended_at,
        ).where(games.c.counted, games.c.status.in_(_ENDED), games.c.puzzle == MINESWEEPER)
        if player is not None:
            query = query.where(games.c.player == player)
        with self.transaction(writing=False) as db:
            rows = db.execute(tail(query)).all()
        return [_played_game(*row) for row in rows]

    def add_mondrian_finish(self, finish: Finish, player: str | None = None) -> tuple[str, ...]:
        """Keep a solved Mondrian game whose steps were not kept (in ``player``'s records, or
        everyone's): a result of its own in ``games``, nothing to watch again
        (`keep_finish`). What it is a new best time of (`records.new_bests`), read in the
        same transaction. `StorageError`, before anything is written, for a difficulty not in
        `LEVELS`, a key longer than `MAX_CHALLENGE_KEY`, a time or move count that is not a
        number from 0, or an end that is not a number."""
        if finish.difficulty not in LEVELS:
            raise StorageError(
                f"a difficulty is one of {', '.join(LEVELS)}, not {finish.difficulty[:40]!r}"
            )
        if not 0 < len(finish.challenge) <= MAX_CHALLENGE_KEY:
            raise StorageError(
                f"a challenge key has 1 to {MAX_CHALLENGE_KEY} characters, not "
                f"{len(finish.challenge)}"
            )
        if not (
            math.isfinite(finish.seconds)
            and finish.seconds >= 0
            and math.isfinite(finish.ended_at)
            and 0 <= finish.moves <= _LARGEST_INTEGER
        ):
            raise StorageError(
                f"a solved game needs a time and a move count from 0 and when it "
                f"ended, not {finish.seconds} s, {finish.moves} moves, "
                f"{finish.ended_at}"
            )
        with self.transaction() as db:
            return keep_finish(db, finish, player)

    def mondrian_finishes(self, player: str | None = None) -> list[Finish]:
        """Every solved Mondrian game in the records (``player``'s only, when given), in the
        order they ended (at the same time: in the order stored)."""
        with self.transaction(writing=False) as db:
            return finishes(db, player)

    def mondrian_records(self, player: str | None = None) -> tuple[list[Record], list[Record]]:
        """The Mondrian records per challenge and per difficulty (`mondrian.core.records`),
        of ``player``'s games only when given."""
        kept = self.mondrian_finishes(player)
        return challenge_records(kept), difficulty_records(kept)

    def minesweeper_level_stats(self, player: str | None = None) -> list[LevelStats]:
        """The short record of every level played so far (by ``player``, when given), by
        level name."""
        by_level: dict[str, list[LevelRecord]] = {}
        for record in self.minesweeper_records(player):
            by_level.setdefault(record.level, []).append(record)
        return [
            LevelStats(
                level,
                sum(r.played for r in records),
                sum(r.won for r in records),
                min((r.best_times[0].seconds for r in records if r.best_times), default=None),
            )
            for level, records in sorted(by_level.items())
        ]


def finishes(db: Connection, player: str | None) -> list[Finish]:
    """Every solved Mondrian game in the records (``player``'s only, when given) read on
    ``db``, in the order they ended (at the same time: in the order stored)."""
    query = (
        select(
            games.c.challenge,
            games.c.level,
            games.c.seconds,
            games.c.assisted,
            games.c.clicks,
            games.c.ended_at,
        )
        .where(games.c.puzzle == MONDRIAN, games.c.status == SOLVED, games.c.counted)
        .order_by(games.c.ended_at, games.c.seq)
    )
    if player is not None:
        query = query.where(games.c.player == player)
    return [
        Finish(challenge, difficulty, seconds, bool(assisted), moves, ended_at)
        for challenge, difficulty, seconds, assisted, moves, ended_at in db.execute(query)
    ]


def keep_finish(
    db: Connection, finish: Finish, player: str | None, game_id: str | None = None
) -> tuple[str, ...]:
    """Keep ``finish`` in ``player``'s records (or everyone's) on ``db``: what it is a new best
    time of, among the finishes kept before it (every shell says so the same way). The
    Mondrian game ``game_id`` takes it (it is solved by it, and counted); with no game, it
    is a game of its own, solved, with no setup and no moves (nothing to watch again)."""
    earlier = finishes(db, player)
    values = finish_row(finish, player)
    if game_id is None:
        db.execute(
            insert(games).values(
                id=new_game_id(),
                owner="",  # no one plays it
                puzzle=MONDRIAN,
                seed=0,
                created_at=finish.ended_at - finish.seconds,  # its start, as its time says
                seq=next_seq(db),
                **values,
            )
        )
    else:
        db.execute(
            update(games).where(games.c.id == game_id, games.c.puzzle == MONDRIAN).values(values)
        )
    return new_bests(earlier, finish)


def finish_row(finish: Finish, player: str | None) -> dict[str, Any]:
    """The columns of a Mondrian game of ``games`` that keep ``finish`` in ``player``'s
    records: solved, counted, its challenge, difficulty (``level``), time, help, moves
    (``clicks``) and end."""
    return {
        "status": SOLVED,
        "counted": True,
        "challenge": finish.challenge,
        "level": finish.difficulty,
        "seconds": finish.seconds,
        "assisted": finish.assisted,
        "clicks": finish.moves,
        "ended_at": finish.ended_at,
        "player": player,
    }


def minesweeper_game(saved: SavedGame) -> tuple[NewGame, tuple[StoredStep, ...]]:
    """The row that starts the Minesweeper game ``saved`` (its part: its board and rules,
    seed and layout; its status and help as its steps leave it) and its steps; `StorageError`
    for a seed the database cannot keep exactly (outside 0 to `MAX_SEED`)."""
    try:
        check_seed(saved.seed, "the seed of a stored game")
    except BoundError as error:
        raise StorageError(str(error)) from None
    config = saved.config
    part = {
        "level": level_key(config),
        "width": config.width,
        "height": config.height,
        "mines": config.mines,
        "first_click": config.first_click.value,
        "win_rule": config.win_rule.value,
        "question_marks": config.question_marks,
        "seed": saved.seed,
        "layout": None if saved.layout is None else format_layout(saved.layout),
        "imported": None if saved.imported is None else asdict(saved.imported),
    }
    game = NewGame(
        saved.id,
        MINESWEEPER,
        saved.owner,
        saved.created_at,
        part,
        counted=saved.counted,
        player=saved.player,
        status=saved.replay().status.value,
        assisted=saved.assisted,
    )
    return game, tuple(StoredStep(n, t.text, t.at) for n, t in enumerate(saved.moves))


def saved_game(stored: StoredGame) -> SavedGame:
    """A whole read of a Minesweeper game (`Store.read` with no ``since``) as a `SavedGame`."""
    assert stored.part is not None  # a whole read
    part = stored.part
    config = Config(
        part["width"],
        part["height"],
        part["mines"],
        FirstClick(part["first_click"]),
        WinRule(part["win_rule"]),
        bool(part["question_marks"]),
    )
    layout = part["layout"]
    left = stored.status == ABANDONED
    return SavedGame(
        id=stored.id,
        config=config,
        seed=part["seed"],
        layout=None if layout is None else parse_layout(layout),
        moves=timed_moves(stored.steps),
        owner=stored.owner,
        counted=stored.counted,
        created_at=stored.created_at,
        assisted=stored.assisted,
        left=left,
        left_at=stored.ended_at if left else None,
        player=stored.player,
        imported=None if part.get("imported") is None else VideoSource(**part["imported"]),
    )


def timed_moves(steps: Sequence[StoredStep]) -> tuple[TimedMove, ...]:
    """The stored steps of a Minesweeper game as its moves, undos and redos."""
    return tuple(TimedMove.parse(step.text, step.at) for step in steps)


def takes(step: Step) -> tuple[str, ...]:
    """The statuses besides ``playing`` in which a Minesweeper game takes ``step``
    (`Store.turn`'s ``also``): a lost game takes the undo of the mine that lost it."""
    return (Status.LOST.value,) if step is Rewind.UNDO else ()


def write_minesweeper_steps(
    store: Store,
    game_id: str,
    number: int,
    at: float,
    steps: Sequence[Step],
    after: Game,
    assisted: bool,
) -> bool:
    """Write ``steps`` of the Minesweeper game ``game_id``, made at ``at`` from step
    ``number`` on, in one turn (`Store.turn`): a move, an undo or a redo, maybe followed by
    a ``help`` line, or a help line alone (`midend.minesweeper.logged_steps`), which led to
    ``after``, ``assisted`` or not; with what they change on the game's row: its assisted
    mark, a lost game played again (its mine undone), the end of the game (its status, time
    and figures) when they end it. `MoveConflict`, and nothing written, as `Store.turn`
    says. Whether the game is assisted now (by these steps, or by earlier help, maybe given
    through another process). Every shell writes a game's steps here."""
    with store.turn(MINESWEEPER, game_id, number, at, also=takes(steps[0])) as turn:
        marked = turn.assisted
        for index, step in enumerate(steps):
            changed: dict[str, Any] = {}
            last = index == len(steps) - 1
            if not marked and (isinstance(step, Help) or (assisted and last)):
                changed["assisted"] = marked = True
            if index == 0 and not after.over and turn.status != PLAYING:
                changed.update(REOPENED)
            turn.append(step_text(step), **changed)
        if after.over:
            turn.finish(status=after.status.value, **ending(after, turn.at))
        return marked


def ending(game: Game, at: float) -> dict[str, Any]:
    """The columns of a Minesweeper game that keep how it ended at ``at``: when, its time and
    figures."""
    numbers = figures(game, at)
    return {
        "ended_at": at,
        "seconds": numbers.elapsed,
        "three_bv": numbers.three_bv,
        "clicks": numbers.clicks,
    }


def _played_game(
    game_id: str,
    level: str,
    width: int,
    height: int,
    mines: int,
    first: str,
    win: str,
    marks: int,
    seed: int,
    status: str,
    assisted: int,
    seconds: float | None,
    bv: int | None,
    clicks: int,
    ended_at: float | None,
) -> PlayedGame:
    """A row of `Store._played` as a `PlayedGame`."""
    config = Config(width, height, mines, FirstClick(first), WinRule(win), bool(marks))
    outcome = Outcome(
        level=level,
        first_click=config.first_click,
        won=status == Status.WON.value,
        abandoned=status == ABANDONED,
        assisted=bool(assisted),
        seconds=seconds or 0.0,
        three_bv=bv,
        clicks=clicks,
        ended_at=ended_at or 0.0,
    )
    return PlayedGame(game_id, config, seed, outcome)


def records_json(records: Sequence[LevelRecord], history: Sequence[PlayedGame]) -> dict[str, Any]:
    """The records and the latest games as JSON data (seeds as strings: they are exact)."""
    return {
        "records": [
            {**asdict(record), "first_click": record.first_click.value, "win_rate": record.win_rate}
            for record in records
        ],
        "history": [
            {
                "id": game.id,
                "seed": str(game.seed),
                "width": game.config.width,
                "height": game.config.height,
                "mines": game.config.mines,
                **asdict(game.outcome),
                "first_click": game.outcome.first_click.value,
                "three_bv_per_second": game.outcome.three_bv_per_second,
            }
            for game in history
        ],
    }
