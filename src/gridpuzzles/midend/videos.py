"""A finished Minesweeper game as a video file of the community: EVF (ms-toollib's binary
format, version 4, as Metasweeper reads it) and RAWVF (the plain text of the
minesweeper-rawvf parsers, revision 6). Pure: a kept game's replay in, bytes or text out.

A video is mouse events; a game here is its log of moves. Each move becomes the mouse events
that make it, at its cell's centre (cells of `PIXELS` pixels) and at the time it was made: a
reveal a left press and release (``lc``, ``lr``), a flag a right press and release (``rc``,
``rr``), a chord a middle press and release (``mc``, ``mr``). No mouse move is made up between
them. What the log has and a video has no event for:

- a ``help`` line (a hint, the probabilities, Play Move) changes nothing on the board: it is
  left out, and the file says the game was not fair (EVF) or was assisted (RAWVF);
- an undo or a redo: a game that has one is refused (`ExportError`, "game X had an undo,
  which a video cannot show"). A video shows what the mouse did; the final line of play
  alone, with its times, would show a game that was never played so, and every move with the
  undone ones would show a board the rules never reached;
- the flags win rule: a game played to it is refused, as no video format has that rule (its
  readers would not see the win).

A game left unfinished has ended (it takes no more moves, and the records already give its
seed): it is exported as an unfinished video of the moves that were made. A game still being
played is never exported (its mines would be told before its end): `ExportError` too, though
every shell checks `Replay.in_play` first.

Every file says it comes from gridpuzzles (with its version) and is transcoded from a move log,
never that it is official: EVF's official bit is off and its translated bit on, with
gridpuzzles as the translating software; RAWVF says so in its header.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum

from gridpuzzles import __version__
from gridpuzzles.history import Rewind
from gridpuzzles.midend.minesweeper import Replay, clock_at
from gridpuzzles.minesweeper import Action, Help, Layout, Move, Status
from gridpuzzles.minesweeper.core.grid import three_bv
from gridpuzzles.minesweeper.core.moves import parse_step
from gridpuzzles.minesweeper.core.settings import WinRule

SOFTWARE = f"gridpuzzles {__version__}"
"""The software field of every file: this program, with its version."""
PIXELS = 16
"""The side of a cell in the video, in pixels: each click is at its cell's centre."""
MOUSE = {Action.REVEAL: ("lc", "lr"), Action.FLAG: ("rc", "rr"), Action.CHORD: ("mc", "mr")}
"""The mouse events that make each move: press, then release, at the move's time."""
EVF_EVENTS = {"lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7}
"""The byte of each mouse event in EVF."""
EVF_LIMIT = 255
"""EVF's largest side (one byte each)."""
RAWVF_LEVELS = {(8, 8, 10): "Beginner", (16, 16, 40): "Intermediate", (30, 16, 99): "Expert"}
"""The levels RAWVF names, by (width, height, mines), as the clones have them (their
beginner is 8x8, the level "small" here); any other board is "Custom"."""


class VideoFormat(Enum):
    """A video format a game is exported in."""

    EVF = "evf"
    RAWVF = "rawvf"

    @property
    def media_type(self) -> str:
        """The file's media type."""
        if self is VideoFormat.EVF:
            return "application/octet-stream"
        return "text/plain; charset=utf-8"


class ExportError(ValueError):
    """A kept game that no video can show, in one line: still being played, with an undo or
    a redo, to the flags win rule, with no reveal, or too large for the format."""


@dataclass(frozen=True)
class MouseEvent:
    """A mouse event of a video: ``mouse`` (``lc``, ``lr``, ...) at the centre of the cell
    ``row``, ``col`` (from 0), at ``at`` (seconds on the clock the game was played by)."""

    at: float
    mouse: str
    row: int
    col: int

    @property
    def x(self) -> int:
        """The pixel across, from the board's left edge."""
        return self.col * PIXELS + PIXELS // 2

    @property
    def y(self) -> int:
        """The pixel down, from the board's top edge."""
        return self.row * PIXELS + PIXELS // 2


@dataclass(frozen=True)
class Video:
    """A finished game as a video shows it: its board, its mouse events, how it ended and
    its time (the game's clock: from the first reveal to the end, or to the last move of a
    game left), when it started and ended (seconds since 1970), and whether it had help."""

    game_id: str
    layout: Layout
    question_marks: bool
    events: tuple[MouseEvent, ...]
    status: Status
    left: bool
    seconds: float
    started_at: float
    ended_at: float
    assisted: bool

    @property
    def won(self) -> bool:
        return self.status is Status.WON

    @property
    def three_bv(self) -> int:
        return three_bv(self.layout)

    def file_name(self, video_format: VideoFormat) -> str:
        """The name the file is offered under: ``gridpuzzles-ID.evf``."""
        return f"gridpuzzles-{self.game_id}.{video_format.value}"


def video_of(replay: Replay) -> Video:
    """The finished (or left) game ``replay`` as a video; `ExportError` for one that no video
    can show (see the module's words)."""
    game_id = replay.game_id
    if replay.in_play:
        raise ExportError(f"game {game_id} is still being played: export it once it ends")
    last = replay.last
    if last.config.win_rule is WinRule.FLAGS:
        raise ExportError(
            f"game {game_id} was played to the flags win rule, which no video format has"
        )
    if last.layout is None or last.started_at is None:
        raise ExportError(f"game {game_id} has no reveal: there is nothing to show")
    events: list[MouseEvent] = []
    for frame in replay.frames:
        step = parse_step(frame.text)
        if isinstance(step, Rewind):  # an undo: a redo never comes before one
            raise ExportError(f"game {game_id} had an undo, which a video cannot show")
        if isinstance(step, Help):
            continue
        assert isinstance(step, Move)
        events.extend(MouseEvent(frame.at, m, step.row, step.col) for m in MOUSE[step.action])
    end = replay.frames[-1]
    return Video(
        game_id=game_id,
        layout=last.layout,
        question_marks=last.config.question_marks,
        events=tuple(events),
        status=last.status,
        left=replay.left,
        seconds=clock_at(end),
        started_at=last.started_at,
        ended_at=last.ended_at if last.ended_at is not None else end.at,
        assisted=replay.assisted,
    )


def exported(replay: Replay, video_format: VideoFormat) -> bytes:
    """The file of ``replay`` in ``video_format`` (`video_of`, then `file_of`);
    `ExportError` for a game no video can show."""
    return file_of(video_of(replay), video_format)


def file_of(video: Video, video_format: VideoFormat) -> bytes:
    """The file of ``video`` in ``video_format``: `evf`, or `rawvf` as UTF-8 text."""
    if video_format is VideoFormat.EVF:
        return evf(video)
    return rawvf(video).encode()


def _ms(seconds: float) -> int:
    """Whole milliseconds, rounded."""
    return round(seconds * 1000)


def _text(value: str) -> bytes:
    """A text field of EVF: UTF-8, ended by a zero byte."""
    return value.encode() + b"\0"


def evf(video: Video) -> bytes:
    """``video`` in EVF version 4, as ms-toollib 1.5 writes it (``generate_evf_v4_raw_data``):

    - the version (4), two bytes of flags (completed: won; official: never; fair: no help;
      no-flag: no right click; translated: always; question marks), the height, the width,
      the mines (2 bytes), the cell's side in pixels, the mode (0, standard), the 3BV (2
      bytes), the time in milliseconds (4 bytes), the country ("XX", unknown), the start
      and end in microseconds since 1970 (8 bytes each), all numbers high byte first;
    - the texts, each ended by a zero byte: the software, then (as it is translated) the
      translating software and the original text encoding, the player, the race and the
      uniqueness identifiers (empty); a device id of 0 bytes;
    - the board, one bit a cell (1 a mine) row by row, padded to a whole byte; 0 custom
      figures (2 bytes);
    - the mouse events: the first as its event byte, its time (1 byte, 0 here: the video
      starts at it) and its pixel down then across (2 bytes each, ms-toollib's x is the
      row); each next one as its byte, the milliseconds since the one before (1 byte; a
      longer pause first as 255 and up to 65,535 ms in 2 bytes, as often as needed) and
      its move down and across (signed, 2 bytes each); then 0, and a checksum of 0 bytes.

    `ExportError` for a board of more than 255 rows or columns, or with no event."""
    layout = video.layout
    if layout.width > EVF_LIMIT or layout.height > EVF_LIMIT:
        raise ExportError(
            f"game {video.game_id} is {layout.width} by {layout.height} cells: EVF holds "
            f"at most {EVF_LIMIT} by {EVF_LIMIT}"
        )
    if not video.events:
        raise ExportError(f"game {video.game_id} has no move: there is nothing to show")
    flags = 0b1000_0000 if video.won else 0
    if not video.assisted:
        flags |= 0b0010_0000  # fair: no help
    if not any(e.mouse == "rc" for e in video.events):
        flags |= 0b0001_0000  # no flag
    flags |= 0b0000_1000  # translated (from a move log), by gridpuzzles
    options = 0b1000_0000 if video.question_marks else 0
    out = bytearray([4, flags, options, layout.height, layout.width])
    out += struct.pack(">HBHHI", layout.mine_count, PIXELS, 0, video.three_bv, _ms(video.seconds))
    out += b"XX"
    out += struct.pack(">QQ", _micro(video.started_at), _micro(video.ended_at))
    out += _text(SOFTWARE) + _text(SOFTWARE) + _text("utf-8")
    out += _text("") + _text("") + _text("")  # player, race, uniqueness
    out += struct.pack(">H", 0)  # no device id
    bits = "".join("1" if layout.is_mine(i) else "0" for i in range(layout.size))
    bits += "0" * (-len(bits) % 8)
    out += bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    out += struct.pack(">H", 0)  # no custom figures
    first = video.events[0]
    start = _ms(first.at)
    out += struct.pack(">BBHH", EVF_EVENTS[first.mouse], 0, first.x, first.y)
    before, before_ms = first, start
    for event in video.events[1:]:
        now = max(before_ms, _ms(event.at))  # never back in time
        pause = now - before_ms
        while pause > 255:
            held = min(pause, 65_535)
            out += struct.pack(">BH", 255, held)
            pause -= held
        out += struct.pack(
            ">BBhh", EVF_EVENTS[event.mouse], pause, event.x - before.x, event.y - before.y
        )
        before, before_ms = event, now
    out += bytes([0]) + struct.pack(">H", 0)  # the end of the events; no checksum
    return bytes(out)


def _micro(seconds: float) -> int:
    """Whole microseconds since 1970."""
    return max(0, round(seconds * 1_000_000))


def rawvf(video: Video) -> str:
    """``video`` as RAWVF text (revision 6, as the minesweeper-rawvf parsers write it): the
    header's ``Key: value`` lines, ``Board:`` and one line a row (``*`` a mine, ``0`` a safe
    cell), then ``Events:`` and one line a mouse event: its time in seconds with three
    decimals from the first reveal (negative before it), the event, its column and row from
    1, and its pixel across and down in brackets: ``0.000 lc 5 5 (72 72)``. Each line ends
    in ``\\n``."""
    layout = video.layout
    width, height, mines = layout.width, layout.height, layout.mine_count
    status = "won" if video.won else "left" if video.left else "lost"
    started = datetime.fromtimestamp(video.started_at, UTC)
    header = {
        "RawVF_Version": "Rev6",
        "Program": "gridpuzzles",
        "Version": __version__,
        "Level": RAWVF_LEVELS.get((width, height, mines), "Custom"),
        "Width": str(width),
        "Height": str(height),
        "Mines": str(mines),
        "Marks": "On" if video.question_marks else "Off",
        "Time": _seconds(_ms(video.seconds)),
        "BBBV": str(video.three_bv),
        "Status": status,
        "Timestamp": started.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "Mode": "Classic",
        "SquareSize": str(PIXELS),
        "Assisted": "Yes" if video.assisted else "No",
        "Official": "No",
        "Transcoded": f"from the move log of game {video.game_id} by {SOFTWARE}",
    }
    lines = [f"{key}: {value}" for key, value in header.items()]
    lines.append("Board:")
    for row in range(height):
        cells = range(row * width, (row + 1) * width)
        lines.append("".join("*" if layout.is_mine(i) else "0" for i in cells))
    lines.append("Events:")
    start_ms = _ms(video.started_at)
    for e in video.events:
        at = _seconds(_ms(e.at) - start_ms)
        lines.append(f"{at} {e.mouse} {e.col + 1} {e.row + 1} ({e.x} {e.y})")
    return "\n".join(lines) + "\n"


def _seconds(ms: int) -> str:
    """Milliseconds as seconds with three decimals: ``-0.250``, ``12.005``."""
    sign = "-" if ms < 0 else ""
    whole, part = divmod(abs(ms), 1000)
    return f"{sign}{whole}.{part:03d}"
