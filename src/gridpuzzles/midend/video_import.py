"""A Minesweeper video of the community read back into a game of ours: its mines, its mouse
events turned into our moves, replayed through our rules and checked against how the file
says the game ended. Bytes in, a frozen `ImportedVideo` out; every refusal is one
`VideoError` line that names the file.

Which part reads what:

- RAWVF (revision 6, as `midend.videos` writes it) and EVF version 4 (as ms-toollib 1.5 and
  so Metasweeper write it, and as we do) are read here, by strict parsers bounded by the
  file's size: a field that lies (a board larger than we play, more events than bytes, a
  time going back) is refused before any work.
- AVF, RMV, MVF and the older EVF versions are read by ms-toollib. ms-toollib 1.5.20 is built
  to *abort the process* on a malformed file (a Rust panic is not a Python exception there),
  after writing ``crash.log`` into the current directory: so it reads each file in a child
  Python (`gridpuzzles.midend.toollib_reader`) run in an empty temporary directory, and a
  crash of the child is a refusal of the file, never of the program.

The mouse events become moves by the rules every clone shares (`moves_of`): a left press and
release on a hidden cell reveals it; a right press on a hidden or flagged cell flags it (and
cycles a question mark when the file has them on); a middle release, or the release of one
button after both were down, over an open number chords it. A click that changes nothing
(on an open cell, a chord that opens nothing, a press off the board) is no move, as it is no
change in the clone. The moves are made on our game on the file's fixed layout (no first
click safety moves a mine: `game_from_layout`), and the end is checked against the file: the
same result (won, lost or left), else `VideoError` "the moves do not replay to the board the
file ends with".
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from pathlib import Path, PurePath
from typing import TypeVar

from gridpuzzles.midend import minesweeper as minesweeper_rules
from gridpuzzles.midend.minesweeper import ENDINGS, Replay, board_words, play_of
from gridpuzzles.midend.puzzle import PuzzleRules
from gridpuzzles.midend.replay import LoggedStep, frames
from gridpuzzles.midend.videos import EVF_EVENTS, MOUSE, RAWVF_LEVELS
from gridpuzzles.minesweeper import (
    Action,
    Game,
    Help,
    Layout,
    Mark,
    Move,
    Status,
    chordable,
    game_from_layout,
    play,
    three_bv,
)
from gridpuzzles.minesweeper.core.settings import MAX_SIDE

MAX_VIDEO_BYTES = 8 * 1024 * 1024
"""The largest video file read (8 MiB): an expert game's EVF is tens of kilobytes, a long one
with every mouse move a few hundred; checked before a byte is read or parsed."""
MAX_EVENTS = 500_000
"""The most mouse events read from a file: more than any real game has (a mouse move every
millisecond for eight minutes), few enough to replay in seconds."""
MAX_MOVES = 20_000
"""The most moves read from a video: twice as many as the largest board we play has cells
(each cell opened, or flagged and unflagged), so a flood of clicks cannot make a review of
hours."""
MAX_TEXT = 1024
"""The longest text field read (a player's name, the software): bytes."""
CHILD_SECONDS = 30.0
"""How long ms-toollib may take over one file in its child process."""
FORMATS = ("evf", "rawvf", "avf", "rmv", "mvf")
"""The video formats read, each by its file name's extension (any case)."""
EXTENSIONS = ", ".join(f".{extension}" for extension in FORMATS)
"""The extensions of the formats read, in words: ".evf, .rawvf, .avf, .rmv, .mvf"."""
EVF_MOUSE = {code: mouse for mouse, code in EVF_EVENTS.items()} | {1: "mv", 8: "pf"}
"""The mouse event of each EVF event byte: ours (`EVF_EVENTS`), a move (1) and a flag put
before the game began (8, ``pf``)."""
PRESS = {release: press for press, release in MOUSE.values()}
"""The press of each release: ``lr`` -> ``lc``."""
EVF_MODES = {
    0: "standard",
    1: "UPK",
    2: "cheat",
    3: "density",
    4: "Win7",
    5: "classic no-guess",
    6: "strong no-guess",
    7: "weak no-guess",
    8: "quasi no-guess",
    9: "strong guessable",
    10: "weak guessable",
    11: "recursive",
    12: "standard blind",
}
"""EVF's game modes, by ms-toollib's (and Metasweeper's) numbers."""
REPLAYED_MODES = frozenset({0, 3, 4, 5, 6, 7, 8, 12})
"""The modes whose play our rules replay on the file's board: they differ from the standard
only in how the mines were laid before the first click. UPK shows the mines, cheat and the
guessable modes move them during play, and what recursive does is not known here."""


RULES: PuzzleRules[Game, Move | Help] = minesweeper_rules
"""Minesweeper's rules as the mid-end's replay takes them."""
Choice = TypeVar("Choice")


class VideoError(ValueError):
    """A video file that cannot be read into a game, in one line naming the file and what is
    wrong: "game.evf: the file ends inside its board (byte 40 of 41)"."""


@dataclass(frozen=True)
class VideoSource:
    """Where an imported game comes from: the file's name and format, the player and the
    software it names ("" when it names none), and whether it claims to be official (never
    trusted: an imported game is not counted)."""

    file: str
    video_format: str
    player: str
    software: str
    official: bool

    @property
    def recorded(self) -> str:
        """The format, player and software in words: "EVF by Ann, recorded with Arbiter 0.52"
        (the player and the software when the file names them)."""
        said = self.video_format.upper()
        if self.player:
            said += f" by {self.player}"
        if self.software:
            said += f", recorded with {self.software}"
        return said

    @property
    def words(self) -> str:
        """ "imported from a.evf (EVF by Ann, recorded with Arbiter 0.52, said official)"."""
        official = ", said official" if self.official else ""
        return f"imported from {self.file} ({self.recorded}{official})"


@dataclass(frozen=True)
class ImportedVideo:
    """A video read back as a game of ours: its file, format and mines, its moves (our move
    log, each at ``started_at`` plus its time in the video, where the first reveal is at 0),
    what the file says (its time, player, software, whether official and whether the player
    had help) and how replaying the moves ends (WON, LOST, or PLAYING for a game left)."""

    source: str
    video_format: str
    layout: Layout
    question_marks: bool
    steps: tuple[LoggedStep, ...]
    started_at: float
    seconds: float
    status: Status
    player: str
    software: str
    official: bool
    assisted: bool

    @property
    def description(self) -> str:
        """The game in words, for a line of its own: "expert, lost, 194 moves, EVF by
        Player, recorded with Metasweeper 3.2" (the player and the software when it says)."""
        name = board_words(self.start.config)
        moves = f"{len(self.steps)} move{'' if len(self.steps) == 1 else 's'}"
        return f"{name}, {ENDINGS[self.status]}, {moves}, {self.origin.recorded}"

    @property
    def start(self) -> Game:
        """The game before any move: the file's mines, laid before the first click."""
        return game_from_layout(self.layout, question_marks=self.question_marks)

    def replay(self, game_id: str = "imported") -> Replay:
        """The game to watch again, as a stored game's ``watched()`` gives it: our rules'
        replay of `steps` from `start`, never counted in the records, left when unfinished."""
        start = self.start
        shown = tuple(frames(RULES, play_of(start), self.steps))
        left = self.status is Status.PLAYING
        return Replay(
            game_id,
            start,
            shown,
            counted=False,
            assisted=self.assisted,
            left=left,
            imported_from=self.origin.words,
        )

    @property
    def origin(self) -> VideoSource:
        """Where the game comes from, as it is kept with it: the file by its name alone
        (never the folders of the machine it was read on)."""
        file = _shown_name(PurePath(self.source).name)
        if len(file) > MAX_TEXT:
            file = f"{file[:MAX_TEXT]}..."
        return VideoSource(file, self.video_format, self.player, self.software, self.official)


def read_video_file(path: Path) -> ImportedVideo:
    """The video at ``path`` (`read_video`); its name, size and kind are checked before it is
    opened: `VideoError` for a name of no video format, for what is not a regular file or is
    larger than `MAX_VIDEO_BYTES`, or cannot be read."""
    name = _shown_name(str(path))
    _format(name, path.name)
    try:
        found = os.stat(path)
    except OSError as error:
        raise VideoError(f"{name}: cannot be read ({error.strerror or error})") from None
    if not stat.S_ISREG(found.st_mode):
        kind = "a directory" if stat.S_ISDIR(found.st_mode) else "not a regular file"
        raise VideoError(f"{name}: is {kind}, not a video file")
    _check_size(name, found.st_size)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_VIDEO_BYTES + 1)
    except OSError as error:
        raise VideoError(f"{name}: cannot be read ({error.strerror or error})") from None
    return read_video(str(path), data)


def read_video(name: str, data: bytes) -> ImportedVideo:
    """The video file ``name`` holding ``data``: its format by the name's extension (any
    case: `FORMATS`), then checked by its content; `VideoError` for anything else."""
    shown = _shown_name(name)
    _check_size(shown, len(data))
    video_format = _format(shown, name)
    if not data:
        raise VideoError(f"{shown}: the file is empty")
    if video_format == "rawvf":
        recorded = _rawvf(shown, data)
    elif video_format == "evf" and data[0] == 4:
        recorded = _evf_v4(shown, data)
    else:
        recorded = _toollib(shown, video_format, data)
    return _imported(name, shown, video_format, recorded)


def _format(shown: str, name: str) -> str:
    """The format ``name`` says (`format_of`), else `VideoError`."""
    video_format = format_of(name)
    if video_format is None:
        raise VideoError(f"{shown}: is not a video file of a known format ({EXTENSIONS})")
    return video_format


def format_of(name: str) -> str | None:
    """The video format a file's name says (its extension, any case), or None."""
    stem, dot, extension = name.rpartition(".")
    extension = extension.lower()
    return extension if dot and stem and extension in FORMATS else None


def _check_size(shown: str, size: int) -> None:
    if size > MAX_VIDEO_BYTES:
        raise VideoError(
            f"{shown}: is {size:,} bytes, more than the {MAX_VIDEO_BYTES:,} a video file may have"
        )


def _shown_name(name: str) -> str:
    """A file's name for a one-line message: as given, or quoted when it holds a control
    character (a new line would break the line)."""
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return repr(name)
    return name


@dataclass(frozen=True)
class Click:
    """A mouse event of a file: ``mouse`` (``lc``, ``lr``, ``rc``, ``mv``...) at ``ms``
    milliseconds on the video's clock, over the cell ``row``, ``col`` (from 0), or off the
    board (None)."""

    ms: int
    mouse: str
    cell: tuple[int, int] | None
    judged: int = 0
    """What ms-toollib's analysis of the file judged the event did (`JUDGED`; 0: nothing, or
    a file read here)."""


@dataclass(frozen=True)
class Recorded:
    """What a file holds, read but not yet replayed: its mines, question marks, mouse events,
    what it says of the game (when it started, its time, the result it claims: True won,
    False not won, or the exact `Status`), and who and what recorded it."""

    layout: Layout
    question_marks: bool
    clicks: tuple[Click, ...]
    started_at: float
    seconds: float
    ending: Status | bool
    player: str
    software: str
    official: bool
    assisted: bool
    opened: frozenset[int] | None = None
    """The safe cells open at the end, when the file shows its last board (ms-toollib's
    reading does)."""
    judged: bool = False
    """Whether ms-toollib judged what each click did (`Click.judged`): its moves are then
    taken from that judgment (`judged_moves`), not from the buttons (`moves_of`)."""


def _imported(name: str, shown: str, video_format: str, recorded: Recorded) -> ImportedVideo:
    """``recorded`` made into our game: its moves (`moves_of`), times from the first reveal,
    checked against the ending the file says."""
    start = game_from_layout(recorded.layout, question_marks=recorded.question_marks)
    made = judged_moves if recorded.judged else moves_of
    try:
        moved, end = made(start, recorded.clicks)
    except VideoError as error:
        raise VideoError(f"{shown}: {error}") from None
    zero = next((ms for move, ms in moved if move.action is Action.REVEAL), 0)
    steps = tuple(
        LoggedStep(str(move), recorded.started_at + (ms - zero) / 1000) for move, ms in moved
    )
    claimed = recorded.ending
    ends = end.status is Status.WON if isinstance(claimed, bool) else end.status
    if ends != claimed:
        said = _ending_words(claimed)
        raise VideoError(
            f"{shown}: the moves do not replay to the board the file ends with "
            f"(it says {said}, the moves end {_ending_words(end.status)})"
        )
    if recorded.opened is not None and not _same_opened(recorded.opened, end):
        raise VideoError(
            f"{shown}: the moves do not replay to the board the file ends with "
            f"({len(recorded.opened)} safe cells open there, {len(_opened(end))} after them)"
        )
    return ImportedVideo(
        source=name,
        video_format=video_format,
        layout=recorded.layout,
        question_marks=recorded.question_marks,
        steps=steps,
        started_at=recorded.started_at,
        seconds=recorded.seconds,
        status=end.status,
        player=recorded.player,
        software=recorded.software,
        official=recorded.official,
        assisted=recorded.assisted,
    )


def _opened(game: Game) -> frozenset[int]:
    """The safe cells open in ``game``."""
    layout = game.layout
    assert layout is not None  # (a game on a file's layout)
    revealed = int(Mark.REVEALED)
    return frozenset(
        i for i, mark in enumerate(game.marks) if mark == revealed and not layout.is_mine(i)
    )


def _same_opened(opened: frozenset[int], end: Game) -> bool:
    """Whether the safe cells ``opened`` at a file's end are those open after our replay,
    ``end``. A game lost by a chord is the one allowance: the clones (and ms-toollib) open
    every safe cell around a chord that hits a mine, where our rules stop at the first mine, so
    there the file may show more cells open than our replay, never fewer."""
    ours = _opened(end)
    if end.status is Status.LOST:
        return ours <= opened
    return ours == opened


def _ending_words(ending: Status | bool) -> str:
    if isinstance(ending, bool):
        return "won" if ending else "not won"
    return {Status.WON: "won", Status.LOST: "lost", Status.PLAYING: "unfinished"}[ending]


def moves_of(start: Game, clicks: Iterable[Click]) -> tuple[list[tuple[Move, int]], Game]:
    """The moves ``clicks`` make from ``start`` (see the module's words), each with its
    time in milliseconds, and the game after them; clicks after the game's end change
    nothing, as in every clone. `VideoError` (without the file's name: the caller adds it)
    past `MAX_MOVES` moves."""
    game, moves = start, list[tuple[Move, int]]()
    down: set[str] = set()
    both = chorded = False
    chords = _Chords()
    for click in clicks:
        if game.over:
            break
        mouse, cell = click.mouse, click.cell
        move: Move | None = None
        if mouse == "sc":  # (AVF: both buttons pressed at once, ms-toollib's "sc")
            down, both = {"lc", "rc"}, True
        elif mouse in ("lc", "rc"):
            down.add(mouse)
            if down == {"lc", "rc"}:
                both = True
            elif mouse == "rc" and cell is not None and game.mark(*cell) != Mark.REVEALED:
                move = Move(Action.FLAG, *cell)
        elif mouse in ("lr", "rr"):
            down.discard(PRESS[mouse])
            if both and not chorded:
                chorded = True
                move = chords.on(game, cell)
            elif (
                not both
                and mouse == "lr"
                and cell is not None
                and game.mark(*cell) in (Mark.HIDDEN, Mark.QUESTION)
            ):
                move = Move(Action.REVEAL, *cell)
            if not down & {"lc", "rc"}:
                both = chorded = False
        elif mouse == "mr":
            move = chords.on(game, cell)
        elif mouse == "pf" and cell is not None and game.mark(*cell) != Mark.REVEALED:
            move = Move(Action.FLAG, *cell)
        if move is not None:
            if len(moves) == MAX_MOVES:
                raise VideoError(f"has more than {MAX_MOVES:,} moves")
            game = play(game, move, click.ms / 1000)
            moves.append((move, click.ms))
    return moves, game


JUDGED = {1: Action.FLAG, 2: Action.REVEAL, 3: Action.CHORD}
"""What ms-toollib's analysis judges a mouse event did (its ``useful_level``): a flag put or
taken off, a reveal or a chord that opened cells; 4 is the click that opened a mine (a reveal,
or a chord over an open number), 0 nothing."""


def judged_moves(start: Game, clicks: Iterable[Click]) -> tuple[list[tuple[Move, int]], Game]:
    """The moves ``clicks`` make from ``start`` as ms-toollib's analysis judged them
    (`Click.judged`), with the clone's own rules for its buttons (which button chords, on a
    press or a release): each with its time in milliseconds, and the game after them.
    `VideoError` (without the file's name) past `MAX_MOVES` moves."""
    game, moves = start, list[tuple[Move, int]]()
    for click in clicks:
        if game.over or not click.judged or click.cell is None:
            continue
        action = JUDGED.get(click.judged)
        if action is None:  # the losing click: over an open number, a chord
            opened = game.mark(*click.cell) == Mark.REVEALED
            action = Action.CHORD if opened else Action.REVEAL
        if len(moves) == MAX_MOVES:
            raise VideoError(f"has more than {MAX_MOVES:,} moves")
        move = Move(action, *click.cell)
        game = play(game, move, click.ms / 1000)
        moves.append((move, click.ms))
    return moves, game


class _Chords:
    """Where a chord opens something (`chordable`), worked out once a game state: a video
    may press the middle button over a number many times without a move between."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.cells: frozenset[tuple[int, int]] = frozenset()

    def on(self, game: Game, cell: tuple[int, int] | None) -> Move | None:
        """A chord on ``cell`` of ``game`` when it opens something there, else None."""
        if cell is None or game.mark(*cell) != Mark.REVEALED:
            return None
        if game is not self.game:
            self.game, self.cells = game, chordable(game)
        return Move(Action.CHORD, *cell) if cell in self.cells else None


# --- EVF version 4 --------------------------------------------------------------------------


class _Bytes:
    """A cursor over a file's bytes that refuses, in one line naming the file and the part
    being read, to read past its end."""

    def __init__(self, shown: str, data: bytes) -> None:
        self.shown, self.data, self.at = shown, data, 0

    def take(self, count: int, what: str) -> bytes:
        end = self.at + count
        if end > len(self.data):
            raise VideoError(
                f"{self.shown}: the file ends inside its {what} "
                f"(byte {len(self.data)} of {end} at least)"
            )
        part = self.data[self.at : end]
        self.at = end
        return part

    def number(self, count: int, what: str, signed: bool = False) -> int:
        return int.from_bytes(self.take(count, what), "big", signed=signed)

    def text(self, what: str) -> str:
        """A text ended by a zero byte, UTF-8, at most `MAX_TEXT` bytes, with no control
        character."""
        end = self.data.find(b"\0", self.at, self.at + MAX_TEXT + 1)
        if end < 0:
            if len(self.data) - self.at <= MAX_TEXT:
                raise VideoError(f"{self.shown}: the file ends inside its {what}")
            raise VideoError(f"{self.shown}: its {what} is longer than {MAX_TEXT} bytes")
        raw = self.take(end - self.at, what)
        self.at += 1
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            raise VideoError(f"{self.shown}: its {what} is not UTF-8 text") from None
        return _clean(self.shown, text, what)


def _clean(shown: str, text: str, what: str) -> str:
    """``text`` itself when it has no control character (a NUL, a new line, an escape)."""
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise VideoError(f"{shown}: its {what} holds a control character")
    return text


def _evf_v4(shown: str, data: bytes) -> Recorded:
    """EVF version 4, as `midend.videos.evf` writes it (and ms-toollib 1.5 before it)."""
    cursor = _Bytes(shown, data)
    cursor.take(1, "version")
    flags = cursor.number(1, "header")
    options = cursor.number(1, "header")
    height, width = cursor.number(1, "header"), cursor.number(1, "header")
    mines = cursor.number(2, "header")
    pixels = cursor.number(1, "header")
    mode = cursor.number(2, "header")
    stated_3bv = cursor.number(2, "header")
    ms_time = cursor.number(4, "header")
    cursor.take(2, "header")  # the country
    started_us = cursor.number(8, "header")
    cursor.number(8, "header")  # the end
    _check_board(shown, width, height, mines)
    if pixels < 1:
        raise VideoError(f"{shown}: its cells are 0 pixels wide")
    if mode not in REPLAYED_MODES:
        played = f"the {EVF_MODES[mode]} mode" if mode in EVF_MODES else f"mode {mode}"
        raise VideoError(f"{shown}: was played in {played}, whose rules ours do not replay")
    software = cursor.text("software")
    if flags & 0b0000_1000:  # translated: the translating software and the encoding
        cursor.text("translating software")
        cursor.text("text encoding")
    player = cursor.text("player")
    cursor.text("race identifier")
    cursor.text("uniqueness identifier")
    cursor.take(cursor.number(2, "device id"), "device id")
    bits = cursor.take((width * height + 7) // 8, "board")
    cells = bytes((bits[i // 8] >> (7 - i % 8)) & 1 for i in range(width * height))
    layout = Layout(width, height, cells)
    if layout.mine_count != mines:
        raise VideoError(
            f"{shown}: its header says {mines} mines but its board has {layout.mine_count}"
        )
    if cursor.number(2, "custom figures"):
        raise VideoError(f"{shown}: has custom figures, which this reader does not read")
    _check_3bv(shown, layout, stated_3bv)
    clicks = _evf_events(cursor, layout, pixels)
    return Recorded(
        layout=layout,
        question_marks=bool(options & 0b1000_0000),
        clicks=clicks,
        started_at=_since_1970(started_us / 1_000_000),
        seconds=ms_time / 1000,
        ending=bool(flags & 0b1000_0000),
        player=player,
        software=software,
        official=bool(flags & 0b0100_0000),
        assisted=not flags & 0b0010_0000,
    )


def _evf_events(cursor: _Bytes, layout: Layout, pixels: int) -> tuple[Click, ...]:
    """EVF version 4's mouse events: the first with its time byte and its pixel, each next
    with its pause (255 then two bytes: a long pause, added to the next) and its move, until
    the byte 0; then the checksum's length and bytes."""
    clicks: list[Click] = []
    code = cursor.number(1, "mouse events")
    if code not in EVF_MOUSE:
        raise VideoError(f"{cursor.shown}: does not begin its mouse events with one")
    ms = cursor.number(1, "mouse events")
    x, y = cursor.number(2, "mouse events"), cursor.number(2, "mouse events")
    while code:
        if code == 255:
            ms += cursor.number(2, "mouse events")
        else:
            mouse = EVF_MOUSE.get(code)
            if mouse is None:
                raise VideoError(
                    f"{cursor.shown}: has an unknown mouse event ({code}) at byte {cursor.at}"
                )
            clicks.append(Click(ms, mouse, _cell_at(layout, pixels, x, y)))
            if len(clicks) > MAX_EVENTS:
                raise VideoError(f"{cursor.shown}: has more than {MAX_EVENTS:,} mouse events")
        code = cursor.number(1, "mouse events")
        if code and code != 255:
            ms += cursor.number(1, "mouse events")
            x += cursor.number(2, "mouse events", signed=True)
            y += cursor.number(2, "mouse events", signed=True)
    cursor.take(cursor.number(2, "checksum"), "checksum")
    if cursor.at != len(cursor.data):
        raise VideoError(
            f"{cursor.shown}: has {len(cursor.data) - cursor.at} bytes after its checksum"
        )
    return tuple(clicks)


def _cell_at(layout: Layout, pixels: int, x: int, y: int) -> tuple[int, int] | None:
    """The cell (row, column from 0) under the pixel ``x`` across and ``y`` down, or None
    off the board: a recorder follows the mouse over its whole window."""
    row, col = y // pixels, x // pixels
    if x < 0 or y < 0 or row >= layout.height or col >= layout.width:
        return None
    return (row, col)


def _check_board(shown: str, width: int, height: int, mines: int) -> None:
    """Refuse a board we do not play (a side of 0 or more than `MAX_SIDE`) or too many
    mines for it, before its cells are read."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise VideoError(
            f"{shown}: its board is {width} by {height} cells; boards here are from 1 to "
            f"{MAX_SIDE} cells a side"
        )
    if mines > width * height:
        raise VideoError(f"{shown}: says {mines} mines on {width * height} cells")


def _check_3bv(shown: str, layout: Layout, stated: int | None) -> None:
    if stated is not None and stated != three_bv(layout):
        raise VideoError(f"{shown}: says its 3BV is {stated} but its board's is {three_bv(layout)}")


def _since_1970(seconds: float) -> float:
    """A start time a file gives (seconds since 1970), when it is a plausible one (from 1990
    to 2200), else 0.0: the file does not say."""
    return seconds if 631_152_000 <= seconds <= 7_258_118_400 else 0.0


# --- RAWVF revision 6 -----------------------------------------------------------------------

RAWVF_KEYS = {"Width", "Height", "Mines", "Marks", "Time", "Status", "Timestamp"}
"""The header's keys every RAWVF file read needs."""
_RAWVF_EVENT = re.compile(
    r"(-?[0-9]{1,7}\.[0-9]{3}) (lc|lr|rc|rr|mc|mr|mv) ([0-9]{1,4}) ([0-9]{1,4}) "
    r"\(([0-9]{1,6}) ([0-9]{1,6})\)"
)
"""A mouse event line: its time (three decimals), the event, its column and row from 1 and
its pixel across and down."""
_RAWVF_KEY = re.compile(r"([A-Za-z][A-Za-z0-9_]{0,39}): (.*)")
_SECONDS = re.compile(r"[0-9]{1,7}\.[0-9]{3}")
RAWVF_ENDINGS = {"won": Status.WON, "lost": Status.LOST, "left": Status.PLAYING}
"""The Status line's words."""


def _rawvf(shown: str, data: bytes) -> Recorded:
    """RAWVF revision 6, as `midend.videos.rawvf` writes it: the header's ``Key: value``
    lines (keys it does not know are passed over), ``Board:`` and its rows, ``Events:``
    and one line a mouse event."""
    try:
        text = data.decode()
    except UnicodeDecodeError as error:
        raise VideoError(f"{shown}: is not UTF-8 text (byte {error.start + 1})") from None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    lines = [line.removesuffix("\r") for line in lines]
    if not lines or lines[0] != "RawVF_Version: Rev6":
        raise VideoError(f"{shown}: does not begin with 'RawVF_Version: Rev6'")
    try:
        board_at, events_at = lines.index("Board:"), lines.index("Events:")
    except ValueError:
        raise VideoError(f"{shown}: lacks its 'Board:' or 'Events:' line") from None
    header = _rawvf_header(shown, lines[1:board_at])
    width = _rawvf_whole(shown, header, "Width")
    height = _rawvf_whole(shown, header, "Height")
    mines = _rawvf_whole(shown, header, "Mines")
    _check_board(shown, width, height, mines)
    rows = lines[board_at + 1 : events_at]
    layout = _rawvf_board(shown, rows, width, height, board_at)
    if layout.mine_count != mines:
        raise VideoError(f"{shown}: says {mines} mines but its board has {layout.mine_count}")
    if "BBBV" in header:
        _check_3bv(shown, layout, _rawvf_whole(shown, header, "BBBV"))
    if header.get("Mode", "Classic") != "Classic":
        raise VideoError(f"{shown}: was played in mode {header['Mode']!r}, not Classic")
    level = RAWVF_LEVELS.get((width, height, mines), "Custom")
    if header.get("Level", level) != level:
        raise VideoError(f"{shown}: says level {header['Level']!r} of a {level} board")
    pixels = _rawvf_whole(shown, header, "SquareSize") if "SquareSize" in header else 16
    if pixels < 1:
        raise VideoError(f"{shown}: its cells are 0 pixels wide")
    marks = _rawvf_choice(shown, header, "Marks", {"On": True, "Off": False})
    ending = _rawvf_choice(shown, header, "Status", RAWVF_ENDINGS)
    if not _SECONDS.fullmatch(header["Time"]):
        raise VideoError(f"{shown}: its Time is not seconds with three decimals")
    try:
        started = datetime.fromisoformat(header["Timestamp"])
    except ValueError:
        raise VideoError(f"{shown}: its Timestamp is not a date and time") from None
    if started.tzinfo is None:
        raise VideoError(f"{shown}: its Timestamp has no time zone")
    events = lines[events_at + 1 :]
    if len(events) > MAX_EVENTS:
        raise VideoError(f"{shown}: has more than {MAX_EVENTS:,} mouse events")
    clicks = tuple(
        _rawvf_click(shown, line, events_at + 2 + number, layout, pixels)
        for number, line in enumerate(events)
    )
    _check_times(shown, [click.ms for click in clicks], events_at + 2)
    return Recorded(
        layout=layout,
        question_marks=marks,
        clicks=clicks,
        started_at=_since_1970(started.timestamp()),
        seconds=float(header["Time"]),
        ending=ending,
        player=header.get("Player", ""),
        software=" ".join(filter(None, (header.get("Program"), header.get("Version")))),
        official=_rawvf_choice(shown, header, "Official", {"Yes": True, "No": False}, "No"),
        assisted=_rawvf_choice(shown, header, "Assisted", {"Yes": True, "No": False}, "No"),
    )


def _rawvf_header(shown: str, lines: Sequence[str]) -> dict[str, str]:
    header: dict[str, str] = {}
    for number, line in enumerate(lines, 2):
        found = _RAWVF_KEY.fullmatch(line)
        if found is None:
            raise VideoError(f"{shown}: line {number} is not a 'Key: value' line")
        key, value = found.groups()
        if key in header:
            raise VideoError(f"{shown}: line {number} gives {key} a second time")
        if len(value.encode()) > MAX_TEXT:
            raise VideoError(f"{shown}: its {key} is longer than {MAX_TEXT} bytes")
        header[key] = _clean(shown, value, key)
    missing = sorted(RAWVF_KEYS - header.keys())
    if missing:
        raise VideoError(f"{shown}: its header lacks {', '.join(missing)}")
    return header


def _rawvf_whole(shown: str, header: dict[str, str], key: str) -> int:
    value = header[key]
    if not (value.isascii() and value.isdigit() and len(value) <= 6):
        raise VideoError(f"{shown}: its {key} is not a whole number of at most 6 digits")
    return int(value)


def _rawvf_choice(
    shown: str, header: dict[str, str], key: str, choices: dict[str, Choice], default: str = ""
) -> Choice:
    value = header.get(key, default)
    if value not in choices:
        raise VideoError(f"{shown}: its {key} is {value!r}, not one of {', '.join(choices)}")
    return choices[value]


def _rawvf_board(shown: str, rows: Sequence[str], width: int, height: int, board_at: int) -> Layout:
    if len(rows) != height:
        raise VideoError(f"{shown}: its board has {len(rows)} rows, not {height}")
    for number, row in enumerate(rows, board_at + 2):
        if len(row) != width or row.strip("*0"):
            raise VideoError(
                f"{shown}: line {number} is not a row of {width} cells ('*' a mine, '0' not)"
            )
    return Layout(width, height, "".join(rows).translate({42: 1, 48: 0}).encode("latin-1"))


def _rawvf_click(shown: str, line: str, number: int, layout: Layout, pixels: int) -> Click:
    found = _RAWVF_EVENT.fullmatch(line)
    if found is None:
        raise VideoError(
            f"{shown}: line {number} is not a mouse event (such as '0.000 lc 5 5 (72 72)')"
        )
    at, mouse, col, row, x, y = found.groups()
    cell = (int(row) - 1, int(col) - 1)
    if not (0 <= cell[0] < layout.height and 0 <= cell[1] < layout.width):
        raise VideoError(
            f"{shown}: line {number} is at row {row}, column {col}, off the board of "
            f"{layout.height} rows and {layout.width} columns"
        )
    if (int(y) // pixels, int(x) // pixels) != cell:
        raise VideoError(
            f"{shown}: line {number}'s pixel ({x} {y}) is not in row {row}, column {col}"
        )
    whole, part = at.split(".")
    ms = int(whole) * 1000 + (-1 if at.startswith("-") else 1) * int(part)
    return Click(ms, mouse, cell)


def _check_times(shown: str, times: Sequence[int], first_line: int) -> None:
    for number, (before, now) in enumerate(pairwise(times), 1):
        if now < before:
            raise VideoError(
                f"{shown}: line {first_line + number}'s time goes back "
                f"({now / 1000:.3f} s after {before / 1000:.3f} s)"
            )


# --- the formats ms-toollib reads -----------------------------------------------------------

RMV_MAGIC = b"*rmv"
"""The first bytes of an RMV file."""
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
"""The directory this copy of gridpuzzles is imported from."""
CHILD = (
    f"import sys; sys.path.insert(0, {PACKAGE_ROOT!r}); "
    "from gridpuzzles.midend.toollib_reader import main; main()"
)
"""The child's program: `toollib_reader` of this very copy of gridpuzzles, in Python's
isolated mode (no environment variable, no user site, not the current directory on its
path)."""


def _toollib(shown: str, video_format: str, data: bytes) -> Recorded:
    """A file ms-toollib reads, read in a child process (`toollib_reader`): its abort on a
    malformed file ends the child only, and its ``crash.log`` lands in an empty temporary
    directory that is then removed."""
    if video_format == "evf" and data[0] > 4:
        raise VideoError(f"{shown}: is not an EVF file of a version read here (0 to 4)")
    if video_format == "rmv" and not data.startswith(RMV_MAGIC):
        raise VideoError(f"{shown}: is not an RMV file (it does not begin with '*rmv')")
    with tempfile.TemporaryDirectory(prefix="gridpuzzles-video-") as empty:
        try:
            done = subprocess.run(
                [sys.executable, "-I", "-c", CHILD, video_format],
                input=data,
                capture_output=True,
                cwd=empty,
                timeout=CHILD_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise VideoError(
                f"{shown}: ms-toollib took more than {CHILD_SECONDS:.0f} s over it"
            ) from None
    if done.returncode != 0:
        raise VideoError(f"{shown}: ms-toollib cannot read it as an {video_format.upper()} file")
    try:
        read = json.loads(done.stdout)
    except ValueError:
        raise VideoError(f"{shown}: ms-toollib's reading of it is not readable") from None
    return _from_toollib(shown, read)


def _from_toollib(shown: str, read: object) -> Recorded:
    """ms-toollib's reading (`toollib_reader.reading`) checked like a file of ours."""
    unreadable = VideoError(f"{shown}: ms-toollib's reading of it is not readable")
    if not isinstance(read, dict):
        raise unreadable
    try:
        board, events = read["board"], read["events"]
        if not (isinstance(board, list) and board and isinstance(events, list)):
            raise unreadable
        height, width = len(board), len(board[0])
        mines = sum(cell == -1 for row in board for cell in row)
        _check_board(shown, width, height, mines)
        if any(len(row) != width for row in board):
            raise VideoError(f"{shown}: its board's rows are not all {width} cells long")
        layout = Layout(width, height, bytes(int(c == -1) for row in board for c in row))
        pixels = int(read["pixels"])
        if pixels < 1:
            raise VideoError(f"{shown}: its cells are 0 pixels wide")
        if len(events) > MAX_EVENTS:
            raise VideoError(f"{shown}: has more than {MAX_EVENTS:,} mouse events")
        clicks = tuple(
            Click(
                round(float(t) * 1000),
                str(m),
                _cell_at(layout, pixels, int(x), int(y)),
                int(judged),
            )
            for t, m, x, y, judged in events
        )
        _check_times(shown, [click.ms for click in clicks], 1)
        final = read["final"]
        if not (isinstance(final, list) and len(final) == height):
            raise unreadable
        opened = frozenset(
            row * width + col
            for row, cells in enumerate(final)
            for col, cell in enumerate(cells)
            if 0 <= cell <= 8 and not layout.is_mine(row * width + col)
        )
        return Recorded(
            layout=layout,
            question_marks=False,
            clicks=clicks,
            started_at=_since_1970(float(read["start_time"]) / 1_000_000),
            seconds=float(read["rtime"]),
            ending=bool(read["is_completed"]),
            player=_clean(shown, str(read["player"])[:MAX_TEXT], "player"),
            software=_clean(shown, str(read["software"])[:MAX_TEXT], "software"),
            official=bool(read["is_official"]),
            assisted=False,  # (ms-toollib 1.5.20 reads EVF's fair flag as off when it is on)
            opened=opened,
            judged=True,
        )
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        if isinstance(error, VideoError):
            raise
        raise unreadable from None
