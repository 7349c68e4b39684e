"""How the tests and the benchmarks launch Debian's chromium through Playwright (not part of
the package)."""

from __future__ import annotations

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Headless, without the sandbox (a container may not allow it), the GPU or the browser's own
background traffic: a page drawn as the tests and the benchmarks measure it."""
