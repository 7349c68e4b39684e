#!/usr/bin/env bash
# Refresh the README's screenshots of the web pages: run the browser tests (which save their
# screenshots in the ignored test-artifacts/) and copy the two the README shows into docs/,
# with the Mondrian snapshot of the full-screen app (its test checks it first); then the
# full-screen app's Minesweeper picture (scripts/tui_screenshot.py) and the watch page's two
# pictures (scripts/watch_pictures.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
.venv/bin/pytest tests/web/minesweeper/test_browser.py tests/web/mondrian/test_mondrian_browser.py
cp test-artifacts/minesweeper-expert.png docs/minesweeper.png
cp test-artifacts/mondrian-play.png docs/mondrian-play.png
.venv/bin/pytest tests/tui/mondrian/test_mondrian_snapshots.py   # the TUI's picture is a reviewed snapshot
cp tests/tui/__snapshots__/test_mondrian_snapshots/test_a_game_in_progress_with_a_block_that_fits.svg docs/tui-mondrian.svg
echo "docs/minesweeper.png, docs/mondrian-play.png and docs/tui-mondrian.svg refreshed: review and commit them"
.venv/bin/python scripts/tui_screenshot.py
.venv/bin/python scripts/watch_pictures.py
