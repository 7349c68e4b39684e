"""Refresh docs/tui-minesweeper.png, the README's picture of the full-screen app.

Plays a seeded expert game headless in a 100x30 terminal (an opening, then the probability
overlay, the cursor on a cell at 78% risk), saves Textual's SVG screenshot in the ignored
test-artifacts/ and draws it into a 1300x800 PNG with Debian's headless chromium.

    .venv/bin/python scripts/tui_screenshot.py
"""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import sys
from pathlib import Path

from gridpuzzles.minesweeper import level
from gridpuzzles.tui.app import GridPuzzlesApp

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from benchmarks.chromium import CHROMIUM_ARGS  # noqa: E402

KEYS = [*["down"] * 8, *["right"] * 15, "space", "o", *["right"] * 4]
CHROMIUM_FLAGS = [*CHROMIUM_ARGS, "--hide-scrollbars"]
"""The browser as the tests launch it, without scrollbars on the picture."""


async def screenshot() -> str:
    """The SVG of the app after `KEYS`."""
    app = GridPuzzlesApp(level("expert"), 3, clock=lambda: 0.0, seeds=random.Random(0))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*KEYS)
        await pilot.pause()
        return app.export_screenshot()


def main() -> int:
    chromium = shutil.which("chromium")
    if chromium is None:
        print("tui_screenshot: error: chromium is not installed", file=sys.stderr)
        return 2
    svg = ROOT / "test-artifacts" / "tui-minesweeper.svg"
    svg.parent.mkdir(exist_ok=True)
    svg.write_text(asyncio.run(screenshot()), encoding="utf-8")
    png = ROOT / "docs" / "tui-minesweeper.png"
    subprocess.run(
        [chromium, *CHROMIUM_FLAGS, f"--screenshot={png}", "--window-size=1300,800", svg.as_uri()],
        check=True,
        capture_output=True,
    )
    print(f"{png.relative_to(ROOT)} refreshed from {svg.relative_to(ROOT)}: review and commit it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
