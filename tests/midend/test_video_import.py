"""A video file read back into a game (`midend.video_import`): our own EVF and RAWVF of played
games, and EVF written by ms-toollib itself, read back to the same mines, moves (times to the
millisecond) and result; every malformed, lying or hostile file refused in one line that names
it, never a crash, and never a crash log left behind by ms-toollib."""

from __future__ import annotations

import os
import struct
from dataclasses import replace
from pathlib import Path

import ms_toollib as ms
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridpuzzles.midend.video_import import (
    MAX_VIDEO_BYTES,
    ImportedVideo,
    VideoError,
    read_video,
    read_video_file,
)
from gridpuzzles.midend.videos import evf, rawvf, video_of
from gridpuzzles.minesweeper import Config, Layout, Status, level
from gridpuzzles.storage import SavedGame
from tests.midend.test_videos import STYLE, kept
from tests.minesweeper.core.test_statistics import filmed, played


def imported_twice(saved: SavedGame) -> tuple[ImportedVideo, ImportedVideo]:
    """``saved`` exported as EVF and as RAWVF, each read back."""
    video = video_of(saved.watched())
    return read_video("game.evf", evf(video)), read_video("game.rawvf", rawvf(video).encode())


def assert_same_game(saved: SavedGame, status: Status, layout: Layout, read: ImportedVideo) -> None:
    """``read`` is ``saved``: its mines, its moves at the same times (to the millisecond) and
    its result, and its replay is the stored game's replay."""
    assert read.layout == layout and read.status is status
    assert [step.text for step in read.steps] == [str(step.move) for step in saved.moves]
    for ours, back in zip(saved.moves, read.steps, strict=True):
        assert back.at == pytest.approx(ours.at, abs=0.0015)
    watched, replayed = saved.watched(), read.replay()
    assert replayed.last.marks == watched.last.marks and replayed.last.status is status
    assert replayed.left == (status is Status.PLAYING) and not replayed.counted


@pytest.mark.parametrize("name", ["beginner", "intermediate", "expert"])
def test_our_evf_and_rawvf_read_back_to_the_same_game(name: str) -> None:
    """Games won and lost (on expert), with chords, flags (some wrong, some taken off) and a
    pause longer than one EVF pause holds."""
    for seed in range(3):
        saved, status, layout = kept(level(name), seed, pause=70.0 * (seed % 2))
        video = video_of(saved.watched())
        for read in imported_twice(saved):
            assert_same_game(saved, status, layout, read)
            assert read.seconds == pytest.approx(video.seconds, abs=0.0015)
            assert read.started_at == pytest.approx(video.started_at, abs=0.0015)
            assert read.software.startswith("gridpuzzles") and not read.official
            assert read.player == "" and not read.assisted


def test_question_marks_a_game_left_and_help_read_back() -> None:
    config = replace(level("beginner"), question_marks=True)
    saved, status, layout = kept(config, 1, replace(STYLE, flag=0.3, unflag=0.4))
    for read in imported_twice(saved):
        assert read.question_marks
        assert_same_game(saved, status, layout, read)
    left = replace(kept(level("beginner"), 1)[0], left=True)
    left = replace(left, moves=left.moves[:3])
    for read in imported_twice(left):
        assert read.status is Status.PLAYING and read.replay().left
        assert "left unfinished" in read.description


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    width=st.integers(2, 12),
    height=st.integers(2, 9),
    density=st.floats(0.05, 0.3),
    seed=st.integers(0, 10_000),
)
def test_any_played_game_reads_back_from_both_formats(
    width: int, height: int, density: float, seed: int
) -> None:
    mines = max(1, min(width * height - 1, round(width * height * density)))
    saved, status, layout = kept(Config(width, height, mines), seed)
    for read in imported_twice(saved):
        assert_same_game(saved, status, layout, read)


def test_evf_written_by_ms_toollib_reads_back_to_its_moves() -> None:
    """ms-toollib films the moves (by its own clock) and writes the EVF itself, with a player
    and software of its own."""
    for seed in range(4):
        game, moves = played(Config(12, 7, 12), seed, STYLE)
        assert game.layout is not None
        video = filmed(game.layout, list(moves))
        video.player_identifier = "Ann Ü"
        video.software = "Metasweeper 3.2"
        video.generate_evf_v4_raw_data()
        read = read_video("ms.EVF", bytes(video.raw_data))
        assert read.layout == game.layout and read.status is game.status
        assert [step.text for step in read.steps] == [str(move) for move in moves]
        assert (read.player, read.software, read.video_format) == (
            "Ann Ü",
            "Metasweeper 3.2",
            "evf",
        )


@pytest.mark.parametrize(("name", "seed"), [("beginner", 2), ("intermediate", 3), ("expert", 4)])
def test_an_older_evf_version_is_read_by_ms_toollib_in_a_child_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, seed: int
) -> None:
    """EVF version 3 (ms-toollib writes it) goes through ms-toollib, in a child: the moves its
    analysis judged the clicks made (reveals, flags, chords, a losing click) are the game's
    own; a truncated one is refused, and ms-toollib's crash log lands nowhere near the
    current directory."""
    monkeypatch.chdir(tmp_path)
    saved, status, layout = kept(level(name), seed)
    video = ms.EvfVideo(raw_data=list(evf(video_of(saved.watched()))))
    video.parse()
    video.analyse()
    video.generate_evf_v3_raw_data()
    version_3 = bytes(video.raw_data)
    assert version_3[0] == 3
    read = read_video("old.evf", version_3)
    assert read.layout == layout and read.status is status
    assert [step.text for step in read.steps] == [str(step.move) for step in saved.moves]
    with pytest.raises(VideoError) as refused:
        read_video("old.evf", version_3[:40])
    assert str(refused.value) == "old.evf: ms-toollib cannot read it as an EVF file"
    assert os.listdir(tmp_path) == []


def refusal(name: str, data: bytes) -> str:
    """The one line ``data`` is refused in, checked to name the file."""
    with pytest.raises(VideoError) as refused:
        read_video(name, data)
    said = str(refused.value)
    assert said.startswith(f"{name}: ") and "\n" not in said
    return said


@pytest.fixture(scope="module")
def small() -> tuple[bytes, bytes]:
    """A small real game, won with flags and chords: its EVF and its RAWVF."""
    saved, _, _ = kept(Config(6, 5, 4), 3)
    video = video_of(saved.watched())
    return evf(video), rawvf(video).encode()


def test_every_truncation_of_a_small_file_is_refused_in_one_line(
    small: tuple[bytes, bytes],
) -> None:
    evf_data, rawvf_data = small
    for end in range(len(evf_data)):
        refusal("cut.evf", evf_data[:end])
    said = refusal("cut.evf", evf_data[:40])
    assert said.startswith("cut.evf: the file ends inside its ")
    lines = rawvf_data.split(b"\n")
    for end in range(len(lines) - 1):  # (a RAWVF cut at a line's end may be a shorter game)
        cut = b"\n".join(lines[:end])
        try:
            read_video("cut.rawvf", cut)
        except VideoError as error:
            assert str(error).startswith("cut.rawvf: ") and "\n" not in str(error)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_flipped_bits_never_crash(small: tuple[bytes, bytes], data: st.DataObject) -> None:
    """A bit flipped anywhere: the file is refused in one line, or still reads as a game
    that replays (a flip in a time or a name)."""
    for name, original in zip(("flip.evf", "flip.rawvf"), small, strict=True):
        at = data.draw(st.integers(0, len(original) * 8 - 1))
        flipped = bytearray(original)
        flipped[at // 8] ^= 1 << (at % 8)
        try:
            read = read_video(name, bytes(flipped))
        except VideoError as error:
            assert str(error).startswith(f"{name}: ") and "\n" not in str(error)
        else:
            assert read.replay().last.status is read.status


def test_wrong_magic_empty_and_unknown_formats(small: tuple[bytes, bytes]) -> None:
    evf_data, rawvf_data = small
    assert refusal("v9.evf", bytes([9]) + evf_data[1:]).endswith("(0 to 4)")
    assert "does not begin with 'RawVF_Version: Rev6'" in refusal(
        "g.rawvf", rawvf_data.replace(b"Rev6", b"Rev5")
    )
    assert refusal("x.rmv", b"RMV?" + bytes(100)).endswith("(it does not begin with '*rmv')")
    assert refusal("empty.evf", b"") == "empty.evf: the file is empty"
    assert "not a video file of a known format" in refusal("game.mp4", evf_data)
    assert "not a video file of a known format" in refusal("evf", evf_data)


def test_lying_headers_are_refused_before_any_work(small: tuple[bytes, bytes]) -> None:
    """A board larger than we play, more mines than cells, a device id longer than the
    file, a 3BV or mine count the board does not have, a result the moves do not reach."""
    evf_data, rawvf_data = small
    huge = evf_data[:3] + bytes([255, 255]) + evf_data[5:]
    assert "its board is 255 by 255 cells" in refusal("huge.evf", huge)
    crowded = evf_data[:5] + struct.pack(">H", 31) + evf_data[7:]
    assert refusal("crowded.evf", crowded) == "crowded.evf: says 31 mines on 30 cells"
    texts = 34 + sum(len(t) + 1 for t in evf_data[34:].split(b"\0")[:6])
    long_id = evf_data[:texts] + b"\xff\xff" + evf_data[texts + 2 :]
    assert "the file ends inside its device id" in refusal("id.evf", long_id)
    wrong_3bv = evf_data[:10] + struct.pack(">H", 999) + evf_data[12:]
    assert "says its 3BV is 999" in refusal("3bv.evf", wrong_3bv)
    won = evf_data[1] & 0b1000_0000
    claimed = evf_data[:1] + bytes([evf_data[1] ^ 0b1000_0000]) + evf_data[2:]
    said = refusal("claim.evf", claimed)
    assert said.startswith("claim.evf: the moves do not replay to the board the file ends with")
    assert said.endswith("(it says not won, the moves end won)" if won else "end lost)")
    text = rawvf_data.decode()
    assert "says 5 mines but its board has 4" in refusal(
        "m.rawvf", text.replace("Mines: 4", "Mines: 5").encode()
    )
    big = text.replace("Width: 6", "Width: 101").encode()
    assert "its board is 101 by 5 cells" in refusal("big.rawvf", big)


def test_rawvf_events_off_the_board_back_in_time_and_control_characters(
    small: tuple[bytes, bytes],
) -> None:
    lines = small[1].decode().splitlines()
    events = lines.index("Events:") + 1
    first = lines[events].split(" ")  # time, event, column, row, (x, y)
    off = [*lines[:events], f"{first[0]} {first[1]} 7 1 (104 8)", *lines[events + 1 :]]
    said = refusal("off.rawvf", "\n".join(off).encode())
    assert said == (
        f"off.rawvf: line {events + 1} is at row 1, column 7, off the board of 5 rows and 6 columns"
    )
    back = [*lines[: events + 2], f"-5.000 {lines[events + 2].split(' ', 1)[1]}"]
    assert "time goes back (-5.000 s after" in refusal("back.rawvf", "\n".join(back).encode())
    named = [lines[0], "Player: Ann\0Bob", *lines[1:]]
    assert refusal("nul.rawvf", "\n".join(named).encode()) == (
        "nul.rawvf: its Player holds a control character"
    )
    player = read_video("named.rawvf", "\n".join([lines[0], "Player: Ann", *lines[1:]]).encode())
    assert player.player == "Ann"


def test_files_too_large_not_regular_or_missing_are_refused_before_reading(
    tmp_path: Path, small: tuple[bytes, bytes]
) -> None:
    sparse = tmp_path / "huge.evf"
    with open(sparse, "wb") as file:
        file.truncate(2**31)  # 2 GiB that take no disk and are never read
    with pytest.raises(VideoError, match=r"huge\.evf: is 2,147,483,648 bytes, more than the"):
        read_video_file(sparse)
    assert "more than the" in refusal("big.evf", bytes(MAX_VIDEO_BYTES + 1))
    folder = tmp_path / "folder.evf"
    folder.mkdir()
    with pytest.raises(VideoError, match=r"folder\.evf: is a directory, not a video file$"):
        read_video_file(folder)
    fifo = tmp_path / "pipe.evf"
    os.mkfifo(fifo)
    with pytest.raises(VideoError, match=r"pipe\.evf: is not a regular file, not a video file"):
        read_video_file(fifo)  # (refused by its kind: never opened, so never waited on)
    with pytest.raises(VideoError, match=r"gone\.evf: cannot be read \(No such file"):
        read_video_file(tmp_path / "gone.evf")
    good = tmp_path / "good.EVF"
    good.write_bytes(small[0])
    assert read_video_file(good).source == str(good)


def test_a_flood_of_clicks_and_modes_we_do_not_replay_are_refused(
    small: tuple[bytes, bytes],
) -> None:
    """More moves than twice the largest board's cells (a flag put and taken off again and
    again), and EVF's modes whose mines show or move during play."""
    lines = small[1].decode().splitlines()
    events = lines.index("Events:") + 1
    flood = [f"0.000 {mouse} 1 1 (8 8)" for _ in range(20_001) for mouse in ("rc", "rr")]
    text = "\n".join([*lines[:events], *flood, *lines[events:]])
    assert refusal("flood.rawvf", text.encode()) == "flood.rawvf: has more than 20,000 moves"
    evf_data = small[0]
    for mode, words in ((1, "the UPK mode"), (9, "the strong guessable mode"), (99, "mode 99")):
        moded = evf_data[:8] + struct.pack(">H", mode) + evf_data[10:]
        assert refusal("mode.evf", moded) == (
            f"mode.evf: was played in {words}, whose rules ours do not replay"
        )
    blind = evf_data[:8] + struct.pack(">H", 12) + evf_data[10:]
    assert read_video("blind.evf", blind).steps == read_video("plain.evf", evf_data).steps


@pytest.mark.parametrize("name", ["junk.avf", "junk.MVF", "junk.rmv", "junk.evf"])
def test_junk_for_ms_toollib_is_refused_and_leaves_no_crash_log(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ms-toollib aborts its child process over a junk file: one line, and no crash.log."""
    monkeypatch.chdir(tmp_path)
    junk = bytes([2]) + b"*rmv" + bytes(range(256)) * 2
    if name.endswith("rmv"):
        junk = b"*rmv" + junk
    said = refusal(name, junk)
    assert "ms-toollib" in said or "moves do not replay" in said, said
    assert os.listdir(tmp_path) == []


def test_both_buttons_pressed_at_once_chord_as_avf_records_them() -> None:
    # ms-toollib reads AVF's press of both buttons together as one event, "sc"; its release
    # over a number whose mines are flagged is a chord, as two presses one after the other.
    from gridpuzzles.midend.video_import import Click, moves_of
    from gridpuzzles.minesweeper import Action, game_from_layout, parse_layout

    start = game_from_layout(parse_layout("*..\n...\n..."))
    clicks = [
        Click(0, "lc", (0, 1)),
        Click(10, "lr", (0, 1)),  # a 1
        Click(20, "rc", (0, 0)),
        Click(30, "rr", (0, 0)),  # its mine flagged
        Click(40, "sc", (0, 1)),
        Click(50, "lr", (0, 1)),
        Click(60, "rr", (0, 1)),
    ]
    moves, end = moves_of(start, clicks)
    assert [(m.action, m.row, m.col) for m, _ in moves] == [
        (Action.REVEAL, 0, 1),
        (Action.FLAG, 0, 0),
        (Action.CHORD, 0, 1),
    ]
    assert end.status is Status.WON
