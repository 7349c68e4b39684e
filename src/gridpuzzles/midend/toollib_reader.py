"""ms-toollib's reading of a video file, run as a child process by `midend.video_import`:
``python -m gridpuzzles.midend.toollib_reader FORMAT`` (or `main`) reads the file's bytes from standard
input and writes what ms-toollib read as one JSON object (`reading`) to standard output.

Why a child: ms-toollib 1.5.20 aborts the whole process on a malformed file (its Rust panics
abort, so no Python exception can catch them), after writing ``crash.log`` into the current
directory. The parent runs this in an empty temporary directory and takes any failure of the
child as a refusal of the file.
"""

from __future__ import annotations

import json
import sys

import ms_toollib

Video = ms_toollib.EvfVideo | ms_toollib.AvfVideo | ms_toollib.RmvVideo | ms_toollib.MvfVideo
"""A video as ms-toollib reads it."""


def video_of(video_format: str, data: bytes) -> Video:
    """ms-toollib's reader of ``video_format`` over ``data``."""
    raw = list(data)
    if video_format == "evf":
        return ms_toollib.EvfVideo(raw_data=raw)
    if video_format == "avf":
        return ms_toollib.AvfVideo(raw_data=raw)
    if video_format == "rmv":
        return ms_toollib.RmvVideo(raw_data=raw)
    if video_format == "mvf":
        return ms_toollib.MvfVideo(raw_data=raw)
    raise ValueError(f"ms-toollib reads no {video_format!r} files")


def reading(video_format: str, data: bytes) -> dict[str, object]:
    """What ms-toollib reads in ``data`` as a file of ``video_format``: the laid board (-1 a
    mine), the cell's side in pixels, the mouse events (time in seconds, event, pixel across
    and down, and what ms-toollib's analysis judged it did: `video_import.JUDGED`), and the header's start time (microseconds since 1970), time in seconds,
    result, official flag, player and software; and the board at its end (0-8 an open
    cell). May abort the process."""
    video = video_of(video_format, data)
    video.parse()
    video.analyse()
    events = []
    for recorded in video.events:
        if recorded.event.is_mouse():
            mouse = recorded.event.unwrap_mouse()
            events.append((recorded.time, mouse.mouse, mouse.x, mouse.y, recorded.useful_level))
    video.current_time = 1e9  # type: ignore[union-attr]  # (its end; missing from its stub)
    return {
        "board": video.board,
        "final": video.game_board,  # type: ignore[union-attr]
        "pixels": video.pix_size,  # type: ignore[union-attr]  # (missing from its type stub)
        "events": events,
        "start_time": video.start_time,
        "rtime": video.rtime,
        "is_completed": video.is_completed,
        "is_official": video.is_official,
        "player": video.player_identifier,
        "software": video.software,
    }


def main() -> None:
    """Read standard input as a file of the format named by the one argument."""
    video_format = sys.argv[1]
    json.dump(reading(video_format, sys.stdin.buffer.read()), sys.stdout)


if __name__ == "__main__":
    main()
