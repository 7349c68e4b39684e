"""`gridpuzzles review FILE...`: video files reviewed without a store, one line a game (one
JSON object a line with ``--json``); a file that cannot be read is one line on standard error,
the others are still reviewed, and the command ends in failure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridpuzzles.midend.videos import evf, rawvf, video_of
from gridpuzzles.minesweeper import level
from tests.cli.test_replay import run
from tests.midend.test_videos import kept


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A won beginner game as EVF, the same as RAWVF, and a cut EVF."""
    saved, _, _ = kept(level("beginner"), 1)
    video = video_of(saved.watched())
    won, text, cut = tmp_path / "won.evf", tmp_path / "won.rawvf", tmp_path / "cut.EVF"
    won.write_bytes(evf(video))
    text.write_text(rawvf(video))
    cut.write_bytes(evf(video)[:60])
    return won, text, cut


def test_each_file_is_one_line_and_a_bad_one_is_one_error_line(
    files: tuple[Path, Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    won, text, cut = files
    status, out, err = run(["review", str(won), str(cut), str(text)], "", monkeypatch, capsys)
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 2
    for line, path, name in ((lines[0], won, "EVF"), (lines[1], text, "RAWVF")):
        assert line.startswith(f"{path}: beginner, won, 17 moves, {name}, recorded with ")
        assert "accuracy" in line and "; 3BV 12, 12 solved in 19.5 s" in line
    assert (
        err == f"gridpuzzles review: error: {cut}: the file ends inside its translating software\n"
    )


def test_json_is_one_object_a_line_naming_its_file(
    files: tuple[Path, Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    won, text, _ = files
    status, out, err = run(["review", "--json", str(won), str(text)], "", monkeypatch, capsys)
    assert status == 0 and err == ""
    answers = [json.loads(line) for line in out.splitlines()]
    assert [answer["file"] for answer in answers] == [str(won), str(text)]
    assert answers[0]["moves"] == answers[1]["moves"]
    assert answers[0]["summary"]["statistics"]["three_bv"] == 12


def test_a_missing_file_and_a_mix_of_ids_are_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    gone = tmp_path / "gone.avf"
    status, out, err = run(["review", str(gone), "some-id"], "", monkeypatch, capsys)
    assert status == 1 and out == ""
    assert err.splitlines() == [
        f"gridpuzzles review: error: {gone}: cannot be read (No such file or directory)",
        "gridpuzzles review: error: some-id: is not a video file of a known format "
        "(.evf, .rawvf, .avf, .rmv, .mvf)",
    ]
    status, _, err = run(["review", "one", "two"], "", monkeypatch, capsys)
    assert status == 2
    assert err == (
        "gridpuzzles review: error: review one kept game by its id, or video files by their names\n"
    )
