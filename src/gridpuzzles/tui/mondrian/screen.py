"""The Mondrian Blocks screen: pick a challenge, then fill the board with the coloured blocks.

The screen keeps the game in play (`Play` of the core's `Game`) and changes it only by the
steps of a move log (`midend.mondrian.stepped`), the same ones the web app logs, so undo, redo,
the move count and the help had are the mid-end's; the challenge being played, the block in
hand, the cursor, the messages and the time are UI state.  The block in hand is drawn where it
would go as the cursor (or the mouse) moves, with the core's reason at once when it does not
fit there.  The black blocks of a challenge change only in the edit mode (``e``), over a draft
game in play of its own whose moves undo like any other; ``e`` again plays the new black
blocks, ``escape`` leaves the challenge as it was.  With a store, the whole game is kept in it
as the web keeps its games (`storage.mondrian_play.KeptMondrianGame`): its setup with its first
step, then every step of its log with its time, so that it can be watched again (the statistics
screen, `gridpuzzles replay ID`, the web's ``/watch/{id}``).  A full board says how long it took
(the mid-end's game clock, `Play.elapsed`, read with the clock the app is given: from the
first block put down, as in every shell), and its finish goes into the records with its last
step: the store keeps the best times per challenge and per difficulty.  A started game (its clock
running, its board not full) is left only when the player says so (`confirm_leave`): on quit,
on a new challenge and on playing new black blocks.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import (
    facts_of,
    finish_of,
    hint_step,
    play_of,
    setup_to_json,
    stepped,
)
from gridpuzzles.midend.play import Play
from gridpuzzles.mondrian.core.challenges import (
    LEVELS,
    challenge_key,
    choose_published,
    published_of,
)
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import (
    Cell,
    Game,
    block_at,
    block_words,
    count_words,
    custom_game,
    lift,
    lift_black,
    new_game,
    placement_words,
    puzzle_of,
    turned,
    why_not,
)
from gridpuzzles.mondrian.core.grid import Block, Board, Orientation, Placement, Puzzle
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.notation import typed_form
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.core.records import (
    LEAVE_QUESTION,
    Finish,
    Record,
    duration_words,
    solved_sentences,
)
from gridpuzzles.mondrian.solving.difficulty import difficulty_of
from gridpuzzles.mondrian.solving.generation import GeneratedChallenge, generate_challenge
from gridpuzzles.mondrian.solving.hints import hint, reveal_solutions
from gridpuzzles.mondrian.solving.solutions import first_solution
from gridpuzzles.storage import Store
from gridpuzzles.tui.dialogs import ConfirmLeave, HelpScreen
from gridpuzzles.tui.mondrian.board import (
    BoardArea,
    MondrianBoard,
    Preview,
    Shown,
    Tray,
    TrayEntry,
    glyph,
    picture,
)
from gridpuzzles.tui.mondrian.dialogs import (
    HELP,
    ChallengeMenu,
    Pick,
    SolutionsScreen,
    entry_number,
)

if TYPE_CHECKING:
    from gridpuzzles.storage.mondrian_play import KeptMondrianGame

Clock = Callable[[], float]
OWNER = "tui"
"""Whose games the app keeps (the owner of a stored game: the web's are tokens')."""
NARROW = 66
"""Below this many columns the side panel (title, tray, records) hides to leave the board
room; the message lines still say what is in hand."""
SOLUTIONS_SHOWN = 20
"""How many solutions the solutions dialog lets the player browse (all are counted)."""
BOARD_FULL = "The board is full: n picks a new challenge, e edits this one's black blocks."
KEPT = "The game goes on."
EDITING = (
    "Editing the black blocks: enter or a click lifts one or puts it down, u undoes; "
    "e plays them, escape leaves the challenge as it was."
)


@dataclass(frozen=True)
class Challenge:
    """The challenge being played, as the player knows it."""

    puzzle: Puzzle
    title: str
    about: str
    """A second line: the edition, level and number, or the black blocks as ``--black`` takes
    them (the person form: row first, from 1)."""
    difficulty: str
    """One of `LEVELS`: the published level, else the rated one."""
    entry: OfficialChallenge | None = None
    origin: str = "published"
    """How it was chosen (`midend.mondrian.ORIGINS`), as the store keeps it."""


def published_challenge(entry: OfficialChallenge, origin: str = "published") -> Challenge:
    """The published challenge ``entry``, picked from the list (or drawn at random: ``origin``
    ``random``)."""
    level = entry.level.lower()
    about = f"{entry.edition} edition, {level} no. {entry_number(entry)}"
    return Challenge(entry.puzzle, f"Challenge {entry.code}", about, level, entry, origin)


def own_challenge(puzzle: Puzzle, name: str, difficulty: str, origin: str = "own") -> Challenge:
    """A challenge that is not picked from the list (the player's own, or one generated:
    ``origin``): the published one it is, if it is one, else ``name`` with its black blocks
    as ``mondrian play --black`` takes them."""
    entry = published_of(puzzle)
    if entry is not None:
        return published_challenge(entry, origin)
    black = typed_form(challenge_key(puzzle))  # the key is the machine form
    return Challenge(puzzle, f"{name}, {difficulty}", f"--black {black}", difficulty, None, origin)


@dataclass(frozen=True)
class Hand:
    """The block the player holds: chosen from the tray (or lifted), how it lies, and which
    of its cells is under the cursor (from its top-left cell)."""

    block: Block
    orientation: Orientation = Orientation.HORIZONTAL
    grip: Cell = (0, 0)

    def turned(self) -> Hand:
        """The block turned about the cell under the cursor."""
        other = turned(Placement(0, 0, self.block, self.orientation)).orientation
        return Hand(self.block, other, (self.grip[1], self.grip[0]))


def hand_placement(hand: Hand, cursor: Cell, board: Board) -> Placement:
    """Where the block in hand goes: held by its grip under the cursor, slid back onto the
    board where it would stick out."""
    height, width = hand.block.extent(hand.orientation)
    row = min(max(cursor[0] - hand.grip[0], 0), max(board.height - height, 0))
    col = min(max(cursor[1] - hand.grip[1], 0), max(board.width - width, 0))
    return Placement(row, col, hand.block, hand.orientation)


def sentence(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


def clock_words(seconds: float) -> str:
    """A running time as ``m:ss``."""
    minutes, secs = divmod(int(max(seconds, 0)), 60)
    return f"{minutes}:{secs:02d}"


class MondrianScreen(Screen[None]):
    """Play Mondrian Blocks with the keyboard or the mouse."""

    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Up", show=False),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
        *(Binding(str(n), f"choose({n - 1})", f"Block {n}", show=False) for n in range(1, 9)),
        Binding("tab", "cycle(1)", "Next block", show=False),
        Binding("shift+tab", "cycle(-1)", "Previous block", show=False),
        Binding("space,enter", "put", "Put down / lift", show=False),
        Binding("r", "turn", "Turn"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("y,ctrl+y", "redo", "Redo", show=False),
        Binding("i,H", "hint", "Hint"),
        Binding("s", "solutions", "Solutions"),
        Binding("n", "new", "New"),
        Binding("e", "edit", "Edit"),
        Binding("escape", "leave_edit", "Leave edit", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    MondrianScreen { layout: vertical; }
    MondrianScreen #main { height: 1fr; }
    MondrianScreen #board-area { width: 1fr; height: 100%; }
    MondrianScreen #side { width: 34; height: 100%; padding: 0 1; overflow-y: auto; }
    MondrianScreen.narrow #side { display: none; }
    MondrianScreen.narrow #hand, MondrianScreen.narrow #message { max-height: 2; }
    MondrianScreen #title { text-style: bold; }
    MondrianScreen #clock, MondrianScreen #tray-heading, MondrianScreen #records {
        margin-top: 1;
    }
    MondrianScreen #hand, MondrianScreen #message { height: auto; padding: 0 1; }
    MondrianScreen #message { color: $text-muted; }
    MondrianScreen #message.refused { color: $warning; }
    """

    def __init__(self, clock: Clock, seeds: random.Random, *, store: Store | None = None) -> None:
        """A random easy published challenge to start with, drawn from ``seeds``; ``store``
        keeps the games, every step (none are kept without one)."""
        super().__init__()
        self.clock = clock
        self.seeds = seeds
        self.store = store
        self.draft: Play[Game] | None = None
        """The game in play of the black blocks being edited (None while playing)."""
        self.hand: Hand | None = None
        self.message = ""
        self.refused = False
        self.finish: Finish | None = None
        self.summary = ""
        self.records_text = ""
        self.bests: dict[str, float] = {}
        self.challenge = published_challenge(choose_published(seeds, LEVELS[0]), "random")
        self.play = play_of(new_game(self.challenge.puzzle))
        self.kept: KeptMondrianGame | None = None
        """How the game in play is kept in the store (None without one)."""

    # Layout and drawing

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with BoardArea(id="board-area"):
                yield MondrianBoard(picture(self.game, self.game.black), id="board")
            with Vertical(id="side"):
                yield Static(id="title")
                yield Static(id="clock")
                yield Static(id="tray-heading")
                yield Tray(id="tray")
                yield Static(id="records")
        yield Static(id="hand")
        yield Static(id="message")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._begin(self.challenge)
        self.watch(self.board, "cursor", self._draw, init=False)
        self.set_interval(1.0, self._draw_clock)

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < NARROW, "narrow")

    @property
    def board(self) -> MondrianBoard:
        return self.query_one(MondrianBoard)

    @property
    def game(self) -> Game:
        """The board of the game in play."""
        return self.play.state

    @property
    def working_play(self) -> Play[Game]:
        """The game in play the keys act on: the draft while editing, else the game."""
        return self.draft if self.draft is not None else self.play

    @property
    def working(self) -> Game:
        """The board the keys act on: the draft's while editing, else the game's."""
        return self.working_play.state

    @property
    def editing(self) -> bool:
        return self.draft is not None

    @property
    def in_play(self) -> bool:
        """Whether the game is started and not over: its first block was put down (its clock
        runs) and its board is not full.  Leaving it then is asked first (`confirm_leave`)."""
        return self.play.started is not None and self.finish is None

    def confirm_leave(
        self, then: Callable[[], None], question: str = LEAVE_QUESTION, kept: str = KEPT
    ) -> None:
        """Do ``then``, which leaves the game, asking first when it is in play: ``then`` is
        done only when the player says so, else ``kept`` is said and all stays as it was."""
        if not self.in_play:
            then()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                then()
            else:
                self._say(kept)
                self._draw()

        self.app.push_screen(ConfirmLeave(question), answered)

    def _tray(self) -> tuple[Block, ...]:
        """The blocks the player can take now (black ones while editing)."""
        game = self.working
        return game.black_tray if self.editing else game.tray

    def _keys(self) -> str:
        """The keys that choose a block: ``1-8``, or ``1-3`` for the black ones."""
        game = self.working
        return f"1-{len(game.black_blocks if self.editing else game.coloured_blocks)}"

    def _preview(self) -> Preview | None:
        """The block in hand where it would go, when the cursor is on an empty cell."""
        game = self.working
        if self.hand is None or block_at(game, self.board.cursor) is not None:
            return None
        placement = hand_placement(self.hand, self.board.cursor, game.board)
        fits = why_not(game, placement, black=self.editing) is None
        return Preview(Shown(placement, glyph(game, placement.block)), fits)

    def _draw(self) -> None:
        game = self.working
        self.board.show(picture(game, (*game.black, *game.placed), self._preview()))
        keys = game.black_blocks if self.editing else game.coloured_blocks
        tray = self._tray()
        held = self.hand.block if self.hand else None
        self.query_one(Tray).show(
            tuple(
                TrayEntry(str(n + 1), block, block not in tray, block == held)
                for n, block in enumerate(keys)
            )
        )
        heading = "Black blocks (1-3 or tab)" if self.editing else "Tray (1-8 or tab, r turns)"
        self.query_one("#tray-heading", Static).update(heading)
        challenge = self.challenge
        title = "Editing the black blocks" if self.editing else challenge.title
        self.query_one("#title", Static).update(f"{title}\n{challenge.about}")
        self.query_one("#records", Static).update(self.records_text)
        hand = self._hand_words()
        self.query_one("#hand", Static).update(hand)
        message = self.query_one("#message", Static)
        said = self.summary if self.finish and not self.editing else self.message
        message.update("" if said == hand else said)
        message.set_class(self.refused, "refused")
        self._draw_clock()

    def _draw_clock(self) -> None:
        play = self.play
        if self.finish is not None:
            time = f"Solved in {duration_words(self.finish.seconds)}"
        else:
            time = f"Time {clock_words(play.elapsed(self.clock()))}"
        helped = " (with help)" if play.assisted else ""
        moves = count_words(play.moves, "move")
        self.query_one("#clock", Static).update(f"{time}, {moves}{helped}")

    def _hand_words(self) -> str:
        """What enter would do at the cursor: lift the block there, or put the block in hand
        down (where, or why it cannot go there)."""
        game = self.working
        if self.finish is not None and not self.editing:
            return BOARD_FULL
        cursor = self.board.cursor
        under = block_at(game, cursor)
        if under in game.black and not self.editing:
            under = None  # a black block stays: say what to do, as on an empty cell
        if under is not None:
            try:
                (lift_black if self.editing else lift)(game, cursor)
            except MondrianError as error:
                return sentence(f"{error}.")
            turns = "" if self.editing or under.block.is_square else ", r turns it"
            return f"Enter lifts {block_words(under, black=self.editing)}{turns}."
        if self.hand is None:
            if self.editing and not self._tray():
                return "The black blocks are down: e plays them, escape leaves the challenge."
            return f"Choose a block: {self._keys()} or tab."
        placement = hand_placement(self.hand, cursor, game.board)
        reason = why_not(game, placement, black=self.editing)
        if reason is not None:
            return sentence(reason) + "."
        return f"{sentence(placement_words(placement))}: enter puts it down."

    def _say(self, message: str, refused: bool = False) -> None:
        """Show ``message`` as a sentence (a refusal stands out)."""
        ended = message if message.endswith((".", "!", "...")) else f"{message}."
        self.message, self.refused = sentence(ended), refused

    # Changing the game

    def _begin(self, challenge: Challenge) -> None:
        """Start playing ``challenge``: nothing in hand, the clock waiting for the first block."""
        self.challenge = challenge
        self.play = play_of(new_game(challenge.puzzle))
        self.draft = None
        self.hand = None
        self.finish, self.summary = None, ""
        self.kept = self._kept_game()
        self._read_records()
        self.board.cursor = (0, 0)
        self._say(f"{challenge.title}: fill the board with the coloured blocks (? for help).")
        self._draw()

    def _kept_game(self) -> KeptMondrianGame | None:
        """How the game just begun is kept in the store (None when the app has none): it goes
        there with its first step."""
        if self.store is None:
            return None
        from gridpuzzles.storage.mondrian_play import KeptMondrianGame

        challenge = self.challenge
        facts = facts_of(challenge.puzzle, challenge.difficulty)
        setup = setup_to_json(self.play, challenge.origin, facts)
        return KeptMondrianGame(self.store, setup, self.clock(), OWNER)

    def _log(self, step: Move | Rewind, at: float) -> None:
        """Keep ``step`` of the game, made at ``at``, in the store (said when it fails)."""
        if self.kept is not None:
            self._notify_failure(self.kept.log(step, at))

    def _notify_failure(self, words: str | None) -> None:
        if words is not None:
            self.notify(words, severity="error")

    def _settle_hand(self) -> None:
        """Hold nothing when the block held is no longer in the tray (an undo put it back)."""
        if self.hand is not None and self.hand.block not in self._tray():
            self.hand = None

    def _locked(self) -> bool:
        """Whether the board is full: the game is over until another starts (the line above
        the summary says so)."""
        return self.finish is not None and not self.editing

    def _attempt(self, step: Move | Rewind, at: float) -> Play[Game] | None:
        """The working game in play after ``step`` made at ``at``, or None with the core's
        reason said."""
        try:
            return stepped(self.working_play, step, at)
        except MondrianError as error:
            self._say(str(error), refused=True)
            return None

    def _commit(self, play: Play[Game], message: str, step: Move | Rewind, now: float) -> None:
        """Keep ``play``, after ``step`` made at ``now``, as the working game in play (the step
        of the game in the store too); a full board ends the game."""
        if self.draft is not None:
            self.draft = play
        else:
            self.play = play
        self._say(message)
        self._settle_hand()
        if self.editing:
            return
        if play.state.solved:
            self._finish(step, now)
        else:
            self._log(step, now)

    def _finish(self, step: Move | Rewind, now: float) -> None:
        """The board is full after ``step``, made at ``now``: say how long it took, and keep
        the step with the game's finish."""
        finish = finish_of(
            self.play, challenge_key(self.challenge.puzzle), self.challenge.difficulty
        )
        assert finish is not None  # (the board is full)
        self.finish = finish
        self.hand = None
        self.summary = " ".join(solved_sentences(finish, self._keep(finish, step, now)))

    def _keep(self, finish: Finish, step: Move | Rewind, now: float) -> tuple[str, ...]:
        """Keep the step that solved the game, made at ``now``, and ``finish`` in the records
        with it; what the game is a new best time of."""
        if self.kept is None:
            return ()
        bests, failure = self.kept.solve(step, now, finish)
        self._notify_failure(failure)
        self._read_records()
        return bests or ()

    def _read_records(self) -> None:
        """The best times of this challenge and of its difficulty, from the store."""
        if self.store is None:
            self.records_text = "Best times: none kept (no database in this session)."
            return
        try:
            by_challenge, by_difficulty = self.store.mondrian_records()
        except sqlite3.Error as error:
            self.records_text = f"Cannot read the best times: {error}"
            return
        self.bests = {r.key: r.best for r in by_challenge if r.best is not None}
        key, level = challenge_key(self.challenge.puzzle), self.challenge.difficulty

        def best(records: list[Record], name: str) -> str:
            record = next((r for r in records if r.key == name), None)
            if record is None or record.best is None:
                return "none yet"
            return f"{duration_words(record.best)} ({count_words(record.solved, 'game')})"

        self.records_text = (
            f"Best times\n this challenge: {best(by_challenge, key)}\n"
            f" {level}: {best(by_difficulty, level)}"
        )

    # Keys and clicks

    def action_move(self, drow: int, dcol: int) -> None:
        self.board.move(drow, dcol)

    def action_choose(self, number: int) -> None:
        """Take the ``number``-th block (from 0) in hand; one on the board is shown."""
        if self._locked():
            return
        game = self.working
        blocks = game.black_blocks if self.editing else game.coloured_blocks
        if number >= len(blocks):
            self._say(f"the keys 1 to {len(blocks)} choose a block", refused=True)
        elif blocks[number] in self._tray():
            self.hand = Hand(blocks[number])
            self._say(f"In hand: the {blocks[number]} block.")
        else:
            on_board = game.black if self.editing else game.placed
            there = next(p for p in reversed(on_board) if p.block == blocks[number])
            self.board.cursor = (there.row, there.col)
            self._say(f"the {there.block} block is on the board: enter lifts it")
        self._draw()

    def action_cycle(self, step: int) -> None:
        """Take the next (or previous) block of the tray in hand."""
        if self._locked():
            return
        tray = self._tray()
        if tray:
            now = tray.index(self.hand.block) if self.hand and self.hand.block in tray else -step
            self.hand = Hand(tray[(now + step) % len(tray)])
            self._say(f"In hand: the {self.hand.block} block.")
        self._draw()

    def action_turn(self) -> None:
        """Turn the block in hand, else the block under the cursor."""
        self._turn(self.board.cursor, pointed=self.hand is None)

    def _turn(self, cell: Cell, pointed: bool) -> None:
        """Turn the block at ``cell`` when ``pointed`` at and there is one, else the block in
        hand."""
        if self._locked():
            return
        if pointed and not self.editing and block_at(self.game, cell) is not None:
            step = Move(Action.TURN, cell=cell)
            now = self.clock()
            play = self._attempt(step, now)
            if play is not None:
                turned_block = play.state.placed[-1]
                self._commit(play, f"Turned: {placement_words(turned_block)}.", step, now)
        elif self.hand is not None:
            self.hand = self.hand.turned()
            self._say(f"In hand: the {self.hand.block} block, turned.")
        self._draw()

    def action_put(self) -> None:
        """Put the block in hand down at the cursor, or lift the block there."""
        self._put(self.board.cursor)

    def _put(self, cell: Cell) -> None:
        if self._locked():
            return
        under = block_at(self.working, cell)
        black = self.editing
        if under is not None:
            step = Move(Action.LIFT, black, cell=cell)
            now = self.clock()
            play = self._attempt(step, now)
            if play is not None:
                self._commit(play, f"Lifted {block_words(under, black)}.", step, now)
                grip = (cell[0] - under.row, cell[1] - under.col)
                self.hand = Hand(under.block, under.orientation, grip)
        elif self.hand is None:
            self._say(f"choose a block first: {self._keys()} or tab", refused=True)
        else:
            placement = hand_placement(self.hand, cell, self.working.board)
            placing = Move(Action.PLACE, black, placement=placement)
            now = self.clock()
            play = self._attempt(placing, now)
            if play is not None:
                self.hand = None
                self._commit(play, f"Put down {placement_words(placement)}.", placing, now)
        self._draw()

    @on(MondrianBoard.CellClicked)
    def _clicked(self, event: MondrianBoard.CellClicked) -> None:
        if event.button == 3:
            self._turn(event.cell, pointed=True)
        elif event.button == 1:
            self._put(event.cell)

    @on(Tray.Chosen)
    def _tray_clicked(self, event: Tray.Chosen) -> None:
        self.action_choose(event.index)

    def action_undo(self) -> None:
        if not self._locked():
            self._step(Rewind.UNDO, "Took back the last change (y makes it again).")

    def action_redo(self) -> None:
        if not self._locked():
            self._step(Rewind.REDO, "Made the change again.")

    def _step(self, rewind: Rewind, message: str) -> None:
        now = self.clock()
        play = self._attempt(rewind, now)
        if play is not None:
            self._commit(play, message, rewind, now)
        self._draw()

    def action_hint(self) -> None:
        """Put one correct block down, or say which blocks to lift; the game is helped."""
        if self._play_only() or self._locked():
            return
        try:
            given = hint(self.game)
            step = hint_step(given)
            now = self.clock()
            play = stepped(self.play, step, now)
        except MondrianError as error:
            self._say(f"No hint: {error}", refused=True)
            self._draw()
            return
        if given.place is not None:
            self.board.cursor = (given.place.row, given.place.col)
        self._commit(play, f"Hint: {given.text}", step, now)
        self._draw()

    def action_solutions(self) -> None:
        """Show the challenge's solutions; the game is helped."""
        if self._play_only():
            return
        try:
            revealed = reveal_solutions(self.game, SOLUTIONS_SHOWN)
        except MondrianError as error:
            self._say(f"No solutions shown: {error}", refused=True)
            self._draw()
            return
        if self.finish is None:  # a solved game stays as it ended
            helped, now = Move(Action.HELP), self.clock()
            self.play = stepped(self.play, helped, now)
            self._log(helped, now)
        pictures = tuple(picture(self.game, solution) for solution in revealed.solutions)
        self.app.push_screen(SolutionsScreen(pictures, revealed.count))
        self._draw()

    def _play_only(self) -> bool:
        """Whether the black blocks are being edited (no help then); says so."""
        if self.editing:
            self._say(
                "finish editing first: e plays the black blocks, escape leaves them", refused=True
            )
            self._draw()
        return self.editing

    def action_new(self) -> None:
        """Open the challenge menu."""
        menu = ChallengeMenu(self.challenge.entry, self.challenge.difficulty, self.bests)
        self.app.push_screen(menu, self._picked)

    def _picked(self, pick: Pick | None) -> None:
        if pick is None:
            return
        if pick.kind == "own":  # the game stays until the new black blocks are played
            self._edit(custom_game())
        else:
            self.confirm_leave(partial(self._take, pick))

    def _take(self, pick: Pick) -> None:
        """Start the challenge ``pick`` names (the game in play is left)."""
        if pick.kind == "published" and pick.entry is not None:
            self._begin(published_challenge(pick.entry))
        elif pick.kind == "random":
            entry = choose_published(self.seeds, pick.level, pick.edition)
            self._begin(published_challenge(entry, "random"))
        elif pick.kind == "generated":
            self._generate(pick.level)

    def _generate(self, level: str) -> None:
        """Generate a challenge of ``level`` in a thread; it starts when it is ready."""
        rng = random.Random(self.seeds.randrange(2**63))
        self._say(f"Generating a challenge of level {level} with exactly one solution...")
        self._draw()
        self.run_worker(
            partial(generate_challenge, rng, level=level),
            group="generate",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    @on(Worker.StateChanged)
    def _generated(self, event: Worker.StateChanged) -> None:
        worker: Worker[object] = event.worker
        if worker.group != "generate":
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, GeneratedChallenge):
            made = worker.result
            self._begin(own_challenge(made.puzzle, "Generated", made.difficulty.level, "generated"))
        elif event.state is WorkerState.ERROR:
            self._say(f"no challenge generated: {worker.error}", refused=True)
            self._draw()

    def action_edit(self) -> None:
        """Start editing the black blocks, or play the ones edited."""
        if self.draft is None:
            self._edit(new_game(self.challenge.puzzle))
            return
        try:
            puzzle = puzzle_of(self.draft.state)
        except MondrianError as error:
            self._say(str(error), refused=True)
            self._draw()
            return
        if set(puzzle.fixed) == set(self.challenge.puzzle.fixed):
            self.action_leave_edit()
        elif first_solution(puzzle) is None:
            self._say(
                "these black blocks leave no way to fill the board: move one (escape "
                "leaves the challenge as it was)",
                refused=True,
            )
            self._draw()
        else:
            chosen = own_challenge(puzzle, "Your challenge", difficulty_of(puzzle))
            kept = "The game in play is kept: e plays the new black blocks, escape goes back."
            self.confirm_leave(partial(self._begin, chosen), kept=kept)

    def _edit(self, draft: Game) -> None:
        self.draft = play_of(draft)
        self.hand = None
        self._say(EDITING)
        self._draw()

    def action_leave_edit(self) -> None:
        """Leave the edit mode: the challenge is as it was."""
        if self.draft is None:
            return
        self.draft = None
        self.hand = None
        self._say("The challenge is as it was.")
        self._draw()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))
