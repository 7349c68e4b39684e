"""Refresh docs/watch-minesweeper.png and docs/watch-mondrian.png, the pictures of the watch
page in docs/watching.md.

Starts `gridpuzzles serve` on a temporary SQLite file and plays through the API, a moment
between moves, the games benchmarks/watch_step.py plays: an expert Minesweeper game won by
Play Move from seed 1 on, with one needless guess of a person's after 120 moves, and the
published Mondrian challenge 001040531 solved, one block put down in a wrong place and lifted
halfway. Then it opens each game's ``/watch/{id}`` in Debian's headless chromium (Playwright,
a 1280x800 screen), goes to the first fault of the solver's review (halfway, where the review
names none) and saves the part of the page with the title, the board, the step and the
review, with the review shown.

    .venv/bin/python scripts/watch_pictures.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from benchmarks.server import ServerProcess  # noqa: E402
from benchmarks.watch_step import (  # noqa: E402
    Api,
    Watched,
    chromium,
    minesweeper_game,
    mondrian_game,
    opened,
)
from playwright.sync_api import Browser, Page  # noqa: E402

DOCS = ROOT / "docs"
FAULT_AFTER = 120
"""The moves played before the needless guess of the Minesweeper game."""
MINES_PAUSE = 0.15
MONDRIAN_PAUSE = 1.5
"""Seconds between two moves of each game (Play Move is quicker than a person)."""


def picture(page: Page, path: Path) -> None:
    """Save the title, the board and the steps beside it (the page's ``.watch``), with a
    margin."""
    title, watch = page.locator("#title").bounding_box(), page.locator(".watch").bounding_box()
    assert title is not None and watch is not None
    margin = 8
    left = max(0, min(title["x"], watch["x"]) - margin)
    top = max(0, title["y"] - margin)
    right = max(title["x"] + title["width"], watch["x"] + watch["width"]) + margin
    bottom = watch["y"] + watch["height"] + margin
    page.screenshot(
        path=path, clip={"x": left, "y": top, "width": right - left, "height": bottom - top}
    )


def taken(browser: Browser, url: str, game: Watched, path: Path) -> Path:
    """The picture of ``game`` at the first fault of its review (a Mondrian dead end), or
    halfway through its steps where the review names none."""
    page = opened(browser, url, game)
    faults = page.locator("#review-faults button")
    if faults.count():
        faults.first.click()
        page.wait_for_selector("#verdict.fault")
    else:
        for _ in range(game.steps // 2):
            page.keyboard.press("ArrowRight")
        shown = "step => document.getElementById('seek').value === String(step)"
        page.wait_for_function(shown, arg=game.steps // 2)
    page.mouse.move(0, 0)  # no hover, no tooltip
    page.evaluate("() => document.activeElement.blur()")  # no focus ring
    picture(page, path)
    page.context.close()
    return path


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "games.db")
        url = server.start()
        try:
            api = Api(url)
            mines = minesweeper_game(api, "expert", 1, FAULT_AFTER, pause=MINES_PAUSE)
            blocks = mondrian_game(api, pause=MONDRIAN_PAUSE)
            with chromium() as browser:
                paths = [
                    taken(browser, url, mines, DOCS / "watch-minesweeper.png"),
                    taken(browser, url, blocks, DOCS / "watch-mondrian.png"),
                ]
        finally:
            server.stop()
    for path in paths:
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KiB")
    print("refreshed: look at them, then commit them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
