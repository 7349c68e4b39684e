"""The server's Mondrian Blocks games: held by id, played with the mid-end, timed by the server.

This is the imperative shell around a game in play (`midend.mondrian`: the core's game with its
history, moves and help, stepped by the lines of the move log as every shell steps it): it
reads the clock, draws seeds, checks the token, and keeps each game in the store. Every rule is
the core's or the mid-end's; the one policy of its own is about time. The clock starts when the
first coloured block is put down (not when the page opens, nor while the player makes their own
challenge), and never starts again; coloured blocks can only be put down once the three black
blocks are all on the board, so no time is won by filling the board before the challenge is
complete. When the board is full, the game is kept in the store with that time (its challenge,
difficulty, moves and whether the player had help) and takes no more moves.

Every game in play is kept in the store as a Minesweeper game is (`storage.mondrian_play`): how
it starts, then each move in its text form (`mondrian.core.moves`) with a note of what the
server learned with it (the facts of new black blocks, the records a finish set), so a replay
needs no solver. Any number of processes serving one store (`serve --workers N`, or servers on
several hosts sharing a PostgreSQL database) play the same game: a game started by one is
played on another, and a restarted server forgets no game. A game's ``version`` is the number
of steps in its log (moves, undo and redo, help: `Play.version`), and each step is written at
the number its copy knows; when another process (or another tab, through it) wrote first,
nothing is written and the request is refused (`MoveConflict`, a 409 telling the page to show
the game as it is now). A solved game's finish is kept in the records in the same transaction
as its last move, so once however many processes race. Each process keeps a parsed copy of the
`CACHE_SIZE` games it served last and reads only the moves played since (one cheap read per
request). Bounds: a store keeps at most `mondrian_play.MAX_IN_PLAY` games in play and none
untouched for a week, each of at most `MAX_MOVES` moves. Requests on one game in one process
wait for each other (`GameLocks`). Solver work (generating a challenge, rating one, a hint, the
solutions) runs in a worker process within the time budget (`Workers`); a job past the budget
changes nothing. A published challenge needs none: its level is known and its one solution is
counted in a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread

from gridpuzzles.history import Rewind
from gridpuzzles.midend import mondrian as mondrian_rules
from gridpuzzles.midend.mondrian import (
    Facts,
    facts_from_json,
    facts_of,
    facts_to_json,
    finish_of,
    play_from_json,
    play_of,
    play_to_json,
    step_words,
    stepped,
)
from gridpuzzles.midend.mondrian_review import review_json, reviewed
from gridpuzzles.midend.play import Play
from gridpuzzles.midend.replay import Frame, frames
from gridpuzzles.mondrian.core.challenges import (
    choose_published,
    find_published,
)
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import Game, MoveError, custom_game, new_game, puzzle_of
from gridpuzzles.mondrian.core.grid import Placement
from gridpuzzles.mondrian.core.moves import Action, Move, step_text
from gridpuzzles.mondrian.core.notation import parse_block
from gridpuzzles.mondrian.core.records import Finish, solved_sentences
from gridpuzzles.mondrian.solving.generation import generate_challenge
from gridpuzzles.storage import StorageError, Store, new_game_id
from gridpuzzles.storage.mondrian_play import mondrian_game, setup_of, write_step
from gridpuzzles.storage.playing import MONDRIAN, StoredGame, StoredStep
from gridpuzzles.web import tokens
from gridpuzzles.web.models import being_played
from gridpuzzles.web.mondrian.models import (
    FinishOut,
    MondrianMove,
    MondrianReplay,
    MondrianReplayStep,
    MondrianReviewOut,
    MondrianState,
    NewMondrianGame,
    in_tray,
    placed,
)
from gridpuzzles.web.service import (
    IN_PLAY,
    UNREPLAYABLE,
    GameInPlayError,
    KeptGames,
)
from gridpuzzles.web.workers import Workers

CACHE_SIZE = 1024
"""The most games a process keeps a parsed copy of; the one used least recently goes first."""
MAX_MOVES = 1000
"""The most moves one game takes: each keeps a position for undo (a game's stored state is
then at most about 150 KB); undo and redo are not moves and keep no new position."""
SOLVED = "the board is full: this game is solved, start a new one"
TOO_LONG = "this game has had {moves} moves, the most one game takes: start a new one"
CHOOSING_TOO_SLOW = (
    "no challenge with one solution of this level was found within {seconds:g} seconds; try "
    "again, or another level"
)
SOLVER_TOO_SLOW = "the solver needed more than {seconds:g} seconds here; try again in a moment"
UNREADABLE = "game {game_id!r} as stored cannot be read ({error}): start a new game"

T = TypeVar("T")
Step = Callable[[Game], Awaitable[tuple[Move | Rewind, T]]]
"""An action on a game that may await a worker: the move it makes, and what it tells."""


@dataclass(frozen=True)
class Held:
    """A game as the server holds it: the game in play (the board, what undo and redo reach,
    its moves, whether the player had help, and its version: the steps stored so far, the
    number of the next one), its owner (a token's digest), the kind of challenge it began
    with, the facts of its black blocks and, once solved, how it ended. Its clock is the game
    in play's (the mid-end's `Play.elapsed`)."""

    play: Play[Game]
    owner: str
    origin: str
    """``published``, ``random``, ``generated`` or ``own`` (`NewMondrianGame.challenge`)."""
    first_key: str | None
    """The key of the challenge the game began with (None for the player's own)."""
    facts: Facts | None
    finish: Finish | None = None
    bests: tuple[str, ...] = ()
    kept: bool = False
    player: str | None = None
    """Whose records the game counts in (`web.players`), or None: everyone's."""


# The state in the store


def held_to_json(held: Held) -> dict[str, Any]:
    """``held`` as the store keeps it (a game's setup), but its owner and version
    (`held_from_json` reads it back): the game in play in the shape every release wrote."""
    return {
        "game": play_to_json(held.play),
        "origin": held.origin,
        "first_key": held.first_key,
        "facts": facts_to_json(held.facts),
        "started": held.play.started,
        "finish": None if held.finish is None else asdict(held.finish),
        "bests": list(held.bests),
        "kept": held.kept,
        "player": held.player,
    }


def held_from_json(owner: str, document: dict[str, Any]) -> Held:
    """The game ``held_to_json`` wrote, of ``owner``, at version 0 (the store numbers the
    moves after its setup); `KeyError`, `TypeError` or `MondrianError` for a document it did
    not write."""
    finish = document["finish"]
    play = play_from_json(document["game"])
    if play.started is None and document["started"] is not None:
        play = play.timed(
            float(document["started"]), play.ended
        )  # written before the clock was the game's
    return Held(
        play,
        owner,
        str(document["origin"]),
        document["first_key"],
        facts_from_json(document["facts"]),
        None if finish is None else Finish(**finish),
        tuple(map(str, document["bests"])),
        bool(document["kept"]),
        document.get("player"),  # (a state written before v5 has none)
    )


# Jobs for a worker process (top-level functions of picklable arguments)


def opened(request: NewMondrianGame, seed: int) -> tuple[Game, Facts]:
    """The game of the challenge ``request`` asks for (drawn with ``seed`` when random or
    generated) and its facts; `ChallengeError` for a code, level or edition that is none."""
    rng = random.Random(seed)
    level = None if request.level is None else request.level.lower()
    if request.challenge == "published":
        puzzle = find_published(request.code or "").puzzle
    elif request.challenge == "generated":
        puzzle = generate_challenge(rng, level=level).puzzle
    else:
        puzzle = choose_published(rng, level, request.edition).puzzle
    return new_game(puzzle), facts_of(puzzle)


# Actions


def move_of(request: MondrianMove) -> Move | Rewind:
    """The move ``request`` asks for (the request's checks say it has what it needs)."""
    rewind = Rewind.of(request.action)
    if rewind is not None:
        return rewind
    assert request.row is not None and request.col is not None  # the request checks it
    cell = (request.row, request.col)
    if request.action == "place":
        block = parse_block(request.block or "")
        placement = Placement(request.row, request.col, block, request.orientation)
        return Move(Action.PLACE, request.black, placement=placement)
    return Move(Action(request.action), request.black, cell=cell)


def why_not(play: Play[Game], request: MondrianMove) -> str | None:
    """Why the move ``request`` asks for would be refused now, in the board's words, or None
    when it would not."""
    try:
        stepped(play, move_of(request), 0.0)  # (its refusal alone is read)
    except MondrianError as error:
        return str(error)
    return None


def advanced(held: Held, play: Play[Game], note: dict[str, Any] | None) -> Held:
    """``held`` when its game in play has become ``play`` by a move, with
    what the server noted of the move: both when it is played and when it is replayed from
    the store. New black blocks take the noted facts (none while one is off the board); the
    game's clock (``play``'s, the mid-end's) starts with the first coloured block put down; the
    game ends when the board is full, with the records the note says it set."""
    game, noted = play.state, note or {}
    facts = held.facts
    if game.black != held.play.state.black:
        facts = facts_from_json(noted.get("facts"))
    after = replace(held, play=play, facts=facts)
    if not game.solved:
        return after
    finish = None if facts is None else finish_of(play, facts.key, facts.difficulty)
    if finish is None:  # only a log changed by hand: the board is full
        raise ValueError("a full board without its challenge's facts or a start")
    return replace(
        after,
        finish=finish,
        bests=tuple(map(str, noted.get("bests", ()))),
        kept=bool(noted.get("kept", False)),
    )


def held_frames(held: Held, logged: Sequence[StoredStep]) -> Iterator[tuple[Frame[Game], Held]]:
    """Each step of the stored moves ``logged`` replayed on ``held`` (the mid-end's replay,
    `frames`), with the game as the server holds it after the step: what the server noted of
    each move taken in (`advanced`). `ReplayError` at the first step the rules refuse."""
    first = held.play.version
    for frame in frames(mondrian_rules, held.play, logged, first):
        held = advanced(held, frame.play, logged[frame.number - first].note)
        yield frame, held


def replayed(held: Held, logged: Sequence[StoredStep]) -> Held:
    """``held`` after the stored moves ``logged`` (`held_frames`, the last)."""
    for _, after in held_frames(held, logged):
        held = after
    return held


# Words


def title_of(held: Held) -> str:
    """How the player knows the challenge on the board."""
    facts = held.facts
    if facts is not None and facts.code is not None:
        entry = find_published(facts.code)
        return f"Challenge {entry.code}: {entry.edition} edition, {entry.level.lower()}"
    if facts is not None and held.origin == "generated" and facts.key == held.first_key:
        return "A generated challenge with one solution"
    return "Your own challenge"


def finish_words(held: Held) -> str:
    """The end of a solved game: ``Solved in 1 min 23 s (14 moves, a hard challenge).`` and
    what it means for the records."""
    finish = held.finish
    assert finish is not None
    said = list(solved_sentences(finish, held.bests))
    if not held.kept:
        said.append("The game could not be kept in the records.")
    return " ".join(said)


def state_of(game_id: str, held: Held, now: float) -> MondrianState:
    """What the player sees of ``held`` at time ``now``."""
    play, facts, finish = held.play, held.facts, held.finish
    game = play.state
    elapsed = play.elapsed(now) if finish is None else finish.seconds
    return MondrianState(
        id=game_id,
        title=title_of(held),
        code=None if facts is None else facts.code,
        key=None if facts is None else facts.key,
        difficulty=None if facts is None else facts.difficulty,
        solutions=None if facts is None else facts.solutions,
        board=(game.board.height, game.board.width),
        black=[placed(p) for p in game.black],
        placed=[placed(p) for p in game.placed],
        blocks=[in_tray(b) for b in game.coloured_blocks],
        black_blocks=[in_tray(b) for b in game.black_blocks],
        tray=[in_tray(b) for b in game.tray],
        black_tray=[in_tray(b) for b in game.black_tray],
        moves=play.moves,
        version=play.version,
        can_undo=play.can_undo and finish is None,
        can_redo=play.can_redo and finish is None,
        assisted=play.assisted,
        solved=game.solved,
        can_play=not game.black_tray,  # the core's challenge is set (`puzzle_of` takes it)
        can_hint=not game.black_tray and finish is None,
        can_show_solutions=not game.black_tray,
        started=play.started is not None,
        in_play=being_played(play),
        elapsed=round(elapsed, 3),
        finish=None
        if finish is None
        else FinishOut(
            seconds=round(finish.seconds, 3),
            words=finish_words(held),
            new_bests=list(held.bests),
            kept=held.kept,
        ),
    )


def finished(game_id: str, stored: StoredGame) -> tuple[Held, list[tuple[Frame[Game], Held]]]:
    """The solved game ``stored``: how it started and each step of it (`held_frames`);
    `GameInPlayError` while it is being played (nothing of it is told then, its solution least
    of all), and `StorageError` for a game whose setup or log cannot be replayed."""
    try:
        setup = setup_of(stored)
        if setup is None:  # only a row changed by hand: a game is stored with its setup
            raise TypeError("the game has no setup")
        start = held_from_json(stored.owner, setup)
        shown = list(held_frames(start, stored.steps))
    except (KeyError, TypeError, ValueError) as error:  # `ReplayError` is a `ValueError`
        raise StorageError(UNREPLAYABLE.format(game_id=game_id, error=error)) from None
    last = shown[-1][1] if shown else start
    if last.finish is None:  # the board is not full (a Mondrian game is never left)
        raise GameInPlayError(IN_PLAY.format(game_id=game_id))
    return start, shown


def replay_of(game_id: str, stored: StoredGame) -> MondrianReplay:
    """Every step of the solved game ``stored`` (`finished`), each timed from when the game
    was created and said in the player's words."""
    start, shown = finished(game_id, stored)
    steps: list[MondrianReplayStep] = []
    before = start  # names the block a lift or a turn takes (`step_words`)
    for frame, after in shown:
        said = step_words(frame.text, before.play.state)
        state = state_of(game_id, after, frame.at)
        steps.append(MondrianReplayStep.of(frame, said, stored.created_at, state))
        before = after
    start_state = state_of(game_id, start, stored.created_at)
    return MondrianReplay(id=game_id, start=start_state, steps=steps)


def review_of(game_id: str, stored: StoredGame) -> MondrianReviewOut:
    """The solver's review of the solved game ``stored`` (`finished`): the solutions each step
    left, its dead ends and the steps that left them, its time and help (a worker's job: it
    counts the solutions after every step)."""
    start, shown = finished(game_id, stored)
    steps = (frame for frame, _ in shown)
    judged = reviewed(game_id, start.play.state, steps, stored.created_at)
    return MondrianReviewOut.model_validate(review_json(judged))


# The games


class MondrianGames(KeptGames[Held]):
    """The Mondrian games of the server, kept in ``store`` in play and once solved, timed by
    ``clock``; solver work runs on ``workers``."""

    puzzle = MONDRIAN
    refusal = MondrianError

    def __init__(
        self,
        store: Store,
        workers: Workers,
        clock: Callable[[], float],
        cache_size: int = CACHE_SIZE,
    ) -> None:
        super().__init__(store, workers, clock, cache_size)

    async def create(
        self, request: NewMondrianGame, player: str | None = None
    ) -> tuple[str, str, Held]:
        """A new game as ``request`` asks, kept in the store, in ``player``'s records: its id,
        its token and the game."""
        seed = tokens.new_seed()
        if request.challenge == "own":
            game, facts = custom_game(), None
        elif request.challenge == "generated":
            game, facts = await self.workers.run(opened, request, seed, too_slow=CHOOSING_TOO_SLOW)
        else:  # a published challenge: its level is known, its solutions found in a moment
            game, facts = await anyio.to_thread.run_sync(opened, request, seed)
        token = tokens.new_token()
        held = Held(
            play_of(game),
            tokens.digest(token),
            request.challenge,
            None if facts is None else facts.key,
            facts,
            None,  # the clock starts with the first coloured block put down
            player=player,
        )
        game_id = new_game_id()
        await anyio.to_thread.run_sync(
            self.store.start,
            mondrian_game(
                game_id, held.owner, held_to_json(held), self.clock(), player=player, seed=seed
            ),
        )
        self._recent.put(game_id, held)
        return game_id, token, held

    async def play(
        self,
        game_id: str,
        token: str | None,
        step: Step[T],
        *,
        when_solved: bool = False,
        again: bool = False,
        seen: int | None = None,
    ) -> tuple[Held, T]:
        """Take ``step`` on the game as it is now, keep its move in the store and return the
        game after it, with what the step tells. A solved game takes no step (`MoveError`) unless
        ``when_solved`` (showing the solutions), and then stays as it ended. `MoveConflict`,
        and nothing kept, when another process changed the game meanwhile.

        ``again``: the step may be taken twice (a move, not solver work), so it is first
        taken on this process's copy without reading the store; ``seen``: the game's version
        when the player chose the step (`KeptGames._stepped`, both)."""
        return await self._stepped(
            game_id,
            token,
            seen,
            partial(self._take, game_id, step=step, when_solved=when_solved),
            again=again,
        )

    async def rewind(
        self, game_id: str, token: str | None, rewind: Rewind, *, seen: int | None = None
    ) -> Held:
        """Undo or redo (a solved game is final: `MoveError`), stored: the game now."""

        async def step(game: Game) -> tuple[Move | Rewind, None]:
            return rewind, None

        held, _ = await self.play(game_id, token, step, again=True, seen=seen)
        return held

    async def _take(
        self, game_id: str, held: Held, *, step: Step[T], when_solved: bool
    ) -> tuple[Held, T]:
        """`play` on ``held``."""
        play = held.play
        if held.finish is not None and not when_solved:
            raise MoveError(SOLVED)
        if play.moves >= MAX_MOVES and held.finish is None:
            raise MoveError(TOO_LONG.format(moves=MAX_MOVES))
        move, told = await step(play.state)
        if held.finish is not None:
            return held, told
        at = self.clock()
        after_play = stepped(play, move, at)
        game = after_play.state
        note: dict[str, Any] = {}
        if game.black != play.state.black and not game.black_tray:
            facts = await self.workers.run(facts_of, puzzle_of(game), too_slow=SOLVER_TOO_SLOW)
            note["facts"] = facts_to_json(facts)
        after = advanced(held, after_play, note)
        kept = await anyio.to_thread.run_sync(self._keep, game_id, move, note, at, after)
        return kept, told

    async def verdict(self, game_id: str, token: str | None, move: MondrianMove) -> str | None:
        """Why ``move`` would be refused now (None when it would be taken); nothing changes."""
        held = await self._current(game_id, token)
        return SOLVED if held.finish is not None else why_not(held.play, move)

    def _keep(
        self, game_id: str, move: Move | Rewind, note: dict[str, Any], at: float, after: Held
    ) -> Held:
        """Store ``move``, played at ``at``, which led to ``after``, with its ``note`` (in a
        thread): a solved
        game's finish is kept in the records with it, and its new best times told, unless
        the database refuses it. `MoveConflict` when another process moved first."""
        finish = after.finish
        with self.store.turn(MONDRIAN, game_id, after.play.version - 1, at) as turn:
            bests = write_step(turn, step_text(move), note, finish, after.player)
        if finish is not None:
            after = replace(after, bests=bests or (), kept=bests is not None)
        self._recent.put(game_id, after)
        return after

    def stored_game(self, game_id: str) -> StoredGame | None:
        """The whole stored game ``game_id`` (to watch or review it), or None."""
        return self.store.read(MONDRIAN, game_id)

    async def _caught_up(self, game_id: str, cached: Held | None, read: StoredGame) -> Held:
        if read.part is None and not read.steps:
            assert cached is not None  # the setup is left out only when there is a copy
            return cached
        return await anyio.to_thread.run_sync(_replayed, game_id, read, cached)


def _replayed(game_id: str, stored: StoredGame, cached: Held | None) -> Held:
    """The game ``stored`` holds: its setup (or the copy ``cached``, when the store sent only
    the moves after it) with its moves replayed; `StorageError` in one line for a game this
    server cannot read (written by another release, or changed by hand)."""
    try:
        setup = setup_of(stored)
        if setup is None:
            assert cached is not None
            start = cached
        else:
            start = held_from_json(stored.owner, setup)
        return replayed(start, stored.steps)
    except (KeyError, TypeError, ValueError) as error:
        raise StorageError(UNREADABLE.format(game_id=game_id, error=error)) from None
