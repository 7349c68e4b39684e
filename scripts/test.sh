#!/usr/bin/env bash
# Set up everything the tests need on a fresh machine, then run lint, type checks and all tests.
# With --fast (the loop of a change): the package set up, lint, type checks and the layers,
# then every test but those marked browser, postgres, terminal, install or slow (about two
# minutes on two cores); CI runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."

fast=false
if [ "${1:-}" = "--fast" ]; then
    fast=true
    shift
fi

if ! $fast; then
    need_apt=()
    command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
    command -v npm >/dev/null 2>&1 || need_apt+=(npm)
    command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
    # A real PostgreSQL server for the store's tests (started by the tests, as the user postgres).
    compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null || need_apt+=(postgresql)
    if [ ${#need_apt[@]} -gt 0 ]; then
        apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
    fi
fi

# Python keeps each module it compiles (__pycache__, ignored by git) unless told not to; a
# machine that sets PYTHONDONTWRITEBYTECODE would make every one of the hundreds of processes
# the tests start (the commands, servers, workers) compile every module from source again:
# about a second more each.
unset PYTHONDONTWRITEBYTECODE

bash scripts/setup.sh --test
. .venv/bin/activate

echo "== ruff"; ruff check src tests benchmarks
ruff format --check src tests benchmarks
echo "== mypy"; mypy
echo "== import-linter"; lint-imports --no-cache
if $fast; then
    echo "== pytest (fast)"
    exec pytest -n 2 -m "not (browser or postgres or terminal or install or slow)" "$@"
fi
echo "== vulture"; vulture  # its settings: [tool.vulture] in pyproject.toml
# The pages' JavaScript: Biome (its version pinned in package-lock.json) lints it and checks its
# format; a warning fails too. npm ci installs exactly the locked tools into node_modules/.
echo "== javascript"
npm ci --silent --no-audit --no-fund
npx --no-install biome ci --colors=off --error-on-warnings src/gridpuzzles/web/static
# The documentation site (mkdocs.yml, docs/): every page, link and anchor must resolve
# (--strict); built into a temporary folder, so no site/ is left in the checkout.
echo "== docs"; NO_MKDOCS_2_WARNING=1 mkdocs build --strict --quiet --site-dir "$(mktemp -d)"
# Four test processes (pytest-xdist) on a 2-core machine: the tests wait on real parts (a
# browser, servers, terminals) as much as they compute, so the cores are busy only about half
# the time with two (pytest: 600 s with 2 processes, 548 s with 3, 451 s with 4).
echo "== pytest"; pytest -n 4 "$@"
