"""The dialogs of the Mondrian Blocks screen: the challenge menu, the solutions and the help."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gridpuzzles.mondrian.core.challenges import EDITIONS, LEVELS, published
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.core.records import duration_words
from gridpuzzles.tui.mondrian.board import MondrianBoard, Picture

HELP = """\
[b]Mondrian Blocks[/b]: fill the board with the eight coloured blocks

  1-8, tab        choose a block from the tray (or click it)
  r               turn the block in hand, or else the one under it
  right click     turn the block clicked, or else the one in hand
  arrows, hjkl    move it (the mouse too)
  enter, space    put it down; on a block: lift it (a click too)
  u, y            undo, redo (ctrl+z, ctrl+y too)
  i, H            hint: one correct block (then no record)
  s               show the solutions (then no record)
  n               new challenge: published, generated, your own
  e               edit the black blocks; e again plays them,
                  escape leaves the challenge as it was
  F2, F3          Minesweeper, Mondrian Blocks
  q               quit (n, e, q: asked first in a game)
  escape, ?, q    close this help
"""
"""The keys, in lines short enough for an 80-column terminal."""

ANY_EDITION = "any"


@dataclass(frozen=True)
class Pick:
    """What the challenge menu asks for: a published challenge (``entry``), a random
    published one of ``level`` (and ``edition``), a generated one of ``level``, or the
    player's own black blocks."""

    kind: Literal["published", "random", "generated", "own"]
    level: str = LEVELS[0]
    edition: str | None = None
    entry: OfficialChallenge | None = None


def entry_number(entry: OfficialChallenge) -> int:
    """The challenge's number in its edition and level, from 1, in book order."""
    return published(entry.level, entry.edition).index(entry) + 1


class ChallengeMenu(ModalScreen[Pick | None]):
    """Choose the next challenge: from the published list of an edition and a level (enter
    or space plays the highlighted one), at random of a level, generated, or your own."""

    BINDINGS = [
        Binding("escape,q", "cancel", "Cancel"),
        Binding("space", "play", "Play it", show=False),
        Binding("r", "pick('random')", "Random"),
        Binding("g", "pick('generated')", "Generate"),
        Binding("m", "pick('own')", "Your own"),
    ]
    DEFAULT_CSS = """
    ChallengeMenu { align: center middle; }
    ChallengeMenu > Vertical { width: 66; max-width: 100%; height: 90%; padding: 0 1;
                               border: round $accent; background: $panel; }
    ChallengeMenu #filters { height: 1; margin-bottom: 1; }
    ChallengeMenu #filters Label { padding: 0 1 0 0; }
    ChallengeMenu #edition, ChallengeMenu #level { width: 16; margin-right: 2; }
    ChallengeMenu OptionList { height: 1fr; }
    ChallengeMenu #keys { height: auto; color: $text-muted; }
    ChallengeMenu #buttons { height: auto; }
    ChallengeMenu Button { width: auto; min-width: 10; margin-right: 1; }
    """

    def __init__(
        self,
        current: OfficialChallenge | None,
        level: str,
        bests: Mapping[str, float] | None = None,
    ) -> None:
        """The list shows the edition and level of the ``current`` challenge, highlighted,
        else every edition's challenges of ``level``; ``bests`` are the best times of the
        challenges solved, by code."""
        super().__init__()
        self.current = current
        self.edition = current.edition.lower() if current else None
        self.level = current.level.lower() if current else level
        self.bests = dict(bests or {})
        self.shown: tuple[OfficialChallenge, ...] = ()

    def compose(self) -> ComposeResult:
        editions = [(edition, edition) for edition in (ANY_EDITION, *EDITIONS)]
        with Vertical():
            yield Static("[b]New challenge[/b]")
            with Horizontal(id="filters"):
                yield Label("Edition")
                yield Select(
                    editions,
                    value=self.edition or ANY_EDITION,
                    allow_blank=False,
                    id="edition",
                    compact=True,
                )
                yield Label("Level")
                yield Select(
                    [(level, level) for level in LEVELS],
                    value=self.level,
                    allow_blank=False,
                    id="level",
                    compact=True,
                )
            yield OptionList(id="list")
            yield Static(
                "enter, space: play the highlighted one    escape: cancel\n"
                "r: random of the level   g: generated of the level   m: your own",
                id="keys",
            )
            with Horizontal(id="buttons"):
                yield Button("Random", id="random", compact=True)
                yield Button("Generate", id="generated", compact=True)
                yield Button("Your own", id="own", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self._fill()
        self.query_one(OptionList).focus()

    def _fill(self) -> None:
        """List the challenges of the chosen edition and level."""
        self.shown = published(self.level, self.edition)
        options = self.query_one(OptionList)
        options.set_options(Option(self._label(entry), id=entry.code) for entry in self.shown)
        codes = [entry.code for entry in self.shown]
        current = self.current.code if self.current else None
        options.highlighted = codes.index(current) if current in codes else 0 if codes else None

    def _label(self, entry: OfficialChallenge) -> str:
        best = self.bests.get(entry.code)
        solved = f"  best {duration_words(best)}" if best is not None else ""
        return f"{entry.edition:<7}{entry.level.lower():<7}{entry_number(entry):>3}  {entry.code}{solved}"

    @on(Select.Changed)
    def _filter(self, event: Select.Changed) -> None:
        value = str(event.value)
        if event.select.id == "edition":
            self.edition = None if value == ANY_EDITION else value
        else:
            self.level = value
        self._fill()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(Pick("published", self.level, self.edition, self.shown[event.option_index]))

    def action_play(self) -> None:
        """Play the highlighted challenge (space, as enter does)."""
        self.query_one(OptionList).action_select()

    def action_pick(self, kind: Literal["random", "generated", "own"]) -> None:
        self.dismiss(Pick(kind, self.level, self.edition))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        kinds: dict[str | None, Literal["random", "generated", "own"]] = {
            "random": "random",
            "generated": "generated",
            "own": "own",
        }
        kind = kinds.get(event.button.id)
        if kind is None:
            self.dismiss(None)
        else:
            self.action_pick(kind)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SolutionsScreen(ModalScreen[None]):
    """The challenge's solutions, one at a time (n and p browse)."""

    BINDINGS = [
        Binding("n,right,pagedown", "browse(1)", "Next"),
        Binding("p,left,pageup", "browse(-1)", "Previous"),
        Binding("escape,q,s", "dismiss", "Close"),
    ]
    DEFAULT_CSS = """
    SolutionsScreen { align: center middle; }
    SolutionsScreen > Vertical { width: 90%; height: 90%; border: round $accent;
                                 background: $panel; }
    SolutionsScreen #caption { height: auto; padding: 0 1; }
    SolutionsScreen ScrollableContainer { height: 1fr; align: center middle; }
    """

    def __init__(self, pictures: tuple[Picture, ...], count: int) -> None:
        """``pictures`` of the first solutions, of ``count`` in all."""
        super().__init__()
        self.pictures = pictures
        self.count = count
        self.shown = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="caption")
            with ScrollableContainer(id="solution-area"):
                if self.pictures:
                    yield MondrianBoard(self.pictures[0], id="solution", cursor=False)

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        for board in self.query(MondrianBoard):
            board.fit(self.query_one("#solution-area").size)

    def action_browse(self, step: int) -> None:
        if self.pictures:
            self.shown = (self.shown + step) % len(self.pictures)
            self._draw()

    def _draw(self) -> None:
        caption = self.query_one("#caption", Static)
        if not self.pictures:
            caption.update("These black blocks leave no way to fill the board. (escape closes)")
            return
        self.query_one(MondrianBoard).show(self.pictures[self.shown])
        more = (
            f" (the first {len(self.pictures)} are shown)"
            if self.count > len(self.pictures)
            else ""
        )
        caption.update(
            f"Solution {self.shown + 1} of {self.count}{more}: n and p browse, escape closes. "
            "Having seen them, this game sets no record."
        )
