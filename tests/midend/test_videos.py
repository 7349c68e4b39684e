"""A kept game as a video (`midend.videos`): its EVF read back by ms-toollib with the same board,
3BV, result, time and clicks; its RAWVF laid out as the minesweeper-rawvf parsers write it; and
what no video can show (an undo, a redo, the flags win rule, a game in play) refused in one
line."""

from __future__ import annotations

import random
import re
import struct
from dataclasses import replace

import ms_toollib as ms
import pytest

from gridpuzzles import __version__
from gridpuzzles.history import Rewind
from gridpuzzles.midend.review import replay_statistics
from gridpuzzles.midend.videos import (
    SOFTWARE,
    ExportError,
    VideoFormat,
    evf,
    exported,
    rawvf,
    video_of,
)
from gridpuzzles.minesweeper import HELP, Config, Layout, Move, Status, level
from gridpuzzles.minesweeper.core.settings import WinRule
from gridpuzzles.storage import SavedGame, TimedMove
from tests.minesweeper.core.test_statistics import Style, played, toollib_board

START = 1_790_000_000.0
"""When the games here start (seconds since 1970)."""
STYLE = Style(chord=0.5, mark=0.5, flag=0.1, unflag=0.2)
"""Games with chords, flags (some wrong) and flags taken off, as well as reveals."""


def kept(
    config: Config, seed: int, style: Style = STYLE, pause: float = 0.0
) -> tuple[SavedGame, Status, Layout]:
    """A game of ``config`` on ``seed`` played to its end by the auto-player in ``style``,
    kept with its moves at random times (and one ``pause`` of seconds before its fifth move):
    the game as the store keeps it, how it ended and its mines."""
    game, moves = played(config, seed, style)
    assert game.over and game.layout is not None
    rng = random.Random(seed)
    at, log = START, []
    for number, move in enumerate(moves):
        at += rng.uniform(0.001, 2.5) + (pause if number == 4 else 0.0)
        log.append(TimedMove(move, at))
    return SavedGame(f"game{seed}", config, seed, moves=tuple(log)), game.status, game.layout


def read_back(data: bytes) -> ms.EvfVideo:
    """ms-toollib's reading of an EVF file, played to its end."""
    video = ms.EvfVideo(raw_data=list(data))
    video.parse()
    video.analyse()
    # The end of the video (settable in ms-toollib 1.5.20, missing from its type stub).
    video.current_time = 1e9  # type: ignore[attr-defined]
    return video


@pytest.mark.parametrize("name", ["small", "beginner", "intermediate", "expert"])
def test_ms_toollib_reads_our_evf_with_the_same_board_3bv_result_time_and_clicks(
    name: str,
) -> None:
    """Games won and lost, with chords, flags and a pause of more than a minute (longer than
    one EVF pause holds): ms-toollib replays our mouse events on our board to our result, in
    our time to the millisecond, with our 3BV and clicks."""
    endings = set()
    for seed in range(6):
        style = replace(STYLE, flag=0.2 * (seed % 2))  # wrong flags, every other game
        saved, status, layout = kept(level(name), seed, style, pause=70.0 * (seed % 2))
        replay = saved.watched()
        video = video_of(replay)
        assert video.layout == layout
        read = read_back(evf(video))
        ours = replay_statistics(replay)
        assert ours is not None
        assert read.board == toollib_board(layout)
        assert (read.row, read.column, read.mine_num) == (
            layout.height,
            layout.width,
            layout.mine_count,
        )
        assert read.bbbv == ours.three_bv == video.three_bv
        assert read.is_completed == (status is Status.WON)
        if status is Status.WON:
            assert read.bbbv_solved == read.bbbv
        assert read.rtime == pytest.approx(ours.seconds, abs=0.0015)
        assert (read.left, read.right, read.double) == (
            ours.left_clicks,
            ours.right_clicks,
            ours.double_clicks,
        )
        assert read.software == SOFTWARE == f"gridpuzzles {__version__}"
        endings.add(status)
    assert endings == {Status.WON, Status.LOST}


def test_a_game_with_question_marks_says_so_and_reads_back_the_same() -> None:
    """A right click cycles a flag, a question mark and nothing: EVF's option says so, and
    ms-toollib replays the game to the same result, time and clicks."""
    for seed in range(4):
        config = replace(level("beginner"), question_marks=True)
        saved, status, _ = kept(config, seed, replace(STYLE, flag=0.2 * (seed % 2)))
        replay = saved.watched()
        data = evf(video_of(replay))
        assert data[2] & 0b1000_0000
        read, ours = read_back(data), replay_statistics(replay)
        assert ours is not None and read.is_completed == (status is Status.WON)
        assert read.rtime == pytest.approx(ours.seconds, abs=0.0015)
        assert (read.left, read.right, read.double) == (
            ours.left_clicks,
            ours.right_clicks,
            ours.double_clicks,
        )
        assert "Marks: On" in rawvf(video_of(replay)).splitlines()


def test_the_evf_header_says_what_the_game_was_and_never_that_it_is_official() -> None:
    """The flags (won, never official, fair without help, translated), the board's size, its
    mines, 3BV and time, then the software (gridpuzzles) and the translating software."""
    saved, status, _ = kept(level("expert"), 0, replace(STYLE, flag=0.0))
    assert status is Status.WON
    video = video_of(saved.watched())
    data = evf(video)
    version, flags, options, height, width = data[:5]
    mines, pixels, mode, three_bv, ms_time = struct.unpack(">HBHHI", data[5:16])
    assert (version, height, width, mines, pixels, mode) == (4, 16, 30, 99, 16, 0)
    assert flags & 0b1000_0000  # completed: won
    assert not flags & 0b0100_0000  # never official
    assert flags & 0b0010_0000  # fair: no help
    assert flags & 0b0000_1000  # translated, from a move log
    assert options == 0  # no question marks
    assert three_bv == video.three_bv and ms_time == round(video.seconds * 1000)
    assert data[16:18] == b"XX"
    started, ended = struct.unpack(">QQ", data[18:34])
    assert ended - started == pytest.approx(video.seconds * 1e6, abs=1)
    texts = data[34:].split(b"\0")[:3]
    assert texts == [SOFTWARE.encode(), SOFTWARE.encode(), b"utf-8"]


def test_help_is_left_out_and_marks_the_video_unfair_and_assisted() -> None:
    saved, _, _ = kept(level("beginner"), 0)
    moves = list(saved.moves)
    moves.insert(2, TimedMove(HELP, moves[1].at + 0.001))
    helped = replace(saved, moves=tuple(moves))
    plain, assisted = video_of(saved.watched()), video_of(helped.watched())
    assert assisted.events == plain.events and assisted.assisted and not plain.assisted
    assert not evf(assisted)[1] & 0b0010_0000 and evf(plain)[1] & 0b0010_0000
    assert "Assisted: Yes" in rawvf(assisted).splitlines()
    assert read_back(evf(assisted)).rtime == read_back(evf(plain)).rtime


def test_a_game_with_an_undo_or_a_redo_is_refused_in_one_line() -> None:
    """Whether the undone move is played again (a redo) or another one is, the video would
    show a game that was never played so: the first undo is named."""
    saved, _, _ = kept(level("beginner"), 0)
    first, second, *rest = saved.moves
    undo = TimedMove(Rewind.UNDO, second.at + 0.1)
    for again in (TimedMove(Rewind.REDO, second.at + 0.2), replace(second, at=second.at + 0.2)):
        undone = replace(saved, moves=(first, second, undo, again, *rest))
        assert not undone.watched().in_play
        with pytest.raises(ExportError) as refused:
            exported(undone.watched(), VideoFormat.EVF)
        assert str(refused.value) == "game game0 had an undo, which a video cannot show"


def test_a_game_in_play_and_a_game_to_the_flags_rule_are_refused() -> None:
    saved, _, _ = kept(level("beginner"), 0)
    in_play = replace(saved, moves=saved.moves[:1])
    with pytest.raises(ExportError, match="still being played"):
        video_of(in_play.watched())
    flags = replace(level("beginner"), win_rule=WinRule.FLAGS)
    with pytest.raises(ExportError, match="flags win rule, which no video format has"):
        video_of(replace(saved, config=flags, moves=saved.moves[:1], left=True).watched())


def test_a_game_left_is_an_unfinished_video_of_the_moves_made() -> None:
    saved, _, layout = kept(level("beginner"), 1)
    left = replace(saved, moves=saved.moves[:3], left=True)
    video = video_of(left.watched())
    assert video.left and video.status is Status.PLAYING and video.layout == layout
    read = read_back(evf(video))
    assert not read.is_completed and read.board == toollib_board(layout)
    assert "Status: left" in rawvf(video).splitlines()


EVENT = re.compile(r"(-?\d+\.\d{3}) (lc|lr|rc|rr|mc|mr) (\d+) (\d+) \((\d+) (\d+)\)")
"""A mouse event of RAWVF: its time, the event, the column and row from 1, the pixel across
and down."""


@pytest.mark.parametrize("seed", range(4))
def test_rawvf_is_a_header_the_board_and_one_line_a_mouse_event(seed: int) -> None:
    saved, status, layout = kept(level("expert"), seed)
    replay = saved.watched()
    video = video_of(replay)
    text = rawvf(video)
    assert text.endswith("\n") and "\r" not in text
    lines = text.splitlines()
    board_at, events_at = lines.index("Board:"), lines.index("Events:")
    header = dict(line.split(": ", 1) for line in lines[:board_at])
    assert lines[0] == "RawVF_Version: Rev6"
    assert header["Program"] == "gridpuzzles" and header["Version"] == __version__
    assert (header["Level"], header["Width"], header["Height"], header["Mines"]) == (
        "Expert",
        "30",
        "16",
        "99",
    )
    assert header["Marks"] == "Off" and header["Mode"] == "Classic"
    assert header["BBBV"] == str(video.three_bv)
    assert header["Status"] == ("won" if status is Status.WON else "lost")
    assert header["Official"] == "No" and "gridpuzzles" in header["Transcoded"]
    rows = lines[board_at + 1 : events_at]
    assert rows == [
        "".join("*" if layout.is_mine(r * 30 + c) else "0" for c in range(30)) for r in range(16)
    ]
    events = [EVENT.fullmatch(line) for line in lines[events_at + 1 :]]
    assert all(events)
    found = [match.groups() for match in events if match]
    moves = [step.move for step in saved.moves]
    assert len(found) == 2 * len(moves)
    for (at, mouse, col, row, x, y), event in zip(found, video.events, strict=True):
        assert float(at) == pytest.approx(event.at - video.started_at, abs=0.0015)
        assert (mouse, int(col), int(row)) == (event.mouse, event.col + 1, event.row + 1)
        assert (int(x), int(y)) == ((int(col) - 1) * 16 + 8, (int(row) - 1) * 16 + 8)
    times = [float(at) for at, *_ in found]
    assert times == sorted(times)
    first_reveal = next(i for i, (_, mouse, *_) in enumerate(found) if mouse == "lr")
    assert times[first_reveal] == 0.0
    assert float(header["Time"]) == pytest.approx(times[-1], abs=0.0015)
    assert isinstance(moves[0], Move)
