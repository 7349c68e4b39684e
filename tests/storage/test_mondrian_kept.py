"""Mondrian games of the shells that play one game at a time (the full-screen app and the line
mode), kept as the web keeps its games (`KeptMondrianGame`): the setup and every step with its
time, the finish in the records with the last step and only then; watched again through the
mid-end's replay (`mondrian_play.watched`) to the board the game ended on, by the web's replay
too; listed with their ids (`mondrian_play.solved_games`); a store that fails costs no game and leaves
no gap in its log."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass

import pytest
from sqlalchemy import delete, text

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import (
    Facts,
    Replay,
    facts_from_json,
    facts_of,
    facts_to_json,
    finish_of,
    hint_step,
    play_of,
    setup_from_json,
    setup_to_json,
    step_text,
    stepped,
)
from gridpuzzles.midend.play import Play
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import Game, custom_game, new_game
from gridpuzzles.mondrian.core.grid import Placement
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.records import Finish
from gridpuzzles.mondrian.solving.hints import hint
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import MONDRIAN, DatabaseError, Store, Turn
from gridpuzzles.storage.mondrian_play import (
    KeptMondrianGame,
    solved_games,
    solved_json,
    solved_row,
)
from gridpuzzles.storage.schema import games
from gridpuzzles.web.mondrian.games import replay_of as web_replay_of
from tests.storage.in_play import start_mondrian, watched_in

PUBLISHED = find_published("001040531")
"""A published easy challenge with one solution."""
FACTS = Facts("001040531", "easy", 1, "001040531")
SHOWN_AT = 1.7e9
"""When the challenge was shown: the game's creation."""
GAP = 2.5
"""The seconds between two steps."""


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = Store(database)
    yield opened
    opened.close()


def solution() -> list[Placement]:
    """The coloured blocks of the challenge's one solution."""
    found = first_solution(PUBLISHED.puzzle)
    assert found is not None
    return [placement for placement in found if placement not in PUBLISHED.puzzle.fixed]


def placing(placement: Placement) -> Move:
    return Move(Action.PLACE, placement=placement)


def start() -> Play[Game]:
    return play_of(new_game(PUBLISHED.puzzle))


@dataclass
class Played:
    """A game played by the rules and kept step by step, as a shell keeps it."""

    kept: KeptMondrianGame
    play: Play[Game]
    ats: list[float]
    finish: Finish | None = None
    bests: tuple[str, ...] | None = None
    said: tuple[str | None, ...] = ()


HINT = "hint"
"""In `keep`'s steps: the hint the solver gives then."""
HELP = Move(Action.HELP)
Step = Move | Rewind | str


def keep(
    store: Store, steps: list[Step], *, shown_at: float = SHOWN_AT, gap: float = GAP
) -> Played:
    """Play ``steps`` on `PUBLISHED` (a hint as the hint the solver gives), ``gap`` seconds
    apart from ``shown_at``, keeping each in ``store`` as a shell does; with the finish,
    timed from the first block put down, when they fill the board."""
    play = start()
    kept = KeptMondrianGame(store, setup_to_json(play, "published", FACTS), shown_at, "tui")
    played = Played(kept, play, [])
    started = None
    said: list[str | None] = []
    for number, wanted in enumerate(steps, 1):
        at = shown_at + gap * number
        step = hint_step(hint(played.play.state)) if wanted == HINT else wanted
        assert not isinstance(step, str)
        played.play = stepped(played.play, step, at)
        played.ats.append(at)
        if started is None and played.play.state.placed:
            started = at
        if played.play.state.solved:
            assert started is not None
            play = played.play
            played.finish = Finish(FACTS.key, "easy", at - started, play.assisted, play.moves, at)
            assert finish_of(play, FACTS.key, "easy") == played.finish  # the mid-end's clock
            played.bests, words = kept.solve(step, at, played.finish)
            said.append(words)
        else:
            said.append(kept.log(step, at))
    played.said = tuple(said)
    return played


def test_a_game_kept_step_by_step_is_watched_again_to_the_board_it_ended_on(
    store: Store,
) -> None:
    first, second, *rest = solution()
    steps: list[Step] = [
        placing(first),
        Rewind.UNDO,
        Rewind.REDO,
        placing(second),
        HELP,
        *map(placing, rest),
    ]
    played = keep(store, steps)
    assert played.said == (None,) * len(steps)
    assert played.finish is not None and played.play.state.solved
    # The finish is in the records once, with the step that filled the board.
    assert store.mondrian_finishes() == [played.finish]
    assert played.bests == ()  # help was had: no best time
    assert played.kept.solved

    replay = watched_in(store, played.kept.id)
    assert isinstance(replay, Replay) and not replay.in_play
    assert replay.steps == len(steps) == len(replay.frames)
    assert [frame.text for frame in replay.frames] == [
        step_text(step) for step in steps if not isinstance(step, str)
    ]
    assert [frame.at for frame in replay.frames] == played.ats
    assert replay.frames[-1].state == played.play.state
    assert replay.last == played.play  # its moves, help and version too
    assert replay.finish == played.finish
    assert replay.start == new_game(PUBLISHED.puzzle) and replay.created_at == SHOWN_AT
    # The clock is the game's: from the first block put down, stopped at none.
    assert [replay.clock_at(frame) for frame in replay.frames] == [
        at - played.ats[0] for at in played.ats
    ]
    assert replay.said(replay.frames[1]) == f"Step 2 of {len(steps)}, at {GAP:.1f} s: undo"
    assert replay.heading == (
        f"Game {played.kept.id}: challenge 001040531, White edition, easy, solved in "
        f"{played.finish.seconds:.0f} s, 8 moves, assisted, {len(steps)} steps"
    )
    # The web reads the game as it reads its own, and its replay ends on the same board.
    stored = store.read(MONDRIAN, played.kept.id)
    assert stored is not None and stored.ended
    web = web_replay_of(played.kept.id, stored)
    assert len(web.steps) == len(steps)
    assert [step.at for step in web.steps] == [at - SHOWN_AT for at in played.ats]
    last = web.steps[-1].state
    assert last.solved and last.finish is not None
    assert last.finish.seconds == round(played.finish.seconds, 3) and last.moves == 8
    assert len(last.placed) == len(played.play.state.placed) and last.assisted


def test_a_solved_game_without_help_sets_its_best_times(store: Store) -> None:
    played = keep(store, list(map(placing, solution())))
    assert played.bests == ("challenge", "difficulty")
    assert played.finish is not None and not played.finish.assisted
    (record,), (easy,) = store.mondrian_records()
    assert (record.best, easy.best) == (played.finish.seconds, played.finish.seconds)
    note = store.read(MONDRIAN, played.kept.id)
    assert note is not None
    assert note.steps[-1].note == {"kept": True, "bests": ["challenge", "difficulty"]}
    assert all(logged.note is None for logged in note.steps[:-1])


def test_nothing_is_kept_before_the_first_step_and_a_game_left_is_no_record(
    store: Store,
) -> None:
    looked_at = KeptMondrianGame(store, setup_to_json(start(), "random", FACTS), SHOWN_AT, "tui")
    assert store.read(MONDRIAN, looked_at.id) is None  # a challenge only looked at
    left = keep(store, list(map(placing, solution()[:3])))
    assert left.finish is None and not left.kept.solved
    stored = store.read(MONDRIAN, left.kept.id)
    assert stored is not None and not stored.ended and len(stored.steps) == 3
    replay = watched_in(store, left.kept.id)
    assert replay is not None and replay.in_play and replay.finish is None
    assert "not solved" in replay.heading
    assert store.mondrian_finishes() == [] and solved_games(store) == []


def test_a_step_the_store_could_not_take_is_written_before_the_next_one(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn = Store.turn
    failures = iter([True, True, False, False, False, False, False, False, False, False])

    def flaky(
        self: Store, puzzle: str, game_id: str, number: int, at: float
    ) -> AbstractContextManager[Turn]:
        if next(failures, False):
            raise DatabaseError("database is locked")
        return turn(self, puzzle, game_id, number, at)

    monkeypatch.setattr(Store, "turn", flaky)
    steps: list[Step] = list(map(placing, solution()))
    played = keep(store, steps)
    where = store.where
    # Said once, at the first step that failed; the steps waiting are written with the next.
    assert played.said[0] == (
        f"The move could not be kept in {where} yet: database is locked (it is tried again "
        "with the next one)"
    )
    assert played.said[1:] == (None,) * (len(steps) - 1)
    assert store.mondrian_finishes() == [played.finish]
    replay = watched_in(store, played.kept.id)
    assert replay is not None and [frame.at for frame in replay.frames] == played.ats
    assert replay.frames[-1].state == played.play.state


def test_a_finish_the_store_could_not_take_is_said_and_not_counted(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps: list[Step] = list(map(placing, solution()))
    turn = Store.turn

    def failing_last(
        self: Store, puzzle: str, game_id: str, number: int, at: float
    ) -> AbstractContextManager[Turn]:
        if number == len(steps) - 1:
            raise DatabaseError("database is locked")
        return turn(self, puzzle, game_id, number, at)

    monkeypatch.setattr(Store, "turn", failing_last)
    played = keep(store, steps)
    assert played.bests is None and not played.kept.solved
    assert played.said[-1] == f"The game could not be kept in {store.where}: database is locked"
    assert store.mondrian_finishes() == [] and solved_games(store) == []


def test_a_game_forgotten_meanwhile_is_said_and_its_finish_is_not_kept(store: Store) -> None:
    play = start()
    kept = KeptMondrianGame(store, setup_to_json(play, "published", FACTS), SHOWN_AT, "tui")
    first, *rest = solution()
    assert kept.log(placing(first), SHOWN_AT + 1) is None
    with store.transaction() as db:  # forgotten, as a week without a move forgets it
        db.execute(delete(games).where(games.c.id == kept.id))
    said = kept.log(placing(rest[0]), SHOWN_AT + 2)
    assert said is not None and said.startswith(f"The game is no longer kept in {store.where}: ")
    finish = Finish(FACTS.key, "easy", 9.0, False, 8, SHOWN_AT + 9)
    bests, words = kept.solve(placing(rest[1]), SHOWN_AT + 9, finish)
    assert bests is None and words == said  # said again at the end
    assert store.mondrian_finishes() == []


def web_own_game(store: Store, game_id: str, at: float) -> Finish:
    """A game of the web app on the player's own black blocks: its setup has no facts, the
    move that put the last black block down has them in its note; solved at ``at``."""
    puzzle = PUBLISHED.puzzle
    play = play_of(custom_game())
    start_mondrian(store, game_id, "digest", setup_to_json(play, "own", None, "p"), at - 100, "p")
    black = sorted(puzzle.fixed, key=lambda placement: placement.block)
    steps: list[Move] = [Move(Action.PLACE, True, placement=p) for p in black]
    steps += map(placing, solution())
    facts = facts_of(puzzle)
    for number, step in enumerate(steps):
        when = at - len(steps) + number + 1
        play = stepped(play, step, when)
        ended = play.state.solved
        finish = Finish(facts.key, facts.difficulty, 8.0, False, play.moves, when)
        with store.turn(MONDRIAN, game_id, number, when) as turn:
            note = {"facts": facts_to_json(facts)} if number == 2 else None
            turn.append(step_text(step), note)
            if ended:  # solved, its finish not in the records
                turn.finish(**solved_row(finish, False))
    return finish


def test_the_latest_solved_games_of_every_shell_are_listed_with_their_ids(
    store: Store,
) -> None:
    older = keep(store, list(map(placing, solution())), shown_at=SHOWN_AT)
    hinted = hint(start().state).place
    rest = [placing(placement) for placement in solution() if placement != hinted]
    helped = keep(store, [HINT, *rest], shown_at=SHOWN_AT + 100)
    keep(store, [placing(solution()[0])], shown_at=SHOWN_AT + 200)  # in play: never listed
    own = web_own_game(store, "webGameXXXXXXXXXXXXXXX", SHOWN_AT + 300)
    listed = solved_games(store)
    assert [game.id for game in listed] == ["webGameXXXXXXXXXXXXXXX", helped.kept.id, older.kept.id]
    assert [game.finish for game in listed[1:]] == [helped.finish, older.finish]
    assert listed[1].finish.assisted and not listed[2].finish.assisted
    web = listed[0]
    assert web.facts == Facts("001040531", "easy", 1, "001040531")  # from the move's note
    assert web.finish == own
    assert [game.id for game in solved_games(store, limit=1)] == [web.id]
    assert [game.id for game in solved_games(store, player="p")] == [web.id]
    assert solved_json(listed[2:]) == [
        {
            "id": older.kept.id,
            "challenge": "001040531",
            "difficulty": "easy",
            "seconds": GAP * 7,
            "assisted": False,
            "moves": 8,
            "ended_at": SHOWN_AT + GAP * 8,
            "code": "001040531",
        }
    ]
    # A setup changed by hand still lists its game, with what the store knows of it.
    with store.transaction() as db:
        db.execute(text("update games set setup = '{}' where id = :id"), {"id": older.kept.id})
    broken = solved_games(store)[-1]
    assert broken.id == older.kept.id and broken.facts is None and broken.finish.moves == 8


def test_a_setup_or_facts_not_in_the_form_every_shell_writes_are_refused() -> None:
    setup = setup_to_json(start(), "published", FACTS)
    read = setup_from_json(setup)
    assert (read.play, read.origin, read.first_key, read.facts, read.started) == (
        start(),
        "published",
        "001040531",
        FACTS,
        None,
    )
    assert facts_from_json(None) is None
    bad_setups: list[object] = [
        None,
        [],
        {key: value for key, value in setup.items() if key != "game"},
        {**setup, "origin": "stolen"},
        {**setup, "first_key": 3},
        {**setup, "started": "soon"},
        {**setup, "started": True},
        {**setup, "game": {"moves": 0}},
        {**setup, "facts": {"key": "x"}},
    ]
    for document in bad_setups:
        with pytest.raises(NotationError):
            setup_from_json(document)
    facts = {"key": "001040531", "difficulty": "easy", "solutions": 1, "code": None}
    for wrong in ({"difficulty": "trivial"}, {"solutions": -1}, {"solutions": 1.0}, {"code": 5}):
        with pytest.raises(NotationError):
            facts_from_json({**facts, **wrong})
    # black blocks of the player's own that leave no solution have facts too
    none_left = facts_from_json({**facts, "difficulty": "no solution", "solutions": 0})
    assert none_left is not None and none_left.difficulty == "no solution"


def test_the_web_and_the_shells_write_the_same_setup() -> None:
    """The setup a shell writes is the web's game as it holds it at its start."""
    from gridpuzzles.web.mondrian.games import Held, held_to_json

    facts = facts_of(PUBLISHED.puzzle)
    held = Held(start(), "tui", "published", facts.key, facts, None)
    assert held_to_json(held) == setup_to_json(start(), "published", facts_of(PUBLISHED.puzzle))
