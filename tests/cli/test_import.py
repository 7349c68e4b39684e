"""`gridpuzzles import FILE...`: video files kept as games of their own, marked imported and
never counted in the records, then watched, reviewed and exported as any game; a file that
cannot be read is one line on standard error and nothing of it is kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridpuzzles.midend.video_import import read_video
from gridpuzzles.midend.videos import VideoFormat, evf, exported, rawvf, video_of
from gridpuzzles.minesweeper import Status, level
from gridpuzzles.storage import Store
from tests.cli.test_replay import run
from tests.midend.test_videos import START, kept


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A won beginner game as EVF, a lost intermediate one as RAWVF, and a cut EVF."""
    won, _, _ = kept(level("beginner"), 1)
    lost, status, _ = kept(level("intermediate"), 3)
    assert status is Status.LOST
    paths = tmp_path / "won.evf", tmp_path / "lost.rawvf", tmp_path / "cut.evf"
    paths[0].write_bytes(evf(video_of(won.watched())))
    paths[1].write_text(rawvf(video_of(lost.watched())))
    paths[2].write_bytes(evf(video_of(won.watched()))[:60])
    return paths


def test_imported_games_are_kept_watched_reviewed_and_never_counted(
    files: tuple[Path, Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    won, lost, cut = files
    db = str(tmp_path / "games.db")
    status, out, err = run(
        ["import", str(won), str(cut), str(lost), "--db", db], "", monkeypatch, capsys
    )
    assert status == 1
    assert (
        err == f"gridpuzzles import: error: {cut}: the file ends inside its translating software\n"
    )
    lines = out.splitlines()
    assert len(lines) == 3 and lines[2].startswith("Watch one with gridpuzzles replay ID")
    assert lines[0].startswith("won.evf: kept as game ")
    assert ": beginner, imported from won.evf (EVF, recorded with gridpuzzles " in lines[0]
    assert lines[0].endswith(", won, 17 steps")
    assert ": intermediate, imported from lost.rawvf (RAWVF, recorded with " in lines[1]
    assert ", lost, " in lines[1]
    ids = [line.split()[4].rstrip(":") for line in lines[:2]]

    store = Store(db)
    try:
        for game_id, path in zip(ids, (won, lost), strict=True):
            kept_game = store.load_game(game_id)
            assert kept_game is not None and not kept_game.counted
            assert kept_game.imported is not None and kept_game.imported.file == path.name
            read = read_video(str(path), path.read_bytes())
            assert [m.text for m in kept_game.moves] == [s.text for s in read.steps]
            assert [m.at for m in kept_game.moves] == [s.at for s in read.steps]
            assert kept_game.moves[0].at >= START  # the time the file says it was played
            assert kept_game.layout == read.layout
        assert store.minesweeper_records() == [] and store.minesweeper_history() == []
        # Exported again, the game is the same video (the software says gridpuzzles).
        again = exported(store.load_game(ids[0]).watched(), VideoFormat.EVF)  # type: ignore[union-attr]
        assert read_video("again.evf", again).steps == read_video(str(won), won.read_bytes()).steps
    finally:
        store.close()

    status, out, _ = run(["replay", ids[1], "--db", db], "", monkeypatch, capsys)
    assert status == 0 and "imported from lost.rawvf" in out.splitlines()[0]
    status, out, _ = run(["review", ids[0], "--json", "--db", db], "", monkeypatch, capsys)
    assert status == 0 and json.loads(out)["summary"]


def test_no_file_read_opens_no_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.avf"
    junk.write_bytes(b"not a video")
    db = tmp_path / "games.db"
    status, out, err = run(["import", str(junk), "--db", str(db)], "", monkeypatch, capsys)
    assert (status, out) == (1, "")
    assert err == f"gridpuzzles import: error: {junk}: ms-toollib cannot read it as an AVF file\n"
    assert not db.exists()
