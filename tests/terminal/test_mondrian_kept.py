"""The line-mode Mondrian game keeps the whole game in the store, as the web keeps its games:
its challenge, every step (undo, redo, a hint, the solutions shown) with its time, and the
finish in the records with the step that filled the board, once. The game is then watched
again through the mid-end's replay, to the board the game ended on, and drawn step by step as
line mode draws its board (`terminal.replay.watch`)."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from pathlib import Path

from gridpuzzles.midend.mondrian import Replay, play_of, stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.game import Game, new_game
from gridpuzzles.mondrian.core.moves import parse_step
from gridpuzzles.mondrian.core.notation import typed_fixed
from gridpuzzles.mondrian.solving.hints import hint
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import Store
from gridpuzzles.storage.mondrian_play import solved_games
from gridpuzzles.terminal.console import Console
from gridpuzzles.terminal.mondrian import Quit, board_text, chosen, play
from gridpuzzles.terminal.replay import watch
from tests.storage.in_play import watched_in

PUBLISHED = find_published("001040531")
NOW = 1.7e9


def ticks(start: float, step: float) -> Iterator[float]:
    """A clock that moves ``step`` seconds at each reading, from ``start``."""
    now = start
    while True:
        yield now
        now += step


def terminal(*lines: str) -> Console:
    """Line mode reading ``lines``, its wall clock moving 2 seconds at each reading."""
    wall = ticks(NOW, 2.0)
    return Console(
        io.StringIO("".join(f"{line}\n" for line in lines)),
        io.StringIO(),
        lambda: next(wall),
    )


def said(term: Console) -> str:
    assert isinstance(term.out, io.StringIO)
    return term.out.getvalue()


def solution_lines() -> list[str]:
    solution = first_solution(PUBLISHED.puzzle)
    assert solution is not None
    return [typed_fixed(p) for p in solution if p not in PUBLISHED.puzzle.fixed]


def kept_id(term: Console) -> str:
    game_id: str
    (game_id,) = re.findall(
        r"Kept as game (\S+): gridpuzzles replay \1 shows it again\.", said(term)
    )
    return game_id


def test_every_step_is_kept_with_its_time_and_replays_to_the_final_board(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    first, *rest = solution_lines()
    start = play_of(new_game(PUBLISHED.puzzle))
    placed = stepped(start, parse_step(f"place {_machine(first)}"), NOW)
    hinted = hint(placed.state).place  # the hint on the board with the first block down
    assert hinted is not None
    lines = [
        first,
        "board",  # no step
        "undo",
        "redo",
        f"lift {first.split(':')[1].rsplit(',', 1)[0]}",  # its top-left cell, ROW,COL
        "undo",
        "99:1,1,h",  # refused: no step
        "hint",
        "solutions",
        *(line for line in rest if line != typed_fixed(hinted)),
    ]
    term = terminal(*lines)
    finish = play(term, chosen(PUBLISHED.puzzle, origin="published"), store)
    assert finish is not None and finish.assisted
    game_id = kept_id(term)
    assert store.mondrian_finishes() == [finish]  # in the records once

    replay = watched_in(store, game_id)
    assert isinstance(replay, Replay) and not replay.in_play
    texts = [frame.text for frame in replay.frames]
    assert texts[:7] == [
        f"place {_machine(first)}",
        "undo",
        "redo",
        f"lift {_cell(first)}",
        "undo",
        f"hint {_machine(typed_fixed(hinted))}",
        "help",
    ]
    assert replay.steps == 7 + len(rest) - 1
    # The game's start, then one wall-clock reading a line: each step keeps its line's (the
    # second line and the seventh made none).
    assert replay.created_at == NOW
    lines_of_steps = [n for n in range(1, 1 + len(lines)) if n not in (2, 7)]
    assert [frame.at for frame in replay.frames] == [NOW + 2.0 * n for n in lines_of_steps]
    assert replay.frames[-1].at == finish.ended_at
    # The same steps, played by the mid-end, give the same game in play.
    again: Play[Game] = play_of(new_game(PUBLISHED.puzzle))
    for frame in replay.frames:
        again = stepped(again, parse_step(frame.text), frame.at)
    assert replay.last == again and again.state.solved
    assert (again.moves, again.assisted) == (finish.moves, True)
    assert replay.said(replay.frames[0]).startswith(
        f"Step 1 of {replay.steps}, at 0.0 s: put down the "
    )


def _machine(typed: str) -> str:
    """A block as the log writes it (``SIZE:X,Y,O``, from 0) from the typed form."""
    from gridpuzzles.mondrian.core.notation import format_fixed, parse_typed_fixed

    return format_fixed(parse_typed_fixed(typed))


def _cell(typed: str) -> str:
    """The top-left cell of a typed block as the log names it (``X,Y``, from 0)."""
    from gridpuzzles.mondrian.core.notation import parse_typed_fixed

    placement = parse_typed_fixed(typed)
    return f"{placement.col},{placement.row}"


def test_the_replay_draws_each_board_as_line_mode_drew_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    term = terminal(*solution_lines())
    play(term, chosen(PUBLISHED.puzzle), store)
    replay = watched_in(store, kept_id(term))
    assert replay is not None
    shown: list[str] = []
    watch(replay, shown.append, None)
    assert shown[0] == replay.heading
    assert shown[1] == f"Start\n{board_text(replay.start)}"
    assert len(shown) == 2 + replay.steps
    for text, frame in zip(shown[2:], replay.frames, strict=True):
        assert text == f"{replay.said(frame)}\n{board_text(frame.state)}"
    # The last board is the one line mode drew when the board was full.
    assert board_text(replay.frames[-1].state) in said(term)
    assert "Tray: empty" in shown[-1]
    asked: list[str] = []
    answers = iter(["", "q"])
    shown.clear()

    def ask(prompt: str) -> str | None:
        asked.append(prompt)
        return next(answers)

    watch(replay, shown.append, ask)
    assert len(asked) == 2 and len(shown) == 3  # the heading, the start, one step


def test_a_game_left_unsolved_is_kept_in_play_and_is_no_record(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    first, second, *_ = solution_lines()
    term = terminal(first, second, "quit", "y")
    with contextlib.suppress(Quit):
        play(term, chosen(PUBLISHED.puzzle), store)
    assert "Kept as game" not in said(term)
    assert store.mondrian_finishes() == [] and solved_games(store) == []
    ended = terminal(first)  # the input ends
    assert play(ended, chosen(PUBLISHED.puzzle), store) is None
    with store.transaction() as db:
        from sqlalchemy import text

        kept = db.execute(text("select status, count(*) from games group by status")).all()
    assert kept == [("playing", 2)]


def test_a_challenge_only_looked_at_is_not_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    assert play(terminal("board", "help"), chosen(PUBLISHED.puzzle), store) is None
    with store.transaction() as db:
        from sqlalchemy import text

        assert db.execute(text("select count(*) from games")).scalar() == 0


def test_a_store_that_fails_says_so_once_and_the_game_goes_on(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    store.close()  # a closed connection fails as a locked or vanished file would
    term = terminal(*solution_lines())
    finish = play(term, chosen(PUBLISHED.puzzle), store)
    assert finish is not None
    out = said(term)
    assert out.count("could not be kept in") == 2  # the first move, then the game at its end
    assert "The move could not be kept in " in out and "The game could not be kept in " in out
    assert "Kept as game" not in out


def test_without_a_store_nothing_is_kept() -> None:
    term = terminal("solutions", "solutions", *solution_lines())
    finish = play(term, chosen(PUBLISHED.puzzle))
    assert finish is not None and finish.assisted and finish.moves == 8
    assert "Kept as game" not in said(term)
