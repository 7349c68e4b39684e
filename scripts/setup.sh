#!/usr/bin/env bash
# Create .venv and install gridpuzzles into it (with --test: also the test tools).
set -euo pipefail
cd "$(dirname "$0")/.."
extra=""
[ "${1:-}" = "--test" ] && extra="[test]"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
if ! .venv/bin/python -m uv --version >/dev/null 2>&1; then
    .venv/bin/python -m pip install -q uv
fi
.venv/bin/python -m uv pip install -q --python .venv/bin/python -e ".${extra}"
