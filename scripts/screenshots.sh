#!/usr/bin/env bash
# Refresh the README's screenshots of the web pages: run the browser tests (which save their
# screenshots in the ignored test-artifacts/) and copy the two the README shows into docs/;
# then the full-screen app's (scripts/tui_screenshot.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
.venv/bin/pytest tests/web/test_browser.py
cp test-artifacts/minesweeper-expert.png docs/minesweeper.png
cp test-artifacts/mondrian-challenge.png docs/mondrian.png
echo "docs/minesweeper.png and docs/mondrian.png refreshed: review and commit them"
.venv/bin/python scripts/tui_screenshot.py
